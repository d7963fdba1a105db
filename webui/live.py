"""The seam between the web page and the running assistant (`riichi_table.assistant.Assistant`).

`start_assistant` builds and starts it; when the pipeline is missing or fails, the page says so in its health
line (never a stand-in picture). `LiveTable` is what the views talk to: it guards every call into the
assistant, and one thread forwards the assistant's state changes to the SSE hub (one producer for any number
of viewers).
"""

from __future__ import annotations

import logging
import queue
import threading
import time
from collections.abc import Callable
from typing import Any, Protocol

from riichi_table.webui.hub import Hub

log = logging.getLogger(__name__)


class AssistantLike(Protocol):
    def start(self) -> None: ...
    def stop(self) -> None: ...
    def latest_jpeg(self) -> bytes | None: ...
    def state(self) -> dict[str, Any]: ...
    def subscribe(self) -> queue.Queue[Any]: ...
    def submit(self, event: dict[str, Any]) -> Any: ...


def start_assistant(
    source: str, rules: str | dict[str, Any], device_port: str | None
) -> tuple[AssistantLike | None, str | None]:
    """Build and start the live pipeline; returns (assistant, None) or (None, why it is unavailable)."""
    try:
        from riichi_table.assistant import Assistant, AssistantError
    except ImportError as exc:
        return None, f"live pipeline not installed ({exc})"
    try:
        assistant = Assistant(source, rules=rules, device_port=device_port)
        assistant.start()
    except AssistantError as exc:  # a clear, expected reason (a missing clip, a camera that is not there)
        return None, f"live pipeline failed to start: {exc}"
    except Exception as exc:  # any other failure of the pipeline is shown on the page, not raised
        log.exception("live pipeline failed to start")
        return None, f"live pipeline failed to start: {type(exc).__name__}: {exc}"
    return assistant, None


class LiveTable:
    """Guarded access to the assistant (or the reason there is none)."""

    FORWARD_MAX_HZ = 10.0

    def __init__(self, assistant: AssistantLike | None, error: str | None, hub: Hub) -> None:
        self._hub = hub
        self.listeners: list[Callable[[dict[str, Any]], None]] = []  # called with each forwarded state
        self._lock = threading.Lock()
        self.assistant: AssistantLike | None = None
        self.error: str | None = None
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self._attach(assistant, error)

    def _attach(self, assistant: AssistantLike | None, error: str | None) -> None:
        self.assistant = assistant
        self.error = error if assistant is None else None
        self._stop = threading.Event()
        self._thread = None
        if assistant is not None:
            self._thread = threading.Thread(
                target=self._forward, args=(assistant, self._stop), name="live-forward", daemon=True
            )
            self._thread.start()

    def replace(self, assistant: AssistantLike | None, error: str | None) -> None:
        """Stop the running pipeline and take over a new one (a new camera source from the Settings page)."""
        with self._lock:
            self.stop()
            if self._thread is not None:
                self._thread.join(timeout=2)
            self._attach(assistant, error)
        self._hub.publish("table", self.state())

    @property
    def available(self) -> bool:
        return self.assistant is not None and self.error is None

    def unavailable_state(self) -> dict[str, Any]:
        return {
            "available": False,
            "error": self.error or "no live pipeline",
            "seats": [],
            "health": {
                "pipeline": self.error or "unavailable",
                "camera": None,
                "model": None,
                "device": None,
            },
        }

    def state(self) -> dict[str, Any]:
        if self.assistant is None:
            return self.unavailable_state()
        try:
            state = dict(self.assistant.state())
        except Exception as exc:  # shown in the health line
            log.exception("assistant.state() failed")
            self.error = f"live pipeline error: {type(exc).__name__}: {exc}"
            return self.unavailable_state()
        self.error = None
        state["available"] = True
        state["device_leds"] = self.device_leds()
        return state

    def device_leds(self) -> dict[str, Any] | None:
        """The LED unit emulator's state (`device.emulator.Emulator.snapshot()`) when the pipeline drives one.

        Read through the assistant's optional `device_leds()`; None when there is no emulator.
        """
        hook = getattr(self.assistant, "device_leds", None)
        if hook is None:
            return None
        try:
            leds = hook()
        except Exception:  # the LED panel is a view; a failing unit shows in the health line instead
            log.exception("assistant.device_leds() failed")
            return None
        return dict(leds) if leds else None

    def latest_jpeg(self) -> bytes | None:
        if self.assistant is None:
            return None
        try:
            return self.assistant.latest_jpeg()
        except Exception:  # the stream just shows no new frame; state() reports the error
            log.exception("assistant.latest_jpeg() failed")
            return None

    def latest_frame(self) -> Any:
        """The newest camera frame without overlays (BGR) if the assistant offers one, else None."""
        hook = getattr(self.assistant, "latest_frame", None)
        if hook is None:
            return None
        try:
            return hook()
        except Exception:  # fall back to the overlaid JPEG
            log.exception("assistant.latest_frame() failed")
            return None

    def submit(self, event: dict[str, Any]) -> str | None:
        """Pass a person's answer to the pipeline; returns an error message or None."""
        if self.assistant is None:
            return self.error or "no live pipeline"
        assistant = self.assistant
        return _answered(lambda: assistant.submit(event))

    def answer_order(self, question: str, answer: int) -> str | None:
        """A person's answer to an order question (the assistant's `answer_order`); error message or None."""
        if self.assistant is None:
            return self.error or "no live pipeline"
        method = getattr(self.assistant, "answer_order", None)
        if method is None:
            return "this live pipeline asks no questions on the order of discards"
        return _answered(lambda: method(question, answer))

    def calibrate(self, corners: list[list[float]] | None) -> str | None:
        """Set the table's corners (four [x, y] in camera pixels) or None for ArUco; error message or None."""
        if self.assistant is None:
            return self.error or "no live pipeline"
        method = getattr(self.assistant, "calibrate", None)
        if method is None:
            return "this live pipeline does not offer calibration from the page"
        try:
            method(corners)
        except Exception as exc:  # reported on the page
            return f"{type(exc).__name__}: {exc}"
        return None

    def use_profile(self, folder: Any = None) -> tuple[bool, str]:
        """Make the running pipeline name tiles with the tile-set profile now chosen in `folder`, at once
        (no restart). Returns (done, a line for the page): not done when no pipeline runs, when it offers no
        switch, or when the profile cannot be read (the pipeline then keeps what it had)."""
        if self.assistant is None:
            return False, "the live table is not running; it reads with the chosen profile when it starts"
        method = getattr(self.assistant, "use_profile", None)
        if method is None:
            return False, "this live pipeline cannot switch profiles while it runs: restart it from Settings"
        try:
            line = str(method(folder))
        except Exception as exc:  # reported on the page; the pipeline keeps its namer
            log.exception("switching the live table's profile failed")
            return False, f"the live table kept its namer: {type(exc).__name__}: {exc}"
        self._hub.publish("table", self.state())
        return True, line

    def _forward(self, assistant: AssistantLike, stop: threading.Event) -> None:
        try:
            changes = assistant.subscribe()
        except Exception as exc:  # the page shows it
            self.error = f"live pipeline error: {exc}"
            return
        gap = 1.0 / self.FORWARD_MAX_HZ
        last = 0.0
        while not stop.is_set():
            try:
                changes.get(timeout=0.5)
            except queue.Empty:
                continue
            # Drain what piled up: every message is superseded by the state we are about to send.
            while True:
                try:
                    changes.get_nowait()
                except queue.Empty:
                    break
            wait = last + gap - time.monotonic()
            if wait > 0:
                time.sleep(wait)
            last = time.monotonic()
            state = self.state()
            self._hub.publish("table", state)
            for listener in self.listeners:
                listener(state)

    def stop(self) -> None:
        self._stop.set()
        if self.assistant is not None:
            try:
                self.assistant.stop()
            except Exception:  # stopping is best effort at shutdown
                log.exception("assistant.stop() failed")


def _answered(call: Callable[[], Any]) -> str | None:
    """Pass a person's answer on: None when the pipeline took it, else what went wrong, for that person."""
    try:
        result = call()
    except Exception as exc:  # reported to the person who answered
        return f"{type(exc).__name__}: {exc}"
    if isinstance(result, dict) and not result.get("ok", True):
        return str(result.get("error") or "the pipeline refused the answer")
    return None

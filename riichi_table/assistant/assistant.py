"""The running assistant: source -> calibration -> tile reading -> tracking -> engine -> device.

`Assistant` is what `riichi-table serve` constructs. It runs the live
pipeline in one background thread; the web layer only reads from it (`latest_jpeg`, `state`, `subscribe`)
and hands it a person's answers (`submit`). Each subscriber has its own bounded queue: a slow client loses
its oldest updates and never blocks the producer.

The frame-to-events work is `riichi_table.assistant.session.LiveSession`'s; the same class runs
`riichi-table replay`. Besides that surface the Assistant offers the Table page's hooks (`webui.live`):
`calibrate(corners | None)`, `latest_frame()` (the raw frame for the hand check) and `device_leds()` (the LED
unit emulator's snapshot when the device port is `emu://`).
"""

from __future__ import annotations

import contextlib
import queue
import threading
import time
from pathlib import Path
from typing import Any

import cv2

from riichi_table.assistant.errors import AssistantError
from riichi_table.assistant.session import DEMO_DIR, LiveSession

__all__ = ["DEMO_CLIP", "QUEUE_SIZE", "Assistant"]

DEMO_CLIP = DEMO_DIR / "clip.mp4"
QUEUE_SIZE = 64


class Assistant:
    """The live table assistant over one source.

    source: "demo" (the built-in clip, looped), a camera index ("0"), a video file, a folder of frames or an
    rtsp/http URL. rules: a preset name or overrides (engine.rules.resolve_rules). device_port: the LED/buzzer
    unit's port or URL (device.driver.Driver), or None for no unit. realtime: pace files at their frame rate.
    namer: how tiles are named, "templates", "onnx" or "both" (vision.live_namer; docs/live.md has figures);
    None: the default (the ONNX classifier, or the templates when its file is missing).
    """

    def __init__(
        self,
        source: str,
        rules: str | dict[str, Any] = "wrc",
        device_port: str | None = None,
        *,
        realtime: bool = True,
        namer: str | None = None,
    ) -> None:
        from riichi_table.vision.errors import VisionError

        self.source_spec = source
        self.realtime = realtime
        try:
            self.session = LiveSession(rules, namer=namer)
        except VisionError as exc:  # a missing template file or model, a namer that does not exist
            raise AssistantError(f"cannot set up the tile reader: {exc}") from exc
        self._device: Any = None
        self._prompter: Any = None
        self._device_error = ""
        if device_port:
            self._open_device(device_port)
        self._lock = threading.Lock()
        self._subscribers: list[queue.Queue[dict[str, Any]]] = []
        self._jpeg: bytes | None = None
        self._frame: Any = None  # the newest raw camera frame (BGR), for the hand check and calibration
        self._thread: threading.Thread | None = None
        self._stop = threading.Event()
        self._source: Any = None
        self._camera: dict[str, Any] = {"state": "stopped", "message": "not started"}
        self._fps = 0.0

    # ---- the running surface ------------------------------------------------------------------------------
    def start(self) -> None:
        """Open the source and start the pipeline thread (AssistantError if the source cannot be opened)."""
        if self._thread is not None and self._thread.is_alive():
            return
        self._source = self._open_source()
        self._stop.clear()
        self._thread = threading.Thread(target=self._run, name="riichi-table-pipeline", daemon=True)
        self._thread.start()

    def stop(self) -> None:
        """Stop the pipeline thread and close the source; the game state is kept."""
        self._stop.set()
        if self._thread is not None:
            self._thread.join(timeout=5)
        self._thread = None
        if self._source is not None:
            self._source.close()
            self._source = None
        self._camera = {"state": "stopped", "message": "stopped"}

    def latest_jpeg(self) -> bytes | None:
        """The newest camera frame with the tiles read drawn on it, JPEG-encoded (None before the first)."""
        with self._lock:
            return self._jpeg

    def state(self) -> dict[str, Any]:
        """The table state as JSON-able data (see docs/live.md for the fields)."""
        with self._lock:
            data = self.session.state()
            data["health"] = self._health()
            data["fps"] = round(self._fps, 1)
            data["source"] = self.source_spec
            return data

    def use_profile(self, folder: Path | None = None) -> str:
        """The tile-set profile chosen in `folder` names tiles from the next frame on, without a restart
        (`LiveSession.use_profile`); returns the line saying so. ProfileError if the profile is unreadable."""
        with self._lock:
            return self.session.use_profile(folder)

    def subscribe(self) -> queue.Queue[dict[str, Any]]:
        """A new queue that receives a state dict after every change (bounded; the oldest is dropped)."""
        q: queue.Queue[dict[str, Any]] = queue.Queue(maxsize=QUEUE_SIZE)
        with self._lock:
            self._subscribers.append(q)
        return q

    def unsubscribe(self, q: queue.Queue[dict[str, Any]]) -> None:
        """Stop sending to a queue from `subscribe`."""
        with self._lock:
            if q in self._subscribers:
                self._subscribers.remove(q)

    def submit(self, event: dict[str, Any]) -> dict[str, Any]:
        """A person's answer as an event, e.g. {"type": "declare", "actor": 2, "call": "ron", "target": 0}.

        Returns {"ok": true} or {"ok": false, "error": ...}; never raises for a bad answer.
        """
        with self._lock:
            result = self.session.submit(event)
        self._after_events(self.session.drain_events())
        self._publish()
        return result

    def answer_order(self, question: str, answer: int) -> dict[str, Any]:
        """A person's answer to an order question of `state()["questions"]` (kind "order": which of a seat's
        guessed places a tile read late takes; docs/live.md). {"ok": true} or {"ok": false, "error"}."""
        with self._lock:
            result = self.session.answer_order(question, answer)
        self._after_events(self.session.drain_events())
        self._publish()
        return result

    # ---- the Table page's hooks (webui.live.LiveTable) ------------------------------------------------
    def calibrate(self, corners: list[list[float]] | None) -> None:
        """Calibrate from the table markers (None) or four corners picked on the page.

        corners: four [x, y] in camera pixels, bottom-left, bottom-right, top-right, top-left as seen from
        seat 0 (the order the Table page asks for). Raises AssistantError saying what was wrong; the game is
        kept.
        """
        from riichi_table.vision.errors import VisionError

        with self._lock:
            image = self._frame
            try:
                self.session.calibrate(corners, image)
            except VisionError as exc:
                raise AssistantError(f"calibration failed: {exc}") from exc
        self._publish()

    def setup_check(self) -> dict[str, Any]:
        """The set-up check before a game: one tile face up in each pond, read back per seat (see
        LiveSession.setup_check and docs/live.md)."""
        with self._lock:
            return self.session.setup_check()

    def latest_frame(self) -> Any:
        """The newest camera frame as read (BGR uint8, no overlays; a copy), or None before the first."""
        with self._lock:
            return None if self._frame is None else self._frame.copy()

    def device_leds(self) -> dict[str, Any] | None:
        """The LED unit emulator's snapshot (device.emulator.Emulator.snapshot) when the port is emu://."""
        emulator = getattr(self._device, "emulator", None)
        return None if emulator is None else dict(emulator.snapshot())

    # ---- internals ----------------------------------------------------------------------------------------
    def _open_source(self) -> Any:
        from riichi_table.vision.errors import VisionError
        from riichi_table.vision.source import open_source

        spec = self.source_spec
        if spec == "demo":
            if not DEMO_CLIP.is_file():
                raise AssistantError(f"the demo clip {DEMO_CLIP.name} is missing from {DEMO_DIR}")
            spec = str(DEMO_CLIP)
        try:
            return open_source(spec)
        except VisionError as exc:
            raise AssistantError(f"cannot open source {self.source_spec!r}: {exc}") from exc

    def _open_device(self, port: str) -> None:
        try:
            from riichi_table.device.driver import Driver
            from riichi_table.device.prompts import Prompter

            self._device = Driver(port)
            self._prompter = Prompter(self._device)
        except Exception as exc:  # the unit is optional: report it in health, keep the table running
            self._device_error = f"device {port!r} unavailable: {exc}"
            self._device = None

    def _health(self) -> dict[str, Any]:
        device: dict[str, Any] = {"state": "none", "message": "no unit configured"}
        if self._device is not None:
            try:
                device = dict(self._device.health())
            except Exception as exc:
                device = {"state": "error", "message": str(exc)}
        elif self._device_error:
            device = {"state": "error", "message": self._device_error}
        return {
            "camera": dict(self._camera),
            "model": self.session.model_health(),
            "device": device,
            "view": dict(self.session.view),
        }

    def _run(self) -> None:
        source = self._source
        period = 1.0 / max(1.0, float(getattr(source, "fps", 10.0)))
        last_t = time.monotonic()
        smoothed = 0.0
        while not self._stop.is_set():
            started = time.monotonic()
            frame = source.read()
            self._camera = source.health().to_json()
            if frame is None:
                if source.finished:
                    if self.source_spec == "demo" and hasattr(source, "rewind"):
                        source.rewind()
                        self.session.restart_demo()
                        continue
                    self._publish()
                    break
                time.sleep(0.05)
                continue
            with self._lock:
                self._frame = frame.image
                changed = self.session.process(frame)
            events = self.session.drain_events()
            overlay = self.session.overlay(frame.image)
            ok, buf = cv2.imencode(".jpg", overlay, [cv2.IMWRITE_JPEG_QUALITY, 80])
            now = time.monotonic()
            dt = now - last_t
            last_t = now
            smoothed = 0.9 * smoothed + 0.1 * (1.0 / dt) if dt > 0 else smoothed
            self._fps = smoothed
            with self._lock:
                if ok:
                    self._jpeg = buf.tobytes()
            self._after_events(events)
            if changed or events:
                self._publish()
            if self.realtime:
                spare = period - (time.monotonic() - started)
                if spare > 0:
                    self._stop.wait(spare)

    def _after_events(self, events: list[dict[str, Any]]) -> None:
        if self._prompter is None or not events:
            return
        try:
            for data in events:
                self._prompter.feed(data)  # the prompter sends the unit's commands through the driver
        except Exception as exc:  # a unit that fails must not stop the table; it shows in health
            self._device_error = f"device: {exc}"

    def _publish(self) -> None:
        snapshot = self.state()
        with self._lock:
            subscribers = list(self._subscribers)
        for q in subscribers:
            while True:
                try:
                    q.put_nowait(snapshot)
                    break
                except queue.Full:
                    with contextlib.suppress(queue.Empty):
                        q.get_nowait()

"""The running assistant: source -> calibration -> tile reading -> tracking -> engine -> device.

`Assistant` is what `riichi-table serve` constructs (contract 8 of the team brief). It runs the live
pipeline in one background thread; the web layer only reads from it (`latest_jpeg`, `state`, `subscribe`)
and hands it a person's answers (`submit`). Each subscriber has its own bounded queue: a slow client loses
its oldest updates and never blocks the producer.

The frame-to-events work is `LiveSession`'s (vision side in `vision.live_reader`, engine side here); the same
class runs `riichi-table replay`.
"""

from __future__ import annotations

import contextlib
import queue
import threading
import time
from pathlib import Path
from typing import Any

import cv2

from webui.errors import WebError

DEMO_DIR = Path(__file__).resolve().parent / "demo"
DEMO_CLIP = DEMO_DIR / "clip.mp4"
QUEUE_SIZE = 64


class Assistant:
    """The live table assistant over one source.

    source: "demo" (the built-in clip, looped), a camera index ("0"), a video file, a folder of frames or an
    rtsp/http URL. rules: a preset name or overrides (engine.rules.resolve_rules). device_port: the LED/buzzer
    unit's port or URL (device.driver.Driver), or None for no unit. realtime: pace files at their frame rate.
    """

    def __init__(
        self,
        source: str,
        rules: str | dict[str, Any] = "wrc",
        device_port: str | None = None,
        *,
        realtime: bool = True,
    ) -> None:
        self.source_spec = source
        self.realtime = realtime
        self.session = LiveSession(rules)
        self._device: Any = None
        self._prompter: Any = None
        self._device_error = ""
        if device_port:
            self._open_device(device_port)
        self._lock = threading.Lock()
        self._subscribers: list[queue.Queue[dict[str, Any]]] = []
        self._jpeg: bytes | None = None
        self._thread: threading.Thread | None = None
        self._stop = threading.Event()
        self._source: Any = None
        self._camera: dict[str, Any] = {"state": "stopped", "message": "not started"}
        self._fps = 0.0

    # ---- contract 8 -------------------------------------------------------------------------------------
    def start(self) -> None:
        """Open the source and start the pipeline thread (raises WebError if the source cannot be opened)."""
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
        """The newest camera frame with the recognised tiles drawn on it, JPEG-encoded (None before the first)."""
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
        """A person's answer as an event, e.g. {"type": "answer", "question": id, "answer": "ron", "target": 2}.

        Returns {"ok": true} or {"ok": false, "error": ...}; never raises for a bad answer.
        """
        with self._lock:
            result = self.session.submit(event)
        self._after_events(self.session.drain_events())
        self._publish()
        return result

    # ---- internals ----------------------------------------------------------------------------------------
    def _open_source(self) -> Any:
        from vision.errors import VisionError
        from vision.source import open_source

        spec = self.source_spec
        if spec == "demo":
            if not DEMO_CLIP.is_file():
                raise WebError(f"the demo clip {DEMO_CLIP.name} is missing from {DEMO_DIR}")
            spec = str(DEMO_CLIP)
            self.session.load_demo_truth(DEMO_DIR)
        try:
            return open_source(spec)
        except VisionError as exc:
            raise WebError(f"cannot open source {self.source_spec!r}: {exc}") from exc

    def _open_device(self, port: str) -> None:
        try:
            from device.driver import Driver
            from device.prompts import Prompter

            self._device = Driver(port)
            self._prompter = Prompter()
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
        return {"camera": dict(self._camera), "model": self.session.model_health(), "device": device}

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
        if self._device is None or self._prompter is None or not events:
            return
        try:
            from engine.events import event_from_json

            for data in events:
                for command in self._prompter.on_event(event_from_json(data)):
                    self._device.send(command)
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


class LiveSession:
    """Frames in, mjai-style events and a table state out; no threads, no source (replay uses it directly)."""

    def __init__(self, rules: str | dict[str, Any] = "wrc") -> None:
        self.rules = rules
        self._events: list[dict[str, Any]] = []
        self._pending: list[dict[str, Any]] = []

    def process(self, frame: Any) -> bool:
        """Feed one frame; True when the table state changed."""
        return False

    def drain_events(self) -> list[dict[str, Any]]:
        """Events produced since the last call, in order."""
        out, self._pending = self._pending, []
        return out

    def events(self) -> list[dict[str, Any]]:
        return list(self._events)

    def overlay(self, image: Any) -> Any:
        return image

    def state(self) -> dict[str, Any]:
        return {"seats": [], "dora_markers": [], "wall": None, "warnings": [], "events": [], "questions": []}

    def model_health(self) -> dict[str, Any]:
        return {"state": "none", "message": "tile reader not loaded yet"}

    def submit(self, event: dict[str, Any]) -> dict[str, Any]:
        return {"ok": False, "error": "no question is open"}

    def load_demo_truth(self, folder: Path) -> None:
        return None

    def restart_demo(self) -> None:
        return None

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


class LiveSession:
    """Frames in, mjai-style events and a table state out; no threads, no source (replay uses it directly).

    Vision side: calibration (ArUco, re-done when the camera moves), the rectified view, `LiveReader`,
    `Tracker`, `TableReader`. Engine side: every event goes through `engine.game.Game`; an event the engine
    refuses is kept out of the record and shown as a warning.
    """

    def __init__(
        self,
        rules: str | dict[str, Any] = "wrc",
        templates: Path | None = None,
        read_every_frame: bool = False,
    ) -> None:
        from engine.game import Game
        from vision.live_events import TableReader
        from vision.live_reader import LiveReader, TileTemplates
        from vision.track import Tracker

        self.rules = rules
        self.read_every_frame = read_every_frame
        self.game = Game(rules)
        path = templates or DEMO_DIR / "templates.npz"
        self.reader = LiveReader(TileTemplates.load(path))
        self.tracker = Tracker()
        self.table = TableReader(red_fives=sum(self.game.rules.red_fives) > 0)
        self.calibration: Any = None
        self.view_problems: list[str] = []
        self.accepted: list[dict[str, Any]] = []
        self.warnings: list[str] = []
        self.questions: list[dict[str, Any]] = []
        self.processed = 0
        self.frames = 0
        self._pending: list[dict[str, Any]] = []
        self._last_small: Any = None
        self._last_reading: Any = None
        self._reveals: list[dict[str, Any]] = []
        self._started = False

    # --- frames ---------------------------------------------------------------------------------------
    def process(self, frame: Any) -> bool:
        """Feed one frame (vision.source.Frame); True when the table state changed."""

        from vision.calibrate import CalibrationError, find_markers, from_markers

        self.frames += 1
        image = frame.image
        # Frame differencing against the last frame read: a tile put down changes a few pixels of a
        # 160x90 thumbnail strongly, sensor noise averages away. Unchanged frames are not read at all.
        small = cv2.resize(cv2.cvtColor(image, cv2.COLOR_BGR2GRAY), (160, 90), interpolation=cv2.INTER_AREA)
        moving = self._last_small is None or int((cv2.absdiff(small, self._last_small) > 12).sum()) >= 3
        busy = any(not t.stable or t.misses for t in self.tracker.tracks.values()) or self.table.busy()
        idle = not moving and not busy and self.frames % 10 and not self.read_every_frame
        if idle and self.calibration is not None:
            return False
        self._last_small = small
        half = cv2.resize(image, (image.shape[1] // 2, image.shape[0] // 2), interpolation=cv2.INTER_AREA)
        found = {k: v * 2 for k, v in find_markers(half).items()}
        if self.calibration is None or (len(found) == 4 and self._moved(found)):
            try:
                self.calibration = from_markers(image)
                self.view_problems = []
            except CalibrationError as exc:
                self.view_problems = [str(exc)]
                return False
        elif len(found) < 3:
            self.view_problems = ["table markers hidden or blurred: frame skipped"]
            return False
        view = self.calibration.rectify(image)
        reading = self.reader.read(view, self.tracker.known)
        self._last_reading = reading
        changes = self.tracker.update(reading)
        events = self.table.update(changes, self.tracker.stable())
        self.processed += 1
        for event in events:
            self._apply(event)
        return bool(events or changes.appeared or changes.gone)

    def _moved(self, found: dict[int, Any]) -> bool:
        import numpy as np

        from vision.calibrate import MOVED_PX

        corners = self.calibration.corners
        return max(float(np.linalg.norm(found[i] - corners[i])) for i in found) > MOVED_PX

    def _apply(self, event: dict[str, Any]) -> None:
        from engine.errors import EngineError

        if not self._started:
            self._started = True
            self._apply({"type": "start_game", "names": ["0", "1", "2", "3"]})
        if event["type"] == "start_kyoku":
            try:
                start = self.game.next_start(event["dora_marker"]).to_json()
            except EngineError as exc:
                self.warnings.append(f"start_kyoku: {exc}")
                return
            start["tehais"] = [["?"] * 13 for _ in range(4)]
            event = start
        if event["type"] == "reveal":
            self._reveals.append(event)  # applied together with the hora or ryukyoku that follows
            return
        if event["type"] == "hora":
            event = self._fit_win(event)
        batch = [*self._reveals, event] if event["type"] in ("hora", "ryukyoku") else [event]
        self._reveals = [] if len(batch) > 1 else self._reveals
        try:
            self._try(batch)
        except EngineError as exc:
            self.warnings.append(f"{event.get('type')}: {exc}")
            return
        self.accepted.extend(batch)
        self._pending.extend(batch)
        if event["type"] == "start_kyoku":
            self.table.hand.next_seat = int(event["oya"])

    def _try(self, events: list[dict[str, Any]]) -> None:
        """Apply events all or none (a reveal stands or falls with its hora)."""
        import copy

        if len(events) == 1:
            self.game.apply(events[0])  # the engine checks before it changes anything
            return
        trial = copy.deepcopy(self.game)
        for e in events:
            trial.apply(e)
        for e in events:
            self.game.apply(e)

    def _fit_win(self, hora: dict[str, Any]) -> dict[str, Any]:
        """Make a read win legal if one misread tile is all that stands in the way.

        The camera's reading of the open hand comes first; when the engine says it is no winning hand,
        each shown tile's second readings are tried (least sure first) and the first that the engine
        accepts is taken, with a warning. Otherwise the reading stands and the engine's refusal is shown.
        """
        import copy

        from engine.errors import EngineError
        from vision.live_events import ALTERNATIVES

        alternatives = hora.pop(ALTERNATIVES, None)
        reveal = next((r for r in self._reveals if r["actor"] == hora["actor"]), None)
        if not alternatives or reveal is None:
            return hora

        def works(rv: dict[str, Any], hv: dict[str, Any]) -> bool:
            trial = copy.deepcopy(self.game)
            try:
                trial.apply(rv)
                trial.apply(hv)
            except EngineError:
                return False
            return True

        if works(reveal, hora):
            return hora
        tehai = list(reveal["tehai"])
        melds = (14 - len(tehai)) // 3
        for fixed in _substitutions(tehai, alternatives, melds):
            rv = {**reveal, "tehai": fixed}
            hv = {**hora, "hora_tehais": fixed[:-1], "pai": fixed[-1]}
            if works(rv, hv):
                changed = ", ".join(f"{a}->{b}" for a, b in zip(tehai, fixed, strict=True) if a != b)
                self.warnings.append(f"seat {hora['actor']}'s open hand was no win as read; fixed {changed}")
                self._reveals = [rv if r is reveal else r for r in self._reveals]
                return hv
        return hora

    def finish(self) -> None:
        """End of a recording: close the game (end_game) so the logs are complete."""
        closed = any(e["type"] == "end_game" for e in self.accepted)
        if self._started and not closed:
            self._apply({"type": "end_game", "scores": list(self.game.scores)})

    def drain_events(self) -> list[dict[str, Any]]:
        """Events accepted since the last call, in order."""
        out, self._pending = self._pending, []
        return out

    def events(self) -> list[dict[str, Any]]:
        """Every accepted event of the game so far."""
        return list(self.accepted)

    # --- what the page shows --------------------------------------------------------------------------
    def overlay(self, image: Any) -> Any:
        """The camera frame with the table outline and each stable tile's name drawn on it."""
        import numpy as np

        out = image.copy()
        if self.calibration is None:
            cv2.putText(
                out, "looking for the table markers...", (20, 40), cv2.FONT_HERSHEY_SIMPLEX, 1, (0, 0, 255), 2
            )
            return out
        cal = self.calibration
        cv2.polylines(out, [np.round(cal.corners).astype(np.int32).reshape(-1, 1, 2)], True, (0, 255, 255), 2)
        tracks = self.tracker.stable()
        if tracks:
            pts = cal.to_camera(
                np.array([[t.x * cal.px_per_mm, t.y * cal.px_per_mm] for t in tracks], np.float32)
            )
            from vision.live_events import pai_of_track

            for t, (x, y) in zip(tracks, pts, strict=True):
                label = "#" if t.face_down else pai_of_track(t)
                cv2.putText(
                    out, label, (int(x) - 8, int(y) + 5), cv2.FONT_HERSHEY_SIMPLEX, 0.45, (0, 0, 255), 1
                )
        for n, text in enumerate(self.view_problems[:2]):
            cv2.putText(out, text, (20, 30 + 25 * n), cv2.FONT_HERSHEY_SIMPLEX, 0.7, (0, 0, 255), 2)
        return out

    def state(self) -> dict[str, Any]:
        """JSON-able table state (fields in docs/live.md)."""
        g = self.game
        seats = []
        for seat in range(4):
            kawa = g.kawa(seat)
            melds = []
            r = g.round
            if r is not None:
                melds = [_meld_json(m) for m in getattr(r.seats[seat], "melds", [])]
            seats.append(
                {
                    "seat": seat,
                    "wind": None if g.dealer is None else "ESWN"[(seat - g.dealer) % 4],
                    "pond": [_kawa_json(k) for k in kawa],
                    "melds": melds,
                    "riichi": g.riichi(seat),
                    "furiten": g.furiten(seat),
                    "score": g.scores[seat],
                }
            )
        r = g.round
        return {
            "seats": seats,
            "dora_markers": [_pai(t) for t in getattr(r, "dora_markers", [])] if r is not None else [],
            "wall": g.wall_left,
            "round": {
                "bakaze": "ESWN"[min(g.round_wind, 3)],
                "kyoku": g.hand_number,
                "honba": g.honba,
                "kyotaku": g.sticks,
                "oya": g.dealer,
                "ended": g.ended,
            },
            "warnings": (self.view_problems + g.warnings + self.warnings)[-12:],
            "events": self.accepted[-20:],
            "questions": list(self.questions),
            "calibrated": self.calibration is not None,
            "frames": {"seen": self.frames, "processed": self.processed},
        }

    def model_health(self) -> dict[str, Any]:
        return {"state": "ok", "message": "template reader (enrolled faces) loaded"}

    def submit(self, event: dict[str, Any]) -> dict[str, Any]:
        """A person's answer as an event (a `declare` of engine/events.py: tsumo/ron/tenpai/noten)."""
        from engine.errors import EngineError

        if not isinstance(event, dict) or "type" not in event:
            return {"ok": False, "error": "expected a JSON object with a 'type' (e.g. declare)"}
        before = len(self.accepted)
        try:
            self.game.apply(event)
        except EngineError as exc:
            return {"ok": False, "error": str(exc)}
        except (TypeError, ValueError, KeyError) as exc:
            return {"ok": False, "error": f"bad event: {exc}"}
        self.accepted.append(event)
        self._pending.append(event)
        return {"ok": True, "applied": len(self.accepted) - before}

    def load_demo_truth(self, folder: Path) -> None:
        return None

    def restart_demo(self) -> None:
        """The demo clip starts again: a fresh game."""
        rules = self.rules
        templates = None
        self.__init__(rules, templates)  # type: ignore[misc]


def _substitutions(tehai: list[str], alternatives: list[list[str]], melds: int) -> list[list[str]]:
    """Readings of an open hand with one or two tiles swapped for a second reading, that form a winning
    shape (checked cheaply on counts before the engine judges them); single swaps first."""
    from itertools import combinations

    from engine.events import pai_to_tile
    from engine.hand import is_complete
    from engine.tiles import counts34

    def complete(hand: list[str]) -> bool:
        return is_complete(counts34(pai_to_tile(p) for p in hand), melds)

    places = [i for i, options in enumerate(alternatives) if options]
    out: list[list[str]] = []
    for i in places:
        for p in alternatives[i]:
            hand = [*tehai[:i], p, *tehai[i + 1 :]]
            if complete(hand):
                out.append(hand)
    for i, j in combinations(places, 2):
        for p in alternatives[i]:
            for q in alternatives[j]:
                hand = list(tehai)
                hand[i], hand[j] = p, q
                if complete(hand):
                    out.append(hand)
    return out


def _pai(t: Any) -> str:
    from engine.events import tile_to_pai

    return tile_to_pai(t)


def _kawa_json(k: Any) -> dict[str, Any]:
    from engine.events import tile_to_pai

    tile = getattr(k, "tile", None)
    return {
        "pai": tile_to_pai(tile) if tile is not None else str(k),
        "sideways": bool(getattr(k, "riichi", False) or getattr(k, "sideways", False)),
        "called": bool(getattr(k, "called", False)),
    }


def _meld_json(m: Any) -> dict[str, Any]:
    from engine.events import tile_to_pai

    tiles = getattr(m, "tiles", ()) or ()
    return {
        "type": str(getattr(m, "kind", getattr(m, "type", "?"))),
        "tiles": [tile_to_pai(t) for t in tiles],
        "from": getattr(m, "from_seat", None),
    }

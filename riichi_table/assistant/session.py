"""`LiveSession`: frames in, mjai-style events and a table state out (no threads, no source).

Vision side: calibration (ArUco, re-done when the camera moves, or four corners picked by hand), the view
check (blurred, dark, too oblique, camera moved), the rectified view, `LiveReader`, `Tracker`, `TableReader`.
Engine side: every event goes through `engine.game.Game`; an event the engine refuses is kept out of the
record and shown as a warning. `riichi-table replay` runs this class directly; the Assistant runs it in its
pipeline thread.
"""

from __future__ import annotations

import base64
import copy
import logging
from pathlib import Path
from typing import Any, TypeGuard

import cv2
import numpy as np

from riichi_table.assistant.reconcile import Placement, order_question
from riichi_table.assistant.view import last_result, overlay, table_state
from riichi_table.assistant.wins import fit_win

log = logging.getLogger(__name__)
DEMO_DIR = Path(__file__).resolve().parent / "demo"
DEFAULT_NAMER = "onnx"  # bench/live.py: 417/421 discards right at 41.6 fps; templates 412/421 at 36.8 fps
MANUAL_MOVED_PX = 12.0  # frame shift (camera pixels) that says a hand-calibrated camera moved
MANUAL_MOVED_FRAMES = 3  # processed frames in a row that must show the shift (a hand passing does not)
HEIGHT_FRAMES = 5  # read frames in a row whose dead wall stands two high before the view is raised
TURN_EVENTS = frozenset(("tsumo", "dahai", "reach", "chi", "pon", "daiminkan", "kakan", "ankan"))
MAX_KEPT_CROPS = 200  # pictures of unnamed tiles kept over a whole replay (`replay --why-dir`)


class LiveSession:
    """One table's game followed from frames.

    namer: how tiles are named in the rectified view, "templates", "onnx" or "both" (vision.live_namer).
    Without the ONNX classifier file the default namer falls back to the templates and says so in the model
    health and the warnings; a namer asked for by name never falls back.
    """

    def __init__(
        self,
        rules: str | dict[str, Any] = "wrc",
        templates: Path | None = None,
        read_every_frame: bool = False,
        namer: str | None = None,
    ) -> None:
        from riichi_table.engine.game import Game
        from riichi_table.vision.live_events import TableReader
        from riichi_table.vision.live_namer import check_namer
        from riichi_table.vision.live_reader import LiveReader, TileTemplates
        from riichi_table.vision.onnx_session import ModelMissingError
        from riichi_table.vision.track import Tracker

        self.rules = rules
        self.templates_path = templates
        self.read_every_frame = read_every_frame
        self.asked_namer = namer
        self.namer = check_namer(namer or DEFAULT_NAMER)
        self.model_note = ""
        self.game = Game(rules)
        loaded = TileTemplates.load(templates or DEMO_DIR / "templates.npz")
        try:
            self.reader = LiveReader(loaded, namer=self.namer)
        except ModelMissingError as exc:
            if namer is not None:
                raise
            self.model_note = f"ONNX classifier unavailable ({exc}); the template reader names the tiles"
            self.namer = "templates"
            self.reader = LiveReader(loaded, namer=self.namer)
        from riichi_table.vision.live_why import Diagnosis

        self.tracker = Tracker()
        self.why = Diagnosis()
        self.table = TableReader(
            red_fives=sum(self.game.rules.red_fives) > 0, last_tile_calls=self.game.rules.last_tile_calls
        )
        self.calibration: Any = None
        self.view_problems: list[str] = []
        self.view: dict[str, Any] = {"state": "uncalibrated", "message": "looking for the table markers"}
        self.accepted: list[dict[str, Any]] = []
        self.warnings: list[str] = [self.model_note] if self.model_note else []
        self.questions: list[dict[str, Any]] = []
        self._late_at: dict[int, int] = {}  # seat -> the place its last discard read late took, this hand
        self.processed = 0
        self.frames = 0
        self.skipped_view = 0  # frames not read because the view was blurred or dark
        self._pending: list[dict[str, Any]] = []
        self._last_small: Any = None
        self._reference: Any = None  # thumbnail at hand calibration, to notice a moved camera
        self._shifted = 0
        self._reveals: list[dict[str, Any]] = []
        self._no_win = False  # the game refused the win just read: its end_kyoku is none either
        self._face_height = False  # whether frames are read at a lying tile's face height (`process`)
        self._height_seen = 0  # read frames whose dead wall showed the tiles' height
        self._height_closed = False  # a discard was made: the view stays as it is (`_look_for_height`)
        self._started = False
        self.keep_crops: list[Any] | None = None  # a list: every unnamed tile's picture is kept there
        self.profiles_folder: Path | None = None  # where `use_profile` last looked for the chosen profile

    # --- calibration ----------------------------------------------------------------------------------
    def calibrate(self, corners: list[list[float]] | None, image: Any = None) -> None:
        """Calibrate now: from the ArUco markers of `image` (corners None) or from four hand-picked corners.

        corners: camera pixels, bottom-left, bottom-right, top-right, top-left as seen from seat 0 (the order
        of vision.calibrate and of the Table page's clicks). Raises CalibrationError (a VisionError) naming
        what was wrong; the tracks (in table mm) and the game are kept.
        """
        from riichi_table.vision.calibrate import CalibrationError, from_corners, from_markers

        if corners is None:
            if image is None:
                raise CalibrationError("no camera frame yet to find the table markers in")
            self.calibration = from_markers(image)
            self._reference = None
        else:
            size = None if image is None else (image.shape[1], image.shape[0])
            calib = from_corners(corners, frame_size=size)
            if image is not None:
                h, w = image.shape[:2]
                pts = np.asarray(corners, np.float32)
                if pts.min() < -0.05 * w or pts[:, 0].max() > 1.05 * w or pts[:, 1].max() > 1.05 * h:
                    raise CalibrationError(f"corners {corners} lie outside the {w}x{h} camera frame")
                self._reference = _thumbnail(image).astype(np.float32)
            self.calibration = calib
        self._shifted = 0
        self.view_problems = []
        self.view = {"state": "ok", "message": f"calibrated ({self.calibration.method})"}

    # --- frames ---------------------------------------------------------------------------------------
    def process(self, frame: Any) -> bool:
        """Feed one frame (vision.source.Frame); True when the table state changed."""
        self.frames += 1
        image = frame.image
        # Frame differencing against the last frame read: a tile put down changes a few pixels of a
        # 160x90 thumbnail strongly, sensor noise averages away. Unchanged frames are not read at all.
        small = _thumbnail(image)
        moving = self._last_small is None or int((cv2.absdiff(small, self._last_small) > 12).sum()) >= 3
        busy = any(not t.stable or t.misses for t in self.tracker.tracks.values()) or self.table.busy()
        idle = not moving and not busy and self.frames % 10 and not self.read_every_frame
        if idle and self.calibration is not None:
            return False
        self._last_small = small
        if not self._calibrated_for(image, small):
            return False
        # Lying tiles are read where their faces are, LYING_FACE_MM above the felt, once the table shows its
        # tiles' height (docs/live.md, "The view at face height"); until then on the felt's plane.
        at_face = self._face_height and self.calibration.camera is not None
        view = self.calibration.rectify(image, at_face=at_face)
        if not self._view_fit(image, view):
            return False
        self.reader.camera = self.calibration.camera if at_face else None
        self.reader.called_tiles = self.table.called_tiles()
        self.reader.blank_faces = self.table.blank_faces()
        self.reader.riichi_tiles = self.table.riichi_tiles()
        reading = self.reader.read(view, self.tracker.known)
        if not at_face:
            self._look_for_height()
        self._diagnose(reading, view)
        changes = self.tracker.update(reading)
        self.table.pale_felt = self.reader.colours.pale_felt()
        events = self.table.update(changes, self.tracker.stable())
        self.why.no_hand_up = self.table.no_hand_up()
        for track_id in self.table.take_called():
            self.tracker.forget(track_id)
        self.processed += 1
        for event in events:
            self._apply(event)
        return bool(events or changes.appeared or changes.gone)

    def _look_for_height(self) -> None:
        """Read at face height from now on once HEIGHT_FRAMES read frames in a row showed the dead wall as
        deep as a two-high wall is from this camera (vision.face_height.shows_height): the dead wall stands
        before the first discard, so no pond tile's track moves when the view changes."""
        from riichi_table.vision.face_height import LONE_SIDE_SHOWS, LYING_FACE_MM, shows_height

        if self._height_closed:
            return
        if any(e.get("type") == "dahai" for e in self.accepted):
            # decided before the first discard: the ura-dora row laid at a win is no wall's height
            self._height_closed = True
            return
        camera, depth, geo = self.calibration.camera, self.reader.dead_wall_depth, self.reader.geo
        if camera is None:
            return
        lone = self.reader.lone_indicator_depth
        # A wall that stands shows the same depth frame after frame; an arm over a flat one, or a tile laid
        # against it, for a frame or two. Where the wall's backs are the felt's colour (black on black felt)
        # only its face-up indicator shows, a tile's thickness high (seed 7955, black felt and backs, 40
        # degrees: read on the felt's plane, pond tiles looked as deep as wide and were cut sideways, riichi
        # that nobody declared). A lone tile that shows no height (an arm over the wall, a flat render)
        # undoes nothing the wall showed.
        if depth is not None:
            standing = shows_height(camera, depth, geo.centre, geo.tile_h)
        elif lone is not None and shows_height(
            camera, lone, geo.centre, geo.tile_h, LYING_FACE_MM, LONE_SIDE_SHOWS
        ):
            standing = True
        else:
            return
        self._height_seen = self._height_seen + 1 if standing else 0
        self._face_height = self._height_seen >= HEIGHT_FRAMES

    def _calibrated_for(self, image: Any, small: Any) -> bool:
        """Keep the calibration true to this frame; False (with the reason in view_problems) to skip it."""
        from riichi_table.vision.calibrate import MOVED_PX, CalibrationError, find_markers, from_markers

        if self.calibration is not None and self.calibration.method == "manual":
            return self._manual_still(small)
        half = cv2.resize(image, (image.shape[1] // 2, image.shape[0] // 2), interpolation=cv2.INTER_AREA)
        found = {k: v * 2 for k, v in find_markers(half).items()}
        if len(found) < 4:
            # A steep camera makes the far markers too small at half resolution: look at full resolution.
            found = find_markers(image)
        missing = tuple(i for i in range(4) if i not in found)
        self.why.missing_markers = ()  # said only when a frame is skipped for them
        moved = 0.0
        if self.calibration is not None and len(found) == 4:
            corners = self.calibration.corners
            moved = max(float(np.linalg.norm(found[i] - corners[i])) for i in found)
        if self.calibration is None or moved > MOVED_PX:
            try:
                self.calibration = from_markers(image)
            except CalibrationError:
                from riichi_table.vision.live_why import markers_missing

                self.why.missing_markers = missing or (0, 1, 2, 3)
                why = markers_missing(self.why.missing_markers)
                self.view_problems = [why]
                self.view = {"state": "uncalibrated", "message": why}
                return False
            if moved:
                self.warnings.append(f"camera moved ({moved:.0f} px): recalibrated from the table markers")
            return True
        if len(found) < 2:
            from riichi_table.vision.live_why import markers_missing

            self.why.missing_markers = missing
            why = markers_missing(missing) + " (frame skipped)"
            self.view_problems = [why]
            self.view = {"state": "poor", "message": why}
            return False
        if missing:
            # Two or three markers cannot recalibrate. Where those found moved, the camera did (a bump while
            # an arm covers another): the old calibration would shift the whole view (seed 2027, wood felt,
            # 40 degrees, the view read 12 mm off for three frames, and the pond tiles found there were
            # recorded as new discards), and the frame is skipped. Where they lie in place, the camera stayed
            # and the view is read through the old calibration: a shake blurred the far markers past finding
            # for the half second a ron's tile lay in its pond (seed 4129, 44 degrees and older cameras),
            # and the ron was lost. One marker of three found off its place (a glint) moves no camera; of
            # two, either off its place does.
            corners = self.calibration.corners
            shifts = [float(np.linalg.norm(found[i] - corners[i])) for i in found]
            shift = float(np.median(shifts)) if len(found) == 3 else max(shifts)
            if shift > MOVED_PX:
                from riichi_table.vision.live_why import camera_moved_marker_hidden

                why = camera_moved_marker_hidden(missing, shift)
                self.view_problems = [why]
                self.view = {"state": "poor", "message": why}
                return False
        return True

    def _manual_still(self, small: Any) -> bool:
        """A hand-calibrated camera has no markers to follow: compare the frame with the calibration one."""
        if self._reference is None:
            return True
        (dx, dy), response = cv2.phaseCorrelate(self._reference, small.astype(np.float32))
        shift = float(np.hypot(dx, dy)) * 8.0  # thumbnail pixels -> camera pixels (1280 / 160)
        self._shifted = self._shifted + 1 if shift > MANUAL_MOVED_PX and response > 0.1 else 0
        if self._shifted >= MANUAL_MOVED_FRAMES:
            why = f"camera moved ({shift:.0f} px) since the corners were picked: pick them again"
            self.view_problems = [why]
            self.view = {"state": "moved", "message": why}
            return False
        return True

    def _view_fit(self, image: Any, view: Any) -> bool:
        """Run vision.calibrate.check_view; a blurred or dark view is not read (its problems are shown), a
        too oblique one is read with a warning."""
        from riichi_table.vision.calibrate import check_view

        check = check_view(image, self.calibration, rectified=view, look_for_markers=False)
        self.view_problems = list(check.problems)
        figures = {
            "sharpness": round(check.sharpness, 1),
            "brightness": round(check.brightness, 1),
            "oblique": round(check.oblique, 2),
        }
        message = "; ".join(check.problems) or f"readable ({self.calibration.method} calibration)"
        self.view = {"state": "ok" if check.ok else "poor", "message": message, **figures}
        unreadable = [p for p in check.problems if p.startswith(("view blurred", "view too dark"))]
        if unreadable:
            self.skipped_view += 1
            return False
        return True

    def _diagnose(self, reading: Any, view: Any) -> None:
        """Note what this frame's reading says about why the table may not read (vision.live_why), with
        pictures of the tiles found but not named (kept for `replay --why-dir` when `keep_crops` is set)."""
        from riichi_table.vision.live_why import MAX_CROPS, UNNAMED_BELOW

        self.why.frames_read += 1
        self.why.tiles_seen = len(reading.tiles)
        self.why.ever_tiles = self.why.ever_tiles or bool(reading.tiles)
        unnamed = [
            t
            for t in reading.tiles
            if not t.face_down and t.area == "pond" and 0 < float(t.scores.max()) < UNNAMED_BELOW
        ]
        self.why.unnamed = [(t.x, t.y, t.seat) for t in unnamed]
        self.why.crops = [self._crop(view, t) for t in unnamed[:MAX_CROPS]]
        if self.keep_crops is not None and len(self.keep_crops) < MAX_KEPT_CROPS:
            self.keep_crops.extend(self.why.crops[: MAX_KEPT_CROPS - len(self.keep_crops)])
        self.why.outside = list(self.reader.outside)

    def _crop(self, view: Any, tile: Any) -> Any:
        """A picture of one tile of the rectified view, upright as its seat reads it (vision.live_why)."""
        from riichi_table.vision.live_namer import TilePose, cut_pose, seat_axes
        from riichi_table.vision.live_why import CROP_SIZE, UnnamedCrop

        geo = self.reader.geo
        pose = TilePose(tile.x, tile.y, tile.seat, tile.sideways)
        axes = seat_axes(tile.seat, tile.sideways)[0]
        image = cut_pose(view, pose, axes, CROP_SIZE, (geo.tile_w, geo.tile_h), self.reader.ppm)
        return UnnamedCrop(self.frames, tile.seat, image)

    def unnamed_pictures(self) -> list[dict[str, Any]]:
        """The last frame's tiles found but not named as small PNG pictures for the page:
        [{"seat", "png": a data URI}]."""
        out: list[dict[str, Any]] = []
        for crop in self.why.crops:
            ok, png = cv2.imencode(".png", crop.image)
            if ok:
                uri = "data:image/png;base64," + base64.b64encode(png.tobytes()).decode()
                out.append({"seat": crop.seat, "png": uri})
        return out

    def why_not(self) -> list[str]:
        """Why the table is not (fully) read now, in a player's words; empty when it reads fine."""
        if self.calibration is None and not self.why.missing_markers:
            return []  # no frame yet: the camera's health says so
        # The view's own problems (camera moved, corners to pick again) come first, in the check's words.
        self.why.view_problems = tuple(p for p in self.view_problems if not p.startswith("table marker"))
        reasons: list[str] = self.why.reasons()
        return reasons

    def setup_check(self) -> dict[str, Any]:
        """The set-up check: "put one tile face up in each pond" and see what is read there.

        {"ok": all four seats read one face-up tile, "message": what to do, "seats": [{"seat", "tiles",
        "ok", "message"}], "why_not": the reasons the table cannot be read, if any}."""
        from riichi_table.vision.live_why import setup_check

        seats = setup_check([(t.seat, t.area, t.class_id) for t in self.tracker.stable()])
        ok = all(s.ok for s in seats) and self.calibration is not None
        message = (
            "each pond's tile is read: check the names, then take the tiles back and start"
            if ok
            else "put one tile face up in each pond and wait a moment"
        )
        return {
            "ok": ok,
            "message": message,
            "seats": [
                {"seat": s.seat, "tiles": list(s.tiles), "ok": s.ok, "message": s.message} for s in seats
            ],
            "why_not": self.why_not(),
        }

    # --- events -------------------------------------------------------------------------------------
    def _apply(self, event: dict[str, Any]) -> None:
        from riichi_table.engine.errors import EngineError
        from riichi_table.vision.discard_reread import REREAD_DAHAI
        from riichi_table.vision.indicator_reread import REREAD_INDICATOR
        from riichi_table.vision.live_events import (
            BEFORE_LATE,
            LATE_CALL,
            LATE_DAHAI,
            LATE_DORA,
            LATE_KAN,
            RESEQUENCE,
        )
        from riichi_table.vision.riichi_reread import MOVED_RIICHI

        if event["type"] == LATE_DAHAI:
            self._place_late(event)
            return
        if event["type"] == BEFORE_LATE:
            self._before_late(event)
            return
        if event["type"] == MOVED_RIICHI:
            self._move_riichi(event)
            return
        if event["type"] == REREAD_DAHAI:
            self._reread(event)
            return
        if event["type"] == REREAD_INDICATOR:
            self._reread_indicator(str(event["pai"]))
            return
        if event["type"] == LATE_CALL:
            self._late_call(event)
            return
        if event["type"] == LATE_KAN:
            self._late_kan(event)
            return
        if event["type"] == RESEQUENCE:
            self._resequence(event)
            return
        if event["type"] == LATE_DORA:
            self._late_dora(event)
            return
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
        if event["type"] == "end_kyoku" and self._no_win:
            self._no_win = False
            return
        if event["type"] == "hora":
            event = self._fit_win(event)
        batch = [*self._reveals, event] if event["type"] in ("hora", "ryukyoku") else [event]
        self._reveals = [] if len(batch) > 1 else self._reveals
        try:
            self._try(batch)
        except EngineError as exc:
            self.warnings.append(f"{event.get('type')}: {exc}")
            if event["type"] in TURN_EVENTS:
                self._follow_engine()
            if event["type"] == "hora" and self.table.hand.phase == "ended":
                # No win as read: the hand goes on (`TableReader.win_refused`).
                self.table.win_refused()
                self._no_win = True
            return
        self.accepted.extend(batch)
        self._pending.extend(batch)
        if event["type"] == "dahai" and self.table.hand.unplaced:
            self._resequence({"edits": self.table.hand.unplaced}, quiet=True)
        if event["type"] == "start_kyoku":
            self.table.hand.next_seat = int(event["oya"])
        if event["type"] in ("start_kyoku", "end_kyoku", "end_game"):
            self._drop_order_questions()

    def _follow_engine(self) -> None:
        """After the engine refused a reading (a kakan out of turn, a call that was none), the reader's idea
        of whose turn it is follows the engine's, so one misread does not shift every later turn."""
        r = self.game.round
        h = self.table.hand
        if r is None or h.phase != "playing":
            return
        h.next_seat = r.turn
        # A seat that has drawn, or called, discards next without a draw the camera would have to see.
        h.just_called = r.turn if r.phase in ("discard", "after_call") else None

    def _place_late(self, late: dict[str, Any]) -> None:
        """A discard filled in as a guess was seen at last: the record gets it in its place
        (riichi_table/assistant/reconcile.py); a person is told what changed. When more than one of the seat's
        guessed places fits the engine, the best guess is taken and the page asks which it was."""
        from riichi_table.assistant.reconcile import place_late_discard

        actor, pai, riichi = int(late["actor"]), str(late["pai"]), bool(late.get("riichi"))
        nth = int(late["nth"])
        places = late.get("places") or [nth]
        if "before_late" in late:
            nth = self._settle_order(actor, nth, bool(late["before_late"]))
            places = [nth]
        fits = {}
        for place in places:
            placed = place_late_discard(self.rules, self.accepted, actor, int(place), pai, riichi)
            if placed is not None:
                fits[int(place)] = placed
        if not fits:
            self.warnings.append(f"seat {actor}'s late discard {pai} does not fit the record: guess kept")
            return
        best = nth if nth in fits else min(fits)
        if best != nth:
            self.table.swap_guessed(actor, best, nth)
        placed = fits[best]
        # The page reads the ponds from the game's state; no new event goes out (it is no new discard).
        self._set_record(placed)
        self._late_at[actor] = best
        what = f"{pai}, a riichi," if riichi else pai
        self.warnings.append(
            f"seat {actor}'s discard was read late: {what} (not {placed.replaced}) put in its place"
        )
        if len(fits) > 1:
            self.questions.append(order_question(self.accepted, actor, pai, best, sorted(fits)))

    def _take(self, placed: Placement | None, refused: str) -> TypeGuard[Placement]:
        """A record the engine replayed (riichi_table/assistant/reconcile.py) becomes the game's; None (the
        engine refused it) leaves everything as it was, with `refused` said on the page."""
        if placed is None:
            if refused:
                self.warnings.append(refused)
            return False
        self._set_record(placed)
        return True

    def _set_record(self, placed: Placement) -> None:
        """A record the engine replayed becomes the game's. The reader's stick to accept follows the
        engine's: a riichi moved onto the last discard (a riichi tile read late going to its place in the
        pond) is accepted with whatever the table shows next, and one moved off it is no longer pending, so
        the reader's next events are those the engine expects. (A stick the reader holds for a discard the
        record has not taken yet, one read in the same frame, is left alone.)"""
        self.game, self.accepted = placed.game, placed.record
        r, h = self.game.round, self.table.hand
        last = self.accepted[-1] if self.accepted else {}
        if r is not None and r.phase == "riichi_pending" and r.last_discard is not None:
            h.accept_pending = r.last_discard[0]
        elif last.get("type") == "dahai" and last.get("actor") == h.accept_pending:
            h.accept_pending = None

    def _before_late(self, event: dict[str, Any]) -> None:
        """The seat's discard just read lies before its tile read late (`live_events.BEFORE_LATE`): the two
        change places in the record, kept only if the engine takes it."""
        from riichi_table.assistant.reconcile import move_late_discard

        actor, nth, late = int(event["actor"]), int(event["nth"]), int(event["late"])
        moved = move_late_discard(self.rules, self.accepted, actor, late, nth)
        refused = (
            f"seat {actor}'s discard {nth + 1} lies before its discard read late, "
            "but the record cannot take them the other way round: kept as read"
        )
        if not self._take(moved, refused):
            return
        # The tile read late last is the one that moved: the earlier discard's (`late_tile`: the new tile
        # was read late too, and went to the other's place).
        self._late_at[actor] = late if event.get("late_tile") else nth
        self.warnings.append(
            f"seat {actor}'s discard {nth + 1} ({moved.replaced}) lies before its discard {late + 1}, read "
            "before it: the two put in its pond's order"
        )

    def _reread(self, reread: dict[str, Any]) -> None:
        """A discard named another kind in most of its readings since it counted: the record gets that kind
        (riichi_table/vision/discard_reread.py). Kept only if the engine takes it."""
        from riichi_table.assistant.reconcile import place_late_discard

        actor, nth, pai = int(reread["actor"]), int(reread["nth"]), str(reread["pai"])
        placed = place_late_discard(self.rules, self.accepted, actor, nth, pai)
        refused = (
            f"seat {actor}'s discard {nth + 1} reads {pai} now, but the record cannot take it: kept as it was"
        )
        if not self._take(placed, refused):
            return
        self.warnings.append(
            f"seat {actor}'s discard {nth + 1} was read {placed.replaced} at first and {pai} since: "
            f"recorded as {pai}"
        )

    def _reread_indicator(self, pai: str) -> None:
        """The hand's first indicator, named on split readings, named another kind since: the hand's start
        gets that kind (riichi_table/vision/indicator_reread.py). Kept only if the engine takes it."""
        from riichi_table.assistant.reconcile import reread_indicator

        placed = reread_indicator(self.rules, self.accepted, pai)
        refused = f"the dora indicator reads {pai} now, but the record cannot take it: kept as it was"
        if not self._take(placed, refused):
            return
        self.warnings.append(
            f"the dora indicator was read {placed.replaced} at first and {pai} since: recorded as {pai}"
        )

    def _late_call(self, late: dict[str, Any]) -> None:
        """A call read after the caller's discard that followed it (`live_events.LATE_CALL`): the record gets
        it after the discard it took, in place of the caller's draw; kept only if the engine takes it."""
        from riichi_table.assistant.reconcile import append_call, insert_late_call

        call, nth = late["call"], int(late["nth"])
        placed = insert_late_call(self.rules, self.accepted, call, nth, bool(late.get("named")))
        # The record has the discard the call took last, the caller's discard the reader saw after it having
        # gone elsewhere (a call read out of turn put it before: seed 6199, wood felt): the call goes in now,
        # and the reader follows the engine's turn, the caller's discard to come.
        appended = placed is None and self._last_discard(int(call["target"]), nth)
        if appended:
            placed = append_call(self.rules, self.accepted, call)
        refused = (
            f"seat {call['actor']}'s {call['type']} of seat {late['target']}'s discard {nth + 1} was read "
            "late, but the record cannot take it there: left out"
        )
        if self._take(placed, refused) and appended:
            self._follow_engine()
            self._count_draws()

    def _count_draws(self) -> None:
        """After the record's turns were put in order again, the reader's count of the live wall's draws
        follows the record's: a discard put in that was never read came after a draw the reader never
        counted, and a call the reader took for one read late took no draw from the record. Off by one, the
        exhaustive draw comes a turn late or early for it (seed 6199, wood felt)."""
        from riichi_table.assistant.reconcile import hand_start

        start = hand_start(self.accepted) or 0
        self.table.hand.draws = sum(e.get("type") == "tsumo" for e in self.accepted[start:])

    def _last_discard(self, seat: int, nth: int) -> bool:
        """Whether `seat`'s discard `nth` (0-based, this hand) is the record's last."""
        from riichi_table.assistant.reconcile import discard_places

        places = discard_places(self.accepted, seat)
        last = max((i for i, e in enumerate(self.accepted) if e.get("type") == "dahai"), default=-1)
        return 0 <= nth < len(places) and places[nth] == last

    def _resequence(self, event: dict[str, Any], quiet: bool = False) -> None:
        """Calls read out of turn (`live_events.RESEQUENCE`): the record gets each, with the target's discard
        it took where that was never recorded, and the hand's turns put in order again
        (riichi_table/assistant/resequence.py). Kept only if the engine takes it; the reader then follows the
        engine's turn and forgets the calls it kept aside. Refused, they are tried again with each discard
        recorded after them (`quiet`: nothing said when it is refused again) and with the next such call: a
        call whose caller's own discard was not recorded yet leaves that turn without a place until it is."""
        from riichi_table.assistant.resequence import resequence

        edits = event["edits"]
        discards = [(int(e["target"]), int(e["nth"]), str(e["pai"])) for e in edits if "pai" in e]
        calls = [(int(e["target"]), int(e["nth"]), e["call"]) for e in edits]
        placed = resequence(self.rules, self.accepted, discards, calls)
        last = edits[-1]["call"]
        what = f"seat {last['actor']}'s {last['type']} of seat {last['target']}'s {last['pai']}"
        refused = "" if quiet else f"{what} read out of turn: the record cannot take it yet, kept aside"
        if not self._take(placed, refused):
            return
        self.table.hand.unplaced = []
        self._follow_engine()
        self._count_draws()
        self.warnings.append(f"{what} was read out of turn: the hand's turns put in order again")

    def _late_kan(self, late: dict[str, Any]) -> None:
        """A concealed kan read after its seat's discard that followed it (`live_events.LATE_KAN`): the
        record gets it, with the replacement draw, before that discard; kept only if the engine takes it."""
        from riichi_table.assistant.reconcile import insert_late_kan

        kan, nth, dora = late["kan"], int(late["nth"]), late.get("dora_marker")
        placed = insert_late_kan(self.rules, self.accepted, kan, nth, dora)
        if placed is None and dora is not None:
            # The kan without its indicator there; the indicator goes in as read now.
            placed = insert_late_kan(self.rules, self.accepted, kan, nth)
            late_dora = placed is not None
        else:
            late_dora = False
        refused = (
            f"seat {kan['actor']}'s concealed kan was read after its discard {nth + 1}, "
            "but the record cannot take it there: left out"
        )
        self._take(placed, refused)
        if late_dora:
            self._apply({"type": "dora", "dora_marker": dora})

    def _late_dora(self, late: dict[str, Any]) -> None:
        """A kan's new indicator read after a discard that followed the kan (`live_events.LATE_DORA`): the
        record gets it right after the kan; where the engine refuses that, it goes in as read now."""
        from riichi_table.assistant.reconcile import insert_late_dora

        marker = str(late["dora_marker"])
        placed = insert_late_dora(self.rules, self.accepted, marker)
        if placed is None:
            self.warnings.append(f"the kan's new indicator {marker} was read late: put in as read now")
            self._apply({"type": "dora", "dora_marker": marker})
            return
        self._take(placed, "")
        self.warnings.append(f"the kan's new indicator {marker} was read late: put in after the kan")

    def _move_riichi(self, moved: dict[str, Any]) -> None:
        """A riichi read from a discard that lies upright after all: the record gets it with the seat's
        sideways discard, or none; or a discard recorded upright lies sideways after all: the record gets its
        riichi (riichi_table/vision/riichi_reread.py). Kept only if the engine takes it."""
        from riichi_table.assistant.reconcile import move_riichi
        from riichi_table.vision.riichi_reread import take_back

        actor, src, dst = int(moved["actor"]), moved["from"], moved["to"]
        src = None if src is None else int(src)
        placed = move_riichi(self.rules, self.accepted, actor, src, None if dst is None else int(dst))
        if placed is None and src is None:
            self.warnings.append(
                f"seat {actor}'s discard {int(dst) + 1} lies sideways, "
                "but the record cannot take a riichi there"
            )
            return
        refused = None
        if placed is None and src is not None and dst is not None:
            # The riichi tile lies upright, and the record cannot have the riichi with the discard read
            # sideways (four tiles must be left in the wall: seed 002 3.3.14): no discard of the seat is its
            # riichi tile (seed 7819, white cloth, blue backs, 40 degrees: seat 2's 9p under an arm's shadow,
            # then each newest tile at its far row's end, cut sideways until the next lay beside it; the
            # riichi followed them to the W laid with three tiles left, and stayed on the F before it).
            placed = move_riichi(self.rules, self.accepted, actor, src, None)
            if placed is not None:
                refused, dst = int(dst), None
                take_back(self.table.hand, self.table.tracks, actor)
        if placed is None:
            self.warnings.append(
                f"seat {actor}'s riichi tile lies upright, but the record cannot go without it"
            )
            return
        self._set_record(placed)
        if src is None:
            self.warnings.append(
                f"seat {actor}'s discard {int(dst) + 1} ({placed.replaced}) was read upright at first but "
                "lies sideways: its riichi is put in"
            )
            return
        where = "taken back" if dst is None else f"moved to its discard {int(dst) + 1} (laid sideways)"
        if refused is not None:
            where = f"taken back (its discard {refused + 1}, laid sideways, cannot be a riichi tile)"
        why = (
            "which was called, and its next discard lies upright"
            if moved.get("called")
            else "which lies upright"
        )
        self.warnings.append(
            f"seat {actor}'s riichi was read from its discard {src + 1} ({placed.replaced}), {why}: {where}"
        )

    def _settle_order(self, actor: int, nth: int, before: bool) -> int:
        """The seat's other tile read late comes to light: the pond shows the order of the two (`before`: the
        new tile lies first). The earlier tile is moved if its place was a guess the pond now shows wrong (an
        order question open on it closes), and the place left for the new tile is returned. Two tiles read
        late the other way round from how they lie (the later one hidden longer: seed 946, wood felt, 40
        degrees, seat 3's 7p under an arm while its 8m beside it showed) are put in the pond's order."""
        from riichi_table.assistant.reconcile import move_late_discard

        q = next((q for q in self.questions if q.get("kind") == "order" and q.get("seat") == actor), None)
        place = int(q["place"]) if q is not None else self._late_at.get(actor)
        if place is None or place == nth:
            return nth
        lo, hi = sorted((place, nth))
        new_at, old_at = (lo, hi) if before else (hi, lo)
        if old_at != place:
            moved = move_late_discard(self.rules, self.accepted, actor, place, old_at)
            if moved is None:
                return nth  # a question stays for a person to answer
            self._set_record(moved)
            self._late_at[actor] = old_at
            if q is None:
                self.warnings.append(
                    f"seat {actor}'s discards read late lie the other way round in its pond: put in its order"
                )
        if q is not None:
            self.questions = [x for x in self.questions if x is not q]
            self.warnings.append(
                f"seat {actor}'s pond shows the order of its discards read late: question closed"
            )
        return new_at

    def answer_order(self, question: str, answer: int) -> dict[str, Any]:
        """A person's answer to an order question (`questions`, kind "order"): the tile read late takes the
        place `answer` (one of the question's `answers[i].answer`). {"ok": true} or {"ok": false, "error"};
        never raises. A question already answered or dropped (the hand ended) gets a clear error."""
        from riichi_table.assistant.reconcile import move_late_discard

        q = next((q for q in self.questions if q.get("id") == question and q.get("kind") == "order"), None)
        if q is None:
            return {
                "ok": False,
                "error": f"question {question!r} is no longer open (answered, or its hand ended)",
            }
        places = [a["answer"] for a in q["answers"]]
        if answer not in places:
            return {"ok": False, "error": f"answer {answer!r}: expected one of {places}"}
        if answer != q["place"]:
            moved = move_late_discard(self.rules, self.accepted, q["seat"], q["place"], answer)
            if moved is None:
                return {"ok": False, "error": "that order no longer fits the record (the game refuses it)"}
            self._set_record(moved)
            self.table.swap_guessed(q["seat"], answer, q["place"])
        self.questions = [x for x in self.questions if x is not q]
        self.warnings.append(f"seat {q['seat']}'s {q['pai']}: put as its discard {answer + 1}, as answered")
        return {"ok": True}

    def _drop_order_questions(self) -> None:
        """A hand is over: its order questions go unanswered, their best guesses stay (said once)."""
        self._late_at = {}
        dropped = [q for q in self.questions if q.get("kind") == "order"]
        if dropped:
            self.questions = [q for q in self.questions if q.get("kind") != "order"]
            self.warnings.append(
                f"{len(dropped)} question(s) on the order of late discards not answered: best guess kept"
            )

    def _try(self, events: list[dict[str, Any]]) -> None:
        """Apply events all or none (a reveal stands or falls with its hora)."""
        if len(events) == 1:
            self.game.apply(events[0])  # the engine checks before it changes anything
            return
        trial = copy.deepcopy(self.game)
        for e in events:
            trial.apply(e)
        for e in events:
            self.game.apply(e)

    def _fit_win(self, hora: dict[str, Any]) -> dict[str, Any]:
        """Make a read win legal if one or two misread tiles are all that stand in its way (warns)."""
        from riichi_table.vision.live_events import ALTERNATIVES, ODDS

        alternatives = hora.pop(ALTERNATIVES, None)
        odds = hora.pop(ODDS, None)
        reveal = next((r for r in self._reveals if r["actor"] == hora["actor"]), None)
        if not alternatives or reveal is None:
            return hora
        fixed = fit_win(self.game, reveal, hora, alternatives, odds)
        if fixed is None:
            return hora
        rv, hv, changed = fixed
        self.warnings.append(f"seat {hora['actor']}'s open hand was no win as read; fixed {changed}")
        self._reveals = [rv if r is reveal else r for r in self._reveals]
        return hv

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

    def submit(self, event: dict[str, Any]) -> dict[str, Any]:
        """A person's answer as an event (a `declare` of engine/events.py: tsumo/ron/tenpai/noten)."""
        from riichi_table.engine.errors import EngineError

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

    # --- what the page shows --------------------------------------------------------------------------
    def overlay(self, image: Any) -> Any:
        """The camera frame with the table outline, each stable tile's name and the view's problems."""
        return overlay(image, self.calibration, self.tracker.stable(), self.view_problems)

    def state(self) -> dict[str, Any]:
        """JSON-able table state (fields in docs/live.md)."""
        g = self.game
        why = self.why_not()
        return {
            **table_state(g),
            "last_result": last_result(g),
            "warnings": (why + g.warnings + self.table.warnings + self.warnings)[-12:],
            "why_not": why,
            "why_not_crops": self.unnamed_pictures(),
            "setup": self.setup_check() if not self._started else None,
            "events": self.accepted[-20:],
            "questions": list(self.questions),
            "calibrated": self.calibration is not None,
            "frames": {"seen": self.frames, "processed": self.processed, "unreadable": self.skipped_view},
        }

    def model_health(self) -> dict[str, Any]:
        from riichi_table.vision.model_files import FIRST_CLASSIFIER_FILE

        names = {
            "templates": "template reader (enrolled faces) loaded",
            "onnx": f"ONNX crop classifier (models/{FIRST_CLASSIFIER_FILE}) loaded",
            "both": "template reader + ONNX classifier on close calls loaded",
        }
        if self.model_note:
            return {"state": "degraded", "message": self.model_note, "namer": self.namer}
        message, profile = names[self.namer], None
        if self.reader.onnx is not None and self.namer != "templates":
            profile = self.reader.onnx.profile
            if profile != "base":
                message += f", tile-set profile {profile}"
        return {"state": "ok", "message": message, "namer": self.namer, "profile": profile}

    def use_profile(self, folder: Path | None = None) -> str:
        """Name tiles from the next frame on with the tile-set profile chosen in `folder` (vision.profiles;
        default its `profiles_dir()`), without a restart; returns a line saying what the table reads with.

        With the template namer no profile applies, and the line says so. A profile that cannot be read
        raises `ProfileError` (a VisionError) and the namer keeps what it had.
        """
        onnx = self.reader.onnx
        if onnx is None or self.namer == "templates":
            return "the live table names tiles with its enrolled templates; a tile-set profile does not apply"
        name = onnx.use_active_profile(folder)
        self.profiles_folder = folder
        line = (
            "the live table names tiles with the shipped classifier alone (no profile)"
            if name == "base"
            else f"the live table names tiles with tile-set profile {name} from now on"
        )
        log.info("%s", line)
        return line

    def restart_demo(self) -> None:
        """The demo clip starts again: a fresh game (corners picked by hand are kept; markers are found
        again)."""
        manual = self.calibration if getattr(self.calibration, "method", "") == "manual" else None
        reference = self._reference
        folder = self.profiles_folder
        self.__init__(self.rules, self.templates_path, self.read_every_frame, self.asked_namer)  # type: ignore[misc]
        if folder is not None:  # a profile chosen from the page stays chosen
            self.use_profile(folder)
        if manual is not None:
            self.calibration, self._reference = manual, reference
            self.view = {"state": "ok", "message": "calibrated (manual)"}


def _thumbnail(image: Any) -> Any:
    """A 160x90 grey thumbnail (frame differencing and the moved-camera check)."""
    return cv2.resize(cv2.cvtColor(image, cv2.COLOR_BGR2GRAY), (160, 90), interpolation=cv2.INTER_AREA)

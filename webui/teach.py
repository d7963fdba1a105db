"""Teach my tiles: a club's tile set taught to the reader from photos of the layout sheet, on the web page.

One `TeachSession` per organiser at work: the sheet photos read so far (each cell's crop, the tile the cell
stands for, what the base reader names it), then a Learn job in a background thread (prototypes from the
corrected crops, `vision.profiles.build_profile`, and the before/after on held-back photos,
`vision.profiles.held_back_accuracy`, the same computation `riichi-table enroll` prints), then Keep (the
profile is saved under a name and made the active one) or Discard. Sessions live in memory only: nothing is
written until Keep.

`Teacher` also lists, switches, exports and imports the profiles for the Settings page. Profiles live in
the app's PROFILES_DIR (default `vision.profiles.profiles_dir()`, where the reader looks for them).
"""

from __future__ import annotations

import dataclasses
import re
import tempfile
import threading
import time
import uuid
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
from numpy.typing import NDArray
from riichi_table.webui.errors import WebError

BACK_CLASS = 37
SKIP = "skip"  # the per-cell choice "no tile here / do not learn from this cell"
MAX_PHOTOS = 20  # per session; the goal is at most 10
MAX_SESSIONS = 8  # kept in memory at once; the oldest idle one goes first
SESSION_ID = re.compile(r"^[0-9a-f]{32}$")
_NAME_CHARS = re.compile(r"[^A-Za-z0-9 _.()+-]")


class TeachError(WebError):
    """A teach request that cannot be done; the message says what and why."""


class TeachConflict(TeachError):
    """A well-formed teach request refused by the state of things (no profile chosen, a photo of another
    set, nothing sharp enough to learn from); answered 409 where bad input is 400."""


def class_name(class_id: int) -> str:
    """A detector class (ARCHITECTURE.md) as people write it: `3m`, `0p` (red five), `back`."""
    from riichi_table.engine.tiles import tile_from_class

    return "back" if class_id == BACK_CLASS else tile_from_class(class_id).name


CHOICES: tuple[str, ...] = tuple(class_name(c) for c in range(BACK_CLASS + 1))
_CLASS_OF = {name: c for c, name in enumerate(CHOICES)}


def photo_label(filename: str | None, fallback: str) -> str:
    """A photo's name as the page shows it: the upload's base name, tamed (no paths, no odd characters)."""
    base = (filename or "").replace("\\", "/").rsplit("/", 1)[-1].strip()
    base = _NAME_CHARS.sub("_", base)[:80]
    return base or fallback


@dataclass(frozen=True)
class TaughtPhoto:
    """One accepted sheet photo: the crop of every cell holding a tile, in `cells` order.

    `cell_class` is the detector class each cell stands for, `reader_class` / `reader_conf` what the base
    reader names the crop and how sure it is.
    """

    photo_id: str
    name: str
    crops: NDArray[np.uint8]
    cells: tuple[str, ...]
    cell_class: NDArray[np.int64]
    reader_class: NDArray[np.int64]
    reader_conf: NDArray[np.float32]

    def to_json(self) -> dict[str, Any]:
        import base64

        import cv2

        cells = []
        for i, cell in enumerate(self.cells):
            ok, buf = cv2.imencode(".png", self.crops[i])
            picture = "data:image/png;base64," + base64.b64encode(buf.tobytes()).decode() if ok else ""
            cells.append({
                "cell": cell,
                "tile": class_name(int(self.cell_class[i])),
                "reader": class_name(int(self.reader_class[i])),
                "confidence": round(float(self.reader_conf[i]), 3),
                "crop": picture,
            })  # fmt: skip
        return {"id": self.photo_id, "name": self.name, "cells": cells}


@dataclass(frozen=True)
class Labelled:
    """A photo's crops with the classes a person confirmed (the `LabelledCrops` shape profiles take)."""

    name: str
    crops: NDArray[np.uint8]
    class_id: NDArray[np.int64]


@dataclass
class Job:
    """The Learn job of a session: state, progress and, once done, the result or the error."""

    state: str = "idle"  # idle, running, done, failed
    done: int = 0
    total: int = 1
    step: str = ""
    error: str | None = None
    result: dict[str, Any] | None = None
    profile: Any = None  # the learned vision.profiles.Profile, until Keep or Discard

    def to_json(self) -> dict[str, Any]:
        return {
            "state": self.state,
            "progress": round(self.done / max(1, self.total), 3),
            "step": self.step,
            "error": self.error,
            "result": self.result,
        }


@dataclass
class TeachSession:
    session_id: str
    photos: list[TaughtPhoto] = field(default_factory=list)
    job: Job = field(default_factory=Job)
    touched: float = field(default_factory=time.monotonic)


class Teacher:
    """The teach sessions of one app and its profiles folder. Thread-safe."""

    def __init__(self, models_dir: Path | None, profiles_dir: Path | None) -> None:
        from riichi_table.vision.profiles import profiles_dir as default_profiles

        self.models_dir = models_dir
        self.folder = Path(profiles_dir) if profiles_dir else default_profiles()
        self._embedder: Any = None
        self._sessions: dict[str, TeachSession] = {}
        self._lock = threading.Lock()

    # -- the embedder (loaded once, on first use) --------------------------------------------------------
    def embedder(self) -> Any:
        from riichi_table.vision.embedder import EMBEDDER_FILE, Embedder
        from riichi_table.vision.errors import VisionError
        from riichi_table.vision.model_files import DEFAULT_MODELS

        with self._lock:
            if self._embedder is None:
                try:
                    self._embedder = Embedder((self.models_dir or DEFAULT_MODELS) / EMBEDDER_FILE, threads=1)
                except VisionError as exc:
                    raise TeachError(f"the tile reader's embedder is not available: {exc}") from exc
            return self._embedder

    # -- sessions ----------------------------------------------------------------------------------------
    def session(self, session_id: str | None) -> TeachSession:
        """The session of that id, a new one when the id is empty; TeachError for an unknown id."""
        with self._lock:
            if not session_id:
                idle = sorted((s for s in self._sessions.values() if s.job.state != "running"),
                              key=lambda s: s.touched)  # fmt: skip
                while len(self._sessions) >= MAX_SESSIONS and idle:
                    del self._sessions[idle.pop(0).session_id]
                new = TeachSession(uuid.uuid4().hex)
                self._sessions[new.session_id] = new
                return new
            found = self._sessions.get(session_id) if SESSION_ID.match(session_id) else None
            if found is None:
                raise TeachError(
                    "this teaching session is over (kept, discarded or the server restarted): start again"
                )
            found.touched = time.monotonic()
            return found

    def add_photo(self, session: TeachSession, image: NDArray[np.uint8], name: str) -> TaughtPhoto:
        """Read a sheet photo into the session; TeachError naming the photo when it cannot be used."""
        from riichi_table.vision.layout_sheet import SheetPhotoError, cell_names, read_sheet_photo

        if session.job.state == "running":
            raise TeachError(f"{name}: not added: learning is under way; wait for it to finish")
        if len(session.photos) >= MAX_PHOTOS:
            raise TeachError(f"{name}: not added: at most {MAX_PHOTOS} photos per teaching session")
        taken = {p.name for p in session.photos}
        unique, n = name, 2
        while unique in taken:
            unique, n = f"{name} ({n})", n + 1
        try:
            sheet = read_sheet_photo(image, unique)
        except SheetPhotoError as exc:
            raise TeachError(str(exc)) from exc
        cells = tuple(c for c in cell_names() if c not in sheet.empty)
        probs, _ = self.embedder().run(sheet.crops)
        reader = probs.argmax(1)
        photo = TaughtPhoto(uuid.uuid4().hex, unique, sheet.crops, cells, sheet.class_id,
                            reader.astype(np.int64), probs[np.arange(len(reader)), reader])  # fmt: skip
        with self._lock:
            session.photos.append(photo)
            session.job = Job()  # a new photo makes an earlier result stale
        return photo

    def remove_photo(self, session: TeachSession, photo_id: str) -> TaughtPhoto:
        """Take one photo out of the session (the others and their corrections stay); an earlier Learn
        result is dropped, since it was learned from that photo too. TeachError while learning runs or for
        a photo the session does not hold."""
        with self._lock:
            if session.job.state == "running":
                raise TeachError("not removed: learning is under way; wait for it to finish")
            for i, photo in enumerate(session.photos):
                if photo.photo_id == photo_id:
                    del session.photos[i]
                    session.job = Job()
                    return photo
        raise TeachError(f"no photo {photo_id!r} in this teaching session (removed already?)")

    def labelled(
        self, session: TeachSession, corrections: Any
    ) -> tuple[list[Labelled], list[dict[str, str]]]:
        """The session's photos with a person's corrections applied, and the photos left with no tile.

        `corrections` is {photo id: {cell name: tile notation, "back" or "skip"}}; TeachError naming the
        photo and cell for anything else.
        """
        if corrections is None:
            corrections = {}
        if not isinstance(corrections, dict):
            raise TeachError("corrections: expected {photo id: {cell: tile}}")
        by_id = {p.photo_id: p for p in session.photos}
        for photo_id, cells in corrections.items():
            if photo_id not in by_id:
                raise TeachError(f"corrections: no photo {photo_id!r} in this teaching session")
            if not isinstance(cells, dict):
                raise TeachError(f"corrections for {by_id[photo_id].name}: expected {{cell: tile}}")
        out, empty = [], []
        for photo in session.photos:
            fixes = corrections.get(photo.photo_id, {})
            keep = np.ones(len(photo.cells), bool)
            ids = photo.cell_class.copy()
            for cell, choice in fixes.items():
                if cell not in photo.cells:
                    raise TeachError(f"{photo.name}: no tile in cell {cell!r} to correct")
                i = photo.cells.index(cell)
                if choice == SKIP:
                    keep[i] = False
                elif choice in _CLASS_OF:
                    ids[i] = _CLASS_OF[choice]
                else:
                    raise TeachError(
                        f"{photo.name}, cell {cell}: {choice!r} is not a tile (expected 1m..9m, 0m, 1p..7z, "
                        f"back or {SKIP})"
                    )
            if not keep.any():
                empty.append({"photo": photo.name, "reason": "every cell was skipped: nothing to learn"})
                continue
            out.append(Labelled(photo.name, photo.crops[keep], ids[keep]))
        return out, empty

    def learn(self, session: TeachSession, corrections: Any) -> None:
        """Start the Learn job in a background thread (TeachError when it cannot start)."""
        with self._lock:
            if session.job.state == "running":
                raise TeachError("learning is already under way")
        if not session.photos:
            raise TeachError("no sheet photo to learn from yet: add one first")
        photos, empty = self.labelled(session, corrections)
        if not photos:
            raise TeachError("nothing to learn: " + "; ".join(f"{e['photo']}: {e['reason']}" for e in empty))
        embedder = self.embedder()
        job = Job(state="running", total=1 + len(photos), step="checking the photos show one tile set")
        session.job = job
        worker = threading.Thread(target=_learn, args=(job, photos, empty, embedder), daemon=True)
        worker.start()

    def keep(self, session: TeachSession, name: str) -> Any:
        """Save the learned profile as `name` and make it the active one; returns the profile."""
        from riichi_table.vision.profiles import ProfileError, profile_path, set_active_profile

        job = session.job
        if job.state != "done" or job.profile is None:
            raise TeachError("nothing learned to keep yet: press Learn and wait for it to finish")
        try:
            profile = dataclasses.replace(job.profile, name=name.strip())
        except ProfileError as exc:
            raise TeachError(str(exc)) from exc
        path = profile_path(profile.name, self.folder)
        if path.exists():
            raise TeachError(f"a profile named {profile.name} exists already: choose another name")
        profile.save(path)
        set_active_profile(profile.name, self.folder)
        self.discard(session)
        return profile

    def discard(self, session: TeachSession) -> None:
        with self._lock:
            self._sessions.pop(session.session_id, None)

    # -- a corrected Hand check photo --------------------------------------------------------------------
    def teach_hand(self, data_dir: Path, photo_id: Any, tiles: Any) -> dict[str, Any]:
        """Add the corrected tiles of a Hand check photo to the active profile and save it.

        `tiles` are {"tile": notation or "?", "box": [x1, y1, x2, y2]} in the photo's pixels, or
        {"not_tile": true, ...} for a false detection, which is left out. TeachError (400) for bad input,
        TeachConflict (409) when nothing can be learned (no profile chosen, another set, every tile refused);
        the profile file is rewritten only when tiles were added, so nothing saved is lost otherwise.
        Returns the profile's name, the tiles added and each refused tile with its reason.
        """
        from riichi_table.vision.crops import cut_crops
        from riichi_table.vision.profile_add import add_to_profile
        from riichi_table.vision.profiles import BASE, Profile, ProfileError, active_profile, profile_path
        from riichi_table.webui.photos import PhotoError, checked_tiles, read_photo

        if not isinstance(tiles, list):
            raise TeachError("expected {photo_id, tiles: [{tile, box} or {not_tile: true}]}")
        faces = [t for t in tiles if not (isinstance(t, dict) and t.get("not_tile") is True)]
        index = [i for i, t in enumerate(tiles) if not (isinstance(t, dict) and t.get("not_tile") is True)]
        try:
            image = read_photo(data_dir, photo_id)
            classes, boxes, _ = checked_tiles(faces, image.shape[1], image.shape[0])
        except PhotoError as exc:
            raise TeachError(str(exc)) from exc
        if not classes:
            raise TeachError("no tiles to teach: every tile is marked 'not a tile'")
        name = active_profile(self.folder)
        if name == BASE:
            raise TeachConflict(
                "no tile-set profile is chosen (the shipped models are in use): teach your set from the "
                "layout sheet first (Settings -> Teach my tiles) or choose a profile in Settings"
            )
        embedder = self.embedder()
        crops = cut_crops(image, np.asarray(boxes, np.float32), embedder.size, embedder.margin)
        label = f"hand photo {photo_id}"
        with self._lock:  # one read-change-write of the profile file at a time
            path = profile_path(name, self.folder)
            try:
                profile = Profile.load(path)
                photo = Labelled(label, crops, np.asarray(classes, np.int64))
                taught = add_to_profile(profile, photo, embedder)
            except ProfileError as exc:
                raise TeachConflict(str(exc).replace(label, "this photo")) from exc
            taught.profile.save(path)
        return {
            "profile": name,
            "added": len(taught.added),
            "kinds": len(taught.profile.class_id),
            "left_out": len(tiles) - len(faces),
            "refused": [
                {"tile": index[r.index], "name": class_name(classes[r.index]), "reason": r.reason}
                for r in taught.refused
            ],
        }

    # -- profiles (the Settings page) --------------------------------------------------------------------
    def profiles(self) -> tuple[list[dict[str, Any]], str, list[str]]:
        """(each readable profile as a row, the active name, the files that could not be read)."""
        from riichi_table.vision.profiles import PROFILE_SUFFIX, Profile, ProfileError, active_profile

        rows, broken = [], []
        for path in sorted(self.folder.glob(f"*{PROFILE_SUFFIX}")) if self.folder.is_dir() else []:
            try:
                p = Profile.load(path)
            except ProfileError:
                broken.append(path.name)
                continue
            rows.append({"name": p.name, "photos": len(p.photos), "kinds": len(p.class_id),
                         "created": p.created, "file": path.name})  # fmt: skip
        return rows, active_profile(self.folder), broken

    def profile_file(self, name: str) -> Path:
        """The file of a listed profile (only names the folder lists: a request never names a path)."""
        rows, _, _ = self.profiles()
        for row in rows:
            if row["name"] == name:
                return self.folder / str(row["file"])
        raise TeachError(f"no profile named {name!r}")

    def use(self, name: str) -> None:
        from riichi_table.vision.profiles import BASE, set_active_profile

        if name != BASE:
            self.profile_file(name)
        set_active_profile(name, self.folder)

    def import_profile(self, data: bytes, filename: str) -> Any:
        """Check an uploaded profile file and add it to the folder (not made active); nothing changes on
        any error, which names the file and what is wrong."""
        from riichi_table.vision.profiles import Profile, ProfileClassifier, ProfileError, profile_path

        label = photo_label(filename, "the upload")
        if not data:
            raise TeachError(f"{label}: the file is empty: choose a profile file (.npz)")
        with tempfile.TemporaryDirectory() as tmp:
            path = Path(tmp) / "upload.npz"
            path.write_bytes(data)
            try:
                profile = Profile.load(path)
            except (ProfileError, ValueError, TypeError, OSError, KeyError, AttributeError) as exc:
                reason = str(exc).replace(str(path), label)
                raise TeachError(f"{label}: not a tile-set profile ({reason})") from exc
        ids = profile.class_id
        if len(ids) == 0 or ids.min() < 0 or ids.max() > BACK_CLASS or len(np.unique(ids)) != len(ids):
            raise TeachError(f"{label}: its classes {ids.tolist()} are not distinct tile classes 0..37")
        try:
            ProfileClassifier(self.embedder(), profile)
        except ProfileError as exc:
            raise TeachError(f"{label}: {exc}") from exc
        target = profile_path(profile.name, self.folder)
        if target.exists():
            raise TeachError(f"{label}: a profile named {profile.name} exists already here: nothing changed")
        profile.save(target)
        return profile


def _learn(job: Job, photos: list[Labelled], empty: list[dict[str, str]], embedder: Any) -> None:
    """The Learn job: a profile from every photo, then the before/after with each photo held back."""
    from riichi_table.vision.errors import VisionError

    def progress(done: int, total: int) -> None:
        job.step = "measuring before/after: each photo named by a profile taught from the others"
        job.done, job.total = 1 + done, 1 + total

    try:
        from riichi_table.vision.profiles import teach_profile

        profile, rejected, held = teach_profile("taught", photos, embedder, progress=progress)
        bad = {r.photo for r in rejected}
        kept = [p for p in photos if p.name not in bad]
        job.done = job.total
        result: dict[str, Any] = {
            "photos": [p.name for p in kept],
            "tiles": int(sum(len(p.class_id) for p in kept)),
            "kinds": len(profile.class_id),
            "rejected": empty + [{"photo": r.photo, "reason": r.reason} for r in rejected],
            "held_back": None,
            "note": "",
            "colours_swapped": tuple(profile.channels) != (0, 1, 2),
        }
        if held is not None:
            result["held_back"] = {"tiles": held.tiles, "base": held.base, "profile": held.profile}
        else:
            result["note"] = (
                "before/after needs at least two photos (one is held back while the others teach)"
            )
        job.profile, job.result, job.step, job.state = profile, result, "done", "done"
    except VisionError as exc:
        job.error, job.step, job.state = str(exc), "failed", "failed"
    except Exception as exc:  # the page must hear of any failure instead of polling forever
        job.error, job.step, job.state = f"learning failed: {type(exc).__name__}: {exc}", "failed", "failed"

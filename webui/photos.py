"""Photos on the hand check page: checked uploads, reading tiles, and corrections saved as labelled data.

Files live only under the data folder: `photos/<id>.jpg` for taken/uploaded pictures (the id is 32 hex
digits we generate, so no request can name a path), and `labelled/images/<id>.jpg` with
`labelled/labels/<id>.txt` (YOLO rows `class xc yc w h`, normalised, classes of ARCHITECTURE.md) for the
corrections a person makes, ready for `riichi-table enroll`.
"""

from __future__ import annotations

import re
import shutil
import threading
import uuid
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import cv2
import numpy as np
from riichi_table.webui.errors import WebError

MAX_PIXELS = 40_000_000
PHOTO_ID = re.compile(r"^[0-9a-f]{32}$")
LOW_CONFIDENCE = 0.6


class PhotoError(WebError):
    """An upload that is not a usable image, or a photo id that does not exist."""


@dataclass(frozen=True)
class ReadTile:
    """One tile read from a photo: notation (`0p` = red five, `?` = face-down), confidence, box in pixels."""

    tile: str
    confidence: float
    box: tuple[float, float, float, float]

    def to_json(self) -> dict[str, Any]:
        return {
            "tile": self.tile,
            "confidence": round(self.confidence, 3),
            "low": self.confidence < LOW_CONFIDENCE,
            "box": [round(v, 1) for v in self.box],
        }


def decode_image(data: bytes) -> np.ndarray:
    """Decode uploaded bytes with OpenCV; PhotoError unless it is a real image of sane size."""
    if not data:
        raise PhotoError("the upload is empty: choose a photo (JPEG or PNG)")
    header = np.frombuffer(data[:32], np.uint8)
    if len(header) < 4:
        raise PhotoError("the upload is not an image (too short)")
    image = cv2.imdecode(np.frombuffer(data, np.uint8), cv2.IMREAD_COLOR)
    if image is None or image.ndim != 3 or image.shape[0] < 16 or image.shape[1] < 16:
        raise PhotoError("the upload is not an image OpenCV can read (expected a JPEG or PNG photo)")
    if image.shape[0] * image.shape[1] > MAX_PIXELS:
        raise PhotoError(f"the photo has {image.shape[1]}x{image.shape[0]} pixels; at most 40 megapixels")
    return image


def _photos_dir(data_dir: Path) -> Path:
    folder = data_dir / "photos"
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def save_photo(data_dir: Path, image: np.ndarray) -> str:
    """Store a decoded image (re-encoded, so nothing but pixels is kept) and return its new id."""
    photo_id = uuid.uuid4().hex
    ok, buf = cv2.imencode(".jpg", image, [cv2.IMWRITE_JPEG_QUALITY, 92])
    if not ok:
        raise PhotoError("could not encode the photo as JPEG")
    (_photos_dir(data_dir) / f"{photo_id}.jpg").write_bytes(buf.tobytes())
    return photo_id


def photo_path(data_dir: Path, photo_id: str) -> Path:
    """The file of a stored photo; PhotoError for an id that is malformed or unknown."""
    if not isinstance(photo_id, str) or not PHOTO_ID.match(photo_id):
        raise PhotoError(f"bad photo id {photo_id!r}: expected 32 hex digits")
    path = _photos_dir(data_dir) / f"{photo_id}.jpg"
    if not path.is_file():
        raise PhotoError(f"no photo with id {photo_id}")
    return path


class Reader:
    """Lazily loaded `vision.reader.TileReader`, shared by requests (loading the models takes a while).

    It names tiles with the tile-set profile chosen in `profiles_dir` (the app's PROFILES_DIR; None: the
    default folder of `vision.profiles`), the folder the Settings page and Teach my tiles write to.
    """

    def __init__(self, models_dir: Path | None = None, profiles_dir: Path | None = None) -> None:
        self._models_dir = models_dir
        self._profiles_dir = profiles_dir
        self._reader: Any = None
        self._error: str | None = None
        self._lock = threading.Lock()

    def _load(self) -> Any:
        with self._lock:
            if self._reader is None and self._error is None:
                try:
                    from riichi_table.vision.errors import VisionError
                    from riichi_table.vision.reader import TileReader
                except ImportError as exc:
                    self._error = f"tile reader not installed ({exc})"
                    return None
                try:
                    self._reader = TileReader(self._models_dir, profiles=self._profiles_dir)
                except VisionError as exc:
                    self._error = f"tile reader unavailable: {exc}"
            return self._reader

    def status(self) -> str:
        self._load()
        return self._error or "ready"

    def profile(self) -> str:
        """The tile-set profile the reader names tiles with (`base`: the shipped classifier alone)."""
        reader = self._load()
        model = getattr(reader, "classifier", None)
        return str(model.profile.name) if hasattr(model, "profile") else "base"

    def read(self, image: np.ndarray) -> list[ReadTile]:
        """Tiles in the photo, left to right (a hand laid in a row). PhotoError if no reader is available."""
        reader = self._load()
        if reader is None:
            raise PhotoError(f"{self._error}; type the tiles instead")
        from riichi_table.engine.tiles import BACK_CLASS, tile_from_class

        found = reader.detect(image)
        order: list[int] = (
            np.argsort((found.boxes[:, 0] + found.boxes[:, 2]) / 2).tolist() if len(found) else []
        )
        out = []
        for i in order:
            cls = int(found.class_id[i])
            name = "?" if cls == BACK_CLASS else tile_from_class(cls).name
            box = tuple(float(v) for v in found.boxes[i])
            out.append(ReadTile(name, float(found.confidence[i]), (box[0], box[1], box[2], box[3])))
        return out


def checked_tiles(
    tiles: Any, width: int, height: int
) -> tuple[list[int], list[tuple[float, float, float, float]], list[Any]]:
    """(detector class, xyxy box) of each {"tile": notation or "?", "box": [x1, y1, x2, y2]} in a photo of
    `width` x `height` pixels, and the parsed tiles that are faces (`?` is a face-down tile); PhotoError
    naming the tile and what is wrong."""
    from riichi_table.engine.errors import EngineError
    from riichi_table.engine.tiles import BACK_CLASS, parse_tile

    if not isinstance(tiles, list):
        raise PhotoError(f"tiles: expected a list of {{tile, box}}, got {type(tiles).__name__}")
    classes, boxes, kinds = [], [], []
    for i, t in enumerate(tiles):
        box = t.get("box") if isinstance(t, dict) else None
        name = t.get("tile") if isinstance(t, dict) else None
        if not (isinstance(box, list) and len(box) == 4 and all(isinstance(v, int | float) for v in box)):
            raise PhotoError(f"tile {i}: expected a box [x1, y1, x2, y2], got {box!r}")
        x1, y1, x2, y2 = (float(v) for v in box)
        if not (0 <= x1 < x2 <= width and 0 <= y1 < y2 <= height):
            raise PhotoError(f"tile {i}: box {box} lies outside the {width}x{height} photo")
        if name == "?":
            cls = BACK_CLASS
        else:
            try:
                parsed = parse_tile(str(name))
            except EngineError as exc:
                raise PhotoError(f"tile {i}: {exc}") from exc
            cls = parsed.detector_class
            kinds.append(parsed)
        classes.append(cls)
        boxes.append((x1, y1, x2, y2))
    return classes, boxes, kinds


def read_photo(data_dir: Path, photo_id: str) -> np.ndarray:
    """A stored photo's pixels; PhotoError for a bad or unknown id or an unreadable file."""
    image = cv2.imread(str(photo_path(data_dir, photo_id)))
    if image is None:
        raise PhotoError(f"photo {photo_id} could not be read back")
    return image


def save_correction(data_dir: Path, photo_id: str, tiles: list[dict[str, Any]]) -> tuple[Path, Path, str]:
    """Write the photo and its corrected labels as YOLO data; returns (image, labels, notation).

    `tiles` are {"tile": notation or "?", "box": [x1, y1, x2, y2]} in the photo's pixels.
    """
    from riichi_table.engine.tiles import to_notation

    source = photo_path(data_dir, photo_id)
    height, width = read_photo(data_dir, photo_id).shape[:2]
    classes, boxes, kinds = checked_tiles(tiles, width, height)
    rows = []
    for cls, (x1, y1, x2, y2) in zip(classes, boxes, strict=True):
        xc, yc = (x1 + x2) / 2 / width, (y1 + y2) / 2 / height
        rows.append(f"{cls} {xc:.6f} {yc:.6f} {(x2 - x1) / width:.6f} {(y2 - y1) / height:.6f}")
    images = data_dir / "labelled" / "images"
    labels = data_dir / "labelled" / "labels"
    images.mkdir(parents=True, exist_ok=True)
    labels.mkdir(parents=True, exist_ok=True)
    image_out = images / f"{photo_id}.jpg"
    label_out = labels / f"{photo_id}.txt"
    shutil.copyfile(source, image_out)
    tmp = label_out.with_suffix(".tmp")
    tmp.write_text("\n".join(rows) + "\n", encoding="ascii")
    tmp.replace(label_out)
    return image_out, label_out, to_notation(kinds)

"""The one value that moves between vision stages: a set of tile detections in one frame.

Every field is a numpy array with one row per tile, in the same order. Coordinates are pixels of the frame the
detections were made in (camera frame, or the rectified table view if a stage produced them there), x to the
right and y down. Class ids follow ARCHITECTURE.md: 0..33 tile kinds, 34..36 red 5m/5p/5s, 37 a face-down
back. Nobody writes into the arrays (they are made read-only); derive a new set with selection or
`dataclasses.replace`.

>>> d = Detections.from_xyxy([[0, 0, 10, 14], [20, 0, 30, 14]], [4, 37], [0.9, 0.5])
>>> len(d), d[d.confidence > 0.6].class_id.tolist()
(2, [4])
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import numpy.typing as npt
from riichi_table.vision.errors import VisionError

CLASS_COUNT = 38
BACK_CLASS = 37
RED_CLASSES = (34, 35, 36)


class DetectionsError(VisionError):
    """A Detections was built from arrays of the wrong shape or values out of range."""


def _frozen(array: npt.ArrayLike, dtype: type, name: str) -> np.ndarray:
    try:
        out = np.array(array, dtype=dtype, copy=True)
    except (TypeError, ValueError) as exc:
        raise DetectionsError(f"Detections.{name}: cannot be read as {np.dtype(dtype).name}: {exc}") from exc
    out.setflags(write=False)
    return out


def _check_shape(name: str, array: np.ndarray, expected: tuple[int, ...]) -> None:
    if array.shape != expected:
        raise DetectionsError(f"Detections.{name}: expected shape {expected}, got {array.shape}")


@dataclass(frozen=True)
class Detections:
    """Tiles found in one frame, as parallel arrays (N rows).

    - boxes: (N, 4) float32, axis-aligned x1, y1, x2, y2 in frame pixels.
    - corners: (N, 4, 2) float32, the tile's face corners in frame pixels, clockwise from the face's top-left
      as the tile is read (equal to the box corners when only a box is known).
    - class_id: (N,) int64, 0..37.
    - confidence: (N,) float32 in 0..1 (the product of localisation and classification confidence).
    - track_id: (N,) int64 or None; -1 for a tile not yet tracked.
    """

    boxes: np.ndarray
    corners: np.ndarray
    class_id: np.ndarray
    confidence: np.ndarray
    track_id: np.ndarray | None = field(default=None)

    def __post_init__(self) -> None:
        boxes = _frozen(self.boxes, np.float32, "boxes")
        object.__setattr__(self, "boxes", boxes.reshape(0, 4) if boxes.size == 0 else boxes)
        n = self.boxes.shape[0] if self.boxes.ndim >= 1 else 0
        _check_shape("boxes", self.boxes, (n, 4))
        corners = _frozen(self.corners, np.float32, "corners")
        if corners.size == 0:
            corners = corners.reshape(0, 4, 2)
        object.__setattr__(self, "corners", corners)
        _check_shape("corners", self.corners, (n, 4, 2))
        object.__setattr__(self, "class_id", _frozen(self.class_id, np.int64, "class_id"))
        _check_shape("class_id", self.class_id, (n,))
        object.__setattr__(self, "confidence", _frozen(self.confidence, np.float32, "confidence"))
        _check_shape("confidence", self.confidence, (n,))
        if self.track_id is not None:
            object.__setattr__(self, "track_id", _frozen(self.track_id, np.int64, "track_id"))
            _check_shape("track_id", self.track_id, (n,))
        if n and (self.class_id.min() < 0 or self.class_id.max() >= CLASS_COUNT):
            bad = self.class_id[(self.class_id < 0) | (self.class_id >= CLASS_COUNT)]
            raise DetectionsError(
                f"Detections.class_id: expected 0..{CLASS_COUNT - 1}, got {bad[:5].tolist()}"
            )
        if n and not np.all(np.isfinite(self.boxes)):
            raise DetectionsError("Detections.boxes: expected finite coordinates, got NaN or inf")

    @classmethod
    def empty(cls) -> Detections:
        """No tiles."""
        return cls(
            boxes=np.zeros((0, 4), np.float32),
            corners=np.zeros((0, 4, 2), np.float32),
            class_id=np.zeros(0, np.int64),
            confidence=np.zeros(0, np.float32),
        )

    @classmethod
    def from_xyxy(
        cls,
        boxes: npt.ArrayLike,
        class_id: npt.ArrayLike,
        confidence: npt.ArrayLike,
        track_id: npt.ArrayLike | None = None,
    ) -> Detections:
        """Detections from axis-aligned boxes only; the corners are the box corners."""
        b = np.asarray(boxes, np.float32).reshape(-1, 4)
        return cls(b, box_corners(b), class_id, confidence, None if track_id is None else track_id)

    @classmethod
    def from_yolo_rows(cls, rows: Sequence[Sequence[float]], width: int, height: int) -> Detections:
        """From YOLO txt rows `class xc yc w h [confidence]` (normalised) of a width x height frame."""
        if not rows:
            return cls.empty()
        arr = np.asarray(rows, np.float64)
        if arr.ndim != 2 or arr.shape[1] not in (5, 6):
            raise DetectionsError(f"YOLO rows: expected 5 or 6 columns, got shape {arr.shape}")
        xc, yc = arr[:, 1] * width, arr[:, 2] * height
        w, h = arr[:, 3] * width, arr[:, 4] * height
        boxes = np.stack([xc - w / 2, yc - h / 2, xc + w / 2, yc + h / 2], axis=1)
        conf = arr[:, 5] if arr.shape[1] == 6 else np.ones(len(arr))
        return cls.from_xyxy(boxes, arr[:, 0].astype(np.int64), conf)

    @classmethod
    def from_ultralytics(cls, result: Any) -> Detections:
        """From one ultralytics `Results` (training-side code only; nothing at runtime needs ultralytics)."""
        boxes = result.boxes
        if boxes is None or len(boxes) == 0:
            return cls.empty()
        return cls.from_xyxy(
            boxes.xyxy.cpu().numpy(), boxes.cls.cpu().numpy().astype(np.int64), boxes.conf.cpu().numpy()
        )

    def __len__(self) -> int:
        return int(self.boxes.shape[0])

    def __getitem__(self, index: npt.ArrayLike | slice | int) -> Detections:
        """A new Detections of the rows picked by a boolean mask, an index array, a slice or one index."""
        if isinstance(index, (int, np.integer)):
            index = [int(index)]
        if not isinstance(index, slice):
            index = np.asarray(index)
            if index.dtype == bool:
                if index.shape != (len(self),):
                    raise DetectionsError(
                        f"Detections mask: expected shape ({len(self)},), got {index.shape}"
                    )
            else:
                index = index.astype(np.int64).reshape(-1)
        return Detections(
            self.boxes[index],
            self.corners[index],
            self.class_id[index],
            self.confidence[index],
            None if self.track_id is None else self.track_id[index],
        )

    @property
    def centers(self) -> np.ndarray:
        """(N, 2) box centres in frame pixels."""
        return np.stack(
            [(self.boxes[:, 0] + self.boxes[:, 2]) / 2, (self.boxes[:, 1] + self.boxes[:, 3]) / 2], 1
        )

    @property
    def sideways(self) -> np.ndarray:
        """(N,) bool: the box is wider than tall (a tile turned sideways, as seen by this camera)."""
        return (self.boxes[:, 2] - self.boxes[:, 0]) > (self.boxes[:, 3] - self.boxes[:, 1])

    def to_yolo_rows(self, width: int, height: int) -> list[tuple[int, float, float, float, float, float]]:
        """Rows `(class, xc, yc, w, h, confidence)` normalised by the frame size."""
        b = self.boxes.astype(np.float64)
        xc, yc = (b[:, 0] + b[:, 2]) / 2 / width, (b[:, 1] + b[:, 3]) / 2 / height
        w, h = (b[:, 2] - b[:, 0]) / width, (b[:, 3] - b[:, 1]) / height
        return [
            (int(c), float(x), float(y), float(ww), float(hh), float(p))
            for c, x, y, ww, hh, p in zip(self.class_id, xc, yc, w, h, self.confidence, strict=True)
        ]

    @staticmethod
    def concat(parts: Sequence[Detections]) -> Detections:
        """All rows of several sets, in order (track ids kept only if every part has them)."""
        if not parts:
            return Detections.empty()
        tracks = None
        if all(p.track_id is not None for p in parts):
            tracks = np.concatenate([p.track_id for p in parts])  # type: ignore[misc]
        return Detections(
            np.concatenate([p.boxes for p in parts]),
            np.concatenate([p.corners for p in parts]),
            np.concatenate([p.class_id for p in parts]),
            np.concatenate([p.confidence for p in parts]),
            tracks,
        )


def box_corners(boxes: np.ndarray) -> np.ndarray:
    """(N, 4, 2) corners of xyxy boxes, clockwise from top-left."""
    x1, y1, x2, y2 = boxes[:, 0], boxes[:, 1], boxes[:, 2], boxes[:, 3]
    return np.stack(
        [np.stack([x1, y1], 1), np.stack([x2, y1], 1), np.stack([x2, y2], 1), np.stack([x1, y2], 1)], 1
    )

"""The tile localizer: a YOLOv8 ONNX model that finds tiles (any face or a back) as boxes, run by onnxruntime.

Input: a BGR frame of any size; it is letterboxed to the model's square input (grey border, as in training).
Output: boxes in frame pixels with a score, and a class id when the model has more than one class (a
one-class localizer leaves naming to the classifier). A model exported with a dynamic input runs at any
multiple of 32 (`imgsz`): larger for a whole table seen from above, where tiles are small.

After non-maximum suppression each kept box is replaced by the score-weighted mean of the candidate boxes
that overlap it (`vote_iou`, "box voting"): the small localizer's single boxes are noisy (+-15 % in size),
their average is closer to the tile, which lifts tile F1 on real photos (docs/vision.md).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import cv2
import numpy as np
from riichi_table.vision.errors import VisionError
from riichi_table.vision.onnx_session import metadata, open_session


@dataclass(frozen=True)
class Boxes:
    """Raw localizer output in frame pixels: xyxy (N, 4), score (N,), class_id (N,)."""

    xyxy: np.ndarray
    score: np.ndarray
    class_id: np.ndarray


def letterbox(frame: np.ndarray, size: int) -> tuple[np.ndarray, float, tuple[int, int]]:
    """Resize keeping the aspect ratio and pad to size x size; returns (image, scale, (pad_x, pad_y))."""
    h, w = frame.shape[:2]
    scale = min(size / h, size / w)
    nw, nh = round(w * scale), round(h * scale)
    resized = cv2.resize(frame, (nw, nh), interpolation=cv2.INTER_AREA if scale < 1 else cv2.INTER_LINEAR)
    px, py = (size - nw) // 2, (size - nh) // 2
    out = np.full((size, size, 3), 114, np.uint8)
    out[py : py + nh, px : px + nw] = resized
    return out, scale, (px, py)


def vote_boxes(kept: np.ndarray, candidates: np.ndarray, score: np.ndarray, min_iou: float) -> np.ndarray:
    """Each kept xyxy box replaced by the score-weighted mean of the candidates it overlaps by >= min_iou."""
    if not len(kept):
        return kept
    x1 = np.maximum(kept[:, None, 0], candidates[None, :, 0])
    y1 = np.maximum(kept[:, None, 1], candidates[None, :, 1])
    x2 = np.minimum(kept[:, None, 2], candidates[None, :, 2])
    y2 = np.minimum(kept[:, None, 3], candidates[None, :, 3])
    inter = np.clip(x2 - x1, 0, None) * np.clip(y2 - y1, 0, None)
    area_k = (kept[:, 2] - kept[:, 0]) * (kept[:, 3] - kept[:, 1])
    area_c = (candidates[:, 2] - candidates[:, 0]) * (candidates[:, 3] - candidates[:, 1])
    iou = inter / np.maximum(area_k[:, None] + area_c[None, :] - inter, 1e-9)
    weights = (iou >= min_iou) * score[None, :]
    total = weights.sum(1, keepdims=True)
    # A kept box always overlaps itself, so `total` > 0; the guard only protects degenerate (empty) boxes.
    return np.where(total > 0, (weights @ candidates) / np.maximum(total, 1e-12), kept).astype(np.float32)


class Localizer:
    """Find tiles in a frame with a YOLOv8 detection model exported to ONNX."""

    def __init__(
        self,
        path: Path,
        conf: float = 0.25,
        iou: float = 0.4,
        threads: int = 0,
        imgsz: int | None = None,
        vote_iou: float = 0.55,
    ) -> None:
        self.session = open_session(path, threads)
        meta = metadata(self.session)
        shape = self.session.get_inputs()[0].shape
        trained = meta.get("imgsz", [shape[2], shape[3]])
        self.size = int(trained[0] if isinstance(trained, (list, tuple)) else trained)
        if imgsz is not None:
            if isinstance(shape[2], int) and imgsz != shape[2]:
                raise VisionError(f"localizer {path} has a fixed {shape[2]} px input, not {imgsz} px")
            if imgsz % 32:
                raise VisionError(f"localizer input size must be a multiple of 32, got {imgsz}")
            self.size = imgsz
        self.names: dict[int, str] = meta.get("names", {0: "tile"})
        self.conf = conf
        self.iou = iou
        if not 0.0 <= vote_iou <= 1.0:
            raise VisionError(f"vote_iou must be in 0..1 (0: no box voting), got {vote_iou}")
        self.vote_iou = vote_iou
        self._input = self.session.get_inputs()[0].name

    def __call__(self, frame: np.ndarray) -> Boxes:
        """Boxes of the tiles in a BGR uint8 frame, in its pixels (one pass at the model's input size)."""
        xyxy, score, class_id = self.candidates(frame)
        return self.merge(frame, xyxy, score, class_id)

    def candidates(
        self, frame: np.ndarray, shrink: float = 1.0, window: tuple[int, int, int, int] | None = None
    ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """Raw boxes above `conf` (before NMS) in frame pixels: xyxy, score, class id.

        `window` (x1, y1, x2, y2) runs the model on that part of the frame only (a tiled pass for small
        tiles); `shrink` < 1 letterboxes the frame smaller than the input, padded grey, so that huge tiles
        (a close-up) appear at the size the model was trained on.
        """
        ox, oy = 0, 0
        if window is not None:
            ox, oy, x2, y2 = window
            frame = frame[oy:y2, ox:x2]
        inner = max(32, round(self.size * shrink))
        image, scale, (px, py) = letterbox(frame, inner)
        if inner != self.size:
            canvas = np.full((self.size, self.size, 3), 114, np.uint8)
            off = (self.size - inner) // 2
            canvas[off : off + inner, off : off + inner] = image
            image, px, py = canvas, px + off, py + off
        blob = np.ascontiguousarray(image[:, :, ::-1].transpose(2, 0, 1)[None], dtype=np.float32) / 255.0
        (out,) = self.session.run(None, {self._input: blob})
        pred = out[0]  # (4 + nc, anchors)
        if pred.ndim != 2 or pred.shape[0] < 5:
            raise VisionError(f"localizer output: expected (1, 4+classes, anchors), got {out.shape}")
        scores_all = pred[4:]
        class_id = scores_all.argmax(0)
        score = scores_all[class_id, np.arange(pred.shape[1])]
        keep = score >= self.conf
        xywh, score, class_id = pred[:4, keep].T, score[keep], class_id[keep]
        xyxy = np.concatenate([xywh[:, :2] - xywh[:, 2:] / 2, xywh[:, :2] + xywh[:, 2:] / 2], 1)
        xyxy = (xyxy - np.array([px, py, px, py], np.float32)) / scale
        xyxy = xyxy + np.array([ox, oy, ox, oy], np.float32)
        return xyxy.astype(np.float32).reshape(-1, 4), score.astype(np.float32), class_id.astype(np.int64)

    def merge(self, frame: np.ndarray, xyxy: np.ndarray, score: np.ndarray, class_id: np.ndarray) -> Boxes:
        """Class-agnostic NMS, box voting and clipping of candidate boxes (from one pass or several)."""
        if not len(score):
            return Boxes(np.zeros((0, 4), np.float32), np.zeros(0, np.float32), np.zeros(0, np.int64))
        # Class-agnostic NMS: two classes never share one tile.
        rects = np.concatenate([xyxy[:, :2], xyxy[:, 2:] - xyxy[:, :2]], 1)
        idx = cv2.dnn.NMSBoxes(rects.tolist(), score.tolist(), self.conf, self.iou)
        idx = np.asarray(idx, np.int64).reshape(-1)
        kept = vote_boxes(xyxy[idx], xyxy, score, self.vote_iou) if self.vote_iou else xyxy[idx]
        h, w = frame.shape[:2]
        kept = np.clip(kept, 0, [w, h, w, h]).astype(np.float32)
        return Boxes(kept, score[idx].astype(np.float32), class_id[idx].astype(np.int64))


# Multi-scale reading (docs/vision.md, "Scale"): the model was trained on photos where a tile's long side is
# ~40 px of its 320 px input (hk-real median 0.13 of the width) and finds tiles best at 40-60 px. A first
# pass measures the tiles found. When they look big (`TOO_BIG_PX`, a close-up; the split boxes of a close-up
# under-measure them) or nothing is found, the frame is read again shrunk inside the input so tiles appear
# at ~`TARGET_PX`. When they look small (`TOO_SMALL_PX`, or fewer than `FEW` found) in a large frame
# (`LARGE_FRAME_PX`; a small photo has no pixels to zoom into), it is read again in overlapping windows.
TARGET_PX = 45.0
ZOOM_PX = 80.0  # the first pass over-measures small tiles (its few boxes are the bigger ones)
TOO_BIG_PX = 64.0
TOO_SMALL_PX = 28.0
FEW = 3
SHRINK_RANGE = (0.3, 0.6)
BLIND_SHRINK = 0.35  # nothing found at all: most likely tiles too big to be seen
MIN_ZOOM, MAX_ZOOM = 2.0, 6.0
LARGE_FRAME_PX = 960
WINDOW_OVERLAP = 0.25


def _windows(w: int, h: int, zoom: float) -> list[tuple[int, int, int, int]]:
    """Overlapping windows, each 1/zoom of the frame's long side (square-ish), covering the frame."""
    side = max(32, round(max(w, h) / zoom))
    step = max(1, int(side * (1 - WINDOW_OVERLAP)))

    def starts(length: int) -> list[int]:
        if length <= side:
            return [0]
        out = list(range(0, length - side, step))
        return [*out, length - side]

    return [(x, y, min(w, x + side), min(h, y + side)) for y in starts(h) for x in starts(w)]


def _inside_window(xyxy: np.ndarray, window: tuple[int, int, int, int], w: int, h: int) -> np.ndarray:
    """Boxes not touching a window edge that lies inside the frame (those are tiles cut by the window)."""
    x1, y1, x2, y2 = window
    m = 2.0
    ok = np.ones(len(xyxy), bool)
    if x1 > 0:
        ok &= xyxy[:, 0] > x1 + m
    if y1 > 0:
        ok &= xyxy[:, 1] > y1 + m
    if x2 < w:
        ok &= xyxy[:, 2] < x2 - m
    if y2 < h:
        ok &= xyxy[:, 3] < y2 - m
    return ok


def seen_size(localizer: Localizer, frame: np.ndarray, boxes: Boxes) -> float:
    """Median long side of the boxes as the model saw them (pixels of its input), 0 without boxes."""
    if not len(boxes.score):
        return 0.0
    long_side = np.maximum(boxes.xyxy[:, 2] - boxes.xyxy[:, 0], boxes.xyxy[:, 3] - boxes.xyxy[:, 1])
    return float(np.median(long_side)) * localizer.size / max(frame.shape[:2])


def localize_multiscale(localizer: Localizer, frame: np.ndarray) -> Boxes:
    """Tiles at any scale: a first pass, then a pass at the scale the tiles found need (docs/vision.md).

    A close-up's shrunk pass replaces the first (whose split boxes would survive a merge); the windows of a
    large frame are merged with the first pass through one NMS + box voting, boxes cut by a window's inner
    edge dropped (the overlap shows those tiles whole in a neighbouring window).
    """
    first_c = localizer.candidates(frame)
    first = localizer.merge(frame, *first_c)
    seen = seen_size(localizer, frame, first)
    h, w = frame.shape[:2]
    if seen > TOO_BIG_PX or seen == 0:
        shrink = float(np.clip(TARGET_PX / seen, *SHRINK_RANGE)) if seen else BLIND_SHRINK
        shrunk = localizer.merge(frame, *localizer.candidates(frame, shrink=shrink))
        if len(shrunk.score) or seen > TOO_BIG_PX:
            return shrunk if len(shrunk.score) else first
    if (seen < TOO_SMALL_PX or len(first.score) < FEW) and max(h, w) >= LARGE_FRAME_PX:
        zoom = ZOOM_PX / seen if 0 < seen < TOO_SMALL_PX else MAX_ZOOM
        zoom = float(np.clip(zoom, MIN_ZOOM, min(MAX_ZOOM, max(h, w) / localizer.size)))
        parts = [first_c]
        for window in _windows(w, h, zoom):
            xyxy, score, cls = localizer.candidates(frame, window=window)
            ok = _inside_window(xyxy, window, w, h)
            parts.append((xyxy[ok], score[ok], cls[ok]))
        return localizer.merge(frame, *_join(parts))
    return first


def _join(
    parts: list[tuple[np.ndarray, np.ndarray, np.ndarray]],
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    return (
        np.concatenate([p[0] for p in parts]).reshape(-1, 4),
        np.concatenate([p[1] for p in parts]),
        np.concatenate([p[2] for p in parts]),
    )

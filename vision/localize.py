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
        """Boxes of the tiles in a BGR uint8 frame, in its pixels."""
        image, scale, (px, py) = letterbox(frame, self.size)
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
        if not len(score):
            return Boxes(np.zeros((0, 4), np.float32), np.zeros(0, np.float32), np.zeros(0, np.int64))
        xyxy = np.concatenate([xywh[:, :2] - xywh[:, 2:] / 2, xywh[:, :2] + xywh[:, 2:] / 2], 1)
        # Class-agnostic NMS: two classes never share one tile.
        rects = np.concatenate([xyxy[:, :2], xyxy[:, 2:] - xyxy[:, :2]], 1)
        idx = cv2.dnn.NMSBoxes(rects.tolist(), score.tolist(), self.conf, self.iou)
        idx = np.asarray(idx, np.int64).reshape(-1)
        kept = vote_boxes(xyxy[idx], xyxy, score, self.vote_iou) if self.vote_iou else xyxy[idx]
        xyxy = (kept - np.array([px, py, px, py], np.float32)) / scale
        h, w = frame.shape[:2]
        xyxy = np.clip(xyxy, 0, [w, h, w, h]).astype(np.float32)
        return Boxes(xyxy, score[idx].astype(np.float32), class_id[idx].astype(np.int64))

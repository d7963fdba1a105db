"""Detection metrics on labelled photos: localisation recall/precision, class accuracy, tile F1, mAP50.

Matching is greedy by confidence at box IoU >= 0.5. Kinds are compared as tile kinds 0..33 with red fives
counted as their five (a data set without red fives cannot tell them apart). Predictions on "ignore" boxes
(flower and season tiles in hk-real) are dropped: neither right nor wrong.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

import numpy as np
from riichi_table.engine.tiles import RED_CLASS

IOU_MATCH = 0.5
_KIND_OF_CLASS = np.array([*range(34), *sorted(RED_CLASS), -1], np.int64)  # 37 (back) -> -1


def kind_of(class_id: np.ndarray) -> np.ndarray:
    """Tile kinds 0..33 of detector classes (red fives -> their five, a back -> -1)."""
    return _KIND_OF_CLASS[np.asarray(class_id, np.int64)]


def iou_matrix(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """(len(a), len(b)) IoU of xyxy boxes."""
    if not len(a) or not len(b):
        return np.zeros((len(a), len(b)), np.float32)
    x1 = np.maximum(a[:, None, 0], b[None, :, 0])
    y1 = np.maximum(a[:, None, 1], b[None, :, 1])
    x2 = np.minimum(a[:, None, 2], b[None, :, 2])
    y2 = np.minimum(a[:, None, 3], b[None, :, 3])
    inter = np.clip(x2 - x1, 0, None) * np.clip(y2 - y1, 0, None)
    area_a = (a[:, 2] - a[:, 0]) * (a[:, 3] - a[:, 1])
    area_b = (b[:, 2] - b[:, 0]) * (b[:, 3] - b[:, 1])
    return inter / np.maximum(area_a[:, None] + area_b[None, :] - inter, 1e-9)


@dataclass(frozen=True)
class ImageEval:
    """One photo: predictions and truth, boxes xyxy in pixels, kinds 0..33 (-1 for a back)."""

    pred_boxes: np.ndarray
    pred_kind: np.ndarray
    pred_conf: np.ndarray
    true_boxes: np.ndarray
    true_kind: np.ndarray
    ignore_boxes: np.ndarray


def _greedy(iou: np.ndarray, order: np.ndarray, allowed: np.ndarray | None = None) -> np.ndarray:
    """For each prediction (in `order`) the index of its matched truth or -1."""
    match = np.full(iou.shape[0], -1, np.int64)
    taken = np.zeros(iou.shape[1], bool)
    for p in order:
        cand = iou[p].copy()
        cand[taken] = 0
        if allowed is not None:
            cand[~allowed[p]] = 0
        if cand.size and cand.max() >= IOU_MATCH:
            t = int(cand.argmax())
            match[p] = t
            taken[t] = True
    return match


def _drop_ignored(ev: ImageEval) -> ImageEval:
    if not len(ev.ignore_boxes) or not len(ev.pred_boxes):
        return ev
    on_tile = (
        iou_matrix(ev.pred_boxes, ev.true_boxes).max(1)
        if len(ev.true_boxes)
        else np.zeros(len(ev.pred_boxes))
    )
    on_ignored = iou_matrix(ev.pred_boxes, ev.ignore_boxes).max(1)
    keep = ~((on_ignored >= IOU_MATCH) & (on_ignored > on_tile))
    return ImageEval(
        ev.pred_boxes[keep],
        ev.pred_kind[keep],
        ev.pred_conf[keep],
        ev.true_boxes,
        ev.true_kind,
        ev.ignore_boxes,
    )


@dataclass(frozen=True)
class Report:
    """Summary figures over a set of photos."""

    images: int
    truths: int
    predictions: int
    loc_recall: float
    loc_precision: float
    cls_accuracy: float
    tile_f1: float
    map50: float

    def line(self) -> str:
        return (
            f"loc R {self.loc_recall:.3f} P {self.loc_precision:.3f} | cls acc {self.cls_accuracy:.4f} | "
            f"tile F1 {self.tile_f1:.3f} | mAP50 {self.map50:.3f}"
            f"  ({self.images} images, {self.truths} tiles)"
        )


def _ap(conf: np.ndarray, hit: np.ndarray, n_true: int) -> float:
    if n_true == 0:
        return float("nan")
    if not len(conf):
        return 0.0
    order = np.argsort(-conf)
    tp = np.cumsum(hit[order])
    fp = np.cumsum(~hit[order])
    recall = tp / n_true
    precision = tp / np.maximum(tp + fp, 1e-9)
    # All-point interpolation (the area under the monotone precision envelope), as VOC 2010+ and COCO do.
    mrec = np.concatenate([[0.0], recall, [1.0]])
    mpre = np.concatenate([[1.0], precision, [0.0]])
    mpre = np.maximum.accumulate(mpre[::-1])[::-1]
    steps = np.where(mrec[1:] != mrec[:-1])[0]
    return float(np.sum((mrec[steps + 1] - mrec[steps]) * mpre[steps + 1]))


def evaluate(images: Iterable[ImageEval]) -> Report:
    """Aggregate metrics over photos (see the module docstring)."""
    n_img = n_true = n_pred = loc_hit = cls_hit = 0
    per_kind: dict[int, tuple[list[float], list[bool]]] = {}
    true_per_kind: dict[int, int] = {}
    for raw in images:
        ev = _drop_ignored(raw)
        n_img += 1
        n_true += len(ev.true_boxes)
        n_pred += len(ev.pred_boxes)
        for k in ev.true_kind.tolist():
            true_per_kind[k] = true_per_kind.get(k, 0) + 1
        iou = iou_matrix(ev.pred_boxes, ev.true_boxes)
        order = np.argsort(-ev.pred_conf)
        match = _greedy(iou, order)
        matched = match >= 0
        loc_hit += int(matched.sum())
        cls_hit += int((ev.pred_kind[matched] == ev.true_kind[match[matched]]).sum())
        same = ev.pred_kind[:, None] == ev.true_kind[None, :]
        kind_match = _greedy(iou, order, same)
        for p in range(len(ev.pred_boxes)):
            confs, hits = per_kind.setdefault(int(ev.pred_kind[p]), ([], []))
            confs.append(float(ev.pred_conf[p]))
            hits.append(bool(kind_match[p] >= 0))
    aps = [
        _ap(np.array(per_kind.get(k, ([], []))[0]), np.array(per_kind.get(k, ([], []))[1], bool), n)
        for k, n in true_per_kind.items()
    ]
    return Report(
        images=n_img,
        truths=n_true,
        predictions=n_pred,
        loc_recall=loc_hit / max(n_true, 1),
        loc_precision=loc_hit / max(n_pred, 1),
        cls_accuracy=cls_hit / max(loc_hit, 1),
        tile_f1=2 * cls_hit / max(n_true + n_pred, 1),
        map50=float(np.mean(aps)) if aps else 0.0,
    )

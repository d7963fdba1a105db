"""Calibrated confidence: map the reader's raw box score to the chance that the box is a right tile.

The raw confidence (localizer score x classifier probability) ranks boxes well but its values mean little
(docs/vision.md). An isotonic regression (pool-adjacent-violators) fitted on labelled photos of the
training split, never the validation photos, maps it to the share of boxes that were right (IoU >= 0.5 with
a true tile of the same kind); between the fitted points it is interpolated linearly, so the map is
monotone: a higher raw score never gets a lower calibrated one. Stored as JSON next to the models.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

import numpy as np
from riichi_table.vision.errors import VisionError
from riichi_table.vision.metrics import IOU_MATCH, iou_matrix

CALIBRATION_FILE = "confidence_calibration.json"
CHECK_AT = (0.5, 0.7, 0.9)


class CalibrationFileError(VisionError):
    """A confidence calibration file is missing fields, not monotone or not JSON."""


@dataclass(frozen=True)
class ScoreCalibration:
    """A monotone map raw -> calibrated (both increasing arrays in 0..1), applied by interpolation."""

    raw: np.ndarray
    calibrated: np.ndarray
    fitted_on: str = ""

    def __post_init__(self) -> None:
        raw = np.asarray(self.raw, np.float64)
        cal = np.asarray(self.calibrated, np.float64)
        if raw.ndim != 1 or raw.shape != cal.shape or len(raw) < 2:
            raise CalibrationFileError(
                "calibration: raw and calibrated must be two lists of the same length >= 2"
            )
        if np.any(np.diff(raw) < 0) or np.any(np.diff(cal) < 0):
            raise CalibrationFileError("calibration: raw and calibrated must both be non-decreasing")
        if raw.min() < 0 or raw.max() > 1 or cal.min() < 0 or cal.max() > 1:
            raise CalibrationFileError("calibration: values must lie in 0..1")
        object.__setattr__(self, "raw", raw)
        object.__setattr__(self, "calibrated", cal)

    def __call__(self, raw: np.ndarray) -> np.ndarray:
        return np.interp(np.asarray(raw, np.float64), self.raw, self.calibrated).astype(np.float32)

    def save(self, path: Path) -> None:
        data = {
            "what": "isotonic map of the reader's raw box confidence to the share of right boxes",
            "fitted_on": self.fitted_on,
            "raw": [round(float(v), 5) for v in self.raw],
            "calibrated": [round(float(v), 5) for v in self.calibrated],
        }
        path.write_text(json.dumps(data, indent=1) + "\n")

    @classmethod
    def load(cls, path: Path) -> ScoreCalibration:
        try:
            data = json.loads(Path(path).read_text())
            return cls(np.array(data["raw"]), np.array(data["calibrated"]), str(data.get("fitted_on", "")))
        except (OSError, ValueError, KeyError, TypeError) as exc:
            raise CalibrationFileError(f"confidence calibration {path} cannot be read: {exc}") from exc


def isotonic(x: np.ndarray, y: np.ndarray, weight: np.ndarray | None = None) -> tuple[np.ndarray, np.ndarray]:
    """Pool-adjacent-violators: the non-decreasing step fit of y on x; returns (block x means, block y)."""
    order = np.argsort(x, kind="stable")
    xs, ys = np.asarray(x, np.float64)[order], np.asarray(y, np.float64)[order]
    ws = np.ones_like(ys) if weight is None else np.asarray(weight, np.float64)[order]
    val: list[float] = []
    wt: list[float] = []
    xsum: list[float] = []
    for xv, yv, wv in zip(xs, ys, ws, strict=True):
        val.append(yv)
        wt.append(wv)
        xsum.append(xv * wv)
        while len(val) > 1 and val[-2] > val[-1]:
            w2 = wt[-2] + wt[-1]
            val[-2] = (val[-2] * wt[-2] + val[-1] * wt[-1]) / w2
            xsum[-2] += xsum[-1]
            wt[-2] = w2
            del val[-1], wt[-1], xsum[-1]
    return np.array(xsum) / np.array(wt), np.array(val)


def fit(raw: np.ndarray, right: np.ndarray, fitted_on: str = "", min_block: int = 50) -> ScoreCalibration:
    """Fit the map on boxes' raw confidences and whether each was right; blocks of < min_block are pooled."""
    raw = np.asarray(raw, np.float64)
    right = np.asarray(right, np.float64)
    if len(raw) < 2 * min_block:
        raise VisionError(f"calibration needs at least {2 * min_block} boxes, got {len(raw)}")
    # Pre-bin into quantile groups of min_block boxes so that no point rests on a handful of boxes.
    order = np.argsort(raw, kind="stable")
    groups = np.array_split(order, max(2, len(raw) // min_block))
    gx = np.array([raw[g].mean() for g in groups])
    gy = np.array([right[g].mean() for g in groups])
    gw = np.array([len(g) for g in groups], np.float64)
    bx, by = isotonic(gx, gy, gw)
    xs = np.concatenate([[0.0], bx, [1.0]])
    ys = np.concatenate([[0.0], by, [max(by[-1], by[-1])]])
    xs = np.maximum.accumulate(np.clip(xs, 0, 1))
    return ScoreCalibration(xs, np.clip(ys, 0, 1), fitted_on)


def box_outcomes(
    pred_boxes: np.ndarray,
    pred_kind: np.ndarray,
    pred_conf: np.ndarray,
    true_boxes: np.ndarray,
    true_kind: np.ndarray,
    ignore_boxes: np.ndarray,
) -> tuple[np.ndarray, np.ndarray]:
    """(confidence, right) of each prediction not on an ignored tile; right = IoU >= 0.5 and the same kind.

    Matching is greedy by confidence, one truth per prediction (as in `vision.metrics`).
    """
    conf = np.asarray(pred_conf, np.float64)
    keep = np.ones(len(conf), bool)
    iou = iou_matrix(pred_boxes, true_boxes)
    if len(ignore_boxes) and len(pred_boxes):
        on_ign = iou_matrix(pred_boxes, ignore_boxes).max(1)
        on_tile = iou.max(1) if iou.shape[1] else np.zeros(len(conf))
        keep = ~((on_ign >= IOU_MATCH) & (on_ign > on_tile))
    right = np.zeros(len(conf), bool)
    taken = np.zeros(len(true_boxes), bool)
    for p in np.argsort(-conf):
        if not keep[p] or not len(true_boxes):
            continue
        cand = np.where((pred_kind[p] == true_kind) & ~taken, iou[p], 0)
        if cand.max() >= IOU_MATCH:
            taken[int(cand.argmax())] = True
            right[p] = True
    return conf[keep], right[keep]


def reliability(
    conf: np.ndarray, right: np.ndarray, at: tuple[float, ...] = CHECK_AT
) -> list[tuple[float, int, float]]:
    """For each c: (c, boxes with confidence >= c, share of them right)."""
    out = []
    for c in at:
        sel = conf >= c
        out.append((c, int(sel.sum()), float(right[sel].mean()) if sel.any() else float("nan")))
    return out

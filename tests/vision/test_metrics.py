"""Detection metrics: perfect answers score 1, a wrong kind costs F1 (not recall), ignored tiles are out."""

from __future__ import annotations

import numpy as np
from riichi_table.vision.metrics import ImageEval, evaluate

BOXES = np.array([[0, 0, 10, 14], [20, 0, 30, 14], [40, 0, 50, 14]], np.float32)
NONE = np.zeros((0, 4), np.float32)


def test_perfect_predictions_score_one() -> None:
    r = evaluate([ImageEval(BOXES, np.array([1, 2, 3]), np.ones(3), BOXES, np.array([1, 2, 3]), NONE)])
    assert (r.loc_recall, r.loc_precision, r.cls_accuracy, r.tile_f1, r.map50) == (1, 1, 1, 1, 1)


def test_a_wrong_kind_is_localised_but_not_a_tile_hit() -> None:
    r = evaluate([ImageEval(BOXES, np.array([1, 2, 9]), np.ones(3), BOXES, np.array([1, 2, 3]), NONE)])
    assert r.loc_recall == 1 and abs(r.cls_accuracy - 2 / 3) < 1e-9 and abs(r.tile_f1 - 2 / 3) < 1e-9


def test_a_prediction_on_an_ignored_tile_is_neither_right_nor_wrong() -> None:
    ignore = np.array([[60, 0, 70, 14]], np.float32)
    pred = np.concatenate([BOXES, ignore])
    r = evaluate([ImageEval(pred, np.array([1, 2, 3, 5]), np.ones(4), BOXES, np.array([1, 2, 3]), ignore)])
    assert r.loc_precision == 1 and r.tile_f1 == 1


def test_a_missed_tile_lowers_recall() -> None:
    r = evaluate([ImageEval(BOXES[:2], np.array([1, 2]), np.ones(2), BOXES, np.array([1, 2, 3]), NONE)])
    assert abs(r.loc_recall - 2 / 3) < 1e-9 and r.loc_precision == 1

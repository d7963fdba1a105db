"""Blobs labelled the cheap way on a nearly empty mask are the ones OpenCV's own statistics give
(vision/blobs.py)."""

from __future__ import annotations

import cv2
import numpy as np
import pytest
from riichi_table.vision.blobs import SPARSE, blobs


def _same_as_opencv(mask: np.ndarray, connectivity: int) -> None:
    n, labels, stats, centroids = cv2.connectedComponentsWithStats(mask, connectivity=connectivity)
    m, ours, our_stats, our_centroids = blobs(mask, connectivity)
    assert m == n
    assert np.array_equal(ours, labels)
    assert np.array_equal(our_stats, stats)
    assert np.allclose(our_centroids, centroids)


@pytest.mark.parametrize("connectivity", [4, 8])
def test_specks_strips_and_diagonal_neighbours_get_opencvs_labels_and_statistics(connectivity: int) -> None:
    rng = np.random.default_rng(3)
    for _ in range(20):
        mask = np.zeros((180, 240), np.uint8)
        for x, y in rng.integers(0, 230, size=(int(rng.integers(1, 30)), 2)):
            mask[y % 175 : y % 175 + rng.integers(1, 5), x : x + rng.integers(1, 9)] = 255
        mask[50, 50] = mask[51, 51] = 255  # one blob joined corner to corner, two side by side only
        assert cv2.countNonZero(mask) <= SPARSE
        _same_as_opencv(mask, connectivity)


def test_an_empty_mask_a_set_edge_and_a_dense_mask_give_what_opencv_gives() -> None:
    empty = np.zeros((90, 120), np.uint8)
    edge = empty.copy()
    edge[:, 0] = 1  # a whole column set: the unset pixels' box no longer starts at the left
    dense = (np.random.default_rng(5).random((400, 400)) < 0.4).astype(np.uint8)
    assert cv2.countNonZero(dense) > SPARSE
    for mask in (empty, edge, dense):
        for connectivity in (4, 8):
            _same_as_opencv(mask, connectivity)

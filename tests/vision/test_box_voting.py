"""Box voting: a kept box becomes the score-weighted mean of the candidates that overlap it."""

import numpy as np
from riichi_table.vision.localize import vote_boxes


def test_a_kept_box_moves_to_the_weighted_mean_of_its_overlapping_candidates():
    kept = np.array([[10, 10, 30, 40]], np.float32)
    candidates = np.array([[10, 10, 30, 40], [12, 10, 32, 40], [200, 200, 220, 230]], np.float32)
    score = np.array([0.9, 0.3, 0.99], np.float32)
    (box,) = vote_boxes(kept, candidates, score, min_iou=0.55)
    # the far candidate has no say however confident it is; x moves a quarter of the way to the weaker one
    np.testing.assert_allclose(box, [10.5, 10, 30.5, 40], atol=1e-4)


def test_voting_keeps_one_box_per_kept_box_and_leaves_lone_boxes_alone():
    kept = np.array([[0, 0, 10, 10], [50, 50, 60, 60]], np.float32)
    voted = vote_boxes(kept, kept.copy(), np.array([0.5, 0.8], np.float32), min_iou=0.55)
    np.testing.assert_allclose(voted, kept)
    assert vote_boxes(kept[:0], kept, np.array([0.5, 0.8], np.float32), 0.55).shape == (0, 4)

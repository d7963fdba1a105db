"""The learned low-rank metric of a tile-set profile (`vision.profile_metric`)."""

from __future__ import annotations

import numpy as np
from riichi_table.vision.embedder import normalise
from riichi_table.vision.profile_metric import apply_metric, refine_metric


def _two_close_kinds(seed: int = 0) -> tuple[np.ndarray, np.ndarray]:
    """Unit points of two classes whose means differ a little along one direction, with a large shared noise
    along that direction and another one: told apart by the difference of the two, which the class means
    do not point along."""
    rng = np.random.default_rng(seed)
    n, dim = 200, 32
    rows = np.repeat([0, 1], n)
    x = rng.normal(0, 0.2, (2 * n, dim))
    shared = rng.normal(0, 2.0, 2 * n)
    x[:, 0] = 8.0
    x[:, 1] += np.where(rows == 0, -0.6, 0.6) + shared
    x[:, 2] += shared
    return normalise(x.astype(np.float32)), rows


def test_with_no_map_the_features_are_unchanged_and_a_zero_map_is_the_identity() -> None:
    feats = normalise(np.random.default_rng(1).normal(size=(5, 16)).astype(np.float32))
    assert apply_metric(feats, None, None) is feats
    zero = np.zeros((16, 4), np.float32)
    assert np.allclose(apply_metric(feats, zero, np.ones((16, 4), np.float32)), feats, atol=1e-6)


def test_the_learned_map_names_look_alike_kinds_better_than_the_class_means() -> None:
    feats, rows = _two_close_kinds()
    means = normalise(np.stack([feats[rows == c].mean(0) for c in (0, 1)]))
    before = float(((feats @ means.T).argmax(1) == rows).mean())
    u, v, protos = refine_metric(feats, rows, means, scale=20.0, rank=4, epochs=20)
    after = float(((apply_metric(feats, u, v) @ protos.T).argmax(1) == rows).mean())
    test, test_rows = _two_close_kinds(seed=7)  # new points of the same two kinds
    held = float(((apply_metric(test, u, v) @ protos.T).argmax(1) == test_rows).mean())
    assert u.shape == v.shape == (32, 4) and np.allclose(np.linalg.norm(protos, axis=1), 1.0, atol=1e-5)
    assert after > before + 0.15 and held > before + 0.15

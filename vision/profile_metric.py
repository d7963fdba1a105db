"""A learned low-rank metric for a tile-set profile: the embedding mapped by `x + (x V) U^T` before naming.

The base classifier's embedding was trained on few tile styles, so on a new set look-alike kinds lie close
together. `refine_metric` trains a rank-`rank` correction of the identity map (U, V: D x rank) together with
the class prototypes, as a cosine-softmax head on the enrolled crops and their table views (cross-entropy,
Adam, numpy only), so what tells a new set's kinds apart is stretched. With U = 0 the map is the identity,
which is where training starts. Measured with `bench/enroll.py` (docs/vision.md).
"""

from __future__ import annotations

import numpy as np
from numpy.typing import NDArray
from riichi_table.vision.embedder import normalise

METRIC_RANK = 64
METRIC_EPOCHS = 10
METRIC_RATE = 1e-3
METRIC_BATCH = 128


def apply_metric(
    feats: NDArray[np.float32], u: NDArray[np.float32] | None, v: NDArray[np.float32] | None
) -> NDArray[np.float32]:
    """Unit rows of `feats + (feats V) U^T` (the features as they are when the profile has no metric)."""
    if u is None or v is None:
        return feats
    return normalise(feats + (feats @ v) @ u.T)


class _Adam:
    def __init__(self, rate: float) -> None:
        self.rate, self.step, self.moments = rate, 0, {}  # type: ignore[var-annotated]

    def update(self, params: dict[str, NDArray[np.float64]], grads: dict[str, NDArray[np.float64]]) -> None:
        self.step += 1
        for name, grad in grads.items():
            m, v = self.moments.get(name, (np.zeros_like(grad), np.zeros_like(grad)))
            m = 0.9 * m + 0.1 * grad
            v = 0.999 * v + 0.001 * grad * grad
            self.moments[name] = (m, v)
            m_hat, v_hat = m / (1 - 0.9**self.step), v / (1 - 0.999**self.step)
            params[name] -= self.rate * m_hat / (np.sqrt(v_hat) + 1e-8)


def _unit_backward(
    grad: NDArray[np.float64], unit: NDArray[np.float64], norm: NDArray[np.float64]
) -> NDArray[np.float64]:
    """Gradient through row normalisation `unit = raw / norm`."""
    return (grad - unit * np.sum(grad * unit, 1, keepdims=True)) / norm


def refine_metric(
    feats: NDArray[np.float32],
    rows: NDArray[np.int64],
    prototypes: NDArray[np.float32],
    scale: float,
    rank: int = METRIC_RANK,
    epochs: int = METRIC_EPOCHS,
    seed: int = 0,
) -> tuple[NDArray[np.float32], NDArray[np.float32], NDArray[np.float32]]:
    """(U, V, prototypes): a rank-`rank` map and prototypes trained so the unit embeddings `feats` of class
    row `rows` are named right by `scale` x cosine similarity of the mapped features to the prototypes."""
    rng = np.random.default_rng(seed)
    dim = feats.shape[1]
    params = {
        "u": np.zeros((dim, rank)),
        "v": rng.normal(0.0, 1.0 / np.sqrt(dim), (dim, rank)),
        "p": prototypes.astype(np.float64),
    }
    adam = _Adam(METRIC_RATE)
    for _ in range(epochs):
        order = rng.permutation(len(rows))
        for i in range(0, len(rows), METRIC_BATCH):
            pick = order[i : i + METRIC_BATCH]
            x = feats[pick].astype(np.float64)
            xv = x @ params["v"]
            h = x + xv @ params["u"].T
            h_norm = np.linalg.norm(h, axis=1, keepdims=True)
            z = h / h_norm
            p_norm = np.linalg.norm(params["p"], axis=1, keepdims=True)
            p = params["p"] / p_norm
            s = scale * z @ p.T
            s -= s.max(1, keepdims=True)
            prob = np.exp(s)
            prob /= prob.sum(1, keepdims=True)
            prob[np.arange(len(pick)), rows[pick]] -= 1.0
            d_s = (scale / len(pick)) * prob
            d_h = _unit_backward(d_s @ p, z, h_norm)
            d_xv = d_h @ params["u"]
            grads = {
                "u": d_h.T @ xv,
                "v": x.T @ d_xv,
                "p": _unit_backward(d_s.T @ z, p, p_norm),
            }
            adam.update(params, grads)
    return (params["u"].astype(np.float32), params["v"].astype(np.float32),
            normalise(params["p"].astype(np.float32)))  # fmt: skip

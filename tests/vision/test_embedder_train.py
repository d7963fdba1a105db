"""The metric-learned embedder: its style augmentation, a short training that learns, and the exported file
read by the reader's `Embedder` with the same answers as torch gives."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

torch = pytest.importorskip("torch")
pytest.importorskip("onnx")

from riichi_table.vision.embedder import Embedder  # noqa: E402
from riichi_table.vision.embedder_train import (  # noqa: E402
    SIZE,
    augment,
    export_onnx,
    make_model,
    train,
)


def _stripes(class_id: int, n: int, rng: np.random.Generator) -> np.ndarray:
    """Light crops with `class_id + 1` dark vertical strokes in red ink: a toy tile kind per stroke count."""
    crops = np.full((n, SIZE, SIZE, 3), 235, np.uint8)
    for k in range(class_id + 1):
        x = 8 + k * 12
        crops[:, 12:52, x : x + 5] = (40, 40, 200)  # BGR red
    return np.clip(crops + rng.normal(0, 4, crops.shape), 0, 255).astype(np.uint8)


def test_augmentation_keeps_range_and_recolours_inks_not_the_face() -> None:
    rng = np.random.default_rng(0)
    crops = _stripes(2, 64, rng)
    x = torch.from_numpy(np.ascontiguousarray(crops[..., ::-1].transpose(0, 3, 1, 2))).float() / 255
    gen = torch.Generator().manual_seed(1)
    y = augment(x, gen)
    assert y.shape == x.shape and float(y.min()) >= 0 and float(y.max()) <= 1
    # the inks change colour between copies while the face stays the lightest part of most crops
    ink_colour = y[:, :, 30, 10]  # a pixel of the first stroke (before any turn)
    assert float(ink_colour.std(0).mean()) > 0.05
    face = y[:, :, 4:60, 4:60].mean((1, 2, 3))
    assert float((face > 0.35).float().mean()) > 0.8


@pytest.mark.slow
def test_a_short_training_tells_strokes_apart_and_the_onnx_file_answers_as_torch(tmp_path: Path) -> None:
    rng = np.random.default_rng(0)
    data = {"toy": (np.concatenate([_stripes(c, 24, rng) for c in range(4)]), np.repeat(np.arange(4), 24))}
    model = train(
        data, minutes=5, device="cpu", batch=32, seed=0, steps=80, widths=(8, 16, 32, 32), log=lambda _: None
    )
    test = np.concatenate([_stripes(c, 4, rng) for c in range(4)])
    out = export_onnx(model, tmp_path / "embedder.onnx", {"toy": True})
    embedder = Embedder(out, threads=1)
    probs, feats = embedder.run(test)
    assert embedder.dim == feats.shape[1] and np.allclose(np.linalg.norm(feats, axis=1), 1, atol=1e-4)
    assert (probs.argmax(1) == np.repeat(np.arange(4), 4)).mean() >= 0.75
    # torch on the same crops and their half turns (as `Embedder.run` averages) gives the same answer
    x = torch.from_numpy(np.ascontiguousarray(test[..., ::-1].transpose(0, 3, 1, 2))).float() / 255
    with torch.no_grad():
        p = (model(x)[0] + model(torch.flip(x, (2, 3)))[0]) / 2
    assert np.allclose(p.numpy()[:, :38], probs, atol=1e-4)


def test_the_model_is_small_enough_for_the_models_folder() -> None:
    weights = sum(p.numel() for p in make_model().parameters())
    assert weights * 4 < 25e6

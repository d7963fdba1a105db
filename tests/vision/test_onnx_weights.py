"""The shipped localizer unfolds into trainable weights that compute what the ONNX file computes."""

from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np
import pytest
from riichi_table.vision.errors import VisionError

pytest.importorskip("ultralytics")
pytestmark = pytest.mark.slow

SHIPPED = Path(__file__).resolve().parents[2] / "models" / "localizer.onnx"


def _photos(folder: Path, count: int = 6) -> list[Path]:
    rng = np.random.default_rng(0)
    folder.mkdir(parents=True)
    paths = []
    for i in range(count):
        image = np.full((240, 320, 3), rng.integers(40, 200, 3), np.uint8)
        for _ in range(8):  # light tile-like blocks on the cloth
            x, y = int(rng.integers(0, 280)), int(rng.integers(0, 190))
            cv2.rectangle(image, (x, y), (x + 30, y + 42), (230, 235, 240), -1)
        paths.append(folder / f"p{i}.jpg")
        cv2.imwrite(str(paths[-1]), image)
    return paths


def test_unfolded_localizer_matches_the_shipped_onnx(tmp_path: Path) -> None:
    import torch
    from riichi_table.vision.onnx_session import open_session
    from riichi_table.vision.onnx_weights import checkpoint_from_onnx
    from ultralytics import YOLO

    photos = _photos(tmp_path / "photos")
    pt = checkpoint_from_onnx(SHIPPED, tmp_path / "start.pt", photos, imgsz=320)
    model = YOLO(str(pt)).model.float().eval()
    x = np.random.default_rng(1).random((2, 3, 320, 320), dtype=np.float32)
    with torch.no_grad():
        got = model(torch.from_numpy(x))[0].numpy()
    session = open_session(SHIPPED)
    (expected,) = session.run(None, {session.get_inputs()[0].name: x})
    assert got.shape == expected.shape
    # the checkpoint is stored in half precision: boxes agree within a pixel or two, scores within 0.01
    assert np.allclose(got[:, :4], expected[:, :4], atol=2.0, rtol=0.01)
    assert np.abs(got[:, 4] - expected[:, 4]).max() < 0.01


def test_batch_norm_statistics_come_from_the_photos(tmp_path: Path) -> None:
    from riichi_table.vision.onnx_weights import checkpoint_from_onnx
    from ultralytics import YOLO

    pt = checkpoint_from_onnx(SHIPPED, tmp_path / "start.pt", _photos(tmp_path / "photos"))
    bn = YOLO(str(pt)).model.model[0].bn
    # measured, not the identity a plain unfolding would leave
    assert not np.allclose(bn.running_var.float().numpy(), 1.0, atol=1e-3)
    assert np.allclose(
        bn.weight.detach().float().numpy() ** 2, bn.running_var.float().numpy() + bn.eps, rtol=0.01
    )


def test_a_model_of_another_width_is_refused(tmp_path: Path) -> None:
    with pytest.raises(VisionError, match="'n' layout"):
        from riichi_table.vision.onnx_weights import checkpoint_from_onnx

        checkpoint_from_onnx(SHIPPED, tmp_path / "start.pt", _photos(tmp_path / "photos"), scale="n")


def test_a_missing_file_is_a_clear_error(tmp_path: Path) -> None:
    from riichi_table.vision.onnx_weights import checkpoint_from_onnx

    with pytest.raises(VisionError, match="not found"):
        checkpoint_from_onnx(tmp_path / "none.onnx", tmp_path / "s.pt", _photos(tmp_path / "p"))


@pytest.mark.parametrize("scale, width", [("t", 8), ("n", 16)])
def test_the_layout_is_built_at_the_width_asked_for(tmp_path: Path, scale: str, width: int) -> None:
    # ultralytics ignores a `scale:` key and falls back to the first width for a name it cannot parse
    from riichi_table.vision.model_yaml import scaled_model_yaml
    from ultralytics import YOLO

    model = YOLO(str(scaled_model_yaml("localizer", scale, tmp_path)), task="detect").model
    assert model.model[0].conv.out_channels == width


def test_an_unknown_width_is_refused(tmp_path: Path) -> None:
    from riichi_table.vision.model_yaml import scaled_model_yaml

    with pytest.raises(VisionError, match="model scale 'q'"):
        scaled_model_yaml("localizer", "q", tmp_path)

"""Training runs end to end on a CPU (one epoch, 8 rendered images), and its ONNX export agrees with torch."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

pytest.importorskip("ultralytics")
pytestmark = pytest.mark.slow


def _tiny_dataset(art: Path, root: Path) -> Path:
    import cv2
    from riichi_table.datasets.scenes import render_scene

    images, labels = root / "images" / "train", root / "labels" / "train"
    images.mkdir(parents=True)
    labels.mkdir(parents=True)
    for i in range(8):
        scene = render_scene(art, seed=11, index=i, size=192)
        cv2.imwrite(str(images / f"s{i}.jpg"), scene.image)
        h, w = scene.image.shape[:2]
        rows = []
        for lab in scene.labels:
            x0, y0, x1, y1 = lab.box
            xc, yc, bw, bh = (x0 + x1) / 2 / w, (y0 + y1) / 2 / h, (x1 - x0) / w, (y1 - y0) / h
            rows.append(f"{lab.class_id} {xc:.6f} {yc:.6f} {bw:.6f} {bh:.6f}")
        (labels / f"s{i}.txt").write_text("\n".join(rows) + "\n")
    names = "".join(f"  {i}: c{i}\n" for i in range(38))
    data = root / "data.yaml"
    data.write_text(f"path: {root}\ntrain: images/train\nval: images/train\nnames:\n{names}")
    return data


def test_one_epoch_of_localizer_training_exports_an_onnx_that_matches_torch(
    art_folder: Path, tmp_path: Path
) -> None:
    import torch
    from riichi_table.vision.export import export_onnx
    from riichi_table.vision.localize import Localizer
    from riichi_table.vision.onnx_session import open_session
    from riichi_table.vision.train import TrainConfig, train
    from ultralytics import YOLO

    data = _tiny_dataset(art_folder, tmp_path / "data")
    cfg = TrainConfig("localizer", data, tmp_path / "runs" / "smoke", epochs=1, imgsz=160, batch=4, workers=0)
    best = train(cfg)
    assert best.is_file()
    onnx_path = export_onnx(best, tmp_path / "localizer.onnx", 160)

    x = np.random.default_rng(0).random((1, 3, 160, 160), dtype=np.float32)
    model = YOLO(str(best)).model.float().eval()
    with torch.no_grad():
        expected = model(torch.from_numpy(x))[0].numpy()
    session = open_session(onnx_path)
    (got,) = session.run(None, {session.get_inputs()[0].name: x})
    assert got.shape == expected.shape
    assert np.allclose(got, expected, atol=1e-3, rtol=1e-3)

    localizer = Localizer(onnx_path)
    found = localizer(np.full((120, 200, 3), 90, np.uint8))
    assert found.xyxy.shape[1] == 4

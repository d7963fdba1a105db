"""`riichi-table train recipe` runs the GPU recipe end to end on a CPU at a tiny setting."""

from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np
import pytest

from riichi_table.cli import main

pytest.importorskip("ultralytics")
pytestmark = pytest.mark.slow


def _fake_hk(root: Path, sources: int = 14) -> Path:
    """A tiny hk-real-train-shaped set: light tiles on cloth, labelled, two copies per source photo."""
    rng = np.random.default_rng(0)
    (root / "images").mkdir(parents=True)
    (root / "labels").mkdir()
    for s in range(sources):
        for copy in range(2):
            image = np.full((160, 200, 3), (40, 110, 40), np.uint8)
            rows = []
            for i in range(4):
                x, y = 20 + 40 * i + int(rng.integers(0, 5)), 50 + int(rng.integers(0, 30))
                cv2.rectangle(image, (x, y), (x + 28, y + 38), (235, 235, 235), -1)
                rows.append(f"{i} {(x + 14) / 200:.6f} {(y + 19) / 160:.6f} {28 / 200:.6f} {38 / 160:.6f}")
            stem = f"hand{s:02d}_jpg.rf.{copy}x"
            cv2.imwrite(str(root / "images" / f"{stem}.jpg"), image)
            (root / "labels" / f"{stem}.txt").write_text("\n".join(rows) + "\n")
    return root


def test_recipe_writes_an_onnx_and_its_learning_curve(art_folder: Path, tmp_path: Path) -> None:
    out = tmp_path / "out"
    out.mkdir()
    code = main(
        [
            "train", "recipe", "--hk", str(_fake_hk(tmp_path / "hk")), "--art", str(art_folder),
            "--out", str(tmp_path / "work"), "--export", str(out / "localizer.onnx"),
            "--scenes", "2", "--closeup-scenes", "2", "--closeups", "1", "--render-workers", "1",
            "--scale", "t", "--imgsz", "64", "--batch", "4", "--workers", "0", "--epochs", "1",
            "--val-fraction", "0.3",
        ]
    )  # fmt: skip
    assert code == 0
    assert (out / "localizer.onnx").stat().st_size > 100_000
    header = (out / "results.csv").read_text().splitlines()[0]
    assert "metrics/mAP50(B)" in header and "train/box_loss" in header
    data = (tmp_path / "work" / "data" / "localizer.yaml").read_text()
    assert "close" in data and "synclose" in data and "/hk/images/val" in data


def test_recipe_without_its_inputs_is_a_one_line_error(tmp_path: Path, capsys: pytest.CaptureFixture) -> None:
    assert main(["train", "recipe", "--out", str(tmp_path / "w")]) == 2
    err = capsys.readouterr().err.strip()
    assert "--hk" in err and len(err.splitlines()) == 1

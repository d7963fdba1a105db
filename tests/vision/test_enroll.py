"""Enrolling: labelled crops come free from a layout-sheet photo; a club classifier is tuned and exported."""

from __future__ import annotations

import shutil
from pathlib import Path

import cv2
import numpy as np
import pytest

SAMPLES = Path(__file__).resolve().parent / "samples"
MODELS = Path(__file__).resolve().parents[2] / "models"


def _sheet_photo(art: Path) -> np.ndarray:
    """The printed sheet at 100 dpi with every tile laid on its cell, then seen slightly askew."""
    from riichi_table.datasets.tile_art import load_art, paste_tile, render_tile
    from riichi_table.vision.layout_sheet import SHEET, render_sheet

    px = 100 / 25.4
    page = cv2.cvtColor(render_sheet(100), cv2.COLOR_GRAY2BGR)
    regular = load_art(art, "Regular")
    for cell in SHEET.cells:
        sprite = render_tile(regular, cell.tile, height=round(34 * px))
        cx, cy = cell.centre_mm
        paste_tile(page, sprite, (cx * px, cy * px))
    h, w = page.shape[:2]
    src = np.float32([[0, 0], [w, 0], [w, h], [0, h]])
    dst = np.float32([[30, 20], [w + 10, 0], [w - 20, h + 15], [0, h - 10]])
    warp = cv2.getPerspectiveTransform(src, dst)
    return cv2.warpPerspective(page, warp, (w + 40, h + 40), borderValue=(60, 90, 40))


def test_sheet_photo_gives_a_labelled_crop_of_every_cell(art_folder: Path, tmp_path: Path) -> None:
    from riichi_table.datasets.tile_crops import sheet_crops
    from riichi_table.vision.layout_sheet import SHEET

    photo = tmp_path / "sheet.jpg"
    cv2.imwrite(str(photo), _sheet_photo(art_folder))
    crops = list(sheet_crops(photo, 64))
    assert len(crops) == 2 * len(SHEET.cells)  # each cell upright and turned half a turn
    assert sorted({cid for _, cid, _ in crops}) == sorted(c.tile.detector_class for c in SHEET.cells)
    # The crop of a cell shows its tile: the face is light ivory, the page around it white.
    red_dragon = next(c for c, cid, name in crops if cid == 33 and not name.endswith("_r"))
    assert red_dragon[:, :, 2].mean() > red_dragon[:, :, 1].mean()  # red ink shows


@pytest.mark.slow
def test_enroll_from_a_labelled_photo_writes_a_38_class_classifier(
    art_folder: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    pytest.importorskip("ultralytics")
    if not (MODELS / "classifier.pt").is_file():
        pytest.skip("models/classifier.pt (the enroll starting point) is not there")
    from riichi_table.vision.classify import Classifier

    from riichi_table.cli import main

    photos = tmp_path / "club"
    photos.mkdir()
    shutil.copy(SAMPLES / "hk_real_hand.jpg", photos / "a.jpg")
    shutil.copy(SAMPLES / "hk_real_hand.txt", photos / "a.txt")
    out = tmp_path / "club.onnx"
    args = ["enroll", "--labelled", str(photos), "--art", str(art_folder), "--out", str(out), "--epochs", "1"]
    code = main([*args, "--test", str(photos)])
    text = capsys.readouterr().out
    assert code == 0 and out.is_file()
    assert "before:" in text and "after:" in text
    assert len(Classifier(out).class_of_output) == 38

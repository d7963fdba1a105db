"""Reading real tiles at every scale: a close-up, one hand's row, and a far frame (multi-scale localizer)."""

from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np
import pytest
from riichi_table.vision.metrics import ImageEval, Report, evaluate, kind_of
from riichi_table.vision.reader import TileReader

SAMPLES = Path(__file__).resolve().parent / "samples"
# Regression photos of the hk-real training split: one upright row of standing tiles each, read whole.
ROW_PHOTOS = ("hand_045", "hand_094", "hand_098", "hand_104", "hand_108", "hand_122", "hand_128", "hand_156")


def _truth(path: Path, w: int, h: int) -> tuple[np.ndarray, np.ndarray]:
    lab = np.loadtxt(path, ndmin=2)
    xc, yc, bw, bh = lab[:, 1] * w, lab[:, 2] * h, lab[:, 3] * w, lab[:, 4] * h
    boxes = np.stack([xc - bw / 2, yc - bh / 2, xc + bw / 2, yc + bh / 2], 1)
    return boxes, kind_of(lab[:, 0].astype(np.int64))


def _score(reader: TileReader, image: np.ndarray, boxes: np.ndarray, kinds: np.ndarray) -> Report:
    d = reader.detect(image)
    return evaluate([ImageEval(d.boxes, kind_of(d.class_id), d.confidence, boxes, kinds, np.zeros((0, 4)))])


def _sample(name: str) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    image = cv2.imread(str(SAMPLES / f"{name}.jpg"))
    boxes, kinds = _truth(SAMPLES / f"{name}.txt", image.shape[1], image.shape[0])
    return image, boxes, kinds


@pytest.fixture(scope="module")
def one_pass() -> TileReader:
    from riichi_table.vision.reader import models_available

    if not models_available():
        pytest.skip("models are not there")
    return TileReader(multiscale=False)


def test_a_row_of_fourteen_standing_tiles_close_up_is_read_exactly(reader: TileReader) -> None:
    image, boxes, kinds = _sample("scale_row")
    report = _score(reader, image, boxes, kinds)
    assert report.tile_f1 == 1.0, report.line()


def test_four_tiles_filling_the_frame_are_all_found_where_one_pass_finds_none(
    reader: TileReader, one_pass: TileReader
) -> None:
    image, boxes, kinds = _sample("scale_close")  # a tile ~20 % of the width
    assert _score(one_pass, image, boxes, kinds).loc_recall == 0.0
    report = _score(reader, image, boxes, kinds)
    assert report.loc_recall == 1.0 and report.loc_precision == 1.0, report.line()
    assert report.cls_accuracy >= 0.75, report.line()


def test_a_hand_small_in_a_wide_frame_is_found_where_one_pass_finds_none(
    reader: TileReader, one_pass: TileReader
) -> None:
    image, boxes, kinds = _sample("scale_far")  # a tile ~2 % of the width of a 1280x720 frame
    assert _score(one_pass, image, boxes, kinds).loc_recall == 0.0
    report = _score(reader, image, boxes, kinds)
    assert report.loc_recall == 1.0 and report.loc_precision == 1.0, report.line()
    assert report.cls_accuracy >= 0.6, report.line()


@pytest.mark.slow
def test_close_ups_of_rows_from_the_real_training_photos_are_read_exactly_but_one_in_eight(
    reader: TileReader, hk_folder: Path
) -> None:
    misread = []
    for stem in ROW_PHOTOS:
        path = next((hk_folder / "images").glob(f"train__{stem}_jpg*"), None)
        if path is None:
            pytest.skip(f"{stem} is not in {hk_folder}")
        image = cv2.imread(str(path))
        boxes, kinds = _truth(hk_folder / "labels" / f"{path.stem}.txt", image.shape[1], image.shape[0])
        # the row cropped tight with a tile's margin, enlarged to a phone close-up's 1280 px width
        tw = float(np.median(boxes[:, 2] - boxes[:, 0]))
        th = float(np.median(boxes[:, 3] - boxes[:, 1]))
        x1, y1 = int(max(0, boxes[:, 0].min() - tw)), int(max(0, boxes[:, 1].min() - th))
        x2 = int(min(image.shape[1], boxes[:, 2].max() + tw))
        y2 = int(min(image.shape[0], boxes[:, 3].max() + th))
        s = 1280 / (x2 - x1)
        crop = cv2.resize(image[y1:y2, x1:x2], None, fx=s, fy=s, interpolation=cv2.INTER_CUBIC)
        report = _score(reader, crop, (boxes - [x1, y1, x1, y1]) * s, kinds)
        if report.tile_f1 < 1.0:
            misread.append(f"{stem}: {report.line()}")
    # measured: 7 of the 8 read exactly (hand_108 loses one tile of 14); the goal is all of them
    assert len(misread) <= 1, misread

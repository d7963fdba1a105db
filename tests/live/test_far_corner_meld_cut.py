"""A meld's sideways tile apart from the rest by a gap is a run of one tile, which may measure a few mm
shorter than it is and is then told from an upright tile by its fill (vision/tile_cuts.py, `LONE_SLACK_MM`).

Recorded from a render of wood felt, green backs, 40 degrees (seed 533): seat 2's pon of white dragons at the
table's far corner as the reader cut it at face height, its tile mask in green. The sideways tile, 3 px
apart from the two upright ones, measured 31 px for 37.5: the face-height view trims each face by its side as
the camera's pose gives it, a few mm more than the render shows there. Cut as an upright tile, the pon was
lost and seat 2's later discards were recorded a turn late.
"""

from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np
import pytest
import riichi_table.vision.tile_cuts as tile_cuts
from riichi_table.vision.tile_cuts import cut_blob
from riichi_table.vision.zones import TableGeometry

DATA = Path(__file__).parent / "data"
AT = (50, 76)  # the blob's top-left corner in the view (1 px per mm)
SIDE = (9.56, 0.0)  # each tile's side there, mm along x towards the camera's foot


def _cells() -> list[tuple[int, int, int, int]]:
    image = cv2.imread(str(DATA / "far_corner_pon.png"))
    blob, gaps = image[..., 1] > 127, image[..., 2].astype(np.float32) / 255.0
    boxes: list[tuple[int, int, int, int]] = []
    cut_blob(blob, gaps, *AT, boxes, TableGeometry(), 1.0, side_mm=SIDE)
    return sorted(boxes)


def test_the_pons_lone_sideways_tile_is_cut_sideways_on_its_run() -> None:
    cells = _cells()
    assert [w > 30 for _, _, w, _ in cells] == [True, False, False], cells  # along the row: 37.5 or 27
    x, _, w, _ = cells[0]
    assert x + w <= cells[1][0] + 1, cells  # it does not reach over the upright tile beside it


def test_with_the_usual_slack_it_was_cut_upright(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(tile_cuts, "LONE_SLACK_MM", 5.0)
    assert [w > 30 for _, _, w, _ in _cells()] == [False, False, False]

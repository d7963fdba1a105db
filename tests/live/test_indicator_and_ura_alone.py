"""A blob wholly inside the dead wall's square is cut as the dead wall's row lies, along the view's x,
whichever seat's quarter its centre falls in (`tile_cuts.cut_blob`).

Recorded from a render of wood felt, red backs, 37 degrees, dim light (seed 6471), frame 768: the face mask
(green) of the dora indicator (5p) and the ura dora (5s) turned below it at a riichi win. The red stacks
beside them were taken for the dim wood, so the two faces were a blob of their own, 25 px wide and 73 deep,
its centre in seat 3's quarter. Cut as a side seat's row (two tiles' length along the view's y) it fitted no
tile, and the ura dora was never read.
"""

from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np
from riichi_table.vision.tile_cuts import cut_blob
from riichi_table.vision.zones import TableGeometry

DATA = Path(__file__).parent / "data"
GEO = TableGeometry()
AT = (410, 435)  # the blob's corner in the 900 px view (1 px per mm); the table's centre is (450, 450)


def _cells(at: tuple[int, int]) -> list[tuple[int, int, int, int]]:
    img = cv2.imread(str(DATA / "indicator_and_ura_alone.png"))
    blob, gaps = img[..., 1] > 127, img[..., 0].astype(np.float32) / 255
    boxes: list[tuple[int, int, int, int]] = []
    cut_blob(blob, gaps, *at, boxes, GEO, 1.0)
    return sorted(boxes, key=lambda b: b[1])


def test_the_indicator_and_the_ura_dora_below_it_are_two_upright_cells() -> None:
    assert GEO.seat_of(AT[0] + 12.5, AT[1] + 36.5) == 3  # the blob's centre is in a side seat's quarter
    cells = _cells(AT)
    assert len(cells) == 2, cells
    (x0, y0, w0, h0), (x1, y1, w1, h1) = cells
    assert abs(x0 - x1) <= 2 and y1 >= y0 + h0 - 2  # one above the other, down the view
    for w, h in ((w0, h0), (w1, h1)):  # upright as seat 0 sees the dead wall: narrow along x, deep along y
        assert GEO.tile_w - 4 <= w <= GEO.tile_w + 2 and h >= GEO.tile_h - 5, cells


def test_the_same_faces_cut_alike_in_any_quarter_of_the_square() -> None:
    shifted = (AT[0] + 30, AT[1])  # centre now in seat 0's quarter
    assert GEO.seat_of(shifted[0] + 12.5, shifted[1] + 36.5) != 3
    moved = [(x - 30, y, w, h) for x, y, w, h in _cells(shifted)]
    assert moved == _cells(AT)

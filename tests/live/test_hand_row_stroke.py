"""A hand row's face parted across its depth by a stroke of its ink is cut as one tile, not dropped
(`tile_cuts._across_strokes`).

Recorded from a render of wood felt, red backs, 37 degrees, dim light (seed 6607), frame 690: the face mask
(green) of seat 2's hand laid open at a tsumo, as the reader cut it. From seat 2's left: 5s, 5s, 8p, 6p, 3p,
then 2p, 1p, 6m, 5m, 4m touching. The 6p's red dots' left edge was taken for the wood from the face's far edge
to its middle, and the opening that leaves out a side's wedge widened the hole across the whole depth: an
18 px piece of the 6p lay 4 px from the 8p and 3 px from the 3p.
"""

from __future__ import annotations

import itertools
from pathlib import Path

import cv2
import numpy as np
from riichi_table.vision.tile_cuts import cut_blob
from riichi_table.vision.zones import TableGeometry

DATA = Path(__file__).parent / "data"
GEO = TableGeometry()
AT = (467, 73)  # the blob's corner in the 900 px view (1 px per mm)
SIDE_MM = (-3.8, 0.0)  # how far a lying tile's side shows there along x and y (`cut_side`)


def _cells() -> list[tuple[float, int]]:
    """Seat 2's hand row as cut: (u mm, length along the row) from the right end of the row."""
    img = cv2.imread(str(DATA / "hand_row_stroke_6p.png"))
    blob, gaps = img[..., 1] > 127, img[..., 0].astype(np.float32) / 255
    boxes: list[tuple[int, int, int, int]] = []
    cut_blob(blob, gaps, *AT, boxes, GEO, 1.0, False, SIDE_MM)
    return sorted(((GEO.to_seat(2, x + w / 2, y + h / 2)[0], w) for x, y, w, h in boxes), reverse=True)


def test_the_face_parted_by_its_ink_is_one_upright_tile_between_its_neighbours() -> None:
    cells = _cells()
    first_five = cells[:5]  # 5s, 5s, 8p, 6p, 3p
    assert all(w < (GEO.tile_w + GEO.tile_h) / 2 for _, w in first_five), first_five
    pitches = [a - b for (a, _), (b, _) in itertools.pairwise(first_five)]
    # Upright tiles laid side by side: a tile's width and a small gap apart, no hole a tile wide.
    assert all(GEO.tile_w - 2 <= p <= GEO.tile_w + 4 for p in pitches), pitches


def test_the_6p_has_its_cell_between_the_8p_and_the_3p_where_the_hole_was() -> None:
    # The 8p lies about -88 mm along seat 2's row, the 3p about -144: the 6p between them.
    us = [u for u, _ in _cells()]
    assert any(-125 < u < -107 for u in us), us

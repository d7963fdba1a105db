"""An open kan beside a pon in a side seat's hand row at face height (docs/live.md, "Kans at face height").

Seed 135, blue felt, yellow backs, 37 degrees, dim, hard, frame 150: seat 1's pon of F (its called tile in
the middle) and its open kan of E beside it (the called E second from the kan's left end, the view's bottom)
lie along the view's y, one blob of seven faces: each tile's side covers the gap before the next one, and
the pon's last side the gap between the two melds. The only "mat" left in the row is the long stroke of
each E, blue ink on a blue felt. Cut by it, the row became five upright cells and two sideways ones at the
end: the kan was not read until its tiles were cut anew. A hand row whose sides cover its gaps is now cut
by its tiles' widths and depths alone, as a pond's row is (`LiveReader.read` passes the side along the row,
`cut_side`; `tile_cuts.cut_blob`)."""

from __future__ import annotations

import numpy as np
from riichi_table.vision.live_reader import cut_side
from riichi_table.vision.tile_cuts import cut_blob
from riichi_table.vision.zones import TableGeometry

GEO = TableGeometry()
X0, Y0 = 792, 46  # where the faces' box lay in the view (1 px per mm)
DEPTH = 38  # px across the row
# The faces' extent across the row (x, from X0) along it (y, from Y0): (from, to, first, last + 1), as
# recorded. The called tiles are the shallower stretches (10-11 px in from the camera's side).
SPANS = [
    (0, 1, 3, 36), (1, 3, 2, 37), (3, 24, 1, 37), (24, 25, 4, 36), (25, 29, 10, 36), (29, 33, 10, 37),
    (33, 43, 11, 37), (43, 47, 10, 37), (47, 49, 9, 37), (49, 51, 8, 37), (51, 54, 7, 37), (54, 57, 6, 37),
    (57, 61, 5, 37), (61, 64, 4, 36), (64, 68, 3, 36), (68, 69, 2, 37), (69, 72, 1, 37), (72, 86, 0, 37),
    (86, 91, 1, 37), (91, 93, 3, 36), (93, 95, 3, 35), (95, 96, 3, 34), (96, 97, 2, 34), (97, 102, 1, 33),
    (102, 104, 1, 35), (104, 118, 0, 35), (118, 126, 0, 36), (126, 151, 1, 36), (151, 155, 2, 36),
    (155, 156, 3, 36), (156, 159, 5, 36), (159, 163, 10, 37), (163, 172, 9, 37), (172, 174, 9, 38),
    (174, 183, 8, 38), (183, 186, 7, 38), (186, 189, 6, 38), (189, 191, 5, 38), (191, 192, 5, 37),
    (192, 193, 4, 37), (193, 222, 3, 36), (222, 223, 3, 35),
]  # fmt: skip
# Felt-coloured ink along the row (y from Y0, share of the column): the four E's long strokes.
INK = [(108, 121, 0.5), (113, 116, 0.9), (136, 149, 0.5), (142, 145, 0.9), (169, 186, 0.35), (202, 215, 0.5)]
SIDE_ALONG = 19.9  # mm a lying tile's side shows along the row there, towards the view's bottom


def _row() -> tuple[np.ndarray, np.ndarray]:
    blob = np.zeros((SPANS[-1][1], DEPTH), bool)
    for a, b, lo, hi in SPANS:
        blob[a:b, lo:hi] = True
    gaps = np.zeros(blob.shape, np.float32)
    for a, b, share in INK:
        gaps[a:b] = share
    return blob, gaps


def _cells(side: tuple[float, float]) -> list[tuple[int, int, int]]:
    """(start along y from Y0, length along y, depth across) of each cell, from the far end (the pon)."""
    blob, gaps = _row()
    boxes: list[tuple[int, int, int, int]] = []
    cut_blob(blob, gaps, X0, Y0, boxes, GEO, 1.0, side_mm=side)
    return [(y - Y0, h, w) for _, y, w, h in sorted(boxes, key=lambda b: b[1])]


def _sideways(cells: list[tuple[int, int, int]]) -> list[int]:
    return [i for i, (_, length, _) in enumerate(cells) if length > GEO.tile_w + 5]


def test_the_sides_hiding_the_gaps_the_kan_and_the_pon_are_cut_with_their_called_tiles() -> None:
    cells = _cells((0.0, SIDE_ALONG))
    assert len(cells) == 7, cells
    # The pon's called F second from the far end, the kan's called E second from the near end.
    assert _sideways(cells) == [1, 5], cells
    # The kan's cells lie on its faces (the E glyphs' centres at 114, 142, 175 and 208 from Y0) within 6 mm.
    for (start, length, _), glyph in zip(cells[3:], (114, 142, 175, 208), strict=True):
        assert abs(start + length / 2 - glyph) <= 6, cells


def test_cut_by_the_ink_the_kan_lost_its_called_tile() -> None:
    # What the row gave before: the ink taken for mat, the called tiles at the wrong places.
    cells = _cells((0.0, 0.0))
    assert _sideways(cells) != [1, 5], cells


def test_a_hand_row_is_cut_with_its_side_along_the_row_alone() -> None:
    towards = (-4.0, 19.9)
    assert cut_side("hand", 1, towards) == (0.0, 19.9)  # seat 1's row runs along the view's y
    assert cut_side("hand", 0, towards) == (-4.0, 0.0)  # seat 0's along x
    assert cut_side("pond", 3, towards) == towards  # a pond's rows: both ways
    assert cut_side("dora", 0, towards) == (0.0, 0.0)

"""An added kan in a hand row: the pon's called tile lying sideways and the added tile sideways beyond it,
nearer the centre (seed 002 3.3.6, 3.3.8), cut as two sideways tiles at one place along the row
(`vision.tile_cuts`, `_stacked_columns`).

Seed 147, old camera (bench/live.py matrix, flat and hard alike): seat 2 (across) pons C from seat 0, then
adds the fourth C. Measured against the upright tiles' depth, the cut took the pair for an upright tile and
the pon's upright tile beside it for the sideways one: the pair was named S, no kakan and no kan dora were
read, and the win that followed was refused (event F1 0.97, the hand wrong; 1.00 and right with the cut)."""

from __future__ import annotations

import numpy as np
from riichi_table.vision.tile_cuts import cut_blob
from riichi_table.vision.zones import TableGeometry

GEO = TableGeometry()
X0, Y0 = 46, 70  # where seat 2's meld lay in the view (1 px per mm), frames 190 and 200


def _meld(stacked: bool) -> list[tuple[int, int, int, int]]:
    """Seat 2's pon of C (its called tile sideways in the middle) as the view showed it, in (x, y, w, h) cells
    of the view: frame 190 as a pon, frame 200 with the added C beyond the called tile."""
    middle = [(74, 72, 38, 29), (74, 103, 38, 29)] if stacked else [(75, 72, 37, 31)]
    return [(46, 70, 27, 42), *middle, (113, 71, 27, 42)]


def _cut(cells: list[tuple[int, int, int, int]]) -> list[tuple[int, int, int, int]]:
    right = max(x + w for x, _, w, _ in cells)
    bottom = max(y + h for _, y, _, h in cells)
    blob = np.zeros((bottom - Y0, right - X0), bool)
    for x, y, w, h in cells:
        blob[y - Y0 : y - Y0 + h, x - X0 : x - X0 + w] = True  # touching: no mat shows between them
    boxes: list[tuple[int, int, int, int]] = []
    cut_blob(blob, np.zeros(blob.shape, np.float32), X0, Y0, boxes, GEO, 1.0)
    return sorted(boxes)


def _sideways(boxes: list[tuple[int, int, int, int]]) -> list[tuple[int, int, int, int]]:
    return [b for b in boxes if b[2] > b[3]]  # seat 2's row runs along the view's x


def test_an_added_kan_is_cut_as_two_sideways_tiles_one_beyond_the_other() -> None:
    boxes = _cut(_meld(stacked=True))
    assert len(boxes) == 4, boxes
    called, added = sorted(_sideways(boxes), key=lambda b: b[1])
    assert abs(called[0] - added[0]) <= 2  # at one place along the row
    assert added[1] >= called[1] + called[3]  # the added tile beyond the called one, towards the centre
    assert all(abs(b[3] - GEO.tile_w) <= 5 for b in (called, added))  # each a short side deep
    assert [b for b in boxes if b not in (called, added)] == [_meld(True)[0], _meld(True)[-1]]


def test_a_pon_keeps_its_one_sideways_tile() -> None:
    boxes = _cut(_meld(stacked=False))
    assert len(boxes) == 3 and len(_sideways(boxes)) == 1, boxes


def test_a_hand_laid_open_whose_first_tile_reads_deep_is_no_added_kan() -> None:
    # Seat 3's hand laid open at 40 degrees (seed 211, black felt, hard, frames 224-240): its first tile reads
    # 49 mm deep across the row beside the others' 35, a sideways tile's length along it. Melds lie to the
    # right of the hand (seed 002 3.3.8): the first tile is cut as one tile, not as an added kan's pair.
    x0, y0 = 58, 152
    blob = np.zeros((600 - y0, 108 - x0), bool)
    blob[0:38, 0:49] = True  # the first tile, deeper across the row
    for k in range(12):
        blob[42 + 31 * k : 42 + 31 * k + 27, 15:50] = True  # the next twelve, 35 mm deep
    boxes: list[tuple[int, int, int, int]] = []
    cut_blob(blob, np.zeros(blob.shape, np.float32), x0, y0, boxes, GEO, 1.0)
    first = [b for b in boxes if b[1] < y0 + 38]
    assert len(first) == 1, first


def test_an_added_kan_to_the_middle_tile_its_side_showing_along_the_row_is_two_sideways_tiles() -> None:
    # Seed 5237, white cloth, blue backs, 40 degrees, frame 519: seat 0 adds the fourth F to its pon of F
    # called from across (the called tile in the middle). The pair and the added tile's side, 9.5 mm along
    # the row, run 48 mm and fill half the meld's columns: measured against the median column, or allowed
    # a sideways tile's length and 8 mm, no pair was found; the kan and its dora were never read.
    x0, y0 = 761, 772
    blob = np.zeros((59, 96), bool)
    blob[20:, 0:32] = True  # the left upright F, 39 mm deep
    blob[14:, 20:32] = True  # the added tile's side over its right edge
    blob[:, 32:80] = True  # the called F and the added one beyond it, 59 mm deep with the gap
    blob[19:, 80:96] = True  # the right upright F
    boxes: list[tuple[int, int, int, int]] = []
    cut_blob(blob, np.zeros(blob.shape, np.float32), x0, y0, boxes, GEO, 1.0, side_mm=(-9.5, 0.0))
    assert len(boxes) == 4, boxes
    added, called = sorted(_sideways(boxes), key=lambda b: b[1])
    assert abs(called[0] - added[0]) <= 2 and added[1] + added[3] <= called[1]  # beyond it, to the centre
    assert all(abs(b[3] - GEO.tile_w) <= 5 for b in (called, added))
    assert len([b for b in boxes if b[3] > b[2]]) == 2  # the pon's two upright tiles

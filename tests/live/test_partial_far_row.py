"""A far seat's pond with its third row just begun: the rows are parted from the far edge of the block of
full rows, not from the farthest pixel of a tile of the partial row (`vision.tile_cuts`,
`_parted_from_far_edge`).

Seed 5237, wood felt, red backs, 37 degrees, light 0.55, frame 280: seat 2 lays its 13th discard, a 6p,
alone in its third row. The upper half of its face is a dark square of nearly the wood's colour: the solid
mask holds only 21 of its 35 mm. Parted a row pitch from that tile's far end, the two full rows below were
cut as one row of 55 mm cells; six new tracks took the places of the twelve read for a hundred frames, one of
them was recorded as seat 2's discard, and the seat's later turns were a turn off."""

from __future__ import annotations

import numpy as np
import pytest
from riichi_table.vision.tile_cuts import cut_blob
from riichi_table.vision.zones import TableGeometry

GEO = TableGeometry()
X0, Y0 = 365, 249  # the blob's corner in the 900 px view at 1 px/mm
SIDE = (-1.33, 17.15)  # each lying tile's side shows 17 mm towards the camera (down the view)


def _pond(partial: int, wide: int = 27) -> list[tuple[int, int, int, int]]:
    """Seat 2's first two rows, six tiles each, touching (no mat between them), 75 px deep; with the third
    row's first tile, `wide` px along the row, over the right column showing `partial` px beyond them."""
    blob = np.zeros((partial + 75, 171), bool)
    blob[partial:, :] = True
    blob[:partial, 171 - wide : 171] = True
    boxes: list[tuple[int, int, int, int]] = []
    y0 = Y0 + 21 - partial  # the block's far edge stays where it lay
    cut_blob(blob, np.zeros(blob.shape, np.float32), X0, y0, boxes, GEO, 1.0, side_mm=SIDE)
    return sorted(boxes, key=lambda b: (b[1], b[0]))


def _full_rows(boxes: list[tuple[int, int, int, int]]) -> list[tuple[int, int, int, int]]:
    return [b for b in boxes if b[1] >= Y0 + 21 - 2]


def test_a_tile_of_the_third_row_showing_part_of_its_depth_leaves_the_two_full_rows_cut_as_before() -> None:
    alone = _full_rows(_pond(partial=0))
    assert len(alone) == 12 and all(h <= GEO.tile_h + 5 for _, _, _, h in alone), alone
    assert _full_rows(_pond(partial=21)) == alone


def test_the_partial_rows_upright_tile_is_read_a_whole_tile_deep_from_the_row_before() -> None:
    # Its far part unseen, the cell would be 21 mm deep, shorter than a lying tile, and left out as a
    # standing tile's top: the 6p was read 50 frames late, the seat's later discards out of order.
    beyond = [b for b in _pond(partial=21) if b[1] < Y0 + 21 - 2]
    assert len(beyond) == 1
    x, y, w, h = beyond[0]
    assert y + h == Y0 + 21 and h == round(GEO.tile_h), beyond  # its near end kept
    assert abs(x + w - (X0 + 171)) <= 2, beyond


def test_a_partial_rows_tile_shortened_at_its_near_end_is_placed_by_the_row_not_by_its_cell() -> None:
    # Seed 4801, white cloth, blue backs, 40 degrees: seat 2's 4p, alone in its third row, showed the 21 mm
    # of its far end, its near end the cloth's colour; grown from its cell's near end it lay 15 mm off its
    # tile, was named again there as a new tile, and recorded twice.
    top = Y0 + 21 - 39  # the third row's far end: a row pitch beyond the block
    blob = np.zeros((39 + 75, 171), bool)
    blob[39:, :] = True  # the two full rows
    blob[0:21, 144:171] = True  # the 4p's far 21 mm, its near 14 mm unseen
    boxes: list[tuple[int, int, int, int]] = []
    cut_blob(blob, np.zeros(blob.shape, np.float32), X0, top, boxes, GEO, 1.0, side_mm=SIDE)
    beyond = [b for b in boxes if b[1] < Y0 + 21 - 2]
    gap = round(GEO.row_pitch - GEO.tile_h)
    assert [(y, h) for _, y, _, h in beyond] == [(top, round(GEO.tile_h))]  # its far end kept
    assert top + round(GEO.tile_h) <= Y0 + 21 - gap + 1  # clear of the row before it


def test_a_sideways_tile_of_the_partial_row_keeps_its_cell() -> None:
    beyond = [b for b in _pond(partial=27, wide=37) if b[1] < Y0 + 21 - 2]
    assert len(beyond) == 1 and beyond[0][2] > beyond[0][3], beyond  # wider along the row than deep


@pytest.mark.parametrize("laid", [1, 3, 5])
def test_a_second_row_partly_laid_with_whole_tiles_is_parted_from_its_far_edge_as_before(laid: int) -> None:
    # Half the columns two rows deep and half one: the block's edge is no median of the columns' far ends
    # (taken so, the cut fell mid-row and seat 2's discards of seed 104 were recorded out of turn).
    blob = np.zeros((39 + 36, 174), bool)
    blob[0:39, 174 - 29 * laid : 174] = True  # the second row's first tiles, from the right
    blob[39:, :] = True  # the first row, full
    boxes: list[tuple[int, int, int, int]] = []
    cut_blob(blob, np.zeros(blob.shape, np.float32), X0, Y0, boxes, GEO, 1.0, side_mm=SIDE)
    far = [b for b in boxes if b[1] < Y0 + 20]
    assert len(far) == laid and len(boxes) == laid + 6, boxes
    assert all(abs(h - GEO.tile_h) <= 5 for _, _, _, h in boxes), boxes

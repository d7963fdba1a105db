"""Rows of touching tiles on white cloth seen at a steep camera are cut one cell per tile
(vision/tile_cuts.py: `_seen_deeper`, and `RIM_REACH_MM` where the cut evidence is the tiles' outlines).

On a render of white cloth with black backs at 37 degrees, dim and hard (bench/live.py matrix, seed 318),
every lying tile showed deeper than a tile (41-43 px for 35 mm: its face stands above the table plane), and
on white cloth the cut evidence is outlines, which a face's symbols fill and which leave a valley between the
two rims where tiles touch. Measured against a flat tile's depth, every cell paid alike, so the cut with the
wrong count won: seat 1's pond row with its riichi 1m was cut into six upright cells (a 2s made up between
the 2m and the 1m, the N after them lost), and at the exhaustive draw its 13-tile open hand into 14 cells
(its tenpai lost). Overhead, with the mat showing between tiles, the rows are cut as before.

Rows here are synthetic blobs as the reader builds them on white cloth: touching tiles filled solid, a face's
outline evidence 0.9, a rim's 1.0, none in the valley between two rims.
"""

from __future__ import annotations

import numpy as np
import pytest
from riichi_table.vision.tile_cuts import cut_blob
from riichi_table.vision.zones import TableGeometry

GEO = TableGeometry()
WIDTH = {0: 27, 1: 37}  # upright, sideways: along the row, px at 1 px/mm


def _row(kinds: tuple[int, ...], depth: dict[int, int], gap: int) -> tuple[np.ndarray, np.ndarray]:
    """A row along x of touching tiles (0 upright, 1 sideways), each `depth[kind]` px deep from the row's
    player side, `gap` px apart; and its outline evidence."""
    total = sum(WIDTH[k] for k in kinds) + gap * (len(kinds) - 1)
    rows = max(depth.values())
    blob = np.zeros((rows, total), bool)
    outline = np.full((rows, total), 0.9, np.float32)
    at = 0
    for n, k in enumerate(kinds):
        blob[rows - depth[k] :, at : at + WIDTH[k]] = True
        outline[:, at : at + 2] = 1.0
        outline[:, at + WIDTH[k] - 2 : at + WIDTH[k]] = 1.0
        at += WIDTH[k]
        if n < len(kinds) - 1:
            blob[rows - min(depth[k], depth[kinds[n + 1]]) + 2 :, at : at + gap] = True
            outline[:, at : at + gap] = 0.0
            at += gap
    return blob, outline


def _cut(kinds: tuple[int, ...], depth: dict[int, int], gap: int, x0: int, y0: int) -> list[tuple[int, bool]]:
    """(left edge along the row, sideways) of each cell cut on white cloth."""
    blob, outline = _row(kinds, depth, gap)
    boxes: list[tuple[int, int, int, int]] = []
    cut_blob(blob, outline, x0, y0, boxes, GEO, 1.0, rims=True)
    return [(x - x0, w > 32) for x, _, w, _ in boxes]


STEEP = {0: 41, 1: 37}  # seat 1's pond row in the clip: upright 41 px, sideways 37, in a 41 px row
POND_ROWS = {
    "riichi tile third": (0, 0, 1, 0, 0),
    "riichi tile second": (0, 1, 0, 0, 0, 0),
    "riichi tile last": (0, 0, 0, 1),
}


@pytest.mark.parametrize("kinds", list(POND_ROWS.values()), ids=list(POND_ROWS))
def test_a_pond_row_seen_deeper_than_its_tiles_keeps_its_riichi_tile_one_sideways_cell(
    kinds: tuple[int, ...],
) -> None:
    cells = _cut(kinds, STEEP, 3, 330, 560)  # seat 0's pond
    assert [side for _, side in cells] == [bool(k) for k in kinds], cells


@pytest.mark.parametrize("gap", [2, 3])
def test_a_thirteen_tile_open_hand_seen_deeper_than_its_tiles_is_thirteen_cells(gap: int) -> None:
    cells = _cut((0,) * 13, {0: 43, 1: 30}, gap, 152, 789)  # seat 0's hand row
    assert len(cells) == 13 and not any(side for _, side in cells), cells
    pitch = WIDTH[0] + gap
    assert all(abs(x - i * pitch) <= 3 for i, (x, _) in enumerate(cells)), cells


@pytest.mark.parametrize("kinds", [(0, 0, 1, 0, 0), (0,) * 6, (0,) * 13], ids=["riichi", "six", "thirteen"])
def test_rows_no_deeper_than_their_tiles_are_cut_as_before(kinds: tuple[int, ...]) -> None:
    # Overhead: an upright tile 37 px deep, a sideways one 27, 2 px apart
    cells = _cut(kinds, {0: 37, 1: 27}, 2, 330 if len(kinds) < 7 else 152, 560 if len(kinds) < 7 else 789)
    assert [side for _, side in cells] == [bool(k) for k in kinds], cells


def test_a_cell_a_point_stick_deepens_keeps_the_depth_its_row_shows_at_a_steep_camera() -> None:
    from riichi_table.vision.tile_cuts import _in_line

    # seat 1's open hand at the draw: 12 cells 43 px deep (rows 11..54), the first tile's 57 (a point stick
    # against it at the player's edge): its crop must lie where the other faces do
    cells = [(29 * i, 29 * i + 27, 11, 54, 0) for i in range(12)] + [(348, 375, 1, 58, 0)]
    first = _in_line(cells, GEO, 1.0)[-1]
    assert first[2:4] == (11, 54), first


def test_a_row_with_cells_near_a_flat_tiles_depth_still_measures_against_a_flat_tile() -> None:
    from riichi_table.vision.tile_cuts import _in_line

    # A pond row seen 5 mm deep (40 px) and one cell 4 px deeper (its neighbour row touching it): a cell is
    # near a flat tile's depth, so the row keeps that measure and the deep cell is moved back onto the row's
    # line; measured against the cells' median it stayed (seed 104, white cloth, 37 degrees: a 7s read as 8s)
    cells = [(29 * i, 29 * i + 27, 2, 42, 0) for i in range(5)] + [(145, 172, 2, 46, 0)]
    assert _in_line(cells, GEO, 1.0)[-1][2:4] == (2, 42)

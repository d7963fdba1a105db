"""Two pond rows merged into one blob in dim light (no mat seen between them): a corner of a tile of one row
that reaches over the cut between the rows is no part of the other row, so it cannot lengthen that row's
run into a sideways (riichi) tile (docs/live.md, "Real photographed faces": seed 104, photographed faces,
light 0.55, seat 3's 2s read as a riichi tile nobody declared)."""

from __future__ import annotations

import numpy as np
from riichi_table.vision.tile_cuts import cut_blob
from riichi_table.vision.tile_reading import lies_sideways
from riichi_table.vision.zones import TableGeometry

GEO = TableGeometry()
X0, Y0 = 267, 363  # seat 3's pond (its rows run along the view's y) in a 900 px view at 1 px/mm


def _seat3_pond(spill: int) -> list[tuple[int, int, int, int]]:
    """Seat 3's two pond rows touching, as the dim clip's blob was: the outer row three tiles with no gap
    seen between them (88 px), the inner row six; a corner of the inner row's fourth tile reaching `spill`
    px past the outer row's last tile, 10 px into the outer row's side of the cut."""
    blob = np.zeros((174, 80), bool)
    blob[0:88, 1:39] = True  # the outer row: 3 upright tiles touching
    blob[0:174, 39:79] = True  # the inner row: 6 upright tiles
    blob[88 : 88 + spill, 29:39] = True  # the inner row's corner over the cut
    gaps = np.full(blob.shape, 0.1, np.float32)
    gaps[:, 39] = 0.32  # the faint trace of the mat between the rows
    boxes: list[tuple[int, int, int, int]] = []
    cut_blob(blob, gaps, X0, Y0, boxes, GEO, 1.0)
    return boxes


def _sideways(boxes: list[tuple[int, int, int, int]]) -> list[tuple[int, int, int, int]]:
    out = []
    for x, y, w, h in boxes:
        seat, area, _, _ = GEO.area_of(x + w / 2, y + h / 2)
        assert (seat, area) == (3, "pond"), (x, y, w, h)
        if lies_sideways(seat, area, w, h):
            out.append((x, y, w, h))
    return out


def test_a_corner_of_the_next_row_over_the_cut_makes_no_riichi_tile() -> None:
    boxes = _seat3_pond(spill=4)
    assert len(boxes) == 9, boxes
    assert _sideways(boxes) == []


def test_the_rows_without_a_corner_over_the_cut_are_cut_alike() -> None:
    assert sorted(_seat3_pond(spill=4)) == sorted(_seat3_pond(spill=0))

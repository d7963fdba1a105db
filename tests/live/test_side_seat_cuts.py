"""A side seat's pond row at face height (docs/live.md, "The view at face height"): the row runs towards the
camera, so each lying tile's side (11-15 mm from a camera at 37 degrees) covers the 3 mm of mat before the
next tile and no mat shows between them. Ink of the felt's colour (the circles on a blue felt) is then the
only "mat" in the row; cut by it, two upright tiles became one sideways tile and the crops of the rest sat
across two faces (seed 211, blue felt, yellow backs, 37 degrees: seat 3's 6z read 1s, its 1s read 6z)."""

from __future__ import annotations

import itertools

import numpy as np
import pytest
from riichi_table.vision.tile_cuts import cut_blob
from riichi_table.vision.zones import TableGeometry

GEO = TableGeometry()
DEPTH = 40  # px across the row: a lying tile's 35 mm and what of its side shows that way
SIDE = (2.7, 12.0)  # mm a lying tile's side shows along x and y there (seat 3's pond, 37 degrees)
GAP = 3  # mm between two tiles' footprints along the row, covered by the farther tile's side


def _cut(blob: np.ndarray, gaps: np.ndarray, side: tuple[float, float]) -> list[tuple[int, int]]:
    """Cut a blob lying at seat 3's pond (its rows run along y); (start, length along y) of each cell."""
    x0, y0 = 450 - round(GEO.pond_v0) - blob.shape[1] // 2, 450 - blob.shape[0] // 2
    boxes: list[tuple[int, int, int, int]] = []
    cut_blob(blob, gaps, x0, y0, boxes, GEO, 1.0, side_mm=side)
    return [(y - y0, h) for _, y, _, h in sorted(boxes, key=lambda b: b[1])]


def _ink_row() -> tuple[np.ndarray, np.ndarray]:
    """Six upright tiles touching along y (no mat between them) with felt-coloured ink in two faces."""
    length = 6 * int(GEO.tile_w) + 5 * GAP
    blob = np.ones((length, DEPTH), bool)
    gaps = np.zeros(blob.shape, np.float32)
    for row in (90, 130):  # inside the fourth and the fifth tile's faces
        gaps[row - 1 : row + 2, 8:32] = 1.0
    return blob, gaps


def test_a_row_whose_sides_hide_the_gaps_is_cut_by_the_tiles_widths_not_by_ink() -> None:
    blob, gaps = _ink_row()
    cells = _cut(blob, gaps, SIDE)
    assert len(cells) == 6, cells
    assert all(h < (GEO.tile_w + GEO.tile_h) / 2 for _, h in cells), cells  # all upright
    pitch = [b[0] - a[0] for a, b in itertools.pairwise(cells)]
    assert all(abs(p - GEO.pitch) <= 1 for p in pitch), cells


def test_in_a_felt_view_the_same_ink_is_still_taken_for_mat() -> None:
    # No side (a felt view, or a row across the camera's line of sight) keeps the mat evidence: the ink
    # row above is cut as before, the proof that the side's length is what changed the cut.
    blob, gaps = _ink_row()
    cells = _cut(blob, gaps, (0.0, 0.0))
    assert len(cells) == 5, cells


@pytest.mark.parametrize("at", range(6), ids=[f"riichi-tile-{k + 1}" for k in range(6)])
def test_a_riichi_tile_in_such_a_row_is_still_cut_sideways_by_its_depth(at: int) -> None:
    lengths = [int(GEO.tile_w)] * 6
    lengths[at] = int(GEO.tile_h)
    blob = np.zeros((sum(lengths) + 5 * GAP, DEPTH), bool)
    y = 0
    for k, n in enumerate(lengths):
        blob[y : y + n, 0 if k != at else DEPTH - 30 :] = True  # the sideways tile is 26 mm deep, not 35
        y += n
        blob[y : y + GAP, :] = k < 5  # the farther tile's side over the gap
        y += GAP
    cells = _cut(blob, np.zeros(blob.shape, np.float32), SIDE)
    assert len(cells) == 6, cells
    wide = [h > (GEO.tile_w + GEO.tile_h) / 2 for _, h in cells]
    assert wide == [k == at for k in range(6)], cells

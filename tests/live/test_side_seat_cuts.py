"""A side seat's pond row at face height (docs/live.md, "The view at face height"): the row runs towards the
camera, so each lying tile's side (11-15 mm from a camera at 37 degrees) covers the 3 mm of mat before the
next tile and no mat shows between them. Ink of the felt's colour (the circles on a blue felt) is then the
only "mat" in the row; cut by it, two upright tiles became one sideways tile and the crops of the rest sat
across two faces (seed 211, blue felt, yellow backs, 37 degrees: seat 3's 6z read 1s, its 1s read 6z).
Seat 0's and seat 2's rows lie across the camera's line of sight, and the farther row's side covers the mat
between two rows instead: they are parted where the nearer row's faces start."""

from __future__ import annotations

import itertools

import numpy as np
import pytest
from riichi_table.vision.tile_cuts import _cut_row, cut_blob
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
    # row above, cut as a row that may hold two sideways tiles (a pond holds one at most, and is cut so),
    # is cut as before, the proof that the side's length is what changed the cut.
    blob, gaps = _ink_row()
    boxes: list[tuple[int, int, int, int]] = []
    _cut_row(blob, gaps, 0, 0, False, boxes, GEO, 1.0)
    assert len(boxes) == 5, boxes
    assert len(_cut(blob, gaps, (0.0, 0.0))) == 6  # in a pond: one sideways tile at most, so none here


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


@pytest.mark.parametrize(
    ("seat", "towards"),
    [(0, 10.0), (2, 16.0), (0, -10.0)],
    ids=["seat-0", "seat-2", "seat-0-camera-beyond-seat-2"],
)
def test_two_pond_rows_whose_sides_cover_the_gap_part_where_the_nearer_rows_faces_start(
    seat: int, towards: float
) -> None:
    # Seat 0's and seat 2's rows lie across the camera's line of sight: the farther row's side (10-16 mm)
    # covers the 4 mm between the rows, and the view shows one blob 35 + 39 mm deep. The nearer row's faces
    # start a row pitch from the far edge (no side shows there); an even split cut 2 mm into them.
    face, pitch = int(GEO.tile_h), int(GEO.row_pitch)
    blob = np.ones((face + pitch, 6 * 29 - 3), bool)
    x0 = 450 - blob.shape[1] // 2
    y0 = 450 + round(GEO.pond_v0) - face // 2 if seat == 0 else 450 - round(GEO.pond_v0) - pitch - face // 2
    boxes: list[tuple[int, int, int, int]] = []
    cut_blob(blob, np.zeros(blob.shape, np.float32), x0, y0, boxes, GEO, 1.0, side_mm=(0.0, towards))
    starts = sorted({y - y0 for _, y, _, _ in boxes})
    ends = sorted({y - y0 + h for _, y, _, h in boxes})
    assert len(boxes) == 12, boxes
    if towards > 0:  # the camera's foot below the table (towards larger y): the far edge is the blob's top
        assert starts == [0, pitch], boxes
    else:  # the foot beyond the top: the far edge is the blob's bottom
        assert ends == [face, face + pitch], boxes


def test_in_a_felt_view_two_touching_rows_are_split_evenly() -> None:
    face, pitch = int(GEO.tile_h), int(GEO.row_pitch)
    blob = np.ones((face + pitch, 6 * 29 - 3), bool)
    boxes: list[tuple[int, int, int, int]] = []
    y0 = 450 + round(GEO.pond_v0) - face // 2
    cut_blob(blob, np.zeros(blob.shape, np.float32), 450 - blob.shape[1] // 2, y0, boxes, GEO, 1.0)
    assert sorted({y - y0 for _, y, _, _ in boxes}) == [0, (face + pitch) // 2], boxes

"""A pond's row is cut with one sideways tile at most (vision/tile_cuts.py, `most_sideways`; seed 002 3.3.14:
the riichi tile lies sideways, and only the next discard does once it is called away), and on white cloth at
face height each sideways tile there costs more (`POND_SIDEWAYS_COST`).

Recorded from a render of white cloth, red backs, the old camera, hard (seed 318): seat 1's pond row (1m, F,
F, 9s from the far end) as the reader cut it, its tile mask in green and its outline evidence in red. The
faces' far edges show nothing against the cloth, so the row's fill is ragged, and the cut took three of the
four tiles for sideways ones: a riichi read that never was (seat 1's 1m recorded as a riichi 9m). And seat
2's two pond rows (green: mask, red: outlines): its second row of six upright tiles (F, 3s, 1p, 5m, F, 1m)
was cut into five with the 3s sideways (a riichi of seat 2's, and the F after it read in the 3s's turn).
"""

from __future__ import annotations

import itertools
from pathlib import Path

import cv2
import numpy as np
import pytest
import riichi_table.vision.tile_cuts as tile_cuts
from riichi_table.vision.tile_cuts import _cut_row, cut_blob
from riichi_table.vision.zones import TableGeometry

DATA = Path(__file__).parent / "data"
GEO = TableGeometry()
AT = (556, 424)  # the blob's top-left corner in the view (1 px per mm)
SIDE = (-1.12, 11.03)  # each tile's side there, mm along x and y towards the camera's foot


def _row() -> tuple[np.ndarray, np.ndarray]:
    image = cv2.imread(str(DATA / "seat1_pond_row.png"))
    return image[..., 1] > 127, image[..., 2].astype(np.float32) / 255.0


def _sideways(boxes: list[tuple[int, int, int, int]]) -> int:
    """Cells longer along seat 1's row (the view's y) than across it."""
    return sum(h > w for _, _, w, h in boxes)


def test_the_row_is_cut_with_one_sideways_tile_at_most() -> None:
    blob, gaps = _row()
    boxes: list[tuple[int, int, int, int]] = []
    cut_blob(blob, gaps, *AT, boxes, GEO, 1.0, rims=True, side_mm=SIDE)
    assert _sideways(boxes) <= 1, boxes
    assert len(boxes) == 4, boxes


def test_a_row_with_no_such_limit_takes_three_sideways() -> None:
    # The same row cut as a row that may hold any mix (a meld's, a hand laid open): the fault it had.
    blob, gaps = _row()
    boxes: list[tuple[int, int, int, int]] = []
    _cut_row(blob, gaps, *AT, False, boxes, GEO, 1.0, rims=True)
    assert _sideways(boxes) == 3, boxes


SEAT2_AT = (366, 270)
SEAT2_SIDE = (0.22, 13.1)


def _seat2_rows() -> list[list[tuple[int, int, int, int]]]:
    image = cv2.imread(str(DATA / "seat2_pond_rows.png"))
    blob, gaps = image[..., 1] > 127, image[..., 2].astype(np.float32) / 255.0
    boxes: list[tuple[int, int, int, int]] = []
    cut_blob(blob, gaps, *SEAT2_AT, boxes, GEO, 1.0, rims=True, side_mm=SEAT2_SIDE)
    far = sorted(b for b in boxes if b[1] + b[3] / 2 < SEAT2_AT[1] + 38)  # the second row, farther up
    near = sorted(b for b in boxes if b[1] + b[3] / 2 >= SEAT2_AT[1] + 38)
    return [near, far]


def test_seat2s_second_row_is_six_upright_tiles() -> None:
    near, far = _seat2_rows()
    assert len(near) == 6 and len(far) == 6, (near, far)
    assert not any(w > h for _, _, w, h in far), far  # seat 2's rows run along x: sideways is wider
    starts = [x for x, _, _, _ in far]
    assert all(26 <= b - a <= 28 for a, b in itertools.pairwise(starts)), starts


def test_without_the_cost_the_second_row_had_a_sideways_tile(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(tile_cuts, "POND_SIDEWAYS_COST", 0.0)
    _, far = _seat2_rows()
    assert len(far) == 5 and sum(w > h for _, _, w, h in far) == 1, far


# Recorded from a render of green felt, red backs, the old camera, hard (seed 1877): seat 0's first pond row,
# six bamboo tiles (1s, 1s, 6s, 8s, 4s, 1s), its tile mask in green and its gap evidence (how green each
# pixel is beside the felt) in red. The gaps, 2.2 mm, are covered by the tiles' sides (1.6 mm) and show no
# green; the bamboo ink is the greenest part of the row.
BAMBOO_AT = (364, 557)
BAMBOO_SIDE = (-1.59, 8.43)


def _bamboo_row() -> tuple[np.ndarray, np.ndarray]:
    image = cv2.imread(str(DATA / "bamboo_pond_row.png"))
    return image[..., 1] > 127, image[..., 2].astype(np.float32) / 255.0


def _along_seat_0s_row(boxes: list[tuple[int, int, int, int]]) -> list[int]:
    """Each cell's length along seat 0's row (the view's x): 27 px upright, 37 sideways."""
    return [w for _, _, w, _ in boxes]


def test_a_row_of_bamboo_tiles_whose_ink_looks_like_gaps_is_six_upright_tiles() -> None:
    blob, gaps = _bamboo_row()
    boxes: list[tuple[int, int, int, int]] = []
    cut_blob(blob, gaps, *BAMBOO_AT, boxes, GEO, 1.0, side_mm=BAMBOO_SIDE)
    assert len(boxes) == 6, boxes
    assert _along_seat_0s_row(boxes) == [27] * 6, boxes


def test_with_a_sideways_cell_as_deep_as_the_rest_costing_little_the_row_had_a_riichi_tile(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # The fault it had: a sideways cell as deep across the row as its upright neighbours cost as in any row.
    monkeypatch.setattr(tile_cuts, "POND_SHALLOWER_WEIGHT", 2.0)
    blob, gaps = _bamboo_row()
    boxes: list[tuple[int, int, int, int]] = []
    cut_blob(blob, gaps, *BAMBOO_AT, boxes, GEO, 1.0, side_mm=BAMBOO_SIDE)
    assert sorted(_along_seat_0s_row(boxes)) == [27] * 5 + [37], boxes


# Recorded from a render of wood felt, green backs, 40 degrees, hard (seed 2293): a blob of seat 0's pond,
# the 3m and 6p ending its first row (above) and its riichi 2s lying sideways at the end of its second row
# (below, apart from the rest of that row), mask in green, gap evidence in red.
APART_AT = (482, 559)
APART_SIDE = (-0.57, 12.14)


def test_a_riichi_tile_apart_from_its_row_is_cut_sideways_by_its_length_and_depth() -> None:
    image = cv2.imread(str(DATA / "riichi_tile_apart.png"))
    blob, gaps = image[..., 1] > 127, image[..., 2].astype(np.float32) / 255.0
    boxes: list[tuple[int, int, int, int]] = []
    cut_blob(blob, gaps, *APART_AT, boxes, GEO, 1.0, side_mm=APART_SIDE)
    second_row = [b for b in boxes if b[1] > APART_AT[1] + 30]
    assert [w for _, _, w, _ in second_row] == [36], boxes  # a long side along the row: sideways
    first_row = [b for b in boxes if b[1] <= APART_AT[1] + 30]
    assert [w < 30 for _, _, w, _ in first_row] == [True, True], boxes


def test_a_lone_upright_tile_as_deep_as_a_face_stays_upright() -> None:
    run = np.ones((35, 33), bool)  # 33 px long (nearer a sideways tile), but a long side deep
    assert not tile_cuts._lone_sideways(run, 33, (27.0, 37.5), GEO, 1.0)
    assert tile_cuts._lone_sideways(run[:27], 33, (27.0, 37.5), GEO, 1.0)


def test_a_lone_tile_showing_its_side_across_its_row_is_told_by_its_length() -> None:
    # Seed 6743, wood felt, 37 degrees: a far seat's riichi tile alone in its row, 34 px long, as deep as its
    # band (38 px) because its side showed 18.7 mm beyond its face: the depth tells nothing, the length does.
    run = np.ones((38, 34), bool)
    widths = (27.0, 37.5)
    assert tile_cuts._lone_sideways(run, 34, widths, GEO, 1.0, side_across_mm=18.7)
    # An upright tile's length stays upright, however deep its side makes it.
    upright = np.ones((38, 28), bool)
    assert not tile_cuts._lone_sideways(upright, 28, widths, GEO, 1.0, side_across_mm=18.7)
    # A depth short of the band was measured, not cut off by it: an upright face 35 px deep in a band of 41
    # (seed 881, white cloth: a 1m alone in its row's blob, 34 px long) stays upright.
    measured = np.zeros((41, 34), bool)
    measured[3:38] = True
    assert not tile_cuts._lone_sideways(measured, 34, widths, GEO, 1.0, side_across_mm=17.0)
    # A side seat's row, the side showing along it: a long run may be an upright face and its side, so the
    # depth still decides.
    assert not tile_cuts._lone_sideways(run, 34, widths, GEO, 1.0, side_along_mm=12.0, side_across_mm=18.7)


def test_a_lone_tile_on_white_cloth_is_measured_without_its_rims() -> None:
    # Seed 8501, white cloth, green backs, 40 degrees, light 0.55: seat 2's 1p alone in a far row, 33 px long
    # with the rims at its ends, its side 18.2 mm beyond its face across the row: told by its length, it was
    # cut sideways in five of its first six readings, a riichi nobody declared.
    widths = (27.0, 37.5)
    run = np.ones((39, 33), bool)
    assert tile_cuts._lone_sideways(run, 33, widths, GEO, 1.0, side_across_mm=18.2)
    assert not tile_cuts._lone_sideways(run, 33, widths, GEO, 1.0, side_across_mm=18.2, rims=True)
    # A sideways tile's run with its rims is longer still, and stays sideways.
    sideways = np.ones((39, 41), bool)
    assert tile_cuts._lone_sideways(sideways, 41, widths, GEO, 1.0, side_across_mm=18.2, rims=True)

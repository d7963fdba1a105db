"""A pond's first two rows hold six tiles at most (seed 002 and seed 004: discards lie six to a row), so a
side seat's row seen at face height, where no gap shows between its tiles, is never cut into seven
(vision/tile_cuts.py, `POND_ROW_TILES`); and a row too long for upright tiles at their usual pitch holds a
sideways one, though on white cloth a sideways tile costs more (`_unlike_upright_row`).

Recorded from a render of white cloth, black backs, 37 degrees (seed 533): seat 3's two pond rows as the
reader cut them after its riichi, its tile mask in green and its outline evidence in red. The second row holds
five upright tiles and the sideways riichi tile (3s) at the camera's end; cut as seven upright cells the row's
tiles all moved and three of them were recorded as new discards; cut as six upright cells, the riichi was
lost.
"""

from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np
import pytest
import riichi_table.vision.tile_cuts as tile_cuts
from riichi_table.vision.tile_cuts import cut_blob
from riichi_table.vision.zones import TableGeometry

DATA = Path(__file__).parent / "data"
GEO = TableGeometry()
AT = (266, 363)  # the blob's top-left corner in the view (1 px per mm)
SIDE = (4.24, 13.6)  # each tile's side there, mm along x and y towards the camera's foot


def _rows(
    name: str = "seat3_riichi_row.png", at: tuple[int, int] = AT, side: tuple[float, float] = SIDE
) -> tuple[list[tuple[int, int, int, int]], list[tuple[int, int, int, int]]]:
    """Seat 3's two pond rows recorded in `name` (blob corner `at`), cut as the reader cut them."""
    image = cv2.imread(str(DATA / name))
    blob, gaps = image[..., 1] > 127, image[..., 2].astype(np.float32) / 255.0
    boxes: list[tuple[int, int, int, int]] = []
    cut_blob(blob, gaps, *at, boxes, GEO, 1.0, rims=True, side_mm=side)
    # Seat 3's rows run along the view's y; its second row lies farther from the centre (smaller x).
    second = sorted((b for b in boxes if b[0] < at[0] + 39), key=lambda b: b[1])
    first = sorted((b for b in boxes if b[0] >= at[0] + 39), key=lambda b: b[1])
    return first, second


def _sideways(boxes: list[tuple[int, int, int, int]]) -> list[bool]:
    """Seat 3's row runs along the view's y: a sideways cell is longer along y than across."""
    return [h > w for _, _, w, h in boxes]


def test_the_riichi_row_is_five_upright_tiles_and_the_sideways_riichi_tile() -> None:
    first, second = _rows()
    assert _sideways(first) == [False] * 6, first
    assert _sideways(second) == [False] * 5 + [True], second
    # Each upright tile of the second row lies beside its neighbour of the first row, as the player laid it.
    assert all(abs(a[1] - b[1]) <= 4 for a, b in zip(first[:5], second[:5], strict=True)), (first, second)


def test_with_the_sideways_tile_costing_more_the_row_was_six_upright(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(tile_cuts, "WIDE_GAP_MM", 99.0)
    _, second = _rows()
    assert _sideways(second) == [False] * 6, second


def test_without_the_limit_of_six_the_riichi_row_was_cut_into_seven(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(tile_cuts, "POND_ROW_TILES", 99)
    _, second = _rows()
    assert len(second) == 7, second


# Recorded from a render of white cloth, black backs, 37 degrees (seed 2531, frame 277): seat 3's two pond
# rows just after its riichi, its tile mask in green and its outline evidence in red. The second row holds
# four upright tiles and the sideways riichi tile (5s) at the camera's end, 155 px long with the rims at its
# ends: six upright tiles fit it 1.4 mm into each other, and with the sideways tile's cost that cut won and
# the riichi was never read.
RIICHI_5S_AT = (269, 364)
RIICHI_5S_SIDE = (4.29, 12.31)


def _riichi_5s_rows() -> tuple[list[tuple[int, int, int, int]], list[tuple[int, int, int, int]]]:
    return _rows("seat3_riichi_5s_row.png", RIICHI_5S_AT, RIICHI_5S_SIDE)


def test_a_riichi_row_measured_long_keeps_its_sideways_tile() -> None:
    first, second = _riichi_5s_rows()
    assert _sideways(first) == [False] * 6, first
    assert _sideways(second) == [False] * 4 + [True], second


def test_with_overlapping_upright_tiles_allowed_the_riichi_row_was_six_upright(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(tile_cuts, "OVERLAP_GAP_MM", 99.0)
    _, second = _riichi_5s_rows()
    assert _sideways(second) == [False] * 6, second


# Recorded from a render of white cloth, black backs, 37 degrees (seed 3163, frame 62): seat 3's first pond
# row, its 1m and the white dragon laid after it, 60 px long with the rims at its ends. Two upright tiles fit
# it only 6 mm apart; with 5 mm the widest gap no cut fitted and neither tile was read while the dragon lay
# there (four frames, before it was called).
DRAGON_AT = (309, 364)
DRAGON_SIDE = (2.50, 14.63)


def _dragon_row() -> list[tuple[int, int, int, int]]:
    first, row = _rows("seat3_white_dragon_row.png", DRAGON_AT, DRAGON_SIDE)  # one row: "first" is empty
    return first + row


def test_a_row_of_two_measured_long_on_white_cloth_is_cut_into_its_two_tiles() -> None:
    boxes = _dragon_row()
    assert _sideways(boxes) == [False, False], boxes
    assert boxes[1][1] - boxes[0][1] >= GEO.tile_w, boxes  # one after the other along the row


def test_with_five_mm_the_widest_gap_the_row_was_not_cut(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(tile_cuts, "RIM_WIDEST_MM", 5.0)
    assert _dragon_row() == []

"""A meld on white cloth, seen from a camera at the table's side, is cut one cell per tile with its sideways
tile where it lies, and the camera side's standing hand is no row of lying tiles (vision/tile_cuts.py
`_far_sideways`, `_reach_from_owner`; vision/not_tiles.py `standing_hand`).

On white cloth a photographed face's ivory is the cloth's colour: the face mask loses the edge of each tile
farthest from the camera. Seed 9055 (white cloth, blue backs, 40 degrees, photographed faces) showed three
ways that went wrong:

- Seat 0's pon of east, its sideways tile at the row's far end: the run measured 86 px for 88.5 and was cut
  as three upright cells, the last one 27 x 28 mm, left out as a standing tile's top. The pon was never read.
- Seat 2's pon of west, seen across the table: its upright tiles lost their owner's edge and looked as
  shallow as the sideways one, and the cut put the sideways tile at the wrong end.
- Seat 0's standing hand showed its fronts and, beyond them, its tops' blue back layer, 10 mm of 44: at the
  edge of the share that marks a standing tile, and in one frame of three it was ten lying tiles.

Rows here are synthetic masks at the clip's places in a 1 px per mm view.
"""

from __future__ import annotations

import numpy as np
from riichi_table.vision.not_tiles import standing_hand
from riichi_table.vision.tile_cuts import cut_blob
from riichi_table.vision.zones import TableGeometry

GEO = TableGeometry()
UPRIGHT = (26, 35)  # along the row, across it
SIDEWAYS = (35, 26)
GAP = 3  # between touching tiles: their rims, filled as the faces are on white cloth
SIDE = (-8.0, 8.0)  # a lying tile's side beyond its face (mm along x and y), the clip's camera


def _row(tiles: list[tuple[int, int]], owner_at_bottom: bool, lost: list[int]) -> np.ndarray:
    """A row's face mask along x: tiles level at their owner's edge, each losing `lost` px at its far
    edge across the row (the owner's edge for a seat across the table, the other one for the camera's
    own)."""
    depth = max(h for _, h in tiles)
    width = sum(w for w, _ in tiles) + GAP * (len(tiles) - 1)
    mask = np.zeros((depth, width), bool)
    x = 0
    for k, ((w, h), gone) in enumerate(zip(tiles, lost, strict=True)):
        rows = slice(depth - h + gone, depth) if owner_at_bottom else slice(gone, h)
        mask[rows, x : x + w] = True
        if k:  # the rims between this tile and the one before, as deep as both
            mask[:, x - GAP : x] = mask[:, x - GAP - 1 : x - GAP] & mask[:, x : x + 1]
        x += w + GAP
    return mask


def _cut(mask: np.ndarray, x0: int, y0: int) -> list[tuple[int, int, int, int]]:
    boxes: list[tuple[int, int, int, int]] = []
    cut_blob(mask, np.ones(mask.shape, np.float32), x0, y0, boxes, GEO, 1.0, rims=True, side_mm=SIDE)
    return sorted(boxes)


def test_a_pon_whose_sideways_tile_lost_its_far_end_is_cut_with_it_sideways() -> None:
    # Seat 0's hand row: its owner's edge is the bottom, nearest the camera; the sideways tile at the far
    # (right) end lost 8 px of its length there.
    mask = _row([UPRIGHT, UPRIGHT, SIDEWAYS], owner_at_bottom=True, lost=[1, 0, 2])[:, :-8]
    boxes = _cut(mask, 762, 794)
    assert len(boxes) == 3, boxes
    (_, _, w1, h1), (_, _, w2, h2), (x3, _, w3, h3) = boxes
    assert h1 > w1 and h2 > w2 and w3 > h3, boxes  # upright, upright, sideways
    assert max(w3, h3) >= GEO.tile_h - 2, boxes  # the sideways tile as long as it is: not a standing top
    assert abs(x3 - (762 + 2 * (26 + GAP))) <= 3, boxes


def test_the_same_pon_seen_whole_is_cut_as_before() -> None:
    mask = _row([UPRIGHT, UPRIGHT, SIDEWAYS], owner_at_bottom=True, lost=[1, 0, 2])
    boxes = _cut(mask, 762, 794)
    assert len(boxes) == 3 and boxes[2][2] > boxes[2][3] and boxes[0][3] > boxes[0][2], boxes


def test_three_upright_tiles_whose_far_end_is_lost_stay_three_upright_cells() -> None:
    # As deep as upright tiles all along: nothing says a sideways tile lies at the end.
    mask = _row([UPRIGHT] * 3, owner_at_bottom=True, lost=[0, 0, 0])[:, :-6]
    boxes = _cut(mask, 762, 794)
    assert len(boxes) == 3 and all(h > w for _, _, w, h in boxes), boxes


def test_a_far_seats_pon_whose_upright_tiles_lost_their_owners_edge_keeps_its_sideways_tile_there() -> None:
    # Seat 2's hand row seen across the table: its owner's edge is the top, farthest from the camera; the
    # upright tiles lost 10 and 8 px there and look no deeper than the sideways tile at the right end.
    mask = _row([UPRIGHT, UPRIGHT, SIDEWAYS], owner_at_bottom=False, lost=[10, 8, 0])
    boxes = _cut(mask, 46, 71)
    assert len(boxes) == 3, boxes
    kinds = ["sideways" if w > h else "upright" for _, _, w, h in boxes]
    assert kinds == ["upright", "upright", "sideways"], boxes
    # Each upright cell reaches its owner's edge: as long as a lying tile, no standing tile's top.
    assert all(h >= GEO.tile_h - 3 for _, _, w, h in boxes[:2]), boxes


def _standing_front(band: int, at_far_end: bool) -> tuple[np.ndarray, np.ndarray]:
    """Seat 0's hand row, ten tiles, 44 px deep: a band of the backs' colour `band` px deep at the end
    away from the camera (the top, for seat 0) or at the end nearest it."""
    depth, width = 44, 10 * 29 - 3
    blob = np.ones((depth, width), bool)
    back = np.zeros((depth, width), np.uint8)
    if at_far_end:
        back[:band] = 1
    else:
        back[depth - band :] = 1
    return blob, back


def test_a_standing_hand_seen_from_the_cameras_side_with_a_thin_band_of_backs_beyond_it_is_standing() -> None:
    blob, back = _standing_front(8, at_far_end=True)  # 0.18 of the column
    assert standing_hand(blob, back, 0, GEO, 1.0, SIDE)


def test_a_row_whose_band_of_backs_lies_at_its_near_end_is_no_standing_hand() -> None:
    # Lying tiles show their back layer on their side, towards the camera.
    blob, back = _standing_front(8, at_far_end=False)
    assert not standing_hand(blob, back, 0, GEO, 1.0, SIDE)

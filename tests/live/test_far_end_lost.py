"""A lone riichi tile in a side seat's pond row whose far end is lost to dim light is still cut sideways,
its full length (vision/tile_cuts.py `_cut_row`: no spill trimmed off a blob of one row,
`_far_end_lost_sideways`).

Seed 9055, wood felt, red backs, 37 degrees, light 0.55: seat 1's riichi 7p lay alone in its third pond
row, its far end's dark circles as dim as the wood. The tile mask held its far end on one side only (the
near side of the face's ink) or lost it: 22-29 px of its 35 along the row in most frames, 24-25 across. Cut
as a 27 mm cell, neither an upright nor a sideways tile's shape, it was never read; the turns after it
stalled and the ron was put on the wrong seat. Blobs here are at its place in the straightened view (1 px
per mm), with the side the camera showed beyond each face (13 mm along the row, 5 across).
"""

from __future__ import annotations

import numpy as np
from riichi_table.vision.tile_cuts import cut_blob
from riichi_table.vision.zones import TableGeometry

GEO = TableGeometry()
X0, Y0 = 641, 502
SIDE_MM = (4.8, 12.8)


def _boxes(blob: np.ndarray) -> list[tuple[int, int, int, int]]:
    boxes: list[tuple[int, int, int, int]] = []
    cut_blob(blob, np.ones(blob.shape, np.float32), X0, Y0, boxes, GEO, 1.0, False, SIDE_MM)
    return boxes


def test_a_sideways_tile_alone_in_its_row_keeps_its_far_end_where_only_one_side_of_it_shows() -> None:
    blob = np.ones((35, 26), bool)
    blob[:8, :16] = False  # the far end: the ink's dim side lost, the other side kept
    blob[8:, 25] = False
    ((_, _, w, h),) = _boxes(blob)
    assert h >= 33 and w <= 28, (w, h)  # sideways: long along the row (the view's y), short across


def test_a_lone_tile_as_shallow_as_a_sideways_one_and_short_is_cut_sideways_from_its_near_end() -> None:
    blob = np.ones((28, 25), bool)  # 28 along the row, its far end lost; 25 across
    ((_, y, w, h),) = _boxes(blob)
    assert w <= 28 and 36 <= h <= 39, (w, h)
    assert abs((y + h) - (Y0 + 28)) <= 1  # from its near end, which shows


def test_a_lone_upright_tile_stays_upright() -> None:
    blob = np.ones((27, 35), bool)  # an upright face: 26 along the row, 35 across
    ((_, _, w, h),) = _boxes(blob)
    assert w >= 33 and h <= 29, (w, h)


def test_a_far_seats_lone_tile_still_loses_a_corner_reaching_past_its_end() -> None:
    # Seat 2's first discard: its row runs across the view, no side shows along it, and a corner past its
    # end (another row's, or a point stick's) is trimmed as before (seed 8647, black felt, yellow backs, 30
    # degrees, photographed faces: untrimmed, the 4p read 6p).
    x, y = GEO.to_table(2, -72.5, GEO.pond_v0)
    blob = np.zeros((35, 34), bool)
    blob[:, :26] = True  # the face: 26 along the row (the view's x), 35 across
    blob[:8, 26:] = True  # a corner reaching 8 px past its end, on one side
    boxes: list[tuple[int, int, int, int]] = []
    cut_blob(
        blob,
        np.ones(blob.shape, np.float32),
        round(x - 13),
        round(y - 17.5),
        boxes,
        GEO,
        1.0,
        False,
        (0.0, 3.0),
    )
    ((bx, _, w, h),) = boxes
    assert w <= 28 and h >= 33, (w, h)
    assert abs((bx + w / 2) - (round(x - 13) + 13)) <= 2  # centred on the face, not on face and corner

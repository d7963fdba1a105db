"""The ura dora laid under its indicator (docs/live.md, "What is not a tile": the dead wall's face shows two
tiles, an indicator and its ura dora under it) is cut where the two faces touch, each a tile deep, however
deep the run looks: on white cloth, seen at 37 degrees, the run was 83 px for two 37.5 px faces (the lying
tile's body toward the camera, the felt inside the outline) and a middle cut put the ura dora's crop 5 px
low, its 3m read as 6m (seed 211, white cloth, black backs, 37 degrees: the ron's ura dora, so its score)."""

from __future__ import annotations

import numpy as np
import pytest
from riichi_table.vision import tile_cuts
from riichi_table.vision.tile_cuts import cut_dead_wall
from riichi_table.vision.zones import TableGeometry

GEO = TableGeometry()
FACE = GEO.tile_h + 2.5  # a face-up tile's depth in the view (px at 1 px/mm)


def _column(depth: int, touch: int, symbols: tuple[int, ...]) -> tuple[np.ndarray, np.ndarray]:
    """A face-up dead-wall column 29 px wide and `depth` deep; the two faces' rims meet at row `touch`;
    `symbols` are rows of dark ink inside the faces (darker at their darkest pixel, not across the row)."""
    blob = np.ones((depth, 29), bool)
    grey = np.full((depth, 29), 200, np.uint8)
    grey[touch, :] = 70  # the rims where the faces touch: dark across the whole column
    for r in symbols:
        grey[r, 10:19] = 30
    grey[depth - 5 :, :] = 190  # felt inside white cloth's outline
    return blob, grey


@pytest.mark.parametrize(("depth", "touch"), [(83, 38), (80, 37), (76, 38)], ids=["83px", "80px", "76px"])
def test_the_ura_dora_is_cut_where_it_touches_its_indicator(depth: int, touch: int) -> None:
    blob, grey = _column(depth, touch, symbols=(12, 30, 44, 52))
    back = np.zeros(blob.shape, np.uint8)
    boxes: list[tuple[int, int, int, int]] = []
    cut_dead_wall(blob, back, 436, 420, boxes, GEO, 1.0, grey)
    assert len(boxes) == 2, boxes
    (_, y1, _, h1), (_, y2, _, h2) = sorted(boxes, key=lambda b: b[1])
    assert y2 == 420 + touch and y1 + h1 == y2, boxes
    assert abs(h1 - FACE) <= 1.5 and abs(h2 - FACE) <= 1.5, boxes


def test_without_the_view_the_two_deep_run_is_cut_at_its_middle() -> None:
    blob, _ = _column(80, 37, symbols=())
    boxes: list[tuple[int, int, int, int]] = []
    cut_dead_wall(blob, np.zeros(blob.shape, np.uint8), 436, 420, boxes, GEO, 1.0)
    assert sorted(b[1] for b in boxes) == [420, 460]


# Grey levels down the middle of seat 0's view of a dead-wall column at 40 degrees (seed 1234, wood felt):
# the S indicator (rows 18-54), the rim (53-56), the ura dora 4p (56-92: its upper circles 61-68, the lower
# 78-88), then the 4p's side towards the camera (92-101) and the felt.
FOUR_PIN_COLUMN = [50] * 14 + [51, 52, 53, 56, 63, 123, 166, 154, 142, 131, 128, 128, 133, 131, 124, 109, 109]
FOUR_PIN_COLUMN += [122, 116, 104, 86, 73, 61, 70, 82, 89, 80, 77, 81, 74, 75, 93, 98, 102, 109, 120, 136]
FOUR_PIN_COLUMN += [153, 158, 144, 142, 142, 142, 153, 165, 161, 127, 81, 70, 59, 49, 48, 51, 57, 72, 87, 107]
FOUR_PIN_COLUMN += [143, 168, 168, 168, 168, 167, 167, 155, 109, 85, 73, 60, 57, 56, 59, 62, 67, 78, 116, 158]
FOUR_PIN_COLUMN += [160, 151, 141, 141, 140, 139, 140, 140, 132, 95, 58, 37, 37, 39, 42, 47]


@pytest.mark.parametrize("side", [14.8, 9.0, 4.0])
def test_the_rim_is_found_from_the_far_end_where_the_near_end_holds_a_side(side: float) -> None:
    grey = np.repeat(np.asarray(FOUR_PIN_COLUMN, np.uint8)[:, None], 27, axis=1)
    blob = np.zeros(grey.shape, bool)
    blob[18:101] = True
    back = np.zeros(grey.shape, np.uint8)
    boxes: list[tuple[int, int, int, int]] = []
    cut_dead_wall(blob, back, 436, 414, boxes, GEO, 1.0, grey, side)
    (_, y1, _, h1), (_, y2, _, h2) = sorted(boxes, key=lambda b: b[1])
    assert 414 + 53 <= y2 <= 414 + 56 and y1 + h1 == y2, boxes  # at the rim, not in the upper circles
    assert y2 + h2 >= 414 + 89, boxes  # the ura dora's lower circles inside its box

    without: list[tuple[int, int, int, int]] = []
    cut_dead_wall(blob, back, 436, 414, without, GEO, 1.0, grey)  # the cut before: in the circles
    assert 414 + 61 <= sorted(b[1] for b in without)[1] <= 414 + 68


def _green_backs_column() -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Seat 0's view of a dead-wall column at 40 degrees on wood felt, green backs (seed 2531, rows 415-518
    of the view, 23 px wide): felt in the wall's shade over part of rows 10-16, the 8s indicator (rows 17-53)
    with two bands of stroke across it (24-29, 40-46), the 1s ura dora (54-91) whose bird is back-coloured
    over half its head (59-69) and across one row (70), then its side (92-103, the back layer last)."""
    blob = np.ones((104, 23), bool)
    blob[:10] = False
    blob[10:17, 16:] = False
    back = np.zeros(blob.shape, np.uint8)
    grey = np.full(blob.shape, 175, np.uint8)
    grey[:17] = 78
    for r0, r1 in ((24, 30), (40, 47), (70, 71)):
        back[r0:r1] = 1
        grey[r0:r1] = 65
    back[59:70, :12] = 1
    grey[59:70] = 85
    back[99:] = 1
    grey[99:] = 50
    return blob, back, grey


def test_a_face_inked_in_the_backs_colour_keeps_its_ura_dora_whole() -> None:
    blob, back, grey = _green_backs_column()
    boxes: list[tuple[int, int, int, int]] = []
    cut_dead_wall(blob, back, 412, 415, boxes, GEO, 1.0, grey, 13.6)
    assert len(boxes) == 2, boxes
    (_, y1, _, h1), (_, y2, _, h2) = sorted(boxes, key=lambda b: b[1])
    assert y1 == 415 + 17 and y1 + h1 == y2, boxes  # the indicator from its own top, not the felt above it
    assert abs(y2 - (415 + 54)) <= 2 and y2 + h2 >= 415 + 89, boxes  # the bird's head and foot inside


@pytest.mark.parametrize("side", [15.2, -15.2])
def test_a_lone_indicator_is_cut_a_tile_deep_from_its_far_end_without_the_side_below_it(side: float) -> None:
    # Seed 946, black felt, 40 degrees: the indicator's run was 51 px, its face and 16 px of sides towards the
    # camera; kept whole, its crop sat 8 px towards the camera and a 4p's upper circles fell outside it (2p).
    blob = np.ones((51, 23), bool)
    boxes: list[tuple[int, int, int, int]] = []
    cut_dead_wall(blob, np.zeros(blob.shape, np.uint8), 412, 432, boxes, GEO, 1.0, None, side)
    assert len(boxes) == 1, boxes
    _, y, _, h = boxes[0]
    assert h == round(GEO.tile_h)
    assert y == (432 if side > 0 else 432 + 51 - h)  # the far end kept: the side lies towards the camera


def test_a_lone_indicator_seen_from_overhead_keeps_its_whole_run() -> None:
    blob = np.ones((37, 23), bool)
    boxes: list[tuple[int, int, int, int]] = []
    cut_dead_wall(blob, np.zeros(blob.shape, np.uint8), 412, 432, boxes, GEO, 1.0, None, 0.0)
    assert [b[1:4:2] for b in boxes] == [(432, 37)]


def _cut_at_rim(blob: np.ndarray, rim: int, x0: int, y0: int, side: float) -> list[tuple[int, int, int, int]]:
    """The dead wall's cut of a face-up column (`blob` at x0, y0) whose two faces touch at row `rim`, the
    column's darkest, with a side `side` mm deep towards the camera: its boxes from the top."""
    grey = np.full(blob.shape, 230, np.uint8)
    grey[rim, :] = 70  # the rims where the faces touch
    boxes: list[tuple[int, int, int, int]] = []
    cut_dead_wall(blob, np.zeros(blob.shape, np.uint8), x0, y0, boxes, GEO, 1.0, grey, side)
    return sorted(boxes, key=lambda b: b[1])


def test_a_face_the_mask_fills_less_between_its_symbols_keeps_its_ura_dora_whole() -> None:
    # Seed 6471, white cloth, blue backs, 40 degrees: a face-up column 114 px deep from the 9p indicator's top
    # (row 19), its rim with the ura dora 5p at row 56, the 5p's side below it from row 94. On white cloth
    # the 5p's ivory beside its centre circle is the cloth's lightness: in one frame those rows (76-78) held
    # 0.79 of the column's width in the mask, under WHOLE_ROW, and the column was parted there.
    blob = np.ones((114, 29), bool)
    blob[:19] = False
    blob[76:79, :6] = False  # 23 of 29 px
    boxes = _cut_at_rim(blob, 56, 353, 412, 16.1)
    assert len(boxes) == 2, boxes
    (_, y1, _, h1), (_, y2, _, h2) = boxes
    assert y1 == 412 + 19 and y2 == 412 + 56 and y1 + h1 == y2, boxes  # cut at the rim, not at the band
    assert abs(h2 - FACE) <= 1.5, boxes  # the ura dora a tile deep from there: its centre circle inside


def test_a_lone_indicator_the_mask_fills_less_across_a_band_is_parted_there_as_before() -> None:
    # A face-up column one face deep (a hand's first indicator, no ura dora under it) keeps the rule it had:
    # only a band the column is whole in joins its face rows.
    blob = np.ones((40, 29), bool)
    blob[20:23, :6] = False
    rows = np.ones(40, bool)
    filled = blob.mean(axis=1)
    out = tile_cuts._through_ink(rows, filled, 1.0, GEO)
    assert not out[20:23].any() and out[:20].all() and out[23:].all()


def test_an_ura_dora_whose_ivory_between_numeral_and_suit_the_mask_fills_thinly_is_cut_whole() -> None:
    # Seed 8093, white cloth, blue backs, 40 degrees: a face-up column from the indicator 5p's top (row 0),
    # its rim with the ura dora 6m at row 35; the 6m's ivory between its numeral and its suit (rows 52-63)
    # held 20 of the column's 29 px, 12 rows, deeper than a band of ink. Parted there, the 6m was cut from
    # its lower half and side alone, 25 px deep: seen wider than deep, it was read sideways as 8p.
    blob = np.ones((89, 29), bool)
    blob[52:64, :4] = False
    blob[52:64, 24:] = False
    boxes = _cut_at_rim(blob, 35, 409, 434, 15.0)
    assert len(boxes) == 2, boxes
    (_, y1, _, h1), (_, y2, w2, h2) = boxes
    assert y1 == 434 and y2 == 434 + 35 and y1 + h1 == y2, boxes
    assert abs(h2 - FACE) <= 1.5 and h2 > w2, boxes  # a tile deep from the rim, upright

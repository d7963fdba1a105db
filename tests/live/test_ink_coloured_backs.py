"""Green backs: a lying face inked in the backs' colour (8s, hatsu) is a tile, a standing tile's top is not.

On green-backed renders (bench/live.py matrix, seed 104) every discard inked green was left out as "half face,
half back", the turns after it went wrong, and the cell read at event F1 0.62.
"""

from __future__ import annotations

import cv2
import numpy as np
from riichi_table.vision.live_colours import SurfaceColours
from riichi_table.vision.not_tiles import back_band


def _colours(bgr: tuple[int, int, int]) -> SurfaceColours:
    colours = SurfaceColours()
    colours.back = cv2.cvtColor(np.uint8([[bgr]]), cv2.COLOR_BGR2LAB)[0, 0].astype(np.float32)
    return colours


def test_green_and_blue_backs_are_ink_coloured_but_black_and_red_ones_are_not() -> None:
    assert _colours((60, 150, 40)).ink_coloured_back()  # green
    assert _colours((200, 120, 40)).ink_coloured_back()  # light blue
    assert not _colours((25, 25, 25)).ink_coloured_back()  # black: an arm's shadow is as dark
    assert not _colours((30, 30, 190)).ink_coloured_back()  # red keeps the measured hue rule


def test_ink_spread_over_a_face_is_no_band_of_back_colour() -> None:
    cell = np.zeros((35, 26), np.uint8)
    for row in range(4, 31, 7):  # bamboo sticks over the whole face
        cell[row : row + 4, 4:22] = 1
    cell[:, :2] = 1  # the tile's side, in the back colour, at its rim
    assert 0.2 < cell.mean() < 0.7
    assert not back_band(cell)


def test_a_standing_tiles_top_shows_its_back_as_a_band_on_one_side() -> None:
    cell = np.zeros((35, 26), np.uint8)
    cell[:18] = 1  # the back over one half, the face below
    assert back_band(cell)
    assert back_band(cell.T.copy())


def test_a_face_inked_green_with_its_side_showing_is_no_face_down_tile_on_green_backs() -> None:
    from riichi_table.vision.not_tiles import EDGE_MM, edge_share, face_down

    cell = np.zeros((42, 26), np.uint8)  # a lying 8s seen at 40 degrees: its face, then its side below
    for col in (5, 11, 17):
        cell[4:32, col : col + 4] = 1  # bamboo sticks over the face
    cell[4:32, 3:23:2] |= 1  # their joints and the second row of sticks
    cell[35:] = 1  # the side's back layer, towards the camera
    share, edge = float(cell.mean()), edge_share(cell, round(EDGE_MM))
    assert 0.5 < share < 0.6
    assert not face_down(share, edge, ink_backs=True)
    back = np.ones((42, 26), np.uint8)
    back[::5, ::4] = 0  # a face-down tile, its back colour broken by glare here and there
    assert face_down(float(back.mean()), edge_share(back, round(EDGE_MM)), ink_backs=True)
    # Black or red backs keep the lower share: no face is inked in their colour.
    assert face_down(share, edge, ink_backs=False)


def test_without_its_side_a_face_densely_inked_in_the_backs_colour_is_no_standing_top() -> None:
    from riichi_table.vision.not_tiles import EDGE_MM, edge_share, half_back, without_side

    cell = np.zeros((40, 26), np.uint8)  # a lying 8p at face height: its face, its side's back layer below
    for row in (6, 13, 20, 27):
        cell[row : row + 5, 4:10] = cell[row : row + 5, 16:22] = 1  # navy circles, dark as black backs
    cell[34:] = 1
    k = round(EDGE_MM)
    assert half_back(cell, float(cell.mean()), edge_share(cell, k), band_needed=False)
    face = without_side(cell, 0, 6)  # the side shows towards the camera, below
    assert face.shape == (34, 26)
    assert not half_back(face, float(face.mean()), edge_share(face, k), band_needed=False)
    # The side on the other side (a camera beyond the row) is taken off there; a strip too wide is none.
    assert without_side(cell, 0, -6).shape == (34, 26) and without_side(cell, 0, -14) is cell
    # A standing tile's top, its back over the far half, stays half back without the near strip.
    top = np.zeros((40, 26), np.uint8)
    top[:18] = 1
    top_face = without_side(top, 0, 6)
    assert half_back(top_face, float(top_face.mean()), edge_share(top_face, k), band_needed=False)


def test_the_back_mask_keeps_back_layers_and_face_down_tiles_and_drops_ink_of_the_backs_colour() -> None:
    from riichi_table.vision.live_reader import BACK_RUN, _banded

    back = np.zeros((120, 200), np.uint8)
    back[40:43, 10:36] = 1  # a lying tile's side: its back layer, a band 3 px deep along the tile's width
    back[43:55, 34:36] = 1  # ... turning down its far side
    back[60:95, 10:36] = 1  # a tile face down (a concealed kan's back)
    cv2.circle(back, (80, 60), 7, 1, 2)  # a blue ring of a 1p on blue backs
    back[20:22, 120:130] = 1  # the strokes of a blue N
    back[14:30, 124:126] = 1
    back[70:72, 120:134] = 1  # a stroke 14 px long, short of the run a tile's side shows
    kept = _banded(back, int(BACK_RUN * 26))
    assert kept[40:55, 10:36].sum() == back[40:55, 10:36].sum()  # the side kept whole, its turn too
    assert kept[60:95, 10:36].all()
    assert not kept[:, 60:].any()  # ring and strokes gone
    assert not _banded(np.zeros((50, 50), np.uint8), 15).any()

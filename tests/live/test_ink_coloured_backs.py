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

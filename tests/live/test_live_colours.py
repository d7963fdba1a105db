"""The back colour learned from the dead wall keeps to the backs (vision/live_colours.py, `learn_back`)."""

from __future__ import annotations

import numpy as np
from riichi_table.vision.live_colours import BACK_PATIENCE, SurfaceColours


def _dead_wall(parts: list[tuple[tuple[float, float, float], float]]) -> np.ndarray:
    """A Lab sample of the dead wall's square made of (colour, share) parts, 40 x 40 pixels."""
    rows: list[np.ndarray] = []
    for colour, share in parts:
        rows.append(np.tile(np.float32(colour), (round(40 * share), 40, 1)))
    return np.concatenate(rows)


BLACK, IVORY, WHITE_CLOTH = (12.0, 128.0, 128.0), (230.0, 128.0, 136.0), (163.0, 127.0, 131.0)


def test_felt_the_mat_test_missed_does_not_become_the_back_colour() -> None:
    # Seed 211 matrix, white cloth with black backs: after an exposure step the felt's running mean lagged,
    # the dead wall's square showed the brighter felt as no mat, and the back colour learned went from black
    # (L 10) to grey (L 89); standing hands then showed no back and were read as lying haku.
    colours = SurfaceColours()
    stacks = _dead_wall([(BLACK, 0.6), (IVORY, 0.4)])
    for _ in range(12):
        colours.learn_back(stacks, np.zeros(stacks.shape[:2], bool))
    assert colours.back is not None and colours.back[0] < 20
    felt = _dead_wall([(WHITE_CLOTH, 0.7), (BLACK, 0.15), (IVORY, 0.15)])
    for _ in range(20):
        colours.learn_back(felt, np.zeros(felt.shape[:2], bool))
    assert colours.back[0] < 20


def test_a_back_colour_seen_long_enough_is_learned_anew() -> None:
    colours = SurfaceColours()
    black = _dead_wall([(BLACK, 0.6), (IVORY, 0.4)])
    for _ in range(12):
        colours.learn_back(black, np.zeros(black.shape[:2], bool))
    green = _dead_wall([((120.0, 90.0, 150.0), 0.6), (IVORY, 0.4)])  # another set of tiles, green backs
    for _ in range(BACK_PATIENCE + 10):
        colours.learn_back(green, np.zeros(green.shape[:2], bool))
    assert colours.back is not None and abs(float(colours.back[1]) - 90.0) < 5


def test_a_sleeve_over_the_first_samples_does_not_hold_the_back_colour() -> None:
    colours = SurfaceColours()
    sleeve = _dead_wall([((180.0, 150.0, 160.0), 0.7), (IVORY, 0.3)])  # an arm building the wall
    for _ in range(3):
        colours.learn_back(sleeve, np.zeros(sleeve.shape[:2], bool))
    stacks = _dead_wall([(BLACK, 0.6), (IVORY, 0.4)])
    for _ in range(30):
        colours.learn_back(stacks, np.zeros(stacks.shape[:2], bool))
    assert colours.back is not None and colours.back[0] < 30

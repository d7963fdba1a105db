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


def _mask_of(colours: SurfaceColours, *pixels: tuple[float, float, float]) -> list[int]:
    lab = np.array([pixels], np.float32)
    mask = colours.back_mask(lab)
    assert mask is not None
    return [int(v) for v in mask[0]]


def test_backs_in_dimmer_light_than_the_dead_wall_are_backs_and_faces_stay_faces() -> None:
    # Yellow backs at 37 degrees in dim, uneven light (seed 104, hard): the dead wall under the lamp, a side
    # seat's standing hand at the table's dim edge, 49 apart in the weighted Lab distance.
    colours = SurfaceColours()
    colours.back = np.array([162.0, 129.0, 189.5], np.float32)
    wall, edge, darker = (160.0, 129.0, 188.0), (104.0, 129.0, 149.0), (85.0, 128.0, 145.0)
    ivory, dim_ivory, warm_ivory = (200.0, 128.0, 140.0), (110.0, 128.0, 134.0), (190.0, 131.0, 150.0)
    blue_felt, bamboo_green = (60.0, 135.0, 100.0), (120.0, 100.0, 150.0)
    assert _mask_of(colours, wall, edge, darker) == [1, 1, 1]
    assert _mask_of(colours, ivory, dim_ivory, warm_ivory, blue_felt, bamboo_green) == [0, 0, 0, 0, 0]


def test_grey_and_black_backs_keep_the_distance_alone() -> None:
    colours = SurfaceColours()
    colours.back = np.array([40.0, 128.0, 126.0], np.float32)  # black backs: no hue to follow
    assert _mask_of(colours, (45.0, 128.0, 127.0), (90.0, 129.0, 120.0), (200.0, 128.0, 140.0)) == [1, 0, 0]


def test_backs_the_felts_colour_are_told_from_backs_that_stand_out() -> None:
    # Seed 7955, black felt and black backs, 40 degrees: the back colour learned from the stacks' grey
    # highlights (L 49) lies 17 from the felt (L 15); seed 104, black felt and blue backs: 42 from it.
    colours = SurfaceColours()
    colours.felt, colours.felt_reach = np.float32([15.5, 126.6, 128.1]), 12.0
    colours.back = np.float32([48.9, 126.6, 128.7])
    assert colours.backs_near_felt()
    colours.back = np.float32([69.3, 131.6, 96.9])
    assert not colours.backs_near_felt()

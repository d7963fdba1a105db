"""The felt's and the backs' colours learned from the view keep to the felt and the backs, and backs of
the felt's own colour are told from it (vision/live_colours.py: `learn_back`, `learn_felt`,
`light_backs_near`)."""

from __future__ import annotations

import numpy as np
import pytest
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


WOOD_DIM = (25.0, 135.0, 139.0)


def test_the_felt_is_learned_from_its_own_pixels_where_the_backs_are_its_colour() -> None:
    # Seed 8231, wood felt and black backs, 40 degrees, dim: black backs were 7-8 % of the felt's sample,
    # about its 90th percentile, and the wood's reach went from 13 to 24; the stacks became mat, the back
    # colour went to a face's grey in shade, and a hand's dark green 8s were read as backs.
    rng = np.random.default_rng(3)
    wood = np.float32(WOOD_DIM) + rng.normal(0.0, 1.5, (880, 100, 3)).astype(np.float32)
    view = np.concatenate([wood, np.tile(np.float32(BLACK), (120, 100, 1))])
    unaware, aware, red = SurfaceColours(), SurfaceColours(), SurfaceColours()
    aware.back = np.float32(BLACK)
    red.back = np.float32([40.0, 165.0, 150.0])  # red backs, dim, 31 from the wood: not in its sample
    for colours in (unaware, aware, red):
        for _ in range(30):  # a running mean: the first frame, before the felt was known, fades
            colours.learn_felt(view)
    assert aware.backs_near_felt()
    assert unaware.felt_reach > 20.0  # the backs widen a felt that does not know them
    assert aware.felt_reach < 14.0 and abs(float(aware.felt[0]) - WOOD_DIM[0]) < 2.0
    assert red.felt_reach == pytest.approx(unaware.felt_reach)


def test_a_back_colour_on_the_felts_own_leaves_the_felt_whole() -> None:
    # A dip of the light can leave the learned back colour on the felt's (seed 8093, green felt and backs):
    # a back colour within the felt's least reach of it is no colour to tell the felt by.
    rng = np.random.default_rng(3)
    view = np.float32(WOOD_DIM) + rng.normal(0.0, 4.0, (1000, 100, 3)).astype(np.float32)  # a grain
    unaware, drifted = SurfaceColours(), SurfaceColours()
    drifted.back = np.float32(WOOD_DIM) + np.float32([4.0, 0.0, 1.0])
    for colours in (unaware, drifted):
        for _ in range(30):
            colours.learn_felt(view)
    assert drifted.backs_near_felt()
    assert np.abs(drifted.felt - unaware.felt).max() < 0.5
    assert abs(drifted.felt_reach - unaware.felt_reach) < 0.5


GREEN_FELT, GREEN_BACKS = (110.0, 93.0, 151.0), (145.0, 82.0, 161.0)


def test_green_backs_on_green_felt_are_told_from_it_by_lightness() -> None:
    # Seed 7955, green felt and green backs, 40 degrees: the stacks' tops (L 130-150) and lit sides (L 134)
    # against the felt's 105-113, the same hue.
    colours = SurfaceColours()
    colours.felt, colours.felt_reach = np.float32(GREEN_FELT), 12.0
    colours.back = np.float32(GREEN_BACKS)
    assert colours.light_backs_near()
    lit_felt, side, top = (120.0, 92.0, 152.0), (134.0, 85.0, 158.0), (144.0, 82.0, 161.0)
    lab = np.array([[GREEN_FELT, lit_felt, side, top]], np.float32)
    assert colours.back_not_felt(lab).tolist() == [[False, False, True, True]]
    colours.back = np.float32(GREEN_FELT) + np.float32([7.0, -1.0, 1.0])  # left on the felt by a dip
    assert not colours.light_backs_near()
    # Seed 7955, wood felt and yellow backs: lighter, but 15 degrees off the wood's hue.
    colours.felt, colours.back = np.float32([189.5, 139.4, 168.0]), np.float32([207.9, 129.2, 203.3])
    assert not colours.light_backs_near()


def test_green_felt_is_no_green_back_in_shade() -> None:
    # Seed 104, green felt and backs, 40 degrees: the felt, the backs' hue and darker, was a back in shade
    # everywhere, and seat 0's standing hand was read as thirteen white dragons lying face up.
    colours = SurfaceColours()
    colours.felt, colours.felt_reach = np.float32(GREEN_FELT), 12.0
    colours.back = np.float32(GREEN_BACKS)
    darker_felt, top, at_the_dim_edge = (102.0, 95.0, 150.0), (144.0, 82.0, 161.0), (85.0, 100.0, 150.0)
    assert _mask_of(colours, GREEN_FELT, darker_felt, top, at_the_dim_edge) == [0, 0, 1, 1]


def _cloth(lightness: float) -> np.ndarray:
    """A white cloth's Lab view at `lightness`, with its weave."""
    rng = np.random.default_rng(5)
    cloth = np.float32((lightness, 127.0, 131.0))
    return cloth + rng.normal(0.0, 1.5, (300, 100, 3)).astype(np.float32)


def test_white_cloth_stays_pale_through_a_dip_of_the_light() -> None:
    # Seed 8501, white cloth, green backs, 40 degrees, light 0.55: the cloth went from L 132 to 88 for four
    # seconds; judged by its colour then, every face lay within its reach as mat and the ponds' tracks went.
    colours = SurfaceColours()
    for _ in range(20):
        colours.learn_felt(_cloth(132.0))
    assert colours.pale_felt()
    for _ in range(40):
        colours.learn_felt(_cloth(88.0))
    assert abs(float(colours.felt[0]) - 88.0) < 1.0
    assert colours.pale_felt()
    first_seen_dim = SurfaceColours()
    for _ in range(20):
        first_seen_dim.learn_felt(_cloth(88.0))
    assert not first_seen_dim.pale_felt()  # a grey cloth never seen lighter is told by its colour


def test_a_cloth_dark_as_black_felt_is_no_longer_pale() -> None:
    colours = SurfaceColours()
    for _ in range(20):
        colours.learn_felt(_cloth(132.0))
    for _ in range(40):
        colours.learn_felt(_cloth(40.0))  # the lamp switched off: no faces to outline anyway
    assert not colours.pale_felt()


def test_red_backs_a_dip_brings_near_dim_wood_stay_in_its_sample() -> None:
    # Seed 6199, wood felt, red backs, 37 degrees, light 0.55: in a dip of the light the red backs came 21
    # from the wood, within the backs' reach; taken out of its sample, the wood's reach fell from 29 to 19
    # in ten frames and seat 0's pon of a 6p was lost. Red lies 37 degrees off the wood's hue, told by it.
    rng = np.random.default_rng(3)
    wood = np.float32((50.0, 134.0, 143.0)) + rng.normal(0.0, 4.0, (880, 100, 3)).astype(np.float32)
    view = np.concatenate([wood, np.tile(np.float32((38.0, 154.0, 144.0)), (80, 100, 1))])
    unaware, aware = SurfaceColours(), SurfaceColours()
    aware.back = np.float32((38.0, 154.0, 144.0))
    for colours in (unaware, aware):
        for _ in range(30):
            colours.learn_felt(view)
    assert 12.0 <= float(aware._backs_apart() or 0.0) < 22.0  # within the backs' reach, as in the dip
    assert aware.felt_reach == pytest.approx(unaware.felt_reach)


def test_the_felt_follows_a_step_of_the_exposure_at_once_and_drifts_of_the_light_slowly() -> None:
    # Fresh seed 10687, white cloth, blue backs, 40 degrees: the camera's exposure stepped and the cloth went
    # from L 158 to 220 between two frames; followed a tenth a frame, the felt took 15 read frames to reach
    # it, and by its old colour the whole cloth in the lamp's light was tiles meanwhile.
    colours = SurfaceColours()
    for _ in range(20):
        colours.learn_felt(_cloth(158.0))
    colours.learn_felt(_cloth(220.0))
    assert abs(float(colours.felt[0]) - 220.0) < 1.0
    drifting = SurfaceColours()
    for _ in range(20):
        drifting.learn_felt(_cloth(158.0))
    drifting.learn_felt(_cloth(170.0))  # within the felt's reach: a drift, followed a tenth a frame
    assert 158.0 < float(drifting.felt[0]) < 161.0


def test_colour_bins_in_whole_numbers_are_the_bins_of_dividing_the_floats() -> None:
    from riichi_table.vision.live_colours import _colour_bins

    rng = np.random.default_rng(11)
    px = rng.uniform(-40.0, 300.0, (50_000, 3)).astype(np.float32)  # past both ends too
    px[:5000] = np.round(px[:5000])  # and whole values, as OpenCV's 8-bit Lab gives
    divided = (
        np.clip(px[:, 0] // 32, 0, 7).astype(np.int32) * 256
        + np.clip(px[:, 1] // 16, 0, 15).astype(np.int32) * 16
        + np.clip(px[:, 2] // 16, 0, 15).astype(np.int32)
    )
    assert np.array_equal(_colour_bins(px), divided)

"""A felt with a hue is mat only near that hue (`vision.live_colours.SurfaceColours.off_hue`).

Wood felt's grain and a lamp's fall-off spread its colour widely in lightness (its reach is 30, the most
a felt gets), so red ink (the characters of 萬, 中, a 7s's bamboo) lay within it and was read as felt: the
faces came apart in pieces, and seat 0's riichi tile (a sideways 6m) was found in a few frames only (seed
1013, wood felt, green backs, 40 degrees). Across its hue the wood hardly varies, and the ink lies far off
it. The picture is seat 0's two pond rows as the reader saw them (the view at face height, 1 px/mm)."""

from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np
from riichi_table.vision.live_colours import ACROSS_FLOOR, SurfaceColours, to_lab

DATA = Path(__file__).parent / "data"


def _wood_as_learned() -> SurfaceColours:
    """The colours the reader had learned from the whole view by then (quarter size, every frame)."""
    colours = SurfaceColours()
    colours.felt = np.array([134.9, 141.0, 162.8], np.float32)
    colours.felt_reach = 30.0
    colours.across_reach = 8.1
    return colours


def _mat(colours: SurfaceColours, lab: np.ndarray, hue: bool) -> np.ndarray:
    mat = colours.felt_distance(lab) < 1.0
    off = colours.off_hue(lab) if hue else None
    return mat if off is None else mat & ~off


def test_red_ink_on_wood_felt_is_no_mat_and_the_felt_and_gaps_still_are() -> None:
    view = cv2.imread(str(DATA / "wood_pond_red_ink.png"))
    lab = to_lab(view)
    colours = _wood_as_learned()
    before, after = _mat(colours, lab, hue=False), _mat(colours, lab, hue=True)
    riichi_6m = (slice(55, 85), slice(122, 153))  # the sideways 6m: 萬 in red
    chun = (slice(8, 95), slice(9, 27))  # two red dragons, one above the other
    assert before[riichi_6m].mean() > 0.08 and before[chun].mean() > 0.08  # the fault: ink as felt
    assert after[riichi_6m].mean() < 0.02 and after[chun].mean() < 0.05
    felt = (slice(110, None), slice(None))  # the bare wood below the rows
    assert after[felt].mean() > 0.99
    gap = (slice(10, 95), slice(31, 34))  # between the first two columns
    assert after[gap].mean() > 0.45  # its shaded pixels take the green backs' hue: less than before (0.85)


def test_the_spread_across_the_hue_is_learned_from_the_felt_and_a_grey_felt_has_none() -> None:
    rng = np.random.default_rng(7)
    n = 200 * 200
    grain = rng.normal(0.0, 14.0, n)  # lightness: grain and light, widely
    along = rng.normal(0.0, 3.0, n)  # chroma along the wood's hue
    across = rng.normal(0.0, 1.0, n)
    hue = np.radians(70.0)
    ua, ub = np.cos(hue), np.sin(hue)
    a = 128.0 + (37.0 + along) * ua - across * ub
    b = 128.0 + (37.0 + along) * ub + across * ua
    wood = np.stack([135.0 + grain, a, b], axis=1).reshape(200, 200, 3).astype(np.float32)
    colours = SurfaceColours()
    colours.learn_felt(wood)
    assert colours.across_reach == ACROSS_FLOOR  # a narrow spread across: the floor
    red_ink = np.array([[[104.0, 160.0, 147.0]]], np.float32)  # measured on the 6m's 萬 above
    darker_wood = np.array([[[110.0, 128.0 + 33.0 * ua, 128.0 + 33.0 * ub]]], np.float32)
    off = colours.off_hue(np.concatenate([red_ink, darker_wood], axis=1))
    assert off is not None and off.tolist() == [[True, False]]

    grey = SurfaceColours()
    grey.learn_felt(np.stack([135.0 + grain, 128.0 + along, 128.0 + across], axis=1).reshape(200, 200, 3))
    assert grey.across_reach is None and grey.off_hue(wood) is None


def test_the_felt_between_two_tiles_tinted_by_their_backs_stays_mat_once_the_backs_are_known() -> None:
    # Shaded felt between two tiles takes the green of the back layer their sides show (seed 533, wood felt,
    # green backs, a pon's sideways tile at the far corner): off the wood's hue, but towards the backs'.
    colours = _wood_as_learned()
    gap_pixel = np.array([[[110.0, 119.0, 149.0]]], np.float32)  # measured between seat 0's first columns
    red_ink = np.array([[[104.0, 160.0, 147.0]]], np.float32)
    both = np.concatenate([gap_pixel, red_ink], axis=1)
    assert colours.off_hue(both).tolist() == [[True, True]]
    colours.back = np.array([110.6, 90.9, 154.4], np.float32)  # green, as learned from the dead wall
    assert colours.off_hue(both).tolist() == [[False, True]]
    view = cv2.imread(str(DATA / "wood_pond_red_ink.png"))
    gap = (slice(10, 95), slice(31, 34))
    assert _mat(colours, to_lab(view), hue=True)[gap].mean() > 0.7


def test_ink_faded_towards_grey_keeps_its_hue_and_is_no_mat_on_wood() -> None:
    # Seat 1's hand laid open at a ron (seed 2903, wood felt, green backs, 40 degrees, dim): the 萬's red
    # at the faces' edge in dim light is near grey (chroma 8-20), within the wood's reach and close to it
    # across its hue, yet off the wood's hue band (62-92 degrees). Read as mat, it notched the faces'
    # outline, the run came out short with a hole, and the win was never read. The picture is that row as
    # the reader saw it (the view at face height, 1 px/mm), the colours as it had learned them then.
    view = cv2.imread(str(DATA / "wood_laid_open_red_ink.png"))
    lab = to_lab(view)
    colours = SurfaceColours()
    colours.felt = np.array([105.6, 133.2, 150.1], np.float32)
    colours.felt_reach = 30.0
    colours.across_reach = 20.2
    colours.back = np.array([71.1, 101.9, 146.7], np.float32)

    def mat() -> np.ndarray:
        grey = colours.grey(lab)
        return _mat(colours, lab, hue=True) & ~grey

    man = (slice(160, 250), slice(18, 54))  # 2m 3m 4m: black numerals, red 萬 at the faces' edge
    notch = (slice(200, 216), slice(36, 58))  # where the outline was notched, between 3m and 2m
    before = mat()
    assert before[man].mean() > 0.15 and before[notch].mean() > 0.5  # the fault
    colours.hue_band = (-22.9, 46.8)  # as learned from the view (`learn_felt`)
    after = mat()
    assert after[man].mean() < 0.05 and after[notch].mean() < 0.2
    felt = (slice(0, 216), slice(0, 14)), (slice(0, 216), slice(62, 80))  # bare wood beside the row
    assert all(after[side].mean() > 0.99 for side in felt)
    gap = (slice(51, 54), slice(18, 54))  # between the winning tile set apart and the hand
    assert after[gap].mean() > 0.9


def test_the_felts_hue_band_is_learned_from_the_felt_and_faded_ink_lies_off_it() -> None:
    rng = np.random.default_rng(3)
    n = 200 * 200
    hue = np.radians(75.0) + rng.normal(0.0, np.radians(5.0), n)  # wood: hues 60-90 degrees
    chroma = 25.0 + rng.normal(0.0, 2.0, n)
    lightness = 100.0 + rng.normal(0.0, 14.0, n)
    wood = np.stack([lightness, 128 + chroma * np.cos(hue), 128 + chroma * np.sin(hue)], axis=1)
    colours = SurfaceColours()
    colours.learn_felt(wood.reshape(200, 200, 3).astype(np.float32))
    assert colours.hue_band is not None
    lo, hi = colours.hue_band
    assert -30.0 < lo < -15.0 and 15.0 < hi < 30.0  # about 2 sigma and the margin each way

    def pixel(degrees: float, c: float) -> list[float]:
        return [90.0, 128 + c * np.cos(np.radians(degrees)), 128 + c * np.sin(np.radians(degrees))]

    # faded red ink (30 degrees, chroma 12), wood in shade (75, 12), near grey ink (30, 5: hue unsure)
    pixels = np.array([[pixel(30.0, 12.0), pixel(75.0, 12.0), pixel(30.0, 5.0)]], np.float32)
    assert colours.off_hue(pixels).tolist() == [[True, False, False]]
    colours.hue_band = None  # across the hue alone, the faded ink lies within the wood's reach
    assert colours.off_hue(pixels).tolist() == [[False, False, False]]


def test_the_hue_rule_looked_up_per_colour_answers_as_the_rule_worked_out_per_pixel() -> None:
    # `off_hue` works its rule out once over every 8-bit (a, b) and looks each pixel up: every colour a view
    # can hold must get the rule's own answer, with the band and the backs learned or not.
    b, a = np.mgrid[0:256, 0:256].astype(np.float32)
    every = np.dstack([np.full_like(a, 120.0), a, b])
    colours = _wood_as_learned()
    for back, band in ((None, None), (np.array([110.6, 90.9, 154.4], np.float32), (-20.0, 25.0))):
        colours.back, colours.hue_band = back, band
        looked_up, rule = colours.off_hue(every), colours._off_hue_pixels(every)
        assert rule is not None and 0.2 < rule.mean() < 0.95  # the rule splits the square
        assert np.array_equal(looked_up, rule)


def test_the_hue_table_is_worked_out_again_when_the_felt_moves() -> None:
    colours = _wood_as_learned()
    ink = np.array([[[120.0, 150.0, 150.0]]], np.float32)  # 30 degrees off the wood's hue
    assert colours.off_hue(ink).tolist() == [[True]]
    colours.felt = np.array([134.9, 150.0, 150.0], np.float32)  # the felt now has the ink's hue
    assert colours.off_hue(ink).tolist() == [[False]]


def test_the_hue_band_is_learned_from_the_felt_not_from_tile_edges_blended_into_it() -> None:
    # Seat 3's hand laid open at a ron (seed 5101, wood felt, red backs, 37 degrees, dim), as the reader saw
    # it: the whole view (every 8th pixel) the colours are learned from, and the two 9s of the hand. Among
    # the pixels near the wood's colour lie the blend of red backs and red ink with it, 27-36 degrees below
    # the wood's hue; the band took them in, and with them the 9s's dim pink dots: a row of dots across
    # each face was mat and the faces parted (both 9s lost, the ron never read).
    view = cv2.imread(str(DATA / "wood_red_backs_view_eighth.png"))
    colours = SurfaceColours()
    colours.learn_felt(to_lab(view))
    assert colours.hue_band is not None
    lo, hi = colours.hue_band
    assert -30.0 < lo < -10.0 and 10.0 < hi < 30.0  # the bare wood's hues lie within 16 degrees

    nines = to_lab(cv2.imread(str(DATA / "wood_nine_bamboo_dots.png")))
    mat = (colours.felt_distance(nines) < 1.0) & ~colours.off_hue(nines) & ~colours.grey(nines)
    face = slice(16, 52)  # the faces' columns
    dots = [slice(36, 41), slice(64, 69)]  # the pink dots' rows across each face
    assert all(mat[rows, face].mean() < 0.3 for rows in dots)
    assert mat[:, 0:12].mean() > 0.99  # the bare wood beside the row stays mat
    colours.hue_band = (-50.0, 25.0)  # the band as learned from every pixel near the wood's colour
    widened = (colours.felt_distance(nines) < 1.0) & ~colours.off_hue(nines) & ~colours.grey(nines)
    assert all(widened[rows, face].mean() > 0.8 for rows in dots)  # the fault: the dots' rows as mat


def test_a_dim_pink_dot_lies_off_the_band_of_wood_with_a_few_pink_blends_near_it() -> None:
    rng = np.random.default_rng(5)
    n = 200 * 200
    hue = np.radians(74.0) + rng.normal(0.0, np.radians(5.0), n)
    chroma = 21.0 + rng.normal(0.0, 2.0, n)
    lightness = 90.0 + rng.normal(0.0, 8.0, n)
    blend = rng.random(n) < 0.04  # tile edges and dim red ink blended into the wood: hue 25, chroma 12
    hue[blend], chroma[blend], lightness[blend] = np.radians(25.0), 12.0, 65.0
    view = np.stack([lightness, 128 + chroma * np.cos(hue), 128 + chroma * np.sin(hue)], axis=1)
    colours = SurfaceColours()
    colours.learn_felt(view.reshape(200, 200, 3).astype(np.float32))
    dot = np.array([[[75.0, 141.0, 135.0]]], np.float32)  # measured on a 9s's pink dot above
    assert colours.off_hue(dot).tolist() == [[True]]

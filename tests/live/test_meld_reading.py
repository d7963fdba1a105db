"""Two melds side by side in a hand row, parted into two (`vision.meld_reading.apart`).

Seed 155, old camera, hard render, frame 138 (bench/live.py matrix): seat 3 pons E from seat 0 beside its pon
of C. At face height the sides hide every gap of the run, so the cut spreads the 10 mm between the melds over
all of them and the six tiles read as one group (gaps of 3-5 mm): the pon of E was never read, and every
later discard of seat 3 was taken a turn late (event F1 0.80, the hand wrong).
"""

from __future__ import annotations

from riichi_table.vision.meld_reading import apart
from riichi_table.vision.zones import Placed, TableGeometry, group_hand_row, is_meld_group

GEO = TableGeometry()


def _row(tiles: list[tuple[float, float, bool]]) -> list[Placed]:
    return [Placed(i, u, v, 37.0 if side else 27.0, side, False) for i, (u, v, side) in enumerate(tiles)]


# (u, v, sideways) of seat 3's six readings there: E E E(sideways), C C C(sideways)
TWO_PONS = [(224, 359, False), (254, 359, False), (289, 362, True), (324, 358, False), (354, 358, False)]
TWO_PONS.append((388, 363, True))


def test_two_pons_read_as_one_group_are_parted_into_two_melds() -> None:
    (group,) = group_hand_row(_row(TWO_PONS), GEO)  # one group: the gap between them is hidden
    parts = apart(group)
    assert [[p.index for p in part] for part in parts] == [[0, 1, 2], [3, 4, 5]]
    assert all(is_meld_group(part) for part in parts)


def test_one_meld_and_a_hand_laid_open_stay_as_they_are() -> None:
    pon = _row(TWO_PONS[3:])
    assert apart(pon) == [pon]
    hand = _row([(100 + 28.5 * k, 360, False) for k in range(7)])
    assert apart(hand) == [hand]


def test_a_pon_with_its_added_kan_tile_beside_a_pon_keeps_the_added_tile() -> None:
    # the C pon's called tile carries the added C, lying beyond it (nearer the centre: smaller v)
    row = _row([*TWO_PONS, (388, 332, True)])
    parts = apart(row)
    assert [sorted(p.index for p in part) for part in parts] == [[0, 1, 2], [3, 4, 5, 6]]


# Seed 135, old camera, hard, frame 135: seat 1's pon of F (its called tile sideways) beside its open kan of E
# (called from the left: sideways second), seven readings 3 mm apart; parts of three and four fit either way.
KAN_AND_PON = [(196, 360, False), (230, 364, True), (264, 360, False), (293, 362, False)]
KAN_AND_PON += [(322, 361, False), (356, 364, True), (390, 360, False)]
E, F = 27, 32


def test_a_kan_beside_a_pon_is_parted_where_both_are_legal_melds_by_their_readings() -> None:
    row = _row(KAN_AND_PON)
    kinds = {0: E, 1: E, 2: -1, 3: E, 4: F, 5: F, 6: F}  # one E not named yet
    parts = apart(row, kinds)
    assert [[p.index for p in part] for part in parts] == [[0, 1, 2, 3], [4, 5, 6]]


def test_a_chi_beside_a_pon_is_parted_as_a_run_and_a_pon() -> None:
    row = _row(KAN_AND_PON[1:])  # six tiles: a chi 3-4-5m (called sideways first) and the pon of F
    kinds = {0: 3, 1: 2, 2: 4, 3: F, 4: F, 5: F}
    assert [[p.index for p in part] for part in apart(row, kinds)] == [[0, 1, 2], [3, 4, 5]]

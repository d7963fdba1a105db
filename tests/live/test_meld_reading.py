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

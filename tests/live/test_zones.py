"""Zones: seats from position, pond order in rows of six, where a meld's called tile came from."""

from __future__ import annotations

import pytest
from riichi_table.vision.zones import (
    Placed,
    TableGeometry,
    called_from,
    group_hand_row,
    is_meld_group,
    pond_order,
)

GEO = TableGeometry()


@pytest.mark.parametrize("seat", [0, 1, 2, 3])
def test_a_pond_tile_belongs_to_the_seat_it_lies_in_front_of(seat: int) -> None:
    x, y = GEO.to_table(seat, 10.0, GEO.pond_v0)
    assert GEO.area_of(x, y)[:2] == (seat, "pond")
    assert GEO.to_seat(seat, x, y) == pytest.approx((10.0, GEO.pond_v0))


def test_a_meld_in_the_corner_belongs_to_the_seat_whose_right_it_is_on() -> None:
    # seed 002 3.3.8: melds lie to the right of their owner's hand
    x, y = GEO.to_table(0, 400.0, GEO.hand_v)
    assert GEO.area_of(x, y)[:2] == (0, "hand")


def test_pond_order_reads_rows_of_six_from_the_centre_left_to_right() -> None:
    # seed 004 3.3: left to right, six tiles to a row
    tiles = [
        Placed(
            i,
            (i % 6 - 2.5) * 29 + (3 if i == 7 else 0),
            125 + (i // 6) * 39 + (2 if i % 2 else -2),
            26,
            False,
            False,
        )
        for i in range(9)
    ]
    shuffled = list(reversed(tiles))
    assert pond_order(shuffled, GEO) == list(range(9))


@pytest.mark.parametrize(
    ("sideways_at", "relative"),
    [(0, 3), (1, 2), (2, 1)],
    ids=["left-from-kamicha", "middle-from-toimen", "right-from-shimocha"],
)
def test_the_sideways_tile_of_a_meld_says_whom_it_was_called_from(sideways_at: int, relative: int) -> None:
    # seed 002 3.3.8: left = player on the left, middle = across, right = player on the right
    group = [
        Placed(i, 300 + i * 30, 360, 35 if i == sideways_at else 26, i == sideways_at, False)
        for i in range(3)
    ]
    assert called_from(1, group) == (1 + relative) % 4


def test_the_hand_row_splits_into_hand_and_melds_by_the_gaps_people_leave() -> None:
    hand = [Placed(i, -280 + i * 28.5, 360, 26, False, False) for i in range(7)]
    meld = [Placed(10 + i, 300 + i * 30, 360, 26, i == 0, False) for i in range(3)]
    groups = group_hand_row(hand + meld, GEO)
    assert [len(g) for g in groups] == [7, 3]
    assert not is_meld_group(groups[0]) and is_meld_group(groups[1])

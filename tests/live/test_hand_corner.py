"""A corner of the table holds one seat's melds and the left end of the next seat's hand (seed 002 3.3.8:
melds lie to the right of their owner's hand). A camera at 37-40 degrees shows a laid-open hand's faces up
to ten mm farther out than the table plane (a face stands above it): the first tile of the hand must stay
with its seat, or the win shows a tile short and is never read (docs/live.md, "Zones")."""

from __future__ import annotations

import pytest

from tests.live.test_live_events import GEO
from tests.live.test_pond_turns import _framed_start, _seat_1_shows_a_win_on_9m

SHIFT = -11.0  # mm along u: the first hand tile's face as seen at a steep camera angle


@pytest.mark.parametrize("seat", [0, 1, 2, 3])
def test_a_hands_first_tile_seen_shifted_out_stays_in_its_seats_hand(seat: int) -> None:
    x, y = GEO.to_table(seat, GEO.hand_u0 + SHIFT, GEO.hand_v)
    assert GEO.area_of(x, y)[:2] == (seat, "hand")


@pytest.mark.parametrize("seat", [0, 1, 2, 3])
def test_an_added_kan_tile_in_the_corner_stays_with_the_melds(seat: int) -> None:
    # seed 002 3.3.8: the extending tile lies by the rotated one, toward the table's centre; shifted inward
    # by a steep camera too
    right = GEO.meld_u_right - GEO.tile_h / 2
    v = GEO.hand_v + GEO.tile_h / 2 - GEO.tile_w / 2 - GEO.tile_w - 2.5 - 10.0
    x, y = GEO.to_table(seat, right, v)
    assert GEO.area_of(x, y)[:2] == (seat, "hand")


def _seat_1_wins_on_9m_laid_out_to_the_left(lingering_top: bool = False) -> dict:
    """Seat 1 lays open a win on seat 0's 9m, SHIFT out to the left; with `lingering_top`, a standing tile's
    top read before the hand was laid (20 mm off the row's line) lies over the first tile. The hora read."""
    table = _framed_start()
    table.discard(0, 0, 27)
    for seat in (1, 2, 3):
        table.discard(seat, 0, seat + 27)
    table.discard(0, 1, 8)  # 9m
    if lingering_top:
        table.put(1, GEO.hand_u0 + SHIFT - 14, GEO.hand_v + 20, 33)
    for u, kind in _seat_1_shows_a_win_on_9m():
        table.put(1, u + SHIFT, GEO.hand_v, kind)
    table.put(1, GEO.hand_u0 + 13 * 28.5 + 12 + SHIFT, GEO.hand_v, 8)
    for _ in range(10):
        table.step()
    hora = next((e for e in table.events if e["type"] == "hora"), None)
    assert hora is not None, "the win was not read"
    return hora


def test_a_win_laid_open_a_little_out_to_the_left_is_read_whole() -> None:
    assert len(_seat_1_wins_on_9m_laid_out_to_the_left()["hora_tehais"]) == 13


def test_a_standing_top_lingering_beside_the_hands_first_tile_is_no_tile_of_the_win() -> None:
    # seed 25, hard table: the top of the hand's first standing tile, read before the hand was laid (20 mm
    # off the row's line, shifted away from the camera), overlaps the laid first tile: a fifteenth tile
    assert "P" not in _seat_1_wins_on_9m_laid_out_to_the_left(lingering_top=True)["hora_tehais"]


def _blobs(mask):
    import cv2

    n, labels, stats, _ = cv2.connectedComponentsWithStats(mask, connectivity=4)
    return n, labels, stats


LIMIT = 40 * GEO.tile_w * GEO.tile_h  # px at 1 px per mm: a blob's box bigger than this is skipped as an arm


def test_a_far_seats_meld_touching_the_next_seats_standing_hand_is_parted_from_it() -> None:
    """Seen at 37 degrees (seed 104, blue felt, frame 290), a standing hand's tops lie far from its row and
    touch the far seat's pon in their shared corner: one blob 103 x 461 px, over the size limit. Parted
    along the seats' boundary, the pon is a blob of its own, one tile row deep, inside the limit."""
    import numpy as np
    from riichi_table.vision.not_tiles import part_hand_rows

    mask = np.zeros((900, 900), np.uint8)
    mask[74:129, 44:147] = 1  # seat 2's pon, its sides and back layer showing towards the camera
    mask[129:131, 57:85] = 1  # the blurred gap between them
    mask[131:531, 57:96] = 1  # seat 3's standing hand, its tops shifted away from the camera
    n, labels, stats = _blobs(mask)
    assert n == 2 and int(stats[1, 2]) * int(stats[1, 3]) > LIMIT  # one blob, too big: skipped before
    parted = part_hand_rows(mask, labels, stats, GEO, 1.0, LIMIT)
    assert parted is not None
    n, labels, stats = _blobs(parted)
    seats = {GEO.seat_of(x + w / 2, y + h / 2): (x, y, w, h) for x, y, w, h, _ in stats[1:]}
    assert set(seats) == {2, 3}
    x, y, w, h = seats[2]
    assert (x, y, w) == (44, 74, 103) and h < GEO.tile_h * 2 and w * h <= LIMIT
    assert seats[3][1] > y + h - 1 and seats[3][3] > 350  # the hand keeps its whole length (left out later)


def test_an_arm_reaching_over_a_pond_is_not_parted_into_pieces_that_could_read_as_tiles() -> None:
    import numpy as np
    from riichi_table.vision.not_tiles import part_hand_rows

    mask = np.zeros((900, 900), np.uint8)
    mask[120:220, 300:880] = 1  # from seat 1's edge over its hand row and pond, across the seats' diagonal
    _, labels, stats = _blobs(mask)
    assert int(stats[1, 2]) * int(stats[1, 3]) > LIMIT
    assert part_hand_rows(mask, labels, stats, GEO, 1.0, LIMIT) is None

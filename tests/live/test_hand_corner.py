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

"""A standing hand misread as lying tiles is no call (vision/live_events.py, `TableReader._new_meld`).

On a render of white cloth with black backs at 37 degrees, dim and hard (bench/live.py matrix, seed 211),
a camera bump re-made every track; seat 2's standing hand was then read in two rows, its tops above its
faces, cut into cells named haku. Three of them, one read sideways, made a pon "from seat 1", and because
seat 1's pond had just been unread (the bump), a discard of seat 1 was invented for it. A meld lies side by
side in one row (seed 002 3.3.8), and only the last discard can be called (seed 002 3.3.1).
"""

from __future__ import annotations

from riichi_table.vision.meld_reading import laid_in_a_row
from riichi_table.vision.zones import Placed

from tests.live.test_live_events import GEO, _types
from tests.live.test_pond_turns import FramedTable, _framed_start, _one_go_around

TOPS, FACES = GEO.hand_v + 8, GEO.hand_v + 44  # a standing hand's two rows in the straightened view


def test_a_standing_hand_read_in_two_rows_after_a_bump_is_no_call_and_invents_no_discard() -> None:
    table = _framed_start()
    _one_go_around(table)
    table.discard(0, 1, 27)  # seat 1's turn now
    table.unseen |= {t.id for t in table.tracks.values() if t.seat == 1 and t.area == "pond"}
    table.step()  # the bump: seat 1's pond unread for a frame, as an arm over it would leave it
    table.unseen.clear()
    row = [
        table.put(2, -60, FACES, 31, sideways=True),
        table.put(2, -56, TOPS, 31),
        table.put(2, -28, TOPS, 31),
    ]
    for _ in range(3):
        table.step(row)
        row = []
    assert _types(table.events[-2:]) == ["tsumo", "dahai"]  # seat 0's discard is the last event
    assert not [e for e in table.events if e["type"] in ("pon", "chi", "daiminkan")]
    assert [e["actor"] for e in table.events if e["type"] == "dahai"][-1] == 0
    assert table.reader.warnings == [
        "seat 2's call read in its hand row is none: its tiles do not lie side by side in one row"
        " (a standing hand?)"
    ]


def test_a_seat_cannot_call_its_own_discard() -> None:
    table = _framed_start()
    _one_go_around(table)
    table.discard(0, 1, 27)
    table.discard(1, 1, 28)
    table.discard(2, 1, 29)  # seat 2 discarded last; a group in its hand row points at seat 1
    tiles = [table.put(2, 330 + i * 30, GEO.hand_v, 21, sideways=(i == 0)) for i in range(3)]
    table.step(tiles)
    assert not [e for e in table.events if e["type"] == "pon"]
    assert table.reader.hand.melds[2] == []
    assert any("the last discard read is not seat 1's" in w for w in table.reader.warnings)


def _placed(*tiles: tuple[float, float, bool]) -> list[Placed]:
    width = {True: GEO.tile_h, False: GEO.tile_w}
    return [Placed(i, u, v, width[side], side, False) for i, (u, v, side) in enumerate(tiles)]


def test_a_meld_as_laid_lies_in_a_row_and_a_standing_hands_two_rows_do_not() -> None:
    # As bench renders lay a pon from kamicha: 2.5 mm apart, the sideways tile's centre 4.5 mm nearer.
    laid = _placed((330.0, GEO.hand_v + 4.5, True), (362.0, GEO.hand_v, False), (390.5, GEO.hand_v, False))
    assert laid_in_a_row(laid, GEO.tile_w)
    two_rows = _placed((-60.0, FACES, True), (-56.0, TOPS, False), (-28.0, TOPS, False))
    assert not laid_in_a_row(two_rows, GEO.tile_w)
    overlapping = _placed((300.0, GEO.hand_v, True), (306.0, GEO.hand_v, False), (334.0, GEO.hand_v, False))
    assert not laid_in_a_row(overlapping, GEO.tile_w)


# --- a steep camera's meld (seed 104, green felt, 44 degrees, hard) ---------------------------------------
# Seat 2's pon of seat 0's 4s: at 44 degrees the cut put the sideways tile at the left end (as if called from
# kamicha, seat 1) one frame, in the middle the next; each new cut made new tracks.
FOUR_S = 21


def _seat_0_discards_four_s_and_seat_2_lays_a_pon(sideways_at: int) -> FramedTable:
    table = _framed_start()
    _one_go_around(table)
    four = table.discard(0, 1, FOUR_S)
    table.take(four)  # the called tile leaves seat 0's pond
    table.step(gone=[four])
    pon = [table.put(2, 330 + i * 31, GEO.hand_v, FOUR_S, sideways=(i == sideways_at)) for i in range(3)]
    table.step(pon)
    return table


def test_a_pon_whose_sideways_tile_lies_at_the_wrong_end_is_taken_from_the_discard_that_left() -> None:
    table = _seat_0_discards_four_s_and_seat_2_lays_a_pon(sideways_at=0)  # reads as from seat 1
    pons = [e for e in table.events if e["type"] == "pon"]
    assert [(e["actor"], e["target"], e["pai"]) for e in pons] == [(2, 0, "4s")]
    dahai = [(e["actor"], e["pai"]) for e in table.events if e["type"] == "dahai"]
    assert dahai[-1] == (0, "4s")  # no discard of seat 1 made up for it
    assert any("has just left its pond: taken from there" in w for w in table.reader.warnings)


def test_a_meld_cut_again_into_new_cells_is_no_second_call() -> None:
    table = _seat_0_discards_four_s_and_seat_2_lays_a_pon(sideways_at=1)
    assert [e["type"] for e in table.events].count("pon") == 1
    table.step()  # seat 2's turn: it discards, then seat 3 discards a 4s
    table.discard(2, 1, 31)
    table.discard(3, 1, FOUR_S)
    old = [t for t in list(table.tracks.values()) if t.seat == 2 and t.area == "hand"]
    for t in old:
        table.take(t)
    recut = [table.put(2, 326 + i * 31, GEO.hand_v, FOUR_S, sideways=(i == 2)) for i in range(3)]
    table.step(recut, gone=old)  # the same pon, cut with its sideways tile at the right end
    assert [e["type"] for e in table.events].count("pon") == 1
    assert [(e["actor"], e["pai"]) for e in table.events if e["type"] == "dahai"][-1] == (3, "4s")


def test_a_pon_of_another_kind_than_the_last_discard_is_none() -> None:
    table = _framed_start()
    _one_go_around(table)
    table.discard(0, 1, 27)
    table.discard(1, 1, 8)  # seat 1 discards 9m; seat 2's row shows three 4s, one sideways on the left
    pon = [table.put(2, 330 + i * 31, GEO.hand_v, FOUR_S, sideways=(i == 0)) for i in range(3)]
    table.step(pon)
    assert not [e for e in table.events if e["type"] in ("pon", "chi")]
    assert any("do not go with the discard (9m)" in w for w in table.reader.warnings)


def test_an_open_kan_of_other_kinds_than_the_last_discard_is_none() -> None:
    # Seed 318, white cloth, black backs, 37 degrees: four of seat 0's standing tops, one cut sideways, read
    # as white dragons, a 2s and a red dragon beside seat 3's E just discarded: no open kan of the E.
    table = _framed_start()
    _one_go_around(table)
    table.discard(0, 1, 27)
    table.discard(1, 1, 8)  # seat 1 discards 9m; seat 2's row shows four tiles, one sideways on the left
    kinds, places = [31, 31, 19, 33], [330, 361.5, 388.5, 415.5]  # a sideways tile, then three upright
    kan = [
        table.put(2, u, GEO.hand_v, k, sideways=(i == 0))
        for i, (u, k) in enumerate(zip(places, kinds, strict=True))
    ]
    table.step(kan)
    assert not [e for e in table.events if e["type"] in ("pon", "chi", "daiminkan")]
    assert any("do not go with the discard (9m)" in w for w in table.reader.warnings)

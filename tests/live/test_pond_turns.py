"""A seat's pond read in the right turns: a called tile's place, a tile read late in its row, a discard that
left its pond without bare mat showing, and a discard laid and called while an arm hid its pond.

TableReader fed stable tracks by hand, frame by frame, as the tracker would (tests/live/test_live_events.py's
table, with frame counts: a track unseen in a frame keeps its last reading's frame).
"""

from __future__ import annotations

import numpy as np
import pytest
from riichi_table.engine.round_state import LIVE_WALL
from riichi_table.vision.pond_turns import EARLIER_SPOT_FRAMES, TAKEN_FRAMES, left_pond
from riichi_table.vision.tile_reading import N_CLASSES
from riichi_table.vision.track import STABLE_HITS, Track, TrackChanges

from tests.live.test_live_events import GEO, Table, _types


class FramedTable(Table):
    """The hand-driven table with the tracker's frame count; tracks in `unseen` are not read this frame."""

    def __init__(self) -> None:
        super().__init__()
        self.frame = 0
        self.unseen: set[int] = set()

    def step(
        self,
        appeared: list[Track] = (),
        gone: list[Track] = (),
        dropped: list[Track] = (),
        tentative: list[Track] = (),
    ) -> list[dict]:
        self.frame += 1
        for t in self.tracks.values():
            if t.id not in self.unseen:
                t.last_hit = self.frame
        for t in appeared:
            t.born = self.frame
        changes = TrackChanges(
            tuple(appeared), tuple(gone), self.frame, dropped=tuple(dropped), tentative=tuple(tentative)
        )
        new = self.reader.update(changes, list(self.tracks.values()))
        self.events += new
        return new


def _framed_start() -> FramedTable:
    table = FramedTable()
    dora = table.put(0, -27, 0, 4)
    assert _types(table.step([dora])) == ["start_kyoku"]
    table.reader.hand.next_seat = 0
    return table


def _dahai(table: Table) -> list[tuple[int, str]]:
    return [(e["actor"], e["pai"]) for e in table.events if e["type"] == "dahai"]


def _one_go_around(table: Table, n: int = 0) -> None:
    for seat, kind in ((0, 27), (1, 28), (2, 29), (3, 30)):
        table.discard(seat, n, kind + (n % 3))


def _pon_by_seat_1_of(table: Table, kind: int) -> None:
    """Seat 1 lays a pon with its sideways tile on the left: called from kamicha, seat 0."""
    tiles = [table.put(1, 330 + i * 30, GEO.hand_v, kind, sideways=(i == 0)) for i in range(3)]
    table.step(tiles)


# --- a called tile's place ------------------------------------------------------------------------------


def test_a_called_tiles_pond_track_is_handed_to_the_tracker_to_forget() -> None:
    # White cloth: the called tile's place shows no bare mat at once, so its track lingers. The reader hands
    # it over (Tracker.forget); a seat's next discard laid there is then a new track with its own name.
    table = _framed_start()
    called = table.discard(0, 0, 21)  # 4s
    _pon_by_seat_1_of(table, 21)
    assert [e["type"] for e in table.events if e["type"] == "pon"] == ["pon"]
    assert table.reader.take_called() == [called.id]
    assert table.reader.take_called() == []  # handed over once
    table.take(called)  # the tracker forgets it
    table.discard(1, 0, 5)  # the caller discards
    table.discard(2, 0, 6)
    table.discard(3, 0, 7)
    again = table.discard(0, 0, 9)  # seat 0's next discard, 1p, laid where the 4s lay
    assert _dahai(table)[-1] == (0, "1p")
    assert again.id in table.reader.hand.ponds[0]


def test_the_called_tile_read_again_just_after_the_call_is_no_new_discard() -> None:
    # The call was read a frame before the tile was lifted: its place is read once more as a new track.
    table = _framed_start()
    called = table.discard(0, 0, 21)
    _pon_by_seat_1_of(table, 21)
    table.take(called)
    ghost = table.put(0, called.u, called.v, 21)
    table.step([ghost])
    table.discard(1, 0, 5)
    table.discard(2, 0, 6)
    table.discard(3, 0, 7)
    for _ in range(3):
        table.step()
    assert (0, "4s") not in _dahai(table)[1:]
    assert table.reader.hand.next_seat == 0  # still waiting for seat 0's real discard


# --- a tile read late in its row ------------------------------------------------------------------------


def test_a_new_pond_tile_waits_for_an_earlier_spot_of_its_pond_to_be_read() -> None:
    # A blank face on white cloth reads late: seat 0's second discard (slot 1, a haku) is read only after the
    # others' next discards and its own third (slot 2). Read at once, the third would take the second's turn.
    table = _framed_start()
    table.discard(0, 0, 31)
    for seat in (1, 2, 3):
        table.discard(seat, 0, seat)
    for seat in (1, 2, 3):
        table.discard(seat, 1, seat + 9)
    third = table.put(0, (2 - 2.5) * 29, GEO.pond_v0, 9)
    table.step([third])
    assert _dahai(table)[-1] == (3, "4m")  # the third waits
    table.discard(0, 1, 31)  # the second, a haku, at last
    assert _dahai(table)[-5:] == [(0, "P"), (1, "2p"), (2, "3p"), (3, "4p"), (0, "1p")]


def test_a_tile_waits_for_an_earlier_spot_only_a_few_frames() -> None:
    table = _framed_start()
    table.discard(0, 0, 31)
    for seat in (1, 2, 3):
        table.discard(seat, 0, seat)
    third = table.put(0, (2 - 2.5) * 29, GEO.pond_v0, 9)
    table.step([third])
    assert _dahai(table)[-1] == (3, "4m")
    for _ in range(EARLIER_SPOT_FRAMES):
        table.step()
    assert _dahai(table)[-1] == (0, "1p")


def test_a_tile_after_a_riichi_tile_in_its_row_does_not_wait() -> None:
    # The sideways tile moves the rest of its row a long side along: no spot is missing before them.
    table = _framed_start()
    table.discard(0, 0, 31, sideways=True)
    for seat in (1, 2, 3):
        table.discard(seat, 0, seat)
    nxt = table.put(0, (1 - 2.5) * 29 + GEO.tile_h - GEO.tile_w, GEO.pond_v0, 9)
    table.step([nxt])
    assert _dahai(table)[-1] == (0, "1p")


# --- a discard that left its pond -----------------------------------------------------------------------


def _seat_1_shows_a_win_on_9m() -> list[tuple[float, int]]:
    hand = [0, 1, 2, 9, 10, 11, 18, 19, 20, 3, 4, 5, 8]
    return [(GEO.hand_u0 + i * 28.5, kind) for i, kind in enumerate(hand)]


def test_a_discard_unread_while_its_pond_is_read_has_left_it_and_a_win_on_it_is_a_ron() -> None:
    # White cloth: seat 0's 9m was taken for seat 1's win, and its place shows no bare mat; its track lingers
    # unread while seat 0's other pond tiles are read.
    table = _framed_start()
    table.discard(0, 0, 27)
    for seat in (1, 2, 3):
        table.discard(seat, 0, seat + 27)
    ninth = table.discard(0, 1, 8)
    table.unseen.add(ninth.id)
    for u, kind in _seat_1_shows_a_win_on_9m():
        table.put(1, u, GEO.hand_v, kind)
    table.put(1, GEO.hand_u0 + 13 * 28.5 + 12, GEO.hand_v, 8)
    for _ in range(10):
        table.step()
    hora = next(e for e in table.events if e["type"] == "hora")
    assert (hora["actor"], hora["target"], hora["pai"]) == (1, 0, "9m")


def test_a_discard_unread_while_its_whole_pond_is_hidden_has_not_left_it() -> None:
    table = _framed_start()
    for seat, kind in ((0, 27), (1, 28)):
        table.discard(seat, 0, kind)
    last = table.discard(2, 0, 29)
    pond = [t for t in table.tracks.values() if t.seat == 2 and t.area == "pond"]
    table.unseen |= {t.id for t in pond}  # an arm over seat 2's pond
    for _ in range(TAKEN_FRAMES + 1):
        table.step()
    assert not left_pond(table.reader.tracks, table.reader.frame, last.id)
    table.unseen = {last.id}
    table.discard(2, 1, 30)  # another tile of that pond is read again; the last one is not
    for _ in range(TAKEN_FRAMES):
        table.step()
    assert left_pond(table.reader.tracks, table.reader.frame, last.id)


# --- a discard laid and called under an arm -------------------------------------------------------------


def _hidden_call(
    glimpse: Track | None = None,
    still_there: bool = False,
    hidden: bool = True,
    kinds: tuple[int, ...] = (21,) * 3,
    draws_left: int | None = None,
) -> FramedTable:
    """One go-around read; seat 0 discards; then seat 1's pond is hidden (unless not `hidden`) while it
    discards a 4s that seat 2 pons (seat 2's sideways tile on the left: from kamicha, seat 1); seat 2 then
    discards. `glimpse`: a track of seat 1's pond that never counted, dropped by the tracker just before
    the pon, or `still_there` (tentative) when the pon is read. `kinds`: the classes the meld's tiles are
    read as, the sideways one first. `draws_left`: the live wall's draws left after seat 0's discard."""
    table = _framed_start()
    _one_go_around(table)
    table.discard(0, 1, 27)
    if draws_left is not None:
        table.reader.hand.draws = LIVE_WALL - draws_left
    if hidden:
        table.unseen |= {t.id for t in table.tracks.values() if t.seat == 1 and t.area == "pond"}
    seen = [glimpse] if glimpse is not None else []
    table.step(dropped=[] if still_there else seen, tentative=seen if still_there else [])
    tiles = [table.put(2, 330 + i * 30, GEO.hand_v, k, sideways=(i == 0)) for i, k in enumerate(kinds)]
    for _ in range(2):
        table.step(tiles, tentative=seen if still_there else [])
        tiles = []
    table.unseen.clear()
    table.discard(2, 1, 5)
    return table


def test_a_discard_laid_and_called_while_its_pond_was_hidden_is_put_in_before_the_call() -> None:
    table = _hidden_call()
    after = [(e["type"], e.get("actor"), e.get("pai")) for e in table.events[-4:]]
    assert after == [("tsumo", 1, "?"), ("dahai", 1, "4s"), ("pon", 2, "4s"), ("dahai", 2, "6m")]
    pon = next(e for e in table.events if e["type"] == "pon")
    assert pon["target"] == 1
    assert any("was called by seat 2 while its pond was hidden" in w for w in table.reader.warnings)


def test_a_call_whose_tiles_do_not_go_with_its_sideways_tile_makes_up_no_discard() -> None:
    # Seed 7955, green felt and backs, 40 degrees: as the hand ended in a draw, two of seat 0's standing tops
    # were read as white dragons lying sideways, beside a cell named 8p, while an arm hid seat 3's pond. An 8p
    # of seat 3's was made up for the "call" before its tiles were found not to go with it; the call was
    # refused, the 8p stayed, and seat 3's last discard (a 1s) was recorded as that 8p.
    table = _hidden_call(kinds=(16, 31, 31))
    assert not [e for e in table.events if e["type"] in ("pon", "chi", "daiminkan")]
    assert not [e for e in table.events if e["type"] == "dahai" and e["actor"] == 1 and e["pai"] == "8p"]
    assert any("do not go with the discard (8p)" in w for w in table.reader.warnings)
    assert not any("while its pond was hidden" in w for w in table.reader.warnings)


@pytest.mark.parametrize("draws_left", [1, 0])
def test_no_discard_is_made_up_for_a_call_of_the_live_walls_last_tile(draws_left: int) -> None:
    # Seed 7955, green felt and backs, 40 degrees: as the hand ended in a draw, seat 0's standing hand going
    # down was read as a pon while an arm hid seat 3's pond; an 8m was made up for seat 3's last discard, the
    # game refused the pon (the last discard is claimed for a win only, seed 002 3.4.1), the 8m stayed and
    # seat 3's 1s was lost. Here seat 1's draw is the wall's last (or the wall ran out before it).
    table = _hidden_call(draws_left=draws_left)
    assert not [e for e in table.events if e["type"] in ("pon", "chi", "daiminkan")]
    assert not [e for e in table.events if e["type"] == "dahai" and e["actor"] == 1 and e["pai"] == "4s"]
    assert any("the live wall is drawn out" in w for w in table.reader.warnings)


def test_a_call_of_the_discard_before_the_walls_last_tile_is_put_in() -> None:
    table = _hidden_call(draws_left=2)
    assert [(e["type"], e["pai"]) for e in table.events if e["type"] == "pon"] == [("pon", "4s")]


@pytest.mark.parametrize("last_tile_calls", [False, True])
def test_a_counted_last_discard_is_taken_by_a_meld_only_where_the_rules_let_it(last_tile_calls: bool) -> None:
    table = _framed_start()
    table.reader.last_tile_calls = last_tile_calls
    _one_go_around(table)
    table.reader.hand.draws = LIVE_WALL - 1
    table.discard(0, 1, 21)  # the live wall's last tile's discard, a 4s, counted
    _pon_by_seat_1_of(table, 21)
    table.step()
    pons = [(e["type"], e["pai"]) for e in table.events if e["type"] == "pon"]
    if last_tile_calls:
        assert pons == [("pon", "4s")]
    else:
        assert pons == []
        assert _dahai(table)[-1] == (0, "4s")  # it stays in its pond
        assert any("the live wall is drawn out" in w for w in table.reader.warnings)


def test_the_game_takes_the_hidden_call_and_the_table_page_says_so() -> None:
    from riichi_table.assistant import LiveSession

    table = _hidden_call()
    session = LiveSession("wrc", namer="templates")
    session.table = table.reader
    for event in table.events:
        session._apply(dict(event))
    assert [e["type"] for e in session.accepted if e["type"] == "pon"] == ["pon"], session.warnings
    assert not [w for w in session.warnings if w.startswith("pon:")]
    assert any("while its pond was hidden" in w for w in session.state()["warnings"])


def _glimpse(kind: int, hits: int, turns: int, spot: int = 1) -> Track:
    """A track at seat 1's pond spot `spot` (its next: 1) read `hits` times, `turns` of them sideways, that
    never counted."""
    x, y = GEO.to_table(1, (spot % 6 - 2.5) * 29, GEO.pond_v0 + (spot // 6) * 39)
    seat, area, u, v = GEO.area_of(x, y)
    votes = np.zeros(N_CLASSES)
    votes[kind] = float(hits)
    return Track(99, x, y, seat, area, u, v, turns * 2 > hits, False, votes, hits=hits, turns=turns)


@pytest.mark.parametrize(("still_there", "hidden"), [(False, True), (True, True), (False, False)])
def test_a_riichi_tile_seen_sideways_then_called_before_it_counted_keeps_its_riichi(
    still_there: bool, hidden: bool
) -> None:
    # seed 002 3.3.14: a riichi tile may be claimed for a meld, and the riichi stands. Seed 5101, blue
    # felt, green backs, 44 degrees: seat 2's riichi 4p, read sideways four times, was ponned before it
    # counted (a sideways pond tile waits longer), and the riichi went on the rotated tile after it; on
    # white cloth its track, read sideways three times, was still there when the pon was read; on wood
    # felt no arm had hidden the pond, and the pon was left out.
    table = _hidden_call(_glimpse(21, hits=4, turns=4), still_there, hidden)
    after = [(e["type"], e.get("actor"), e.get("pai")) for e in table.events[-6:]]
    assert after == [
        ("tsumo", 1, "?"),
        ("reach", 1, None),
        ("dahai", 1, "4s"),
        ("reach_accepted", 1, None),
        ("pon", 2, "4s"),
        ("dahai", 2, "6m"),
    ]
    assert 1 in table.reader.hand.riichi
    table.discard(3, 1, 30)
    table.discard(0, 2, 28)
    table.discard(1, 2, 29, sideways=True)  # the declarer's next discard, turned sideways: no second riichi
    assert _types(table.events).count("reach") == 1


def test_the_game_takes_the_riichi_of_a_called_tile_and_its_stick() -> None:
    from riichi_table.assistant import LiveSession

    table = _hidden_call(_glimpse(21, hits=4, turns=4))
    session = LiveSession("wrc", namer="templates")
    session.table = table.reader
    for event in table.events:
        session._apply(dict(event))
    assert session.game.round.seats[1].riichi and session.game.sticks == 1, session.warnings
    assert [e["type"] for e in session.accepted if e["type"] == "pon"] == ["pon"], session.warnings


@pytest.mark.parametrize(
    ("kind", "hits", "turns"),
    [
        (21, 4, 2),  # cut sideways in half its readings: a tile just laid, its cell one wide frame or two
        (21, 2, 2),  # sideways in too few readings to tell from that flicker
        (5, 5, 5),  # sideways, but never read as the called 4s: another tile
    ],
)
def test_a_called_tile_not_seen_to_lie_sideways_declares_no_riichi(kind: int, hits: int, turns: int) -> None:
    table = _hidden_call(_glimpse(kind, hits, turns))
    assert "reach" not in _types(table.events)
    dahai = [(e["actor"], e["pai"]) for e in table.events if e["type"] == "dahai"]
    assert dahai[-2:] == [(1, "4s"), (2, "6m")]


def test_a_discard_glimpsed_and_called_before_it_counted_is_put_in_before_the_call() -> None:
    # No arm hid the pond: the tile was read twice, upright, and taken by the pon before it counted.
    table = _hidden_call(_glimpse(21, hits=2, turns=0), hidden=False)
    after = [(e["type"], e.get("actor"), e.get("pai")) for e in table.events[-4:]]
    assert after == [("tsumo", 1, "?"), ("dahai", 1, "4s"), ("pon", 2, "4s"), ("dahai", 2, "6m")]
    assert any("was called by seat 2 before its tile counted" in w for w in table.reader.warnings)


@pytest.mark.parametrize(
    ("glimpse", "why"),
    [
        (lambda: _glimpse(5, hits=4, turns=0), "another kind"),
        (lambda: _glimpse(21, hits=1, turns=0), "a single reading"),
        (lambda: _glimpse(21, hits=4, turns=0, spot=3), "beyond the seat's next spot"),
    ],
)
def test_a_call_whose_discard_was_not_glimpsed_in_an_unhidden_pond_is_left_out(glimpse, why: str) -> None:
    table = _hidden_call(glimpse(), hidden=False)
    assert "pon" not in _types(table.events), why
    assert "seat 2's call read in its hand row is none: the last discard read is not seat 1's" in (
        table.reader.warnings
    )


def _white_cloth_seat_1s_turn(hidden: bool) -> FramedTable:
    """White cloth, one go-around read and seat 0's second discard: seat 1's turn, its pond under an arm
    for a frame when `hidden`."""
    table = _framed_start()
    table.reader.pale_felt = True
    _one_go_around(table)
    table.discard(0, 1, 27)
    if hidden:
        table.unseen |= {t.id for t in table.tracks.values() if t.seat == 1 and t.area == "pond"}
        table.step()
    return table


@pytest.mark.parametrize("hidden", [False, True])
def test_no_white_dragon_is_made_up_on_white_cloth_for_a_call(hidden: bool) -> None:
    # Seed 318, white cloth, black backs, 37 degrees: the bare cloth is cut and named a white dragon now and
    # then, and seat 0's standing tops, two cut sideways, were read as a pon of them: with a white dragon
    # glimpsed at the pond's next spot, or with the pond under an arm, a discard was made up for it.
    table = _white_cloth_seat_1s_turn(hidden)
    tiles = [table.put(2, 330 + i * 30, GEO.hand_v, 31, sideways=(i == 0)) for i in range(3)]
    table.step(tiles, tentative=[_glimpse(31, hits=4, turns=0)])
    assert "pon" not in _types(table.events)
    table.reader.pale_felt = False  # on felt a blank face is seen as one
    table.step(tentative=[_glimpse(31, hits=4, turns=0)])
    assert "pon" in _types(table.events)


@pytest.mark.parametrize("hidden", [False, True])
def test_a_white_dragon_called_on_white_cloth_is_put_in_once_the_caller_discards_after_the_call(
    hidden: bool,
) -> None:
    # Seed 6063, white cloth, blue backs, 40 degrees: seat 1's white dragon, called at once by seat 2 (its
    # arm over seat 1's pond), never showed on the cloth. Seat 2's next tile, laid in seat 1's turn after
    # the meld, is the discard that follows a call: the white dragon went in before the pon.
    table = _white_cloth_seat_1s_turn(hidden)
    tiles = [table.put(2, 330 + i * 30, GEO.hand_v, 31, sideways=(i == 0)) for i in range(3)]
    table.step(tiles)
    assert "pon" not in _types(table.events)  # nothing yet says the pon is one
    table.discard(2, 1, 9)  # seat 2's 1p at its next spot, in seat 1's turn
    for _ in range(STABLE_HITS):
        table.step()
    after = [(e["type"], e.get("actor"), e.get("pai")) for e in table.events if e["type"] != "tsumo"][-3:]
    assert after == [("dahai", 1, "P"), ("pon", 2, "P"), ("dahai", 2, "1p")]


def test_a_white_dragon_pon_on_white_cloth_with_the_callers_tile_laid_before_it_gives_no_discard() -> None:
    # Seed 318's standing tops read as a pon of white dragons: the seat's pond tile waiting there was laid
    # before the meld was read, so it is no discard after a call.
    table = _framed_start()
    table.reader.pale_felt = True
    _one_go_around(table)
    table.discard(0, 1, 27)
    table.discard(2, 1, 9)
    tiles = [table.put(2, 330 + i * 30, GEO.hand_v, 31, sideways=(i == 0)) for i in range(3)]
    table.step(tiles)
    for _ in range(STABLE_HITS):
        table.step()
    assert "pon" not in _types(table.events)
    assert (1, "P") not in _dahai(table)


def test_a_glimpse_of_the_called_kind_out_of_its_seats_turn_gives_no_discard() -> None:
    # Seat 0's turn: seat 1 cannot have discarded, whatever a cell of its pond read for a frame or two.
    table = _framed_start()
    _one_go_around(table)
    tiles = [table.put(2, 330 + i * 30, GEO.hand_v, 21, sideways=(i == 0)) for i in range(3)]
    table.step(tiles, tentative=[_glimpse(21, hits=3, turns=0)])
    assert "pon" not in _types(table.events)
    assert [e["actor"] for e in table.events if e["type"] == "dahai"] == [0, 1, 2, 3]


def test_a_call_from_a_seat_whose_pond_was_not_hidden_is_not_given_a_discard() -> None:
    # A misread meld (no arm anywhere) pointing at the seat whose turn it is: the reader does not invent the
    # discard it would need, and keeps out the call the game would refuse (seed 002 3.3.1), saying why.
    table = _framed_start()
    _one_go_around(table)
    table.discard(0, 1, 27)
    tiles = [table.put(2, 330 + i * 30, GEO.hand_v, 21, sideways=(i == 0)) for i in range(3)]
    table.step(tiles)
    assert not [e for e in table.events if e["type"] == "dahai" and e["actor"] == 1 and e["pai"] == "4s"]
    assert not [e for e in table.events if e["type"] == "pon"]
    assert table.reader.warnings == [
        "seat 2's call read in its hand row is none: the last discard read is not seat 1's"
    ]


def test_a_cell_cut_over_two_read_discards_is_no_new_discard_but_the_next_spot_is() -> None:
    from tests.live.test_live_events import _start

    table = _start()
    for n in range(3):  # three turns round the table, seat 0's discards at its first three spots
        for seat in range(4):
            table.discard(seat, n, 27 + (seat + n) % 7)
    # Seat 0's row cut another way for a few frames: a cell between its second and third discards.
    between = table.put(0, (1.5 - 2.5) * 29 + 14, GEO.pond_v0, 2)
    table.step([between])
    for _ in range(STABLE_HITS + 2):
        table.step()
    assert [e for e in table.events if e["type"] == "dahai"][-1]["actor"] == 3
    table.take(between)
    table.step([], [between])
    table.discard(0, 3, 5)  # its real next discard, at the next spot
    assert [(e["actor"], e["pai"]) for e in table.events if e["type"] == "dahai"][-1] == (0, "6m")


def test_a_cell_between_two_discards_whose_tracks_were_lost_is_no_new_discard() -> None:
    # An arm over seat 0's pond: two of its discards lying side by side are not read for a while and the row
    # is cut with a cell between their places. No tile fits there, so it is no discard.
    from tests.live.test_live_events import _start

    table = _start()
    pond = []
    for n in range(3):
        for seat in range(4):
            t = table.discard(seat, n, 27 + (seat + n) % 7)
            if seat == 0:
                pond.append(t)
    for t in pond[1:]:
        table.take(t)
    table.step([], pond[1:])
    between = table.put(0, (1.5 - 2.5) * 29, GEO.pond_v0, 2)
    table.step([between])
    for _ in range(STABLE_HITS + 2):
        table.step()
    assert [e for e in table.events if e["type"] == "dahai"][-1]["actor"] == 3
    table.discard(0, 3, 5)  # its real next discard, at the next spot
    assert [(e["actor"], e["pai"]) for e in table.events if e["type"] == "dahai"][-1] == (0, "6m")


def test_a_discard_found_again_as_far_off_as_its_ponds_others_after_a_bump_is_no_new_discard() -> None:
    # Seed 6063, white cloth, blue backs, 40 degrees: a bump moved the view 12 mm for six frames; seat 0's
    # discards were found again 12 mm off their places, and its 1m, blurred, read 9m there: taken for a new
    # discard in the seat's turn, and each later one a turn late.
    table = _framed_start()
    for n in range(4):
        _one_go_around(table, n)
    pond = [t for t in table.tracks.values() if t.seat == 0 and t.area == "pond"]
    for t in pond:
        table.take(t)
    table.step([], pond)
    again = [table.put(0, t.u, t.v + 12, t.kind if i < 3 else 8) for i, t in enumerate(pond)]  # the 4th: 9m
    table.step(again)
    for _ in range(STABLE_HITS):
        table.step()
    assert table.reader.hand.ponds[0] == [t.id for t in again]
    table.discard(0, 4, 33)
    assert _dahai(table)[-1] == (0, "C") and (0, "9m") not in _dahai(table)


def test_a_tile_of_another_kind_found_where_a_discard_lay_without_its_ponds_others_moving_is_new() -> None:
    # No bump: only the one track went, and the tile now there was never read as that discard's kind.
    table = _framed_start()
    for n in range(4):
        _one_go_around(table, n)
    last = next(
        t for t in table.tracks.values() if t.seat == 0 and t.area == "pond" and t.kind == 27 and t.u > 0
    )
    table.take(last)
    table.step([], [last])
    other = table.put(0, last.u, last.v + 12, 8)
    table.step([other])
    assert table.reader.hand.ponds[0][3:] == [last.id, other.id]  # a new discard: the seat's fifth
    assert _dahai(table)[-1] == (0, "9m")


def test_a_discard_cut_across_the_tile_before_it_and_the_next_one_is_that_next_one_read_again() -> None:
    # Seed 6871, white cloth, 40 degrees: seat 0's next discard, laid touching the one before it, both as
    # pale as the cloth, was cut with it as one sideways cell between their places and recorded as a riichi
    # (an F here). Once the two lay apart, the tile before was found again at its place and the new one, half
    # a pitch from the F's place, is the F read again: renamed by its readings, its riichi taken back, and no
    # discard of the seat's too many.
    table = _framed_start()
    for n in range(2):
        _one_go_around(table, n)
    before = next(t for t in table.tracks.values() if t.seat == 0 and t.area == "pond" and t.u > -60)
    table.take(before)
    table.step([], [before])
    merged = table.put(0, before.u + 14.5, before.v, 32, sideways=True)  # read F, sideways
    table.step([merged])
    for _ in range(STABLE_HITS):
        table.step()
    table.step()
    assert _dahai(table)[-1] == (0, "F") and 0 in table.reader.hand.riichi
    for seat, kind in ((1, 6), (2, 7), (3, 8)):
        table.discard(seat, 2, kind)
    table.take(merged)
    table.step([], [merged])
    again = table.put(0, before.u, before.v, before.kind)
    laid = table.put(0, before.u + 29, before.v, 5)  # the 6m, at the next spot
    table.step([again, laid])
    for _ in range(STABLE_HITS + 2):
        table.step()
    assert _dahai(table)[-1] == (3, "9m"), "the 6m is no new discard of seat 0"
    assert table.reader.hand.ponds[0][-2:] == [again.id, laid.id]
    laid.hits, laid.votes = 40, laid.votes * 8  # read often, upright, as 6m
    table.step()
    types = [e["type"] for e in table.events]
    assert "_reread_dahai" in types and "_moved_riichi" in types
    assert [e for e in table.events if e["type"] == "_reread_dahai"][-1]["pai"] == "6m"
    assert 0 not in table.reader.hand.riichi


@pytest.mark.parametrize(("hits", "turns", "riichi"), [(4, 4, True), (4, 2, False)])
def test_a_tile_glimpsed_sideways_and_taken_by_a_ron_before_it_counted_declared_a_riichi(
    hits: int, turns: int, riichi: bool
) -> None:
    # Seed 7007, every look: seat 3's riichi 8p, laid sideways under its declarer's arm, was taken by seat
    # 1's ron before it counted; put in as the ron's discard, its riichi was left out. Here seat 2's 9m,
    # glimpsed at its next pond spot, is taken by seat 3's ron. A riichi ronned on its own tile is never
    # accepted (no stick): the record has the declaration and the win alone.
    from tests.live.test_live_events import _lay_open_a_win_with_9m_apart

    table = _framed_start()
    table.discard(0, 0, 27)
    table.discard(1, 0, 28)
    x, y = GEO.to_table(2, (0 - 2.5) * 29, GEO.pond_v0)
    seat, area, u, v = GEO.area_of(x, y)
    votes = np.zeros(N_CLASSES)
    votes[8] = float(hits)
    glimpse = Track(99, x, y, seat, area, u, v, turns * 2 > hits, False, votes, hits=hits, turns=turns)
    table.step(dropped=[glimpse])
    _lay_open_a_win_with_9m_apart(table, 3)
    declared = [("reach", 2)] if riichi else []
    expected = [("tsumo", 2), *declared, ("dahai", 2), ("reveal", 3), ("hora", 3), ("end_kyoku", None)]
    assert [(e["type"], e.get("actor")) for e in table.events[-len(expected) :]] == expected
    assert "reach_accepted" not in _types(table.events)


# --- a tile laid beyond a spot whose tile was glimpsed before an arm hid it -----------------------------


def _beyond_a_glimpse(glimpsed: bool, frames: int) -> FramedTable:
    """One go-around read and seat 0's second discard; seat 1's second discard (a 9p) glimpsed twice at its
    spot (when `glimpsed`) before an arm hid it; seat 1's third discard (a 1m) counts a spot beyond, and
    `frames` frames pass with nothing else read."""
    table = _framed_start()
    _one_go_around(table)
    table.discard(0, 1, 27)
    glimpse = _glimpse(17, hits=2, turns=0)
    table.step(dropped=[glimpse] if glimpsed else [])
    table.discard(1, 2, 0)
    for _ in range(frames):
        table.step()
    return table


def test_a_tile_beyond_a_spot_whose_tile_was_glimpsed_waits_for_it_and_each_keeps_its_turn() -> None:
    # Seed 9735, wood felt, red backs, 37 degrees, light 0.55: seat 2's 8p, read twice at its first row's
    # end before an arm crossed the pond, was read again 38 frames later; the 5m laid a turn after it at
    # the second row's start waited six frames and took the 8p's turn.
    from riichi_table.vision.pond_turns import EARLIER_SPOT_FRAMES, GLIMPSED_SPOT_FRAMES

    table = _beyond_a_glimpse(True, GLIMPSED_SPOT_FRAMES - 5)
    assert GLIMPSED_SPOT_FRAMES - 5 > EARLIER_SPOT_FRAMES
    assert _dahai(table)[-1] == (0, "E")  # seat 1's turn still waits for its glimpsed tile
    table.discard(1, 1, 17)  # the arm leaves: the 9p shows in its spot
    for seat, spot, kind in ((2, 1, 5), (3, 1, 6), (0, 2, 7)):
        table.discard(seat, spot, kind)
    table.step()
    assert [d for d in _dahai(table) if d[0] == 1] == [(1, "S"), (1, "9p"), (1, "1m")]


def test_the_wait_for_a_glimpsed_tile_ends_and_without_a_glimpse_it_is_as_short_as_before() -> None:
    from riichi_table.vision.pond_turns import EARLIER_SPOT_FRAMES, GLIMPSED_SPOT_FRAMES

    table = _beyond_a_glimpse(True, GLIMPSED_SPOT_FRAMES)
    assert _dahai(table)[-1] == (1, "1m")
    table = _beyond_a_glimpse(False, EARLIER_SPOT_FRAMES)
    assert _dahai(table)[-1] == (1, "1m")

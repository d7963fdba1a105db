"""A call read after turns that came after it: the hand's turns are put in order again from each seat's
discards and the calls between them (vision/live_events.py `RESEQUENCE`,
riichi_table/assistant/resequence.py).

Seed 5927, white cloth, blue backs, 40 degrees: seat 0's C lay six frames and was called by seat 2 while
seat 3's 9p before it was still unread, so the C never counted; seat 2's pon was read forty frames later.
Seat 0's next discard, seat 1's and seat 2's went in as if no call had been, and seat 0's pon of seat 1's 8s
could not go after the 8s (seat 2's F followed it in the record): an 8s of seat 1's was made up for it.
"""

from __future__ import annotations

from typing import Any

from riichi_table.vision.live_events import RESEQUENCE
from riichi_table.vision.track import Track, TrackChanges

from tests.live.mjai_records import opening
from tests.live.test_live_events import GEO, _start

N, ONE_M, NINE_M, NINE_P, F, C, SEVEN_S, EIGHT_S = 30, 0, 8, 17, 32, 33, 24, 25


class Clock:
    """The table driven frame by frame: tiles laid with the frame they were born at."""

    def __init__(self) -> None:
        self.table = _start()
        self.frame = 0

    def step(self, appeared: list[Track] = (), gone: list[Track] = ()) -> None:
        self.frame += 1
        for t in self.table.tracks.values():
            t.last_hit = self.frame
        changes = TrackChanges(tuple(appeared), tuple(gone), frame=self.frame)
        self.table.events += self.table.reader.update(changes, list(self.table.tracks.values()))

    def discard(self, seat: int, n: int, kind: int) -> Track:
        t = self.table.put(seat, (n % 6 - 2.5) * 29, GEO.pond_v0 + (n // 6) * 39, kind)
        t.born = self.frame + 1
        self.step([t])
        return t

    def pon(self, seat: int, kind: int, side: int) -> None:
        meld = [self.table.put(seat, 330 + i * 30, GEO.hand_v, kind, sideways=(i == side)) for i in range(3)]
        self.step(meld)


def _c_called_while_seat_3_was_unread() -> Clock:
    """Seats 0-2 discard; seat 0's C lies a few frames and goes (seat 2 called it) before seat 3's 9p is
    read; then 9p, seat 0's 7s, seat 1's 8s and seat 2's F are read in turn order."""
    clock = Clock()
    for seat, kind in ((0, N), (1, ONE_M), (2, NINE_M)):
        clock.discard(seat, 0, kind)
    c_tile = clock.discard(0, 1, C)  # not seat 0's turn: it waits
    clock.table.take(c_tile)
    clock.step([], [c_tile])
    clock.discard(3, 0, NINE_P)
    clock.discard(0, 1, SEVEN_S)
    clock.discard(1, 1, EIGHT_S)
    clock.discard(2, 1, F)
    return clock


def test_a_call_of_a_discard_that_never_counted_puts_it_in_before_the_seats_later_discard() -> None:
    clock = _c_called_while_seat_3_was_unread()
    dahais = [(e["actor"], e["pai"]) for e in clock.table.events if e["type"] == "dahai"]
    assert dahais == [(0, "N"), (1, "1m"), (2, "9m"), (3, "9p"), (0, "7s"), (1, "8s"), (2, "F")]
    clock.pon(2, C, side=1)  # from seat 0, across the table: the called tile lies in the middle
    out = [e for e in clock.table.events if e["type"] == RESEQUENCE]
    assert out == [
        {
            "type": RESEQUENCE,
            "edits": [
                {
                    "target": 0,
                    "nth": 1,
                    "pai": "C",
                    "call": {"type": "pon", "actor": 2, "target": 0, "pai": "C", "consumed": ["C", "C"]},
                }
            ],
        }
    ]
    # Nothing made up: no discard of seat 0's put in before the call now.
    assert [e["pai"] for e in clock.table.events if e["type"] == "dahai" and e["actor"] == 0] == ["N", "7s"]
    # The reader counts the 7s as seat 0's third discard from now on.
    h = clock.table.reader.hand
    assert sorted(h.discard_nth[i] for i in h.ponds[0]) == [0, 2]


def test_a_tile_that_lay_where_a_recorded_discard_lay_then_is_no_discard() -> None:
    # The same hand, but the C that went was read at the place of seat 0's N (the N cut twice for a frame):
    # it is no discard of its own, and the pon is left for the ordinary reading.
    clock = Clock()
    for seat, kind in ((0, N), (1, ONE_M), (2, NINE_M)):
        clock.discard(seat, 0, kind)
    ghost = clock.discard(0, 0, C)
    clock.table.take(ghost)
    clock.step([], [ghost])
    for seat, n, kind in ((3, 0, NINE_P), (0, 1, SEVEN_S), (1, 1, EIGHT_S), (2, 1, F)):
        clock.discard(seat, n, kind)
    clock.pon(2, C, side=1)
    assert not [e for e in clock.table.events if e["type"] == RESEQUENCE]


def _record(*turns: tuple[int, str]) -> list[dict[str, Any]]:
    out = opening()
    for seat, pai in turns:
        out += [{"type": "tsumo", "actor": seat, "pai": "?"}, {"type": "dahai", "actor": seat, "pai": pai}]
    return out


def _order(record: list[dict[str, Any]]) -> list[str]:
    """The hand's events short: "T0" a draw of seat 0, "0C" its discard of C, "pon 2C" seat 2's pon of C,
    "reach 1" seat 1's riichi."""
    short = {"tsumo": lambda e: f"T{e['actor']}", "dahai": lambda e: f"{e['actor']}{e['pai']}"}
    call = lambda e: f"{e['type']} {e.get('actor', '')}{e.get('pai', '')}".strip()  # noqa: E731
    return [short.get(e["type"], call)(e) for e in record[len(opening()) :]]


def _kan_turn(seat: int, pai: str) -> list[dict[str, Any]]:
    """A turn of `seat` with a concealed kan of west winds, its indicator and the replacement draw, then the
    discard `pai`."""
    draw = {"type": "tsumo", "actor": seat, "pai": "?"}
    kan = {"type": "ankan", "actor": seat, "consumed": ["W", "W", "W", "W"]}
    dahai = {"type": "dahai", "actor": seat, "pai": pai}
    return [draw, kan, {"type": "dora", "dora_marker": "6p"}, dict(draw), dahai]


PON_C = {"type": "pon", "actor": 2, "target": 0, "pai": "C", "consumed": ["C", "C"]}
PON_8S = {"type": "pon", "actor": 0, "target": 1, "pai": "8s", "consumed": ["8s", "8s"]}


def test_the_record_gets_the_discard_and_its_call_and_the_turns_after_them_in_order() -> None:
    from riichi_table.assistant.resequence import resequence

    # As read: seat 0's 7s, seat 1's 8s, seat 2's F, seat 3's 9s; seat 0's C (its second discard) and seat
    # 2's pon of it never went in.
    read = ((0, "N"), (1, "1m"), (2, "9m"), (3, "9p"), (0, "7s"), (1, "8s"), (2, "F"), (3, "9s"))
    record = _record(*read)
    placed = resequence("wrc", record, [(0, 1, "C")], [(0, 1, PON_C)])
    assert placed is not None
    assert _order(placed.record)[8:] == ["T0", "0C", "pon 2C", "2F", "T3", "39s", "T0", "07s", "T1", "18s"]
    assert len(placed.game.round.seats[2].melds) == 1
    assert record == _record(
        (0, "N"), (1, "1m"), (2, "9m"), (3, "9p"), (0, "7s"), (1, "8s"), (2, "F"), (3, "9s")
    )


def test_two_calls_read_out_of_turn_go_in_together_where_neither_goes_in_alone() -> None:
    from riichi_table.assistant.resequence import resequence

    # Seat 0's pon of seat 1's 8s was read first: with the C still missing, seat 2's F and seat 3's 9s are
    # left with no turn; with both, one order takes every discard.
    record = _record((0, "N"), (1, "1m"), (2, "9m"), (3, "9p"), (0, "7s"), (1, "8s"), (2, "F"), (3, "9s"))
    record += [{"type": "tsumo", "actor": 0, "pai": "?"}, {"type": "dahai", "actor": 0, "pai": "7p"}]
    assert resequence("wrc", record, [], [(1, 1, PON_8S)]) is None
    placed = resequence("wrc", record, [(0, 1, "C")], [(1, 1, PON_8S), (0, 1, PON_C)])
    assert placed is not None
    assert _order(placed.record)[8:] == [
        *("T0", "0C", "pon 2C", "2F", "T3", "39s", "T0", "07s", "T1", "18s"),
        *("pon 08s", "07p"),
    ]


def test_a_turns_kan_and_riichi_go_with_it_when_the_turns_are_put_in_order() -> None:
    from riichi_table.assistant.resequence import resequence

    # Seat 1 declares riichi with its 1m; seat 3's second turn holds a concealed kan, its indicator and the
    # replacement draw. Seat 0's C (its second discard) and seat 2's pon of it go in before them.
    riichi = [
        {"type": "tsumo", "actor": 1, "pai": "?"},
        {"type": "reach", "actor": 1},
        {"type": "dahai", "actor": 1, "pai": "1m"},
        {"type": "reach_accepted", "actor": 1},
    ]
    kan = _kan_turn(3, "9s")
    turns = _record((2, "9m"), (3, "9p"), (0, "7s"), (1, "8s"), (2, "F"))[len(opening()) :]
    record = [*_record((0, "N")), *riichi, *turns, *kan]
    placed = resequence("wrc", record, [(0, 1, "C")], [(0, 1, PON_C)])
    assert placed is not None
    assert _order(placed.record) == [
        *("T0", "0N", "T1", "reach 1", "11m", "reach_accepted 1", "T2", "29m", "T3", "39p"),
        *("T0", "0C", "pon 2C", "2F"),
        *("T3", "ankan 3", "dora", "T3", "39s"),
        *("T0", "07s", "T1", "18s"),
    ]
    assert placed.game.round.seats[1].riichi


def test_pieces_that_make_no_order_leave_the_record_as_it_was() -> None:
    from riichi_table.assistant.resequence import resequence

    record = _record((0, "N"), (1, "1m"), (2, "9m"), (3, "9p"))
    assert resequence("wrc", record, [(0, 5, "C")], []) is None  # no such place
    # A first discard of seat 1's put in: seat 0's second turn would follow seat 3's, and seat 0 has none.
    assert resequence("wrc", record, [(1, 0, "C")], []) is None
    # Seat 2's turn with a concealed kan would open with the pon: no kan right after a call, the engine says.
    later = [*_record((0, "7s"), (1, "8s")), *_kan_turn(2, "F"), *_record((3, "9s"))[len(opening()) :]]
    later = later[len(opening()) :]
    assert resequence("wrc", [*record, *later], [(0, 1, "C")], [(0, 1, PON_C)]) is None
    ended = [*record, {"type": "ryukyoku", "reason": "fanpai"}]
    assert resequence("wrc", ended, [], [(3, 0, {**PON_C, "target": 3, "pai": "9p", "actor": 1})]) is None


def test_the_session_takes_the_pieces_and_follows_the_engines_turn_or_keeps_them_aside() -> None:
    from riichi_table.assistant import LiveSession

    session = LiveSession("wrc", namer="templates")
    read = _record((0, "N"), (1, "1m"), (2, "9m"), (3, "9p"), (0, "7s"), (1, "8s"), (2, "F"), (3, "9s"))
    for event in read[1:]:
        session._apply(event)
    h = session.table.hand
    h.phase, h.next_seat = "playing", 0  # as the reader has it: seat 0's turn after seat 3's 9s
    lone = {"target": 1, "nth": 1, "call": PON_8S}
    h.unplaced = [lone]
    before = list(session.accepted)
    session._apply({"type": RESEQUENCE, "edits": [lone]})
    assert session.accepted == before  # seat 2's F would have no turn: kept aside
    assert h.unplaced == [lone]
    assert any("kept aside" in w for w in session.warnings)
    c = {"target": 0, "nth": 1, "pai": "C", "call": PON_C}
    session._apply({"type": RESEQUENCE, "edits": [lone, c]})
    assert _order(session.accepted)[8:] == [
        *("T0", "0C", "pon 2C", "2F", "T3", "39s", "T0", "07s", "T1", "18s"),
        "pon 08s",
    ]
    assert h.unplaced == []
    # The record ends with seat 0's pon: the reader waits for seat 0's discard, with no draw before it.
    assert (h.next_seat, h.just_called) == (0, 0)


PON_6P = {"type": "pon", "actor": 0, "target": 1, "pai": "6p", "consumed": ["6p", "6p"]}
PON_5P = {"type": "pon", "actor": 0, "target": 3, "pai": "5p", "consumed": ["5p", "5p"]}


def test_a_call_kept_aside_goes_in_once_its_callers_discard_is_recorded() -> None:
    from riichi_table.vision.live_events import LATE_CALL

    from riichi_table.assistant import LiveSession

    # Seed 6199, wood felt, red backs, 37 degrees: seat 1's 6p never counted and seat 0's pon of it was read
    # after seat 1's next discard, the 3m; seat 0's 8p after the pon was not recorded yet, so no order took
    # the 3m's turn and the pon was kept aside. Seat 0's 8p was then read at its turn after seat 3's 5p.
    session = LiveSession("wrc", namer="templates")
    for event in _record((0, "N"), (1, "1m"), (2, "9m"), (3, "9p"), (0, "7s"), (1, "3m"))[1:]:
        session._apply(event)
    h = session.table.hand
    h.phase, h.next_seat = "playing", 2
    pon = {"target": 1, "nth": 1, "pai": "6p", "call": PON_6P}
    h.unplaced = [pon]
    session._apply({"type": RESEQUENCE, "edits": [pon]})
    assert h.unplaced == [pon] and any("kept aside" in w for w in session.warnings)
    for seat, pai in ((2, "4p"), (3, "5p")):
        session._apply({"type": "tsumo", "actor": seat, "pai": "?"})
        session._apply({"type": "dahai", "actor": seat, "pai": pai})
    assert h.unplaced == [pon]  # still no order: seat 0's turn after the pon has no discard
    session._apply({"type": "tsumo", "actor": 0, "pai": "?"})
    session._apply({"type": "dahai", "actor": 0, "pai": "8p"})
    assert _order(session.accepted)[8:] == [
        *("T0", "07s", "T1", "16p", "pon 06p", "08p"),
        *("T1", "13m", "T2", "24p", "T3", "35p"),
    ]
    assert h.unplaced == []
    assert (h.next_seat, h.just_called) == (0, None)
    # The reader counted no draw for the 6p; it counts the record's now, or the wall runs out a turn late.
    assert h.draws == sum(e["type"] == "tsumo" for e in session.accepted) == 9
    # Seat 0's pon of seat 3's 5p, read after the 8p the reader took for the discard that followed it: the
    # 5p is the record's last discard, so the pon goes in after it, and seat 0's discard is awaited.
    session._apply({"type": LATE_CALL, "target": 3, "nth": 1, "call": PON_5P})
    assert _order(session.accepted)[-2:] == ["35p", "pon 05p"]
    assert (h.next_seat, h.just_called) == (0, 0)
    assert not any("left out" in w for w in session.warnings)

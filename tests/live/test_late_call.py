"""A call read only after the caller's discard that followed it goes in after the discard it took, in place of
the caller's draw (vision/live_events.py `LATE_CALL`, riichi_table/assistant/reconcile.py `insert_late_call`).

Seed 2161, white cloth, black backs, 37 degrees: seat 1's pon of seat 0's 2s was hidden while seat 1 laid
its 7s; seats 2 and 3 discarded, and seat 0's 7p was laid where the 2s had lain (white cloth shows no bare
mat at once, so the 2s's track stayed and took the 7p's readings). Read at last, the pon had a 2s of seat
0's made up before it, and the 7p was recorded as the first 2s read again: seat 0's pond out of order.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from riichi_table.vision.live_events import LATE_CALL
from riichi_table.vision.tile_reading import N_CLASSES

from tests.live.test_late_discard import opening
from tests.live.test_live_events import GEO, Table, _start

P, ONE_P, TWO_P, THREE_P, SEVEN_P = 31, 9, 10, 11, 15


def _pon_read_after_three_turns() -> tuple[Table, Any]:
    """Seat 0's P, then seats 1-3 discard with no pon seen; seat 0's 7p lies where the P lay (the P's track
    reads 7p since) when seat 1's pon of P comes to light."""
    table = _start()
    p_tile = table.discard(0, 0, P)
    for seat, kind in ((1, ONE_P), (2, TWO_P), (3, THREE_P)):
        table.discard(seat, 0, kind)
    p_tile.votes = np.zeros(N_CLASSES)
    p_tile.votes[SEVEN_P] = 8.0
    p_tile.votes[P] = 5.0
    meld = [table.put(1, 330 + i * 30, GEO.hand_v, P, sideways=(i == 0)) for i in range(3)]
    table.step(meld)
    return table, p_tile


def test_a_pon_read_after_the_callers_discard_goes_in_after_the_discard_it_took() -> None:
    table, p_tile = _pon_read_after_three_turns()
    late = [e for e in table.events if e["type"] == LATE_CALL]
    assert late == [
        {
            "type": LATE_CALL,
            "target": 0,
            "nth": 0,
            "call": {"type": "pon", "actor": 1, "target": 0, "pai": "P", "consumed": ["P", "P"]},
        }
    ]
    assert "pon" not in [e["type"] for e in table.events]  # no call now, no discard made up before it
    assert [e["pai"] for e in table.events if e["type"] == "dahai"] == ["P", "1p", "2p", "3p"]
    # The P's track is forgotten: what lies at its place now is seat 0's next discard, in its turn.
    assert table.reader.take_called() == [p_tile.id]
    table.take(p_tile)
    table.discard(0, 0, SEVEN_P)
    assert [(e["type"], e.get("actor"), e.get("pai")) for e in table.events[-2:]] == [
        ("tsumo", 0, "?"),
        ("dahai", 0, "7p"),
    ]


def test_a_call_read_a_round_late_goes_in_after_the_discard_it_took_not_the_targets_latest() -> None:
    # Seed 4801, blue felt, yellow backs, 37 degrees: a meld at a table's corner, cut another way in each
    # frame, was read when its target had discarded again; a discard of the called kind was made up before it.
    table = _start()
    p_tile = table.discard(0, 0, P)
    for seat, kind in ((1, ONE_P), (2, TWO_P), (3, THREE_P)):
        table.discard(seat, 0, kind)
    for seat, kind in ((0, 27), (1, 28), (2, 29), (3, 30)):  # a round on: seat 0's east to seat 3's north
        table.discard(seat, 1, kind)
    table.take(p_tile)  # the pon took the P
    table.step([], [p_tile])
    table.step([table.put(1, 330 + i * 30, GEO.hand_v, P, sideways=(i == 0)) for i in range(3)])
    late = [e for e in table.events if e["type"] == LATE_CALL]
    assert [(e["target"], e["nth"], e["call"]["type"]) for e in late] == [(0, 0, "pon")]
    assert [e["pai"] for e in table.events if e["type"] == "dahai"] == [
        "P",
        "1p",
        "2p",
        "3p",
        "E",
        "S",
        "W",
        "N",
    ]


def test_a_pon_of_a_kind_the_targets_last_discard_is_not_waits_as_before() -> None:
    # Seat 0's last discard read is an east: the pon is of no discard read yet (laid before its P was read),
    # and nothing is put in late.
    table = _start()
    table.discard(0, 0, 27)
    for seat, kind in ((1, ONE_P), (2, TWO_P), (3, THREE_P)):
        table.discard(seat, 0, kind)
    table.step([table.put(1, 330 + i * 30, GEO.hand_v, P, sideways=(i == 0)) for i in range(3)])
    assert not [e for e in table.events if e["type"] in (LATE_CALL, "pon")]


def test_a_pon_whose_discard_still_lies_read_as_itself_is_no_late_call() -> None:
    # The P still lies in seat 0's pond, read as a P: whatever the hand row shows is no call of it.
    table = _start()
    table.discard(0, 0, P)
    for seat, kind in ((1, ONE_P), (2, TWO_P), (3, THREE_P)):
        table.discard(seat, 0, kind)
    table.step([table.put(1, 330 + i * 30, GEO.hand_v, P, sideways=(i == 0)) for i in range(3)])
    assert not [e for e in table.events if e["type"] == LATE_CALL]


def _record() -> list[dict[str, Any]]:
    out = opening()
    for seat, pai in ((0, "P"), (1, "1p"), (2, "2p"), (3, "3p")):
        out += [{"type": "tsumo", "actor": seat, "pai": "?"}, {"type": "dahai", "actor": seat, "pai": pai}]
    return out


def test_the_record_gets_the_call_in_place_of_the_callers_draw_through_a_fresh_engine() -> None:
    from riichi_table.assistant.reconcile import insert_late_call

    record = _record()
    call = {"type": "pon", "actor": 1, "target": 0, "pai": "P", "consumed": ["P", "P"]}
    placed = insert_late_call("wrc", record, call, nth=0)
    assert placed is not None
    kinds = [(e["type"], e.get("actor")) for e in placed.record[len(opening()) :]]
    assert kinds == [
        ("tsumo", 0),
        ("dahai", 0),
        ("pon", 1),
        ("dahai", 1),
        ("tsumo", 2),
        ("dahai", 2),
        ("tsumo", 3),
        ("dahai", 3),
    ]
    assert len(placed.game.round.seats[1].melds) == 1
    assert record == _record()  # the caller's record is not changed


def test_a_call_that_the_caller_did_not_discard_right_after_is_refused() -> None:
    from riichi_table.assistant.reconcile import insert_late_call

    call = {"type": "pon", "actor": 2, "target": 0, "pai": "P", "consumed": ["P", "P"]}
    assert insert_late_call("wrc", _record(), call, nth=0) is None  # seat 1 drew and discarded between
    assert insert_late_call("wrc", _record(), {**call, "actor": 1}, nth=3) is None  # no such discard


def test_the_session_takes_the_late_call_and_says_so_and_the_game_goes_on() -> None:
    from riichi_table.assistant import LiveSession

    session = LiveSession("wrc", namer="templates")
    for event in _record()[1:]:
        session._apply(event)
    call = {"type": "pon", "actor": 1, "target": 0, "pai": "P", "consumed": ["P", "P"]}
    session._apply({"type": LATE_CALL, "target": 0, "nth": 0, "call": call})
    assert [e["type"] for e in session.accepted].count("pon") == 1
    assert [e["type"] for e in session.accepted].count("tsumo") == 3
    session._apply({"type": "tsumo", "actor": 0, "pai": "?"})
    session._apply({"type": "dahai", "actor": 0, "pai": "7p", "tsumogiri": False})
    assert [str(k.tile) for k in session.game.round.seats[0].kawa][-1] == "7p"
    # Refused: the record is kept as it was, with the reason said.
    before = list(session.accepted)
    session._apply({"type": LATE_CALL, "target": 2, "nth": 0, "call": {**call, "actor": 0, "target": 2}})
    assert session.accepted == before
    assert any("cannot take it there" in w for w in session.warnings)


def test_a_call_of_a_discard_guessed_unseen_names_the_guess_and_goes_in_after_it() -> None:
    # Seed 8919, wood felt and white cloth, photographed faces: seat 2's N lay in its pond only while the
    # camera shook; seat 3 discarded before its pon of it was read. Here seat 1's discard lies unseen, seats 2
    # and 3 discard, and seat 2's pon of seat 1's tile shows after.
    from tests.live.test_late_discard import _hidden_turn

    table = _start()
    _hidden_turn(table)
    assert table.reader.hand.phantoms[1] == 1
    table.step([table.put(2, 330 + i * 30, GEO.hand_v, P, sideways=(i == 0)) for i in range(3)])
    late = [e for e in table.events if e["type"] == LATE_CALL]
    assert late == [
        {
            "type": LATE_CALL,
            "target": 1,
            "nth": 0,
            "call": {"type": "pon", "actor": 2, "target": 1, "pai": "P", "consumed": ["P", "P"]},
            "named": True,
        }
    ]
    assert table.reader.hand.phantoms[1] == 0 and table.reader.hand.phantom_nth[1] == []
    assert "pon" not in [e["type"] for e in table.events]


def test_a_call_of_a_guessed_discard_the_caller_did_not_discard_right_after_waits() -> None:
    # Seat 3's pon of seat 1's guessed tile: seat 2 discarded between, so the guess is no discard seat 3 took.
    from tests.live.test_late_discard import _hidden_turn

    table = _start()
    _hidden_turn(table)
    table.step([table.put(3, 330 + i * 30, GEO.hand_v, P, sideways=(i == 1)) for i in range(3)])
    assert not [e for e in table.events if e["type"] == LATE_CALL]
    assert table.reader.hand.phantoms[1] == 1


def test_the_record_names_the_guessed_discard_the_late_call_took() -> None:
    from riichi_table.assistant.reconcile import insert_late_call

    record = _record()  # seat 1's 1p stands for a guess here
    call = {"type": "pon", "actor": 2, "target": 1, "pai": "P", "consumed": ["P", "P"]}
    assert insert_late_call("wrc", record, call, nth=0) is None  # a pon of P after a 1p: refused
    placed = insert_late_call("wrc", record, call, nth=0, named=True)
    assert placed is not None
    moves = [(e["type"], e.get("actor"), e.get("pai")) for e in placed.record[len(opening()) :]]
    assert moves[2:5] == [("tsumo", 1, "?"), ("dahai", 1, "P"), ("pon", 2, "P")]
    assert record == _record()


def test_the_session_takes_a_late_call_of_a_guessed_discard_with_the_tile_named() -> None:
    from riichi_table.assistant import LiveSession

    session = LiveSession("wrc", namer="templates")
    for event in _record()[1:]:
        session._apply(event)
    call = {"type": "pon", "actor": 2, "target": 1, "pai": "P", "consumed": ["P", "P"]}
    session._apply({"type": LATE_CALL, "target": 1, "nth": 0, "call": call, "named": True})
    assert [str(k.tile) for k in session.game.round.seats[1].kawa] == ["5z"]  # the guess named a P
    assert [(e["actor"], e["pai"]) for e in session.accepted if e["type"] == "dahai"][:2] == [
        (0, "P"),
        (1, "P"),
    ]
    assert len(session.game.round.seats[2].melds) == 1

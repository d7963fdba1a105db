"""When the order of discards is really unknown the page asks, and the answer fixes the record.

A seat whose pond lay under an arm for two of its turns has two discards guessed; when only one of its tiles
comes to light, which of the two places it takes is not seen. If the engine takes the record with the tile at
either place, the best guess (the earlier place) goes into the record at once, the game goes on, and a
question with both orders as answers waits on the page (riichi_table/assistant/reconcile.py,
`LiveSession.answer_order`). The endpoint and the page are tests/webui/test_table_order.py.
"""

from __future__ import annotations

from typing import Any

import pytest
from riichi_table.vision.live_events import BEFORE_LATE, LATE_DAHAI, STUCK_FRAMES

from tests.live.test_late_discard import _record
from tests.live.test_live_events import GEO, Table, _start


def two_guesses() -> list[dict[str, Any]]:
    """A hand's record where seat 1's first two discards were guessed (2m, 3m), seats 2 and 3 seen."""
    out = _record("2m")
    for seat, pai in ((1, "3m"), (2, "P"), (3, "F"), (0, "C")):
        out += [{"type": "tsumo", "actor": seat, "pai": "?"}, {"type": "dahai", "actor": seat, "pai": pai}]
    return out


LATE = {"type": LATE_DAHAI, "actor": 1, "nth": 0, "pai": "9m", "places": [0, 1]}


def _seat_1_hidden(table: Table, turns: int = 2) -> None:
    """The other seats discard `turns` times each while seat 1's pond shows nothing: its discards are
    guessed."""
    for n in range(turns):
        table.discard(0, n, 27 + n)
        table.discard(2, n, 29 + n)
        table.discard(3, n, 31 + n)
        for _ in range(STUCK_FRAMES + 2):
            table.step()


def _session(record: list[dict[str, Any]]) -> Any:
    from riichi_table.assistant import LiveSession

    session = LiveSession("wrc", namer="templates")
    for event in record[1:]:
        session._apply(event)
    return session


def _seat_discards(session: Any, seat: int = 1) -> list[str]:
    return [e["pai"] for e in session.events() if e["type"] == "dahai" and e["actor"] == seat]


def test_a_seat_with_two_discards_guessed_and_one_tile_seen_gives_both_places() -> None:
    table = _start()
    _seat_1_hidden(table)  # its pond under an arm
    assert table.reader.hand.phantom_nth[1] == [0, 1]
    table.discard(0, 2, 33)
    table.discard(1, 0, 8)  # one of its tiles comes to light; the other stays hidden
    late = [e for e in table.events if e["type"] == LATE_DAHAI]
    assert late == [{"type": LATE_DAHAI, "actor": 1, "nth": 0, "pai": "9m", "places": [0, 1]}]


def test_an_unknown_order_is_asked_while_the_best_guess_stands_and_the_game_goes_on() -> None:
    session = _session(two_guesses())
    session._apply(LATE)
    assert _seat_discards(session) == ["9m", "3m"]  # the best guess: the earlier place
    (question,) = session.state()["questions"]
    assert question["kind"] == "order" and question["seat"] == 1 and question["place"] == 0
    assert [a["label"] for a in question["answers"]] == ["9m ?", "? 9m"]
    # Unanswered, it blocks nothing: the next discards are read and recorded.
    session._apply({"type": "tsumo", "actor": 1, "pai": "?"})
    session._apply({"type": "dahai", "actor": 1, "pai": "1p"})
    assert _seat_discards(session) == ["9m", "3m", "1p"]


def test_the_answer_moves_the_tile_through_the_engine_and_nothing_recorded_is_lost() -> None:
    session = _session(two_guesses())
    session.table.hand.phantoms[1], session.table.hand.phantom_nth[1] = 1, [1]  # as the reader left it
    session._apply(LATE)
    session._apply({"type": "tsumo", "actor": 1, "pai": "?"})
    session._apply({"type": "dahai", "actor": 1, "pai": "1p"})
    before = session.events()
    (question,) = session.questions
    assert session.answer_order(question["id"], 1) == {"ok": True}
    after = session.events()
    # The tile and the guess that stood at the place answered change places.
    assert _seat_discards(session) == ["3m", "9m", "1p"]
    assert len(after) == len(before)
    assert [e for e in after if e.get("actor") != 1] == [e for e in before if e.get("actor") != 1]
    assert session.questions == []
    # The engine's own pond follows the answer, and the reader now waits for the first place.
    assert [str(k.tile) for k in session.game.round.seats[1].kawa][:2] == ["3m", "9m"]
    assert session.table.hand.phantom_nth[1] == [0]


def test_a_stale_answer_or_one_not_offered_gets_a_clear_message_and_changes_nothing() -> None:
    session = _session(two_guesses())
    session._apply(LATE)
    (question,) = session.questions
    wrong = session.answer_order(question["id"], 5)
    assert wrong["ok"] is False and "expected one of [0, 1]" in wrong["error"]
    assert session.answer_order(question["id"], 0) == {"ok": True}  # the best guess confirmed
    stale = session.answer_order(question["id"], 1)
    assert stale["ok"] is False and "no longer open" in stale["error"]
    assert _seat_discards(session) == ["9m", "3m"]


def test_the_questions_of_a_hand_go_when_it_ends_and_the_best_guess_stays() -> None:
    session = _session(two_guesses())
    session._apply(LATE)
    session._apply({"type": "tsumo", "actor": 1, "pai": "?"})
    hand = ["1m", "2m", "3m", "4p", "5p", "6p", "7s", "8s", "9s", "E", "E", "E", "5p"]
    win = {"type": "hora", "actor": 1, "target": 1, "pai": "5p", "hora_tehais": hand, "uradora_markers": []}
    session._apply(win)
    session._apply({"type": "end_kyoku"})
    assert session.events()[-1]["type"] == "end_kyoku"
    assert session.questions == []
    assert any("not answered: best guess kept" in w for w in session.warnings)


def test_when_only_one_place_fits_the_engine_nothing_is_asked() -> None:
    record = _record("2m")
    # Seat 1 pons seat 0's N and discards (guessed): N there is kuikae, so a late N was its first discard.
    record += [
        {"type": "pon", "actor": 1, "target": 0, "pai": "N", "consumed": ["N", "N"]},
        {"type": "dahai", "actor": 1, "pai": "3m", "tsumogiri": False},
    ]
    session = _session(record)
    session._apply({**LATE, "pai": "N", "nth": 1})
    assert _seat_discards(session) == ["N", "3m"]
    assert session.questions == []


def test_when_the_other_hidden_tile_comes_to_light_the_reader_says_which_lies_first() -> None:
    table = _start()
    _seat_1_hidden(table)
    table.discard(0, 2, 33)
    table.discard(1, 1, 8)  # 9m, in its pond's second place; the first place is still under a hand
    for seat in (2, 3, 0):
        table.discard(seat, 2 if seat else 3, seat)
    table.discard(1, 0, 0)  # the hand goes: 1m in the first place
    late = [e for e in table.events if e["type"] == LATE_DAHAI]
    assert late[-1] == {"type": LATE_DAHAI, "actor": 1, "nth": 1, "pai": "1m", "before_late": True}


@pytest.mark.parametrize(
    ("before", "order"), [(True, ["1m", "9m"]), (False, ["9m", "1m"])], ids=["first", "second"]
)
def test_the_pond_settles_an_open_question_when_the_other_tile_comes_to_light(
    before: bool, order: list[str]
) -> None:
    session = _session(two_guesses())
    session._apply(LATE)
    assert session.questions
    session._apply({"type": LATE_DAHAI, "actor": 1, "nth": 1, "pai": "1m", "before_late": before})
    assert _seat_discards(session) == order
    assert session.questions == []
    assert any("pond shows the order" in w for w in session.warnings)


@pytest.mark.parametrize(
    ("before", "order"), [(True, ["1m", "9m"]), (False, ["9m", "1m"])], ids=["first", "second"]
)
def test_two_tiles_read_late_go_in_the_order_their_pond_shows(before: bool, order: list[str]) -> None:
    # No question open: the 9m, seen first, took the earliest guessed place; the 1m, hidden longer, lies
    # before it in the pond (seed 946, wood felt, 40 degrees: a 7p under an arm while the 8m beside it showed
    # already).
    session = _session(two_guesses())
    session._apply({"type": LATE_DAHAI, "actor": 1, "nth": 0, "pai": "9m"})
    assert _seat_discards(session) == ["9m", "3m"] and not session.questions
    session._apply({"type": LATE_DAHAI, "actor": 1, "nth": 1, "pai": "1m", "before_late": before})
    assert _seat_discards(session) == order
    assert any("other way round" in w for w in session.warnings) == before


def _seat_1s_first_guessed() -> Table:
    """Seats 0, 2 and 3 discard once while seat 1's first discard is not seen: it is guessed."""
    table = _start()
    table.discard(0, 0, 27)
    table.discard(2, 0, 29)
    table.discard(3, 0, 31)
    for _ in range(STUCK_FRAMES + 2):
        table.step()
    return table


def test_a_discard_read_at_its_turn_that_lies_before_the_tile_read_late_changes_places_with_it() -> None:
    # Seed 1234, white cloth, 37 degrees: seat 1's F, a row's far end, was lost in most frames; its discard
    # was guessed, the W laid after it (the next row's first tile) came to light first and took the guessed
    # place, and the F was read at the seat's next turn. The pond shows the F first.
    table = _seat_1s_first_guessed()
    assert table.reader.hand.phantom_nth[1] == [0]
    table.discard(0, 1, 28)
    table.discard(1, 1, 8)  # the 9m in its second place shows first: after waiting for the first, it
    for _ in range(40):  # takes the guessed place
        table.step()
    assert [e for e in table.events if e["type"] == LATE_DAHAI][-1]["nth"] == 0
    table.discard(1, 0, 0)  # the 1m in its first place, read at the seat's turn
    assert table.events[-1] == {"type": BEFORE_LATE, "actor": 1, "nth": 1, "late": 0}
    nine_m = next(t for t in table.tracks.values() if t.seat == 1 and t.kind == 8)
    assert table.reader.hand.last_discard == (1, nine_m.id, 8)  # a call or a ron takes the 9m

    session = _session(_record("2m"))
    session._apply({"type": LATE_DAHAI, "actor": 1, "nth": 0, "pai": "9m"})
    session._apply({"type": "tsumo", "actor": 1, "pai": "?"})
    session._apply({"type": "dahai", "actor": 1, "pai": "1m", "tsumogiri": False})
    session._apply({"type": BEFORE_LATE, "actor": 1, "nth": 1, "late": 0})
    assert _seat_discards(session) == ["1m", "9m"]
    assert [str(k.tile) for k in session.game.round.seats[1].kawa] == ["1m", "9m"]
    assert any("put in its pond's order" in w for w in session.warnings)


def test_a_discard_lying_before_the_one_read_at_the_seats_turn_before_changes_places_with_it() -> None:
    # Seed 946, wood felt, red backs, 37 degrees: seat 1's 9p at its first row's end was lost after one
    # reading while its 9m, the next row's first tile, counted at that turn; the 9p counted at the next.
    table = _start()
    table.discard(0, 0, 27)
    nine_m = table.discard(1, 1, 8)  # its second place shows first and, after waiting for the first,
    for _ in range(40):  # counts at its turn
        table.step()
    table.discard(2, 0, 29)
    table.discard(3, 0, 31)
    table.discard(0, 1, 28)
    assert [e for e in table.events if e["type"] == BEFORE_LATE] == []
    table.discard(1, 0, 0)  # the 1m in its first place, read at the seat's next turn
    assert table.events[-1] == {"type": BEFORE_LATE, "actor": 1, "nth": 1, "late": 0}
    assert table.reader.hand.last_discard == (1, nine_m.id, 8)  # a call or a ron takes the 9m
    table.discard(2, 1, 30)
    assert [e["type"] for e in table.events[-3:]] == [BEFORE_LATE, "tsumo", "dahai"]  # said once


def test_a_discard_placed_before_its_seats_earlier_discards_changes_no_places() -> None:
    # Seed 4801, wood felt, red backs, 37 degrees: seat 0's last discard was taken to lie first in its pond
    # (placed off its row), and changing places with each discard before it made the whole pond wrong.
    table = _start()
    for n in range(3):
        for seat, kind in ((0, 27 + n), (1, n), (2, 9 + n), (3, 18 + n)):
            table.discard(seat, n, kind)
    table.discard(0, 3, 30)
    table.step([table.put(1, -3.5 * 29, GEO.pond_v0, 5)])  # its fourth, off its row's start
    for _ in range(40):
        table.step()
    assert [e for e in table.events if e["type"] == BEFORE_LATE] == []


def test_a_riichi_tile_read_after_two_tiles_read_late_goes_before_them_with_its_riichi() -> None:
    # Seed 1499, wood felt, 40 degrees: seat 2's riichi 4s, at its first row's end, was hidden while the
    # discards after it came to light one by one, each into a guessed place; read at last, it lies first.
    record = two_guesses()
    record += [{"type": "tsumo", "actor": 1, "pai": "?"}]
    session = _session(record)
    session._apply({"type": LATE_DAHAI, "actor": 1, "nth": 0, "pai": "9m"})
    session._apply({"type": LATE_DAHAI, "actor": 1, "nth": 1, "pai": "8m", "before_late": False})
    session._apply({"type": "reach", "actor": 1})
    session._apply({"type": "dahai", "actor": 1, "pai": "1m", "tsumogiri": False})
    assert _seat_discards(session) == ["9m", "8m", "1m"]
    session._apply({"type": BEFORE_LATE, "actor": 1, "nth": 2, "late": 1})
    session._apply({"type": BEFORE_LATE, "actor": 1, "nth": 1, "late": 0})
    assert _seat_discards(session) == ["1m", "9m", "8m"]
    seat_1 = [e for e in session.accepted if e.get("actor") == 1 and e["type"] in ("reach", "dahai")]
    assert [e["type"] for e in seat_1[:2]] == ["reach", "dahai"] and seat_1[1]["pai"] == "1m"
    assert [e["type"] for e in seat_1].count("reach") == 1
    assert session.game.round.seats[1].riichi


def test_a_discard_lying_before_two_tiles_read_late_changes_places_with_each_the_latest_first() -> None:
    table = _start()
    _seat_1_hidden(table)
    table.discard(0, 2, 33)
    second = table.put(1, (1 - 2.5) * 29, GEO.pond_v0, 8)  # its second and third places come to light
    third = table.put(1, (2 - 2.5) * 29, GEO.pond_v0, 7)
    table.step([second, third])
    for _ in range(40):
        table.step()
    assert [(e["pai"], e["nth"]) for e in table.events if e["type"] == LATE_DAHAI] == [("9m", 0), ("8m", 1)]
    table.discard(1, 0, 0)  # its first place, read at its turn
    assert table.events[-2:] == [
        {"type": BEFORE_LATE, "actor": 1, "nth": 2, "late": 1},
        {"type": BEFORE_LATE, "actor": 1, "nth": 1, "late": 0},
    ]
    assert table.reader.hand.last_discard == (1, third.id, 7)


def test_a_tile_read_late_lying_before_two_tiles_read_late_changes_places_with_each() -> None:
    # Seed 1499, wood felt, 40 degrees: seat 2's riichi 4s, its first row's end, was hidden while its 2p and
    # 5m after it came to light into guessed places; read late in turn, it went before the 5m only, and the
    # record had 2p, 4s, 5m for 4s, 2p, 5m.
    table = _start()
    _seat_1_hidden(table, turns=3)
    assert table.reader.hand.phantom_nth[1] == [0, 1, 2]
    for spot, kind in ((1, 8), (2, 7)):  # its second and third discards come to light, one by one
        table.step([table.put(1, (spot - 2.5) * 29, GEO.pond_v0, kind)])
        for _ in range(40):
            table.step()
    first = table.put(1, (0 - 2.5) * 29, GEO.pond_v0, 0, sideways=True)  # its riichi tile, at last
    table.step([first])
    for _ in range(40):
        table.step()
    late = [e for e in table.events if e["type"] in (LATE_DAHAI, BEFORE_LATE)]
    assert [(e["type"], e.get("pai"), e["nth"], e.get("late")) for e in late] == [
        (LATE_DAHAI, "9m", 0, None),
        (LATE_DAHAI, "8m", 1, None),
        (LATE_DAHAI, "1m", 2, None),
        (BEFORE_LATE, None, 2, 1),
        (BEFORE_LATE, None, 1, 0),
    ]
    assert late[2]["riichi"] is True and "before_late" not in late[2]

    record = _record("2m")
    for seat, pai in ((1, "3m"), (2, "P"), (3, "F"), (0, "C"), (1, "4m"), (2, "W"), (3, "E")):
        record += [{"type": "tsumo", "actor": seat, "pai": "?"}, {"type": "dahai", "actor": seat, "pai": pai}]
    session = _session(record)
    for event in late:
        session._apply(dict(event))
    assert _seat_discards(session) == ["1m", "9m", "8m"]
    reach = next(i for i, e in enumerate(session.accepted) if e["type"] == "reach")
    assert session.accepted[reach + 1]["pai"] == "1m"  # the riichi goes with its tile


def test_a_discard_recorded_at_its_turn_behind_a_tile_read_late_moves_on_with_it() -> None:
    # Seed 6199, wood felt, red backs, 37 degrees: seat 0's 9p went unread at its turn (guessed), its 9s
    # after it came to light into the guess's place, its 5s was read at its turn, and the 9p at the seat's
    # next turn. The pond shows 9p, 9s, 5s: the 5s, behind the 9s, took the 9p's place as much as the 9s did.
    table = _seat_1s_first_guessed()
    table.discard(0, 1, 28)
    second = table.discard(1, 1, 8)  # its second place shows first, and takes the guessed place
    for _ in range(40):
        table.step()
    third = table.discard(1, 2, 7)  # its third, at its turn: after waiting for the first, it counts
    for _ in range(40):
        table.step()
    table.discard(2, 1, 30)
    table.discard(3, 1, 32)
    table.discard(0, 2, 33)
    first = table.discard(1, 0, 0)  # its first place, read at the seat's next turn
    assert [e for e in table.events if e["type"] == BEFORE_LATE] == [
        {"type": BEFORE_LATE, "actor": 1, "nth": 2, "late": 1},
        {"type": BEFORE_LATE, "actor": 1, "nth": 1, "late": 0},
    ]
    h = table.reader.hand
    assert [h.discard_nth[t.id] for t in (first, second, third)] == [0, 1, 2]
    assert h.last_discard == (1, third.id, 7)

    record = _record("2m")
    for seat, pai in ((1, "8m"), (2, "P"), (3, "F"), (0, "C"), (1, "1m")):  # seat 1's first a guess, 2m
        record += [{"type": "tsumo", "actor": seat, "pai": "?"}, {"type": "dahai", "actor": seat, "pai": pai}]
    session = _session(record)
    session._apply({"type": LATE_DAHAI, "actor": 1, "nth": 0, "pai": "9m"})
    for event in [e for e in table.events if e["type"] == BEFORE_LATE]:
        session._apply(dict(event))
    assert _seat_discards(session) == ["1m", "9m", "8m"]


def test_a_riichi_tile_read_late_that_goes_to_the_last_discard_has_its_stick_accepted_next() -> None:
    # A riichi tile read late took the seat's guessed first place; the seat's next discard, read at its turn,
    # lies before it in the pond: the two change places and the riichi goes with its tile, now the record's
    # last discard. The engine waits for the stick to be accepted; the reader must say so with the next
    # thing the table shows, or every later draw is refused.
    session = _session(_record("2m"))
    session._apply({"type": LATE_DAHAI, "actor": 1, "nth": 0, "pai": "9m", "riichi": True})
    for seat, pai in ((2, "P"), (3, "F"), (0, "C")):
        session._apply({"type": "tsumo", "actor": seat, "pai": "?"})
        session._apply({"type": "dahai", "actor": seat, "pai": pai})
    session._apply({"type": "tsumo", "actor": 1, "pai": "?"})
    session._apply({"type": "dahai", "actor": 1, "pai": "1m", "tsumogiri": True})
    assert session.table.hand.accept_pending is None  # the riichi is two turns back
    session._apply({"type": BEFORE_LATE, "actor": 1, "nth": 1, "late": 0})
    assert _seat_discards(session) == ["1m", "9m"]
    assert session.game.round.phase == "riichi_pending"
    assert session.table.hand.accept_pending == 1
    # Moved back off the last discard (the two swapped again), the stick is no longer pending.
    session._apply({"type": BEFORE_LATE, "actor": 1, "nth": 1, "late": 0})
    assert _seat_discards(session) == ["9m", "1m"]
    assert session.table.hand.accept_pending is None
    session._apply({"type": BEFORE_LATE, "actor": 1, "nth": 1, "late": 0})
    assert session.table.hand.accept_pending == 1
    session.table._accept()  # as the reader does with the next seat's draw
    for event in [*session.table.events[-1:], {"type": "tsumo", "actor": 2, "pai": "?"}]:
        session._apply(event)
    assert session.accepted[-2:] == [
        {"type": "reach_accepted", "actor": 1},
        {"type": "tsumo", "actor": 2, "pai": "?"},
    ]

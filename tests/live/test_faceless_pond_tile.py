"""A discard whose face is not read (its ink the backs' colour: read as a back) still holds its place in the
pond: a tile laid after it is that seat's next discard, not the late one, and when its face is read at last it
takes the guessed turn it lies in. (Green bamboo on green backs, seed 318 green felt, green backs.)"""

from __future__ import annotations

from riichi_table.vision.live_events import LATE_DAHAI, STUCK_FRAMES

from tests.live.test_live_events import GEO, _start


def _faceless_turn(table):
    """Seat 0 discards; seat 1's discard lies in its pond read as a back; seats 2 and 3 discard meanwhile."""
    table.discard(0, 0, 27)
    faceless = table.put(1, -2.5 * 29, GEO.pond_v0, 8, face_down=True)
    table.step([faceless])
    table.discard(2, 0, 28)
    table.discard(3, 0, 29)
    for _ in range(STUCK_FRAMES + 2):
        table.step()
    return faceless


def _dahai(table) -> list[tuple[int, str]]:
    return [(e["actor"], e["pai"]) for e in table.events if e["type"] == "dahai"]


def test_a_tile_laid_after_a_faceless_one_is_the_seats_discard_in_turn() -> None:
    table = _start()
    _faceless_turn(table)
    assert [a for a, _ in _dahai(table)] == [0, 1, 2, 3]  # seat 1's turn kept with a guess
    table.discard(0, 1, 30)
    table.discard(1, 1, 0)  # seat 1's second discard, after the faceless one in its pond
    assert not [e for e in table.events if e["type"] == LATE_DAHAI], table.events
    assert _dahai(table)[-1] == (1, "1m")
    assert table.reader.hand.phantom_nth[1] == [0]  # the first turn is still the guessed one


def test_the_faceless_tile_read_at_last_takes_its_own_turn() -> None:
    table = _start()
    faceless = _faceless_turn(table)
    table.discard(0, 1, 30)
    table.discard(1, 1, 0)
    table.take(faceless)
    read = table.put(1, -2.5 * 29, GEO.pond_v0, 8)
    table.step([read], [faceless])
    for seat in (2, 3, 0):  # a tile read late is put in its place at its seat's next turn
        table.discard(seat, 2 if seat == 0 else 1, 31 + seat)
    fixes = [e for e in table.events if e["type"] == LATE_DAHAI]
    assert fixes == [{"type": LATE_DAHAI, "actor": 1, "nth": 0, "pai": "9m"}], table.events


def test_a_late_tile_after_a_faceless_one_takes_the_later_guessed_turn() -> None:
    table = _start()
    _faceless_turn(table)
    table.discard(0, 1, 30)
    # Seat 1's second discard is not seen in its turn either (guessed), then shows after the faceless one.
    table.discard(2, 1, 31)
    table.discard(3, 1, 32)
    for _ in range(STUCK_FRAMES + 2):
        table.step()
    assert table.reader.hand.phantom_nth[1] == [0, 1]
    table.discard(0, 2, 33)
    table.discard(1, 1, 0)
    fixes = [e for e in table.events if e["type"] == LATE_DAHAI]
    assert [(e["actor"], e["nth"], e["pai"]) for e in fixes] == [(1, 1, "1m")], table.events


def test_more_faceless_tiles_than_guesses_make_this_turn_a_guess() -> None:
    table = _start()
    _faceless_turn(table)
    table.discard(0, 1, 30)
    # Seat 1's second discard also lies read as a back, and its third shows before its turn was guessed.
    second = table.put(1, -1.5 * 29, GEO.pond_v0, 1, face_down=True)
    table.step([second])
    third = table.discard(1, 2, 0)
    assert [a for a, _ in _dahai(table)] == [0, 1, 2, 3, 0, 1], table.events
    assert table.reader.hand.phantom_nth[1] == [0, 1]
    assert third.id not in table.reader.hand.ponds[1]  # its own turn is the next one


def test_a_read_discard_seen_as_a_back_for_a_while_is_no_unread_tile() -> None:
    table = _start()
    _faceless_turn(table)
    table.discard(0, 1, 30)
    first = table.discard(1, 1, 0)  # seat 1's second discard, read
    table.take(first)
    flicker = table.put(1, -1.5 * 29, GEO.pond_v0, 0, face_down=True)  # the same tile, read as a back
    table.step([flicker], [first])
    table.discard(2, 1, 31)
    table.discard(3, 1, 32)
    table.discard(0, 2, 33)
    table.discard(1, 2, 2)
    assert _dahai(table)[-1] == (1, "3m"), table.events

"""A concealed kan whose face-down middles were not seen, read by its face-up ends and its new indicator
(vision/live_events.py `TableReader._kan_backs_unseen`).

Seed 8369, blue felt, blue backs, 44 degrees, light 0.55: seat 0's concealed kan of 3m lay with its two
face-down tiles (L 46-59) within the dim felt's reach (L 30), mat; only its ends were read, 87 mm apart with
nothing between, while its 1m indicator lay turned over in the dead wall. The kan and its dora were lost.
"""

from __future__ import annotations

from typing import Any

from riichi_table.vision.live_events import KAN_ENDS_APART

from tests.live.test_live_events import GEO, Table, _start

EIGHT_P, FOUR_M, SEVEN_P = 16, 3, 15


def _ends(table: Table, seat: int, apart: float = 3 * 29, kind: int = EIGHT_P) -> list[Any]:
    """The two face-up ends of a concealed kan in seat `seat`'s hand row, `apart` mm centre to centre."""
    return [table.put(seat, 300 + du, GEO.hand_v, kind) for du in (0, apart)]


def _seat_2_on_turn() -> Table:
    table = _start()
    for seat in range(2):
        table.discard(seat, 0, 27 + seat)
    return table


def test_the_ends_of_a_concealed_kan_and_its_new_indicator_make_the_kan() -> None:
    table = _seat_2_on_turn()
    table.step(_ends(table, 2))
    assert "ankan" not in [e["type"] for e in table.events]  # two tiles alone are no meld
    table.step([table.put(0, 0, 0, SEVEN_P)])  # the kan dora turned over beside the first indicator
    assert table.events[-2:] == [
        {"type": "ankan", "actor": 2, "consumed": ["8p"] * 4},
        {"type": "dora", "dora_marker": "7p"},
    ]
    assert any("face-down tiles were not seen" in w for w in table.reader.warnings)
    table.discard(2, 0, 12)  # its replacement draw's discard follows as usual
    assert table.events[-1]["type"] == "dahai" and table.events[-1]["actor"] == 2


def test_without_a_new_indicator_two_tiles_apart_are_no_kan() -> None:
    table = _seat_2_on_turn()
    table.step(_ends(table, 2))
    table.discard(2, 0, 12)
    assert "ankan" not in [e["type"] for e in table.events]


def test_tiles_not_three_pitches_apart_or_with_a_reading_between_are_no_kan() -> None:
    lo, hi = (k * GEO.tile_w for k in KAN_ENDS_APART)
    for apart in (2 * 29, hi + 4):  # a pon's ends; too far
        table = _seat_2_on_turn()
        table.step([*_ends(table, 2, apart), table.put(0, 0, 0, SEVEN_P)])
        assert "ankan" not in [e["type"] for e in table.events], apart
    table = _seat_2_on_turn()
    between = table.put(2, 300 + 29, GEO.hand_v, FOUR_M)
    table.step([*_ends(table, 2), between, table.put(0, 0, 0, SEVEN_P)])
    assert "ankan" not in [e["type"] for e in table.events]
    assert lo <= 3 * 29 <= hi


def test_ends_of_two_kinds_are_no_kan() -> None:
    table = _seat_2_on_turn()
    a, b = _ends(table, 2)
    b.votes[:] = 0
    b.votes[FOUR_M] = 5.0
    table.step([a, b, table.put(0, 0, 0, SEVEN_P)])
    assert "ankan" not in [e["type"] for e in table.events]


def test_ends_read_after_the_seats_discard_go_in_before_it_with_their_indicator() -> None:
    from riichi_table.vision.live_events import LATE_KAN

    table = _seat_2_on_turn()
    indicator = table.put(0, 0, 0, SEVEN_P)
    indicator.born = 25
    four_p = table.put(2, -2.5 * 29, GEO.pond_v0, 12)  # seat 2's 4p, laid after the kan
    four_p.born = 30
    table.step([four_p])
    ends = _ends(table, 2)  # laid before the 4p, read only now
    for t in ends:
        t.born = 20
    table.step(ends)
    late = [e for e in table.events if e["type"] == LATE_KAN]
    assert late == [
        {
            "type": LATE_KAN,
            "actor": 2,
            "nth": 0,
            "kan": {"type": "ankan", "actor": 2, "consumed": ["8p"] * 4},
            "dora_marker": "7p",
        }
    ]

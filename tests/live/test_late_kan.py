"""A concealed kan read late, or with a stray reading over it, and its new dora indicator read before it
(vision/live_events.py `LATE_KAN`, riichi_table/assistant/reconcile.py `insert_late_kan`).

Seed 2293, 40 degrees and 37 degrees: seat 2's concealed kan of 8p, its two middle tiles face down. On wood
felt it was read only after seat 2's 5m and seat 3's C; taken for a kan in seat 2's next turn, seats 0 and 1
had discards made up before it, its new indicator (read before the kan) was never recorded, and the win was
lost. On white cloth a 4m read off the kan's line over its end tile made the group five tiles, and the kan
was never read.
"""

from __future__ import annotations

from typing import Any

from riichi_table.vision.live_events import LATE_DORA, LATE_KAN

from tests.live.test_late_discard import opening
from tests.live.test_live_events import GEO, Table, _start

EIGHT_P, FOUR_M = 16, 3


def _kan(table: Table, seat: int, born: int = 0, stray: bool = False) -> list[Any]:
    """Seat `seat`'s concealed kan of 8p (face down in the middle) in its hand row, laid at frame `born`."""
    tiles = [table.put(seat, 300 + i * 29, GEO.hand_v, EIGHT_P, face_down=i in (1, 2)) for i in range(4)]
    if stray:
        tiles.append(table.put(seat, 300 + 3 * 29 - 4, GEO.hand_v - 32, FOUR_M))
    for t in tiles:
        t.born = born
    return tiles


def test_a_reading_off_a_concealed_kans_line_over_its_end_tile_is_no_part_of_it() -> None:
    table = _start()
    for seat in range(2):
        table.discard(seat, 0, 27 + seat)
    table.step(_kan(table, 2, stray=True))
    kan = [e for e in table.events if e["type"] == "ankan"]
    assert kan == [{"type": "ankan", "actor": 2, "consumed": ["8p"] * 4}]


def _discard_at(table: Table, seat: int, n: int, kind: int, frame: int) -> Any:
    t = table.put(seat, (n % 6 - 2.5) * 29, GEO.pond_v0 + (n // 6) * 39, kind)
    t.born = frame
    table.step([t])
    return t


def test_a_concealed_kan_read_after_its_seats_next_discard_goes_in_before_that_discard() -> None:
    table = _start()
    for seat in range(2):
        _discard_at(table, seat, 0, 27 + seat, frame=10 + seat)
    _discard_at(table, 2, 0, 12, frame=30)  # seat 2's 5m, laid after the kan's tiles
    _discard_at(table, 3, 0, 33, frame=40)
    table.step(_kan(table, 2, born=20))  # laid in seat 2's turn, read only now
    late = [e for e in table.events if e["type"] == LATE_KAN]
    assert late == [
        {"type": LATE_KAN, "actor": 2, "nth": 0, "kan": {"type": "ankan", "actor": 2, "consumed": ["8p"] * 4}}
    ]
    assert "ankan" not in [e["type"] for e in table.events]
    assert table.reader.hand.phantom_nth == [[], [], [], []]  # no turn made up before it
    # Its new indicator, counted before the kan was read, is the kan dora now: put in after the kan, where it
    # was turned over, before the discard the kan went in before.
    indicator = table.put(0, 0, 0, 15)
    indicator.born = 25
    table.step()
    assert table.events[-1] == {"type": LATE_DORA, "dora_marker": "7p"}


def test_a_concealed_kan_laid_after_its_seats_last_discard_is_made_in_its_turn() -> None:
    # Its tiles laid after seat 2's discard: a kan of seat 2's next turn, the others' discards unseen.
    table = _start()
    for seat in range(3):
        _discard_at(table, seat, 0, 27 + seat, frame=10 + seat)
    table.step(_kan(table, 2, born=50))
    assert not [e for e in table.events if e["type"] == LATE_KAN]
    assert [e for e in table.events if e["type"] == "ankan"]


def _seat_2_discards_5s_and_5m_with_an_indicator_turned_between(indicator_born: int) -> Table:
    """Two rounds of discards, seat 2's 5s in the first and 5m in the second; a 7p face up in the dead wall's
    indicator row since frame `indicator_born`; seat 2 on turn again."""
    table = _start()
    indicator = table.put(0, 0, 0, 15)
    indicator.born = indicator_born
    for turn in range(8):
        seat, n = turn % 4, turn // 4
        _discard_at(table, seat, n, (13, 12)[n] if seat == 2 else 27 + seat, frame=10 + 10 * turn)
    return table


def test_a_concealed_kan_read_in_its_seats_next_turn_is_dated_by_its_indicator_read_before() -> None:
    # Seed 2293, wood felt: under motion blur seat 2's kan was left out as seat 3's standing hand until seat 2
    # was on turn again, a full round later; its 7m indicator was read before seat 2's 5m.
    table = _seat_2_discards_5s_and_5m_with_an_indicator_turned_between(indicator_born=45)
    table.step(_kan(table, 2, born=90))
    late = [e for e in table.events if e["type"] == LATE_KAN]
    assert late == [
        {
            "type": LATE_KAN,
            "actor": 2,
            "nth": 1,
            "kan": {"type": "ankan", "actor": 2, "consumed": ["8p"] * 4},
            "dora_marker": "7p",
        }
    ]
    assert "dora" not in [e["type"] for e in table.events]  # it went in with the kan
    assert table.reader.hand.phantom_nth == [[], [], [], []]


def test_a_face_in_the_indicator_row_since_before_the_seats_last_turn_dates_no_kan() -> None:
    # A face read in the dead wall in the first frames (before the backs' colour was learned) is no indicator
    # turned in seat 2's last turn: the kan read in its turn is made in its turn.
    table = _seat_2_discards_5s_and_5m_with_an_indicator_turned_between(indicator_born=5)
    table.step(_kan(table, 2, born=90))
    assert not [e for e in table.events if e["type"] == LATE_KAN]
    assert [e["type"] for e in table.events][-2:] == ["ankan", "dora"]


def _record() -> list[dict[str, Any]]:
    out = opening()
    for seat, pai in ((0, "E"), (1, "S"), (2, "5m"), (3, "C")):
        out += [{"type": "tsumo", "actor": seat, "pai": "?"}, {"type": "dahai", "actor": seat, "pai": pai}]
    return out


KAN = {"type": "ankan", "actor": 2, "consumed": ["8p"] * 4}


def test_the_record_gets_the_kan_and_its_replacement_draw_before_the_discard() -> None:
    from riichi_table.assistant.reconcile import insert_late_kan

    placed = insert_late_kan("wrc", _record(), KAN, nth=0)
    assert placed is not None and placed.replaced == "5m"
    seat_2 = [(e["type"], e.get("pai")) for e in placed.record if e.get("actor") == 2]
    assert seat_2 == [("tsumo", "?"), ("ankan", None), ("tsumo", "?"), ("dahai", "5m")]
    assert insert_late_kan("wrc", _record(), KAN, nth=1) is None  # no such discard
    # With its new indicator: turned over before the replacement draw (seed 002 3.3.7).
    placed = insert_late_kan("wrc", _record(), KAN, nth=0, dora="7m")
    assert placed is not None
    at = placed.record.index(KAN)
    assert placed.record[at + 1 : at + 3] == [
        {"type": "dora", "dora_marker": "7m"},
        {"type": "tsumo", "actor": 2, "pai": "?"},
    ]


def test_the_session_takes_the_late_kan_and_its_dora_and_the_game_goes_on() -> None:
    from riichi_table.assistant import LiveSession

    session = LiveSession("wrc", namer="templates")
    for event in _record()[1:]:
        session._apply(event)
    session._apply({"type": LATE_KAN, "actor": 2, "nth": 0, "kan": KAN})
    assert [e["type"] for e in session.accepted].count("ankan") == 1, session.warnings
    session._apply({"type": "dora", "dora_marker": "7m"})
    assert session.accepted[-1] == {"type": "dora", "dora_marker": "7m"}
    session._apply({"type": "tsumo", "actor": 0, "pai": "?"})
    session._apply({"type": "dahai", "actor": 0, "pai": "9p", "tsumogiri": False})
    assert session.accepted[-1]["pai"] == "9p"
    before = list(session.accepted)
    session._apply({"type": LATE_KAN, "actor": 1, "nth": 3, "kan": {**KAN, "actor": 1}})
    assert session.accepted == before
    assert any("cannot take it there" in w for w in session.warnings)


def test_a_kan_dora_read_after_the_kans_discard_goes_in_right_after_the_kan() -> None:
    # Seed 4801, blue felt and wood felt, green backs: seat 0's kan dora, read while a cell cut between it and
    # the first indicator was refused, was counted only after seat 0's discard and two more.
    table = _start()
    for seat in range(2):
        table.discard(seat, 0, 27 + seat)
    table.step(_kan(table, 2))
    table.discard(2, 0, 12)  # the replacement draw's discard, 5m
    table.discard(3, 0, 33)
    assert "dora" not in [e["type"] for e in table.events]
    table.step([table.put(0, 0, 0, 15)])
    assert table.events[-1] == {"type": LATE_DORA, "dora_marker": "7p"}


def test_a_cell_cut_between_the_first_indicator_and_the_kan_dora_is_no_indicator() -> None:
    # Seed 4801 again: the dead wall cut with a cell over half of the 5s indicator and half of the 4s beside
    # it, 13-14 mm from the 5s, read 6s; counted as the kan dora, the 4s was never read as one.
    table = _start()
    for seat in range(2):
        table.discard(seat, 0, 27 + seat)
    table.step(_kan(table, 2))
    between = table.put(0, -27 + 14, 0, 23)  # 6s
    table.step([between])
    assert "dora" not in [e["type"] for e in table.events]
    table.take(between)
    table.step([table.put(0, 0, 0, 21)], [between])  # the 4s, a stack along
    assert table.events[-1] == {"type": "dora", "dora_marker": "4s"}


def test_the_session_puts_a_late_kan_dora_in_before_the_replacement_draw() -> None:
    from riichi_table.assistant import LiveSession

    session = LiveSession("wrc", namer="templates")
    for event in _record()[1:6]:  # seats 0 and 1 draw and discard
        session._apply(event)
    for event in (
        {"type": "tsumo", "actor": 2, "pai": "?"},
        KAN,
        {"type": "tsumo", "actor": 2, "pai": "?"},
        {"type": "dahai", "actor": 2, "pai": "5m", "tsumogiri": False},
        {"type": "tsumo", "actor": 3, "pai": "?"},
        {"type": "dahai", "actor": 3, "pai": "C", "tsumogiri": False},
    ):
        session._apply(event)
    session._apply({"type": LATE_DORA, "dora_marker": "7m"})
    at = session.accepted.index(KAN)
    assert session.accepted[at + 1 : at + 3] == [
        {"type": "dora", "dora_marker": "7m"},
        {"type": "tsumo", "actor": 2, "pai": "?"},
    ], session.warnings
    assert session.accepted[-1]["pai"] == "C"
    assert any("put in after the kan" in w for w in session.warnings)


def test_a_pon_laid_against_a_concealed_kan_is_read_apart_from_it() -> None:
    # Seed 2767, every hard cell: seat 3's pon of seat 0's white dragon laid touching its concealed kan of
    # 8p made one group of seven readings, no meld's shape; the pon was never read and the turns shifted.
    table = _start()
    for seat in range(3):
        table.discard(seat, 0, 27 + seat)
    table.step(_kan(table, 3))
    table.discard(3, 0, 30)  # the replacement draw's discard
    haku = table.discard(0, 1, 31)
    table.take(haku)
    for i in range(3):  # seat 3's pon, its sideways tile on the right, against the kan: from shimocha
        table.put(3, 300 - 3 * 29 + i * 27 + (5 if i == 2 else 0), GEO.hand_v, 31, sideways=(i == 2))
    table.step([], [haku])
    pon = [e for e in table.events if e["type"] == "pon"]
    assert pon == [{"type": "pon", "actor": 3, "target": 0, "pai": "P", "consumed": ["P", "P"]}]


def test_the_session_puts_a_late_kans_indicator_in_with_it() -> None:
    from riichi_table.assistant import LiveSession

    session = LiveSession("wrc", namer="templates")
    for event in _record()[1:]:
        session._apply(event)
    session._apply({"type": LATE_KAN, "actor": 2, "nth": 0, "kan": KAN, "dora_marker": "7m"})
    at = session.accepted.index(KAN)
    assert session.accepted[at + 1] == {"type": "dora", "dora_marker": "7m"}, session.warnings
    assert [e["type"] for e in session.accepted].count("dora") == 1

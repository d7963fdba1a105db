"""A discard read late (an arm over its pond) does not shift the seat's later turns: the turn order is kept
with a guess, and when the tile is seen at last it is put in its place in the record, through the engine.

Reader side: TableReader fed stable tracks by hand (as the tracker would); record side:
riichi_table/assistant/reconcile.py on a real engine record; the session: LiveSession fed the reader's
private event. The whole clip (a pond hidden for five seconds) is tests/live/test_hard_conditions.py.
"""

from __future__ import annotations

from riichi_table.vision.live_events import LATE_DAHAI, STUCK_FRAMES

from tests.live.mjai_records import opening
from tests.live.test_live_events import GEO, _start


def _hidden_turn(table) -> None:
    """Seat 0 discards; seat 1's discard lies under an arm; seats 2 and 3 discard meanwhile."""
    table.discard(0, 0, 27)
    _seat_1_hidden(table, 0)


def _seat_1_hidden(table, spot: int) -> None:
    """Seat 1's discard at `spot` lies under an arm; seats 2 and 3 discard at theirs meanwhile."""
    table.discard(2, spot, 28)
    table.discard(3, spot, 29)
    for _ in range(STUCK_FRAMES + 2):
        table.step()


def test_a_discard_not_seen_in_its_turn_is_guessed_and_the_later_turns_keep_their_seats() -> None:
    table = _start()
    _hidden_turn(table)
    dahai = [(e["actor"], e["pai"]) for e in table.events if e["type"] == "dahai"]
    assert [a for a, _ in dahai] == [0, 1, 2, 3]
    assert dahai[0][1] == "E" and dahai[2][1] == "S" and dahai[3][1] == "W"
    assert any("filled in as a guess" in w for w in table.reader.warnings)


def test_the_late_tile_seen_at_last_says_which_of_the_seats_discards_it_was() -> None:
    table = _start()
    _hidden_turn(table)
    table.discard(0, 1, 30)  # seat 0's next discard
    late = table.discard(1, 0, 8)  # the arm leaves: seat 1's first discard (9m) shows
    events = table.step()
    fixes = [e for e in table.events if e["type"] == LATE_DAHAI]
    assert fixes == [{"type": LATE_DAHAI, "actor": 1, "nth": 0, "pai": "9m"}], (events, table.events)
    # Its next own discard (its turn now, after seat 0's second) is a new one, in turn.
    table.discard(1, 1, 0)
    assert [(e["actor"], e["pai"]) for e in table.events if e["type"] == "dahai"][-1] == (1, "1m")
    assert late.id in table.reader.hand.ponds[1]


def test_a_tile_beyond_the_guessed_spot_waits_for_the_guessed_tile_and_each_keeps_its_turn() -> None:
    table = _start()
    _hidden_turn(table)  # seat 1's first discard guessed
    table.discard(0, 1, 30)
    # Seat 1's turn again: its second discard counts before its first (still under the arm's shadow) does.
    table.discard(1, 1, 0)
    assert not [e for e in table.events if e["type"] == LATE_DAHAI]
    table.step()
    first = table.discard(1, 0, 8)  # a few frames later the first shows, at the spot before it
    late = [e for e in table.events if e["type"] == LATE_DAHAI]
    assert late == [{"type": LATE_DAHAI, "actor": 1, "nth": 0, "pai": "9m"}]
    table.step()
    dahai = [(e["actor"], e["pai"]) for e in table.events if e["type"] == "dahai"]
    assert dahai[-1] == (1, "1m")  # the second discard, in its own turn
    assert first.id in table.reader.hand.ponds[1]


def test_a_tile_beyond_the_guessed_spot_is_read_as_before_when_nothing_shows_before_it() -> None:
    from riichi_table.vision.pond_turns import EARLIER_SPOT_FRAMES

    table = _start()
    _hidden_turn(table)
    table.discard(0, 1, 30)
    table.discard(1, 1, 0)
    for _ in range(EARLIER_SPOT_FRAMES):
        table.step()
    assert [e for e in table.events if e["type"] == LATE_DAHAI] == [
        {"type": LATE_DAHAI, "actor": 1, "nth": 0, "pai": "1m"}
    ]


def _record(guess: str) -> list[dict]:
    out = opening()
    for seat, pai in ((0, "E"), (1, guess), (2, "S"), (3, "W"), (0, "N")):
        out += [{"type": "tsumo", "actor": seat, "pai": "?"}, {"type": "dahai", "actor": seat, "pai": pai}]
    return out


def test_the_record_gets_the_late_tile_in_its_place_through_a_fresh_engine() -> None:
    from riichi_table.engine.game import Game
    from riichi_table.engine.tiles import parse_tile

    from riichi_table.assistant.reconcile import place_late_discard

    record = _record("2m")
    before = [dict(e) for e in record]
    placed = place_late_discard("wrc", record, actor=1, nth=0, pai="9m")
    assert placed is not None
    game, fixed, guessed = placed.game, placed.record, placed.replaced
    assert guessed == "2m"
    assert [e["pai"] for e in fixed if e["type"] == "dahai"] == ["E", "9m", "S", "W", "N"]
    assert record == before  # the caller's record is not changed
    assert isinstance(game, Game) and game.round is not None
    # The engine's own pond of seat 1 holds the real tile (furiten and waits follow it).
    assert [str(k.tile) for k in game.round.seats[1].kawa] == [str(parse_tile("9m"))]


def test_a_late_tile_for_a_discard_the_record_does_not_have_is_refused() -> None:
    from riichi_table.assistant.reconcile import place_late_discard

    assert place_late_discard("wrc", _record("2m"), actor=1, nth=3, pai="9m") is None


def test_the_session_puts_a_late_discard_in_its_place_and_says_so() -> None:
    from riichi_table.assistant import LiveSession

    session = LiveSession("wrc", namer="templates")
    record = _record("2m")
    for event in record[1:]:
        session._apply(event)
    assert [e["pai"] for e in session.events() if e["type"] == "dahai"][1] == "2m"
    session._apply({"type": LATE_DAHAI, "actor": 1, "nth": 0, "pai": "9m"})
    assert [e["pai"] for e in session.events() if e["type"] == "dahai"] == ["E", "9m", "S", "W", "N"]
    assert any("read late: 9m (not 2m)" in w for w in session.state()["warnings"])
    # The engine took the fixed record: the next discard in turn is accepted.
    session._apply({"type": "tsumo", "actor": 1, "pai": "?"})
    session._apply({"type": "dahai", "actor": 1, "pai": "1p"})
    assert session.events()[-1]["pai"] == "1p"


def test_a_call_read_at_a_riichi_players_hand_row_is_left_out() -> None:
    table = _start()
    table.discard(0, 0, 27, sideways=True)  # seat 0 declares riichi
    table.discard(1, 0, 28)
    # Three tiles, one sideways, appear in seat 0's hand row: a riichi hand cannot call (seed 002 3.3.14).
    right = GEO.meld_u_right
    tiles = [
        table.put(0, right - 80, GEO.hand_v, 28),
        table.put(0, right - 50, GEO.hand_v, 28, sideways=True),
        table.put(0, right - 15, GEO.hand_v, 28),
    ]
    events = table.step(tiles)
    for _ in range(3):
        events += table.step()
    assert not [e for e in events if e["type"] in ("pon", "chi", "daiminkan")], events
    assert sum("is in riichi" in w for w in table.reader.warnings) == 1


def test_a_call_left_out_for_a_riichi_taken_back_is_read_once_the_riichi_goes() -> None:
    # Seed 5519, white cloth, blue backs, 40 degrees: seat 1's blank white dragon, read late and sideways,
    # made a riichi; seat 1's pon of seat 3's S was left out, and the riichi was taken back six frames later
    # (its tile read upright since). The pon is read then, before the next discard.
    from tests.live.test_live_events import GEO

    table = _start()
    table.discard(0, 0, 27)
    false_riichi = table.discard(1, 0, 31, sideways=True)  # the blank P, read sideways
    table.discard(2, 0, 30)
    table.discard(3, 0, 28)  # S
    right = GEO.meld_u_right
    tiles = [  # the called tile sideways in the middle: from the seat across, seat 3
        table.put(1, right - 80, GEO.hand_v, 28),
        table.put(1, right - 50, GEO.hand_v, 28, sideways=True),
        table.put(1, right - 15, GEO.hand_v, 28),
    ]
    events = table.step(tiles)
    assert not [e for e in events if e["type"] == "pon"]
    assert sum("is in riichi" in w for w in table.reader.warnings) == 1
    # Read upright from then on: the riichi is taken back, and the pon read.
    false_riichi.sideways, false_riichi.hits, false_riichi.turns = False, 60, 10
    events = table.step() + table.step()
    assert [e["type"] for e in events][:2] == ["_moved_riichi", "pon"]
    pon = next(e for e in events if e["type"] == "pon")
    assert (pon["actor"], pon["target"], pon["pai"]) == (1, 3, "S")


def test_after_the_engine_refuses_a_reading_the_reader_follows_the_engines_turn() -> None:
    from riichi_table.assistant import LiveSession

    session = LiveSession("wrc", namer="templates")
    for event in _record("2m")[1:]:
        session._apply(event)
    session.table.hand.phase = "playing"
    # Seat 0 discarded last: seat 1 draws next. A kakan read at seat 3 (a stick against its pon, say) is
    # refused by the engine; the reader, which took it as seat 3's turn, follows the engine again.
    session.table.hand.next_seat = 3
    session._apply({"type": "kakan", "actor": 3, "pai": "1z", "consumed": ["1z", "1z", "1z"]})
    assert any(w.startswith("kakan:") for w in session.warnings)
    assert session.table.hand.next_seat == 1
    assert session.table.hand.just_called is None


# --- a late riichi discard (the tile laid sideways) ------------------------------------------------------


def test_a_late_tile_laid_sideways_says_it_was_a_riichi_discard() -> None:
    table = _start()
    _hidden_turn(table)
    table.discard(0, 1, 30)
    table.discard(1, 0, 8, sideways=True)  # the arm leaves: seat 1's first discard lies sideways
    table.step()
    fixes = [e for e in table.events if e["type"] == LATE_DAHAI]
    assert fixes == [{"type": LATE_DAHAI, "actor": 1, "nth": 0, "pai": "9m", "riichi": True}]
    assert 1 in table.reader.hand.riichi  # its hand row is read as a riichi hand's from now on


def test_the_record_gets_the_riichi_with_the_late_tile_and_the_engine_takes_the_stick() -> None:
    from riichi_table.assistant.reconcile import place_late_discard

    placed = place_late_discard("wrc", _record("2m"), actor=1, nth=0, pai="9m", riichi=True)
    assert placed is not None
    kinds = [(e["type"], e.get("actor")) for e in placed.record[4:8]]
    # seed 002 3.3.14: the declaration, the discard laid sideways, the stick accepted when nobody rons
    assert kinds == [("tsumo", 1), ("reach", 1), ("dahai", 1), ("reach_accepted", 1)]
    game = placed.game
    seat = game.round.seats[1]
    assert seat.riichi and seat.riichi_accepted and seat.kawa[0].riichi
    assert game.sticks == 1 and game.scores[1] == game.scores[0] - 1000


def test_a_late_riichi_is_not_put_in_where_the_seat_called_afterwards() -> None:
    from riichi_table.assistant.reconcile import place_late_discard

    record = _record("2m")
    # Seat 1 pons seat 0's N after its (hidden) first discard: a riichi there cannot be (seed 002 3.3.14).
    record += [
        {"type": "pon", "actor": 1, "target": 0, "pai": "N", "consumed": ["N", "N"]},
        {"type": "dahai", "actor": 1, "pai": "1p", "tsumogiri": False},
    ]
    assert place_late_discard("wrc", record, actor=1, nth=0, pai="9m") is not None
    assert place_late_discard("wrc", record, actor=1, nth=0, pai="9m", riichi=True) is None


def test_a_late_tile_cut_sideways_after_its_seat_called_is_no_riichi_discard() -> None:
    # Seed 9871, white cloth, blue backs, 40 degrees, photographed faces: seat 1's red dragon, unseen in its
    # turn (guessed), was first cut sideways when it showed, after seat 1 had called a pon. A riichi there
    # cannot be (seed 002 3.3.14: no call after riichi, none before it on a concealed hand); the record
    # refused the late tile as a riichi and kept the guess.
    table = _start()
    _hidden_turn(table)
    table.discard(0, 1, 30)  # seat 0's N, called by seat 1
    taken = table.tracks[max(table.tracks)]
    table.take(taken)
    for i, side in enumerate([True, False, False]):  # from kamicha, seat 0: the sideways tile left
        table.put(1, 330 + i * 30, GEO.hand_v, 30, sideways=side)
    table.step([], [taken])
    assert [e["type"] for e in table.events if e["type"] == "pon"] == ["pon"]
    table.discard(1, 1, 9)  # the caller's discard, in the spot beyond the unseen one
    table.discard(1, 0, 33, sideways=True)  # the unseen discard shows at last, cut sideways
    table.step()
    fixes = [e for e in table.events if e["type"] == LATE_DAHAI]
    assert fixes == [{"type": LATE_DAHAI, "actor": 1, "nth": 0, "pai": "C"}], table.events
    assert 1 not in table.reader.hand.riichi


def test_the_session_carries_a_late_riichi_and_the_players_hand_is_fixed_afterwards() -> None:
    from riichi_table.assistant import LiveSession

    session = LiveSession("wrc", namer="templates")
    for event in _record("2m")[1:]:
        session._apply(event)
    session._apply({"type": LATE_DAHAI, "actor": 1, "nth": 0, "pai": "9m", "riichi": True})
    state = session.state()
    assert state["seats"][1]["riichi"] is True
    assert state["round"]["kyotaku"] == 1
    assert state["seats"][1]["score"] == state["seats"][0]["score"] - 1000
    assert any("read late: 9m, a riichi, (not 2m)" in w for w in state["warnings"])
    # The riichi hand is fixed: a pon read at seat 1 is refused by the engine and kept out of the record.
    before = len(session.events())
    session._apply({"type": "pon", "actor": 1, "target": 0, "pai": "N", "consumed": ["N", "N"]})
    assert len(session.events()) == before
    assert any(w.startswith("pon:") and "riichi" in w for w in session.warnings)


def test_on_white_cloth_a_discard_nobody_saw_is_guessed_a_white_dragon() -> None:
    table = _start()
    table.reader.pale_felt = True  # the blank face is the one tile as white as the cloth
    _hidden_turn(table)
    dahai = [(e["actor"], e["pai"]) for e in table.events if e["type"] == "dahai"]
    assert dahai[1] == (1, "P")
    plain = _start()
    _hidden_turn(plain)
    assert [(e["actor"], e["pai"]) for e in plain.events if e["type"] == "dahai"][1] != (1, "P")


def test_on_white_cloth_a_tile_beyond_the_guessed_spot_is_this_turns_discard_when_nothing_shows_before_it():
    from riichi_table.vision.pond_turns import EARLIER_SPOT_FRAMES

    table = _start()
    table.reader.pale_felt = True
    _hidden_turn(table)  # seat 1's first discard guessed: a white dragon unseen in its spot
    table.discard(0, 1, 30)
    table.discard(1, 1, 0)
    for _ in range(EARLIER_SPOT_FRAMES):
        table.step()
    assert not [e for e in table.events if e["type"] == LATE_DAHAI]
    dahai = [(e["actor"], e["pai"]) for e in table.events if e["type"] == "dahai"]
    assert dahai[1] == (1, "P") and dahai[-1] == (1, "1m")
    # Seen at last in the spot before, the guessed tile is put in its place at the seat's next turn.
    table.discard(2, 1, 31)
    table.discard(3, 1, 32)
    table.discard(0, 2, 33)
    table.discard(1, 0, 8)
    assert [e for e in table.events if e["type"] == LATE_DAHAI] == [
        {"type": LATE_DAHAI, "actor": 1, "nth": 0, "pai": "9m"}
    ]


def test_on_white_cloth_a_tile_a_spot_beyond_an_empty_one_after_the_other_seats_played_is_a_later_turns():
    from riichi_table.vision.pond_turns import EARLIER_SPOT_FRAMES

    table = _start()
    table.reader.pale_felt = True
    table.discard(0, 0, 27)
    # Seat 1's white dragon lies unseen in its first spot; the others play on before it is missed.
    table.discard(2, 0, 28)
    table.discard(3, 0, 29)
    table.discard(0, 1, 30)
    table.discard(1, 1, 0)  # seat 1's next discard, a spot beyond the empty one
    for _ in range(EARLIER_SPOT_FRAMES):
        table.step()
    dahai = [(e["actor"], e["pai"]) for e in table.events if e["type"] == "dahai"]
    assert dahai == [(0, "E"), (1, "P"), (2, "S"), (3, "W"), (0, "N"), (1, "1m")]
    assert any("white dragon" in w for w in table.reader.warnings)


def test_on_white_cloth_a_guess_never_makes_a_fifth_white_dragon() -> None:
    table = _start()
    table.reader.pale_felt = True
    for spot in range(3):  # three white dragons of seat 0's in view, a fourth guessed for seat 1
        table.discard(0, spot, 31)
        if spot < 2:
            for seat in (1, 2, 3):
                table.discard(seat, spot, 27 + seat)
    _seat_1_hidden(table, 2)
    table.discard(0, 3, 30)
    _seat_1_hidden(table, 3)  # seat 1's next discard unseen too: no fifth white dragon
    guesses = [e["pai"] for e in table.events if e["type"] == "dahai" and e["actor"] == 1][-2:]
    assert guesses[0] == "P" and guesses[1] != "P"


def test_a_late_tile_lying_after_a_discard_read_at_its_turn_takes_no_guessed_place_before_that_ones():
    # Seed 5237, white cloth, 40 degrees: seat 1's 2p (a guess) lay unseen, its E was read at its turn a spot
    # beyond, its next discard was guessed too, and the 9p read late after the E took the 2p's place.
    from riichi_table.vision.pond_turns import EARLIER_SPOT_FRAMES

    table = _start()
    table.reader.pale_felt = True
    _hidden_turn(table)  # seat 1's first discard guessed, nothing in its spot
    table.discard(0, 1, 30)
    table.discard(1, 1, 0)  # its second, read at its turn a spot beyond
    for _ in range(EARLIER_SPOT_FRAMES):
        table.step()
    table.discard(2, 1, 9)
    table.discard(3, 1, 10)
    table.discard(0, 2, 31)
    _seat_1_hidden(table, 2)  # its third guessed: nothing in its spot yet
    assert table.reader.hand.phantom_nth[1] == [0, 2]
    table.discard(0, 3, 32)
    table.discard(1, 2, 8)  # the 9m in the third spot, after the 1m
    for _ in range(EARLIER_SPOT_FRAMES):
        table.step()
    late = [(e["actor"], e["nth"], e["pai"]) for e in table.events if e["type"] == LATE_DAHAI]
    assert late == [(1, 2, "9m")], table.events
    assert table.reader.hand.phantom_nth[1] == [0]


def test_a_guessed_discard_shown_just_before_a_win_is_read_takes_its_place_before_the_win():
    # Seed 7547, white cloth, blue backs, 40 degrees: seat 2's white dragon, guessed, showed two frames before
    # seat 1's ron was read; put in at the seat's next turn, which never came, the guess stayed in the record.
    from tests.live.test_live_events import _lay_open_a_win_with_9m_apart

    table = _start()
    _hidden_turn(table)  # seat 1's first discard guessed
    table.step([table.put(1, -2.5 * 29, GEO.pond_v0, 33)])  # its C shows at last, seat 0 on turn
    _lay_open_a_win_with_9m_apart(table, 0)  # seat 0's tsumo
    types = [e["type"] for e in table.events]
    assert "hora" in types and LATE_DAHAI in types
    late = table.events[types.index(LATE_DAHAI)]
    assert (late["actor"], late["nth"], late["pai"]) == (1, 0, "C")
    assert types.index(LATE_DAHAI) < types.index("hora")


def test_a_discard_waiting_for_a_guessed_spot_goes_in_before_a_win_read_meanwhile():
    # Seed 7683, white cloth, blue backs, 40 degrees: seat 2's E lay a spot beyond its guessed discard and
    # waited for that spot's tile; seat 1's ron on seat 3's 3m, laid open at once, was read first and taken
    # as a ron on seat 2 (the seat on turn), the E never recorded.
    table = _start()
    table.reader.pale_felt = True
    _hidden_turn(table)  # seat 1's first discard guessed: a white dragon unseen in its spot
    table.discard(0, 1, 30)
    # Seat 3 lays open 123m 123p 123s 456m 9m and the 9m it won on, seat 2's, taken before it was seen.
    for i, kind in enumerate([0, 1, 2, 9, 10, 11, 18, 19, 20, 3, 4, 5, 8]):
        table.put(3, GEO.hand_u0 + i * 28.5, GEO.hand_v, kind)
    table.put(3, GEO.hand_u0 + 13 * 28.5 + 12, GEO.hand_v, 8)
    table.step()
    table.discard(1, 1, 0)  # seat 1's 1m, a spot beyond its guessed one, seen as the win settles
    for _ in range(10):
        table.step()
    hora = next(e for e in table.events if e["type"] == "hora")
    assert (hora["actor"], hora["target"], hora["pai"]) == (3, 2, "9m")
    dahai = [(e["actor"], e["pai"]) for e in table.events if e["type"] == "dahai"]
    assert dahai[-2:] == [(1, "1m"), (2, "9m")]

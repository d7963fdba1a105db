"""A discard named another kind once it has been read often (vision/discard_reread.py): seed 881, white cloth,
black backs, 37 degrees, seat 0's 7p counted as a 6p from three readings and named 7p in the rest. The record
gets the kind most readings give, and the game replays it so (riichi_table/assistant/reconcile.py)."""

from __future__ import annotations

import numpy as np
from riichi_table.vision.discard_reread import REREAD_DAHAI, reread_discards, reread_fifth_copies
from riichi_table.vision.hand_state import HandState
from riichi_table.vision.track import Track

from tests.live.mjai_records import opening

SIX_P, SEVEN_P = 14, 15


def _pond_tile(tid: int, votes: dict[int, float], hits: int) -> Track:
    v = np.zeros(38)
    for kind, n in votes.items():
        v[kind] = n
    return Track(tid, 0.0, 0.0, 0, "pond", -72 + 29 * tid, 164.0, False, False, v, hits=hits, stable=True)


def _hand(pond: list[Track], recorded: list[int]) -> HandState:
    h = HandState(phase="playing")
    h.ponds[0] = [t.id for t in pond]
    for n, (t, kind) in enumerate(zip(pond, recorded, strict=True)):
        h.discard_nth[t.id] = n
        h.discard_kind[t.id] = kind
        h.places[t.id] = (t.u, t.v)
    return h


def test_a_discard_named_another_kind_in_most_of_many_readings_is_recorded_again() -> None:
    pond = [_pond_tile(0, {3: 40.0}, 40), _pond_tile(1, {SIX_P: 3.0, SEVEN_P: 57.0}, 60)]
    h = _hand(pond, [3, SIX_P])
    h.discard_votes[1] = _pond_tile(1, {SIX_P: 3.0}, 3).votes  # it counted from three readings of a 6p
    h.last_discard = (0, 1, SIX_P)
    tracks = {t.id: t for t in pond}
    assert reread_discards(h, tracks) == [{"type": REREAD_DAHAI, "actor": 0, "nth": 1, "pai": "7p"}]
    assert h.discard_kind[1] == SEVEN_P and h.last_discard == (0, 1, SEVEN_P)  # a call takes the 7p
    assert reread_discards(h, tracks) == []  # said once


def test_a_discard_read_seldom_or_with_its_readings_split_is_left_as_recorded() -> None:
    seldom = _pond_tile(0, {SEVEN_P: 12.0}, 12)  # another kind so far, but read only a dozen times
    split = _pond_tile(1, {SIX_P: 25.0, SEVEN_P: 35.0}, 60)  # most say 7p, but not four in five
    h = _hand([seldom, split], [SIX_P, SIX_P])
    assert reread_discards(h, {0: seldom, 1: split}) == []


def test_a_tile_found_where_a_discard_lay_is_not_asked() -> None:
    # The discard's track is gone (called, or lost in a camera bump): one at its place may be another tile.
    h = _hand([_pond_tile(0, {SIX_P: 3.0}, 3)], [SIX_P])
    other = _pond_tile(7, {SEVEN_P: 60.0}, 60)
    other.u = -72.0
    assert reread_discards(h, {7: other}) == []


def _record() -> list[dict]:
    out = opening()
    for seat, pai in [(0, "E"), (1, "9p"), (2, "S"), (3, "W"), (0, "6p"), (1, "8p")]:
        out += [{"type": "tsumo", "actor": seat, "pai": "?"}, {"type": "dahai", "actor": seat, "pai": pai}]
    return out


def test_the_session_records_the_discard_again_and_says_so() -> None:
    from riichi_table.assistant import LiveSession

    session = LiveSession("wrc", namer="templates")
    for event in _record()[1:]:
        session._apply(event)
    session._apply({"type": REREAD_DAHAI, "actor": 0, "nth": 1, "pai": "7p"})
    seat_0 = [e["pai"] for e in session.accepted if e["type"] == "dahai" and e["actor"] == 0]
    assert seat_0 == ["E", "7p"] and len(session.game.round.seats[0].kawa) == 2
    assert any("was read 6p at first and 7p since" in w for w in session.warnings)
    # A discard the record does not hold: nothing changes but a warning.
    before = list(session.accepted)
    session._apply({"type": REREAD_DAHAI, "actor": 2, "nth": 5, "pai": "7p"})
    assert session.accepted == before
    assert any("the record cannot take it" in w for w in session.warnings)


def test_a_discard_read_as_its_kind_for_a_while_after_it_counted_is_not_recorded_again() -> None:
    # Another tile at its place on the same track: the 8m, called unseen, and the 5s laid where it lay.
    eight_m, five_s = 7, 22
    track = _pond_tile(0, {eight_m: 15.0, five_s: 60.0}, 75)
    h = _hand([track], [eight_m])
    h.discard_votes[0] = _pond_tile(0, {eight_m: 3.0}, 3).votes
    assert reread_discards(h, {0: track}) == []


def test_a_discard_counted_on_split_readings_is_judged_on_the_readings_since() -> None:
    # Seed 1357, 44 degrees: seat 0's sideways 4p counted as a 2p from readings split 3.8 to 2.0; by the
    # hand's end 20.3 to 7.5 (0.7 of all the votes), four in five of them 4p since it counted.
    two_p, four_p = 10, 12
    track = _pond_tile(0, {two_p: 7.54, four_p: 20.28}, 29)
    h = _hand([track], [two_p])
    h.discard_votes[0] = _pond_tile(0, {two_p: 3.8, four_p: 2.03}, 6).votes
    assert reread_discards(h, {0: track}) == [{"type": REREAD_DAHAI, "actor": 0, "nth": 0, "pai": "4p"}]

    # Counted on clear readings of a 2p, the same votes since are not enough (a tile laid at its place).
    clear = _pond_tile(0, {two_p: 7.54, four_p: 20.28}, 29)
    h = _hand([clear], [two_p])
    h.discard_votes[0] = _pond_tile(0, {two_p: 5.8}, 6).votes
    assert reread_discards(h, {0: clear}) == []

    # Split at its count, and still split since: left as recorded.
    still = _pond_tile(0, {two_p: 10.0, four_p: 14.0}, 29)
    h = _hand([still], [two_p])
    h.discard_votes[0] = _pond_tile(0, {two_p: 3.8, four_p: 2.03}, 6).votes
    assert reread_discards(h, {0: still}) == []


def test_a_discard_counted_on_a_coin_flip_and_read_two_to_one_another_kind_since_is_recorded_again() -> None:
    # Seed 402, white cloth, blue backs, 40 degrees: seat 0's riichi 2s counted as a 4s, 4.8 votes to 4.7;
    # by the hand's end 2s 48, 4s 23, 3s 8.5 (0.61 of the votes since for the 2s).
    two_s, three_s, four_s = 19, 20, 21
    at_count = _pond_tile(0, {four_s: 4.78, two_s: 4.68, three_s: 0.43}, 13).votes
    for hits, (two, four), again in (
        (159, (48.0, 23.4), True),
        (39, (18.0, 8.0), False),
        (159, (40.0, 23.4), False),
    ):
        track = _pond_tile(0, {two_s: two, four_s: four, three_s: 8.5}, hits)
        h = _hand([track], [four_s])
        h.discard_votes[0] = at_count
        expected = [{"type": REREAD_DAHAI, "actor": 0, "nth": 0, "pai": "2s"}] if again else []
        assert reread_discards(h, {0: track}) == expected


EIGHT_P, NINE_P = 16, 17


def _laid_open(kind: int, n: int, first_id: int = 100) -> list[Track]:
    """`n` tiles of `kind` read clearly in seat 0's hand row (a hand laid open)."""
    tiles = []
    for i in range(n):
        v = np.zeros(38)
        v[kind] = 30.0
        tiles.append(
            Track(first_id + i, 0.0, 0.0, 0, "hand", -142 + 28.5 * i, 360.0, False, False, v, 30, True)
        )
    return tiles


def _nine_p_counted_as_an_eight_p() -> tuple[Track, Track]:
    # Seed 1013, blue felt, 37 degrees: seat 2's 9p counted as an 8p from readings split 0.6 / 0.5 / 0.5
    # (8p, 7p, 9p), read 9p in 64 % of its readings since, 8p in 35 %: under the other rule's shares.
    eight = _pond_tile(0, {EIGHT_P: 40.0}, 40)  # seat 3's own 8p, here in seat 0's pond for brevity
    nine = _pond_tile(1, {EIGHT_P: 36.6, NINE_P: 66.3, 13: 10.7}, 137)
    return eight, nine


def test_a_discard_whose_kind_the_table_shows_four_more_times_is_recorded_as_its_reading_now() -> None:
    eight, nine = _nine_p_counted_as_an_eight_p()
    h = _hand([eight, nine], [EIGHT_P, EIGHT_P])
    h.discard_votes[1] = _pond_tile(1, {EIGHT_P: 0.6, 14: 0.5, NINE_P: 0.5}, 3).votes
    tracks = {t.id: t for t in [eight, nine]}
    assert reread_discards(h, tracks) == []  # split since it counted: the other rule leaves it
    assert reread_fifth_copies(h, tracks) == []  # two 8p recorded, none shown: no fifth copy yet
    tracks |= {t.id: t for t in _laid_open(EIGHT_P, 3)}  # the exhaustive draw: three 8p laid open
    assert reread_fifth_copies(h, tracks) == [{"type": REREAD_DAHAI, "actor": 0, "nth": 1, "pai": "9p"}]
    assert h.discard_kind[1] == NINE_P
    assert reread_fifth_copies(h, tracks) == []  # said once


def test_a_fifth_copy_is_not_cured_with_a_discard_read_as_its_recorded_kind_nor_into_another_fifth() -> None:
    eight, nine = _nine_p_counted_as_an_eight_p()
    h = _hand([eight, nine], [EIGHT_P, EIGHT_P])
    # A standing hand's tops read as 8p count no copies.
    tops = {t.id: t for t in _laid_open(EIGHT_P, 3)}
    tracks = {t.id: t for t in [eight, nine]} | tops
    assert reread_fifth_copies(h, tracks, standing=lambda t: t.area == "hand") == []
    # Four 9p shown already: the 9p reading would be a fifth in turn.
    nines = {t.id: t for t in _laid_open(NINE_P, 4, first_id=200)}
    assert reread_fifth_copies(h, tracks | nines) == []
    # Both discards read 8p now: which of the five is wrong is not the discards' to say.
    nine.votes[NINE_P] = 0.0
    assert reread_fifth_copies(h, tracks) == []


ONE_M, TWO_M, FOUR_M = 0, 1, 3


def test_a_discard_a_copies_rule_named_is_asked_once_its_readings_name_another_kind_most() -> None:
    # Fresh seed 10415, wood felt, yellow backs, 40 degrees, light 0.55: seat 3's 2m counted from readings
    # naming 1m, a fifth 1m, so a rule gave it the 4m; upright from then on, it was read 2m.
    t = _pond_tile(0, {ONE_M: 2.4, FOUR_M: 0.8}, 7)
    t.forced, t.forced_from = FOUR_M, ONE_M
    h = _hand([t], [FOUR_M])
    h.discard_votes[0] = t.votes.copy()
    assert t.rule_holds and reread_discards(h, {0: t}) == []  # the rule holds: its kind is the rule's
    t.votes = _pond_tile(0, {TWO_M: 8.8, ONE_M: 0.3}, 0).votes  # its votes, zeroed when it turned upright
    t.hits = 56
    assert not t.rule_holds
    assert reread_discards(h, {0: t}) == [{"type": REREAD_DAHAI, "actor": 0, "nth": 0, "pai": "2m"}]

"""A hand's first dora indicator named on split readings, and another kind in almost every reading since, is
named again (vision/indicator_reread.py): fresh seed 10415, white cloth, blue backs, 40 degrees, photographed
faces, the 2m on the wall gave 3m 5.4 votes, 2m 3.6 and 8m 2.0 when the hand started, and 2m most of them
after. The game replays its record with the hand's start changed (riichi_table/assistant/reconcile.py)."""

from __future__ import annotations

import numpy as np
import pytest
from riichi_table.vision.hand_state import HandState
from riichi_table.vision.indicator_reread import REREAD_INDICATOR, reread_indicator
from riichi_table.vision.track import Track

from tests.live.mjai_records import opening

M2, M3, M8 = 1, 2, 7
AT_START = {M3: 5.4, M2: 3.6, M8: 2.0}


def _indicator(votes: dict[int, float], hits: int) -> Track:
    v = np.zeros(38)
    for kind, n in votes.items():
        v[kind] = n
    return Track(5, 0.0, 0.0, 0, "dora", -28.0, 0.0, False, False, v, hits=hits, stable=True)


def _started(at_start: dict[int, float], kind: int) -> HandState:
    h = HandState(phase="playing")
    h.dora, h.dora_u = [5], [-28.0]
    h.dora_kind, h.dora_votes = kind, _indicator(at_start, 16).votes
    return h


def test_an_indicator_named_on_split_readings_and_another_kind_since_is_named_again() -> None:
    h = _started(AT_START, M3)
    since = {M3: AT_START[M3] + 3.0, M2: AT_START[M2] + 25.0, M8: AT_START[M8] + 1.0}
    t = _indicator(since, 45)
    assert reread_indicator(h, {5: t}) == [{"type": REREAD_INDICATOR, "pai": "2m"}]
    assert h.dora_kind == M2
    assert reread_indicator(h, {5: t}) == []  # said once
    t.votes[M3] += 80.0  # and not again, whatever it reads later: it is no longer split
    assert reread_indicator(h, {5: t}) == []


@pytest.mark.parametrize(
    ("at_start", "since"),
    [
        ({M3: 9.0, M2: 1.0}, {M2: 40.0}),  # named surely at the start: never asked again
        (AT_START, {M2: 15.0}),  # too few readings since
        (AT_START, {M2: 20.0, M3: 10.0}),  # the readings since are split too
    ],
    ids=["sure-at-start", "few-since", "split-since"],
)
def test_an_indicator_named_surely_or_read_little_or_split_since_is_left(at_start, since) -> None:
    h = _started(at_start, M3)
    votes = {k: at_start.get(k, 0.0) + since.get(k, 0.0) for k in {*at_start, *since}}
    assert reread_indicator(h, {5: _indicator(votes, 60)}) == []
    assert h.dora_kind == M3


def test_the_session_records_the_hand_start_again_and_says_so() -> None:
    from riichi_table.assistant import LiveSession

    session = LiveSession("wrc", namer="templates")
    record = opening("3m")
    for seat, pai in [(0, "E"), (1, "9p"), (2, "S")]:
        record += [{"type": "tsumo", "actor": seat, "pai": "?"}, {"type": "dahai", "actor": seat, "pai": pai}]
    for event in record[1:]:
        session._apply(event)
    session._apply({"type": REREAD_INDICATOR, "pai": "2m"})
    start = next(e for e in session.accepted if e["type"] == "start_kyoku")
    assert start["dora_marker"] == "2m"
    from riichi_table.engine.events import pai_to_tile

    assert session.game.round.dora_markers == [pai_to_tile("2m")]
    assert len(session.game.round.seats[2].kawa) == 1  # the rest of the record replayed
    assert any("dora indicator was read 3m at first and 2m since" in w for w in session.warnings)

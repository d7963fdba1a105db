"""An ura dora read once or twice, sure, before its track went is put in at a riichi win where no ura dora
is read under its indicator (vision/live_events.py `URA_GLIMPSE_SURE`, `TableReader._ura`).

Seed 9191, white cloth, blue backs, 40 degrees, photographed faces: seat 0's ura dora, a 4p, was read once
at 0.98; the light rose a step the next frame, its pale face was lost on the cloth, and the win was scored
without it. Tracks here are fed by hand, as the tracker would (tests/live/test_live_events.py `Table`).
"""

from __future__ import annotations

import numpy as np
import pytest
from riichi_table.vision.live_events import SETTLE_FRAMES
from riichi_table.vision.track import TrackChanges

from tests.live.test_live_events import GEO, _start, _types


def _glimpsed(table, u: float, votes: dict[int, float]) -> None:
    """A face read once under the dead wall's indicator row at `u`, gone before it counted."""
    t = table.put(0, u, GEO.tile_h, 0)
    table.take(t)
    t.votes = np.zeros_like(t.votes)
    for kind, v in votes.items():
        t.votes[kind] = v
    t.hits, t.stable = 1, False
    table.events += table.reader.update(TrackChanges((), (), dropped=(t,)), list(table.tracks.values()))


def _riichi_tsumo(glimpse_u: float | None, votes: dict[int, float], riichi: bool = True) -> dict:
    table = _start()  # the indicator, a 5m, at u -27
    table.discard(0, 0, 27)
    table.discard(1, 0, 30, sideways=riichi)  # seat 1's riichi
    for seat in (2, 3, 0):
        table.discard(seat, int(seat == 0), 27 + seat)
    if glimpse_u is not None:
        _glimpsed(table, glimpse_u, votes)
    for i, kind in enumerate([0, 1, 2, 9, 10, 11, 18, 19, 20, 3, 4, 5, 8]):
        table.put(1, GEO.hand_u0 + i * 28.5, GEO.hand_v, kind)
    win = table.put(1, GEO.hand_u0 + 13 * 28.5 + 12, GEO.hand_v, 8)
    table.step([win])
    for _ in range(SETTLE_FRAMES + 1):
        table.step()
    assert "hora" in _types(table.events)
    return next(e for e in table.events if e["type"] == "hora")


def test_an_ura_dora_read_once_sure_under_the_indicator_is_put_in_at_a_riichi_win() -> None:
    assert _riichi_tsumo(-27, {12: 0.98, 13: 0.02})["uradora_markers"] == ["4p"]


@pytest.mark.parametrize(
    ("u", "votes"),
    [
        (-27, {12: 0.6, 13: 0.4}),  # read unsure
        (-27 + 2 * 28.0, {12: 0.98, 13: 0.02}),  # under no indicator: two stacks along the dead wall
    ],
)
def test_a_face_read_unsure_or_under_no_indicator_is_no_ura_dora(u: float, votes: dict[int, float]) -> None:
    assert _riichi_tsumo(u, votes)["uradora_markers"] == []


def test_a_win_without_riichi_has_no_ura_dora_whatever_was_glimpsed() -> None:
    assert _riichi_tsumo(-27, {12: 0.98, 13: 0.02}, riichi=False)["uradora_markers"] == []

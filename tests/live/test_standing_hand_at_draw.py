"""At an exhaustive draw only tenpai hands are shown (seed 002 3.4.2): a hand row that reads as it did a few
turns before the live wall ran out, and is no tenpai hand as read or with one second reading, is the seat's
standing hand, not a hand shown (`TableReader._shown`, `vision.shown_tenpai`).

Seed 5237, white cloth, blue backs, 40 degrees: seat 0's thirteen standing tiles show the camera blank ivory
fronts, read P, 8p, 2s and 1p since the hand's first turns; at the draw the row was taken for a hand shown,
the draw scored seat 0 (the dealer) tenpai, the dealer kept the deal and every turn of the next hand was
recorded one seat off."""

from __future__ import annotations

import numpy as np
import pytest
from riichi_table.engine.round_state import LIVE_WALL
from riichi_table.vision.shown_tenpai import could_be_tenpai
from riichi_table.vision.tile_reading import N_CLASSES
from riichi_table.vision.track import Track

from tests.live.test_live_events import GEO, Table, _start, _types

# 1p 1p P P P P 8p 8p 8p 8p 2s 2s 2s, in the row's order as read (kinds: 1p = 9, 8p = 16, 2s = 19, P = 31)
STANDING_READ = [9, 31, 31, 31, 16, 31, 16, 19, 19, 16, 16, 19, 9]
TENPAI = [0, 1, 2, 9, 10, 11, 18, 19, 20, 3, 4, 5, 8]  # 123m 123p 123s 456m 9m: waiting on 9m


def _row(table: Table, kinds: list[int]) -> list[Track]:
    return [table.put(0, GEO.hand_u0 + i * 28.5, GEO.hand_v, k) for i, k in enumerate(kinds)]


def _drawn_out(standing: list[int], laid: list[int] | None) -> Table:
    """Seat 0's hand row reads `standing` from the hand's last turns on; the last three discards empty the
    live wall; then the row is laid anew reading `laid` (None: it stays as it stood); ten frames pass."""
    table = _start()
    row = _row(table, standing)
    table.reader.hand.draws = LIVE_WALL - 3
    table.step()
    for seat in (0, 1, 2):
        table.discard(seat, 0, 27 + seat)
    if laid is not None:
        for t in row:
            table.take(t)
        table.step([], row)
        table.step(_row(table, laid))
    for _ in range(10):
        table.step()
    return table


def _swept(table: Table) -> dict:
    if "ryukyoku" not in _types(table.events):
        gone = list(table.tracks.values())
        table.tracks.clear()
        table.step([], gone)
    return next(e for e in table.events if e["type"] == "ryukyoku")


def test_a_standing_row_read_as_before_the_wall_ran_out_and_no_tenpai_hand_is_no_hand_shown() -> None:
    table = _drawn_out(STANDING_READ, None)
    assert "reveal" not in _types(table.events)
    assert _swept(table)["tenpais"] == [False] * 4
    said = [w for w in table.reader.warnings if "taken for its standing tiles" in w]
    assert len(said) == 1 and said[0].startswith("seat 0's hand row reads 13 tiles"), table.reader.warnings


@pytest.mark.parametrize(
    ("standing", "laid"),
    [
        (STANDING_READ, STANDING_READ),  # laid anew after the last discard: a misread hand shown stays shown
        (TENPAI, None),  # a row that reads tenpai as it stood (a camera that sees the standing faces)
        (STANDING_READ, TENPAI),
    ],
)
def test_a_row_laid_anew_after_the_wall_ran_out_or_reading_tenpai_is_a_hand_shown(
    standing: list[int], laid: list[int] | None
) -> None:
    table = _drawn_out(standing, laid)
    reveal = next(e for e in table.events if e["type"] == "reveal")
    assert reveal["actor"] == 0 and len(reveal["tehai"]) == 13
    assert _swept(table)["tenpais"] == [True, False, False, False]


def _tracks(kinds: list[int], second: dict[int, int] | None = None) -> list[Track]:
    out = []
    for i, k in enumerate(kinds):
        votes = np.zeros(N_CLASSES)
        votes[k] = 5.0
        if second and i in second:
            votes[second[i]] = 2.0
        out.append(Track(i, 0.0, 0.0, 0, "hand", 0.0, 0.0, False, False, votes, hits=5, stable=True))
    return out


def test_a_reading_one_second_reading_from_tenpai_could_be_a_hand_shown() -> None:
    misread = [*TENPAI[:-1], 7]  # the 9m read 8m: 123m 123p 123s 456m 8m is tenpai too (on 8m)
    assert could_be_tenpai(_tracks(misread), 0)
    two_off = [0, 1, 2, 9, 10, 11, 18, 19, 20, 3, 4, 27, 31]  # 123m 123p 123s 45m E P: one tile short
    assert not could_be_tenpai(_tracks(two_off), 0)
    assert could_be_tenpai(_tracks(two_off, second={11: 31}), 0)  # E's second reading P: a P pair, 45m open
    assert not could_be_tenpai(_tracks(STANDING_READ), 0)


def test_a_wait_on_the_fifth_copy_of_a_melded_kind_is_no_tenpai() -> None:
    # seed 002 3.3.13: beside a pon of 1m, a lone 1m waits on a fifth copy
    hand = [0, 10, 11, 12, 13, 14, 15, 24, 25, 26]  # 1m 234p 567p 789s
    assert could_be_tenpai(_tracks(hand), 1)
    assert not could_be_tenpai(_tracks(hand), 1, melded=[0, 0, 0])

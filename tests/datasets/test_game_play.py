"""The seeded bots of datasets/game_play.py judge hands by the preset's shapes."""

from __future__ import annotations

import random

import pytest
from riichi_table.datasets.game_play import _Hand
from riichi_table.engine.game import Game
from riichi_table.engine.tiles import parse_tiles


def _hand(preset: str) -> _Hand:
    game = Game(preset)
    game.apply({"type": "start_game", "names": ["0", "1", "2", "3"]})
    hand = _Hand(random.Random(0), game, game.rules.red_fives)
    hand.hands[0] = parse_tiles("1122m3344p6677s1z")  # seven pairs, waiting on 1z
    return hand


@pytest.mark.parametrize(("preset", "counted"), [("wrc", True), ("beginner", False)])
def test_seven_pairs_is_complete_and_ready_only_where_the_preset_counts_it(
    preset: str, counted: bool
) -> None:
    # 001 yaku table: seven pairs; seed 000 "Complete hand": four sets and a pair only
    hand = _hand(preset)
    assert hand._complete(0, parse_tiles("1z")) is counted
    assert [s.events[-2]["tenpais"][0] for s in hand._exhaustive()] == [counted]

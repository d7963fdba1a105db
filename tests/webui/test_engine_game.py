"""The seam between stored club hands and the engine (webui/engine_game.py): results in, state out.

The web layer computes no points: each stored result is the engine's hand-result JSON (engine/hand_result.py)
and goes through `Game.apply_result`. Expected numbers follow seed 001's points table and seed 002 3.4.2.
"""

from __future__ import annotations

from typing import Any

from riichi_table.webui import engine_game

RON = {"kind": "win", "winners": [{"seat": 1, "han": 3, "fu": 40, "yakuman": 0}], "from": 0, "riichi": [1]}


def test_a_replay_gives_each_hands_changes_and_the_state_after() -> None:
    draw = {"kind": "draw", "tenpai": [False, True, False, False], "riichi": []}
    replay = engine_game.replay("wrc", [RON, draw])
    assert replay.error is None
    assert [s.deltas for s in replay.steps] == [(-5200, 5200, 0, 0), (-1000, 3000, -1000, -1000)]
    assert replay.state.scores == (23800, 38200, 29000, 29000)
    assert (replay.state.dealer, replay.state.honba, replay.state.round_number) == (1, 1, 2)


def test_a_hand_the_engine_refuses_stops_the_replay_with_the_rule_and_keeps_the_good_hands() -> None:
    noten_riichi = {"kind": "draw", "tenpai": [True, False, False, False], "riichi": [1]}
    replay = engine_game.replay("wrc", [RON, noten_riichi, RON])
    assert replay.error is not None and replay.error.startswith("hand 2 was refused")
    assert "in riichi but flagged noten" in replay.error
    assert len(replay.steps) == 1 and replay.state.scores == (24800, 35200, 30000, 30000)


def test_four_riichi_puts_all_four_sticks_down() -> None:
    abort: dict[str, Any] = {"kind": "abort", "reason": "reach4", "riichi": []}
    replay = engine_game.replay("tenhou", [abort])
    assert replay.error is None and replay.state.sticks == 4 and replay.state.scores == (24000,) * 4


def test_the_tenhou_log_has_every_hand_but_the_chombo() -> None:
    chombo = {"kind": "chombo", "seat": 2}
    log = engine_game.tenhou_log("uspml", ["A", "B", "C", "D"], [chombo, RON], "night")
    assert log["name"] == ["A", "B", "C", "D"] and len(log["log"]) == 1
    (entry,) = log["log"]
    assert entry[1] == [34000, 32000, 22000, 32000]  # after the reverse-mangan chombo (seed 001)
    assert entry[16][:2] == ["和了", [-5200, 6200, 0, 0]]

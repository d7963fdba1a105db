"""The live table's last hand result (riichi_table/assistant/view.py `last_result`), as the Table page and
the live scoreboard show it: the demo clip's true game fed to the engine the way the camera feeds it."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("riichi_table.engine.game", reason="needs the engine's game state (engine/game.py)")

TRUTH = Path(__file__).resolve().parents[2] / "riichi_table" / "assistant" / "demo" / "truth.mjai.jsonl"


def _demo_game(until: str) -> Any:
    """The demo's hand up to and including the first event of type `until` (the hora comes without its
    score fields, as from the camera: the engine scores it)."""
    from riichi_table.engine.game import Game

    game = Game("wrc")
    for line in TRUTH.read_text(encoding="utf-8").splitlines():
        event = json.loads(line)
        if event["type"] == "hora":
            event = {k: v for k, v in event.items() if k not in ("deltas", "scores")}
        game.apply(event)
        if event["type"] == until:
            return game
    raise AssertionError(f"no {until} in the demo")


def test_there_is_no_result_while_the_hand_is_in_play() -> None:
    from riichi_table.assistant.view import last_result

    assert last_result(_demo_game("reach_accepted")) is None


def test_a_ron_shows_who_won_from_whom_with_yaku_payments_and_the_hand() -> None:
    from riichi_table.assistant.view import last_result

    result = last_result(_demo_game("hora"))
    assert result is not None and result["kind"] == "win"
    (win,) = result["wins"]
    assert (win["seat"], win["from"], win["pai"]) == (2, 3, "6s")
    assert [code for code, _ in win["yaku"]] == ["riichi", "pinfu", "dora"]
    assert (win["han"], win["fu"], win["points"]) == (3, 30, 3900)  # seed 001: 3 han 30 fu ron = 3900
    assert len(win["hand"]) == 14 and win["hand"][-1] == "6s"
    assert win["deltas"] == [0, 0, 4900, -3900]  # 3900 and the winner's own riichi stick back
    assert result["deltas"] == [0, 0, 3900, -3900] and result["riichi"] == [2]
    assert result["round"] == {"bakaze": "E", "kyoku": 1, "honba": 0, "oya": 0}


def test_the_result_stays_after_the_hand_ends_and_clears_when_the_next_hand_starts() -> None:
    from riichi_table.assistant.view import last_result, table_state

    game = _demo_game("end_kyoku")
    assert last_result(game) is not None
    game.apply(game.next_start("1p").to_json())
    assert last_result(game) is None
    state = table_state(game)
    assert all(not seat["riichi"] and not seat["pond"] for seat in state["seats"])


def test_a_chombo_is_shown_as_the_hands_result() -> None:
    from riichi_table.engine.game import Game

    from riichi_table.assistant.view import last_result

    game = Game("wrc")
    game.apply({"type": "start_game"})
    game.apply(game.next_start("1p").to_json())
    game.apply({"type": "chombo", "actor": 1})
    result = last_result(game)
    assert result is not None and (result["kind"], result["seat"]) == ("chombo", 1)

"""Export: mjai JSON lines (round-trip, money filled in) and the tenhou.net/6 JSON log's structure."""

from __future__ import annotations

import json
import sys
from pathlib import Path

from engine.events import Chi, Daiminkan, Pon, event_from_json
from engine.export import _call_string, mjai_lines, tenhou_log, tenhou_tile, write_mjai, write_tenhou
from engine.game import Game
from engine.tiles import parse_tile

sys.path.insert(0, str(Path(__file__).parent))
from game_sim import Player


def _played(preset: str = "tenhou", seed: int = 3) -> Player:
    player = Player(Game(preset), seed)
    player.play_game()
    return player


def test_tenhou_tile_numbers() -> None:
    assert [tenhou_tile(parse_tile(n)) for n in ("1m", "9m", "1p", "5s", "1z", "7z", "0m", "0p", "0s")] == [
        11, 19, 21, 35, 41, 47, 51, 52, 53,
    ]  # fmt: skip


def test_call_strings_show_whom_the_tile_came_from() -> None:
    assert _call_string(Chi(actor=1, target=0, pai="3m", consumed=("4m", "5m"))) == "c131415"
    assert _call_string(Pon(actor=1, target=0, pai="P", consumed=("P", "P"))) == "p454545"  # kamicha
    assert _call_string(Pon(actor=0, target=2, pai="P", consumed=("P", "P"))) == "45p4545"  # toimen
    assert _call_string(Pon(actor=0, target=1, pai="P", consumed=("P", "P"))) == "4545p45"  # shimocha
    kan = Daiminkan(actor=0, target=1, pai="9s", consumed=("9s", "9s", "9s"))
    assert _call_string(kan) == "393939m39"


def test_mjai_lines_replay_to_the_same_game() -> None:
    player = _played()
    lines = mjai_lines(player.events, "tenhou")
    again = Game("tenhou")
    for line in lines:
        again.apply(event_from_json(line))
    assert again.scores == player.game.scores
    horas = [json.loads(line) for line in lines if '"hora"' in line]
    assert horas and all("deltas" in h and "scores" in h for h in horas)


def test_tenhou_log_has_one_array_per_hand_with_results() -> None:
    player = _played()
    log = tenhou_log(player.events, "tenhou")
    assert set(log) == {"title", "name", "rule", "log"}
    assert log["name"] == ["A", "B", "C", "D"] and log["rule"]["aka"] == 1
    hands = log["log"]
    assert len(hands) == len(player.game.results)
    for hand in hands:
        assert len(hand) == 17
        header, scores, dora, _ura = hand[:4]
        assert len(header) == 3 and len(scores) == 4 and dora
        for seat in range(4):
            haipai = hand[4 + 3 * seat]
            assert len(haipai) == 13 and all(11 <= t <= 53 for t in haipai)
        assert hand[16][0] in (
            "和了",
            "流局",
            "全員聴牌",
            "全員不聴",
            "九種九牌",
            "四風連打",
            "四家立直",
            "四槓散了",
        )
    first = hands[0]
    assert first[0] == [0, 0, 0] and first[1] == [25000] * 4


def test_tenhou_draws_and_discards_line_up() -> None:
    # every seat draws (or calls) once per discard, give or take the final draw or call
    for hand in tenhou_log(_played("wrc", 1).events, "wrc")["log"]:
        for seat in range(4):
            draws, discards = hand[5 + 3 * seat], hand[6 + 3 * seat]
            assert len(draws) - len(discards) in (0, 1)


def test_writers_produce_files(tmp_path: Path) -> None:
    player = _played("wrc", 0)
    write_mjai(str(tmp_path / "game.mjai.jsonl"), player.events, "wrc")
    write_tenhou(str(tmp_path / "game.tenhou.json"), player.events, "wrc")
    lines = (tmp_path / "game.mjai.jsonl").read_text(encoding="utf-8").splitlines()
    assert json.loads(lines[0])["type"] == "start_game" and json.loads(lines[-1])["type"] == "end_game"
    assert json.loads((tmp_path / "game.tenhou.json").read_text(encoding="utf-8"))["log"]

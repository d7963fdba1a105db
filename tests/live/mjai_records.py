"""The opening of a one-hand mjai record for tests that build a game record by hand: the game's start and
East 1's start (dealer seat 0, dora indicator `dora`, every hand unknown, as the live table writes it)."""

from __future__ import annotations


def opening(dora: str = "5m") -> list[dict]:
    start = {
        "type": "start_kyoku",
        "bakaze": "E",
        "kyoku": 1,
        "honba": 0,
        "kyotaku": 0,
        "oya": 0,
        "dora_marker": dora,
        "scores": [25000] * 4,
        "tehais": [["?"] * 13 for _ in range(4)],
    }
    return [{"type": "start_game", "names": ["0", "1", "2", "3"]}, start]

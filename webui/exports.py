"""Game exports for the club page: a recorded game as a tenhou.net/6 JSON log (via engine/result_log.py).

A club game is recorded hand by hand as results, not tile by tile, so each hand in the log carries its
header (round, honba, sticks), the scores before it and its result (who won from whom, the score changes),
and empty tile arrays; a chombo is no hand (seed 002 3.4) and shows only in the next hand's scores.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from riichi_table.webui import engine_game
from riichi_table.webui.errors import WebError
from riichi_table.webui.store import HandRow


class ExportError(WebError):
    """The game cannot be exported (the engine's writer is missing or refuses the game)."""


def tenhou_log(rules: Any, names: Sequence[str], hands: Sequence[HandRow], title: str) -> dict[str, Any]:
    """The game as a tenhou.net/6 log object (title, name, rule, log); engine_game.GameUnavailable when the
    engine refuses a hand."""
    return engine_game.tenhou_log(rules, names, [h.result for h in hands], title)

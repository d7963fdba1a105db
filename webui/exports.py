"""Game exports for the club page: a recorded game as a tenhou.net/6 JSON log (via engine/export.py).

A club game is recorded hand by hand as results, not tile by tile, so each hand in the log carries its
header (round, honba, sticks), the scores before it and its result (who won from whom, the score changes),
and empty tile arrays: the placeholder turns used to drive the engine (webui/hand_events.py) are dropped.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from webui import engine_game
from webui.errors import WebError
from webui.store import HandRow

# tenhou.net/6 hand entry: header, scores, dora, ura, then (haipai, draws, discards) per seat, then result.
_TILE_ARRAYS = range(2, 16)


class ExportError(WebError):
    """The game cannot be exported (the engine's writer is missing or refuses the game)."""


def tenhou_log(rules: Any, names: Sequence[str], hands: Sequence[HandRow], title: str) -> dict[str, Any]:
    """The game as a tenhou.net/6 log object (title, name, rule, log)."""
    try:
        from engine.events import event_from_json
        from engine.export import tenhou_log as engine_tenhou_log
    except ImportError as exc:
        raise ExportError(
            f"tenhou.net/6 export unavailable: the engine's log writer is missing ({exc})"
        ) from None
    events = engine_game.game_events(rules, names, [h.result for h in hands])
    log = engine_tenhou_log([event_from_json(e) for e in events], rules, title=title)
    for entry in log["log"]:
        for i in _TILE_ARRAYS:
            entry[i] = []
    return log

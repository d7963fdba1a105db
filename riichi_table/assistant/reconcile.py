"""A discard read late, put in its place: the record is replayed through a fresh engine with the tile fixed.

When a seat's discard is not seen in its turn (an arm over its pond), the reader keeps the turn order with a
guessed tile (vision.live_events); when the tile is seen at last it says which of the seat's discards it was
(`LATE_DAHAI`). The record then gets the real tile at that place, and the whole game is applied again to a
fresh engine, so furiten, the wall and the scores follow the real discard. If the engine refuses the record
with the tile in place (the reading cannot be right there), the record stays as it was.
"""

from __future__ import annotations

from typing import Any


def place_late_discard(
    rules: Any, accepted: list[dict[str, Any]], actor: int, nth: int, pai: str
) -> tuple[Any, list[dict[str, Any]], str] | None:
    """(a fresh engine.game.Game fed the fixed record, the fixed record, the guessed tile it replaces), or
    None when the record has no such discard or the engine refuses it with the tile in place.

    `accepted` is every event the game took, in order; `nth` counts `actor`'s discards (0-based) since the
    current hand's start_kyoku. `accepted` itself is never changed.
    """
    from riichi_table.engine.errors import EngineError
    from riichi_table.engine.game import Game

    starts = [i for i, e in enumerate(accepted) if e.get("type") == "start_kyoku"]
    if not starts:
        return None
    seen = -1
    at = None
    for i in range(starts[-1], len(accepted)):
        e = accepted[i]
        if e.get("type") == "dahai" and e.get("actor") == actor:
            seen += 1
            if seen == nth:
                at = i
                break
    if at is None:
        return None
    old = str(accepted[at]["pai"])
    fixed = [*accepted[:at], {**accepted[at], "pai": pai}, *accepted[at + 1 :]]
    game = Game(rules)
    try:
        for e in fixed:
            game.apply(e)
    except EngineError:
        return None
    return game, fixed, old

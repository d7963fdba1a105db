"""A win read from the table that the engine refuses: try the open hand's second readings.

The camera's reading of a hand laid open comes first; when the engine says it is no winning hand, each shown
tile's second readings are tried (one swap or two). With the namer's odds for each tile (the share of its
votes for each kind), the most probable hand the engine accepts is taken: two likely second readings beat one
unlikely one. Without odds, single swaps come first, then pairs, each in reading order.
"""

from __future__ import annotations

import copy
from collections.abc import Sequence
from itertools import combinations
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from riichi_table.engine.rules import HandShape


def fit_win(
    game: Any,
    reveal: dict[str, Any],
    hora: dict[str, Any],
    alternatives: list[list[str]],
    odds: list[dict[str, float]] | None = None,
) -> tuple[dict[str, Any], dict[str, Any], str] | None:
    """(reveal, hora, what was changed) that the engine accepts, or None when the reading stands as it is.

    `game` is the engine.game.Game before the reveal; it is never changed (trials run on copies).
    `alternatives[i]` are the second readings of the i-th tile of `reveal["tehai"]`; `odds[i]`, when given,
    the namer's share of that tile's votes per reading (its own reading and the second ones).
    """
    if _works(game, reveal, hora):
        return None
    tehai = list(reveal["tehai"])
    melds = (14 - len(tehai)) // 3
    # 000 "Complete hand": only the shapes the game's preset counts (the beginner rules: four sets and a pair)
    candidates = substitutions(tehai, alternatives, melds, game.rules.hand_shapes)
    if odds is not None:
        candidates = most_probable_first(tehai, candidates, odds)
    for fixed in candidates:
        rv = {**reveal, "tehai": fixed}
        hv = {**hora, "hora_tehais": fixed[:-1], "pai": fixed[-1]}
        if _works(game, rv, hv):
            changed = ", ".join(f"{a}->{b}" for a, b in zip(tehai, fixed, strict=True) if a != b)
            return rv, hv, changed
    return None


ODDS_FLOOR = 1e-3  # a reading the namer never gave: unlikely, never impossible


def most_probable_first(
    tehai: list[str], candidates: list[list[str]], odds: list[dict[str, float]]
) -> list[list[str]]:
    """The candidate hands, the most probable first: each changed tile weighs the odds of its new reading
    against those of the reading it replaces (a stable sort: equal odds keep their order)."""

    def odds_ratio(hand: list[str]) -> float:
        ratio = 1.0
        for i, (read, new) in enumerate(zip(tehai, hand, strict=True)):
            if read != new:
                ratio *= max(odds[i].get(new, 0.0), ODDS_FLOOR) / max(odds[i].get(read, 0.0), ODDS_FLOOR)
        return ratio

    return sorted(candidates, key=odds_ratio, reverse=True)


def _works(game: Any, reveal: dict[str, Any], hora: dict[str, Any]) -> bool:
    from riichi_table.engine.errors import EngineError

    trial = copy.deepcopy(game)
    try:
        trial.apply(reveal)
        trial.apply(hora)
    except EngineError:
        return False
    return True


def substitutions(
    tehai: list[str], alternatives: list[list[str]], melds: int, shapes: Sequence[HandShape] | None = None
) -> list[list[str]]:
    """Readings of an open hand with one or two tiles swapped for a second reading, that form a winning
    shape the rules count (`shapes`, a preset's `hand_shapes`; None: every shape), checked cheaply on counts
    before the engine judges them; single swaps first."""
    from riichi_table.engine.events import pai_to_tile
    from riichi_table.engine.hand import is_complete
    from riichi_table.engine.rules import ALL_HAND_SHAPES
    from riichi_table.engine.tiles import counts34

    counted = ALL_HAND_SHAPES if shapes is None else shapes

    def complete(hand: list[str]) -> bool:
        return is_complete(counts34(pai_to_tile(p) for p in hand), melds, counted)

    places = [i for i, options in enumerate(alternatives) if options]
    out: list[list[str]] = []
    for i in places:
        for p in alternatives[i]:
            hand = [*tehai[:i], p, *tehai[i + 1 :]]
            if complete(hand):
                out.append(hand)
    for i, j in combinations(places, 2):
        for p in alternatives[i]:
            for q in alternatives[j]:
                hand = list(tehai)
                hand[i], hand[j] = p, q
                if complete(hand):
                    out.append(hand)
    return out

"""The night's standings across tables: each game ranked by the engine with its preset's uma and oka.

A game's place points come from `engine.game.Game.ranking` over the game's last pushed state (scores, sticks
and pool on the table, chombo penalties), so the club server and a table agree to the point; a game still
running is ranked as if it ended now and marked provisional.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from riichi_table.engine.game import Game, Standing


@dataclass(frozen=True, slots=True)
class PlayerLine:
    """One player's night: `total` is the sum of `final` over their games (points; /1000 on the page)."""

    name: str
    total: int
    games: int
    provisional: bool


def rank_game(rules: Any, state: dict[str, Any]) -> list[Standing]:
    """Places for a game left in `state` (docs/club.md STATE), seat 0 the first dealer."""
    game = Game(rules)
    game.scores = [int(s) for s in state["scores"]]
    game.sticks = int(state["sticks"])
    game.pool = int(state["pool"])
    game.penalties = [int(p) for p in state["penalties"]]
    game.first_dealer = game.dealer = 0
    ranked: list[Standing] = game.ranking()
    return ranked


def night(games: Sequence[Any]) -> list[PlayerLine]:
    """Standings over `store.GameView`s, best total first (ties by name)."""
    totals: dict[str, list[int]] = {}
    provisional: set[str] = set()
    for g in games:
        if g.state is None:
            continue
        for s in rank_game(g.rules, g.state):
            name = g.names[s.seat]
            line = totals.setdefault(name, [0, 0])
            line[0] += s.final
            line[1] += 1
            if g.ended_at is None:
                provisional.add(name)
    lines = [PlayerLine(n, t, c, n in provisional) for n, (t, c) in totals.items()]
    return sorted(lines, key=lambda p: (-p.total, p.name))

"""Several rons on one discard, whatever order people call them in.

At a physical table the winners say "ron" in any order, but the rules depend on the seat order after the
discarder: the riichi sticks go to the winner first in order after the discarder (seed 002 3.3.14), under
head bump only that winner wins (seed 001 "Head Bump", seed 000 "Ron"), and where the preset has the
abortive draw three rons end the hand with no points moved (seed 001 "Abortive Draw": triple ron).

So `Game` keeps a `Snapshot` of itself just before a hand's first win. When a later ron arrives, the hand's
wins are settled again from that snapshot in seat order after the discarder (events laid open in between,
such as `reveal`, are applied again first):

- several winners allowed: every winner, nearest first (the nearest takes the sticks);
- head bump: a nearer winner replaces the first one; a farther one is refused, or, where three rons abort,
  kept as a bumped claim on the round (`bumped`) so that a third caller still makes the abortive draw;
- a third ron where three rons abort, or a `ryukyoku` with reason `ron3` after one or two rons: the wins
  are undone and the hand is the abortive draw. The abort is checked before head bump (seed 001 "Abortive
  Draw": three players call the same discard for Ron).

The game's `events` then hold the wins in settled order, so replaying them gives the same game.
"""

from __future__ import annotations

import copy
import dataclasses
from dataclasses import dataclass
from typing import Protocol

from riichi_table.engine.errors import EngineError, IllegalEventError
from riichi_table.engine.events import Event, Hora, Ryukyoku
from riichi_table.engine.round import Round
from riichi_table.engine.rules import Rules
from riichi_table.engine.table import HandResult


class GameLike(Protocol):
    """What resettling reads and puts back in `engine.game.Game` (named here so that this module need not
    import the game that calls it)."""

    rules: Rules
    round: Round | None
    scores: list[int]
    sticks: int
    pool: int
    penalties: list[int]
    results: list[HandResult]
    events: list[Event]
    warnings: list[str]
    hora_base: Snapshot | None
    resettling: bool  # True while `resettle` replays the hand's end through `apply`

    def apply(self, event: Event) -> None: ...


@dataclass(frozen=True, slots=True)
class Snapshot:
    """What a hand's wins can change in a `Game`, copied so that it can be put back."""

    round: Round | None
    scores: tuple[int, ...]
    sticks: int
    pool: int
    penalties: tuple[int, ...]
    results: tuple[HandResult, ...]
    events: tuple[Event, ...]
    warnings: tuple[str, ...]

    @classmethod
    def take(cls, g: GameLike) -> Snapshot:
        return cls(
            copy.deepcopy(g.round),
            tuple(g.scores),
            g.sticks,
            g.pool,
            tuple(g.penalties),
            tuple(g.results),
            tuple(g.events),
            tuple(g.warnings),
        )

    def restore(self, g: GameLike) -> None:
        g.round = copy.deepcopy(self.round)
        g.scores = list(self.scores)
        g.sticks = self.sticks
        g.pool = self.pool
        g.penalties = list(self.penalties)
        g.results = list(self.results)
        g.events = list(self.events)
        g.warnings = list(self.warnings)


def distance(h: Hora) -> int:
    """Seats from the discarder to the winner in play order (1 = shimocha, the first after the discarder)."""
    return (h.actor - h.target) % 4


def is_another_ron(r: Round, e: Hora | Ryukyoku) -> bool:
    """Whether `e` is a ron by a new seat on the tile the hand's first ron took."""
    first = r.horas[0]
    return (
        isinstance(e, Hora)
        and not e.is_tsumo
        and not first.is_tsumo
        and e.target == first.target
        and e.pai == first.pai
        and all(h.actor != e.actor for h in (*r.horas, *r.bumped))
    )


def resettle(g: GameLike, e: Hora | Ryukyoku) -> None:
    """Settle the hand's wins again with `e` added (see the module docstring); IllegalEventError, nothing
    changed, when `e` is refused or one of the wins does not stand."""
    r = g.round
    base = g.hora_base
    assert r is not None and base is not None
    plan = _plan(g, r, e)
    claims = [*r.horas, *r.bumped, e] if isinstance(e, Hora) else []
    later: list[Event] = [x for x in g.events[len(base.events) :] if not isinstance(x, Hora)]
    saved = Snapshot.take(g)
    g.resettling = True
    try:
        base.restore(g)
        for x in later:
            g.apply(x)
        for end in plan:
            g.apply(end)
        if g.round is not None and g.rules.multiple_ron == "head_bump" and isinstance(plan[0], Hora):
            winner = plan[0].actor
            g.round.bumped = [h for h in claims if h.actor != winner]
            for h in g.round.bumped:
                note = f"head bump: seat {h.actor}'s ron is bumped by seat {winner}, nearer the discarder"
                note += " (seed 001)"
                if note not in g.warnings:
                    g.warnings.append(note)
    except EngineError:
        saved.restore(g)
        raise
    finally:
        g.resettling = False
    g.hora_base = base if any(isinstance(x, Hora) for x in plan) else None


def _plan(g: GameLike, r: Round, e: Hora | Ryukyoku) -> list[Hora | Ryukyoku]:
    """The hand's end events in settled order, or IllegalEventError when `e` is refused."""
    if isinstance(e, Ryukyoku):
        if "triple_ron" not in g.rules.abortive_draws:
            raise IllegalEventError("ryukyoku: this rule set has no abortive draw ron3 (triple_ron)", e)
        return [e]
    first = r.horas[0]
    triple_ron = "triple_ron" in g.rules.abortive_draws
    if len(r.horas) + len(r.bumped) == 2 and triple_ron:
        # seed 001 "Abortive Draw": three players call the same discard: checked before head bump
        _check_win_stands(r, e)
        return [Ryukyoku(reason="ron3")]
    if g.rules.multiple_ron == "head_bump":
        if distance(e) > distance(first):
            if not triple_ron:
                raise IllegalEventError(
                    f"hora: head bump: seat {first.actor} sits nearer the discarder and wins (seed 001)", e
                )
            _check_win_stands(r, e)  # a bumped claim that still counts towards three rons
            return [first]
        return [e]
    horas: list[Hora] = sorted([*r.horas, e], key=distance)
    return [*horas]


def _check_win_stands(r: Round, e: Hora) -> None:
    """Raise IllegalEventError unless `e` would be a legal win were three rons allowed."""
    probe = copy.deepcopy(r)
    abortive = tuple(a for a in r.rules.abortive_draws if a != "triple_ron")
    probe.rules = dataclasses.replace(r.rules, abortive_draws=abortive, multiple_ron="all")
    probe.horas = [h for h in probe.horas if h.actor != e.actor]
    probe.apply(e)

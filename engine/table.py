"""What settling a hand reads from the game (`Table`) and what it gives back (`HandResult`).

The money functions (`engine.settle`, `engine.result_settle`) take a `Table`, a frozen copy of the game's
counters, instead of the `engine.game.Game` that calls them, so that imports point one way: the game imports
the settlement, never the other way round.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from riichi_table.engine.rules import Rules


@dataclass(frozen=True, slots=True)
class HandResult:
    """What a hand's end did: score changes by seat, table changes, rotation, and a description."""

    kind: str  # "hora", "ryukyoku" or "chombo"
    deltas: tuple[int, int, int, int]
    sticks_change: int = 0
    pool_change: int = 0
    penalties: tuple[int, int, int, int] = (0, 0, 0, 0)
    dealer_keeps: bool = False
    next_honba: int = 0
    detail: dict[str, object] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class Table:
    """The game's counters at the moment a hand is settled. Seats are chairs 0..3."""

    rules: Rules
    scores: tuple[int, int, int, int]
    dealer: int  # the seat dealing this hand
    honba: int
    sticks: int  # riichi sticks on the table
    pool: int  # seed 000 "Draws": the noten pool waiting for the next winner

    @property
    def table_points(self) -> int:
        """Points lying on the table: riichi sticks and the noten pool."""
        return self.sticks * self.rules.riichi_deposit + self.pool

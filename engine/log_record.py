"""The record a game log is read into (engine/log_read.py, engine/log_mjai.py) and the checker replays.

Seats are 0..3 from the first dealer; every score is in points.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TypeGuard

from riichi_table.engine.errors import EngineError
from riichi_table.engine.events import WINDS_PAI
from riichi_table.engine.hand_result import Result


class RecordError(EngineError):
    """A game record that cannot be read: names the hand and what was expected."""


@dataclass(frozen=True, slots=True)
class RecordedHand:
    """One hand as the record shows it. Seats 0..3 from the first dealer; `deltas` one list per settlement
    (one per winner, nearest the discarder first, or one for a draw), riichi deposits not included."""

    number: int  # 1-based position in the record
    round_wind: int  # 0 East, 1 South, ...
    hand_number: int  # 1..4
    honba: int
    sticks: int
    scores: tuple[int, int, int, int]
    result: Result
    deltas: tuple[tuple[int, int, int, int], ...]

    @property
    def name(self) -> str:
        return f"hand {self.number} ({WINDS_PAI[self.round_wind]}{self.hand_number}, {self.honba} honba)"


@dataclass(frozen=True, slots=True)
class Record:
    """A whole record: its hands, the preset it names (or None), and the final scores and values if any."""

    hands: tuple[RecordedHand, ...]
    preset: str | None
    final_scores: tuple[int, int, int, int] | None
    final_values: tuple[float, float, float, float] | None


def four(value: object, what: str) -> tuple[int, int, int, int]:
    if not isinstance(value, list) or len(value) != 4 or not all(is_int(v) for v in value):
        raise RecordError(f"{what}: expected four whole numbers, got {value!r}")
    return (int(value[0]), int(value[1]), int(value[2]), int(value[3]))


def is_int(v: object) -> TypeGuard[int]:
    return isinstance(v, int) and not isinstance(v, bool)

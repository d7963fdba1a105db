"""Hand results as people call them out at a table, for a `Game` that is fed results instead of tiles.

A club or a paper score sheet knows how each hand ended, not every discard: who won (han and fu, or a
yakuman count, or a full `engine.score.Win`), from whom or by tsumo, who was tenpai at an exhaustive draw,
which abortive draw, who committed chombo, and who put a riichi stick down. `Game.apply_result(result)`
settles such a result with the same money rules as the tile-level events (`engine/settle.py`).

Seats are the game's chairs 0..3. The JSON form (`result_from_json` / `result_to_json`) is the one the web
page stores:

- win:    `{"kind": "win", "winners": [{"seat", "han", "fu", "yakuman", "pao"?}], "from": seat | null,
  "riichi": [seats]}` (`from` null is a tsumo)
- draw:   `{"kind": "draw", "tenpai": [4 bools], "nagashi": [seats], "riichi": [seats]}`
- abort:  `{"kind": "abort", "reason": "yao9" | "kaze4" | "reach4" | "kan4" | "ron3", "riichi": [seats]}`
- chombo: `{"kind": "chombo", "seat": seat, "reason": text}`

Structure is checked when a result is built (`HandResultError`); what depends on the rule set or the game
(fu for the preset, abortive draws the preset has, a riichi player shown noten...) when it is applied.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from riichi_table.engine.errors import EngineError
from riichi_table.engine.score import Win
from riichi_table.engine.table import HandResult

ABORT_REASONS = ("yao9", "kaze4", "reach4", "kan4", "ron3")  # mjai ryukyoku reasons (engine.events)


class HandResultError(EngineError):
    """A hand result that is malformed or that the rules or the game's state do not allow."""


def _seat(value: object, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= 3:
        raise HandResultError(f"{what}: expected a seat 0..3, got {value!r}")
    return value


def _count(value: object, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise HandResultError(f"{what}: expected a whole number >= 0, got {value!r}")
    return value


def _seats(values: Sequence[int], what: str) -> None:
    for v in values:
        _seat(v, what)
    if len(set(values)) != len(values):
        raise HandResultError(f"{what}: a seat appears twice in {list(values)}")


@dataclass(frozen=True, slots=True)
class Winner:
    """One winner: `han` and `fu`, or `yakuman` (a count, 1 = single), or a full `score` from
    `engine.score.score` (its han, fu, yakuman and yaku are then used). `pao` is the seat liable for a
    big three dragons / big four winds (seed 002 3.3.9)."""

    seat: int
    han: int = 0
    fu: int = 0
    yakuman: int = 0
    score: Win | None = None
    pao: int | None = None

    def __post_init__(self) -> None:
        _seat(self.seat, "winner seat")
        if self.score is not None:
            object.__setattr__(self, "han", self.score.han)
            object.__setattr__(self, "fu", self.score.fu)
            object.__setattr__(self, "yakuman", self.score.yakuman)
        _count(self.han, f"seat {self.seat}'s han")
        _count(self.fu, f"seat {self.seat}'s fu")
        _count(self.yakuman, f"seat {self.seat}'s yakuman")
        if self.pao is not None:
            _seat(self.pao, "pao seat")
            if self.pao == self.seat:
                raise HandResultError(f"pao: seat {self.seat} cannot be liable for its own win")
            if not self.yakuman:
                raise HandResultError("pao: liability is only for a yakuman (seed 002 3.3.9)")

    @property
    def yaku(self) -> tuple[tuple[str, int], ...]:
        """The yaku of a full score; empty when only han and fu were given."""
        return self.score.yaku if self.score is not None else ()


@dataclass(frozen=True, slots=True)
class WinResult:
    """One or several winners; `discarder` None is a tsumo (exactly one winner)."""

    winners: tuple[Winner, ...]
    discarder: int | None = None
    riichi: tuple[int, ...] = ()

    def __post_init__(self) -> None:
        if not 1 <= len(self.winners) <= 3:
            raise HandResultError(f"win: expected one to three winners, got {len(self.winners)}")
        seats = [w.seat for w in self.winners]
        _seats(seats, "win: winners")
        _seats(self.riichi, "riichi")
        if self.discarder is None:
            if len(self.winners) > 1:
                raise HandResultError("win: a tsumo has exactly one winner")
        else:
            _seat(self.discarder, "win: discarder")
            if self.discarder in seats:
                raise HandResultError(f"win: seat {self.discarder} cannot win on its own discard")

    @property
    def tsumo(self) -> bool:
        return self.discarder is None


@dataclass(frozen=True, slots=True)
class DrawResult:
    """An exhaustive draw: who showed a ready hand, and who has nagashi mangan (where the preset has it)."""

    tenpai: tuple[bool, bool, bool, bool]
    nagashi: tuple[int, ...] = ()
    riichi: tuple[int, ...] = ()

    def __post_init__(self) -> None:
        if len(self.tenpai) != 4 or not all(isinstance(t, bool) for t in self.tenpai):
            raise HandResultError(f"draw: tenpai must be four true/false flags, got {self.tenpai!r}")
        _seats(self.nagashi, "draw: nagashi")
        _seats(self.riichi, "riichi")
        for seat in self.riichi:
            if not self.tenpai[seat]:
                raise HandResultError(
                    f"draw: seat {seat} is in riichi but flagged noten; a riichi hand must be shown "
                    "tenpai (seed 002 3.4.2), record a chombo instead"
                )


@dataclass(frozen=True, slots=True)
class AbortResult:
    """An abortive draw by its mjai reason (`yao9`, `kaze4`, `reach4`, `kan4`, `ron3`)."""

    reason: str
    riichi: tuple[int, ...] = ()

    def __post_init__(self) -> None:
        if self.reason not in ABORT_REASONS:
            raise HandResultError(f"abort: reason {self.reason!r} is not one of {', '.join(ABORT_REASONS)}")
        _seats(self.riichi, "riichi")
        if self.reason == "reach4" and sorted(self.riichi) != [0, 1, 2, 3]:
            raise HandResultError("abort: four riichi needs all four seats in riichi")


@dataclass(frozen=True, slots=True)
class ChomboResult:
    """A chombo by `seat`: paid by the preset's rule, and the hand is redealt (seed 002 3.4)."""

    seat: int
    reason: str = ""
    riichi: tuple[int, ...] = ()

    def __post_init__(self) -> None:
        _seat(self.seat, "chombo seat")
        _seats(self.riichi, "riichi")


Result = WinResult | DrawResult | AbortResult | ChomboResult


@dataclass(frozen=True, slots=True)
class SettledHand:
    """A result-fed hand as the game settled it (for logs): the header, the scores before the riichi
    sticks went down, the result (a third ron where it aborts becomes `AbortResult("ron3")`), the money
    (`engine.table.HandResult`, one per winner) and the scores after."""

    round_wind: int
    hand_number: int
    honba: int
    sticks: int
    dealer: int
    scores_before: tuple[int, int, int, int]
    result: Result
    money: tuple[HandResult, ...]
    scores_after: tuple[int, int, int, int]


# --- JSON ------------------------------------------------------------------------------------------------


def _list(value: object, what: str) -> list[Any]:
    if value is None:
        return []
    if not isinstance(value, list | tuple):
        raise HandResultError(f"{what}: expected a list, got {value!r}")
    return list(value)


def result_from_json(data: Mapping[str, Any]) -> Result:
    """Build a result from its JSON object (module docstring); HandResultError names what is wrong."""
    if not isinstance(data, Mapping):
        raise HandResultError(f"a hand result must be an object, got {type(data).__name__}")
    kind = data.get("kind")
    riichi = tuple(_list(data.get("riichi"), "riichi"))
    if kind == "win":
        winners = []
        for w in _list(data.get("winners"), "win: winners"):
            if not isinstance(w, Mapping):
                raise HandResultError(f"win: a winner must be an object with seat, han, fu, got {w!r}")
            winners.append(
                Winner(
                    seat=w.get("seat"),  # type: ignore[arg-type]  # checked by Winner
                    han=w.get("han", 0) or 0,
                    fu=w.get("fu", 0) or 0,
                    yakuman=w.get("yakuman", 0) or 0,
                    pao=w.get("pao"),
                )
            )
        return WinResult(tuple(winners), data.get("from"), riichi)
    if kind == "draw":
        tenpai = tuple(_list(data.get("tenpai"), "draw: tenpai"))
        nagashi = tuple(_list(data.get("nagashi"), "draw: nagashi"))
        return DrawResult(tenpai, nagashi, riichi)  # checked by DrawResult
    if kind == "abort":
        return AbortResult(str(data.get("reason")), riichi)
    if kind == "chombo":
        return ChomboResult(data.get("seat"), str(data.get("reason") or ""), riichi)  # type: ignore[arg-type]
    raise HandResultError(f"kind: expected one of win, draw, abort, chombo, got {kind!r}")


def result_to_json(result: Result) -> dict[str, Any]:
    """The JSON object of a result (a full score is written as its han, fu and yakuman)."""
    riichi = sorted(result.riichi)
    match result:
        case WinResult():
            winners: list[dict[str, Any]] = []
            for w in result.winners:
                entry: dict[str, Any] = {"seat": w.seat, "han": w.han, "fu": w.fu, "yakuman": w.yakuman}
                if w.pao is not None:
                    entry["pao"] = w.pao
                winners.append(entry)
            return {"kind": "win", "winners": winners, "from": result.discarder, "riichi": riichi}
        case DrawResult():
            out: dict[str, Any] = {"kind": "draw", "tenpai": list(result.tenpai), "riichi": riichi}
            if result.nagashi:
                out["nagashi"] = list(result.nagashi)
            return out
        case AbortResult():
            return {"kind": "abort", "reason": result.reason, "riichi": riichi}
        case ChomboResult():
            return {"kind": "chombo", "seat": result.seat, "reason": result.reason, "riichi": riichi}

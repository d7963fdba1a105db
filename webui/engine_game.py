"""The seam between recorded club hands and the engine's game state (`engine/game.py`, docs/game.md).

`replay(rules, results)` feeds a game's recorded hand results (webui/results.py) one by one into the engine
(`Game.apply_result`, engine/hand_result.py) and returns the state after each, the current state and the
final placings. Everything rule-bound (payments, dealer rotation, honba, sticks, end of game, uma/oka and
ties) is the engine's; this module only translates the stored JSON into the engine's result objects.
When the engine refuses the rules the replay raises GameUnavailable and the pages say so.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from riichi_table.webui.errors import WebError

WINDS = "ESWN"


class GameUnavailable(WebError):
    """The engine cannot replay the game (its game state is missing, or it rejects the rules)."""


@dataclass(frozen=True)
class Snapshot:
    """The game between hands. `round_wind` 0..3 (E, S, W, N), `round_number` 1..4, `dealer` the seat."""

    scores: tuple[int, int, int, int]
    round_wind: int
    round_number: int
    dealer: int
    honba: int
    sticks: int
    finished: bool


@dataclass(frozen=True)
class Placing:
    """One seat's final standing: `place` 1..4, `score` in points, `result` after uma/oka in thousands."""

    seat: int
    score: int
    place: int
    result: float

    def to_json(self) -> dict[str, Any]:
        return {"seat": self.seat, "score": self.score, "place": self.place, "result": self.result}


@dataclass(frozen=True)
class Step:
    round_label: str
    deltas: tuple[int, int, int, int]
    scores: tuple[int, int, int, int]
    penalties: tuple[int, int, int, int] = (0, 0, 0, 0)  # chombo points taken off at the final count


@dataclass(frozen=True)
class Replay:
    steps: tuple[Step, ...]
    state: Snapshot
    placings: tuple[Placing, ...]
    error: str | None  # a hand the engine refused: replay stops there and says why


def round_label(s: Snapshot) -> str:
    return f"{('East', 'South', 'West', 'North')[s.round_wind]} {s.round_number}"


def seat_winds(s: Snapshot) -> tuple[str, str, str, str]:
    """Each seat's wind letter this hand (the dealer is East)."""
    w = tuple(WINDS[(seat - s.dealer) % 4] for seat in range(4))
    return (w[0], w[1], w[2], w[3])


def to_engine(result: dict[str, Any]) -> Any:
    """The engine's hand result (engine.hand_result) for a stored result (webui/results.py).

    The stored form is the engine's JSON form; a four-riichi abortive draw puts all four sticks down
    whatever the stored riichi list says (the club form has no riichi boxes for it).
    """
    from riichi_table.engine.hand_result import result_from_json

    if result.get("kind") == "abort" and result.get("reason") == "reach4":
        result = {**result, "riichi": [0, 1, 2, 3]}
    return result_from_json(result)


def _new_game(rules: Any, names: Sequence[str] | None = None) -> Any:
    from riichi_table.engine.errors import EngineError
    from riichi_table.engine.game import Game

    try:
        game = Game(rules)
    except EngineError as exc:
        raise GameUnavailable(f"scores unavailable: {exc}") from None
    game.apply({"type": "start_game", **({"names": list(names)} if names else {})})
    return game


def replay(rules: Any, hand_results: Sequence[dict[str, Any]]) -> Replay:
    """Feed the results to the engine's game state, in order.

    A hand the engine refuses stops the replay: the steps so far are kept and `error` names the hand and
    the engine's reason (the engine changes nothing when it refuses). GameUnavailable when the rules are
    unknown.
    """
    from riichi_table.engine.errors import EngineError

    game = _new_game(rules)
    steps: list[Step] = []
    error = None
    for number, result in enumerate(hand_results, 1):
        before = _snapshot(game)
        penalties_before = list(getattr(game, "penalties", [0, 0, 0, 0]))
        try:
            game.apply_result(to_engine(result))
        except EngineError as exc:
            error = f"hand {number} was refused by the rules: {exc}"
        except AssertionError as exc:  # an engine invariant broke: show it rather than lose the club page
            error = f"hand {number} broke an engine invariant (a bug to report): {exc}"
            good = replay(rules, hand_results[: number - 1])  # rebuild the state up to the last good hand
            return Replay(good.steps, good.state, good.placings, error)
        if error is not None:
            break
        after = _snapshot(game)
        deltas = tuple(a - b for a, b in zip(after.scores, before.scores, strict=True))
        pen = [a - b for a, b in zip(getattr(game, "penalties", [0, 0, 0, 0]), penalties_before, strict=True)]
        steps.append(
            Step(
                round_label(before),
                (deltas[0], deltas[1], deltas[2], deltas[3]),
                after.scores,
                (pen[0], pen[1], pen[2], pen[3]),
            )
        )
    placings = tuple(
        Placing(s.seat, s.score, s.rank, round(s.final / 1000, 1))
        for s in sorted(game.ranking(), key=_seat_of)
    )
    return Replay(tuple(steps), _snapshot(game), placings, error)


def _seat_of(standing: Any) -> int:
    return int(standing.seat)


def _snapshot(game: Any) -> Snapshot:
    s = game.scores
    return Snapshot(
        scores=(s[0], s[1], s[2], s[3]),
        round_wind=min(int(game.round_wind), 3),
        round_number=int(game.hand_number),
        dealer=0 if game.dealer is None else int(game.dealer),
        honba=int(game.honba),
        sticks=int(game.sticks),
        finished=bool(game.ended),
    )


def tenhou_log(
    rules: Any, names: Sequence[str], hand_results: Sequence[dict[str, Any]], title: str
) -> dict[str, Any]:
    """A recorded game as a tenhou.net/6 log object (engine/result_log.py: no tiles, every hand's header,
    scores and result); GameUnavailable when the engine refuses a hand."""
    from riichi_table.engine.errors import EngineError
    from riichi_table.engine.result_log import tenhou_log as engine_tenhou_log

    game = _new_game(rules, names)
    try:
        for result in hand_results:
            game.apply_result(to_engine(result))
        return engine_tenhou_log(game, title=title)
    except EngineError as exc:
        raise GameUnavailable(f"the game cannot be exported: {exc}") from None

"""Check a game record against the engine: replay each recorded hand through `engine.game.Game`.

For every hand the checker compares, in this order, what the record says with what the engine makes of the
same facts (who won, han / fu, who was tenpai, which abortive draw, who put a riichi stick down):

1. the hand's header: round wind and hand number (dealer rotation), honba, riichi sticks on the table;
2. the scores at the start of the hand;
3. whether the rules allow the result at all;
4. the score changes of each settlement (per winner, nearest the discarder first, or the draw).

After the last hand: whether the game ends there (`game end`), and, where the record has final scores
(`sc`, `end_game`), the final scores and values (`final ranking`). Each hand reports the first field that
differs, in words; the replay goes on with the engine's own state, so one wrong hand does not hide the next.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from riichi_table.engine.events import WINDS_PAI
from riichi_table.engine.game import Game
from riichi_table.engine.hand_result import HandResultError
from riichi_table.engine.log_read import Record, RecordedHand, RecordError, read_record
from riichi_table.engine.rules import Rules, resolve_rules

__all__ = ["HandCheck", "LogCheck", "RecordError", "check_record", "check_text"]


@dataclass(frozen=True, slots=True)
class HandCheck:
    """One hand's verdict: `field` is None when everything agrees, else the first field that differs
    ("dealer rotation", "honba", "sticks", "scores", "result", "score changes") and `message` says how."""

    name: str
    field: str | None = None
    message: str = ""

    @property
    def ok(self) -> bool:
        return self.field is None


@dataclass(frozen=True, slots=True)
class LogCheck:
    """The whole record's verdict: per hand, then the game end and the final ranking (None: agree)."""

    rules: str
    hands: tuple[HandCheck, ...]
    game_end: str | None
    ranking: str | None
    ranking_lines: tuple[str, ...]

    @property
    def ok(self) -> bool:
        return all(h.ok for h in self.hands) and self.game_end is None and self.ranking is None

    def lines(self) -> list[str]:
        """The report as text lines, one per hand, then the game end and the ranking."""
        out = [f"rules: {self.rules}"]
        for h in self.hands:
            out.append(f"{h.name}: ok" if h.ok else f"{h.name}: {h.field} differs: {h.message}")
        out.append("game end: ok" if self.game_end is None else f"game end differs: {self.game_end}")
        out.append("final ranking: ok" if self.ranking is None else f"final ranking differs: {self.ranking}")
        out += [f"  {line}" for line in self.ranking_lines]
        out.append("all agree" if self.ok else "the record and the engine disagree")
        return out


def check_text(text: str, rules: Rules | str | Mapping[str, object] | None = None) -> LogCheck:
    """Read a record (`engine.log_read`) and check it; the rules default to the preset the record names."""
    given = resolve_rules(rules) if rules is not None else None
    record = read_record(
        text, given.riichi_deposit if given else None, bool(given.liability) if given else True
    )
    if rules is None:
        if record.preset is None:
            raise RecordError(
                "the record names no rule preset: give one (wrc, uspml, online, tenhou, beginner)"
            )
        rules = record.preset
    return check_record(record, rules)


def check_record(record: Record, rules: Rules | str | Mapping[str, object]) -> LogCheck:
    """Replay `record` through a fresh Game under `rules` and compare hand by hand."""
    game = Game(rules)
    checks: list[HandCheck] = []
    game_end: str | None = None
    for hand in record.hands:
        if game.ended:
            game_end = game_end or f"the engine ends the game before {hand.name}, the record plays on"
            checks.append(HandCheck(hand.name, "game end", "the game is already over"))
            continue
        checks.append(_check_hand(game, hand))
    if game_end is None and not game.ended:
        nxt = f"{WINDS_PAI[game.round_wind]}{game.hand_number}"
        game_end = f"the record ends after {len(record.hands)} hands, but the engine plays on ({nxt} next)"
    ranking, lines = _check_ranking(game, record)
    return LogCheck(game.rules.name, tuple(checks), game_end, ranking, tuple(lines))


def _check_hand(game: Game, hand: RecordedHand) -> HandCheck:
    expected_place = (game.round_wind, game.hand_number)
    if (hand.round_wind, hand.hand_number) != expected_place:
        want = f"{WINDS_PAI[game.round_wind]}{game.hand_number}"
        got = f"{WINDS_PAI[hand.round_wind]}{hand.hand_number}"
        return HandCheck(hand.name, "dealer rotation", f"the record plays {got}, the engine expects {want}")
    if hand.honba != game.honba:
        return HandCheck(hand.name, "honba", f"recorded {hand.honba}, the engine has {game.honba}")
    if hand.sticks != game.sticks:
        return HandCheck(
            hand.name, "sticks", f"recorded {hand.sticks} on the table, the engine has {game.sticks}"
        )
    if list(hand.scores) != game.scores:
        return HandCheck(
            hand.name, "scores", f"recorded {list(hand.scores)} at the start, engine {game.scores}"
        )
    try:
        game.apply_result(hand.result)
    except HandResultError as exc:
        return HandCheck(hand.name, "result", f"the engine refuses it: {exc}")
    money = game.result_hands[-1].money
    engine = [tuple(m.deltas) for m in money]
    if len(engine) != len(hand.deltas):
        return HandCheck(
            hand.name,
            "score changes",
            f"recorded {len(hand.deltas)} settlement(s) {[list(d) for d in hand.deltas]}, "
            f"the engine {len(engine)}: {[list(d) for d in engine]}",
        )
    for k, (rec, eng) in enumerate(zip(hand.deltas, engine, strict=True)):
        for seat in range(4):
            if rec[seat] != eng[seat]:
                which = f"settlement {k + 1}: " if len(engine) > 1 else ""
                return HandCheck(
                    hand.name,
                    "score changes",
                    f"{which}seat {seat} recorded {rec[seat]:+d}, the engine {eng[seat]:+d} "
                    f"(recorded {list(rec)}, engine {list(eng)})",
                )
    return HandCheck(hand.name)


def _check_ranking(game: Game, record: Record) -> tuple[str | None, list[str]]:
    standings = game.ranking()
    lines = [
        f"{s.rank}. seat {s.seat}: {s.score} points, final {s.final / 1000:+.1f}"
        + (f" (rounded to {s.rounded} for the final)" if s.rounded != s.score else "")
        for s in standings
    ]
    if record.final_scores is None:
        return None, ["(the record has no final scores; the engine's ranking:)", *lines]
    engine_scores = [0, 0, 0, 0]
    engine_values = [0.0, 0.0, 0.0, 0.0]
    for s in standings:
        engine_scores[s.seat] = s.score
        engine_values[s.seat] = s.final / 1000
    for seat in range(4):
        if record.final_scores[seat] != engine_scores[seat]:
            recorded = record.final_scores[seat]
            return f"seat {seat}: recorded final score {recorded}, engine {engine_scores[seat]}", lines
    if record.final_values is not None:
        for seat in range(4):
            if abs(record.final_values[seat] - engine_values[seat]) > 0.05:
                return (
                    f"seat {seat}: recorded final value {record.final_values[seat]:+.1f}, "
                    f"engine {engine_values[seat]:+.1f}",
                    lines,
                )
    return None, lines

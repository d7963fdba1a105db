"""Club-night logic: a game's state from its recorded hands, the night's standings and chart data.

Scores are never computed here: each game's active hands are replayed in order through the engine's game
state (`webui.engine_game`, the seam to `engine/game.py`), which owns dealer rotation, honba, riichi sticks,
the end of the game and the final ranking with the preset's uma/oka.
"""

from __future__ import annotations

import re
import threading
from dataclasses import dataclass
from typing import Any

from riichi_table.webui import engine_game, results
from riichi_table.webui.store import GameRow, Store

WIND_NAMES = ("East", "South", "West", "North")


@dataclass(frozen=True)
class HandLine:
    hand_id: int
    position: int  # the stored position (undone hands leave gaps)
    number: int  # 1.. among the game's active hands: what people call "hand 3"
    text: str
    round_label: str
    deltas: tuple[int, int, int, int]
    scores: tuple[int, int, int, int]
    note: str = ""  # what the changes alone do not say: riichi deposits, a chombo's penalty at the end
    penalties: tuple[int, int, int, int] = (0, 0, 0, 0)  # chombo points taken off at the final count


@dataclass(frozen=True)
class GameView:
    """A game as the pages show it. `error` is set (and scores empty) when the engine cannot replay it."""

    game: GameRow
    names: tuple[str, str, str, str]
    lines: tuple[HandLine, ...]
    state: engine_game.Snapshot | None
    final: tuple[engine_game.Placing, ...]
    error: str | None

    @property
    def over(self) -> bool:
        """The game is over (ended by the engine, ended by hand or void): no hand is next."""
        return self.game.status == "finished" or bool(self.state and self.state.finished)

    @property
    def round_label(self) -> str:
        """The hand the table is at; for a game that is over, the last hand played and "final"."""
        if self.state is None:
            return "-"
        if self.over:
            return f"{self.lines[-1].round_label}, final" if self.lines else "final (no hand played)"
        return engine_game.round_label(self.state)

    def scoreboard(self) -> dict[str, Any]:
        """JSON for the big screen (also what the scoreboard's SSE stream sends)."""
        s = self.state
        last = self.lines[-1] if self.lines else None
        return {
            "game_id": self.game.id,
            "version": self.game.version,
            "status": self.game.status,
            "void": self.game.voided,
            "names": list(self.names),
            "scores": list(s.scores) if s else None,
            "round": self.round_label,
            "dealer": s.dealer if s and not self.over else None,
            "seat_winds": list(engine_game.seat_winds(s)) if s else None,
            "honba": s.honba if s else None,
            "sticks": s.sticks if s else None,
            "finished": bool(s and s.finished),
            "last": {"text": last.text, "deltas": list(last.deltas), "round": last.round_label}
            if last
            else None,
            "final": [p.to_json() for p in self.final],
            "hands": len(self.lines),
            "error": self.error,
        }


def _note(result: dict[str, Any], step: engine_game.Step, names: tuple[str, str, str, str]) -> str:
    """Riichi deposits and chombo penalties in words, so every number in the hand list is explained."""
    parts = []
    riichi = result.get("riichi") or []
    if riichi:
        parts.append("riichi: " + ", ".join(names[s] for s in riichi) + " (1,000 each to the table)")
    for seat, penalty in enumerate(step.penalties):
        if penalty:
            parts.append(f"{names[seat]}: chombo penalty of {penalty:,} points, taken off at the final count")
    if result.get("kind") == "chombo" and not any(step.penalties) and any(step.deltas):
        parts.append(f"{names[result['seat']]} pays the chombo penalty now")
    return "; ".join(parts)


_SEAT = re.compile(r"\bseat (\d)\b")
_SEED = re.compile(r"\s*\(?\bseeds? \d{3}(?: [\w.\"]+)*?(?:\)|(?=[,;:]|$))")


def plain(message: str, names: tuple[str, ...] | list[str]) -> str:
    """A message for people: "seat 2" becomes the player's name and rule-book citations are dropped."""
    text = _SEAT.sub(
        lambda m: names[int(m.group(1))] if int(m.group(1)) < len(names) else m.group(0), message
    )
    return _SEED.sub("", text).strip()


def names_of(store: Store, game: GameRow) -> tuple[str, str, str, str]:
    n = [store.player(pid).name for pid in game.seats]
    return (n[0], n[1], n[2], n[3])


_CACHE_SIZE = 64
_cache: dict[tuple[str, int, int, str], GameView] = {}
_cache_lock = threading.Lock()


def game_view(store: Store, game: GameRow) -> GameView:
    """The game replayed through the engine; cached per database and game version (any write changes it)."""
    version, status = store.game_version(game.id)
    key = (store.path, game.id, version, status)
    with _cache_lock:
        hit = _cache.get(key)
    if hit is not None:
        return hit
    view = _game_view(store, game)
    with _cache_lock:
        if len(_cache) >= _CACHE_SIZE:
            _cache.pop(next(iter(_cache)))
        _cache[key] = view
    return view


def _game_view(store: Store, game: GameRow) -> GameView:
    names = names_of(store, game)
    hands = store.hands(game.id)
    try:
        replay = engine_game.replay(game.rules, [h.result for h in hands])
    except engine_game.GameUnavailable as exc:
        return GameView(game, names, (), None, (), str(exc))
    lines = tuple(
        HandLine(
            h.id,
            h.position,
            number,
            results.describe(h.result, list(names)),
            step.round_label,
            step.deltas,
            step.scores,
            _note(h.result, step, names),
            step.penalties,
        )
        for number, (h, step) in enumerate(zip(hands, replay.steps, strict=False), 1)
    )
    final = replay.placings if replay.state.finished or game.status == "finished" else ()
    return GameView(game, names, lines, replay.state, tuple(final), replay.error)


@dataclass(frozen=True)
class Standing:
    player_id: int
    name: str
    guest: bool
    games: int
    points: float  # sum of final results (uma/oka applied), in thousands as clubs write them
    places: tuple[int, ...]
    chombo: int = 0  # chombo penalty points included in `points` (taken off at each game's final count)


def standings(store: Store, night_id: int) -> tuple[list[Standing], dict[int, list[float]], list[GameView]]:
    """The night's standings over finished games, each player's running total after every finished game
    (for the chart), and every game's view."""
    views = [game_view(store, g) for g in store.games(night_id)]
    pids = list(dict.fromkeys(pid for v in views for pid in v.game.seats))
    totals = {pid: 0.0 for pid in pids}
    places: dict[int, list[int]] = {pid: [] for pid in pids}
    chombo = {pid: 0 for pid in pids}
    series = {pid: [0.0] for pid in pids}
    for view in views:
        if not view.final or view.game.voided:  # a void game stays listed but counts for nobody
            continue
        for placing in view.final:
            pid = view.game.seats[placing.seat]
            totals[pid] += placing.result
            places[pid].append(placing.place)
            chombo[pid] += sum(line.penalties[placing.seat] for line in view.lines)
        for pid in pids:
            series[pid].append(round(totals[pid], 1))
    table = []
    for pid, total in totals.items():
        p = store.player(pid)
        table.append(
            Standing(pid, p.name, p.guest, len(places[pid]), round(total, 1), tuple(places[pid]), chombo[pid])
        )
    table.sort(key=lambda s: (-s.points, s.name))
    return table, series, views


def check_replay(rules: Any, hand_results: list[dict[str, Any]]) -> bool:
    """Replay a game's hands (with a new or edited one) before it is written; returns whether the game is
    over. Raises GameUnavailable when the engine refuses a hand (the message names it)."""
    replay = engine_game.replay(rules, hand_results)
    if replay.error:
        raise engine_game.GameUnavailable(replay.error)
    return replay.state.finished

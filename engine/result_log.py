"""Logs of a game fed with hand results (`Game.apply_result`): mjai lines and a tenhou.net/6 log, no tiles.

Such a game has no discards, so the logs carry each hand's header, the scores, the riichi sticks and the
result with its score changes. mjai: `start_kyoku` without `dora_marker` and `tehais`, `reach` +
`reach_accepted` (with `deltas`, `scores`) for each stick, `hora` without `pai` (with `deltas`, `scores`,
`fan`, `fu`, `hora_points`) or `ryukyoku` (with `tenpais` at an exhaustive draw), `end_kyoku`, and
`end_game` once the game is over. These lines are for other tools and people: `engine.events` cannot read
them back (its `hora` needs a tile); keep the results themselves (`hand_result.result_to_json`) for that.
tenhou.net/6: per hand the header, scores, empty dora / ura / tile arrays, and the result array as
`engine/export.py` writes it. A chombo is no hand (seed 002 3.4) and no format has it: both logs leave it
out, and the next hand's scores show its payments. Games fed with tile-level events use `engine.export`.
"""

from __future__ import annotations

import json
from typing import Any

from riichi_table.engine.events import WINDS_PAI, StartKyoku
from riichi_table.engine.export import ABORTIVE_NAMES, points_text
from riichi_table.engine.game import Game
from riichi_table.engine.hand_result import (
    AbortResult,
    ChomboResult,
    DrawResult,
    HandResultError,
    SettledHand,
)
from riichi_table.engine.table import HandResult


def _check(game: Game) -> None:
    if any(isinstance(e, StartKyoku) for e in game.events):
        raise HandResultError(
            "this game has hands fed with tile-level events: write it with engine.export, not result_log"
        )


def _scores(s: list[int]) -> list[int]:
    return [s[0], s[1], s[2], s[3]]


def _mjai_hand(game: Game, h: SettledHand) -> list[dict[str, Any]]:
    scores = list(h.scores_before)
    out: list[dict[str, Any]] = [
        {"type": "start_kyoku", "bakaze": WINDS_PAI[h.round_wind], "kyoku": h.hand_number, "honba": h.honba,
         "kyotaku": h.sticks, "oya": h.dealer, "scores": _scores(scores)},
    ]  # fmt: skip
    deposit = game.rules.riichi_deposit
    for seat in sorted(h.result.riichi):
        deltas = [-deposit if s == seat else 0 for s in range(4)]
        scores[seat] -= deposit
        out.append({"type": "reach", "actor": seat})
        out.append({"type": "reach_accepted", "actor": seat, "deltas": deltas, "scores": _scores(scores)})
    for m in h.money:
        scores = [a + b for a, b in zip(scores, m.deltas, strict=True)]
        end: dict[str, Any]
        if m.kind == "hora":
            d = m.detail
            end = {"type": "hora", "actor": d["actor"], "target": d["target"], "fan": d["han"],
                   "fu": d["fu"], "hora_points": d["points"]}  # fmt: skip
        else:
            end = {"type": "ryukyoku", "reason": m.detail["reason"]}
            if isinstance(h.result, DrawResult):
                end["tenpais"] = list(h.result.tenpai)
        out.append({**end, "deltas": list(m.deltas), "scores": _scores(scores)})
    out.append({"type": "end_kyoku"})
    return out


def mjai_lines(game: Game) -> list[str]:
    """The game as mjai JSON lines (module docstring); HandResultError for a game fed with events."""
    _check(game)
    events: list[dict[str, Any]] = [{"type": "start_game", "names": list(game.names)}]
    for h in game.result_hands:
        if not isinstance(h.result, ChomboResult):
            events += _mjai_hand(game, h)
    if game.ended:
        events.append({"type": "end_game", "scores": list(game.scores)})
    return [json.dumps(e, ensure_ascii=False, separators=(",", ":")) for e in events]


def _tenhou_result(h: SettledHand, rel: Any) -> list[Any]:
    if isinstance(h.result, AbortResult):
        return [ABORTIVE_NAMES[h.result.reason]]
    if isinstance(h.result, DrawResult):
        (m,) = h.money
        if h.result.nagashi:
            return ["流し満貫", rel(m.deltas)]
        if any(m.deltas):
            return ["流局", rel(m.deltas)]
        return ["全員聴牌" if all(h.result.tenpai) else "全員不聴"]
    out: list[Any] = ["和了"]
    for m in h.money:
        out += [rel(m.deltas), _win_info(m, rel)]
    return out


def _win_info(m: HandResult, rel: Any) -> list[Any]:
    d = m.detail
    seat = rel(range(4)).index
    who, frm = seat(d["actor"]), seat(d["target"])
    liable = d.get("liable")
    info: list[Any] = [who, frm, seat(liable) if isinstance(liable, int) else who, points_text(d)]
    yaku = d.get("yaku")
    for name, han in yaku if isinstance(yaku, list) else []:
        info.append(f"{name}({han}飜)")
    return info


def tenhou_log(game: Game, title: str = "riichi-table") -> dict[str, Any]:
    """The game as a tenhou.net/6 JSON object (title, name, rule, log); seats from the first dealer."""
    _check(game)
    first = game.first_dealer or 0

    def rel(values: Any) -> list[Any]:
        v = list(values)
        return [v[(first + i) % 4] for i in range(4)]

    log = []
    for h in game.result_hands:
        if isinstance(h.result, ChomboResult):
            continue
        entry: list[Any] = [[h.round_wind * 4 + h.hand_number - 1, h.honba, h.sticks], rel(h.scores_before)]
        entry += [[] for _ in range(14)]  # dora, ura, then haipai / draws / discards per seat: unknown
        entry.append(_tenhou_result(h, rel))
        log.append(entry)
    return {
        "title": [title, ""],
        "name": rel(game.names),
        "rule": {"disp": f"riichi-table {game.rules.name}", "aka": 1 if game.rules.red_five_total else 0},
        "log": log,
    }


def write_mjai(path: str, game: Game) -> None:
    """Write `path` as mjai JSON lines (UTF-8)."""
    with open(path, "w", encoding="utf-8") as f:
        for line in mjai_lines(game):
            f.write(line + "\n")


def write_tenhou(path: str, game: Game, title: str = "riichi-table") -> None:
    """Write `path` as a tenhou.net/6 JSON log (UTF-8)."""
    with open(path, "w", encoding="utf-8") as f:
        json.dump(tenhou_log(game, title), f, ensure_ascii=False)

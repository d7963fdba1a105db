"""Read a game record (tenhou.net/6 JSON, or mjai lines: engine/log_mjai.py) into hands to replay.

A record tells per hand: the header (round wind, hand number, honba, riichi sticks), the scores at its start,
how it ended (who won, from whom, han / fu / yakuman, pao; who was tenpai; which abortive draw) and the score
changes it wrote. `read_record` turns either format into `RecordedHand`s; `engine.log_check` replays them
through `engine.game.Game` and compares.

tenhou.net/6 (the format `engine/export.py` and `engine/result_log.py` write): seats count from the first
dealer, so they are the game's seats with seat 0 dealing first. A win is `["和了", deltas, info, ...]` with
`info = [winner, from, pao, points text, "yaku(N飜)", ...]` (from == winner: tsumo); han are the yaku's
飜 (or the least han of the limit the points text names, when no yaku are listed), fu the points text's 符.
A draw is `["流局", deltas]` (tenpai: the seats that did not pay), `["全員聴牌"]`, `["全員不聴"]`,
`["流し満貫", deltas]`; an abortive draw its Japanese name. Who put a riichi stick down comes from a discard
written `r..` where the record has tiles, else from the scores: the next hand's start (or the final `sc`)
less this hand's changes is one deposit lower for each such seat. An optional top-level `sc` (tenhou's
final scores in hundreds, each followed by the final value in thousands) is the recorded ranking.

mjai lines (result lines as `engine/result_log.py` writes them, or a tile-level mjai log): engine/log_mjai.py.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping, Sequence
from typing import Any

from riichi_table.engine.export import ABORTIVE_NAMES
from riichi_table.engine.hand_result import (
    AbortResult,
    DrawResult,
    HandResultError,
    Result,
    Winner,
    WinResult,
)
from riichi_table.engine.log_mjai import read_mjai
from riichi_table.engine.log_record import Record, RecordedHand, RecordError, four, is_int

__all__ = ["Record", "RecordError", "RecordedHand", "read_record"]

_ABORT_BY_NAME = {name: reason for reason, name in ABORTIVE_NAMES.items()}
_LIMIT_HAN = {"満貫": 5, "跳満": 6, "倍満": 8, "三倍満": 11}
_HAN = re.compile(r"\((\d+)飜\)")
_FU = re.compile(r"(\d+)符")


def read_record(text: str, deposit: int | None = None, liability: bool = True) -> Record:
    """Parse a record; tenhou.net/6 JSON when the text is one JSON object with a `log`, else mjai lines.

    `deposit` is the riichi deposit used to tell riichi sticks from the scores (default 1000); `liability`
    whether the rules have pao (a tile-level mjai log's liable seat is then read from its calls).
    """
    stripped = text.strip()
    if not stripped:
        raise RecordError("the record is empty: expected tenhou.net/6 JSON or mjai JSON lines")
    try:
        whole = json.loads(stripped)
    except ValueError:
        whole = None
    if isinstance(whole, Mapping) and "log" in whole:
        return _read_tenhou(whole, deposit or 1000)
    return read_mjai(stripped.splitlines(), liability)


# --- tenhou.net/6 -----------------------------------------------------------------------------------


def _read_tenhou(data: Mapping[str, Any], deposit: int) -> Record:
    log = data.get("log")
    if not isinstance(log, list) or not log:
        raise RecordError("tenhou.net/6 record: 'log' must be a non-empty list of hands")
    final_scores, final_values = _final(data.get("sc"))
    preset = _preset_of(data.get("rule"))
    hands: list[RecordedHand] = []
    for i, entry in enumerate(log):
        where = f"hand {i + 1}"
        if not isinstance(entry, list) or len(entry) < 3:
            raise RecordError(f"{where}: expected [header, scores, ..., result], got {entry!r}")
        header = entry[0]
        if not isinstance(header, list) or len(header) != 3 or not all(is_int(v) for v in header):
            raise RecordError(f"{where}: header must be [kyoku, honba, sticks], got {header!r}")
        kyoku, honba, sticks = header
        scores = four(entry[1], f"{where} scores")
        result_array = entry[-1]
        if not isinstance(result_array, list) or not result_array or not isinstance(result_array[0], str):
            raise RecordError(
                f"{where}: the result must be a list starting with its name, got {result_array!r}"
            )
        after = _next_scores(log, i, final_scores)
        riichi = _riichi_seats(entry, scores, result_array, after, deposit)
        try:
            result, deltas = _tenhou_result(result_array, riichi, where)
        except HandResultError as exc:
            raise RecordError(f"{where}: {exc}") from None
        hands.append(RecordedHand(i + 1, kyoku // 4, kyoku % 4 + 1, honba, sticks, scores, result, deltas))
    return Record(tuple(hands), preset, final_scores, final_values)


def _preset_of(rule: object) -> str | None:
    if isinstance(rule, Mapping):
        disp = rule.get("disp")
        if isinstance(disp, str) and disp.startswith("riichi-table "):
            return disp.split(" ", 1)[1]
    return None


def _final(sc: object) -> tuple[tuple[int, int, int, int] | None, tuple[float, float, float, float] | None]:
    if sc is None:
        return None, None
    if not isinstance(sc, list) or len(sc) != 8 or not all(isinstance(v, int | float) for v in sc):
        raise RecordError(f"'sc' must be eight numbers (score in hundreds, value in thousands), got {sc!r}")
    scores = tuple(round(sc[2 * i] * 100) for i in range(4))
    values = tuple(float(sc[2 * i + 1]) for i in range(4))
    return (scores[0], scores[1], scores[2], scores[3]), (values[0], values[1], values[2], values[3])


def _next_scores(
    log: list[Any], i: int, final: tuple[int, int, int, int] | None
) -> tuple[int, int, int, int] | None:
    if i + 1 < len(log):
        nxt = log[i + 1]
        if isinstance(nxt, list) and len(nxt) > 1:
            try:
                return four(nxt[1], f"hand {i + 2} scores")
            except RecordError:
                return None
    return final


def _riichi_seats(
    entry: list[Any],
    scores: tuple[int, ...],
    result_array: list[Any],
    after: tuple[int, ...] | None,
    deposit: int,
) -> tuple[int, ...]:
    """Seats that put a riichi stick down: a discard `r..` where tiles are recorded, else from the scores."""
    if len(entry) >= 16:
        discards = [entry[5 + 3 * seat] for seat in range(4)]
        marked = tuple(
            seat
            for seat, pond in enumerate(discards)
            if isinstance(pond, list) and any(isinstance(d, str) and d.startswith("r") for d in pond)
        )
        if any(isinstance(p, list) and p for p in discards):
            return marked
    if after is None:
        return ()
    changes = [0, 0, 0, 0]
    for item in result_array[1:]:
        if isinstance(item, list) and len(item) == 4 and all(is_int(v) for v in item):
            changes = [a + b for a, b in zip(changes, item, strict=True)]
    return tuple(seat for seat in range(4) if after[seat] - scores[seat] - changes[seat] == -deposit)


def _tenhou_result(
    array: list[Any], riichi: tuple[int, ...], where: str
) -> tuple[Result, tuple[tuple[int, int, int, int], ...]]:
    name = array[0]
    if name in _ABORT_BY_NAME:
        return AbortResult(_ABORT_BY_NAME[name], riichi), ((0, 0, 0, 0),)
    if name in ("全員聴牌", "全員不聴"):
        flag = name == "全員聴牌"
        return DrawResult((flag, flag, flag, flag), (), riichi), ((0, 0, 0, 0),)
    if name in ("流局", "流し満貫"):
        if len(array) < 2:
            raise RecordError(f"{where}: {name} needs its score changes")
        d = four(array[1], f"{where} draw changes")
        if name == "流し満貫":
            nagashi = tuple(seat for seat in range(4) if d[seat] > 0)
            return DrawResult((False, False, False, False), nagashi, riichi), (d,)
        paid = any(v < 0 for v in d)
        tenpai = tuple((v >= 0) if paid else False for v in d)
        return DrawResult(tenpai, (), riichi), (d,)  # type: ignore[arg-type]
    if name != "和了":
        raise RecordError(f"{where}: unknown result {name!r} (expected 和了, 流局, an abortive draw ...)")
    pairs = array[1:]
    if not pairs or len(pairs) % 2:
        raise RecordError(f"{where}: 和了 needs pairs of [score changes, win info]")
    winners: list[Winner] = []
    deltas: list[tuple[int, int, int, int]] = []
    discarder: int | None = None
    for k in range(0, len(pairs), 2):
        deltas.append(four(pairs[k], f"{where} win changes"))
        info = pairs[k + 1]
        if not isinstance(info, list) or len(info) < 4 or not all(is_int(v) for v in info[:3]):
            raise RecordError(f"{where}: win info must be [winner, from, pao, points, yaku...], got {info!r}")
        who, frm, pao = info[0], info[1], info[2]
        discarder = None if who == frm else frm
        han, fu, yakuman = _value(info[3], info[4:], where)
        winners.append(Winner(who, han, fu, yakuman, pao=None if pao == who else pao))
    return WinResult(tuple(winners), discarder, riichi), tuple(deltas)


def _value(points: object, yaku: Sequence[object], where: str) -> tuple[int, int, int]:
    """han, fu, yakuman of a win from its points text and yaku list."""
    if not isinstance(points, str):
        raise RecordError(f"{where}: the points text must be a string, got {points!r}")
    names = [y for y in yaku if isinstance(y, str)]
    yakuman = sum(1 for y in names if "役満" in y)
    if yakuman or points.startswith("役満"):
        return 0, 0, max(yakuman, 1)
    han = sum(int(m.group(1)) for y in names for m in [_HAN.search(y)] if m)
    fu_match = _FU.search(points)
    fu = int(fu_match.group(1)) if fu_match else 0
    if not han:
        limit = next(
            (h for n, h in sorted(_LIMIT_HAN.items(), key=lambda x: -len(x[0])) if points.startswith(n)), 0
        )
        han_match = re.search(r"(\d+)飜", points)
        han = int(han_match.group(1)) if han_match else limit
    if not fu_match and han < 5:
        han = 5  # a mangan of 3 han 70+ fu or 4 han 40+ fu pays as 5 han
    return han, fu, 0

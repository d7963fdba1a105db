"""Read mjai lines into recorded hands (engine/log_record.py) for the game-record checker.

Two kinds of mjai lines are read, one JSON object per line:

- result lines as `engine/result_log.py` writes them: `start_kyoku` with scores, `reach_accepted`, `hora`
  with `fan` / `fu` / `deltas` and no tile, `ryukyoku` with `tenpais` / `deltas`, `end_game` with `scores`;
- a tile-level mjai log as the mjai protocol writes it (gimite/mjai's field names, also written by the
  mjai.app / Mortal tools): `start_game`; `start_kyoku` {bakaze, kyoku, honba, kyotaku, oya, scores,
  dora_marker, tehais}; `tsumo`, `dahai`, `chi`, `pon`, `daiminkan`, `ankan`, `kakan`, `dora`, `reach`,
  `reach_accepted` {actor, deltas, scores}; `hora` {actor, target, pai, fu, fan, yakus, uradora_markers,
  hora_tehais, hora_points, deltas, scores}; `ryukyoku` {reason, tehais, tenpais, deltas, scores};
  `end_kyoku`; `end_game`.

Either way a hand is read as its result, as a score sheet would give it: who won from whom (`actor`,
`target`; actor == target is a tsumo), the han (`fan`) and fu, a yakuman (a `yakus` entry of 13 or more
fan, or without `yakus` a `fan` of 13 per yakuman and no fu), the seats that put a riichi stick down
(`reach_accepted`), the tenpai seats at an exhaustive draw (`tenpais`, else the seats that did not pay),
and the recorded `deltas`. Several `hora` of one hand are read nearest the discarder first. The liable
seat of big three dragons / big four winds (seed 002 3.3.9) is the one a `pao` field names, else, in a
tile-level log, the seat whose discard the winner called for the third dragon set or the fourth wind set,
counted only when the win is a yakuman and the rules have liability.

The tile events are checked lightly, each with a one-line error naming its line: a known event type, seats
0..3, tiles that parse (`1m`..`9s`, `5mr` red fives, `E S W N P F C`, `?` for a hidden tile). Seats are
turned so that the first hand's dealer is seat 0, as the checker's game counts them.
"""

from __future__ import annotations

import json
from typing import Any

from riichi_table.engine.events import WINDS_PAI, is_pai, pai_to_tile
from riichi_table.engine.hand_result import (
    AbortResult,
    DrawResult,
    HandResultError,
    Result,
    Winner,
    WinResult,
)
from riichi_table.engine.log_record import Record, RecordedHand, RecordError, four, is_int

EVENT_TYPES = (
    "start_game", "start_kyoku", "tsumo", "dahai", "chi", "pon", "daiminkan", "ankan", "kakan", "dora",
    "reach", "reach_accepted", "hora", "ryukyoku", "end_kyoku", "end_game", "none",
)  # fmt: skip
_SEAT_FIELDS = ("actor", "target", "oya", "pao")
_ACTED = ("tsumo", "dahai", "chi", "pon", "daiminkan", "ankan", "kakan", "reach", "reach_accepted", "hora")
_TILE_FIELDS = ("pai", "dora_marker")
_TILE_LIST_FIELDS = ("consumed", "uradora_markers", "ura_markers", "hora_tehais")
# ryukyoku reasons -> the engine's abortive draws (hand_result.ABORT_REASONS); the mjai tools spell them
# differently, so each common spelling is read
_ABORTS = {
    "yao9": "yao9", "kyushukyuhai": "yao9", "kyuushukyuuhai": "yao9",
    "kaze4": "kaze4", "sufonrenta": "kaze4", "suufonrenda": "kaze4",
    "reach4": "reach4", "suchareach": "reach4", "suuchariichi": "reach4",
    "kan4": "kan4", "sukaikan": "kan4", "suukaikan": "kan4", "suukansanra": "kan4",
    "ron3": "ron3", "sanchaho": "ron3", "sanchahou": "ron3",
}  # fmt: skip
_NAGASHI = ("nagashi", "nagashimangan")
_DRAGONS, _WINDS = frozenset(range(31, 34)), frozenset(range(27, 31))


def read_mjai(lines: list[str], liability: bool = True) -> Record:
    """Hands of mjai lines (module docstring). `liability`: whether the rules have pao (002 3.3.9), so that
    a tile-level log's liable seat is passed on. Raises RecordError naming the line."""
    events: list[tuple[int, dict[str, Any]]] = []
    for n, line in enumerate(lines, 1):
        if not line.strip():
            continue
        try:
            obj = json.loads(line)
        except ValueError as exc:
            raise RecordError(f"line {n}: not a JSON line ({exc}); expected mjai events") from None
        if not isinstance(obj, dict) or not isinstance(obj.get("type"), str):
            raise RecordError(f"line {n}: expected an mjai event object with a 'type', got {line[:60]!r}")
        _check_event(n, obj)
        events.append((n, obj))
    first = next((e for _, e in events if e["type"] == "start_kyoku"), None)
    turn = _turn(first)
    hands: list[RecordedHand] = []
    final: tuple[int, int, int, int] | None = None
    current: _Hand | None = None
    for n, e in events:
        kind = e["type"]
        if kind == "start_kyoku":
            current = _Hand(e, n)
        elif kind == "end_game" and "scores" in e:
            final = _turned(four(e["scores"], f"line {n} end_game scores"), turn)
        elif current is not None:
            if kind == "end_kyoku":
                hands.append(current.recorded(len(hands) + 1, turn, liability))
                current = None
            else:
                current.add(n, e)
    if current is not None and current.ends:
        hands.append(current.recorded(len(hands) + 1, turn, liability))
    if not hands:
        raise RecordError("no hands in the mjai lines (expected start_kyoku ... end_kyoku)")
    return Record(tuple(hands), None, final, None)


def _check_event(n: int, e: dict[str, Any]) -> None:
    """The light check of one event: its type, seats and tiles (RecordError naming the line)."""
    kind = e["type"]
    if kind not in EVENT_TYPES:
        raise RecordError(
            f"line {n}: unknown mjai event type {kind!r} (expected one of {', '.join(EVENT_TYPES)})"
        )
    for name in _SEAT_FIELDS:
        if (
            name in e
            and not (is_int(e[name]) and 0 <= e[name] <= 3)
            and not (name == "pao" and e[name] is None)
        ):
            raise RecordError(f"line {n}: {kind} {name} {e[name]!r} is not a seat 0..3")
    for name in _TILE_FIELDS:
        if name in e:
            _check_pai(n, kind, name, e[name])
    for name in _TILE_LIST_FIELDS:
        if name in e:
            _check_pais(n, kind, name, e[name])
    if "tehais" in e:
        tehais = e["tehais"]
        if not isinstance(tehais, list) or len(tehais) != 4:
            raise RecordError(f"line {n}: {kind} tehais must be four lists of tiles, got {tehais!r}")
        for hand in tehais:
            _check_pais(n, kind, "tehais", hand)
    if kind in _ACTED and "actor" not in e:
        raise RecordError(f"line {n}: {kind} needs an 'actor' seat 0..3")
    if kind in ("tsumo", "dahai") and "pai" not in e:
        raise RecordError(f"line {n}: {kind} needs a 'pai' tile")


def _check_pai(n: int, kind: str, name: str, value: object) -> None:
    if not isinstance(value, str) or not is_pai(value, unknown_ok=True):
        raise RecordError(
            f"line {n}: {kind} {name} {value!r} is not an mjai tile (1m..9m, 1p..9p, 1s..9s, 5mr/5pr/5sr, "
            "E S W N P F C, or ?)"
        )


def _check_pais(n: int, kind: str, name: str, value: object) -> None:
    if not isinstance(value, list):
        raise RecordError(f"line {n}: {kind} {name} must be a list of tiles, got {value!r}")
    for pai in value:
        _check_pai(n, kind, name, pai)


def _turn(first: dict[str, Any] | None) -> int:
    """The seat of the first hand's dealer (its oya less its hand number), which becomes seat 0."""
    if first is None or not is_int(first.get("oya")) or not is_int(first.get("kyoku")):
        return 0
    return int(first["oya"] - (first["kyoku"] - 1)) % 4


def _turned(values: tuple[int, int, int, int], turn: int) -> tuple[int, int, int, int]:
    return (values[turn % 4], values[(turn + 1) % 4], values[(turn + 2) % 4], values[(turn + 3) % 4])


def _kind(pai: object) -> int | None:
    return pai_to_tile(pai).kind if isinstance(pai, str) and pai != "?" else None


class _Hand:
    """What one hand's lines say: its start, riichi sticks, calls that make a player liable, and its end."""

    def __init__(self, start: dict[str, Any], line: int) -> None:
        self.start, self.line = start, line
        self.riichi: list[int] = []
        self.ends: list[dict[str, Any]] = []
        self.sets: list[list[int]] = [[], [], [], []]  # dragon / wind set kinds per seat, in call order
        self.liable: list[int | None] = [None, None, None, None]

    def add(self, n: int, e: dict[str, Any]) -> None:
        kind = e["type"]
        if kind == "reach_accepted":
            self.riichi.append(e["actor"])
        elif kind in ("hora", "ryukyoku"):
            self.ends.append({**e, "_line": n})
        elif kind in ("pon", "daiminkan", "ankan"):
            self._set(e["actor"], _kind(e.get("pai") or (e.get("consumed") or [None])[0]), e.get("target"))

    def _set(self, actor: int, kind: int | None, target: object) -> None:
        """002 3.3.9: the discard called for the third dragon set or the fourth wind set makes its
        discarder liable (an ankan completing them makes nobody liable)."""
        if kind is None or kind not in _DRAGONS | _WINDS:
            return
        self.sets[actor].append(kind)
        group = _DRAGONS if kind in _DRAGONS else _WINDS
        if sum(k in group for k in self.sets[actor]) == len(group) and is_int(target) and target != actor:
            self.liable[actor] = target

    def recorded(self, number: int, turn: int, liability: bool) -> RecordedHand:
        s = self.start
        where = f"hand {number} (line {self.line})"
        bakaze = s.get("bakaze")
        if bakaze not in WINDS_PAI:
            raise RecordError(f"{where}: bakaze {bakaze!r} is not E, S, W or N")
        scores = _turned(four(s.get("scores"), f"{where} scores"), turn)
        if not self.ends:
            raise RecordError(f"{where}: the hand has no hora or ryukyoku")
        ends = self.ends
        if ends[0]["type"] == "hora":  # nearest the discarder first, as the engine settles them
            ends = sorted(ends, key=lambda e: (e.get("actor", 0) - e.get("target", 0)) % 4)
        deltas = tuple(_turned(four(e.get("deltas"), f"line {e['_line']} deltas"), turn) for e in ends)
        riichi = tuple((a - turn) % 4 for a in self.riichi)
        try:
            result = self._result(ends, deltas, riichi, turn, liability)
        except HandResultError as exc:
            raise RecordError(f"{where}: {exc}") from None
        kyoku = s.get("kyoku")
        honba, sticks = s.get("honba", 0), s.get("kyotaku", 0)
        if not (is_int(kyoku) and is_int(honba) and is_int(sticks)):
            raise RecordError(f"{where}: kyoku, honba and kyotaku must be whole numbers")
        return RecordedHand(number, WINDS_PAI.index(bakaze), kyoku, honba, sticks, scores, result, deltas)

    def _result(
        self,
        ends: list[dict[str, Any]],
        deltas: tuple[tuple[int, int, int, int], ...],
        riichi: tuple[int, ...],
        turn: int,
        liability: bool,
    ) -> Result:
        def seat(v: int) -> int:
            return (v - turn) % 4

        if ends[0]["type"] == "ryukyoku":
            reason = ends[0].get("reason", "fanpai")
            if not isinstance(reason, str):
                raise RecordError(
                    f"line {ends[0]['_line']}: ryukyoku reason must be a string, got {reason!r}"
                )
            if reason in _ABORTS:
                return AbortResult(_ABORTS[reason], riichi)
            if reason not in ("fanpai", *_NAGASHI):
                raise RecordError(f"line {ends[0]['_line']}: unknown ryukyoku reason {reason!r}")
            d = deltas[0]
            if reason in _NAGASHI:
                return DrawResult(
                    (False, False, False, False), tuple(i for i in range(4) if d[i] > 0), riichi
                )
            tenpais = ends[0].get("tenpais")
            if tenpais is None:  # the seats that did not pay
                paid = any(v < 0 for v in d)
                flags = [v >= 0 and paid for v in d]
            elif (
                isinstance(tenpais, list) and len(tenpais) == 4 and all(isinstance(t, bool) for t in tenpais)
            ):
                flags = [tenpais[(i + turn) % 4] for i in range(4)]
            else:
                raise RecordError(
                    f"line {ends[0]['_line']}: tenpais must be four true/false, got {tenpais!r}"
                )
            return DrawResult((flags[0], flags[1], flags[2], flags[3]), (), riichi)
        winners = []
        discarder: int | None = None
        for e in ends:
            if e["type"] != "hora":
                raise RecordError(f"line {e['_line']}: a hand ends with a hora or a ryukyoku, not both")
            who, frm = e.get("actor"), e.get("target")
            if not is_int(who) or not is_int(frm):
                raise RecordError(f"line {e['_line']}: hora needs actor and target seats")
            discarder = None if who == frm else seat(frm)
            han, fu, yakuman = _value(e)
            pao: int | None = e.get("pao")  # a seat 0..3 (_check_event)
            if pao is None and yakuman and liability:
                pao = self.liable[who]
            winners.append(Winner(seat(who), han, fu, yakuman, pao=None if pao is None else seat(pao)))
        return WinResult(tuple(winners), discarder, riichi)


def _value(e: dict[str, Any]) -> tuple[int, int, int]:
    """han, fu, yakuman of a hora line (module docstring)."""
    fan, fu = e.get("fan"), e.get("fu", 0)
    if not is_int(fan) or not is_int(fu):
        raise RecordError(
            f"line {e['_line']}: hora needs whole numbers 'fan' and 'fu' (the win's value), "
            f"got {fan!r}, {fu!r}"
        )
    yakus = e.get("yakus")
    if isinstance(yakus, list) and yakus:
        values = [y[1] for y in yakus if isinstance(y, list) and len(y) == 2 and is_int(y[1])]
        yakuman = sum(v // 13 for v in values if v >= 13)
        return (0, 0, yakuman) if yakuman else (fan, fu, 0)
    if fan >= 13 and not fu:
        return 0, 0, fan // 13
    return fan, fu, 0

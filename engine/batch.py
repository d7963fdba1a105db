"""The batch protocol (docs/engine.md, "Command line"): one request dict in, one response out.

`handle(request)` never raises for bad input: it answers `{"id": ..., "ok": false, "error": "..."}`.
Ops: "score", "waits" and "nagashi" here; "furiten" goes to `engine.furiten.furiten_op` and "draw" to
`engine.draw.draw_op` (the game half), imported on first use.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from typing import Any, Final, cast

from riichi_table.engine.errors import EngineError
from riichi_table.engine.hand import shanten_and_waits
from riichi_table.engine.melds import Meld, meld_from_json
from riichi_table.engine.points import nagashi_mangan, received
from riichi_table.engine.rules import Rules, check_calls, resolve_rules
from riichi_table.engine.rules_key import RESOLVED, plain_key, same_overrides
from riichi_table.engine.score import NoWin, Win, WinInput, new_win_input, score
from riichi_table.engine.tiles import (
    Tile,
    check_copies,
    kinds_to_notation,
    parse_tile,
    parse_tiles,
    tiles_of,
    wind_kind,
)
from riichi_table.engine.yaku import Situation
from riichi_table.engine.yaku.base import FLAGS

_SCORE_FIELDS: Final = frozenset(
    (
        "op",
        "id",
        "hand",
        "win",
        "melds",
        "seat_wind",
        "round_wind",
        "dora",
        "ura",
        "honba",
        "sticks",
        "rules",
        "pao",
        "discarder",
        *FLAGS,
    )
)
_NAGASHI_FIELDS: Final = frozenset(("op", "id", "seat_wind", "rules"))
_WAITS_FIELDS: Final = frozenset(("op", "id", "hand", "melds", "rules"))
_ROUTED: Final = {
    "furiten": ("riichi_table.engine.furiten", "furiten_op"),
    "draw": ("riichi_table.engine.draw", "draw_op"),
}


class RequestError(EngineError):
    """A request field that is missing or of the wrong type."""


def _get_str(req: dict[str, Any], name: str, default: str | None = None) -> str:
    value = req.get(name, default)
    if not isinstance(value, str):
        if value is None:
            raise RequestError(f"missing field {name!r}")
        raise RequestError(f"field {name!r} must be a string, not {value!r}")
    return value


def _get_bool(req: dict[str, Any], name: str) -> bool:
    value = req.get(name, False)
    if not isinstance(value, bool):
        raise RequestError(f"field {name!r} must be true or false, not {value!r}")
    return value


def _get_count(req: dict[str, Any], name: str) -> int:
    value = req.get(name, 0)
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        raise RequestError(f"field {name!r} must be a whole number >= 0, not {value!r}")
    return value


# Melds and flag sets already checked and built, by their JSON values: a batch names the same few again and
# again. A key is looked up only when its values have exactly the JSON types a valid one has (1 == True in a
# dict key, so a bool or int is checked by type first); anything else takes the full check, which names the
# problem. Bounded: cleared when full.
_MELDS: Final[dict[tuple[str, str, int | None], Meld]] = {}
_SITUATIONS: Final[dict[int, Situation]] = {}
_CACHE_SIZE: Final = 4096


def _meld(obj: object) -> Meld:
    if type(obj) is dict:
        kind, tiles, seat = obj.get("kind"), obj.get("tiles"), obj.get("from")
        if type(kind) is str and type(tiles) is str and (seat is None or type(seat) is int):
            key = (kind, tiles, seat)
            meld = _MELDS.get(key)
            if meld is None:
                meld = meld_from_json(obj)
                if len(_MELDS) >= _CACHE_SIZE:
                    _MELDS.clear()
                _MELDS[key] = meld
            return meld
    return meld_from_json(obj)


def _get_melds(req: dict[str, Any]) -> tuple[Meld, ...]:
    value = req.get("melds", [])
    if not isinstance(value, list):
        raise RequestError(f"field 'melds' must be a list, not {value!r}")
    if len(value) > 4:
        raise RequestError(f"a hand has at most 4 melds, not {len(value)}")
    return tuple([_meld(m) for m in value])


_NOT_GIVEN: Final = object()


def _get_situation(req: dict[str, Any]) -> Situation:
    """The request's flags (FLAGS, each true or false when given) as a Situation; the first bad one named."""
    key = 0  # two bits per flag, given and true: a small int, quick to hash; -1 for a value of another type
    bit = 1
    for name in FLAGS:
        value = req.get(name, _NOT_GIVEN)
        if value is True:
            key |= 3 * bit
        elif value is False:
            key |= bit
        elif value is not _NOT_GIVEN:
            key = -1
            break
        bit <<= 2
    if key >= 0:
        situation = _SITUATIONS.get(key)
        if situation is not None:
            return situation
    situation = Situation(**{name: _get_bool(req, name) for name in FLAGS if name in req})
    if key >= 0:
        if len(_SITUATIONS) >= _CACHE_SIZE:
            _SITUATIONS.clear()
        _SITUATIONS[key] = situation
    return situation


def _get_seat(req: dict[str, Any], name: str) -> int | None:
    value = req.get(name)
    if value is None:
        return None
    if not isinstance(value, int) or isinstance(value, bool) or value not in (1, 2, 3):
        raise RequestError(f"field {name!r} must be a relative seat 1, 2 or 3, not {value!r}")
    return value


# per set of allowed fields, the field names (in order) of a request it allowed: a batch's lines name the same
# fields in the same order, and a name that is the same string object (as orjson reads them) at the same place
# is not looked up in the set. Replaced only by a longer list (a request with a field more), so that a name
# orjson hands out as a new object each time (its key cache is small) costs one look-up, not a new list.
_LAST_FIELDS: Final[dict[frozenset[str], tuple[str, ...]]] = {}


def _check_fields(req: dict[str, Any], allowed: frozenset[str]) -> None:
    last = _LAST_FIELDS.get(allowed, ())
    known = len(last)
    i = 0
    for name in req:  # a plain loop over the keys (compiled: no enumerate object, no boxed index)
        if (i >= known or name is not last[i]) and name not in allowed:
            unknown = [k for k in req if k not in allowed]
            raise RequestError(f"unknown field {sorted(map(str, unknown))[0]!r} for op {req.get('op')!r}")
        i += 1
    if i > known:
        _LAST_FIELDS[allowed] = tuple(req)


def _one_tile(text: str) -> Tile:
    found = tiles_of(text)
    return found[0] if len(found) == 1 else parse_tile(text)  # parse_tile names what is wrong


_WIND_KINDS: Final = {letter: wind_kind(letter) for letter in "ESWN"}


# the last overrides (a copy) that `_rules` built or found, and their rules
_LAST_RULES: Final[list[tuple[dict[str, object], Rules]]] = []


def _rules(spec: object) -> Rules:
    """`resolve_rules(spec)`; overrides equal to the last ones (`same_overrides`) or already built are found
    from compiled code, without a call into rules.py."""
    if type(spec) is not dict:
        return resolve_rules(spec)  # type: ignore[arg-type]  # it names a spec of a wrong type
    overrides: dict[str, object] = spec
    if _LAST_RULES and same_overrides(overrides, _LAST_RULES[0][0]):
        return _LAST_RULES[0][1]
    key = plain_key(overrides)
    found = RESOLVED.get(key) if key is not None else None
    rules = cast(Rules, found) if found is not None else resolve_rules(overrides)
    if key is not None:  # plain values: kept as a copy, which the caller cannot change
        copy = {name: list(v) if type(v) is list else v for name, v in overrides.items()}
        _LAST_RULES[:] = [(copy, rules)]
    return rules


def win_input_from_request(req: dict[str, Any]) -> WinInput:
    """The WinInput a score request describes (raises EngineError naming the bad field).

    The fields are checked in this order, each by a quick look that passes a valid value and otherwise by
    the full check that names the problem (so a request with several bad fields names the same one). The
    quick looks are written out here rather than called per field: a batch runs this for every line.
    """
    _check_fields(req, _SCORE_FIELDS)
    rules = _rules(req.get("rules"))
    situation = _get_situation(req)
    text = req.get("hand")
    # a hand's string is seldom seen twice: parsed, not remembered (tiles_of remembers the short fields)
    hand = tuple(parse_tiles(text)) if type(text) is str else tiles_of(_get_str(req, "hand"))
    win = req.get("win")
    win_tile = _one_tile(win if type(win) is str else _get_str(req, "win"))
    melds = _get_melds(req) if "melds" in req else ()
    letter = req.get("seat_wind", "E")
    seat = _WIND_KINDS.get(letter) if type(letter) is str else None
    if seat is None:
        seat = wind_kind(_get_str(req, "seat_wind", "E"))  # names what is wrong
    letter = req.get("round_wind", "E")
    round_wind = _WIND_KINDS.get(letter) if type(letter) is str else None
    if round_wind is None:
        round_wind = wind_kind(_get_str(req, "round_wind", "E"))
    shown = req.get("dora", "")
    dora = tiles_of(shown if type(shown) is str else _get_str(req, "dora", ""))
    shown = req.get("ura", "")
    ura = tiles_of(shown if type(shown) is str else _get_str(req, "ura", ""))
    honba = req.get("honba", 0)
    if type(honba) is not int or honba < 0:
        honba = _get_count(req, "honba")  # names what is wrong
    sticks = req.get("sticks", 0)
    if type(sticks) is not int or sticks < 0:
        sticks = _get_count(req, "sticks")
    # positional, in WinInput's field order
    return new_win_input(
        hand,
        win_tile,
        melds,
        situation,
        seat,
        round_wind,
        dora,
        ura,
        honba,
        sticks,
        rules,
        _get_seat(req, "pao") if "pao" in req else None,
        _get_seat(req, "discarder") if "discarder" in req else None,
    )


def score_op(req: dict[str, Any]) -> dict[str, object]:
    """Score fields for a score request; NoWin becomes an error response."""
    return _scored(req).to_json()


def _scored(req: dict[str, Any]) -> Win:
    result = score(win_input_from_request(req))
    if isinstance(result, NoWin):
        raise RequestError(result.reason)
    return result


def waits_op(req: dict[str, Any]) -> dict[str, object]:
    """Shanten, tenpai (seed 002 3.3.13) and waits of a 13-tile-equivalent hand."""
    _check_fields(req, _WAITS_FIELDS)
    rules = resolve_rules(req.get("rules"))
    hand = parse_tiles(_get_str(req, "hand"))
    melds = _get_melds(req)
    check_calls([m.kind for m in melds], rules)
    expected = 13 - 3 * len(melds)
    if len(hand) != expected:
        raise RequestError(f"hand has {len(hand)} tiles; with {len(melds)} meld(s) it must have {expected}")
    check_copies([hand, *(m.tiles for m in melds)])
    counts = [0] * 34
    for t in hand:
        counts[t.kind] += 1
    value, found = shanten_and_waits(counts, [m.tiles for m in melds], rules)
    return {"shanten": value, "tenpai": bool(found), "waits": kinds_to_notation(found)}


def nagashi_op(req: dict[str, Any]) -> dict[str, object]:
    """Nagashi mangan (001 table: 5 han, paid at the draw): a mangan tsumo's payments for `seat_wind`.

    It is not a win: no honba and no riichi sticks are paid (the round is drawn; sticks stay on the table).
    """
    _check_fields(req, _NAGASHI_FIELDS)
    rules = resolve_rules(req.get("rules"))
    if not rules.nagashi_mangan:
        raise RequestError(f"nagashi mangan is not played under the {rules.name!r} rules")
    dealer = wind_kind(_get_str(req, "seat_wind", "E")) == 27
    pay = nagashi_mangan(dealer, rules)
    points = received(pay, rules.players)
    return {
        "han": 5,
        "fu": 0,
        "yaku": [["nagashi_mangan", 5]],
        "yakuman": 0,
        "limit": "mangan",
        "points": points,
        "payments": pay.to_json(),
        "total": points,
        "fu_detail": [],
    }


def _routed(op: str) -> Callable[[dict[str, Any]], dict[str, object]] | None:
    module_name, func_name = _ROUTED[op]
    try:
        module = importlib.import_module(module_name)
    except ModuleNotFoundError as exc:
        if exc.name == module_name:
            return None
        raise
    func: Callable[[dict[str, Any]], dict[str, object]] | None = getattr(module, func_name, None)
    return func


_OPS: Final[dict[str, Callable[[dict[str, Any]], dict[str, object]]]] = {
    "score": score_op,
    "waits": waits_op,
    "nagashi": nagashi_op,
}


def handle(request: object) -> dict[str, object]:
    """Answer one batch request. Never raises for bad input."""
    req: dict[str, Any] | None = None
    if type(request) is dict:  # the usual case, which skips the ABC check
        req = request
    elif isinstance(request, Mapping):  # any other mapping is read into a dict (the compiled engine's type)
        req = dict(request)
    req_id = req.get("id") if req is not None else None
    try:
        if req is None:
            raise RequestError(f"a request must be a JSON object, not {type(request).__name__}")
        op = req.get("op")
        if not isinstance(op, str):
            raise RequestError("missing field 'op' (score, waits, nagashi, furiten or draw)")
        if op == "score":  # the usual op: its fields written straight into the answer, after id and ok
            return _scored(req).to_json({"id": req_id, "ok": True})
        func = _OPS.get(op)
        if func is None and op in _ROUTED:
            func = _routed(op)
            if func is None:
                return {"id": req_id, "ok": False, "error": "op not available"}
        if func is None:
            raise RequestError(f"unknown op {op!r} (expected score, waits, nagashi, furiten or draw)")
        body = func(req)
    except EngineError as exc:
        return {"id": req_id, "ok": False, "error": str(exc)}
    except RecursionError:
        return {"id": req_id, "ok": False, "error": "request too deeply nested"}
    return {"id": req_id, "ok": True, **body}


def holds_float(request: object) -> bool:
    """Whether any value in a decoded request is a float (where orjson may have read an over-long whole
    number: riichi_table/commands/batch_json.py). Without one, an error answer cannot depend on which JSON
    library read the line.

    A successful answer needs no such look: every request field takes strings, booleans, whole numbers or
    containers of them, so a float anywhere is an error (or the id, looked at by the caller). Here rather
    than beside the JSON code so that it runs compiled: a batch's errors each walk their whole request.
    Without recursion: a request may nest a thousand levels deep.
    """
    if type(request) is float:
        return True
    containers: list[object] = [request]
    while containers:
        container = containers.pop()
        items: list[object]
        if type(container) is dict:
            mapping: dict[object, object] = container
            items = list(mapping.values())
        elif type(container) is list:
            items = container
        else:
            continue
        for item in items:
            kind = type(item)
            if kind is float:
                return True
            if kind is dict or kind is list:
                containers.append(item)
    return False

"""The push protocol: one JSON message per POST to `/api/club/v1/push`, checked field by field.

Every message has `v` (1), `key` (its idempotency key: a resend with the same key is answered from the
first delivery and never counts twice), `type`, `table` (must be the token's table) and `game` (the table's
own id for the game). By type (docs/club.md has examples):

- `game_start`: `rules` (a preset name or {"preset": ..., overrides}), `names` (4 player names, seat 0 first
  dealer), `started_at` (ISO time).
- `hand`: `seq` (1, 2, ... within the game, in order), `hand` (HAND below).
- `amend`: `seq`, `base_version` (the version the edit was made on), `hand`, `reason`.
- `game_end`: `state` (STATE below), `ended_at`.

HAND is {"round": {"bakaze", "kyoku", "honba", "oya"}, "results": [settled hand results, the engine's
`settle.HandResult` as JSON], "state": STATE after the hand, "record": [the hand's mjai events] or null when
the camera did not see it, "corrections": [events a person submitted]}. STATE is {"scores": [4], "sticks",
"pool", "penalties": [4]}: everything `engine.game.Game.ranking` needs.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from riichi_table.club.errors import ProtocolError

VERSION = 1
MAX_BODY = 256 * 1024  # bytes; a hand with its full tile record is a few KiB
TYPES = ("game_start", "hand", "amend", "game_end")
_ID = re.compile(r"^[A-Za-z0-9._:-]{1,80}$")
_NAME = re.compile(r"^[A-Za-z0-9._-]{1,40}$")
_RESULT_KINDS = ("hora", "ryukyoku", "chombo")
MAX_SCORE = 10_000_000


@dataclass(frozen=True, slots=True)
class Message:
    """A checked push. `body` is the message as sent; `digest` identifies its content (key reuse check)."""

    key: str
    type: str
    table: str
    game: str
    body: dict[str, Any]
    digest: str

    @property
    def seq(self) -> int:
        return int(self.body["seq"])


def check_table_name(name: object) -> str:
    """A table name: 1..40 letters, digits, '.', '_' or '-'."""
    if not isinstance(name, str) or not _NAME.match(name):
        raise ProtocolError(f"table: expected 1..40 letters, digits, '.', '_' or '-', got {name!r}")
    return name


def digest(body: Mapping[str, Any]) -> str:
    return hashlib.sha256(json.dumps(body, sort_keys=True, separators=(",", ":")).encode()).hexdigest()


def parse(raw: bytes) -> Message:
    """Decode and check one push body; ProtocolError names the first bad field."""
    if len(raw) > MAX_BODY:
        raise ProtocolError(f"body: {len(raw)} bytes, the limit is {MAX_BODY}")
    try:
        body = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise ProtocolError(f"body: expected a JSON object, got unreadable JSON ({exc})") from None
    return check(body)


def check(body: object) -> Message:
    if not isinstance(body, dict):
        raise ProtocolError(f"body: expected a JSON object, got {type(body).__name__}")
    if body.get("v") != VERSION:
        raise ProtocolError(f"v: expected {VERSION}, got {body.get('v')!r}")
    kind = body.get("type")
    if kind not in TYPES:
        raise ProtocolError(f"type: expected one of {', '.join(TYPES)}, got {kind!r}")
    key = _ident(body, "key")
    game = _ident(body, "game")
    table = check_table_name(body.get("table"))
    if kind == "game_start":
        _rules(body.get("rules"))
        names = body.get("names")
        if not isinstance(names, list) or len(names) != 4:
            raise ProtocolError(f"names: expected 4 player names, got {names!r}")
        for n in names:
            if not isinstance(n, str) or not 1 <= len(n.strip()) <= 40:
                raise ProtocolError(f"names: expected names of 1..40 characters, got {n!r}")
        _text(body, "started_at", 40)
    elif kind in ("hand", "amend"):
        _int(body, "seq", 1, 10_000)
        _hand(body.get("hand"))
        if kind == "amend":
            _int(body, "base_version", 1, 1_000_000)
            _text(body, "reason", 200, empty=True)
    else:
        _state(body.get("state"), "state")
        _text(body, "ended_at", 40)
    return Message(key, kind, table, game, body, digest(body))


def _ident(body: Mapping[str, Any], field: str) -> str:
    value = body.get(field)
    if not isinstance(value, str) or not _ID.match(value):
        raise ProtocolError(f"{field}: expected 1..80 letters, digits, '.', '_', ':' or '-', got {value!r}")
    return value


def _int(body: Mapping[str, Any], field: str, lo: int, hi: int) -> int:
    value = body.get(field)
    if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
        raise ProtocolError(f"{field}: expected a whole number {lo}..{hi}, got {value!r}")
    return value


def _text(body: Mapping[str, Any], field: str, limit: int, empty: bool = False) -> str:
    value = body.get(field, "" if empty else None)
    if not isinstance(value, str) or len(value) > limit or (not empty and not value):
        raise ProtocolError(
            f"{field}: expected text of {0 if empty else 1}..{limit} characters, got {value!r}"
        )
    return value


def _rules(value: object) -> None:
    if isinstance(value, str) and _NAME.match(value):
        return
    if isinstance(value, dict) and len(json.dumps(value)) <= 4096:
        return
    raise ProtocolError(f"rules: expected a preset name or an object of overrides, got {value!r}")


def _four_ints(value: object, field: str) -> None:
    if not (isinstance(value, list) and len(value) == 4) or any(
        isinstance(v, bool) or not isinstance(v, int) or abs(v) > MAX_SCORE for v in value
    ):
        raise ProtocolError(f"{field}: expected 4 whole numbers, got {value!r}")


def _state(value: object, field: str) -> None:
    if not isinstance(value, dict):
        raise ProtocolError(
            f"{field}: expected an object with scores, sticks, pool, penalties, got {value!r}"
        )
    _four_ints(value.get("scores"), f"{field}.scores")
    _four_ints(value.get("penalties"), f"{field}.penalties")
    _int(value, "sticks", 0, 1000) if "sticks" in value else _missing(f"{field}.sticks")
    _int(value, "pool", 0, MAX_SCORE) if "pool" in value else _missing(f"{field}.pool")


def _missing(field: str) -> None:
    raise ProtocolError(f"{field}: missing")


def _hand(value: object) -> None:
    if not isinstance(value, dict):
        raise ProtocolError(f"hand: expected an object, got {value!r}")
    r = value.get("round")
    if not isinstance(r, dict) or r.get("bakaze") not in ("E", "S", "W", "N"):
        raise ProtocolError(f"hand.round: expected bakaze E/S/W/N, kyoku, honba, oya, got {r!r}")
    _int(r, "kyoku", 1, 4)
    _int(r, "honba", 0, 1000)
    _int(r, "oya", 0, 3)
    results = value.get("results")
    if not isinstance(results, list) or not 1 <= len(results) <= 8:
        raise ProtocolError(f"hand.results: expected 1..8 settled results, got {results!r}")
    for res in results:
        if not isinstance(res, dict) or res.get("kind") not in _RESULT_KINDS:
            raise ProtocolError(f"hand.results: expected kind hora/ryukyoku/chombo, got {res!r}")
        _four_ints(res.get("deltas"), "hand.results.deltas")
    _state(value.get("state"), "hand.state")
    record = value.get("record")
    if record is not None and not (isinstance(record, list) and all(isinstance(e, dict) for e in record)):
        raise ProtocolError("hand.record: expected a list of event objects or null")
    corrections = value.get("corrections", [])
    if not (isinstance(corrections, list) and all(isinstance(e, dict) for e in corrections)):
        raise ProtocolError("hand.corrections: expected a list of event objects")

"""Request lines for `riichi-table batch` to compare two versions of the command answer for answer.

    .venv/bin/python bench/batch_corpus.py [LINES] [SEED] > corpus.jsonl
    riichi-table batch corpus.jsonl -o before.jsonl      (the old code)
    riichi-table batch corpus.jsonl -o after.jsonl       (the new code)
    cmp before.jsonl after.jsonl

About half the lines are valid score requests (every rule preset, none, and the bench's tenhou overrides;
waits, furiten, draws, nagashi), a third have one or two fields broken (wrong types, unknown fields, bad
tiles, melds, winds and rules, flags that contradict each other, numbers past 64 bits), and a few dozen are
odd JSON (NaN, duplicate keys, a byte-order mark, lone surrogates, deep nesting, non-ASCII digits), each
placed at a random line. The same seed gives the same lines.
"""

from __future__ import annotations

import json
import random
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "engine"))

from engine_hand_gen import random_request

# the bench's own rule overrides (tests/engine/mahjong_oracle.py), the presets, and no `rules` field at all
_TENHOU_OVERRIDES = {
    "preset": "tenhou",
    "double_yakuman_hands": ["suuankou_tanki", "kokushi_13_wait", "junsei_chuuren", "daisuushii"],
    "riichi_needs_deposit": False,
}
_RULES: list[Any] = [_TENHOU_OVERRIDES, "wrc", "tenhou", "uspml", "online", "beginner", None]

# one way to break a request per entry: (field, candidate values); None as the field drops a random one
_BREAKS: list[tuple[str | None, list[Any]]] = [
    (None, []),
    ("win", ["", "1m1m", "0z", 5, None, "9", "\u6771", "10m"]),
    ("tsumo", [1, 0, "yes", None, 1.0]),
    ("riichi", [1, "true", None]),
    (
        "melds",
        [
            {},
            [1],
            [{"kind": "pon"}],
            [{"kind": "pon", "tiles": "111m", "from": True}],
            [{"kind": "chi", "tiles": "135m", "from": 3}],
            "x",
            [{}] * 5,
        ],
    ),
    ("honba", [-1, 1.5, True, "2", 2**70, 10**20]),
    ("id", [2**70, -(2**63), 2**64, 1.5, 1e300, "\u00e9\u6771", [1, {"a": None}], None, True, 0.1 + 0.2]),
    ("zzz", [1]),
    (
        "rules",
        [
            "nope",
            5,
            {"preset": "tenhou", "open_tanyao": 1},
            {"preset": "wrc", "bogus": True},
            {"red_fives": [1, 1]},
            {"preset": "tenhou", "kiriage_mangan": True},
        ],
    ),
    ("seat_wind", ["X", "", "EE", 1, "S", "W", "N"]),
    ("dora", ["5m5m5m5m5m", "0m0m", "1z", 3, "", "9s9s9s"]),
    ("pao", [0, 4, True, 1, "1"]),
    ("op", ["dance", 1, None, "Score", "waits", "nagashi", "furiten", "draw"]),
    ("hand", ["", "123m", "1" * 40 + "m", "123m456p789s1122z", 12, "123m456p789s1122x", "8z123m"]),
    ("discarder", [1, 2, 3, 0, False]),
    ("ura", ["1m", "", 5]),
    ("sticks", [3, -2, None]),
    ("round_wind", ["S", "W", "x"]),
    ("rinshan", [True]),
    ("chankan", [True]),
    ("double_riichi", [True]),
    ("tenhou", [True]),
]

_ODD_LINES = [
    "{not json",
    "[1, 2]",
    "42",
    '"str"',
    "null",
    '{"op": "score", "id": NaN}',
    '{"op": "score", "id": Infinity}',
    '{"id": 1e400}',
    '{"id": 123456789012345678901234567890, "op": "waits", "hand": "123456789m1122z"}',
    '{"a":1,"a":2}',
    '{"id": "\\ud800"}',
    '{"id": "\\udc00\\ud800", "op": "x"}',
    "{'a': 1}",
    '{"a": 1,}',
    "[",
    '{"id": 1} trailing',
    '\ufeff{"id": 1}',
    '{"id": 1.0, "op": "waits", "hand": "123456789m1122z"}',
    '{"id": -0.0}',
    '{"id": 5e-324}',
    '  {"id": 2}  ',
    '{"id": "a\\u0000b"}',
    "[" * 100000,
    '{"a":' * 3000 + "1" + "}" * 3000,
    "[" * 500 + "]" * 500,
    '{"id": 9223372036854775808}',
    '{"id": 18446744073709551616}',
    '{"id": 01}',
    '{"id": tru}',
    '{"op": "score", "id": 1, "hand": "\\u0661\\u0662\\u0663m456p789s1122z", "win": "1z"}',
    '{"op": "score", "hand": "\uff11\uff12\uff13m", "win": "1m"}',
    '{"op":"waits","hand":"123m 456p 789s 11 22z"}',
    '{"op":"waits","hand":"123m\\t456p789s1122z"}',
    '{"op":"waits","hand":"123M456p789s1122z"}',
]


def _broken(rng: random.Random, request: dict[str, Any]) -> dict[str, Any]:
    changed = dict(request)
    field, values = rng.choice(_BREAKS)
    if field is None:
        changed.pop(rng.choice(list(changed)))
    else:
        changed[field] = rng.choice(values)
        if field in ("double_riichi", "tenhou"):  # their partners set, so only the contradiction is left
            changed["riichi" if field == "double_riichi" else "tsumo"] = True
    return changed


def _other_op(rng: random.Random, i: int, request: dict[str, Any]) -> dict[str, Any]:
    if rng.random() < 0.5:
        waits: dict[str, Any] = {"op": "waits", "id": i, "hand": request["hand"], "melds": request["melds"]}
        if "rules" in request:
            waits["rules"] = request["rules"]
        return waits
    op = rng.choice(["nagashi", "furiten", "draw", "waits"])
    return {
        "op": op,
        "id": i,
        "seat_wind": rng.choice("ESWNX"),
        "rules": rng.choice(["wrc", "online", "beginner", "x"]),
    }


def corpus(lines: int, seed: int) -> list[str]:
    """`lines` request lines (plus the odd ones), the same for the same seed."""
    rng = random.Random(seed)
    dumps: Callable[[object], str] = json.dumps
    out = []
    for i in range(lines):
        rules = rng.choice(_RULES)
        request = {"op": "score", "id": i, **random_request(rng, "wrc" if rules is None else rules)}
        if rules is None:
            del request["rules"]
        roll = rng.random()
        if roll < 0.55:
            out.append(dumps(request))
        elif roll < 0.85:
            broken = _broken(rng, request)
            out.append(dumps(_broken(rng, broken) if rng.random() < 0.3 else broken))
        else:
            out.append(dumps(_other_op(rng, i, request)))
    for odd in _ODD_LINES:
        out.insert(rng.randrange(len(out) + 1), odd)
    return out


def main() -> None:
    lines = int(sys.argv[1]) if len(sys.argv) > 1 else 6000
    seed = int(sys.argv[2]) if len(sys.argv) > 2 else 77
    sys.stdout.write("\n".join(corpus(lines, seed)) + "\n")


if __name__ == "__main__":
    main()

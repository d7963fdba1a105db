"""`riichi-table batch` answers lines byte for byte as the standard `json` module reads and writes them
(docs/engine.md, "The batch protocol"), though orjson does most of the work; a line nested too deeply or
holding a lone surrogate gets an answer instead of ending the batch."""

from __future__ import annotations

import io
import json
import random
import sys
from pathlib import Path

import pytest
from riichi_table.engine.batch import handle

from riichi_table.cli import main
from riichi_table.commands.batch import process
from riichi_table.commands.batch_json import answer_line

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "engine"))
from engine_hand_gen import random_request

_DUMPS = json.JSONEncoder(ensure_ascii=False, separators=(",", ":")).encode


def _standard(line: str) -> str:
    """The answer as the batch wrote it with the standard library alone."""
    try:
        request = json.loads(line)
    except ValueError as exc:
        return _DUMPS({"id": None, "ok": False, "error": f"not a JSON line: {exc}"}) + "\n"
    return _DUMPS(handle(request)) + "\n"


_ODD_LINES = [
    "{not json",
    "[1, 2]",
    "42",
    "null",
    '{"op": "score", "id": NaN}',
    '{"op": "waits", "id": Infinity, "hand": "123456789m1122z"}',
    '{"id": 1e400}',
    '{"id": 123456789012345678901234567890, "op": "waits", "hand": "123456789m1122z"}',
    '{"id": -9223372036854775809, "op": "waits", "hand": "123456789m1122z"}',
    '{"id": 18446744073709551615, "op": "waits", "hand": "123456789m1122z"}',
    '{"op": "score", "hand": "123m456p789s1122z", "win": "2z", "honba": 100000000000000000000000}',
    '{"op": "score", "hand": "123m456p789s1122z", "win": "2z", "honba": 1.0}',
    '{"a":1,"a":2}',
    '{"a": 1,}',
    '{"id": 1} trailing',
    '\ufeff{"id": 1}',
    '\x0c{"id": 1}',
    '{"id": 1e-7, "op": "dance"}',
    '{"id": 0.30000000000000004, "op": "dance"}',
    '{"id": -0.0, "op": "dance"}',
    '{"id": [1, {"k": [2.5, null]}], "op": "dance"}',
    '{"id": "a\\u0000b\\u001f\\u2028\\u00e9\\ud83d\\ude00", "op": "dance"}',
    '{"id": "\u6771", "op": "waits", "hand": "123456789m1122z"}',
    '{"id": 01}',
    '{"op": "waits", "hand": "123m 456p 789s 11 22z"}',
    '{"op": "score", "hand": "\u0661\u0662\u0663m456p789s1122z", "win": "1z"}',
    "[" * 500 + "]" * 500,
]


def _mutated(rng: random.Random, request: dict[str, object]) -> dict[str, object]:
    """The request with one field broken, dropped or unknown."""
    changed = dict(request)
    name = rng.choice(["hand", "win", "melds", "tsumo", "honba", "rules", "seat_wind", "dora", "id", "zzz"])
    changed[name] = rng.choice([None, 1, 1.5, -1, True, "x", "8z", "0z", [], [{}], {}, 2**70, "\u00e9"])
    if rng.random() < 0.2:
        changed.pop("hand", None)
    return changed


def test_answers_equal_the_standard_json_ones_for_good_broken_and_odd_lines() -> None:
    rng = random.Random(5)
    lines = list(_ODD_LINES)
    for i in range(1500):
        rules = rng.choice(["wrc", "tenhou"])
        request: dict[str, object] = {"op": "score", "id": i, **random_request(rng, rules)}
        lines.append(json.dumps(_mutated(rng, request) if i % 3 == 0 else request))
        if i % 10 == 0:
            waits = {"op": "waits", "id": f"w{i}", "hand": str(request["hand"])[:-1]}
            lines.append(json.dumps(waits, ensure_ascii=rng.random() < 0.5))
    for line in lines:
        assert answer_line(line, handle) == _standard(line), line[:200]


@pytest.mark.parametrize(
    "line",
    [
        "[" * 100_000,
        '{"id": ' + "[" * 100_000,
        '{"op": "waits", "id": 1, "rules": ' + "[" * 5000 + "]" * 5000 + "}",
    ],
    ids=["brackets", "open-id", "deep-rules"],
)
def test_a_line_nested_too_deeply_gets_an_error_answer_and_the_batch_goes_on(line: str) -> None:
    good = json.dumps({"op": "waits", "id": 2, "hand": "123456789m1122z"})
    out = io.StringIO()
    assert process(io.StringIO(line + "\n" + good + "\n"), out) == 2
    first, second = (json.loads(text) for text in out.getvalue().splitlines())
    assert first["ok"] is False and "too deeply nested" in first["error"]
    assert second == {"id": 2, "ok": True, "shanten": 0, "tenpai": True, "waits": "12z"}


def test_an_id_nested_too_deeply_for_json_is_answered_without_it() -> None:
    # orjson reads 1,010 levels, the standard module (which writes a list id back) does not
    line = '{"op": "dance", "id": ' + "[" * 1010 + "]" * 1010 + "}"
    answer = json.loads(answer_line(line, handle))
    assert answer["id"] is None and answer["ok"] is False and answer["error"].endswith("too deeply nested")


def test_a_lone_surrogate_in_the_id_is_written_escaped_as_utf8_json(tmp_path: Path) -> None:
    requests = tmp_path / "requests.jsonl"
    requests.write_text('{"op": "waits", "id": "\\ud800x", "hand": "123456789m1122z"}\n', encoding="utf-8")
    answers = tmp_path / "answers.jsonl"
    assert main(["batch", str(requests), "-o", str(answers)]) == 0
    text = answers.read_bytes().decode("utf-8")
    assert text == '{"id":"\\ud800x","ok":true,"shanten":0,"tenpai":true,"waits":"12z"}\n'
    assert json.loads(text)["id"] == "\ud800x"


def test_whole_numbers_past_64_bits_and_floats_come_back_as_written() -> None:
    big = answer_line('{"op": "waits", "id": 123456789012345678901234567890, "hand": "1m"}', handle)
    assert big.startswith('{"id":123456789012345678901234567890,"ok":false')
    line = '{"op": "score", "hand": "123m456p789s1122z", "win": "2z", "honba": -100000000000000000000}'
    honba = answer_line(line, handle)
    assert "not -100000000000000000000" in honba
    assert answer_line('{"op": "dance", "id": 1e-7}', handle).startswith('{"id":1e-07,')

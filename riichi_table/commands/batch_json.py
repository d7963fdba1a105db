"""One batch request line in, its answer line out: decoded and encoded by orjson where it gives exactly what
the standard library's `json` gives, by `json` everywhere else.

The answers are byte for byte those of `json.loads` and a compact `json` encoder that keeps non-ASCII text
(`ensure_ascii=False`): that is the format docs/engine.md fixes, and bad JSON keeps `json`'s messages. The
two libraries differ in a few places, each sent the standard way:

- orjson refuses NaN, Infinity, lone surrogates and more than 1,024 levels of nesting, which `json` reads (or
  names with its own message): such a line is decoded again by `json`.
- orjson reads a whole number beyond 64 bits as a float; `json` keeps the int. A request holding a float is
  answered again from `json`'s reading (see `_fast_answer`).
- orjson writes floats in its own way (`1e-7`, not `1e-07`) and NaN as null: an answer whose id is not a
  plain string, whole number, boolean or null is encoded by `json`.

A line nested too deeply for `json` (a hundred thousand `[`) is answered with an error instead of ending
the batch, and an answer holding a lone surrogate (echoed from its request) is written with `\\u` escapes,
the only way it can be written as UTF-8.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import orjson

from riichi_table.engine.batch import holds_float

Handle = Callable[[object], dict[str, Any]]

_PLAIN_IDS = frozenset((int, str, bool, type(None)))
_orjson_loads = orjson.loads
_orjson_dumps = orjson.dumps
_NEWLINE = orjson.OPT_APPEND_NEWLINE
_json_loads = json.loads
_json_dumps = json.JSONEncoder(ensure_ascii=False, separators=(",", ":")).encode
_ascii_dumps = json.JSONEncoder(separators=(",", ":")).encode
TOO_DEEP = "request too deeply nested"


def answer_line(line: str, handle: Handle) -> str:
    """The answer line (newline included) to one non-blank request line."""
    try:
        request = _orjson_loads(line)
    except orjson.JSONDecodeError:
        return _standard_answer(line, handle)
    answer = handle(request)
    if type(answer["id"]) in _PLAIN_IDS and (answer["ok"] is True or not holds_float(request)):
        try:
            return _orjson_dumps(answer, option=_NEWLINE).decode()
        except orjson.JSONEncodeError:  # a lone surrogate in the answer (or nesting orjson refuses)
            pass
    return _standard_answer(line, handle)


def _standard_answer(line: str, handle: Handle) -> str:
    """The answer by `json` alone (the behaviour orjson's fast path must equal)."""
    try:
        request = _json_loads(line)
    except ValueError as exc:
        answer: dict[str, Any] = {"id": None, "ok": False, "error": f"not a JSON line: {exc}"}
    except RecursionError:
        answer = {"id": None, "ok": False, "error": f"not a JSON line: {TOO_DEEP}"}
    else:
        answer = handle(request)
    try:
        text = _json_dumps(answer)
    except RecursionError:  # an id nested too deeply to write back
        return _json_dumps({"id": None, "ok": False, "error": TOO_DEEP}) + "\n"
    if not text.isascii():
        try:
            text.encode("utf-8")
        except UnicodeEncodeError:  # a lone surrogate cannot be written as UTF-8: escape it
            text = _ascii_dumps(answer)
    return text + "\n"

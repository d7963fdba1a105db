"""`riichi-table check-log FILE`: replay a game record through the engine and say where it disagrees.

Reads tenhou.net/6 JSON or mjai lines (`riichi_table.engine.log_read`), replays every hand under the preset
(`--rules`, else the one the record names) and prints per hand "ok" or the first field that differs, then the
game end and the final ranking (`riichi_table.engine.log_check`). Exit status 0 only when all agree, 1 when
something differs; a record that cannot be read is an error (exit 2) naming what was wrong.
"""

from __future__ import annotations

import argparse
import sys


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "file", help="the game record: tenhou.net/6 JSON or mjai JSON lines (- for standard input)"
    )
    parser.add_argument(
        "--rules",
        default=None,
        help="rule preset (wrc, uspml, online, tenhou, beginner) or a JSON object of overrides; "
        "default: the preset the record names",
    )


def run(args: argparse.Namespace) -> int:
    import json

    from riichi_table.engine.log_check import RecordError, check_text

    rules: object = args.rules
    if isinstance(rules, str) and rules.lstrip().startswith("{"):
        try:
            rules = json.loads(rules)
        except ValueError as exc:
            raise RecordError(f"--rules: not a preset name or a JSON object ({exc})") from None
    try:
        if args.file == "-":
            text = sys.stdin.read()
        else:
            with open(args.file, encoding="utf-8") as f:
                text = f.read()
    except OSError as exc:
        raise RecordError(f"cannot read {args.file!r}: {exc.strerror}") from None
    except UnicodeDecodeError as exc:
        raise RecordError(f"{args.file!r} is not UTF-8 text ({exc.reason})") from None
    report = check_text(text, rules)  # type: ignore[arg-type]
    for line in report.lines():
        print(line)
    return 0 if report.ok else 1

"""`riichi-table batch FILE|-`: JSON lines in, one JSON line out per input line, in order."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterable, Sequence
from typing import IO


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", help="JSON lines file of requests, or - for standard input")
    parser.add_argument(
        "-o", "--output", default="-", help="where to write responses (default: standard output)"
    )
    parser.add_argument(
        "-j",
        "--jobs",
        type=_jobs,
        metavar="N",
        default=1,
        help=(
            "answer with up to N processes (this one and the others forked from it, 250 lines each at "
            "least) when the input has 1,000 lines or more; the input is then read whole first, the answers "
            "keep its order, and a worker that fails has its lines answered by this process (default: 1)"
        ),
    )


def _jobs(text: str) -> int:
    from riichi_table.commands.batch_jobs import parse_jobs

    return parse_jobs(text)


def process(lines: Iterable[str], out: IO[str], jobs: int = 1) -> int:
    """Answer every non-blank line of `lines` on `out`; returns the number of lines answered.

    With `jobs` > 1 the lines are read whole first and, when there are at least `batch_jobs.MIN_LINES` of
    them, answered by that many processes (riichi_table/commands/batch_jobs.py), in the same order.
    """
    if jobs > 1:
        from riichi_table.commands.batch_jobs import MIN_LINES, answer_in_jobs

        requests = [line for line in lines if line.strip()]
        if len(requests) >= MIN_LINES:
            for answers in answer_in_jobs(requests, jobs, _answers):
                out.write(answers)
            return len(requests)
        lines = requests
    from riichi_table.commands.batch_json import answer_line
    from riichi_table.engine.batch import handle

    write = out.write
    n = 0
    for line in lines:
        if not line.strip():
            continue
        write(answer_line(line, handle))
        n += 1
    return n


def _answers(lines: Sequence[str]) -> str:
    """The answer lines to non-blank request lines, joined."""
    from riichi_table.commands.batch_json import answer_line
    from riichi_table.engine.batch import handle

    return "".join([answer_line(line, handle) for line in lines])


def run(args: argparse.Namespace) -> int:
    import gc

    import riichi_table.engine.batch  # noqa: F401  (imported before the freeze below)

    # The answers make many small objects and no cycles that live: leave the objects made at import out of
    # the collector's walks and let it run less often (still bounded: every 20,000 allocations). Put back
    # afterwards, for a caller that runs the command inside its own process.
    thresholds = gc.get_threshold()
    gc.freeze()
    gc.set_threshold(20000, 50, 100)
    try:
        return _answer_all(args)
    finally:
        gc.set_threshold(*thresholds)
        gc.unfreeze()


def _answer_all(args: argparse.Namespace) -> int:
    from riichi_table.engine.errors import EngineError

    out: IO[str] = sys.stdout if args.output == "-" else open(args.output, "w", encoding="utf-8")  # noqa: SIM115
    try:
        if args.file == "-":
            process(sys.stdin, out, args.jobs)
        else:
            with open(args.file, encoding="utf-8") as lines:
                process(lines, out, args.jobs)
        out.flush()
    except UnicodeDecodeError as exc:
        name = "standard input" if args.file == "-" else repr(args.file)
        raise EngineError(f"{name} is not UTF-8 text ({exc.reason}); expected JSON lines") from None
    finally:
        if out is not sys.stdout:
            out.close()
    return 0

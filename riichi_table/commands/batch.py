"""`riichi-table batch FILE|-`: JSON lines in, one JSON line out per input line, in order."""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # the start-up of a batch imports neither argparse (see `quick_args`) nor typing's IO
    import argparse
    from collections.abc import Iterable, Sequence
    from types import SimpleNamespace
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


def quick_args(argv: Sequence[str]) -> SimpleNamespace | None:
    """The arguments of the usual command lines, read without argparse: one FILE, and `-o`/`--output OUT` and
    `-j`/`--jobs N` (N plain digits) at most once each, in any order. None for anything else (help, an
    error, `--output=OUT`, an abbreviation, a repeat), which the dispatcher then gives to argparse.

    Importing argparse and building the parser is about 6 % of a batch command's start-up; where this returns
    a value it equals argparse's reading (tests/cli/test_batch_quick_args.py).
    """
    from types import SimpleNamespace

    values: dict[str, object] = {}
    i = 0
    while i < len(argv):
        token = argv[i]
        if token in ("-o", "--output", "-j", "--jobs") and i + 1 < len(argv):
            name = "output" if token in ("-o", "--output") else "jobs"
            value = argv[i + 1]
            if name in values or (value.startswith("-") and value != "-"):
                return None
            if name == "jobs":
                if not (value.isascii() and value.isdigit()) or int(value) < 1:
                    return None
                values[name] = int(value)
            else:
                values[name] = value
            i += 2
        elif (token == "-" or not token.startswith("-")) and "file" not in values:
            values["file"] = token
            i += 1
        else:
            return None
    if "file" not in values:
        return None
    return SimpleNamespace(file=values["file"], output=values.get("output", "-"), jobs=values.get("jobs", 1))


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

        requests = [line for line in lines if line and not line.isspace()]
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
        if not line or line.isspace():  # blank (as `not line.strip()`, without copying the line)
            continue
        write(answer_line(line, handle))
        n += 1
    return n


def _answers(lines: Sequence[str]) -> str:
    """The answer lines to non-blank request lines, joined."""
    from riichi_table.commands.batch_json import answer_line
    from riichi_table.engine.batch import handle

    return "".join([answer_line(line, handle) for line in lines])


def run(args: argparse.Namespace | SimpleNamespace) -> int:
    import gc

    # The engine's import makes many objects that live as long as the process and no garbage: the collector
    # is off while it runs (its walks were 3 % of the start-up), and its objects are then left out of the
    # collector's walks. The answers make many small objects and no reference cycles (the engine's pattern
    # walk was once a nested function, a cycle per new pattern: no longer), and what outlives an answer is
    # the engine's caches, live data that every collection would walk again for nothing: the collector
    # runs only every million allocations, which a batch of 10,000 score requests never reaches. Memory
    # stays bounded: a cycle made on some rare path is still collected then. Put back afterwards, for a
    # caller that runs the command inside its own process.
    enabled = gc.isenabled()
    gc.disable()
    try:
        import riichi_table.engine.batch  # noqa: F401  (imported before the freeze below)
    finally:
        if enabled:
            gc.enable()
    thresholds = gc.get_threshold()
    gc.freeze()
    gc.set_threshold(1_000_000, 50, 100)
    try:
        return _answer_all(args)
    finally:
        gc.set_threshold(*thresholds)
        gc.unfreeze()


def _answer_all(args: argparse.Namespace | SimpleNamespace) -> int:
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

"""`riichi-table batch --jobs N`: request lines split into N runs of lines, answered by forked processes.

The first run is answered in this process and each other run in a child forked from it (the engine is
already imported, so a child starts in a millisecond and shares the parent's tables). A child writes its
answers to a file of its own; the parent joins them in input order. A child that cannot be forked, exits
with an error or is killed leaves its run to the parent, which answers it in-process: the output is the
same whatever fails. Where `os.fork` does not exist every run is answered in-process.
"""

from __future__ import annotations

import os
import tempfile
from collections.abc import Callable, Sequence

MIN_LINES = 1000  # fewer lines gain less from the other cores than forking and joining cost
MIN_RUN = 250  # lines per run at least: a large N on a short input forks a few processes, not N

AnswerRun = Callable[[Sequence[str]], str]


def parse_jobs(text: str) -> int:
    """The --jobs value: a whole number 1 or more."""
    import argparse

    try:
        jobs = int(text)
    except ValueError:
        jobs = 0
    if jobs < 1:
        raise argparse.ArgumentTypeError(f"expected a whole number 1 or more, not {text!r}")
    return jobs


def answer_in_jobs(lines: Sequence[str], jobs: int, answer_run: AnswerRun) -> list[str]:
    """`answer_run` of each of up to `jobs` runs of consecutive lines (at least MIN_RUN lines each), in input
    order (one string per run)."""
    jobs = max(1, min(jobs, len(lines) // MIN_RUN))
    size = -(-len(lines) // jobs)
    runs = [lines[i : i + size] for i in range(0, len(lines), size)] or [lines]
    if len(runs) == 1 or not hasattr(os, "fork"):
        return [answer_run(run) for run in runs]
    with tempfile.TemporaryDirectory(prefix="riichi-batch-") as folder:
        children: list[_Child] = [None]  # the first run: answered here while the children answer theirs
        for i, run in enumerate(runs[1:], 1):
            children.append(_fork(answer_run, run, os.path.join(folder, f"{i}.jsonl")))
        return [_joined(child, run, answer_run) for child, run in zip(children, runs, strict=True)]


_Child = tuple[int, str] | None  # (process id, answers file), or None for the run this process answers


def _fork(answer_run: AnswerRun, run: Sequence[str], path: str) -> _Child:
    """Start a child answering `run` into `path`; None when forking fails (this process answers it)."""
    try:
        pid = os.fork()
    except OSError:
        return None
    if pid == 0:  # the child: write the answers, then leave without running the parent's clean-up
        code = 1
        try:
            text = answer_run(run)
            with open(path, "w", encoding="utf-8") as out:
                out.write(text)
            code = 0
        finally:
            os._exit(code)
    return pid, path


def _joined(child: _Child, run: Sequence[str], answer_run: AnswerRun) -> str:
    """The answers of one run: the child's file when it finished well, else answered here."""
    if child is None:
        return answer_run(run)
    pid, path = child
    _, status = os.waitpid(pid, 0)
    if os.waitstatus_to_exitcode(status) == 0:
        try:
            with open(path, encoding="utf-8") as answers:
                return answers.read()
        except OSError:
            pass
    return answer_run(run)

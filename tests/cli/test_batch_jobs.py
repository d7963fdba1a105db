"""`riichi-table batch --jobs N` (riichi_table/commands/batch_jobs.py): the same answers in the same order as
one process, whatever happens to a worker."""

from __future__ import annotations

import io
import json
import os
import random
import signal
import sys
from collections.abc import Sequence
from pathlib import Path

import pytest

from riichi_table.cli import main
from riichi_table.commands import batch_jobs
from riichi_table.commands.batch import process
from riichi_table.commands.batch_jobs import MIN_LINES, MIN_RUN, answer_in_jobs

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "engine"))
from engine_hand_gen import random_request


def _requests(n: int) -> str:
    rng = random.Random(11)
    lines = []
    for i in range(n):
        request = {"op": "score", "id": i, **random_request(rng)}
        if i % 7 == 0:
            request["hand"] = "12x"
        lines.append(json.dumps(request) if i % 50 else "{broken")
        if i % 100 == 0:
            lines.append("   ")
    return "\n".join(lines) + "\n"


def _answered(text: str, jobs: int) -> tuple[int, str]:
    out = io.StringIO()
    n = process(io.StringIO(text), out, jobs)
    return n, out.getvalue()


def test_three_jobs_answer_as_one_process_does_in_input_order() -> None:
    text = _requests(MIN_LINES + 200)
    alone = _answered(text, 1)
    assert _answered(text, 3) == alone
    assert [json.loads(line)["id"] for line in alone[1].splitlines()][:3] == [None, 1, 2]


def test_each_run_after_the_first_is_answered_in_a_process_of_its_own() -> None:
    parent = os.getpid()
    lines = [str(i) for i in range(3 * MIN_RUN)]
    runs = answer_in_jobs(lines, 3, lambda run: f"{os.getpid()}:{run[0]}-{run[-1]}")
    pids = [int(r.split(":")[0]) for r in runs]
    assert [r.split(":")[1] for r in runs] == [
        f"0-{MIN_RUN - 1}",
        f"{MIN_RUN}-{2 * MIN_RUN - 1}",
        f"{2 * MIN_RUN}-{3 * MIN_RUN - 1}",
    ]
    assert pids[0] == parent and parent not in pids[1:] and pids[1] != pids[2]


def test_many_jobs_on_few_lines_fork_one_process_per_run_of_the_minimum() -> None:
    runs = answer_in_jobs([str(i) for i in range(MIN_LINES)], 1000, lambda run: f"{len(run)},")
    assert runs == [f"{MIN_RUN},"] * (MIN_LINES // MIN_RUN)


def _failing_in_children(how: str):  # type: ignore[no-untyped-def]
    parent = os.getpid()

    def answer_run(run: Sequence[str]) -> str:
        if os.getpid() != parent:
            if how == "exit":
                os._exit(3)
            if how == "kill":
                os.kill(os.getpid(), signal.SIGKILL)
            raise RuntimeError("worker broke")
        return "".join(line.upper() for line in run)

    return answer_run


@pytest.mark.parametrize("how", ["exit", "kill", "raise"])
def test_a_worker_that_fails_has_its_lines_answered_in_process(how: str) -> None:
    lines = [f"line {i}\n" for i in range(4 * MIN_RUN)]
    runs = answer_in_jobs(lines, 4, _failing_in_children(how))
    assert "".join(runs) == "".join(line.upper() for line in lines)


def test_when_forking_fails_every_run_is_answered_in_process(monkeypatch: pytest.MonkeyPatch) -> None:
    def no_fork() -> int:
        raise OSError("no more processes")

    monkeypatch.setattr(batch_jobs.os, "fork", no_fork)
    text = _requests(MIN_LINES)
    assert _answered(text, 4) == _answered(text, 1)


def test_fewer_lines_than_the_minimum_are_answered_without_forking(monkeypatch: pytest.MonkeyPatch) -> None:
    def no_fork() -> int:
        raise AssertionError("forked for a short input")

    monkeypatch.setattr(batch_jobs.os, "fork", no_fork)
    n, answers = _answered(_requests(20), 4)
    assert n == 20 and len(answers.splitlines()) == 20


@pytest.mark.parametrize("value", ["0", "-2", "two"])
def test_jobs_must_be_a_whole_number_one_or_more(value: str, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stop:
        main(["batch", "-", "--jobs", value])
    assert stop.value.code == 2
    assert f"expected a whole number 1 or more, not '{value}'" in capsys.readouterr().err


def test_the_command_with_jobs_writes_the_same_file(tmp_path: Path) -> None:
    requests = tmp_path / "requests.jsonl"
    requests.write_text(_requests(MIN_LINES + 10), encoding="utf-8")
    one, two = tmp_path / "one.jsonl", tmp_path / "two.jsonl"
    assert main(["batch", str(requests), "-o", str(one)]) == 0
    assert main(["batch", str(requests), "-o", str(two), "--jobs", "2"]) == 0
    assert two.read_bytes() == one.read_bytes() and len(one.read_text().splitlines()) == MIN_LINES + 10

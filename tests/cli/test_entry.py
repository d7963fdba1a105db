"""The process entry (`python -m riichi_table`, the console script): after `batch` the process ends without
the interpreter's teardown, and nothing written is lost and no exit code changes on the way."""

from __future__ import annotations

import json
import subprocess
import sys


def run_module(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "riichi_table", *args], input=stdin, capture_output=True, text=True, timeout=60
    )


def test_every_answer_reaches_a_pipe_before_the_quick_exit():
    request = {"op": "waits", "hand": "123456789m1122z"}
    lines = "".join(json.dumps({"id": i, **request}) + "\n" for i in range(3000))
    done = run_module("batch", "-", stdin=lines)
    assert done.returncode == 0, done.stderr
    answers = done.stdout.splitlines()
    assert len(answers) == 3000
    assert json.loads(answers[-1]) == {"id": 2999, "ok": True, "shanten": 0, "tenpai": True, "waits": "12z"}


def test_a_batch_error_keeps_its_exit_code_and_message(tmp_path):
    bad = tmp_path / "latin1.jsonl"
    bad.write_bytes(b'{"op": "score", "hand": "\xe9"}\n')
    done = run_module("batch", str(bad))
    assert done.returncode == 2
    assert "is not UTF-8 text" in done.stderr


def test_exit_handlers_still_run_after_a_batch(tmp_path):
    # a registered exit handler (as a coverage tool registers) keeps the usual exit
    marker = tmp_path / "ran"
    probe = (
        "import atexit, sys, pathlib\n"
        f"atexit.register(pathlib.Path({str(marker)!r}).write_text, 'yes')\n"
        f"sys.argv = ['riichi-table', 'batch', '-', '-o', {str(tmp_path / 'out.jsonl')!r}]\n"
        "from riichi_table.cli import entry\n"
        "entry()\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", probe], input='{"op": "nagashi"}\n', capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0, done.stderr
    assert marker.read_text() == "yes"


def test_other_commands_exit_the_usual_way():
    done = run_module("--help")
    assert done.returncode == 0
    assert "riichi-table COMMAND" in done.stdout
    assert run_module("frobnicate").returncode == 2

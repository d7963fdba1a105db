"""The process entry (`python -m riichi_table`, the console script): main's exit code, and every object alive
at the end left out of the collector's walks at exit."""

from __future__ import annotations

import gc
import json
import subprocess
import sys

import pytest

from riichi_table import cli


def test_entry_exits_with_mains_code_and_freezes_what_is_alive(monkeypatch):
    monkeypatch.setattr(cli, "main", lambda: 3)
    gc.unfreeze()
    try:
        with pytest.raises(SystemExit) as done:
            cli.entry()
        assert done.value.code == 3
        assert gc.get_freeze_count() > 0
    finally:
        gc.unfreeze()


def test_a_batch_process_writes_every_answer_and_its_exit_code(tmp_path):
    request = {"op": "waits", "hand": "123456789m1122z"}
    lines = "".join(json.dumps({"id": i, **request}) + "\n" for i in range(2000))
    done = subprocess.run(
        [sys.executable, "-m", "riichi_table", "batch", "-"],
        input=lines,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    answers = done.stdout.splitlines()
    assert len(answers) == 2000
    assert json.loads(answers[-1]) == {"id": 1999, "ok": True, "shanten": 0, "tenpai": True, "waits": "12z"}
    path = tmp_path / "latin1.jsonl"
    path.write_bytes(b'{"op": "score", "hand": "\xe9"}\n')
    bad = subprocess.run(
        [sys.executable, "-m", "riichi_table", "batch", str(path)], capture_output=True, timeout=60
    )
    assert bad.returncode == 2
    assert b"is not UTF-8 text" in bad.stderr

"""`riichi-table serve` on the network prints the addresses to share and refuses a too-short PIN."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

COMMAND = [sys.executable, "-m", "riichi_table", "serve", "--source", "none", "--port", "0"]


@pytest.mark.slow
def test_serving_on_the_network_prints_the_addresses_phones_open(tmp_path: Path) -> None:
    env = {**os.environ, "RIICHI_TABLE_DATA": str(tmp_path)}
    proc = subprocess.Popen([*COMMAND, "--host", "0.0.0.0", "--admin-pin", "12345678"],
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=env)  # fmt: skip
    try:
        assert proc.stdout is not None
        lines = [proc.stdout.readline() for _ in range(2)]
    finally:
        proc.kill()
        proc.wait(timeout=10)
    assert "0.0.0.0" not in lines[0] and lines[0].startswith("riichi-table: serving http://")
    assert "open it on phones and other screens at http://" in "".join(lines)


def test_a_pin_shorter_than_four_characters_is_refused(tmp_path: Path) -> None:
    env = {**os.environ, "RIICHI_TABLE_DATA": str(tmp_path)}
    done = subprocess.run([*COMMAND, "--host", "0.0.0.0", "--admin-pin", "12"], capture_output=True,
                          text=True, env=env, timeout=60)  # fmt: skip
    assert done.returncode != 0 and "--admin-pin: expected 4 to 64 characters" in done.stderr

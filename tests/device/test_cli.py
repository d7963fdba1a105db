"""`riichi-table device`: the emulator as a process, and find / ping / test / state / send against it."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from riichi_table.device.emulator import Emulator

from riichi_table.cli import main

REPO = Path(__file__).resolve().parents[2]


@pytest.fixture
def unit() -> Iterator[Emulator]:
    emu = Emulator()
    yield emu
    emu.close()


def test_emulate_prints_its_port_first_and_runs_until_stopped() -> None:
    proc = subprocess.Popen(
        [sys.executable, "-m", "riichi_table", "device", "--emulate"],
        cwd=REPO,
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert proc.stdout is not None
        path = proc.stdout.readline().strip()
        assert path.startswith("/dev/")
        assert main(["device", "state", path]) == 0
        assert proc.poll() is None  # still running
    finally:
        proc.terminate()
        assert proc.wait(timeout=10) == 0


def test_ping_test_state_and_send_talk_to_the_unit(
    unit: Emulator, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["device", "ping", unit.path, "--count", "2"]) == 0
    assert main(["device", "test", unit.path]) == 0
    assert main(["device", "send", unit.path, "RIICHI 2 1"]) == 0
    assert main(["device", "state", unit.path]) == 0
    out = capsys.readouterr().out
    assert out.count("PING ") == 2 and "firmware 1.0.0" in out and "riichi=0010" in out
    assert main(["device", "send", unit.path, "BLINK"]) == 1
    assert "ERR unknown command BLINK" in capsys.readouterr().out


def test_find_probes_paths_and_names_the_firmware(unit: Emulator, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["device", "find", "--probe", unit.path, "/dev/ttyNO-SUCH"]) == 0
    assert f"{unit.path}\tbanner\tanswered HELLO\tfirmware 1.0.0" in capsys.readouterr().out


def test_a_missing_port_or_action_is_a_clean_error(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["device", "ping", "/dev/ttyNO-SUCH"]) == 2
    assert main(["device", "ping"]) == 2
    assert main(["device"]) == 2
    err = capsys.readouterr().err
    assert (
        "no serial port at /dev/ttyNO-SUCH" in err
        and "needs the unit's port" in err
        and "expected an action" in err
    )

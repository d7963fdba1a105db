"""Fixtures for the device tests: an emulated unit on a real pseudo-terminal and drivers with short timeouts.

Tests wait for outcomes with `wait_for` (a short poll with a generous cap) and never assert on timings.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from riichi_table.device.driver import Driver
from riichi_table.device.emulator import Emulator

FAST = {"reply_timeout": 0.15, "ping_interval": 0.3, "reconnect_interval": 0.05, "handshake_timeout": 0.6}


def wait_for(predicate: Callable[[], object], timeout: float = 5.0) -> bool:
    """Poll `predicate` until it is true or `timeout` s pass; returns whether it came true."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if predicate():
            return True
        time.sleep(0.01)
    return bool(predicate())


@pytest.fixture
def emulator(tmp_path: Path) -> Iterator[Emulator]:
    """A unit on a pseudo-terminal, reachable through a stable symlink that survives unplug/plug."""
    emu = Emulator(leds_per_seat=4, link=str(tmp_path / "ttyUNIT"))
    yield emu
    emu.close()


@pytest.fixture
def make_driver() -> Iterator[Callable[..., Driver]]:
    """Build drivers with short timeouts; all are closed after the test."""
    made: list[Driver] = []

    def make(port: str | None, **overrides: object) -> Driver:
        d = Driver(port, **{**FAST, **overrides})  # type: ignore[arg-type]
        made.append(d)
        return d

    yield make
    for d in made:
        d.close()


def layers(emu: Emulator, seat: int) -> tuple[str, ...]:
    """The prompts showing on one seat's segment."""
    return emu.leds()[seat].layers

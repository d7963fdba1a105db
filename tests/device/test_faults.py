"""Faults the driver must survive, each through a real pseudo-terminal with the emulated unit.

In every case the game's side (`send`) returns at once, nothing hangs, and the health line says what
happened. Waits are short polls with a cap, never timing asserts.
"""

from __future__ import annotations

import threading
from collections.abc import Callable

from riichi_table.device import protocol
from riichi_table.device.driver import Driver
from riichi_table.device.emulator import Emulator

from .conftest import layers, wait_for


def _ready(d: Driver) -> bool:
    return d.health()["state"] == "ready"


def test_cable_pulled_mid_command_then_plugged_back_restores_the_prompts(
    emulator: Emulator, make_driver: Callable[..., Driver]
) -> None:
    d = make_driver(emulator.path)
    d.send(protocol.riichi(2, True))
    assert wait_for(lambda: layers(emulator, 2) == ("riichi",))
    emulator.delay_s = 1.0  # the next command is in flight when the cable goes
    d.send(protocol.turn(1))
    assert wait_for(lambda: any(line.endswith("TURN 1") for line in emulator.received))
    emulator.unplug()
    assert wait_for(lambda: d.health()["state"] == "disconnected")
    assert "cable pulled" in d.health()["line"]
    for seat in range(4):  # the game goes on meanwhile
        d.send(protocol.call_window(seat, 3000))
        d.send(protocol.turn((seat + 1) % 4))
    assert d.health()["queue"] <= 3
    emulator.delay_s = 0.0
    emulator.plug()  # a fresh unit: no prompts showing until the driver sends them again
    assert wait_for(
        lambda: _ready(d) and layers(emulator, 2) == ("riichi",) and "turn" in layers(emulator, 0)
    )
    assert d.health()["reconnects"] >= 1


def test_garbage_and_half_lines_from_the_unit_are_counted_and_ignored(
    emulator: Emulator, make_driver: Callable[..., Driver]
) -> None:
    d = make_driver(emulator.path)
    assert wait_for(lambda: _ready(d))
    emulator.inject(b"\xff\xfe\x00noise\n#boot log\nREADY\n12345678 OK\n")
    assert wait_for(lambda: d.health()["garbage"] >= 4)
    emulator.inject(b"9 O")  # half a line: the next reply lands on it and is garbled, the retry recovers
    d.send(protocol.riichi(0, True))
    assert wait_for(lambda: layers(emulator, 0) == ("riichi",) and d.health()["acked"] >= 1)
    h = d.health()
    assert h["state"] == "ready" and h["garbage"] >= 5
    assert "ignored a line from the unit" in h["line"]


def test_a_slow_unit_gets_one_retry_and_the_game_never_waits(
    emulator: Emulator, make_driver: Callable[..., Driver]
) -> None:
    d = make_driver(emulator.path, reply_timeout=0.1)
    assert wait_for(lambda: _ready(d))
    emulator.delay_s = 0.15  # slower than the reply timeout, faster than timeout + retry
    for i in range(200):
        d.send(protocol.turn(i % 4))  # returns at once although each answer takes 0.15 s
    d.send(protocol.riichi(3, True))
    assert wait_for(lambda: layers(emulator, 3) == ("riichi", "turn") and d.health()["acked"] >= 2)
    h = d.health()
    assert h["retries"] >= 1 and h["queue"] <= 2


def test_a_unit_that_never_answers_is_reported_and_recovered_when_it_does(
    emulator: Emulator, make_driver: Callable[..., Driver]
) -> None:
    d = make_driver(emulator.path, max_failures=2)
    assert wait_for(lambda: _ready(d))
    emulator.silent = True
    for seat in range(4):
        d.send(protocol.riichi(seat, True))
    assert wait_for(lambda: d.health()["state"] == "unresponsive" and d.health()["timeouts"] >= 2)
    assert "answer" in d.health()["line"] or "ignores HELLO" in d.health()["line"]
    d.send(protocol.turn(2))  # still never blocks
    emulator.silent = False
    assert wait_for(lambda: _ready(d) and all("riichi" in layers(emulator, s) for s in range(4)))
    # the turn prompt sent while the unit was silent is restored too (it may land just after the riichi glows)
    assert wait_for(lambda: "turn" in layers(emulator, 2))


def test_a_unit_that_resets_mid_game_gets_its_prompts_back(
    emulator: Emulator, make_driver: Callable[..., Driver]
) -> None:
    d = make_driver(emulator.path)
    d.send(protocol.riichi(1, True))
    d.send(protocol.turn(2))
    assert wait_for(lambda: layers(emulator, 1) == ("riichi",) and layers(emulator, 2) == ("turn",))
    emulator.reset()  # banner again, all state lost
    assert wait_for(lambda: d.health()["resets"] == 1)
    assert wait_for(lambda: layers(emulator, 1) == ("riichi",) and layers(emulator, 2) == ("turn",))
    assert "unit reset" in d.health()["line"]


def test_reset_command_reboots_the_unit_and_the_driver_notices(
    emulator: Emulator, make_driver: Callable[..., Driver]
) -> None:
    d = make_driver(emulator.path)
    d.send(protocol.riichi(0, True))
    d.send(protocol.Command("RESET"))
    assert wait_for(lambda: d.health()["resets"] == 1 and layers(emulator, 0) == ("riichi",))


def test_a_second_assistant_on_the_same_port_is_told_it_is_busy(
    emulator: Emulator, make_driver: Callable[..., Driver]
) -> None:
    first = make_driver(emulator.path)
    assert wait_for(lambda: _ready(first))
    second = make_driver(emulator.path)
    assert wait_for(lambda: second.health()["state"] == "busy")
    assert "locked by another program" in second.health()["line"]
    first.send(protocol.turn(3))
    assert wait_for(lambda: layers(emulator, 3) == ("turn",))  # the first one keeps working
    first.close()
    assert wait_for(lambda: _ready(second))  # and the second takes over when the port is free


def test_a_command_flood_is_coalesced_and_the_queue_stays_bounded(
    emulator: Emulator, make_driver: Callable[..., Driver]
) -> None:
    d = make_driver(emulator.path, queue_bound=16)
    assert wait_for(lambda: _ready(d))
    emulator.delay_s = 0.002
    peak = 0
    done = threading.Event()

    def game() -> None:
        for i in range(20_000):
            d.send(protocol.call_window(i % 4, 3000))
            d.send(protocol.turn((i + 1) % 4))
        done.set()

    t = threading.Thread(target=game)
    t.start()
    while not done.wait(0.001):
        peak = max(peak, d.health()["queue"])
    t.join()
    h = d.health()
    assert peak <= 16 and h["dropped"] == 0
    assert h["coalesced"] > 30_000
    # the last prompts win: seat 3 discarded last, seat 0 is next
    assert wait_for(lambda: layers(emulator, 3) == ("call",) and layers(emulator, 0) == ("turn",))

"""The driver against the emulated unit through a real pseudo-terminal: the ordinary paths."""

from __future__ import annotations

import json
from collections.abc import Callable

from riichi_table.device import protocol
from riichi_table.device.driver import Driver
from riichi_table.device.emulator import Emulator
from riichi_table.device.prompts import Prompter
from riichi_table.engine import events as ev

from .conftest import layers, wait_for


def test_prompts_reach_the_unit_and_health_says_ready(
    emulator: Emulator, make_driver: Callable[..., Driver]
) -> None:
    d = make_driver(emulator.path)
    p = Prompter(d)
    p.feed(ev.StartKyoku(bakaze="E", kyoku=1, honba=0, kyotaku=0, oya=0, dora_marker="3m"))
    p.feed(ev.Reach(actor=2))
    p.feed(ev.Dahai(actor=0, pai="9p"))
    assert wait_for(lambda: layers(emulator, 0) == ("call",) and layers(emulator, 1) == ("turn",))
    assert layers(emulator, 2) == ("riichi",)
    h = d.health()
    assert h["state"] == "ready" and h["firmware"] == "1.0.0" and h["protocol"] == 1
    assert "ready" in h["line"]
    json.dumps(h)  # the web page gets it as JSON


def test_no_unit_configured_is_a_normal_quiet_state(make_driver: Callable[..., Driver]) -> None:
    d = make_driver(None)
    Prompter(d).feed(ev.Reach(actor=0))
    h = d.health()
    assert h["state"] == "off" and h["skipped"] == 1 and h["line"] == "no unit configured"


def test_a_missing_port_leaves_the_game_running_and_says_so(make_driver: Callable[..., Driver]) -> None:
    d = make_driver("/dev/ttyNO-SUCH-UNIT")
    for _ in range(100):
        d.send(protocol.turn(1))
    assert wait_for(lambda: d.health()["state"] == "disconnected")
    assert "/dev/ttyNO-SUCH-UNIT" in d.health()["line"]
    assert d.health()["queue"] <= 1


def test_the_emu_url_starts_an_emulator_whose_leds_the_page_can_show(
    make_driver: Callable[..., Driver],
) -> None:
    d = make_driver("emu://")
    d.send(protocol.riichi(1, True))
    assert wait_for(lambda: d.emulator.snapshot()["segments"][1]["layers"] == ["riichi"])
    snap = d.emulator.snapshot()
    assert snap["segments"][1]["rgb"][0] == "#0046dc"
    assert json.loads(json.dumps(snap)) == snap
    d.close()
    assert not d.emulator.plugged


def test_idle_driver_sends_ping_heartbeats(emulator: Emulator, make_driver: Callable[..., Driver]) -> None:
    d = make_driver(emulator.path, ping_interval=0.05)
    assert wait_for(lambda: sum(1 for line in emulator.received if line.endswith(" PING")) >= 2)
    assert d.health()["last_reply_age_s"] is not None


def test_traffic_log_records_both_directions(emulator: Emulator, make_driver: Callable[..., Driver]) -> None:
    d = make_driver(emulator.path, log_traffic=True)
    assert wait_for(lambda: d.health()["state"] == "ready")
    assert wait_for(lambda: d.traffic is not None and "rx 1 OK 1 1.0.0" in d.traffic.text())
    assert "tx 1 HELLO 1 1" in d.traffic.text()


def test_close_is_prompt_and_idempotent(emulator: Emulator) -> None:
    d = Driver(emulator.path, reply_timeout=0.1)
    d.close()
    d.close()
    assert d.health()["state"] == "off"

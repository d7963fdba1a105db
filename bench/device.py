"""Device benchmark: event -> unit acknowledgement latency, and the event rate the driver keeps up with.

Everything runs through a real pseudo-terminal with the emulated unit (the firmware's own logic), so the
figures include the kernel's tty path, the driver's queue and both threads, but not USB or the board.

Printed against a peer in the same run: a blocking one-command-at-a-time client (`device.client.SyncClient`,
what a game loop calling the unit directly would do), which has no queue and no thread hop.

    .venv/bin/python bench/device.py [--events 400]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from riichi_table.device import protocol
from riichi_table.device.client import SyncClient
from riichi_table.device.driver import Driver
from riichi_table.device.emulator import Emulator
from riichi_table.device.prompts import Prompter
from riichi_table.engine import events as ev


def _pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def _wait_ready(d: Driver) -> None:
    deadline = time.monotonic() + 10
    while d.health()["state"] != "ready":
        if time.monotonic() > deadline:
            raise SystemExit(f"driver never got ready: {d.health()['line']}")
        time.sleep(0.01)


def latency_driver(n: int) -> list[float]:
    """Feed a discard, wait for the unit's OK to its CALL command; seconds from feed() to the ack."""
    acked = threading.Event()
    got: list[float] = []

    def on_ack(command: protocol.Command, reply: protocol.Reply, latency: float) -> None:
        if command.verb == "TURN":  # the last command of a dahai: the whole event is acknowledged
            acked.set()

    with Emulator() as emu, Driver(emu.path, on_ack=on_ack, ping_interval=60) as d:
        _wait_ready(d)
        p = Prompter(d)
        for i in range(n):
            acked.clear()
            t0 = time.perf_counter()
            p.feed(ev.Dahai(actor=i % 4, pai="1m"))
            if not acked.wait(5):
                raise SystemExit("no acknowledgement within 5 s")
            got.append(time.perf_counter() - t0)
    return got


def latency_sync(n: int) -> list[float]:
    """The peer: the same two commands per discard, each sent and waited for by the caller."""
    got: list[float] = []
    with Emulator() as emu, SyncClient(emu.path) as c:
        for i in range(n):
            t0 = time.perf_counter()
            c.request(protocol.call_window(i % 4, 3000))
            c.request(protocol.turn((i + 1) % 4))
            got.append(time.perf_counter() - t0)
    return got


def _paced(
    rate: int, seconds: float, feed: Callable[[int], None], probe: Callable[[], int]
) -> tuple[int, int]:
    """Call feed(i) `rate` times a second, evenly; (events fed, queue peak)."""
    n = int(rate * seconds)
    peak = 0
    start = time.perf_counter()
    for i in range(n):
        wait = start + i / rate - time.perf_counter()
        if wait > 0:
            time.sleep(wait)  # a real sleep, so the driver's threads get the interpreter
        feed(i)
        peak = max(peak, probe())
    return n, peak


def _drain(d: Driver) -> None:
    deadline = time.monotonic() + 10
    while len(d.pending) and time.monotonic() < deadline:
        time.sleep(0.01)


def sustained_rate(rates: list[int], seconds: float) -> list[tuple[int, int, int, int]]:
    """Per offered rate (discards/s): (rate, backlog at the end without merging, its peak, peak merged).

    With merging off every prompt must be sent on its own, so the backlog shows whether the driver keeps up.
    """
    rows = []
    with Emulator() as emu, Driver(emu.path, ping_interval=60, queue_bound=10**7) as d:
        _wait_ready(d)
        p = Prompter(d)
        for rate in rates:

            def unmerged(i: int) -> None:
                for c in (protocol.call_window(i % 4, 3000), protocol.turn((i + 1) % 4)):
                    d.send(protocol.Command(c.verb, c.args))  # no key: nothing merges

            _, peak_raw = _paced(rate, seconds, unmerged, lambda: len(d.pending))
            backlog = len(d.pending)
            _drain(d)
            _, peak_merged = _paced(
                rate, seconds, lambda i: p.feed(ev.Dahai(actor=i % 4, pai="1m")), lambda: len(d.pending)
            )
            _drain(d)
            rows.append((rate, backlog, peak_raw, peak_merged))
    return rows


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--events", type=int, default=400)
    parser.add_argument("--seconds", type=float, default=0.5, help="per offered rate")
    args = parser.parse_args()

    drv = latency_driver(args.events)
    syn = latency_sync(args.events)
    print(f"event -> unit ack latency over a pty, {args.events} discards (2 commands each):")
    for name, xs in (("driver (queue + thread)", drv), ("peer: blocking client", syn)):
        med, p99 = statistics.median(xs) * 1e3, _pct(xs, 0.99) * 1e3
        print(f"  {name:<24} median {med:7.3f} ms   p99 {p99:7.3f} ms")

    rates = [250, 500, 1000, 2000, 4000, 8000]
    rows = sustained_rate(rates, args.seconds)
    print(f"offered discards/s, evenly paced for {args.seconds:g} s each (2 prompts per discard):")
    print("  discards/s  backlog at end (no merging)  its peak  queue peak with merging")
    best = 0
    for rate, backlog, peak_raw, peak_merged in rows:
        print(f"  {rate:10d}  {backlog:27d}  {peak_raw:8d}  {peak_merged:23d}")
        if backlog <= max(8, rate * args.seconds * 2 // 50):  # under 2% of what was sent is still waiting
            best = max(best, rate)
    print(f"most discards/s the driver sustains without its queue growing: {best} ({2 * best} commands/s)")
    print("with merging on (as in play) the queue stays at a few commands whatever the rate")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

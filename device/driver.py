"""The serial driver: the game hands it prompts and never waits; a thread of its own talks to the unit.

`Driver(port_or_url)` takes a device path or pyserial URL, `"auto"` (find the unit by USB id or banner),
`"emu://"` (start an in-process emulator and drive it through a real pseudo-terminal; `driver.emulator`
shows its LEDs), or None (no unit configured: a normal state, prompts are counted and skipped).

Behaviour (docs/device-protocol.md): HELLO handshake with version negotiation after opening; each command
waits `reply_timeout` for its reply and is retried once with the same sequence number (the unit answers a
repeat without redoing it); a PING when idle for `ping_interval`; after `max_failures` commands in a row get
no answer, or when the port fails (cable pulled), the link is dropped and reopened every
`reconnect_interval` s; a `READY` banner mid-game means the unit rebooted: handshake again and send the
standing state (riichi glows, turn, ...) again.
"""

from __future__ import annotations

import contextlib
import queue
import threading
import time
from collections import OrderedDict
from collections.abc import Callable
from typing import Any

import serial
from riichi_table.device import protocol
from riichi_table.device.errors import PortBusyError, PortNotOpenError
from riichi_table.device.health import HealthBoard, State
from riichi_table.device.pending import PendingQueue, Queued
from riichi_table.device.ports import Port, TrafficLog, find_units, open_port, read_some
from riichi_table.device.protocol import Banner, Command, Garbage, Reply

AckHook = Callable[[Command, Reply, float], None]


class _Lost:
    """The reader's note that the port failed."""

    def __init__(self, reason: str) -> None:
        self.reason = reason


class Driver:
    """Sends prompts to the unit from its own thread; `send` never blocks, `health()` says how it goes."""

    def __init__(
        self,
        port_or_url: str | None,
        *,
        reply_timeout: float = 0.5,
        ping_interval: float = 1.0,
        reconnect_interval: float = 1.0,
        handshake_timeout: float = 2.5,
        max_failures: int = 3,
        queue_bound: int = 32,
        log_traffic: bool = False,
        on_ack: AckHook | None = None,
    ) -> None:
        self.reply_timeout = reply_timeout
        self.ping_interval = ping_interval
        self.reconnect_interval = reconnect_interval
        self.handshake_timeout = handshake_timeout
        self.max_failures = max_failures
        self.on_ack = on_ack
        self.log_traffic = log_traffic
        self.traffic: TrafficLog | None = None
        self.emulator: Any = None
        if port_or_url is not None and port_or_url.startswith("emu://"):
            from riichi_table.device.emulator import Emulator  # only a driver asked for one pays for it

            self.emulator = Emulator()
            port_or_url = self.emulator.path
        self.target = port_or_url
        self.board = HealthBoard(port_or_url)
        self.pending = PendingQueue(queue_bound)
        self._standing: OrderedDict[str, Command] = OrderedDict()
        self._standing_lock = threading.Lock()
        self._inbox: queue.Queue[Reply | Banner | Garbage | _Lost] = queue.Queue()
        self._link: Port | None = None
        self._reader: threading.Thread | None = None
        self._reader_stop = threading.Event()
        self._closing = threading.Event()
        self._seq = 0
        self._failures = 0
        self._handshakes = 0
        self._rehandshake = False
        self._last_traffic = time.monotonic()
        self._worker: threading.Thread | None = None
        if port_or_url is not None:
            self._worker = threading.Thread(target=self._run, name="device-driver", daemon=True)
            self._worker.start()

    # -- the game's side --------------------------------------------------------------------------------
    def send(self, command: Command) -> None:
        """Queue a command for the unit and return at once (coalesced with waiting ones it supersedes)."""
        if self._worker is None or self._closing.is_set():
            self.board.counters.skipped += 1
            return
        if command.sticky:
            with self._standing_lock:
                for key in command.supersedes | {command.key}:
                    self._standing.pop(key, None)
                self._standing[command.key] = command
        self.pending.put(command)

    def health(self) -> dict[str, Any]:
        """JSON-able health for the web page: `state`, a human `line`, counters, queue, firmware."""
        p = self.pending
        return self.board.snapshot(len(p), p.bound, p.coalesced, p.dropped)

    def close(self) -> None:
        """Stop the threads and close the port (and the emulator this driver started); idempotent."""
        self._closing.set()
        self.pending.wake()
        if self._worker is not None and self._worker is not threading.current_thread():
            self._worker.join(timeout=3)
        self._drop_link(None)
        if self.emulator is not None:
            self.emulator.close()
        if self.target is not None:
            self.board.set("off", "driver closed")

    def __enter__(self) -> Driver:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # -- the worker thread ------------------------------------------------------------------------------
    def _run(self) -> None:
        while not self._closing.is_set():
            if self._link is None:
                if not self._connect():
                    self._closing.wait(self.reconnect_interval)
                continue
            if self._rehandshake:
                self._rehandshake = False
                if not self._handshake():
                    continue
            self._drain_inbox()
            if self._link is None or self._rehandshake:
                continue
            idle_for = time.monotonic() - self._last_traffic
            item = self.pending.get(timeout=max(0.0, self.ping_interval - idle_for))
            if item is not None:
                self._transact(item.command, item)
            elif time.monotonic() - self._last_traffic >= self.ping_interval and self._link is not None:
                self._transact(protocol.ping(), None)

    def _resolve(self) -> str | None:
        if self.target != "auto":
            return self.target
        units = find_units()
        if not units:
            self._set("searching", f"no unit found among the USB serial ports; looking {self._every}")
            return None
        self.board.port = units[0].port
        return units[0].port

    def _connect(self) -> bool:
        port = self._resolve()
        if port is None:
            return False
        try:
            raw = open_port(port, timeout=0.05)
        except PortBusyError as exc:
            self._set("busy", f"{exc}; retrying {self._every}")
            return False
        except PortNotOpenError as exc:
            self._set("disconnected", f"{exc}; retrying {self._every}")
            return False
        link: Port = raw
        if self.log_traffic:
            self.traffic = TrafficLog(raw)
            link = self.traffic
        self._link = link
        self._inbox = queue.Queue()
        self._reader_stop = threading.Event()
        args = (link, self._inbox, self._reader_stop)
        self._reader = threading.Thread(target=self._read_loop, args=args, name="device-reader", daemon=True)
        self._reader.start()
        self._set("connecting", f"talking to {port}")
        return self._handshake()

    def _handshake(self) -> bool:
        """HELLO until a reply (boards that reset on open miss the first); then resend the standing state."""
        deadline = time.monotonic() + self.handshake_timeout
        while time.monotonic() < deadline and self._link is not None and not self._closing.is_set():
            seq = self._next_seq()
            if not self._write(protocol.hello(), seq):
                return False
            got = self._await(seq, min(0.5, max(0.01, deadline - time.monotonic())), handshake=True)
            if isinstance(got, Reply) and got.ok:
                words = got.data.split()
                self.board.protocol = int(words[0]) if words and words[0].isdigit() else None
                self.board.firmware = words[1] if len(words) > 1 else self.board.firmware
                self.board.replied(None)
                self._handshakes += 1
                if self._handshakes > 1:
                    self.board.counters.reconnects += 1
                self._failures = 0
                self._set_ready()
                with self._standing_lock:
                    standing = list(self._standing.values())
                self.pending.replace_sticky(standing)
                return True
            if isinstance(got, Reply):
                self._set(
                    "incompatible",
                    f"unit on {self.board.port} refused protocol {protocol.PROTO_MIN}-{protocol.PROTO_MAX}: "
                    f"{got.data}; update the firmware",
                )
                self._drop_link(None)
                return False
            if got == "lost":
                return False
        if self._link is not None:
            self._set("unresponsive", f"unit on {self.board.port} ignores HELLO; retrying {self._every}")
            self._drop_link(None)
        return False

    def _transact(self, command: Command, item: Queued | None) -> None:
        seq = self._next_seq()
        for attempt in range(2):
            if attempt:
                self.board.counters.retries += 1
            if not self._write(command, seq):
                return
            got = self._await(seq, self.reply_timeout)
            if isinstance(got, Reply):
                if got.ok:
                    self.board.counters.acked += 1
                else:
                    self.board.counters.refused += 1
                    self.board.note(f"unit refused {command.text!r}: {got.data}")
                latency = time.perf_counter() - item.since if item is not None else None
                self.board.replied(latency)
                if self._failures or self.board.state != "ready":
                    self._set_ready()
                self._failures = 0
                if self.on_ack is not None and latency is not None:
                    self.on_ack(command, got, latency)
                return
            if got == "lost":
                return
            if got == "reset":
                if not command.sticky and item is not None:
                    self.pending.put(command, item.since)  # the reboot ate it (standing state is resent)
                return
        self.board.counters.timeouts += 1
        self._failures += 1
        self.board.note(f"no answer to {command.text!r} after a retry ({self.reply_timeout:g} s each)")
        if self._failures >= self.max_failures:
            self._set("unresponsive", f"unit on {self.board.port} stopped answering; reopening {self._every}")
            self._drop_link(None)
        else:
            slow = f"unit on {self.board.port} is slow: {self._failures} command(s) unanswered"
            self._set("unresponsive", slow)

    def _write(self, command: Command, seq: int) -> bool:
        link = self._link
        if link is None:
            return False
        try:
            link.write(protocol.encode(command, seq))
        except (OSError, serial.SerialException) as exc:
            self._lose(f"write failed: {exc}")
            return False
        self.board.counters.sent += 1
        self._last_traffic = time.monotonic()
        return True

    def _await(self, seq: int, timeout: float, handshake: bool = False) -> Reply | str:
        """The reply to `seq`, or 'timeout' / 'lost' / 'reset'; other lines are counted on the way."""
        deadline = time.monotonic() + timeout
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                return "timeout"
            try:
                got = self._inbox.get(timeout=left)
            except queue.Empty:
                return "timeout"
            if isinstance(got, Reply) and got.seq == seq:
                return got
            if isinstance(got, Banner) and handshake:
                self.board.firmware = got.firmware  # a board that reset on open: the HELLO goes next
                continue
            self._account(got)
            if isinstance(got, _Lost) or self._link is None:
                return "lost"
            if isinstance(got, Banner):
                return "reset"

    def _drain_inbox(self) -> None:
        while True:
            try:
                got = self._inbox.get_nowait()
            except queue.Empty:
                return
            self._account(got)

    def _account(self, got: Reply | Banner | Garbage | _Lost) -> None:
        c = self.board.counters
        if isinstance(got, Garbage):
            c.garbage += 1
            self.board.note(f"ignored a line from the unit ({got.reason}): {got.text[:40]!r}")
        elif isinstance(got, Reply):
            c.stale += 1
        elif isinstance(got, Banner):
            c.resets += 1
            self.board.firmware = got.firmware
            self.board.note(f"unit reset (READY {got.firmware}); its prompts were sent again")
            self._rehandshake = True
        else:
            self._lose(got.reason)

    def _lose(self, reason: str) -> None:
        self.board.note(f"lost the unit on {self.board.port} (cable pulled?): {reason}")
        self._set("disconnected", f"unit on {self.board.port} gone (cable pulled?); retrying {self._every}")
        self._drop_link(None)

    def _drop_link(self, _: object) -> None:
        link, self._link = self._link, None
        self._reader_stop.set()
        if self._reader is not None and self._reader is not threading.current_thread():
            self._reader.join(timeout=1)
        self._reader = None
        if link is not None:
            with contextlib.suppress(OSError, serial.SerialException):  # already gone: closing is all we want
                link.close()

    def _next_seq(self) -> int:
        self._seq = self._seq % protocol.SEQ_MAX + 1
        return self._seq

    def _set(self, state: State, detail: str) -> None:
        self.board.set(state, detail)

    def _set_ready(self) -> None:
        b = self.board
        self._set("ready", f"unit ready on {b.port} (firmware {b.firmware}, protocol {b.protocol})")

    @property
    def _every(self) -> str:
        return f"every {self.reconnect_interval:g} s"

    def _read_loop(self, link: Port, inbox: queue.Queue[Any], stop: threading.Event) -> None:
        splitter = protocol.LineSplitter()
        while not stop.is_set():
            try:
                data = read_some(link)
            except (OSError, serial.SerialException, TypeError, AttributeError) as exc:
                if not stop.is_set():
                    inbox.put(_Lost(f"read failed: {exc}"))
                    self.pending.wake()
                return
            if not data:
                continue
            for line in splitter.feed(data):
                inbox.put(protocol.parse_line(line))
            self.pending.wake()

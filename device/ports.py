"""Opening the unit's port, logging its traffic, and finding the unit among the machine's serial ports.

`open_port` is the one factory: a device path (`/dev/ttyACM0`, `COM3`, a pseudo-terminal) or any pyserial
URL (`loop://`, `socket://host:port`, `spy://...`). `TrafficLog` wraps whatever port it is given by
composition, so it records a real port, a pseudo-terminal or the emulator alike.
"""

from __future__ import annotations

import errno
import threading
import time
from collections import deque
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal, Protocol

import serial
from riichi_table.device import protocol
from riichi_table.device.errors import PortBusyError, PortNotOpenError
from serial.tools import list_ports

BAUD = 115200
# USB vendor:product ids of the boards docs/device-wiring.md names, and what they are.
KNOWN_USB_IDS: dict[tuple[int, int], str] = {
    (0x2E8A, 0x0005): "Raspberry Pi Pico running MicroPython",
}


class Port(Protocol):
    """What the driver needs of a port (a pyserial Serial, or a TrafficLog around one)."""

    def read(self, size: int = 1) -> bytes: ...

    @property
    def in_waiting(self) -> int: ...

    def write(self, data: bytes) -> int | None: ...

    def close(self) -> None: ...


def read_some(port: Port) -> bytes:
    """Whatever has arrived: waits up to the port's timeout for the first byte, then takes the rest.

    (pyserial's `read(n)` waits for all n bytes or the timeout, which would delay every reply.)
    """
    data = port.read(1)
    if data:
        waiting = port.in_waiting
        if waiting:
            data += port.read(waiting)
    return data


def open_port(port_or_url: str, timeout: float = 0.1, exclusive: bool = True) -> serial.SerialBase:
    """Open a device path or a pyserial URL; reads return after `timeout` s with what has come.

    `exclusive` takes the port's lock (POSIX), so a second assistant on the same port gets PortBusyError
    instead of stealing half the replies.
    """
    if not port_or_url or port_or_url.strip() != port_or_url:
        raise PortNotOpenError(f"expected a device path like /dev/ttyACM0 or a URL, got {port_or_url!r}")
    try:
        if "://" in port_or_url:
            return serial.serial_for_url(port_or_url, baudrate=BAUD, timeout=timeout, write_timeout=1.0)
        return serial.Serial(port_or_url, BAUD, timeout=timeout, write_timeout=1.0, exclusive=exclusive)
    except serial.SerialException as exc:
        if exc.errno in (errno.EAGAIN, errno.EWOULDBLOCK) or "exclusively lock" in str(exc):
            raise PortBusyError(f"port {port_or_url} is locked by another program (2nd assistant?)") from None
        if exc.errno == errno.ENOENT:
            raise PortNotOpenError(f"no serial port at {port_or_url} (is the unit plugged in?)") from None
        raise PortNotOpenError(f"cannot open {port_or_url}: {exc}") from None
    except ValueError as exc:  # pyserial's answer to a URL it does not know
        raise PortNotOpenError(
            f"expected a device path or a pyserial URL (loop://, socket://...), got {port_or_url!r}: {exc}"
        ) from None


@dataclass(frozen=True, slots=True)
class Traffic:
    """One chunk of bytes seen on a port: direction `tx` (host to unit) or `rx`, perf_counter time."""

    direction: Literal["tx", "rx"]
    data: bytes
    at: float


class TrafficLog:
    """A port wrapper that records both directions (the last `keep` chunks) and passes everything on."""

    def __init__(self, port: Port, keep: int = 1000) -> None:
        self._port = port
        self._lock = threading.Lock()
        self.records: deque[Traffic] = deque(maxlen=keep)

    @property
    def in_waiting(self) -> int:
        return self._port.in_waiting

    def read(self, size: int = 1) -> bytes:
        data = self._port.read(size)
        if data:
            self._add("rx", data)
        return data

    def write(self, data: bytes) -> int | None:
        self._add("tx", data)
        return self._port.write(data)

    def close(self) -> None:
        self._port.close()

    def __getattr__(self, name: str) -> object:
        return getattr(self._port, name)

    def _add(self, direction: Literal["tx", "rx"], data: bytes) -> None:
        with self._lock:
            self.records.append(Traffic(direction, bytes(data), time.perf_counter()))

    def text(self) -> str:
        """The log as lines `tx 12 TURN 2` / `rx 12 OK`, chunks joined per direction."""
        with self._lock:
            records = list(self.records)
        runs: list[tuple[str, bytearray]] = []
        for r in records:
            if runs and runs[-1][0] == r.direction:
                runs[-1][1].extend(r.data)
            else:
                runs.append((r.direction, bytearray(r.data)))
        out = []
        for direction, data in runs:
            out += [f"{direction} {line}" for line in data.decode("ascii", "replace").splitlines()]
        return "\n".join(out)


@dataclass(frozen=True, slots=True)
class UnitInfo:
    """A unit found on a port; `how` says whether by its USB id or by its banner, `firmware` when known."""

    port: str
    how: Literal["usb-id", "banner"]
    description: str
    firmware: str | None = None


def probe(port: str, timeout: float = 1.5) -> str | None:
    """Open `port`, ask HELLO and wait for a banner or a reply; the firmware version, or None if no unit."""
    try:
        link = open_port(port, timeout=0.05)
    except PortNotOpenError:
        return None
    splitter = protocol.LineSplitter()
    try:
        deadline = time.monotonic() + timeout
        next_hello = 0.0
        while time.monotonic() < deadline:
            if time.monotonic() >= next_hello:  # boards that reset on open miss the first HELLO
                link.write(protocol.encode(protocol.hello(), 1))
                next_hello = time.monotonic() + 0.3
            for line in splitter.feed(read_some(link)):
                got = protocol.parse_line(line)
                if isinstance(got, protocol.Banner):
                    return got.firmware
                if isinstance(got, protocol.Reply) and got.seq == 1 and got.ok and len(got.data.split()) == 2:
                    return got.data.split()[1]
        return None
    except (OSError, serial.SerialException):
        return None
    finally:
        link.close()


def find_units(candidates: Sequence[str] | None = None, use_probe: bool = True) -> list[UnitInfo]:
    """Units on this machine: serial ports with a known USB id, then (with `use_probe`) others that answer.

    `candidates` limits the search to these paths (all are probed); None lists the machine's ports.
    """
    if candidates is not None:
        return _answering(candidates)
    found: list[UnitInfo] = []
    others: list[str] = []
    for info in sorted(list_ports.comports(), key=lambda p: p.device):
        ids = (info.vid, info.pid)
        if ids in KNOWN_USB_IDS:
            found.append(UnitInfo(info.device, "usb-id", KNOWN_USB_IDS[ids]))
        elif info.vid is not None:
            others.append(info.device)  # only USB serial ports: probing a motherboard UART is pointless
    if use_probe and not found:
        found = _answering(others)
    return found


def _answering(paths: Sequence[str]) -> list[UnitInfo]:
    """The units among `paths` that answer HELLO."""
    return [
        UnitInfo(path, "banner", "answered HELLO", fw) for path in paths if (fw := probe(path)) is not None
    ]

"""A software unit on a pseudo-terminal pair: the real firmware logic (`device.firmware.unitcore`) behind a
real serial port path, so the driver, the tests, the bench and `riichi-table device --emulate` run with no
hardware. Its LEDs and buzzer are readable (`leds()`, `buzzer()`, `snapshot()`) for the web page.

Faults for tests: `delay_s` (answers slowly), `silent` (never answers), `inject(bytes)` (garbage or half
lines), `reset()` (reboots: banner again, state lost), `unplug()` / `plug()` (the cable). Give `link` a
path to get a stable name (a symlink, like /dev/serial/by-id) that follows the pseudo-terminal across
unplug/plug; without it `path` is the pseudo-terminal itself and changes on each plug.
"""

from __future__ import annotations

import contextlib
import os
import select
import threading
import time
import tty
from collections import deque
from dataclasses import dataclass
from types import TracebackType
from typing import Any

from riichi_table.device.errors import DeviceError, PortNotOpenError
from riichi_table.device.firmware import unitcore


def _hex(rgb: tuple[int, int, int]) -> str:
    return "#{:02x}{:02x}{:02x}".format(*rgb)


@dataclass(frozen=True, slots=True)
class SegmentView:
    """One seat's LED segment: the prompts showing (most visible first) and the colour of each LED now."""

    seat: int
    layers: tuple[str, ...]
    rgb: tuple[tuple[int, int, int], ...]


@dataclass(frozen=True, slots=True)
class BuzzerView:
    """The buzzer now: frequency in Hz (0 silent) and the tune it belongs to."""

    frequency: int
    tune: str | None


class Emulator:
    """A unit speaking docs/device-protocol.md on a pseudo-terminal; `path` is what a driver opens."""

    def __init__(self, leds_per_seat: int = 6, link: str | None = None) -> None:
        self.leds_per_seat = leds_per_seat
        self.link = link
        self.delay_s = 0.0
        self.silent = False
        self.received: deque[str] = deque(maxlen=1000)
        self._t0 = time.monotonic()
        self._lock = threading.Lock()
        self._unit = unitcore.Unit(leds_per_seat, self._now())
        self._master = -1
        self._slave = -1
        self._slave_name = ""
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self.plug()

    # -- the cable ----------------------------------------------------------------------------------------
    @property
    def path(self) -> str:
        """The serial port path to open (the link when one was given)."""
        return self.link or self._slave_name

    @property
    def plugged(self) -> bool:
        return self._master >= 0

    def plug(self) -> None:
        """Plug the cable in: a fresh pseudo-terminal, the link pointed at it, the unit boots (banner)."""
        if self.plugged:
            return
        if self.link and os.path.lexists(self.link) and not os.path.islink(self.link):
            raise DeviceError(f"link path {self.link!r} exists and is not a symlink; refusing to replace it")
        master, slave = os.openpty()
        tty.setraw(slave)  # no echo, no line editing: bytes pass as they are, like a USB serial port
        self._master, self._slave = master, slave
        self._slave_name = os.ttyname(slave)
        if self.link:
            with contextlib.suppress(FileNotFoundError):
                os.unlink(self.link)
            os.symlink(self._slave_name, self.link)
        self._stop.clear()
        self._thread = threading.Thread(target=self._serve, name="unit-emulator", daemon=True)
        self._thread.start()
        self.reset()

    def unplug(self) -> None:
        """Pull the cable: the host's reads and writes on the port fail, the port path goes away."""
        self._stop.set()
        if self._thread is not None and self._thread is not threading.current_thread():
            self._thread.join(timeout=2)
        self._thread = None
        for fd in (self._master, self._slave):
            if fd >= 0:
                with contextlib.suppress(OSError):
                    os.close(fd)
        self._master = self._slave = -1
        if self.link:
            with contextlib.suppress(FileNotFoundError):
                os.unlink(self.link)

    def close(self) -> None:
        """Stop the emulator for good."""
        self.unplug()

    def __enter__(self) -> Emulator:
        return self

    def __exit__(
        self, kind: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        self.close()

    # -- faults -------------------------------------------------------------------------------------------
    def reset(self) -> None:
        """Reboot the unit: all prompt state is lost and the `READY` banner is sent again."""
        with self._lock:
            self._unit = unitcore.Unit(self.leds_per_seat, self._now())
            banner = self._unit.banner()
        self.inject((banner + "\n").encode("ascii"))

    def inject(self, data: bytes) -> None:
        """Send raw bytes to the host as if the unit had written them (garbage, half lines)."""
        if not self.plugged:
            raise PortNotOpenError("the emulator is unplugged: plug() it before sending")
        os.write(self._master, data)

    # -- readable state -------------------------------------------------------------------------------------
    def leds(self) -> list[SegmentView]:
        """Each seat's segment now, seat 0 first."""
        with self._lock:
            now = self._now()
            frame = self._unit.frame(now)
            n = self.leds_per_seat
            layers = [tuple(self._unit.layers(seat, now)) for seat in range(unitcore.SEATS)]
        return [SegmentView(s, layers[s], tuple(frame[s * n : (s + 1) * n])) for s in range(unitcore.SEATS)]

    def buzzer(self) -> BuzzerView:
        """What the buzzer plays now."""
        with self._lock:
            freq, name = self._unit.tone(self._now())
        return BuzzerView(freq, name)

    def snapshot(self) -> dict[str, Any]:
        """JSON-able state for the web page: port, plugged, per-seat layers and colours (hex), buzzer."""
        buzz = self.buzzer()
        return {
            "port": self.path,
            "plugged": self.plugged,
            "segments": [
                {"seat": s.seat, "layers": list(s.layers), "rgb": [_hex(c) for c in s.rgb]}
                for s in self.leds()
            ],
            "buzzer": {"frequency": buzz.frequency, "tune": buzz.tune},
        }

    # -- the unit's loop ------------------------------------------------------------------------------------
    def _now(self) -> int:
        return int((time.monotonic() - self._t0) * 1000)

    def _serve(self) -> None:
        master = self._master
        reader = unitcore.LineReader()
        while not self._stop.is_set():
            try:
                ready, _, _ = select.select([master], [], [], 0.05)
                if not ready:
                    continue
                data = os.read(master, 1024)
            except OSError:
                return  # unplugged under our feet
            for line in reader.feed(data):
                self.received.append(line)
                with self._lock:
                    reply = self._unit.handle_line(line, self._now())
                    rebooting = self._unit.reset_requested
                if reply is None or self.silent:
                    continue
                if self.delay_s and self._stop.wait(self.delay_s):
                    return
                try:
                    os.write(master, (reply + "\n").encode("ascii"))
                    if rebooting:
                        self.reset()
                except OSError:
                    return

"""A blocking, one-command-at-a-time client for the unit: for `riichi-table device ping/test/state` and as
the naive peer in bench/device.py. The game uses `device.driver.Driver`, which never blocks.
"""

from __future__ import annotations

import time

import serial
from riichi_table.device import protocol
from riichi_table.device.errors import DeviceTimeoutError, PortNotOpenError, ProtocolError
from riichi_table.device.ports import Port, open_port, read_some
from riichi_table.device.protocol import Banner, Command, Reply


class SyncClient:
    """Open a port, negotiate the version, then `request(command)` waits for each reply."""

    def __init__(self, port_or_url: str, timeout: float = 1.0, handshake_timeout: float = 2.5) -> None:
        self.port = port_or_url
        self.timeout = timeout
        self._link: Port = open_port(port_or_url, timeout=0.02)
        self._splitter = protocol.LineSplitter()
        self._lines: list[str] = []
        self._seq = 0
        self.firmware: str | None = None
        self.protocol: int | None = None
        self.garbage: list[str] = []
        try:
            self._hello(handshake_timeout)
        except BaseException:
            self.close()
            raise

    def _hello(self, handshake_timeout: float) -> None:
        deadline = time.monotonic() + handshake_timeout
        while time.monotonic() < deadline:
            try:
                reply = self.request(protocol.hello(), timeout=min(0.5, self.timeout))
            except DeviceTimeoutError:
                continue  # a board that resets on open misses the first HELLO
            if not reply.ok:
                raise ProtocolError(f"unit on {self.port} refused protocol 1: {reply.data}")
            words = reply.data.split()
            self.protocol, self.firmware = int(words[0]), words[1]
            return
        raise DeviceTimeoutError(f"no unit answered HELLO on {self.port} within {handshake_timeout:g} s")

    def request(self, command: Command, timeout: float | None = None) -> Reply:
        """Send one command and wait for its reply; DeviceTimeoutError if none comes."""
        self._seq = self._seq % protocol.SEQ_MAX + 1
        seq = self._seq
        try:
            self._link.write(protocol.encode(command, seq))
        except (OSError, serial.SerialException) as exc:
            raise PortNotOpenError(f"writing to {self.port} failed: {exc}") from None
        deadline = time.monotonic() + (self.timeout if timeout is None else timeout)
        while time.monotonic() < deadline:
            while self._lines:
                got = protocol.parse_line(self._lines.pop(0))
                if isinstance(got, Reply) and got.seq == seq:
                    return got
                if isinstance(got, Banner):
                    self.firmware = got.firmware
                elif not isinstance(got, Reply):
                    self.garbage.append(got.text)
            try:
                self._lines += self._splitter.feed(read_some(self._link))
            except (OSError, serial.SerialException) as exc:
                raise PortNotOpenError(f"reading from {self.port} failed: {exc}") from None
        raise DeviceTimeoutError(f"no reply to {command.text!r} from {self.port}")

    def close(self) -> None:
        self._link.close()

    def __enter__(self) -> SyncClient:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

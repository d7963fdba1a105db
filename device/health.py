"""What the driver reports about the unit: a state, counters, and one human line for the web page."""

from __future__ import annotations

import statistics
import threading
import time
from collections import deque
from dataclasses import asdict, dataclass
from typing import Any, Literal

State = Literal[
    "off", "searching", "connecting", "ready", "unresponsive", "disconnected", "busy", "incompatible"
]


@dataclass(slots=True)
class Counters:
    """Running totals since the driver started (only the driver's threads write them)."""

    sent: int = 0  # commands written (a retry counts again)
    acked: int = 0  # OK replies to our commands
    refused: int = 0  # ERR replies to our commands
    retries: int = 0  # commands written a second time after a timeout
    timeouts: int = 0  # commands given up after the retry also timed out
    garbage: int = 0  # lines from the unit that are not replies or banners
    stale: int = 0  # replies to a sequence number we were no longer waiting for
    resets: int = 0  # banners seen after the handshake: the unit rebooted
    reconnects: int = 0  # successful handshakes after the first
    skipped: int = 0  # prompts given while no unit is configured


class HealthBoard:
    """Thread-safe state and incident record; `snapshot` gives the JSON-able dict of `Driver.health()`."""

    def __init__(self, port: str | None) -> None:
        self._lock = threading.Lock()
        self.port = port
        self.state: State = "off" if port is None else "connecting"
        self.detail = "no unit configured" if port is None else f"opening {port}"
        self.firmware: str | None = None
        self.protocol: int | None = None
        self.incident: str | None = None
        self.last_reply_at: float | None = None
        self.counters = Counters()
        self.latencies: deque[float] = deque(maxlen=512)

    def set(self, state: State, detail: str) -> None:
        with self._lock:
            self.state = state
            self.detail = detail

    def note(self, incident: str) -> None:
        """Record something that happened (shown after the state in the health line)."""
        with self._lock:
            self.incident = f"{time.strftime('%H:%M:%S')} {incident}"

    def replied(self, latency_s: float | None) -> None:
        self.last_reply_at = time.monotonic()
        if latency_s is not None:
            self.latencies.append(latency_s)

    def snapshot(self, queue_len: int, queue_bound: int, coalesced: int, dropped: int) -> dict[str, Any]:
        with self._lock:
            lat = list(self.latencies)
            age = None if self.last_reply_at is None else round(time.monotonic() - self.last_reply_at, 3)
            line = self.detail if self.incident is None else f"{self.detail} — last incident: {self.incident}"
            return {
                "state": self.state,
                "line": line,
                "port": self.port,
                "firmware": self.firmware,
                "protocol": self.protocol,
                "queue": queue_len,
                "queue_bound": queue_bound,
                "coalesced": coalesced,
                "dropped": dropped,
                **asdict(self.counters),
                "last_incident": self.incident,
                "last_reply_age_s": age,
                "ack_ms_median": round(statistics.median(lat) * 1000, 3) if lat else None,
            }

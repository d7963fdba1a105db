"""Sending the outbox to the club server: `ClubClient` (one POST, standard library http.client) and
`Forwarder` (a background thread delivering messages in order, retrying while the server is away).

Answers: 200 -> sent (a resend the server already had is answered from its receipt, also 200); 401 -> the
token is refused: nothing more is sent until the table is restarted with a good token; any other 4xx ->
that message is refused (kept in the outbox with the reason, shown in the health line) and the next one
goes; 5xx, a timeout or no connection -> offline: the same message is tried again after a back-off
(0.5 s doubling to 10 s).
"""

from __future__ import annotations

import http.client
import json
import logging
import threading
import urllib.parse
from dataclasses import dataclass
from typing import Any

from riichi_table.club.errors import ClubError
from riichi_table.club.outbox import Outbox

log = logging.getLogger(__name__)
PUSH_PATH = "/api/club/v1/push"
TOKEN_ENV = "RIICHI_TABLE_CLUB_TOKEN"


class Offline(ClubError):
    """The club server could not be reached (or answered 5xx); the message stays waiting."""


@dataclass(frozen=True, slots=True)
class Answer:
    status: int
    data: dict[str, Any]


class ClubClient:
    """POSTs one message body to the club server. `url`: http://host:port of the club server."""

    def __init__(self, url: str, token: str, timeout: float = 5.0) -> None:
        parts = urllib.parse.urlsplit(url)
        if parts.scheme not in ("http", "https") or not parts.hostname:
            raise ClubError(f"--club: expected http://HOST:PORT of the club server, got {url!r}")
        self.url = url
        self.scheme = parts.scheme
        self.host = parts.hostname
        self.port = parts.port or (443 if parts.scheme == "https" else 80)
        self.prefix = parts.path.rstrip("/")
        self.token = token
        self.timeout = timeout

    def push(self, body: bytes) -> Answer:
        cls = http.client.HTTPSConnection if self.scheme == "https" else http.client.HTTPConnection
        conn = cls(self.host, self.port, timeout=self.timeout)
        try:
            conn.request(
                "POST",
                self.prefix + PUSH_PATH,
                body=body,
                headers={"Content-Type": "application/json", "Authorization": f"Bearer {self.token}"},
            )
            resp = conn.getresponse()
            raw = resp.read()
        except (TimeoutError, OSError, http.client.HTTPException) as exc:
            raise Offline(f"{self.url}: {exc or type(exc).__name__}") from None
        finally:
            conn.close()
        if resp.status >= 500:
            raise Offline(f"{self.url}: the club server answered {resp.status}")
        try:
            data = json.loads(raw.decode("utf-8")) if raw else {}
        except (UnicodeDecodeError, json.JSONDecodeError):
            data = {"error": raw[:200].decode("utf-8", "replace")}
        return Answer(resp.status, data if isinstance(data, dict) else {"error": str(data)})


class Forwarder:
    """Delivers the outbox in order in a daemon thread; `health()` is the table page's club line."""

    def __init__(self, outbox: Outbox, client: ClubClient, max_backoff: float = 10.0) -> None:
        self.outbox = outbox
        self.client = client
        self.max_backoff = max_backoff
        self._wake = threading.Event()
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self.offline: str | None = None  # why the last attempt failed to reach the server
        self.unauthorized: str | None = None

    def start(self) -> None:
        self._thread = threading.Thread(target=self._run, name="club-forwarder", daemon=True)
        self._thread.start()

    def stop(self) -> None:
        self._stop.set()
        self._wake.set()
        if self._thread is not None:
            self._thread.join(timeout=10)

    def wake(self) -> None:
        """A new message was written: send now instead of at the next back-off tick."""
        self._wake.set()

    def send_once(self) -> bool:
        """Try the oldest waiting message; True when it left the queue (sent or refused)."""
        msg = self.outbox.next_waiting()
        if msg is None:
            return False
        try:
            answer = self.client.push(msg.body)
        except Offline as exc:
            self.offline = str(exc)
            self.outbox.mark(msg.id, "waiting", None, {"error": str(exc)})
            raise
        self.offline = None
        if answer.status == 200:
            self.outbox.mark(msg.id, "sent", 200, answer.data)
            return True
        if answer.status == 401:
            self.unauthorized = str(answer.data.get("error", "token refused"))
            self.outbox.mark(msg.id, "waiting", 401, answer.data)
            log.error("club server refused this table's token: %s", self.unauthorized)
            return False
        self.outbox.mark(msg.id, "refused", answer.status, answer.data)
        log.warning("club server refused %s (%d): %s", msg.key, answer.status, answer.data.get("error"))
        return True

    def _run(self) -> None:
        backoff = 0.5
        while not self._stop.is_set():
            if self.unauthorized:
                self._stop.wait(30.0)
                continue
            try:
                moved = self.send_once()
            except Offline:
                self._wake.wait(backoff)
                self._wake.clear()
                backoff = min(backoff * 2, self.max_backoff)
                continue
            backoff = 0.5
            if not moved:
                self._wake.wait(1.0)
                self._wake.clear()

    def health(self) -> dict[str, Any]:
        """{"state": "ok" | "offline, N hands waiting" | ..., "message": detail} for the health line."""
        counts = self.outbox.counts()
        n = counts["hands_waiting"]
        waiting = f"{n} hand{'s' if n != 1 else ''} waiting"
        refused = self.outbox.refusals(1)
        note = f"; {counts['refused']} refused, last: {refused[0]['error']}" if refused else ""
        if self.unauthorized:
            return {"state": "error", "message": f"token refused ({self.unauthorized}), {waiting}{note}"}
        if self.offline:
            return {"state": f"offline, {waiting}", "message": self.offline + note}
        if counts["waiting"]:
            return {"state": "sending", "message": f"{waiting}{note}"}
        return {
            "state": "ok" if not refused else "refused",
            "message": f"{counts['sent']} sent to {self.client.url}{note}",
        }

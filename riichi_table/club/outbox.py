"""The table's outbox: every club message is committed to SQLite before it is sent (store and forward).

A message's key is made from the game, the type and the hand (`game:hand:3`), so writing the same message
twice (a table restarted mid-game) adds nothing, and the club server counts a resend once. Messages leave in
`id` order; a message the server refused stays in the file with the reason, and the health line shows it.
"""

from __future__ import annotations

import datetime as dt
import json
import sqlite3
import threading
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Any

OUTBOX_NAME = "club_outbox.sqlite"


@dataclass(frozen=True, slots=True)
class Outgoing:
    id: int
    key: str
    type: str
    game: str
    seq: int | None
    body: bytes


class Outbox:
    """One SQLite file; safe to use from the feed thread and the forwarder thread (one lock)."""

    def __init__(self, path: Path) -> None:
        self.path = Path(path)
        self._lock = threading.Lock()
        self._db = sqlite3.connect(self.path, timeout=30, isolation_level=None, check_same_thread=False)
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute("PRAGMA synchronous=FULL")  # a hand on the table's disk survives a power cut
        self._db.executescript(resources.files("riichi_table.club").joinpath("outbox.sql").read_text("utf-8"))

    def close(self) -> None:
        with self._lock:
            self._db.close()

    def put(self, body: dict[str, Any]) -> bool:
        """Write a message (its `key` decides identity); False when that key is already in the outbox."""
        text = json.dumps(body, sort_keys=True, separators=(",", ":"))
        with self._lock:
            cur = self._db.execute(
                "INSERT OR IGNORE INTO outbox (key, type, game, seq, body, created_at) "
                "VALUES (?, ?, ?, ?, ?, ?)",
                (body["key"], body["type"], body["game"], body.get("seq"), text, _now()),
            )
            return cur.rowcount == 1

    def next_waiting(self) -> Outgoing | None:
        with self._lock:
            row = self._db.execute(
                "SELECT id, key, type, game, seq, body FROM outbox WHERE state = 'waiting' "
                "ORDER BY id LIMIT 1"
            ).fetchone()
        if row is None:
            return None
        return Outgoing(row[0], row[1], row[2], row[3], row[4], row[5].encode("utf-8"))

    def mark(self, msg_id: int, state: str, status: int | None, response: Any) -> None:
        """Record the answer: `sent` or `refused` (final), or `waiting` (one more attempt counted)."""
        with self._lock:
            self._db.execute(
                "UPDATE outbox SET state = ?, status = ?, response = ?, attempts = attempts + 1, "
                "done_at = CASE WHEN ? = 'waiting' THEN NULL ELSE ? END WHERE id = ?",
                (state, status, json.dumps(response), state, _now(), msg_id),
            )

    def counts(self) -> dict[str, int]:
        """Messages by state, plus `hands_waiting` (hands and amendments not yet delivered)."""
        with self._lock:
            rows = self._db.execute("SELECT state, COUNT(*) FROM outbox GROUP BY state").fetchall()
            hands = self._db.execute(
                "SELECT COUNT(*) FROM outbox WHERE state = 'waiting' AND type IN ('hand', 'amend')"
            ).fetchone()[0]
        out = {"waiting": 0, "sent": 0, "refused": 0, **dict(rows)}
        out["hands_waiting"] = hands
        return out

    def refusals(self, limit: int = 5) -> list[dict[str, Any]]:
        """The latest refused messages with the server's reason (newest first)."""
        with self._lock:
            rows = self._db.execute(
                "SELECT key, status, response FROM outbox WHERE state = 'refused' ORDER BY id DESC LIMIT ?",
                (limit,),
            ).fetchall()
        return [{"key": k, "status": s, "error": json.loads(r).get("error", r)} for k, s, r in rows]

    def acked_version(self, game: str, seq: int) -> int | None:
        """The newest version of a hand the club server confirmed (None before it confirmed any)."""
        with self._lock:
            rows = self._db.execute(
                "SELECT response FROM outbox WHERE game = ? AND seq = ? AND state = 'sent' "
                "AND type IN ('hand', 'amend') ORDER BY id DESC LIMIT 1",
                (game, seq),
            ).fetchall()
        return int(json.loads(rows[0][0])["version"]) if rows else None

    def amendments(self, game: str, seq: int) -> int:
        with self._lock:
            return int(
                self._db.execute(
                    "SELECT COUNT(*) FROM outbox WHERE game = ? AND seq = ? AND type = 'amend'", (game, seq)
                ).fetchone()[0]
            )


def _now() -> str:
    return dt.datetime.now(dt.UTC).isoformat(timespec="milliseconds")

"""The club server's store: one interface (`ClubStore`), SQLite here and PostgreSQL in `pg_store`.

Both run the same SQL (written with `?` placeholders; the PostgreSQL store turns them into `%s`), each push
in one transaction: the receipt for its idempotency key, the game or hand row and the history row are
written together or not at all. SQLite runs in WAL mode with one connection per thread; a push takes the
write lock first (BEGIN IMMEDIATE) so two pushes for a game cannot both pass the order check.
"""

from __future__ import annotations

import contextlib
import datetime as dt
import hashlib
import json
import secrets
import sqlite3
import threading
from collections.abc import Iterator
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Any

from riichi_table.club.errors import (
    ConflictError,
    ForbiddenError,
    NotFoundError,
    StoreError,
)
from riichi_table.club.protocol import Message, check_table_name


def now() -> str:
    return dt.datetime.now(dt.UTC).isoformat(timespec="milliseconds")


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


@dataclass(frozen=True, slots=True)
class TableRow:
    name: str
    revoked: bool
    created_at: str


@dataclass(frozen=True, slots=True)
class GameView:
    """A pushed game: `state` is the last hand's state (or the final one once ended)."""

    game: str
    table: str
    night: str
    rules: Any
    names: list[str]
    started_at: str
    ended_at: str | None
    hands: list[dict[str, Any]]  # each {"seq", "version", "hand"} in order

    @property
    def state(self) -> dict[str, Any] | None:
        return self.hands[-1]["hand"]["state"] if self.hands else None


class ClubStore:
    """The interface the club server talks to; subclasses provide `_connect`, `_begin` and the schema."""

    schema_file = "schema_sqlite.sql"
    integrity_errors: tuple[type[Exception], ...] = (sqlite3.IntegrityError,)

    def __init__(self) -> None:
        self._local = threading.local()

    # ---- connection plumbing (overridden by the PostgreSQL store) ----------------------------------------
    def _connect(self) -> Any:
        raise NotImplementedError

    def _sql(self, sql: str) -> str:
        return sql

    def _begin(self, conn: Any, write: bool) -> None:
        """Start a transaction (PostgreSQL's driver starts one by itself)."""

    def _end(self, conn: Any, commit: bool) -> None:
        conn.commit() if commit else conn.rollback()

    def _conn(self) -> Any:
        conn = getattr(self._local, "conn", None)
        if conn is None:
            conn = self._local.conn = self._connect()
        return conn

    def _rows(self, sql: str, args: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
        conn = self._conn()
        with self._tx(conn, write=False):
            return [tuple(r) for r in conn.execute(self._sql(sql), args).fetchall()]

    @contextlib.contextmanager
    def _tx(self, conn: Any, write: bool = True) -> Iterator[Any]:
        self._begin(conn, write)
        try:
            yield conn
        except BaseException:
            self._end(conn, commit=False)
            raise
        self._end(conn, commit=True)

    def _x(self, conn: Any, sql: str, args: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
        cur = conn.execute(self._sql(sql), args)
        return [tuple(r) for r in cur.fetchall()] if cur.description else []

    def init_schema(self) -> None:
        text = resources.files("riichi_table.club").joinpath(self.schema_file).read_text("utf-8")
        code = "\n".join(line.split("--", 1)[0] for line in text.splitlines())  # no ';' inside comments
        conn = self._conn()
        with self._tx(conn):
            for stmt in code.split(";"):
                if stmt.strip():
                    conn.execute(stmt)

    def close(self) -> None:
        conn = getattr(self._local, "conn", None)
        if conn is not None:
            conn.close()
            self._local.conn = None

    # ---- tables and tokens --------------------------------------------------------------------------------
    def add_table(self, name: str) -> str:
        """Register a table and return its new token (printed once; only its hash is kept).

        A revoked table gets a fresh token; a table that is active raises StoreError."""
        check_table_name(name)
        token = f"{name}.{secrets.token_urlsafe(24)}"
        conn = self._conn()
        with self._tx(conn):
            row = self._x(conn, "SELECT revoked FROM club_tables WHERE name = ?", (name,))
            if row and not row[0][0]:
                raise StoreError(f"table {name!r} already has a token: revoke it first to issue a new one")
            if row:
                self._x(
                    conn,
                    "UPDATE club_tables SET token_hash = ?, revoked = 0 WHERE name = ?",
                    (token_hash(token), name),
                )
            else:
                self._x(
                    conn,
                    "INSERT INTO club_tables (name, token_hash, revoked, created_at) VALUES (?, ?, 0, ?)",
                    (name, token_hash(token), now()),
                )
        return token

    def revoke(self, name: str) -> None:
        conn = self._conn()
        with self._tx(conn):
            if not self._x(conn, "SELECT name FROM club_tables WHERE name = ?", (name,)):
                raise StoreError(f"no table named {name!r}")
            self._x(conn, "UPDATE club_tables SET revoked = 1 WHERE name = ?", (name,))

    def tables(self) -> list[TableRow]:
        rows = self._rows("SELECT name, revoked, created_at FROM club_tables ORDER BY name")
        return [TableRow(n, bool(r), c) for n, r, c in rows]

    def table_for_token(self, token: str) -> str | None:
        """The table a token belongs to, or None for an unknown or revoked token."""
        rows = self._rows(
            "SELECT name FROM club_tables WHERE token_hash = ? AND revoked = 0", (token_hash(token),)
        )
        return rows[0][0] if rows else None

    # ---- pushes -------------------------------------------------------------------------------------------
    def accept(self, msg: Message) -> dict[str, Any]:
        """Store one checked push for its (already authenticated) table, all or nothing.

        A key seen before with the same content returns the first answer with `duplicate: true`; with other
        content it is a ConflictError. ForbiddenError for another table's game, NotFoundError for an unknown
        game or hand, ConflictError for a hand out of order, a stale amendment or a game already ended.
        """
        conn = self._conn()
        try:
            with self._tx(conn):
                seen = self._x(
                    conn, "SELECT table_name, digest, response FROM club_receipts WHERE key = ?", (msg.key,)
                )
                if seen:
                    table, dig, response = seen[0]
                    if table != msg.table or dig != msg.digest:
                        raise ConflictError(f"key {msg.key!r} was already used for a different message")
                    return {**json.loads(response), "duplicate": True}
                answer: dict[str, Any] = getattr(self, "_" + msg.type)(conn, msg)
                self._x(
                    conn,
                    "INSERT INTO club_receipts (key, table_name, digest, response, received_at) "
                    "VALUES (?, ?, ?, ?, ?)",
                    (msg.key, msg.table, msg.digest, json.dumps(answer), now()),
                )
                return answer
        except self.integrity_errors as exc:  # a race the order checks did not see (PostgreSQL)
            raise ConflictError(f"refused by the store: {exc}") from None

    def _own_game(self, conn: Any, msg: Message) -> tuple[str | None]:
        rows = self._x(conn, "SELECT table_name, ended_at FROM club_games WHERE game = ?", (msg.game,))
        if not rows:
            raise NotFoundError(f"game {msg.game!r} is unknown here: its game_start was not received")
        if rows[0][0] != msg.table:
            raise ForbiddenError(f"game {msg.game!r} belongs to another table, not {msg.table!r}")
        return (rows[0][1],)

    def _game_start(self, conn: Any, msg: Message) -> dict[str, Any]:
        rows = self._x(conn, "SELECT table_name FROM club_games WHERE game = ?", (msg.game,))
        if rows and rows[0][0] != msg.table:
            raise ForbiddenError(f"game {msg.game!r} belongs to another table, not {msg.table!r}")
        if rows:
            raise ConflictError(f"game {msg.game!r} was already started (with another key)")
        b = msg.body
        stamp = now()
        self._x(
            conn,
            "INSERT INTO club_games (game, table_name, night, rules, names, started_at) "
            "VALUES (?, ?, ?, ?, ?, ?)",
            (
                msg.game,
                msg.table,
                stamp[:10],
                json.dumps(b["rules"]),
                json.dumps(b["names"]),
                b["started_at"],
            ),
        )
        return {"ok": True, "type": msg.type, "game": msg.game}

    def _hand(self, conn: Any, msg: Message) -> dict[str, Any]:
        (ended,) = self._own_game(conn, msg)
        if ended:
            raise ConflictError(f"game {msg.game!r} has ended: no more hands")
        count = self._x(conn, "SELECT COUNT(*) FROM club_hands WHERE game = ?", (msg.game,))[0][0]
        if msg.seq != count + 1:
            raise ConflictError(
                f"hand {msg.seq} of game {msg.game!r} out of order: expected hand {count + 1}"
            )
        hand = json.dumps(msg.body["hand"])
        stamp = now()
        self._x(
            conn,
            "INSERT INTO club_hands (game, seq, version, hand, received_at) VALUES (?, ?, 1, ?, ?)",
            (msg.game, msg.seq, hand, stamp),
        )
        self._history(conn, msg.game, msg.seq, 1, "table", "pushed", hand, stamp)
        return {"ok": True, "type": msg.type, "game": msg.game, "seq": msg.seq, "version": 1}

    def _amend(self, conn: Any, msg: Message) -> dict[str, Any]:
        self._own_game(conn, msg)
        version = self._bump(conn, msg.game, msg.seq, msg.body["base_version"])
        hand = json.dumps(msg.body["hand"])
        stamp = now()
        self._x(
            conn,
            "UPDATE club_hands SET version = ?, hand = ?, received_at = ? WHERE game = ? AND seq = ?",
            (version, hand, stamp, msg.game, msg.seq),
        )
        self._history(conn, msg.game, msg.seq, version, "table", msg.body.get("reason", ""), hand, stamp)
        return {"ok": True, "type": msg.type, "game": msg.game, "seq": msg.seq, "version": version}

    def _game_end(self, conn: Any, msg: Message) -> dict[str, Any]:
        (ended,) = self._own_game(conn, msg)
        if ended:
            raise ConflictError(f"game {msg.game!r} has already ended")
        self._x(
            conn,
            "UPDATE club_games SET ended_at = ?, final_state = ? WHERE game = ?",
            (msg.body["ended_at"], json.dumps(msg.body["state"]), msg.game),
        )
        return {"ok": True, "type": msg.type, "game": msg.game}

    def _bump(self, conn: Any, game: str, seq: int, base_version: int) -> int:
        rows = self._x(conn, "SELECT version FROM club_hands WHERE game = ? AND seq = ?", (game, seq))
        if not rows:
            raise NotFoundError(f"hand {seq} of game {game!r} is unknown here")
        current = int(rows[0][0])
        if base_version != current:
            last = self._x(
                conn,
                "SELECT source, recorded_at FROM club_hand_history "
                "WHERE game = ? AND seq = ? AND version = ?",
                (game, seq, current),
            )
            who = f" (last edited by the {last[0][0]} at {last[0][1]})" if last else ""
            raise ConflictError(
                f"stale edit: hand {seq} of game {game!r} is at version {current}{who}, "
                f"this edit was made on version {base_version}"
            )
        return current + 1

    def _history(
        self, conn: Any, game: str, seq: int, version: int, source: str, reason: str, hand: str, stamp: str
    ) -> None:
        self._x(
            conn,
            "INSERT INTO club_hand_history (game, seq, version, source, reason, hand, recorded_at) "
            "VALUES (?, ?, ?, ?, ?, ?, ?)",
            (game, seq, version, source, reason, hand, stamp),
        )

    def edit_hand(self, game: str, seq: int, base_version: int, hand: dict[str, Any], reason: str) -> int:
        """An edit made on the club server (the scorer's desk); returns the new version (ConflictError if
        stale). The table's next amendment made on the old version is then refused."""
        from riichi_table.club.protocol import _hand

        _hand(hand)
        conn = self._conn()
        with self._tx(conn):
            version = self._bump(conn, game, seq, base_version)
            text = json.dumps(hand)
            stamp = now()
            self._x(
                conn,
                "UPDATE club_hands SET version = ?, hand = ?, received_at = ? WHERE game = ? AND seq = ?",
                (version, text, stamp, game, seq),
            )
            self._history(conn, game, seq, version, "club", reason, text, stamp)
        return version

    # ---- reading ------------------------------------------------------------------------------------------
    def games(self, night: str | None = None) -> list[GameView]:
        """Every game (of one night, an ISO date, when given) with its hands, by table then start."""
        where, args = ("WHERE g.night = ?", (night,)) if night else ("", ())
        conn = self._conn()
        with self._tx(conn, write=False):
            games = self._x(
                conn,
                "SELECT game, table_name, night, rules, names, started_at, ended_at, final_state "
                f"FROM club_games g {where} ORDER BY table_name, started_at, game",
                args,
            )
            hands = self._x(
                conn,
                "SELECT h.game, h.seq, h.version, h.hand FROM club_hands h "
                "JOIN club_games g ON g.game = h.game "
                f"{where} ORDER BY h.game, h.seq",
                args,
            )
        by_game: dict[str, list[dict[str, Any]]] = {}
        for game, seq, version, hand in hands:
            by_game.setdefault(game, []).append({"seq": seq, "version": version, "hand": json.loads(hand)})
        out = []
        for game, table, n, rules, names, started, ended, final in games:
            rows = by_game.get(game, [])
            if final:
                rows = [*rows, {"seq": None, "version": None, "hand": {"state": json.loads(final)}}]
            out.append(GameView(game, table, n, json.loads(rules), json.loads(names), started, ended, rows))
        return out

    def history(self, game: str, seq: int) -> list[dict[str, Any]]:
        rows = self._rows(
            "SELECT version, source, reason, hand, recorded_at FROM club_hand_history "
            "WHERE game = ? AND seq = ? ORDER BY version",
            (game, seq),
        )
        return [
            {"version": v, "source": s, "reason": r, "hand": json.loads(h), "recorded_at": t}
            for v, s, r, h, t in rows
        ]

    def counts(self) -> dict[str, int]:
        """Row counts (tests and the bench: "nothing stored")."""
        names = ("club_games", "club_hands", "club_hand_history", "club_receipts")
        return {n: self._rows(f"SELECT COUNT(*) FROM {n}")[0][0] for n in names}


class SqliteClubStore(ClubStore):
    """The club store in one SQLite file (WAL), its own file: never the table's web database."""

    def __init__(self, path: Path) -> None:
        super().__init__()
        self.path = Path(path)

    def _connect(self) -> sqlite3.Connection:
        conn = sqlite3.connect(self.path, timeout=30, isolation_level=None, check_same_thread=False)
        conn.execute("PRAGMA journal_mode=WAL")
        conn.execute("PRAGMA synchronous=NORMAL")
        conn.execute("PRAGMA foreign_keys=ON")
        return conn

    def _begin(self, conn: Any, write: bool) -> None:
        conn.execute("BEGIN IMMEDIATE" if write else "BEGIN")

    def _end(self, conn: Any, commit: bool) -> None:
        conn.execute("COMMIT" if commit else "ROLLBACK")

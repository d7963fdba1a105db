"""The web layer's SQLite store: the only module that holds SQL.

One `Store` wraps one connection (the app opens one per request and closes it on teardown). The schema
lives in `webui/migrations/NNNN_*.sql`; `PRAGMA user_version` records how many have been applied, and
`migrate` applies the rest, each in its own transaction. The database runs in WAL mode with full sync, and
every write that belongs together (a hand and its history line) is one transaction, so killing the server at
any moment loses nothing already recorded.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from importlib import resources
from pathlib import Path
from typing import Any

from riichi_table.webui.errors import WebError

DB_NAME = "riichi-table.sqlite3"


class StoreError(WebError):
    """A request the store cannot carry out (unknown id, a name taken, a finished game)."""


@dataclass(frozen=True)
class Player:
    id: int
    name: str
    guest: bool


@dataclass(frozen=True)
class Night:
    id: int
    title: str
    held_on: str
    rules: Any  # JSON rule spec


@dataclass(frozen=True)
class ClubTable:
    id: int
    night_id: int
    name: str


@dataclass(frozen=True)
class GameRow:
    id: int
    night_id: int
    table_id: int | None
    rules: Any
    status: str
    started_at: str
    finished_at: str | None
    seats: tuple[int, int, int, int]  # player ids, seat 0 = first dealer


@dataclass(frozen=True)
class HandRow:
    id: int
    game_id: int
    position: int
    result: dict[str, Any]
    active: bool
    recorded_at: str


@dataclass(frozen=True)
class HistoryRow:
    id: int
    hand_id: int
    action: str
    before: dict[str, Any] | None
    after: dict[str, Any] | None
    at: str


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


def migrations() -> list[tuple[int, str]]:
    """The schema migrations shipped with the package, as (version, SQL) in order."""
    found = []
    for entry in resources.files("riichi_table.webui").joinpath("migrations").iterdir():
        name = entry.name
        if name.endswith(".sql") and name[:4].isdigit():
            found.append((int(name[:4]), entry.read_text(encoding="utf-8")))
    found.sort()
    if [v for v, _ in found] != list(range(1, len(found) + 1)):
        raise WebError(f"schema migrations are not numbered 1..n: {[v for v, _ in found]}")
    return found


def connect(path: Path) -> sqlite3.Connection:
    """Open the database file in WAL mode with foreign keys on (autocommit; transactions are explicit)."""
    conn = sqlite3.connect(path, timeout=10, isolation_level=None, check_same_thread=False)
    conn.row_factory = sqlite3.Row
    conn.execute("PRAGMA journal_mode=WAL")
    conn.execute("PRAGMA synchronous=FULL")
    conn.execute("PRAGMA foreign_keys=ON")
    return conn


def migrate(path: Path) -> int:
    """Bring the database at `path` up to the newest schema; returns the version it is at."""
    conn = connect(path)
    try:
        current = conn.execute("PRAGMA user_version").fetchone()[0]
        shipped = migrations()
        if current > len(shipped):
            raise WebError(
                f"database {path.name} has schema version {current}, newer than this program's {len(shipped)}"
            )
        for version, sql in shipped[current:]:
            # executescript commits first; the BEGIN inside keeps each migration all-or-nothing.
            conn.executescript(f"BEGIN IMMEDIATE;\n{sql}\nPRAGMA user_version = {version};\nCOMMIT;")
        return int(conn.execute("PRAGMA user_version").fetchone()[0])
    finally:
        conn.close()


class Store:
    """Typed reads and writes over one connection."""

    def __init__(self, conn: sqlite3.Connection, path: str = "") -> None:
        self.conn = conn
        self.path = path  # identifies the database (caches key on it)

    @classmethod
    def open(cls, path: Path) -> Store:
        return cls(connect(path), str(Path(path).resolve()))

    def close(self) -> None:
        self.conn.close()

    @contextmanager
    def transaction(self) -> Iterator[sqlite3.Connection]:
        self.conn.execute("BEGIN IMMEDIATE")
        try:
            yield self.conn
        except BaseException:
            self.conn.execute("ROLLBACK")
            raise
        self.conn.execute("COMMIT")

    # --- settings -------------------------------------------------------------------------------------------
    def settings(self) -> dict[str, Any]:
        rows = self.conn.execute("SELECT key, value FROM settings").fetchall()
        return {r["key"]: json.loads(r["value"]) for r in rows}

    def put_settings(self, values: dict[str, Any]) -> None:
        with self.transaction() as c:
            for key, value in values.items():
                c.execute(
                    "INSERT INTO settings (key, value) VALUES (?, ?) "
                    "ON CONFLICT (key) DO UPDATE SET value = excluded.value",
                    (key, json.dumps(value)),
                )

    # --- players --------------------------------------------------------------------------------------------
    def add_player(self, name: str, guest: bool) -> Player:
        name = " ".join(name.split())
        if not name or len(name) > 40:
            raise StoreError(f"a player's name must be 1..40 characters, got {name!r}")
        try:
            with self.transaction() as c:
                cur = c.execute(
                    "INSERT INTO players (name, guest, created_at) VALUES (?, ?, ?)",
                    (name, int(guest), _now()),
                )
        except sqlite3.IntegrityError as exc:
            raise StoreError(f"there is already a player called {name!r}") from exc
        return Player(int(cur.lastrowid or 0), name, guest)

    def players(self) -> list[Player]:
        rows = self.conn.execute("SELECT id, name, guest FROM players ORDER BY name").fetchall()
        return [Player(r["id"], r["name"], bool(r["guest"])) for r in rows]

    def player(self, player_id: int) -> Player:
        r = self.conn.execute("SELECT id, name, guest FROM players WHERE id = ?", (player_id,)).fetchone()
        if r is None:
            raise StoreError(f"no player with id {player_id}")
        return Player(r["id"], r["name"], bool(r["guest"]))

    # --- nights and tables ----------------------------------------------------------------------------------
    def add_night(self, title: str, held_on: str, rules: Any) -> Night:
        with self.transaction() as c:
            cur = c.execute(
                "INSERT INTO nights (title, held_on, rules, created_at) VALUES (?, ?, ?, ?)",
                (title, held_on, json.dumps(rules), _now()),
            )
        return Night(int(cur.lastrowid or 0), title, held_on, rules)

    def nights(self) -> list[Night]:
        rows = self.conn.execute("SELECT * FROM nights ORDER BY held_on DESC, id DESC").fetchall()
        return [Night(r["id"], r["title"], r["held_on"], json.loads(r["rules"])) for r in rows]

    def night(self, night_id: int) -> Night:
        r = self.conn.execute("SELECT * FROM nights WHERE id = ?", (night_id,)).fetchone()
        if r is None:
            raise StoreError(f"no club night with id {night_id}")
        return Night(r["id"], r["title"], r["held_on"], json.loads(r["rules"]))

    def add_table(self, night_id: int, name: str) -> ClubTable:
        self.night(night_id)
        name = " ".join(name.split())
        if not name or len(name) > 40:
            raise StoreError(f"a table's name must be 1..40 characters, got {name!r}")
        try:
            with self.transaction() as c:
                cur = c.execute("INSERT INTO club_tables (night_id, name) VALUES (?, ?)", (night_id, name))
        except sqlite3.IntegrityError as exc:
            raise StoreError(f"this night already has a table called {name!r}") from exc
        return ClubTable(int(cur.lastrowid or 0), night_id, name)

    def tables(self, night_id: int) -> list[ClubTable]:
        rows = self.conn.execute("SELECT * FROM club_tables WHERE night_id = ? ORDER BY id", (night_id,))
        return [ClubTable(r["id"], r["night_id"], r["name"]) for r in rows.fetchall()]

    # --- games ----------------------------------------------------------------------------------------------
    def start_game(self, night_id: int, table_id: int | None, seats: list[int], rules: Any) -> GameRow:
        """Start a game with four players; `seats[0]` is the first dealer."""
        self.night(night_id)
        if len(seats) != 4 or len(set(seats)) != 4:
            raise StoreError(f"a game needs four different players, got ids {seats}")
        for pid in seats:
            self.player(pid)
        if table_id is not None:
            row = self.conn.execute("SELECT night_id FROM club_tables WHERE id = ?", (table_id,)).fetchone()
            if row is None or row["night_id"] != night_id:
                raise StoreError(f"table {table_id} does not belong to night {night_id}")
        with self.transaction() as c:
            cur = c.execute(
                "INSERT INTO games (night_id, table_id, rules, status, started_at) "
                "VALUES (?, ?, ?, 'running', ?)",
                (night_id, table_id, json.dumps(rules), _now()),
            )
            game_id = int(cur.lastrowid or 0)
            c.executemany(
                "INSERT INTO game_seats (game_id, seat, player_id) VALUES (?, ?, ?)",
                [(game_id, seat, pid) for seat, pid in enumerate(seats)],
            )
        return self.game(game_id)

    def _game_from_row(self, r: sqlite3.Row) -> GameRow:
        seats = self.conn.execute(
            "SELECT player_id FROM game_seats WHERE game_id = ? ORDER BY seat", (r["id"],)
        ).fetchall()
        ids = tuple(s["player_id"] for s in seats)
        if len(ids) != 4:
            raise WebError(f"game {r['id']} has {len(ids)} seats in the database, expected 4")
        return GameRow(
            r["id"],
            r["night_id"],
            r["table_id"],
            json.loads(r["rules"]),
            r["status"],
            r["started_at"],
            r["finished_at"],
            (ids[0], ids[1], ids[2], ids[3]),
        )

    def game(self, game_id: int) -> GameRow:
        r = self.conn.execute("SELECT * FROM games WHERE id = ?", (game_id,)).fetchone()
        if r is None:
            raise StoreError(f"no game with id {game_id}")
        return self._game_from_row(r)

    def games(self, night_id: int) -> list[GameRow]:
        rows = self.conn.execute("SELECT * FROM games WHERE night_id = ? ORDER BY id", (night_id,)).fetchall()
        return [self._game_from_row(r) for r in rows]

    def running_games(self) -> list[GameRow]:
        rows = self.conn.execute("SELECT * FROM games WHERE status = 'running' ORDER BY id").fetchall()
        return [self._game_from_row(r) for r in rows]

    def current_game_id(self) -> int | None:
        """The game a scoreboard follows by default: the newest running game, else the newest game."""
        r = self.conn.execute(
            "SELECT id FROM games ORDER BY status = 'running' DESC, id DESC LIMIT 1"
        ).fetchone()
        return None if r is None else int(r["id"])

    def set_game_status(self, game_id: int, finished: bool) -> None:
        self.game(game_id)
        with self.transaction() as c:
            c.execute(
                "UPDATE games SET status = ?, finished_at = ? WHERE id = ?",
                ("finished" if finished else "running", _now() if finished else None, game_id),
            )

    # --- hands ----------------------------------------------------------------------------------------------
    def record_hand(self, game_id: int, result: dict[str, Any], finishes_game: bool = False) -> HandRow:
        """Append one hand result (and its history line, and the game's end when it ends it) atomically."""
        game = self.game(game_id)
        if game.status != "running":
            raise StoreError(f"game {game_id} is finished; undo its last hand to reopen it")
        text = json.dumps(result, sort_keys=True)
        at = _now()
        with self.transaction() as c:
            pos = c.execute(
                "SELECT COALESCE(MAX(position), 0) + 1 FROM hands WHERE game_id = ?", (game_id,)
            ).fetchone()[0]
            cur = c.execute(
                "INSERT INTO hands (game_id, position, result, active, recorded_at) VALUES (?, ?, ?, 1, ?)",
                (game_id, pos, text, at),
            )
            hand_id = int(cur.lastrowid or 0)
            c.execute(
                "INSERT INTO hand_history (hand_id, action, before, after, at) "
                "VALUES (?, 'record', NULL, ?, ?)",
                (hand_id, text, at),
            )
            if finishes_game:
                c.execute("UPDATE games SET status = 'finished', finished_at = ? WHERE id = ?", (at, game_id))
        return self.hand(hand_id)

    def hand(self, hand_id: int) -> HandRow:
        r = self.conn.execute("SELECT * FROM hands WHERE id = ?", (hand_id,)).fetchone()
        if r is None:
            raise StoreError(f"no hand with id {hand_id}")
        return HandRow(
            r["id"], r["game_id"], r["position"], json.loads(r["result"]), bool(r["active"]), r["recorded_at"]
        )

    def hands(self, game_id: int, include_undone: bool = False) -> list[HandRow]:
        sql = "SELECT id FROM hands WHERE game_id = ?" + ("" if include_undone else " AND active = 1")
        rows = self.conn.execute(sql + " ORDER BY position", (game_id,)).fetchall()
        return [self.hand(r["id"]) for r in rows]

    def edit_hand(self, hand_id: int, result: dict[str, Any]) -> HandRow:
        """Replace a recorded hand's result; the old one stays in the history."""
        old = self.hand(hand_id)
        if not old.active:
            raise StoreError(f"hand {hand_id} was undone and cannot be edited")
        text = json.dumps(result, sort_keys=True)
        with self.transaction() as c:
            c.execute("UPDATE hands SET result = ? WHERE id = ?", (text, hand_id))
            c.execute(
                "INSERT INTO hand_history (hand_id, action, before, after, at) VALUES (?, 'edit', ?, ?, ?)",
                (hand_id, json.dumps(old.result, sort_keys=True), text, _now()),
            )
        return self.hand(hand_id)

    def undo_last_hand(self, game_id: int) -> HandRow:
        """Take back the game's last active hand (it stays in the history) and reopen the game."""
        hands = self.hands(game_id)
        if not hands:
            raise StoreError(f"game {game_id} has no hand to undo")
        last = hands[-1]
        with self.transaction() as c:
            c.execute("UPDATE hands SET active = 0 WHERE id = ?", (last.id,))
            c.execute(
                "INSERT INTO hand_history (hand_id, action, before, after, at) "
                "VALUES (?, 'undo', ?, NULL, ?)",
                (last.id, json.dumps(last.result, sort_keys=True), _now()),
            )
            c.execute("UPDATE games SET status = 'running', finished_at = NULL WHERE id = ?", (game_id,))
        return self.hand(last.id)

    def game_version(self, game_id: int) -> tuple[int, str]:
        """Changes whenever the game's hands or status change: (last history id, status)."""
        r = self.conn.execute(
            "SELECT (SELECT COALESCE(MAX(h.id), 0) FROM hand_history h JOIN hands ON hands.id = h.hand_id "
            "WHERE hands.game_id = games.id) AS v, status FROM games WHERE id = ?",
            (game_id,),
        ).fetchone()
        if r is None:
            raise StoreError(f"no game with id {game_id}")
        return int(r["v"]), str(r["status"])

    def history(self, game_id: int) -> list[HistoryRow]:
        rows = self.conn.execute(
            "SELECT h.* FROM hand_history h JOIN hands ON hands.id = h.hand_id WHERE hands.game_id = ? "
            "ORDER BY h.id",
            (game_id,),
        ).fetchall()
        return [
            HistoryRow(
                r["id"],
                r["hand_id"],
                r["action"],
                json.loads(r["before"]) if r["before"] else None,
                json.loads(r["after"]) if r["after"] else None,
                r["at"],
            )
            for r in rows
        ]

    # --- labelled corrections -------------------------------------------------------------------------------
    def add_correction(self, photo: str, labels: str, tiles: str) -> int:
        with self.transaction() as c:
            cur = c.execute(
                "INSERT INTO corrections (photo, labels, tiles, created_at) VALUES (?, ?, ?, ?)",
                (photo, labels, tiles, _now()),
            )
        return int(cur.lastrowid or 0)

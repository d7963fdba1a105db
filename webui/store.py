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


class StaleGame(StoreError):
    """A write drawn from an old view of a game: the game's version moved on since the form was drawn.

    `game_id`, `expected` (the version the form carried) and `current` (the version now) let the page say
    what happened and link to the current state.
    """

    def __init__(self, game_id: int, expected: int, current: int) -> None:
        self.game_id = game_id
        self.expected = expected
        self.current = current
        changes = current - expected
        super().__init__(
            f"this form was drawn from an older state of game {game_id}: the game has changed "
            f"{changes} time{'s' if changes != 1 else ''} since (another tab or screen recorded, edited or "
            "undid a hand, or the browser's Back button showed an old page). Nothing was recorded."
            if changes > 0
            else f"this form does not belong to the current state of game {game_id}. Nothing was recorded."
        )


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
    version: int = 0  # bumped on every change of the game's hands or status (migration 0002)
    voided_at: str | None = None  # set when the game was voided: kept, but out of every standing

    @property
    def voided(self) -> bool:
        return self.voided_at is not None


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

    def rename_player(self, player_id: int, name: str) -> Player:
        """Give a player another name (every game shows the new one)."""
        old = self.player(player_id)
        name = " ".join(name.split())
        if not name or len(name) > 40:
            raise StoreError(f"a player's name must be 1..40 characters, got {name!r}")
        try:
            with self.transaction() as c:
                c.execute("UPDATE players SET name = ? WHERE id = ?", (name, player_id))
        except sqlite3.IntegrityError as exc:
            raise StoreError(
                f"there is already a player called {name!r}: merge {old.name} into them instead"
            ) from exc
        return self.player(player_id)

    def merge_players(self, source_id: int, target_id: int) -> Player:
        """Fold `source` into `target` (the same person entered twice): every seat of `source` becomes
        `target`'s and `source` is removed. Refused when both sat in one game (they are two people)."""
        source, target = self.player(source_id), self.player(target_id)
        if source_id == target_id:
            raise StoreError("choose two different players to merge")
        with self.transaction() as c:
            shared = c.execute(
                "SELECT a.game_id FROM game_seats a JOIN game_seats b ON a.game_id = b.game_id "
                "WHERE a.player_id = ? AND b.player_id = ? LIMIT 1",
                (source_id, target_id),
            ).fetchone()
            if shared is not None:
                raise StoreError(
                    f"{source.name} and {target.name} both sat in game {shared['game_id']}: "
                    "they are two people and cannot be merged"
                )
            games = [
                r["game_id"]
                for r in c.execute("SELECT game_id FROM game_seats WHERE player_id = ?", (source_id,))
            ]
            c.execute("UPDATE game_seats SET player_id = ? WHERE player_id = ?", (target_id, source_id))
            for game_id in games:
                self._bump(c, game_id)
            c.execute("DELETE FROM players WHERE id = ?", (source_id,))
        return target

    def seated_in_running_game(self, player_id: int) -> int | None:
        """The running (not void) game the player sits in, if any."""
        r = self.conn.execute(
            "SELECT g.id FROM games g JOIN game_seats s ON s.game_id = g.id "
            "WHERE s.player_id = ? AND g.status = 'running' AND g.voided_at IS NULL ORDER BY g.id LIMIT 1",
            (player_id,),
        ).fetchone()
        return None if r is None else int(r["id"])

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
            player = self.player(pid)
            busy = self.seated_in_running_game(pid)
            if busy is not None:
                raise StoreError(
                    f"{player.name} is still playing in game {busy}: end or void that game first"
                )
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
            int(r["version"]),
            r["voided_at"],
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

    def _check_version(self, c: sqlite3.Connection, game_id: int, expected: int | None) -> sqlite3.Row:
        """The game's row read inside the caller's transaction; StaleGame when `expected` is given and the
        stored version differs."""
        row = c.execute("SELECT status, version, voided_at FROM games WHERE id = ?", (game_id,)).fetchone()
        if row is None:
            raise StoreError(f"no game with id {game_id}")
        if expected is not None and int(row["version"]) != expected:
            raise StaleGame(game_id, expected, int(row["version"]))
        return row

    @staticmethod
    def _bump(c: sqlite3.Connection, game_id: int) -> None:
        c.execute("UPDATE games SET version = version + 1 WHERE id = ?", (game_id,))

    def set_game_status(self, game_id: int, finished: bool, expected_version: int | None = None) -> None:
        with self.transaction() as c:
            row = self._check_version(c, game_id, expected_version)
            if row["voided_at"] is not None:
                raise StoreError(f"game {game_id} is void; restore it first")
            c.execute(
                "UPDATE games SET status = ?, finished_at = ? WHERE id = ?",
                ("finished" if finished else "running", _now() if finished else None, game_id),
            )
            self._bump(c, game_id)

    def set_game_void(self, game_id: int, void: bool, expected_version: int | None = None) -> None:
        """Void a game (kept with its hands and history, out of every standing) or restore it."""
        with self.transaction() as c:
            self._check_version(c, game_id, expected_version)
            if void:
                c.execute(
                    "UPDATE games SET voided_at = ?, status = 'finished', "
                    "finished_at = COALESCE(finished_at, ?) WHERE id = ?",
                    (_now(), _now(), game_id),
                )
            else:
                c.execute("UPDATE games SET voided_at = NULL WHERE id = ?", (game_id,))
            self._bump(c, game_id)

    # --- hands ----------------------------------------------------------------------------------------------
    def record_hand(
        self,
        game_id: int,
        result: dict[str, Any],
        finishes_game: bool = False,
        expected_version: int | None = None,
    ) -> HandRow:
        """Append one hand result (its history line, the game's end when it ends it, and the version bump)
        atomically. With `expected_version`, StaleGame unless the game is still at that version."""
        text = json.dumps(result, sort_keys=True)
        at = _now()
        with self.transaction() as c:
            row = self._check_version(c, game_id, expected_version)
            if row["voided_at"] is not None:
                raise StoreError(f"game {game_id} is void; restore it to record hands")
            if row["status"] != "running":
                raise StoreError(f"game {game_id} is finished; undo its last hand to reopen it")
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
            self._bump(c, game_id)
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

    def edit_hand(
        self,
        hand_id: int,
        result: dict[str, Any],
        finished: bool | None = None,
        expected_version: int | None = None,
    ) -> HandRow:
        """Replace a recorded hand's result; the old one stays in the history. `finished` (when given) sets
        the game's status in the same transaction (an edit can end or reopen the game)."""
        old = self.hand(hand_id)
        text = json.dumps(result, sort_keys=True)
        with self.transaction() as c:
            self._check_version(c, old.game_id, expected_version)
            active = c.execute("SELECT active FROM hands WHERE id = ?", (hand_id,)).fetchone()["active"]
            if not active:
                raise StoreError(f"hand {old.position} was undone and cannot be edited")
            c.execute("UPDATE hands SET result = ? WHERE id = ?", (text, hand_id))
            c.execute(
                "INSERT INTO hand_history (hand_id, action, before, after, at) VALUES (?, 'edit', ?, ?, ?)",
                (hand_id, json.dumps(old.result, sort_keys=True), text, _now()),
            )
            if finished is not None:
                c.execute(
                    "UPDATE games SET status = ?, finished_at = CASE WHEN ? THEN COALESCE(finished_at, ?) "
                    "ELSE NULL END WHERE id = ?",
                    ("finished" if finished else "running", int(finished), _now(), old.game_id),
                )
            self._bump(c, old.game_id)
        return self.hand(hand_id)

    def undo_last_hand(self, game_id: int, expected_version: int | None = None) -> HandRow:
        """Take back the game's last active hand (it stays in the history) and reopen the game."""
        with self.transaction() as c:
            row = self._check_version(c, game_id, expected_version)
            if row["voided_at"] is not None:
                raise StoreError(f"game {game_id} is void; restore it first")
            last = c.execute(
                "SELECT id, result FROM hands WHERE game_id = ? AND active = 1 "
                "ORDER BY position DESC LIMIT 1",
                (game_id,),
            ).fetchone()
            if last is None:
                raise StoreError(f"game {game_id} has no hand to undo")
            c.execute("UPDATE hands SET active = 0 WHERE id = ?", (last["id"],))
            c.execute(
                "INSERT INTO hand_history (hand_id, action, before, after, at) "
                "VALUES (?, 'undo', ?, NULL, ?)",
                (last["id"], last["result"], _now()),
            )
            c.execute("UPDATE games SET status = 'running', finished_at = NULL WHERE id = ?", (game_id,))
            self._bump(c, game_id)
        return self.hand(int(last["id"]))

    def game_version(self, game_id: int) -> tuple[int, str]:
        """The game's version (migration 0002: bumped by every change of its hands or status) and status."""
        r = self.conn.execute("SELECT version, status FROM games WHERE id = ?", (game_id,)).fetchone()
        if r is None:
            raise StoreError(f"no game with id {game_id}")
        return int(r["version"]), str(r["status"])

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

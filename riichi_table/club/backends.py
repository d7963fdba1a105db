"""Opening the club server's store from a spec: SQLite (`store`) or PostgreSQL (`pg_store`), one interface."""

from __future__ import annotations

from pathlib import Path

from riichi_table.club.store import ClubStore, SqliteClubStore


def open_store(spec: str | Path) -> ClubStore:
    """A store from a spec: a `postgresql://...` URL (or libpq `host=... dbname=...`), else a SQLite path."""
    text = str(spec)
    if text.startswith(("postgresql://", "postgres://")) or "dbname=" in text:
        from riichi_table.club.pg_store import PostgresClubStore  # psycopg only when asked for

        store: ClubStore = PostgresClubStore(text)
    else:
        store = SqliteClubStore(Path(text))
    store.init_schema()
    return store

"""The club store on PostgreSQL (psycopg 3), for a league or tournament that outgrows one SQLite file.

Same interface and SQL as `store.SqliteClubStore`; the schema is `schema_pg.sql`. psycopg opens a
transaction at the first statement; a push commits once. Two pushes racing for the same hand are settled by
the primary keys (the loser gets a ConflictError). Install with the `club` extra: `pip install
riichi-table[club]`.
"""

from __future__ import annotations

from typing import Any

from riichi_table.club.errors import StoreError
from riichi_table.club.store import ClubStore


class PostgresClubStore(ClubStore):
    """`dsn`: a libpq connection string or URL (`postgresql://user@/club?host=/run/postgresql`)."""

    schema_file = "schema_pg.sql"

    def __init__(self, dsn: str) -> None:
        try:
            import psycopg
        except ImportError as exc:
            raise StoreError(
                "the PostgreSQL club store needs psycopg 3: pip install 'riichi-table[club]'"
            ) from exc
        super().__init__()
        self.dsn = dsn
        self._psycopg = psycopg
        self.integrity_errors = (psycopg.IntegrityError,)

    def _connect(self) -> Any:
        try:
            return self._psycopg.connect(self.dsn, autocommit=False)
        except self._psycopg.OperationalError as exc:
            raise StoreError(f"cannot connect to PostgreSQL ({self.dsn}): {exc}") from None

    def _sql(self, sql: str) -> str:
        return sql.replace("?", "%s")

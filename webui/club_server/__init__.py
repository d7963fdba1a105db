"""The club server: the push endpoint every table's assistant sends to, the wall of tables (`/club`,
`/scoreboard?club=1`) and the night's standings. Its store is `riichi_table.club.store` (its own SQLite
file, or PostgreSQL), never the table's web database. docs/club.md describes it."""

from riichi_table.webui.club_server.app import create_club_app

__all__ = ["create_club_app"]

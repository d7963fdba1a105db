"""The club: every table's assistant pushes its finished hands to one club server (docs/club.md).

Table side (runs in the table's assistant process, standard library only): `feed.ClubFeed` turns the game
into messages, `outbox.Outbox` keeps them in the table's own SQLite file before anything is sent, and
`client.Forwarder` delivers them in order with an idempotency key each. Server side: `store` (one interface,
SQLite and PostgreSQL implementations, opened by `backends.open_store`) and `standings`; the Flask
endpoints live in `webui.club_server`. `protocol` is the wire format both sides check.
"""

from riichi_table.club.errors import ClubError, ProtocolError

__all__ = ["ClubError", "ProtocolError"]

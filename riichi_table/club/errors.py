"""The club's family of errors, each turned into a clear message (CLI) or an HTTP status (club server)."""

from __future__ import annotations


class ClubError(Exception):
    """Base of the club's errors."""

    status = 400


class ProtocolError(ClubError):
    """A push that does not follow the wire format (docs/club.md "Messages"); names the field."""

    status = 400


class AuthError(ClubError):
    """No token, an unknown token or a revoked one."""

    status = 401


class ForbiddenError(ClubError):
    """A table writing another table's game."""

    status = 403


class NotFoundError(ClubError):
    """A hand or game the server does not know."""

    status = 404


class ConflictError(ClubError):
    """Out of order, a stale version, or an idempotency key reused for a different message."""

    status = 409


class StoreError(ClubError):
    """The club store refused or failed (a name taken, an unknown table)."""

    status = 400

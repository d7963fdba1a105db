"""Times for people: the store keeps UTC ISO strings; pages show the server's local time."""

from __future__ import annotations

from datetime import datetime


def localtime(value: str | None) -> str:
    """'2026-11-23T12:01:53+00:00' -> '2026-11-23 13:01' in the server's time zone ('' for None).

    A string that is no ISO time is shown as it is (old rows, hand-edited databases).
    """
    if not value:
        return ""
    try:
        moment = datetime.fromisoformat(str(value))
    except ValueError:
        return str(value)
    if moment.tzinfo is not None:
        moment = moment.astimezone()
    return moment.strftime("%Y-%m-%d %H:%M")

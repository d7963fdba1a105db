"""Game exports for the club page: a recorded game as a tenhou.net/6 JSON log (via engine/export.py)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from webui.errors import WebError
from webui.store import HandRow


class ExportError(WebError):
    """The game cannot be exported (the engine's writer is missing or refuses the game)."""


def tenhou_log(view: Any, hands: Sequence[HandRow]) -> dict[str, Any]:
    """The game as a tenhou.net/6 log object."""
    try:
        from engine import export  # noqa: F401
    except ImportError as exc:
        raise ExportError(
            f"tenhou.net/6 export unavailable: the engine's log writer is not installed ({exc})"
        ) from None
    raise ExportError("tenhou.net/6 export unavailable: the engine's log writer has no interface for it yet")

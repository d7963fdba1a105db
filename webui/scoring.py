"""The seam to the engine's scoring: `engine.batch.handle(request) -> dict` (docs/engine.md).

The web layer passes the batch request object through unchanged.
"""

from __future__ import annotations

from typing import Any


def handle(request: Any) -> dict[str, Any]:
    """Answer one batch request object (ops score / waits / furiten / draw), never raising for bad input."""
    from riichi_table.engine.batch import handle as engine_handle

    if not isinstance(request, dict):
        return {"id": None, "ok": False, "error": "expected a JSON object (the batch request object)"}
    return dict(engine_handle(request))


def presets() -> list[str]:
    """Names of the engine's rule presets (wrc first)."""
    from riichi_table.engine.rules import PRESETS

    return sorted(PRESETS, key=lambda name: (name != "wrc", name))

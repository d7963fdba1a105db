"""JSON API: the live table state and the engine's batch request object (score / waits / furiten / draw)."""

from __future__ import annotations

from flask import Blueprint, Response, current_app, jsonify, request
from riichi_table.webui import scoring, security
from riichi_table.webui.live import LiveTable

bp = Blueprint("api", __name__, url_prefix="/api")


@bp.get("/table")
def table() -> Response:
    """The current table state of the live pipeline (or why there is none)."""
    live: LiveTable = current_app.extensions["live"]
    return jsonify(live.state())


@bp.post("/score")
@security.safe
def score() -> Response | tuple[Response, int]:
    """One batch request object in, its response out (the engine's `batch.handle`); ok:false for bad input."""
    body = request.get_json(silent=True)
    if not isinstance(body, dict):
        return jsonify(
            id=None, ok=False, error="expected a JSON object (Content-Type: application/json)"
        ), 400
    return jsonify(scoring.handle(body))

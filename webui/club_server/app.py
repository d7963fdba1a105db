"""`create_club_app(config)`: the club server's Flask app (what `riichi-table serve --club-server` runs).

Config: CLUB_STORE (a `ClubStore`, or CLUB_DB: a SQLite path or a postgresql:// URL), HOST.
Every push is checked in this order: size (413), token (401, logged with the peer's address), body (400
naming the field), the body's table against the token's (403), then the store (403 another table's game,
404 unknown game or hand, 409 out of order, stale version, or a key reused for a different message).
Refused pushes store nothing. Answers are JSON: {"ok": true, ...} or {"ok": false, "error": ...}.
"""

from __future__ import annotations

import logging
import threading
import time
from typing import Any

from flask import Flask, Response, abort, current_app, jsonify, render_template, request

from riichi_table.club import standings
from riichi_table.club.backends import open_store
from riichi_table.club.errors import AuthError, ClubError, ForbiddenError, ProtocolError
from riichi_table.club.protocol import MAX_BODY, parse
from riichi_table.club.store import ClubStore, GameView

log = logging.getLogger("riichi_table.club.server")
WALL_MAX_AGE_S = 1.0  # viewers poll; the wall is rebuilt at most once a second, and only after a change


def create_club_app(config: dict[str, Any] | None = None) -> Flask:
    app = Flask(__name__)
    app.config.update(HOST="127.0.0.1", MAX_CONTENT_LENGTH=MAX_BODY)
    app.config.update(config or {})
    store: ClubStore = app.config.get("CLUB_STORE") or open_store(app.config["CLUB_DB"])
    app.extensions["club_store"] = store
    app.extensions["club_wall"] = _WallCache(store)

    @app.errorhandler(ClubError)
    def _club_error(exc: ClubError) -> tuple[Response, int]:
        return jsonify(ok=False, error=str(exc)), exc.status

    @app.errorhandler(413)
    def _too_large(_exc: Exception) -> tuple[Response, int]:
        log.warning("club push from %s refused: body over %d bytes", request.remote_addr, MAX_BODY)
        return jsonify(ok=False, error=f"body too large: the limit is {MAX_BODY} bytes"), 413

    app.add_url_rule("/api/club/v1/push", view_func=push, methods=["POST"])
    app.add_url_rule("/club", view_func=wall)
    app.add_url_rule("/scoreboard", view_func=wall)
    app.add_url_rule("/", view_func=wall)
    app.add_url_rule("/club/state.json", view_func=wall_json)
    app.add_url_rule("/club/game/<game>.json", view_func=game_json)
    app.add_url_rule("/club/game/<game>/hand/<int:seq>/history.json", view_func=history_json)
    app.add_url_rule("/club/game/<game>/hand/<int:seq>", view_func=edit_hand, methods=["POST"])
    return app


def _store() -> ClubStore:
    store: ClubStore = current_app.extensions["club_store"]
    return store


def push() -> tuple[Response, int]:
    raw = request.get_data(cache=False)  # MAX_CONTENT_LENGTH already refused an oversized body (413)
    header = request.headers.get("Authorization", "")
    token = header[7:].strip() if header.startswith("Bearer ") else ""
    table = _store().table_for_token(token) if token else None
    if table is None:
        log.warning(
            "club push from %s refused: %s",
            request.remote_addr,
            "no token" if not token else "unknown or revoked token",
        )
        raise AuthError("a valid table token is required (Authorization: Bearer TOKEN)")
    msg = parse(raw)
    if msg.table != table:
        log.warning(
            "club push from %s refused: token of %r, body names %r", request.remote_addr, table, msg.table
        )
        raise ForbiddenError(f"this token belongs to table {table!r}, not {msg.table!r}")
    answer = _store().accept(msg)
    current_app.extensions["club_wall"].changed()
    return jsonify(answer), 200


def wall() -> str:
    return render_template("club_wall.html")


def wall_json() -> Response:
    night = request.args.get("night") or None
    data = current_app.extensions["club_wall"].get(night)
    return current_app.response_class(data, mimetype="application/json")


def game_json(game: str) -> Response:
    found = [g for g in _store().games() if g.game == game]
    if not found:
        abort(404)
    g = found[0]
    return jsonify(
        game=g.game,
        table=g.table,
        names=g.names,
        rules=g.rules,
        started_at=g.started_at,
        ended_at=g.ended_at,
        hands=[h for h in g.hands if h["seq"] is not None],
    )


def history_json(game: str, seq: int) -> Response:
    return jsonify(history=_store().history(game, seq))


def edit_hand(game: str, seq: int) -> tuple[Response, int]:
    """The scorer's desk edits a pushed hand: JSON {"base_version", "hand", "reason"}; loopback only."""
    if request.remote_addr not in ("127.0.0.1", "::1"):
        raise ForbiddenError("hands are edited on the club server's own machine (127.0.0.1)")
    body = request.get_json(silent=True)
    if (
        not isinstance(body, dict)
        or not isinstance(body.get("base_version"), int)
        or not isinstance(body.get("hand"), dict)
    ):
        raise ProtocolError('expected JSON {"base_version": N, "hand": {...}, "reason": text}')
    hand: dict[str, Any] = body["hand"]
    version = _store().edit_hand(game, seq, body["base_version"], hand, str(body.get("reason", "")))
    current_app.extensions["club_wall"].changed()
    return jsonify(ok=True, game=game, seq=seq, version=version), 200


class _WallCache:
    """The wall's JSON, rebuilt only after a push changed something and at most once a second."""

    def __init__(self, store: ClubStore) -> None:
        self.store = store
        self._lock = threading.Lock()
        self._version = 0
        self._built: dict[str | None, tuple[int, float, bytes]] = {}

    def changed(self) -> None:
        with self._lock:
            self._version += 1

    def get(self, night: str | None) -> bytes:
        with self._lock:
            cached = self._built.get(night)
            now = time.monotonic()
            if cached and (cached[0] == self._version or now - cached[1] < WALL_MAX_AGE_S):
                return cached[2]
            version = self._version
            data = current_app.json.dumps(wall_data(self.store.games(night))).encode()
            self._built[night] = (version, now, data)
            return data


def wall_data(games: list[GameView]) -> dict[str, Any]:
    """Each table's latest game (round, scores, last result) and the night's standings."""
    latest: dict[str, GameView] = {}
    for g in games:
        latest[g.table] = g  # ordered by start within a table
    tables = []
    for name, g in sorted(latest.items()):
        pushed = [h for h in g.hands if h["seq"] is not None]
        last = pushed[-1]["hand"] if pushed else None
        tables.append(
            {
                "table": name,
                "game": g.game,
                "names": g.names,
                "hands": len(pushed),
                "ended": g.ended_at is not None,
                "round": last["round"] if last else None,
                "scores": g.state["scores"] if g.state else None,
                "last_result": _describe(last) if last else None,
            }
        )
    lines = standings.night(games)
    return {
        "tables": tables,
        "games": len(games),
        "standings": [
            {"name": p.name, "total": p.total, "games": p.games, "provisional": p.provisional} for p in lines
        ],
    }


def _describe(hand: dict[str, Any]) -> str:
    r = hand["round"]
    kinds = [res["kind"] for res in hand["results"]]
    return f"{r['bakaze']}{r['kyoku']}-{r['honba']}: {', '.join(kinds)}"

"""The Scoreboard page for a big screen: scores, round, dealer, honba, sticks, last hand; live over SSE."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, Response, current_app, jsonify, render_template, request
from riichi_table.webui import club
from riichi_table.webui.db import get_store
from riichi_table.webui.hub import Hub, encode_event
from riichi_table.webui.store import Store, StoreError

bp = Blueprint("scoreboard", __name__)
CURRENT = "scoreboard"


def current_game_id(store: Store) -> int | None:
    return store.current_game_id()


def board(store: Store, game_id: int | None) -> dict[str, Any]:
    if game_id is None:
        return {"game_id": None, "error": None, "names": None, "scores": None}
    return club.game_view(store, store.game(game_id)).scoreboard()


def publish(store: Store, game_id: int) -> None:
    """After a change to a game: send its board to its own stream and, if it is current, the main one."""
    hub: Hub = current_app.extensions["hub"]
    data = board(store, game_id)
    hub.publish(f"{CURRENT}:{game_id}", data, event="board")
    current = current_game_id(store)
    hub.publish(CURRENT, data if current == game_id else board(store, current), event="board")


LIVE = f"{CURRENT}:live"
WIND_NAMES = {"E": "East", "S": "South", "W": "West", "N": "North"}


def live_board(state: dict[str, Any]) -> dict[str, Any]:
    """The scoreboard of the game the camera follows (the live pipeline's state, docs/live.md)."""
    seats = state.get("seats") or []
    r = state.get("round") or {}
    if not state.get("available") or len(seats) != 4:
        why = state.get("error") or "the live table has no game yet"
        return {"game_id": None, "live": True, "error": why, "names": None, "scores": None}
    winds = [s.get("wind") or "" for s in seats]
    result = state.get("last_result")
    oya = (result.get("round") or {}).get("oya") if isinstance(result, dict) else r.get("oya")
    name_winds = ["ESWN"[(s - oya) % 4] for s in range(4)] if isinstance(oya, int) else winds
    wind = WIND_NAMES.get(str(r.get("bakaze")), "")
    return {
        "game_id": "live",
        "live": True,
        "status": "finished" if r.get("ended") else "running",
        "names": [
            f"{WIND_NAMES.get(w, 'Chair')} (chair {i})" if w else f"Chair {i}"
            for i, w in enumerate(name_winds)
        ],
        "scores": [s.get("score") for s in seats],
        "round": f"{wind} {r.get('kyoku', '')}".strip() or "-",
        "dealer": r.get("oya"),
        "seat_winds": winds if all(winds) else None,
        "honba": r.get("honba"),
        "sticks": r.get("kyotaku"),
        "finished": bool(r.get("ended")),
        "last": None,
        "result": result if isinstance(result, dict) else None,
        "final": [],
        "hands": None,
        "error": None,
    }


def _live_state() -> dict[str, Any]:
    from riichi_table.webui.live import LiveTable

    live: LiveTable = current_app.extensions["live"]
    return live.state()


def _requested_board(store: Store, game_id: int | None) -> dict[str, Any]:
    """`?live=1`: the camera's game; else the club game asked for (or the current one)."""
    if request.args.get("live"):
        return live_board(_live_state())
    return board(store, game_id)


def _requested_game(store: Store) -> tuple[int | None, str]:
    raw = request.args.get("game")
    if raw:
        if not raw.isdigit():
            raise StoreError(f"game: expected a game id, got {raw!r}")
        game_id = store.game(int(raw)).id
        return game_id, f"{CURRENT}:{game_id}"
    return current_game_id(store), CURRENT


@bp.get("/scoreboard")
def index() -> str:
    store = get_store()
    game_id, topic = _requested_game(store)
    return render_template(
        "scoreboard.html",
        board=_requested_board(store, game_id),
        topic=topic,
        query=request.query_string.decode(),
    )


@bp.get("/scoreboard/events")
def events() -> Response:
    store = get_store()
    game_id, topic = _requested_game(store)
    if request.args.get("live"):
        topic = LIVE
    first = encode_event("board", _requested_board(store, game_id))
    store.close()  # a stream lives long: give the connection back now
    from flask import g

    g.pop("store", None)
    hub: Hub = current_app.extensions["hub"]
    body = hub.stream(topic, float(current_app.config["SSE_HEARTBEAT_S"]), first=first)
    return Response(body, mimetype="text/event-stream", headers={"Cache-Control": "no-cache"})


@bp.get("/api/scoreboard")
def api() -> Response:
    store = get_store()
    game_id, _ = _requested_game(store)
    return jsonify(_requested_board(store, game_id))

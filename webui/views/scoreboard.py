"""The Scoreboard page for a big screen: scores, round, dealer, honba, sticks, last hand; live over SSE."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, Response, current_app, jsonify, render_template, request

from webui import club
from webui.app import get_store
from webui.hub import Hub, encode_event
from webui.store import Store

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


def _requested_game(store: Store) -> tuple[int | None, str]:
    raw = request.args.get("game")
    if raw:
        game_id = store.game(int(raw)).id if raw.isdigit() else store.game(-1).id
        return game_id, f"{CURRENT}:{game_id}"
    return current_game_id(store), CURRENT


@bp.get("/scoreboard")
def index() -> str:
    store = get_store()
    game_id, topic = _requested_game(store)
    return render_template(
        "scoreboard.html", board=board(store, game_id), topic=topic, query=request.query_string.decode()
    )


@bp.get("/scoreboard/events")
def events() -> Response:
    store = get_store()
    game_id, topic = _requested_game(store)
    first = encode_event("board", board(store, game_id))
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
    return jsonify(board(store, game_id))

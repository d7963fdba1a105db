"""The Hand check page: read a photo or a camera frame, correct tiles (saved as labelled data), score."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, Response, current_app, jsonify, render_template, request, send_file
from riichi_table.webui import club, engine_game, photos, scoring
from riichi_table.webui.db import get_store
from riichi_table.webui.live import LiveTable
from riichi_table.webui.settings_model import current_settings
from riichi_table.webui.store import GameRow, Store

bp = Blueprint("hand", __name__)


def _reader() -> photos.Reader:
    reader = current_app.extensions.get("reader")
    if reader is None:
        reader = photos.Reader(current_app.config.get("MODELS_DIR"), current_app.config.get("PROFILES_DIR"))
        current_app.extensions["reader"] = reader
    return reader


def _game_choice(store: Store, game: GameRow) -> dict[str, Any]:
    """A running club game as the "Record this win" form offers it: names, the hand it is at, its version
    (the form carries it: a stale one is refused) and each seat's wind now."""
    view = club.game_view(store, game)
    winds = engine_game.seat_winds(view.state) if view.state else ("E", "S", "W", "N")
    return {
        "id": game.id,
        "names": view.names,
        "version": game.version,
        "hand_number": len(view.lines) + 1,
        "round": view.round_label,
        "winds": winds,
    }


@bp.get("/hand")
def index() -> str:
    live: LiveTable = current_app.extensions["live"]
    store = get_store()
    games = [_game_choice(store, g) for g in store.running_games() if not g.voided]
    from riichi_table.vision.profiles import active_profile
    from riichi_table.webui.views.teach import teacher

    return render_template(
        "hand.html",
        games=games,
        presets=scoring.presets(),
        default_rules=current_settings(store).preset,
        live_available=live.available,
        profile=active_profile(teacher().folder),
    )


def _read(image: object) -> Response:
    data_dir = current_app.config["DATA_DIR"]
    photo_id = photos.save_photo(data_dir, image)  # type: ignore[arg-type]
    height, width = image.shape[:2]  # type: ignore[attr-defined]
    try:
        tiles = [t.to_json() for t in _reader().read(image)]  # type: ignore[arg-type]
        error = None
    except photos.PhotoError as exc:
        tiles, error = [], str(exc)
    return jsonify(ok=True, photo_id=photo_id, width=width, height=height, tiles=tiles, error=error)


@bp.post("/hand/photo")
def upload() -> Response | tuple[Response, int]:
    file = request.files.get("photo")
    if file is None:
        return jsonify(ok=False, error="no photo in the upload (form field 'photo')"), 400
    try:
        image = photos.decode_image(file.read())
    except photos.PhotoError as exc:
        return jsonify(ok=False, error=str(exc)), 400
    return _read(image)


@bp.post("/hand/frame")
def frame() -> Response | tuple[Response, int]:
    live: LiveTable = current_app.extensions["live"]
    raw = live.latest_frame()
    if raw is not None:
        return _read(raw)
    jpeg = live.latest_jpeg()  # the overlaid view: the reader still finds the tiles under thin outlines
    if jpeg is None:
        return jsonify(ok=False, error=f"no camera frame available: {live.error or 'no frame yet'}"), 409
    try:
        image = photos.decode_image(jpeg)
    except photos.PhotoError as exc:
        return jsonify(ok=False, error=str(exc)), 500
    return _read(image)


@bp.get("/hand/photo/<photo_id>.jpg")
def photo(photo_id: str) -> Response:
    path = photos.photo_path(current_app.config["DATA_DIR"], photo_id)
    return send_file(path, mimetype="image/jpeg")


@bp.post("/hand/correct")
def correct() -> Response | tuple[Response, int]:
    body = request.get_json(silent=True)
    if not isinstance(body, dict) or not isinstance(body.get("tiles"), list):
        return jsonify(ok=False, error="expected {photo_id, tiles: [{tile, box}]}"), 400
    try:
        image, labels, notation = photos.save_correction(
            current_app.config["DATA_DIR"], str(body.get("photo_id")), body["tiles"]
        )
    except photos.PhotoError as exc:
        return jsonify(ok=False, error=str(exc)), 400
    get_store().add_correction(image.name, labels.name, notation)
    return jsonify(ok=True, image=image.name, labels=labels.name, tiles=notation)

"""The Flask app factory: wires the store, the security checks, the live pipeline seam and the blueprints.

`create_app(config)` only wires parts together; each page area is a blueprint in `webui/views/`. Config keys
(all optional): DATA_DIR (folder for the database, photos and labelled corrections), HOST (the address served;
anything but loopback makes the pages read-only until the admin PIN is entered), ADMIN_PIN, ASSISTANT (an
object like `webui.live.AssistantLike`, or None), PIPELINE_ERROR (why there is none), SOURCE, SSE_HEARTBEAT_S,
MAX_CONTENT_LENGTH, MODELS_DIR, PROFILES_DIR (tile-set profiles, default `vision.profiles.profiles_dir()`).
"""

from __future__ import annotations

import os
import secrets
from pathlib import Path
from typing import Any

import click
from flask import Flask, render_template, url_for
from riichi_table.webui import db, security, timefmt, yaku_names
from riichi_table.webui.errors import WebError
from riichi_table.webui.hub import Hub
from riichi_table.webui.live import LiveTable
from riichi_table.webui.store import DB_NAME, StaleGame, migrate

DATA_ENV = "RIICHI_TABLE_DATA"


def default_data_dir() -> Path:
    """The data folder: $RIICHI_TABLE_DATA if set, else the user's data folder (platformdirs)."""
    env = os.environ.get(DATA_ENV)
    if env:
        return Path(env)
    import platformdirs

    return Path(platformdirs.user_data_dir("riichi-table", appauthor=False))


def _secret_key(data_dir: Path) -> str:
    """A per-installation session key kept in the data folder, so sessions survive a restart."""
    path = data_dir / "secret_key"
    if path.exists():
        return path.read_text(encoding="ascii").strip()
    key = secrets.token_hex(32)
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "w", encoding="ascii") as fh:
        fh.write(key)
    return key


def create_app(config: dict[str, Any] | None = None) -> Flask:
    app = Flask(__name__)
    app.config.update(
        HOST="127.0.0.1",
        ADMIN_PIN=os.environ.get("RIICHI_TABLE_ADMIN_PIN") or None,
        ASSISTANT=None,
        PIPELINE_ERROR="no live pipeline was started",
        SOURCE=None,
        SSE_HEARTBEAT_S=15.0,
        MAX_CONTENT_LENGTH=8 * 1024 * 1024,
        MJPEG_FPS=10.0,
        SESSION_COOKIE_SAMESITE="Lax",
    )
    app.config.update(config or {})
    data_dir = Path(app.config.get("DATA_DIR") or default_data_dir()).resolve()
    data_dir.mkdir(parents=True, exist_ok=True)
    app.config["DATA_DIR"] = data_dir
    app.config["DB_PATH"] = data_dir / DB_NAME
    if not app.config.get("SECRET_KEY"):
        app.config["SECRET_KEY"] = _secret_key(data_dir)
    migrate(app.config["DB_PATH"])

    hub = Hub()
    app.extensions["hub"] = hub
    live = LiveTable(app.config["ASSISTANT"], app.config["PIPELINE_ERROR"], hub)
    app.extensions["live"] = live
    if app.config.get("PROFILES_DIR") and app.config["ASSISTANT"] is not None:
        live.use_profile(Path(app.config["PROFILES_DIR"]))  # the live table reads with this folder's choice

    from riichi_table.webui.views.scoreboard import LIVE, live_board

    live.listeners.append(lambda state: hub.publish(LIVE, live_board(state), event="board"))

    db.init_app(app)
    security.init_app(app)
    from riichi_table.webui.engine_game import seat_winds

    app.jinja_env.globals["seat_winds"] = seat_winds

    from riichi_table.webui.views import api, club, hand, scoreboard, settings, table, teach

    for bp in (table.bp, hand.bp, scoreboard.bp, club.bp, settings.bp, teach.bp, api.bp):
        app.register_blueprint(bp)

    @app.errorhandler(WebError)
    def _web_error(exc: WebError) -> tuple[str, int]:
        return render_template("error.html", message=str(exc)), 400

    @app.errorhandler(StaleGame)
    def _stale(exc: StaleGame) -> tuple[str, int]:
        link = url_for("club.game", game_id=exc.game_id)
        return render_template(
            "error.html",
            heading="Not recorded: the game has moved on",
            message=str(exc),
            link=link,
            link_text=f"Show game {exc.game_id} as it is now",
        ), 409

    @app.errorhandler(413)
    def _too_large(_exc: Exception) -> tuple[str, int]:
        limit = app.config["MAX_CONTENT_LENGTH"] // (1024 * 1024)
        message = f"The file is too large: the limit is {limit} MB. Take a smaller photo or shrink it."
        return render_template("error.html", heading="Upload too large", message=message), 413

    app.jinja_env.filters["localtime"] = timefmt.localtime
    app.jinja_env.filters["yaku"] = yaku_names.name
    app.jinja_env.globals["yaku_names_json"] = yaku_names.names_json

    @app.cli.command("init-db")
    def _init_db() -> None:
        """Create or migrate the database in the data folder."""
        version = migrate(app.config["DB_PATH"])
        click.echo(f"database {app.config['DB_PATH']} at schema version {version}")

    return app

"""Fixtures: the web app on a temporary data folder, driven through Flask's test client."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import cv2
import numpy as np
import pytest
from flask import Flask
from flask.testing import FlaskClient
from riichi_table.webui.app import create_app

REPO = Path(__file__).resolve().parents[2]
SHARED = REPO / ".." / "shared"


@pytest.fixture
def make_app(tmp_path: Path) -> Iterator[Any]:
    apps: list[Flask] = []

    def build(**config: Any) -> Flask:
        cfg = {"DATA_DIR": tmp_path / "data", "TESTING": True, "SSE_HEARTBEAT_S": 0.2}
        cfg.update(config)
        app = create_app(cfg)
        apps.append(app)
        return app

    yield build
    for app in apps:
        app.extensions["live"].stop()


@pytest.fixture
def app(make_app: Any) -> Flask:
    return make_app()


@pytest.fixture
def client(app: Flask) -> FlaskClient:
    return app.test_client()


def csrf_token(client: FlaskClient) -> str:
    """The session's CSRF token (a page render creates it)."""
    client.get("/settings")
    with client.session_transaction() as session:
        return str(session["csrf"])


_GAME_FORM = re.compile(r"^/club/game/(\d+)/(hands|undo|finish|void)$")
_EDIT_FORM = re.compile(r"^/club/hand/(\d+)/edit$")


def stamp(client: FlaskClient, url: str) -> dict[str, str]:
    """The hidden fields a game-changing form carries (game_id, hand_number, version), read from the page
    that draws the form now, as a browser would have them."""
    page_url = url
    if match := _GAME_FORM.match(url):
        page_url = f"/club/game/{match.group(1)}"
    elif not _EDIT_FORM.match(url):
        return {}
    page = client.get(page_url).data.decode()
    form_at = page.find(f'action="{url}"')
    page = page[form_at:] if form_at >= 0 else page  # the fields of the form that posts to `url`
    fields = {}
    for name in ("game_id", "hand_number", "version"):
        found = re.search(rf'name="{name}" value="(\d+)"', page)
        if found:
            fields[name] = found.group(1)
    return fields


def _post_form(client: FlaskClient, url: str, data: dict[str, Any], follow: bool = False) -> Any:
    """Post a form with the session's CSRF token; a game-changing form also gets the stamp the page would
    have drawn into it now (unless `data` brings its own)."""
    fields = {**stamp(client, url), **data, "csrf_token": csrf_token(client)}
    return client.post(url, data=fields, follow_redirects=follow)


@pytest.fixture
def csrf() -> Any:
    return csrf_token


@pytest.fixture
def post_form() -> Any:
    return _post_form


def _make_video(path: Path, frames: int = 60) -> Path:
    """A small clip: green cloth with a row of light 'tiles' that shift a little."""
    writer = cv2.VideoWriter(str(path), cv2.VideoWriter_fourcc(*"mp4v"), 15, (320, 180))
    for i in range(frames):
        frame = np.full((180, 320, 3), (40, 90, 50), np.uint8)
        for k in range(8):
            x = 20 + k * 35
            cv2.rectangle(frame, (x, 70 + i % 10), (x + 28, 110 + i % 10), (235, 240, 240), -1)
        writer.write(frame)
    writer.release()
    return path


@pytest.fixture
def make_video() -> Any:
    return _make_video

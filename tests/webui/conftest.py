"""Fixtures: the web app on a temporary data folder, driven through Flask's test client."""

from __future__ import annotations

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


def _csrf(client: FlaskClient) -> str:
    """The session's CSRF token (a page render creates it)."""
    client.get("/settings")
    with client.session_transaction() as session:
        return str(session["csrf"])


def _post_form(client: FlaskClient, url: str, data: dict[str, Any], follow: bool = False) -> Any:
    return client.post(url, data={**data, "csrf_token": _csrf(client)}, follow_redirects=follow)


@pytest.fixture
def csrf() -> Any:
    return _csrf


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

"""The Table page over the real live pipeline (webui/pipeline.py) reading a generated video file."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import cv2
import numpy as np
import pytest
from riichi_table.webui.live import start_assistant


@pytest.fixture
def live_client(make_app: Any, make_video: Any, tmp_path: Path) -> Any:
    assistant, error = start_assistant(str(make_video(tmp_path / "clip.mp4")), "wrc", None)
    assert assistant is not None, error
    app = make_app(ASSISTANT=assistant, PIPELINE_ERROR=None, SOURCE="clip.mp4")
    return app.test_client()


def test_a_source_that_cannot_be_opened_shows_the_pipeline_as_unavailable(make_app: Any) -> None:
    assistant, error = start_assistant("/nonexistent/video.mp4", "wrc", None)
    assert assistant is None and error
    client = make_app(ASSISTANT=None, PIPELINE_ERROR=error).test_client()
    page = client.get("/").data.decode()
    assert "pipeline: live pipeline failed to start" in page and "video.mp4" in page
    assert 'id="video"' not in page  # never a stand-in picture
    state = client.get("/api/table").json
    assert state["available"] is False and "video.mp4" in state["error"]
    assert client.get("/video.mjpg").status_code == 503


def test_the_table_state_reports_the_camera_health_from_the_running_pipeline(live_client: Any) -> None:
    deadline = time.monotonic() + 10
    state = live_client.get("/api/table").json
    while state["health"]["camera"]["state"] != "ok" and time.monotonic() < deadline:
        time.sleep(0.1)
        state = live_client.get("/api/table").json
    assert state["available"] is True
    assert state["health"]["camera"]["state"] == "ok"
    assert {"camera", "model", "device"} <= set(state["health"])


def test_the_live_view_streams_jpeg_frames_as_mjpeg(live_client: Any) -> None:
    r = live_client.get("/video.mjpg", buffered=False)
    assert r.mimetype == "multipart/x-mixed-replace"
    chunks = iter(r.response)
    head = next(chunks)
    body = next(chunks)
    r.close()
    assert head.startswith(b"--frame\r\nContent-Type: image/jpeg")
    jpeg = body[4:]
    image = cv2.imdecode(np.frombuffer(jpeg, np.uint8), cv2.IMREAD_COLOR)
    assert image is not None and image.shape[:2] == (180, 320)


def test_the_table_event_stream_starts_with_the_current_state(live_client: Any) -> None:
    r = live_client.get("/table/events", buffered=False)
    chunks = iter(r.response)
    assert next(chunks) == b"retry: 2000\n\n"
    first = next(chunks).decode()
    r.close()
    assert first.startswith("event: table\n") and '"available":true' in first


def test_the_scoreboard_can_follow_the_game_the_camera_sees(live_client: Any) -> None:
    board = live_client.get("/api/scoreboard?live=1").json
    assert board["live"] is True and board["game_id"] == "live"
    assert len(board["scores"]) == 4 and board["error"] is None
    page = live_client.get("/scoreboard?live=1").data.decode()
    assert '"live": true' in page


def test_without_a_pipeline_the_live_scoreboard_says_why(client: Any) -> None:
    board = client.get("/api/scoreboard?live=1").json
    assert board["live"] is True and board["scores"] is None and board["error"]


def test_a_frame_from_the_camera_can_be_taken_for_the_hand_check(live_client: Any, csrf: Any) -> None:
    token = csrf(live_client)
    deadline = time.monotonic() + 10
    r = live_client.post("/hand/frame", headers={"X-CSRF-Token": token})
    while r.status_code == 409 and time.monotonic() < deadline:  # no frame yet
        time.sleep(0.1)
        r = live_client.post("/hand/frame", headers={"X-CSRF-Token": token})
    assert r.status_code == 200 and r.json["ok"] is True
    assert (r.json["width"], r.json["height"]) == (320, 180)
    assert live_client.get(f"/hand/photo/{r.json['photo_id']}.jpg").status_code == 200


def test_an_answer_the_rules_refuse_comes_back_with_the_engines_reason(live_client: Any, csrf: Any) -> None:
    answer = {"type": "declare", "actor": 1, "call": "ron", "target": 0}
    r = live_client.post("/table/answer", json=answer, headers={"X-CSRF-Token": csrf(live_client)}).json
    assert r["ok"] is False and r["error"]

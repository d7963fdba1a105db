"""The Table page's hooks on the Assistant: calibration from the page, the raw frame, the LED unit."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import cv2
import numpy as np
import pytest

from riichi_table.assistant import Assistant, AssistantError


@pytest.fixture
def make_app(tmp_path: Path) -> Iterator[Any]:
    """The web app on a temporary data folder around a given assistant."""
    from riichi_table.webui.app import create_app

    apps: list[Any] = []

    def build(**config: Any) -> Any:
        app = create_app({"DATA_DIR": tmp_path / "data", "TESTING": True, **config})
        apps.append(app)
        return app

    yield build
    for app in apps:
        app.extensions["live"].stop()


@pytest.fixture(scope="module")
def table_frame(renderer: Any) -> np.ndarray:
    from riichi_table.datasets.game_play import TableLayout

    return renderer.frame(renderer.scene(TableLayout(empty=True)), 0, None, 10.0)


@pytest.fixture
def still_table(tmp_path: Path, table_frame: np.ndarray) -> Iterator[Assistant]:
    """An assistant over a folder holding one frame of the table (the frame stays the latest one)."""
    folder = tmp_path / "frames"
    folder.mkdir()
    cv2.imwrite(str(folder / "0000.png"), table_frame)
    assistant = Assistant(str(folder), realtime=False)
    assistant.start()
    deadline = time.monotonic() + 20
    while assistant.latest_jpeg() is None and time.monotonic() < deadline:
        time.sleep(0.05)
    yield assistant
    assistant.stop()


def _marker_corners(frame: np.ndarray) -> list[list[float]]:
    from riichi_table.vision.calibrate import MARKER_IDS, find_markers

    found = find_markers(frame)
    return [[float(v) for v in found[i]] for i in MARKER_IDS]


def test_the_latest_frame_is_the_camera_frame_without_overlays(
    still_table: Assistant, table_frame: np.ndarray
) -> None:
    raw = still_table.latest_frame()
    assert raw is not None and raw.shape == table_frame.shape
    assert np.array_equal(raw, table_frame)  # PNG is lossless: exactly what the camera gave
    overlaid = cv2.imdecode(np.frombuffer(still_table.latest_jpeg() or b"", np.uint8), cv2.IMREAD_COLOR)
    assert overlaid is not None and overlaid.shape == raw.shape
    raw[:] = 0  # a copy: the caller cannot spoil the pipeline's frame
    assert still_table.latest_frame().any()


def test_four_corners_picked_on_the_page_calibrate_the_table(
    still_table: Assistant, table_frame: np.ndarray
) -> None:
    corners = _marker_corners(table_frame)  # where a person would click: the marker centres
    still_table.calibrate(corners)
    state = still_table.state()
    assert state["calibrated"] and state["health"]["view"]["message"] == "calibrated (manual)"
    assert np.allclose(still_table.session.calibration.corners, corners)
    assert still_table.session.calibration.method == "manual"


def test_calibrating_from_the_markers_uses_the_latest_frame(still_table: Assistant) -> None:
    still_table.calibrate([[100, 600], [1100, 600], [1000, 100], [200, 100]])
    still_table.calibrate(None)
    assert still_table.session.calibration.method == "aruco"


@pytest.mark.parametrize(
    ("corners", "why"),
    [
        ([[0, 100], [100, 0], [100, 100], [0, 0]], "convex"),
        ([[100, 600], [9000, 600], [1000, 100], [200, 100]], "outside the 1280x720 camera frame"),
    ],
    ids=["crossed outline", "off the frame"],
)
def test_bad_corners_are_refused_with_the_reason_and_the_calibration_kept(
    still_table: Assistant, corners: list[list[float]], why: str
) -> None:
    before = still_table.session.calibration
    with pytest.raises(AssistantError, match=why):
        still_table.calibrate(corners)
    assert still_table.session.calibration is before


def test_aruco_calibration_without_markers_in_view_names_them(tmp_path: Path) -> None:
    folder = tmp_path / "frames"
    folder.mkdir()
    cv2.imwrite(str(folder / "0000.png"), np.full((360, 640, 3), (40, 110, 40), np.uint8))
    assistant = Assistant(str(folder), realtime=False)
    with pytest.raises(AssistantError, match="no camera frame yet"):
        assistant.calibrate(None)
    assistant.start()
    try:
        deadline = time.monotonic() + 20
        while assistant.latest_frame() is None and time.monotonic() < deadline:
            time.sleep(0.05)
        with pytest.raises(AssistantError, match=r"markers \[0, 1, 2, 3\] not found"):
            assistant.calibrate(None)
        assert "not found" in assistant.state()["warnings"][0]
    finally:
        assistant.stop()


def test_the_page_calibrates_through_the_flask_route(
    make_app: Any, still_table: Assistant, table_frame: np.ndarray
) -> None:
    client = make_app(ASSISTANT=still_table, PIPELINE_ERROR=None).test_client()
    client.get("/settings")
    with client.session_transaction() as session:
        token = str(session["csrf"])
    headers = {"X-CSRF-Token": token}
    corners = [[round(x), round(y)] for x, y in _marker_corners(table_frame)]
    r = client.post("/table/calibrate", json={"corners": corners}, headers=headers).json
    assert r == {"ok": True, "error": None}
    assert still_table.session.calibration.method == "manual"
    crossed = [[0, 0], [5, 0], [5, 5], [0, 5000]]
    r = client.post("/table/calibrate", json={"corners": crossed}, headers=headers)
    assert r.json["ok"] is False and "calibration failed" in r.json["error"]
    r = client.post("/table/calibrate", json={"corners": None}, headers=headers).json
    assert r["ok"] is True and still_table.session.calibration.method == "aruco"


def test_the_led_unit_emulator_snapshot_is_offered_with_an_emu_port(tmp_path: Path) -> None:
    pytest.importorskip("riichi_table.device.emulator")
    plain = Assistant("demo", realtime=False)
    assert plain.device_leds() is None
    with_unit = Assistant("demo", device_port="emu://", realtime=False)
    try:
        deadline = time.monotonic() + 10
        leds = with_unit.device_leds()
        while time.monotonic() < deadline and not leds:
            time.sleep(0.05)
            leds = with_unit.device_leds()
        assert isinstance(leds, dict) and leds
        assert with_unit.state()["health"]["device"]["state"] != "none"
    finally:
        with_unit._device.close()


def test_the_web_layer_shows_the_emulated_leds_in_the_table_state(make_app: Any) -> None:
    pytest.importorskip("riichi_table.device.emulator")
    assistant = Assistant("demo", device_port="emu://", realtime=False)
    try:
        client = make_app(ASSISTANT=assistant, PIPELINE_ERROR=None).test_client()
        state = client.get("/api/table").json
        assert isinstance(state["device_leds"], dict) and state["device_leds"]
    finally:
        assistant._device.close()

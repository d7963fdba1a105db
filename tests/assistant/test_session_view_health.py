"""The view check in the running session: a blurred, dark, oblique or moved view says why it is not read."""

from __future__ import annotations

from typing import Any

import cv2
import numpy as np
import pytest
from riichi_table.vision.source import Frame

from riichi_table.assistant import LiveSession


@pytest.fixture(scope="module")
def table_frame(renderer: Any) -> np.ndarray:
    from riichi_table.datasets.game_play import TableLayout

    return renderer.frame(renderer.scene(TableLayout(empty=True)), 0, None, 10.0)


def _corners(frame: np.ndarray) -> list[list[float]]:
    from riichi_table.vision.calibrate import MARKER_IDS, find_markers

    found = find_markers(frame)
    return [[float(v) for v in found[i]] for i in MARKER_IDS]


def _feed(session: LiveSession, *images: np.ndarray) -> None:
    for image in images:
        session.process(Frame(image, session.frames, session.frames / 10))


def _hand_calibrated(frame: np.ndarray) -> LiveSession:
    session = LiveSession(read_every_frame=True)
    session.calibrate(_corners(frame), frame)
    _feed(session, frame)
    assert session.view["state"] == "ok" and session.processed == 1
    return session


@pytest.mark.parametrize(
    ("degrade", "why"),
    [
        (lambda f: (f * 0.15).astype(np.uint8), "view too dark"),
        (lambda f: cv2.GaussianBlur(f, (0, 0), 9), "view blurred"),
    ],
    ids=["dark", "blurred"],
)
def test_a_dark_or_blurred_frame_is_not_read_and_the_page_says_why(
    table_frame: np.ndarray, degrade: Any, why: str
) -> None:
    session = _hand_calibrated(table_frame)
    _feed(session, degrade(table_frame))
    state = session.state()
    assert session.processed == 1 and state["frames"]["unreadable"] == 1
    assert any(w.startswith(why) for w in state["warnings"])
    assert session.view["state"] == "poor" and why in session.view["message"]
    _feed(session, table_frame)  # the light comes back: read again, the warning goes
    assert session.processed == 2 and not any(w.startswith(why) for w in session.state()["warnings"])


def test_a_too_oblique_view_is_read_with_a_warning(table_frame: np.ndarray) -> None:
    h, w = table_frame.shape[:2]
    squeezed = [[100.0, h - 20.0], [w - 100.0, h - 20.0], [w / 2 + 60, 40.0], [w / 2 - 60, 40.0]]
    session = LiveSession(read_every_frame=True)
    session.calibrate(squeezed, table_frame)
    _feed(session, table_frame)
    assert session.processed == 1
    assert any("too oblique" in warning for warning in session.state()["warnings"])


def test_a_hand_calibrated_camera_that_moved_asks_for_the_corners_again(table_frame: np.ndarray) -> None:
    session = _hand_calibrated(table_frame)
    moved = np.roll(table_frame, 40, axis=1)
    _feed(session, moved)  # one frame could be a hand passing: still read
    assert session.processed == 2
    _feed(session, moved, moved)
    assert session.processed == 3 and session.view["state"] == "moved"
    assert any("pick them again" in warning for warning in session.state()["warnings"])


def test_a_camera_with_markers_that_moved_is_recalibrated_with_a_warning(table_frame: np.ndarray) -> None:
    session = LiveSession(read_every_frame=True)
    _feed(session, table_frame)
    assert session.calibration.method == "aruco"
    _feed(session, np.roll(table_frame, 15, axis=1))
    assert session.processed == 2
    assert any("recalibrated from the table markers" in w for w in session.state()["warnings"])


def test_a_frame_with_hidden_markers_is_skipped_with_the_reason(table_frame: np.ndarray) -> None:
    session = LiveSession(read_every_frame=True)
    _feed(session, table_frame)
    covered = table_frame.copy()
    for x, y in _corners(table_frame)[:3]:
        cv2.circle(covered, (int(x), int(y)), 45, (200, 170, 150), -1)  # hands over three markers
    _feed(session, covered)
    assert session.processed == 1
    first = session.state()["warnings"][0]
    # Which markers, by their place on the table, and what to do.
    which = "table markers bottom-left (0), bottom-right (1) and top-right (2) not found"
    assert first.startswith(which), first
    assert "move what covers them" in first

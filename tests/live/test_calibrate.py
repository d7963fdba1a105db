"""Calibration: ArUco corner markers or hand-picked corners -> the rectified table view, and view checks."""

from __future__ import annotations

import numpy as np
import pytest
from riichi_table.vision.calibrate import (
    CalibrationError,
    check_view,
    from_corners,
    from_markers,
    marker_sheet,
)


def test_the_four_markers_map_to_the_corners_of_the_rectified_view(renderer) -> None:
    frame = renderer.frame(renderer.scene(_empty()), 0, None, 10.0)
    calib = from_markers(frame)
    rect = np.asarray([[0, calib.size], [calib.size, calib.size], [calib.size, 0], [0, 0]], np.float32)
    back = calib.to_camera(rect)
    assert np.allclose(back, calib.corners, atol=1.0)
    assert calib.rectify(frame).shape == (900, 900, 3)


def test_a_frame_without_markers_names_the_missing_ones() -> None:
    with pytest.raises(CalibrationError, match=r"\[0, 1, 2, 3\]"):
        from_markers(np.zeros((120, 160, 3), np.uint8))


def test_hand_picked_corners_must_form_a_convex_table() -> None:
    with pytest.raises(CalibrationError, match="convex"):
        from_corners([[0, 100], [100, 0], [100, 100], [0, 0]])
    calib = from_corners([[10, 200], [300, 200], [280, 20], [30, 20]])
    assert calib.method == "manual"


def test_a_dark_or_blurred_view_is_flagged(renderer) -> None:
    frame = renderer.frame(renderer.scene(_empty()), 0, None, 10.0)
    calib = from_markers(frame)
    assert check_view(frame, calib).ok
    dark = (frame * 0.15).astype(np.uint8)
    assert any("dark" in p for p in check_view(dark, calib, look_for_markers=False).problems)
    flat = np.full_like(frame, 128)
    assert any("blurred" in p for p in check_view(flat, calib, look_for_markers=False).problems)


def test_a_moved_camera_is_noticed_from_the_markers(renderer) -> None:
    frame = renderer.frame(renderer.scene(_empty()), 0, None, 10.0)
    calib = from_markers(frame)
    moved = np.roll(frame, 15, axis=1)
    assert check_view(moved, calib).moved


def test_the_marker_sheet_is_a4_at_the_given_dpi() -> None:
    page = marker_sheet(marker_mm=60, dpi=100)
    assert page.shape == (int(297 * 100 / 25.4), int(210 * 100 / 25.4))
    with pytest.raises(CalibrationError):
        marker_sheet(marker_mm=200)


def _empty():
    from riichi_table.datasets.game_play import TableLayout

    return TableLayout(empty=True)


def test_an_empty_table_of_black_felt_in_dim_light_is_dark_but_not_too_dark_to_read(art_folder) -> None:
    # Between hands a black felt shows nothing bright but the markers' white (a thousandth of the view): the
    # light is enough, the table is merely empty. With the light really low it is too dark.
    from riichi_table.datasets.game_play import TableLayout
    from riichi_table.datasets.game_render import Look, TableRenderer
    from riichi_table.datasets.tile_art import load_art
    from riichi_table.vision.calibrate import MIN_BRIGHTNESS, check_view, from_markers

    renderer = TableRenderer(load_art(art_folder), seed=104, look=Look(felt="black", light=0.7, hard=True))
    image = renderer.frame(renderer.scene(TableLayout(empty=True)), 150, None, 10.0)  # the clips' dimming
    calib = from_markers(image)
    check = check_view(image, calib, look_for_markers=False)
    assert check.brightness < MIN_BRIGHTNESS  # the old rule called this too dark
    assert not any("too dark" in p for p in check.problems), check.problems
    dark = check_view((image // 6).astype(np.uint8), calib, look_for_markers=False)
    assert any("too dark" in p for p in dark.problems)

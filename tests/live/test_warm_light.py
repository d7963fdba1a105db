"""A lamp's colour (a warm tungsten bulb, a green fluorescent tube) is taken out of the view by the markers'
white paper before the tiles are found (vision.white_balance; docs/live.md, "Harder renders").

Measured on single frames (datasets.game_render.Look(warm=1)): on white cloth the warm light turned the cloth
cream, the felt was no longer a pale one, and the faces, as cream as the cloth, were mat: of 36 pond tiles
only the 6s and 9s (green ink) were found.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import numpy as np
import pytest
from riichi_table.datasets.game_play import SeatLayout, TableLayout
from riichi_table.engine.tiles import parse_tile

POND = ("1s", "5p", "9s", "3p", "7m", "2z", "5z", "6s", "1p")


def _view(art_folder: Path, **look: object) -> np.ndarray:
    from riichi_table.datasets.game_render import Look, TableRenderer
    from riichi_table.datasets.tile_art import load_art
    from riichi_table.vision.calibrate import from_markers

    renderer = TableRenderer(load_art(art_folder), seed=1, look=Look(**look))  # type: ignore[arg-type]
    layout = TableLayout(dora=[parse_tile("5m")])
    for seat in range(4):
        layout.seats[seat] = SeatLayout(pond=[(parse_tile(n), False) for n in POND], hand_count=13)
    image = renderer.frame(renderer.scene(layout), 20, None, 10.0)
    return from_markers(image).rectify(image)


def _pond_names(view: np.ndarray) -> Counter[str]:
    from riichi_table.vision.live_reader import LiveReader, TileTemplates
    from riichi_table.vision.live_why import _class_name

    from riichi_table.assistant.session import DEMO_DIR

    reader = LiveReader(TileTemplates.load(DEMO_DIR / "templates.npz"), namer="onnx")
    for _ in range(3):
        reading = reader.read(view)
    return Counter(_class_name(t.class_id) for t in reading.tiles if t.area == "pond" and not t.face_down)


def test_the_old_looks_name_no_coloured_light() -> None:
    from riichi_table.datasets.game_render import Look

    assert Look().colour_gain() is None
    assert Look(felt="green", back="yellow", light=0.7, warm=1.0, falloff=0.4).name == (
        "green/yellow/old-camera/light0.7/warm/falloff0.4"
    )
    assert Look(tilt=30.0, tint=1.0).name == "green/red/30deg/light1/tint1"


def test_white_light_leaves_the_view_as_it_is(art_folder: Path) -> None:
    from riichi_table.vision.white_balance import WhiteBalance

    view = _view(art_folder, light=0.55)
    balance = WhiteBalance()
    assert balance(view) is view
    assert not balance.cast


@pytest.mark.parametrize(
    ("warm", "tint"), [(1.0, 0.0), (-1.0, 0.0), (0.0, 1.0)], ids=["warm", "cool", "green"]
)
def test_the_markers_paper_measures_the_lamps_colour(art_folder: Path, warm: float, tint: float) -> None:
    from riichi_table.datasets.game_render import Look
    from riichi_table.vision.white_balance import paper_colour

    paper = paper_colour(_view(art_folder, felt="black", warm=warm, tint=tint))
    gain = Look(warm=warm, tint=tint).colour_gain()
    assert paper is not None and gain is not None
    assert np.abs(paper - np.array(gain)).max() < 0.05, (paper, gain)


@pytest.mark.parametrize("back", [None, "black"], ids=["red-backs", "black-backs"])
def test_white_cloth_under_a_warm_lamp_is_read_tile_for_tile(art_folder: Path, back: str | None) -> None:
    names = _pond_names(_view(art_folder, felt="white", back=back, warm=1.0))
    assert names == Counter({n: 4 for n in POND})


def test_corners_without_markers_measure_no_light(art_folder: Path) -> None:
    from riichi_table.vision.white_balance import WhiteBalance, paper_colour

    view = _view(art_folder, warm=1.0)
    felt = view.copy()
    side = 40
    for rows in (slice(0, side), slice(-side, None)):
        for cols in (slice(0, side), slice(-side, None)):
            felt[rows, cols] = view[450:490, 150:190]  # corners picked by hand on the (green) felt
    assert paper_colour(felt) is None
    assert WhiteBalance()(felt) is felt


def _lamp_lit_face_with_a_stroke() -> np.ndarray:
    """A rectified view (1 px per mm) under a warm lamp: marker paper in its corners, an ivory face with a
    thin ink stroke (grey 30), seen as the clips carry it: a frame of 1.4 mm per pixel whose colour is kept
    at half its resolution (video's 4:2:0), straightened back to the view."""
    import cv2

    lamp = np.array([0.58, 0.85, 1.0], np.float32)  # B, G, R of a tungsten bulb
    white = np.full((240, 240, 3), 120.0, np.float32)
    for ys in (slice(0, 30), slice(210, 240)):
        for xs in (slice(0, 30), slice(210, 240)):
            white[ys, xs] = 240.0
            white[ys, xs][10:20, 10:20] = 15.0  # a marker's black
    white[100:134, 107:133] = 235.0  # a face, 26 x 34 mm
    white[116:118, 110:130] = 30.0  # a stroke 2 mm wide
    lit = np.clip(white * lamp, 0, 255).astype(np.uint8)
    frame = cv2.resize(lit, (172, 172), interpolation=cv2.INTER_AREA)
    ycc = cv2.cvtColor(frame, cv2.COLOR_BGR2YCrCb)
    half = cv2.resize(ycc[..., 1:], (86, 86), interpolation=cv2.INTER_AREA)
    ycc[..., 1:] = cv2.resize(half, (172, 172), interpolation=cv2.INTER_LINEAR)
    return cv2.resize(cv2.cvtColor(ycc, cv2.COLOR_YCrCb2BGR), (240, 240), interpolation=cv2.INTER_LINEAR)


def test_a_thin_ink_stroke_is_grey_again_in_the_view_the_namers_see_under_a_warm_lamp() -> None:
    # The photographed east wind under a warm lamp was named 1s: its strokes kept the face's orange after
    # the per-channel gain. The view for naming takes the lamp's colour out as an offset instead.
    from riichi_table.vision.white_balance import WhiteBalance

    view = _lamp_lit_face_with_a_stroke()
    balance = WhiteBalance(1.0)
    balance.learn(view)
    assert balance.cast
    by_gain, for_naming = balance.apply(view).astype(int), balance.for_naming(view).astype(int)
    ink_gain, ink = by_gain[117, 120], for_naming[117, 120]
    assert ink_gain[2] - ink_gain[0] > 30  # the gain leaves it orange-brown
    assert ink.max() - ink.min() <= 8  # grey, as the ink is
    assert ink.mean() < 0.5 * for_naming[106, 120].mean()  # and still dark on the face
    # The face and the felt away from the stroke are as the gain balances them.
    for y, x in ((106, 120), (128, 120), (180, 120)):
        assert np.abs(for_naming[y, x] - by_gain[y, x]).max() <= 4


def test_white_light_gives_the_namers_the_very_same_view(art_folder: Path) -> None:
    from riichi_table.vision.white_balance import WhiteBalance

    view = _view(art_folder)
    balance = WhiteBalance(1.0)
    balance.learn(view)
    assert balance.for_naming(view) is view


def test_the_naming_view_made_only_around_the_tiles_to_name_is_the_same_there() -> None:
    from riichi_table.vision.white_balance import WhiteBalance

    view = _lamp_lit_face_with_a_stroke()
    balance = WhiteBalance(1.0)
    balance.learn(view)
    whole = balance.for_naming(view)
    by_gain = balance.apply(view)
    windowed = balance.for_naming(view, [(80, 80, 160, 160)], by_gain)
    assert np.array_equal(windowed[95:145, 95:145], whole[95:145, 95:145])
    assert np.array_equal(windowed[170:, :], by_gain[170:, :])  # elsewhere the gain's view

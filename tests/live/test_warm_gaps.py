"""The felt between two tiles under a warm lamp (docs/live.md, "Harder renders", coloured light).

A video carries colour at half the resolution of lightness: the thin gap between two touching faces takes
their colour. Under a warm lamp that is the faces' orange, and a gain per channel (vision.white_balance)
cannot take it out of the dark gap; the gap keeps the felt's lightness only. Before the gap evidence weighed
colour less under a cast, the far seat's pond of five upright tiles (game seed 104, blue felt, yellow backs,
37 degrees, hard render, a warm lamp) was cut as four sideways tiles from frame to frame: a riichi that was
never declared, every later discard of the seat one turn late (event F1 0.82 for the cell, 0.93 in white
light).
"""

from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np
import pytest
from riichi_table.datasets.game_play import SeatLayout, TableLayout
from riichi_table.engine.tiles import parse_tile, tile_from_class

FAR_POND = ["6p", "1p", "9p", "9m", "2m"]  # seat 2's discards when the cut went wrong


def _video(image: np.ndarray, folder: Path) -> np.ndarray:
    """The frame as the game clips carry it (datasets.synth_game: mp4v, colour at half resolution)."""
    clip = folder / "frame.mp4"
    writer = cv2.VideoWriter(str(clip), cv2.VideoWriter.fourcc(*"mp4v"), 10.0, image.shape[1::-1])
    writer.write(image)
    writer.release()
    ok, frame = cv2.VideoCapture(str(clip)).read()
    assert ok
    return frame


def _far_pond(art_folder: Path, warm: float, folder: Path) -> list[str]:
    from riichi_table.datasets.game_render import Look, TableRenderer
    from riichi_table.datasets.tile_art import load_art
    from riichi_table.vision.calibrate import from_markers
    from riichi_table.vision.live_reader import LiveReader, TileTemplates

    from riichi_table.assistant.session import DEMO_DIR

    layout = TableLayout(dora=[parse_tile("5m")])
    for seat in range(4):
        pond = [(parse_tile(n), False) for n in (FAR_POND if seat == 2 else [])]
        layout.seats[seat] = SeatLayout(pond=pond, hand_count=13)
    look = Look(felt="blue", back="yellow", tilt=37.0, light=0.7, hard=True, warm=warm)
    renderer = TableRenderer(load_art(art_folder), seed=104, look=look)
    image = _video(renderer.frame(renderer.scene(layout), 0, None, 10.0), folder)
    calib = from_markers(image)
    assert calib.camera is not None
    reader = LiveReader(TileTemplates.load(DEMO_DIR / "templates.npz"), namer="onnx")
    reader.camera = calib.camera
    view = calib.rectify(image, at_face=True)
    for _ in range(3):  # the felt, back and light colours are learned over a few frames
        out = reader.read(view)
    tiles = sorted((t for t in out.tiles if t.seat == 2 and t.area == "pond"), key=lambda t: t.u)
    return [str(tile_from_class(int(np.argmax(t.scores)))) + ("*" if t.sideways else "") for t in tiles]


@pytest.mark.slow
@pytest.mark.parametrize("warm", [0.0, 1.0], ids=["white-light", "warm-lamp"])
def test_the_far_pond_is_cut_tile_by_tile_under_a_warm_lamp(
    art_folder: Path, warm: float, tmp_path: Path
) -> None:
    assert _far_pond(art_folder, warm, tmp_path) == FAR_POND

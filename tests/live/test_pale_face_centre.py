"""On white cloth at face height a pond cell's crop moves a quarter of the side away from the camera
(vision/live_reader.py, `LiveReader._face_centre`, `PALE_SHIFT`).

The face's far edge shows nothing against the cloth, so a cell no deeper than a tile has lost its far part,
and a row behind another still holds its side's near band: the cell sits towards the camera off the face.
Recorded from a render of white cloth, red backs, the old camera, hard (seed 318): seat 2's second pond row
around its 3s, as the reader saw it. Centred on the cell (6 px towards the camera off the face) the 3s was
named F in every frame, and seat 2's 3s and F swapped in the record.
"""

from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np
import pytest
from riichi_table.vision.face_height import CameraPose
from riichi_table.vision.live_namer import TilePose
from riichi_table.vision.live_reader import PALE_SHIFT, LiveReader, TileTemplates

from riichi_table.assistant.session import DEMO_DIR

DATA = Path(__file__).parent / "data"
POSE = CameraPose(foot=(480.19, 1427.55), height_mm=1534.66, focal_px=1361.27)
CELL = (408.0, 293.0, 27.0, 32.0)  # the 3s's cell: centre and size, mm (1 px per mm)
THREE_BAMBOO, GREEN_DRAGON = 20, 32


@pytest.fixture(scope="module")
def reader() -> LiveReader:
    reader = LiveReader(TileTemplates.load(DEMO_DIR / "templates.npz"), namer="onnx")
    reader.camera = POSE
    return reader


def _view() -> np.ndarray:
    view = np.full((900, 900, 3), 250, np.uint8)
    view[262:322, 380:436] = cv2.imread(str(DATA / "seat2_second_row_3s.png"))
    return view


def _name(reader: LiveReader, y: float) -> int:
    return int(np.argmax(reader.name(_view(), [TilePose(CELL[0], y, 2, False)])[0]))


def test_on_white_cloth_the_crop_moves_away_from_the_camera(reader: LiveReader) -> None:
    reader._rims = True
    x, y = reader._face_centre(*CELL)
    side = (POSE.foot[1] - CELL[1]) * 18.0 / POSE.height_mm
    assert x == CELL[0]
    assert y == pytest.approx(CELL[1] - PALE_SHIFT * side, abs=0.05)  # the camera is below: up the view
    assert _name(reader, y) == THREE_BAMBOO
    assert _name(reader, CELL[1]) == GREEN_DRAGON  # the cell's own centre: the fault


def test_elsewhere_a_cell_no_deeper_than_a_tile_keeps_its_centre(reader: LiveReader) -> None:
    reader._rims = False
    assert reader._face_centre(*CELL) == (CELL[0], CELL[1])

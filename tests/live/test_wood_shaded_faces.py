"""A hand laid open on wood felt in dim light is read tile for tile: a face's ivory in shade is no wood, and
a face inked in the backs' colour is named before it is taken for a back (vision/live_colours.py,
`GREY_SATURATION`; vision/live_reader.py, `SURE_DOWN_SHARE`).

On a render of wood felt with green backs at 40 degrees, dim and hard (bench/live.py matrix, seed 2293),
seat 0 laid its hand open for a ron and it was never read: the near third of each face, ivory in shadow,
lay within the wood's wide reach of colour and was taken for felt, so every face was cut some 10 mm short
and left out as a standing tile's top. Read whole at last, its 8s (green bamboo over green backs' side)
had as much of the backs' colour as a concealed kan's face-down tile and was read as a back; and its 7s and
8s alone in a piece had as much of it in most columns as a standing tile's top beside its face, and were
left out as a standing hand, though the bamboo lies in several bands down a column, a back in one
(vision/not_tiles.py, `BAND_FILL`).

Frames are renders of one layout (datasets.game_render.Look) rectified from the markers as LiveSession does.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from riichi_table.datasets.game_play import MeldShape, SeatLayout, TableLayout
from riichi_table.engine.tiles import parse_tile
from riichi_table.vision.live_colours import SurfaceColours

HAND = ("1m", "2m", "3m", "8m", "9m", "2p", "3p", "4p", "4s", "4s", "6s", "7s", "8s", "7m")
LOOK = {"felt": "wood", "back": "green", "tilt": 40.0, "light": 0.7, "hard": True}


def _read(layout: TableLayout, art_folder: Path, seed: int = 5, learned: bool = False):
    from riichi_table.datasets.game_render import Look, TableRenderer
    from riichi_table.datasets.tile_art import load_art
    from riichi_table.vision.calibrate import from_markers
    from riichi_table.vision.live_reader import LiveReader, TileTemplates

    from riichi_table.assistant.session import DEMO_DIR

    renderer = TableRenderer(load_art(art_folder), seed=seed, look=Look(**LOOK))  # type: ignore[arg-type]
    image = renderer.frame(renderer.scene(layout), 0, None, 10.0)
    calib = from_markers(image)
    reader = LiveReader(TileTemplates.load(DEMO_DIR / "templates.npz"), namer="onnx")
    view, reader.camera = calib.rectify(image, at_face=True), calib.camera
    for _ in range(3):  # felt and backs are learned over a few frames, as in a clip
        reading = reader.read(view)
    if learned:  # then as learned in the clip, its reach widened by a whole table of tiles in dim light
        _as_in_the_clip(reader.colours)
        reading = reader.read(view)
    return reader, reading


def _as_in_the_clip(colours: SurfaceColours) -> None:
    """The wood's colour and reach as learned from the clip's view when the hand was laid open."""
    colours.felt = np.array([118.2, 135.5, 153.9], np.float32)
    colours.felt_reach, colours.across_reach = 28.4, 15.9
    colours.back = np.array([82.7, 99.0, 149.0], np.float32)


def _won_hand() -> TableLayout:
    layout = TableLayout(dora=[parse_tile("3m")])
    layout.seats[0] = SeatLayout(revealed=[parse_tile(n) for n in HAND], hand_count=13, win_apart=True)
    return layout


@pytest.mark.parametrize("seed", [1, 5, 8])
def test_a_hand_laid_open_on_wood_in_dim_light_is_read_tile_for_tile(art_folder: Path, seed: int) -> None:
    from riichi_table.vision.pai_names import pai_of

    _, reading = _read(_won_hand(), art_folder, seed=seed, learned=True)
    row = sorted((t for t in reading.tiles if t.seat == 0 and t.area == "hand"), key=lambda t: t.u)
    assert [pai_of(int(t.scores.argmax())) for t in row if not t.face_down] == list(HAND)
    assert not any(t.face_down for t in row)  # the 8s among them


def test_shaded_ivory_is_no_wood_and_the_wood_in_shadow_stays_mat() -> None:
    colours = SurfaceColours()
    _as_in_the_clip(colours)
    felt = colours.felt
    assert felt is not None
    shaded_ivory = [[136.0, 127.0, 130.0], [131.0, 127.0, 132.0]]  # a face's near third, measured
    wood_in_shadow = [0.6 * felt[0], 128 + 0.6 * (felt[1] - 128), 128 + 0.6 * (felt[2] - 128)]
    lab = np.array([[*shaded_ivory, wood_in_shadow, felt]], np.float32)
    assert (colours.felt_distance(lab)[0] < 1.0).all()  # all near the wood's colour
    grey = colours.grey(lab)
    assert grey is not None and grey[0].tolist() == [True, True, False, False]


@pytest.mark.parametrize("seat", [1, 2])
def test_a_concealed_kans_backs_stay_face_down_when_named_first(art_folder: Path, seat: int) -> None:
    layout = _won_hand()
    kan = MeldShape("ankan", [parse_tile("8p")] * 4, [False] * 4, [False, True, True, False])
    layout.seats[seat] = SeatLayout(melds=[kan], hand_count=10)
    _, reading = _read(layout, art_folder)
    row = sorted((t for t in reading.tiles if t.seat == seat and t.area == "hand"), key=lambda t: t.u)
    assert sorted(t.face_down for t in row) == [False, False, True, True]

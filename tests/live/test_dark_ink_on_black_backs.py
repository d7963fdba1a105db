"""Black backs: a pond tile's dark ink is no standing tile's top, and a standing hand stays one
(vision/live_reader.py, `LiveReader._band_needed`; vision/not_tiles.py, `half_back`).

On a render of white cloth with black backs at 37 degrees, dim and hard (bench/live.py matrix, seed 211),
seat 3's 9p was left out as "half face, half back" for most of the clip: in dim light its navy circles have
the black backs' colour and reach the rim of its cell, and black backs did not ask for the back colour to lie
as a band on one side. Outside the hand row no tile stands, so there the band is asked of every learned
back colour; in the hand row black backs keep the rim rule alone (with the band asked there too, the
standing hands of seats 1 and 2 on green felt were read as lying faces).

Frames are renders of one layout (datasets.game_render.Look) rectified from the markers as LiveSession does.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from riichi_table.datasets.game_play import SeatLayout, TableLayout
from riichi_table.engine.tiles import BACK_CLASS, parse_tile

# Circles and a North: the darkest inks of the set.
PONDS = (
    ("9p", "8p", "4z", "9p"),
    ("9p", "1p", "9p", "8p"),
    ("9p", "4z", "8p", "9p"),
    ("8p", "9p", "4z", "9p"),
)


def _layout() -> TableLayout:
    layout = TableLayout(dora=[parse_tile("9p")])
    for seat, names in enumerate(PONDS):
        layout.seats[seat] = SeatLayout(pond=[(parse_tile(n), False) for n in names], hand_count=13)
    return layout


def _view(art_folder: Path, **look: object):
    from riichi_table.datasets.game_render import Look, TableRenderer
    from riichi_table.datasets.tile_art import load_art

    renderer = TableRenderer(load_art(art_folder), seed=3, look=Look(**look))  # type: ignore[arg-type]
    image = renderer.frame(renderer.scene(_layout()), 0, None, 10.0)
    return _face_view(image)


def _face_view(image):
    """The view the live session reads (a lying tile's face plane, vision.face_height) and the camera."""
    from riichi_table.vision.calibrate import from_markers

    calib = from_markers(image)
    return calib.rectify(image, at_face=True), calib.camera


def _read(seen):
    from riichi_table.vision.live_reader import LiveReader, TileTemplates

    from riichi_table.assistant.session import DEMO_DIR

    reader = LiveReader(TileTemplates.load(DEMO_DIR / "templates.npz"), namer="onnx")
    view, reader.camera = seen
    for _ in range(3):  # felt and backs are learned over a few frames, as in a clip
        reading = reader.read(view)
    return reader, reading


LIGHTS = {"dim light": 0.7, "dimmer light": 0.55}


@pytest.mark.parametrize("light", list(LIGHTS.values()), ids=list(LIGHTS))
def test_a_pond_tile_inked_as_dark_as_black_backs_is_read_as_a_discard(
    art_folder: Path, light: float
) -> None:
    from riichi_table.vision.pai_names import pai_of

    reader, reading = _read(_view(art_folder, felt="white", back="black", light=light, hard=True))
    assert reader.colours.back is not None and not reader.colours.ink_coloured_back()  # black, learned
    for seat, names in enumerate(PONDS):
        pond = sorted((t for t in reading.tiles if t.seat == seat and t.area == "pond"), key=lambda t: t.u)
        read = [pai_of(int(t.scores.argmax())) for t in pond]
        assert read == [n.replace("4z", "N") for n in names], f"seat {seat}: {read}"


@pytest.mark.parametrize("light", list(LIGHTS.values()), ids=list(LIGHTS))
def test_standing_hands_with_black_backs_are_no_lying_faces(art_folder: Path, light: float) -> None:
    _, reading = _read(_view(art_folder, felt="green", back="black", light=light, hard=True))
    faces = [
        (t.seat, round(t.u))
        for t in reading.tiles
        if t.area == "hand" and not t.face_down and int(t.scores.argmax()) != BACK_CLASS
    ]
    assert faces == []


# Hands laid open at a draw, densely inked circles among them (seed 402 and 619, white cloth, 37 degrees:
# an 8p and a 9p were left out as standing tops, and the draw's payments and a ron were lost).
SHOWN = ("1p", "2p", "7p", "8p", "9p", "9p", "4z", "1s", "2s", "3s", "8p", "8p", "9p")


def _shown_layout() -> TableLayout:
    layout = TableLayout(dora=[parse_tile("9p")])
    for seat in range(4):
        layout.seats[seat] = SeatLayout(revealed=[parse_tile(n) for n in SHOWN], hand_count=13)
    return layout


def test_a_hand_laid_open_with_circles_as_dark_as_black_backs_is_read_tile_for_tile(art_folder: Path) -> None:
    from riichi_table.datasets.game_render import Look, TableRenderer
    from riichi_table.datasets.tile_art import load_art
    from riichi_table.vision.pai_names import pai_of

    look = Look(felt="white", back="black", tilt=37.0, light=0.7, hard=True)
    renderer = TableRenderer(load_art(art_folder), seed=3, look=look)
    _, reading = _read(_face_view(renderer.frame(renderer.scene(_shown_layout()), 0, None, 10.0)))
    for seat in (0, 2):  # the near and the far hand row
        row = sorted((t for t in reading.tiles if t.seat == seat and t.area == "hand"), key=lambda t: t.u)
        read = [pai_of(int(t.scores.argmax())) for t in row if not t.face_down]
        assert read == [n.replace("4z", "N") for n in SHOWN], f"seat {seat}: {read}"


# Seat 3's pond in two rows of six on white cloth, an 8p last in the far row (seed 2767, white cloth, 37
# degrees: the 8p was left out for good as a standing tile's top, its circles filling the far half of a face
# cut short of its far edge, and every later discard of the seat was read late); under a dimmer light the
# same 8p read as a face-down tile. No tile stands or lies face down in a pond: such a cell is named first.
TWO_ROWS = ("7z", "1p", "1m", "2s", "4z", "4p", "3p", "7m", "9p", "5z", "9p", "8p")


def _two_rows_layout() -> TableLayout:
    layout = TableLayout(dora=[parse_tile("5m")])
    for seat in range(4):
        names = TWO_ROWS if seat == 3 else TWO_ROWS[:5:-1]
        layout.seats[seat] = SeatLayout(pond=[(parse_tile(n), False) for n in names], hand_count=13)
    return layout


@pytest.mark.parametrize("seed", [3, 5], ids=["left out as a top", "read face down"])
def test_an_8p_last_in_a_far_pond_row_on_white_cloth_is_read_in_dimmer_light(
    art_folder: Path, seed: int
) -> None:
    from riichi_table.datasets.game_render import Look, TableRenderer
    from riichi_table.datasets.tile_art import load_art
    from riichi_table.vision.pai_names import pai_of

    look = Look(felt="white", back="black", tilt=37.0, light=0.55, hard=True)
    renderer = TableRenderer(load_art(art_folder), seed=seed, look=look)
    _, reading = _read(_face_view(renderer.frame(renderer.scene(_two_rows_layout()), 0, None, 10.0)))
    for seat in (3, 0, 1, 2):
        names = TWO_ROWS if seat == 3 else TWO_ROWS[:5:-1]
        pond = [t for t in reading.tiles if t.seat == seat and t.area == "pond"]
        read = sorted("back" if t.face_down else pai_of(int(t.scores.argmax())) for t in pond)
        assert read == sorted(pai_of(parse_tile(n).kind) for n in names), f"seat {seat}: {read}"

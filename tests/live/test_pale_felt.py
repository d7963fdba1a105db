"""White cloth: a tile face is the felt's colour within a few grey levels, so faces are found by their
outlines (vision/live_reader.py, `LiveReader.masks`; docs/live.md "White cloth, wood, green and black backs").

Frames are renders of one layout (datasets.game_render.Look) rectified from the markers as LiveSession does;
each pond holds tiles with symbols and a blank face (haku, 5z), the hardest on a white cloth.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from riichi_table.datasets.game_play import SeatLayout, TableLayout
from riichi_table.engine.tiles import parse_tile

PONDS = (("3m", "5z", "9p"), ("7p", "1s", "5z"), ("5z", "5s", "2m"), ("6z", "4p", "5z"))


def _layout() -> TableLayout:
    layout = TableLayout(dora=[parse_tile("5m")])
    for seat, names in enumerate(PONDS):
        layout.seats[seat] = SeatLayout(pond=[(parse_tile(n), False) for n in names], hand_count=13)
    return layout


LOOKS = {
    "white cloth": dict(felt="white"),
    "white cloth, dim light": dict(felt="white", light=0.7),
}


@pytest.fixture(scope="module", params=list(LOOKS), ids=list(LOOKS))
def white_view(request, art_folder: Path):
    from riichi_table.datasets.game_render import Look, TableRenderer
    from riichi_table.datasets.tile_art import load_art
    from riichi_table.vision.calibrate import from_markers

    renderer = TableRenderer(load_art(art_folder), seed=5, look=Look(**LOOKS[request.param]))
    image = renderer.frame(renderer.scene(_layout()), 0, None, 10.0)
    return request.param, from_markers(image).rectify(image)


def _read(view):
    from riichi_table.vision.live_reader import LiveReader, TileTemplates

    from riichi_table.assistant.session import DEMO_DIR

    reader = LiveReader(TileTemplates.load(DEMO_DIR / "templates.npz"), namer="onnx")
    for _ in range(3):  # the felt is learned over a few frames, as in a clip
        reading = reader.read(view)
    return reader, reading


def test_every_pond_tile_on_white_cloth_is_found_and_named(white_view) -> None:
    from riichi_table.vision.pai_names import pai_of

    look, view = white_view
    reader, reading = _read(view)
    assert reader.colours.pale_felt(), look
    for seat, names in enumerate(PONDS):
        pond = sorted((t for t in reading.tiles if t.seat == seat and t.area == "pond"), key=lambda t: t.u)
        read = [pai_of(int(t.scores.argmax())) for t in pond]
        # 5z is written P in the events (mjai), the blank white dragon
        assert read == [n.replace("5z", "P").replace("6z", "F") for n in names], (
            f"{look}, seat {seat}: {read}"
        )


def test_a_blank_face_on_white_cloth_is_no_bare_mat_for_the_tracker(white_view) -> None:
    look, view = white_view
    _, reading = _read(view)
    blanks = [t for t in reading.tiles if t.area == "pond" and int(t.scores.argmax()) == 31]
    assert len(blanks) == 4, look
    s = reading.mat_scale
    for t in blanks:
        assert not reading.mat[int(t.y * s), int(t.x * s)], (
            f"{look}: bare mat read on the haku of seat {t.seat}"
        )


def test_a_green_or_coloured_felt_is_not_taken_for_white_cloth(art_folder: Path) -> None:
    from riichi_table.datasets.game_render import TableRenderer
    from riichi_table.datasets.tile_art import load_art
    from riichi_table.vision.calibrate import from_markers

    # A renderer of its own: the shared `renderer` fixture's random state is what other tests' frames are.
    renderer = TableRenderer(load_art(art_folder), seed=5)  # the old look: green felt
    image = renderer.frame(renderer.scene(_layout()), 0, None, 10.0)
    reader, _ = _read(from_markers(image).rectify(image))
    assert not reader.colours.pale_felt()

"""White cloth: a pon of white dragons (three blank faces) in a far corner is read whole
(vision/live_reader.py, `_raised`; docs/live.md "A blank pon on white cloth, an 8p in a far pond row, faded
ink on wood, a riichi after a call, a ghost in the dead wall").

A blank face is the cloth's colour within a few grey levels, found by its outline; at face height a lying
tile's far edges show no outline against the cloth, and a blank face has no ink to hold it. In dim light the
faces are lit some ten grey levels above the cloth beside them (seed 3163, white cloth, 37 degrees: 164-166
against 150-154): lighter than the cloth around it by RAISED_L is no cloth. Before, two of the three faces
were mat, the pon was read some hundred frames late, and the next discard laid where the called dragon had
lain took its track.

Frames are hard renders (datasets.game_render.Look) rectified at the faces' height as LiveSession does.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from riichi_table.datasets.game_play import MeldShape, SeatLayout, TableLayout
from riichi_table.engine.tiles import parse_tile


def _layout() -> TableLayout:
    layout = TableLayout(dora=[parse_tile("5m")])
    for seat, name in enumerate(("3m", "7p", "5s", "6z")):
        layout.seats[seat] = SeatLayout(pond=[(parse_tile(name), False)], hand_count=13)
    white = parse_tile("5z")
    # Seat 2 (the far seat) called the dragon from seat 3: the sideways tile lies at its right-hand end.
    pon = MeldShape("pon", [white] * 3, [False, False, True], [False] * 3)
    layout.seats[2] = SeatLayout(pond=[(parse_tile("5s"), False)], hand_count=10, melds=[pon])
    return layout


@pytest.mark.parametrize("light", [0.7, 1.0], ids=["dim light", "bright light"])
@pytest.mark.parametrize("seed", [1, 2])
def test_a_pon_of_white_dragons_in_a_far_corner_on_white_cloth_is_read_whole(
    art_folder: Path, seed: int, light: float
) -> None:
    from riichi_table.datasets.game_render import Look, TableRenderer
    from riichi_table.datasets.tile_art import load_art
    from riichi_table.vision.calibrate import from_markers
    from riichi_table.vision.live_reader import LiveReader, TileTemplates
    from riichi_table.vision.pai_names import pai_of

    from riichi_table.assistant.session import DEMO_DIR

    look = Look(felt="white", back="black", tilt=37.0, light=light, hard=True)
    renderer = TableRenderer(load_art(art_folder), seed=seed, look=look)
    image = renderer.frame(renderer.scene(_layout()), 0, None, 10.0)
    calib = from_markers(image)
    reader = LiveReader(TileTemplates.load(DEMO_DIR / "templates.npz"), namer="onnx")
    reader.camera = calib.camera
    view = calib.rectify(image, at_face=True)
    for _ in range(3):  # the felt and the backs are learned over a few frames, as in a clip
        reading = reader.read(view)
    meld = sorted((t for t in reading.tiles if t.seat == 2 and t.area == "hand"), key=lambda t: t.u)
    assert [(pai_of(int(t.scores.argmax())), t.sideways) for t in meld] == [
        ("P", False),
        ("P", False),
        ("P", True),
    ]

"""A dim table's tiles are named as in good light: the view is brightened before the namer sees it.

Measured on the dim-light clip (exposure 0.55 with a lamp's fall-off, in the clip's dimmest seconds): 1s read
as 9s and 5p as 3p before; here a frame of the same light reads 5p as 3p and 1s as 8s without it.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import numpy as np
from riichi_table.datasets.game_play import SeatLayout, TableLayout
from riichi_table.engine.tiles import parse_tile

POND = ("1s", "5p", "9s", "3p", "7m", "2z")


def _dim_view(art_folder: Path):
    from riichi_table.datasets.game_render import Look, TableRenderer
    from riichi_table.datasets.tile_art import load_art
    from riichi_table.vision.calibrate import from_markers

    renderer = TableRenderer(load_art(art_folder), seed=1, look=Look(light=0.55))
    layout = TableLayout(dora=[parse_tile("5m")])
    for seat in range(4):
        layout.seats[seat] = SeatLayout(pond=[(parse_tile(n), False) for n in POND], hand_count=13)
    image = renderer.frame(renderer.scene(layout), 155, None, 10.0)  # 15.5 s: the clip's dimmest seconds
    return from_markers(image).rectify(image)


def _pond_names(view) -> Counter[str]:
    from riichi_table.vision.live_reader import LiveReader, TileTemplates
    from riichi_table.vision.live_why import _class_name

    from riichi_table.assistant.session import DEMO_DIR

    reader = LiveReader(TileTemplates.load(DEMO_DIR / "templates.npz"), namer="onnx")
    for _ in range(2):
        reading = reader.read(view)
    return Counter(_class_name(t.class_id) for t in reading.tiles if t.area == "pond")


def test_a_dim_view_is_brightened_to_a_lit_faces_level() -> None:
    from riichi_table.vision.live_reader import LIT_FACE, _lit

    view = np.full((40, 40, 3), 60, np.uint8)
    view[10:20, 10:20] = 90  # the faces, dim
    lit = _lit(view)
    assert abs(float(np.percentile(lit, 99.5)) - LIT_FACE) < 10
    bright = np.full((40, 40, 3), 230, np.uint8)
    assert _lit(bright) is bright  # a lit view is left alone


def test_pond_tiles_in_dim_uneven_light_are_all_named_right(art_folder: Path) -> None:
    assert _pond_names(_dim_view(art_folder)) == Counter({n: 4 for n in POND})

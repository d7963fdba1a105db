"""Side seats' discards named at face height (docs/live.md, "The view at face height").

A hard render (lying tiles drawn with their 18 mm height) from a camera 37 degrees off overhead, blue felt
and yellow backs, holding the last ponds of seats 1 and 3 of game seed 211 (`bench/live.py --matrix`): their
rows run towards the camera, so each tile's side covers the mat before the next tile. Read on the view
straightened at face height, as the live session reads it, every pond tile of those seats is cut where it
lies, upright or sideways as laid, and named right by the templates. Before, a row was cut by the 8p's
felt-coloured circles (two upright tiles became one sideways one, the crops of the rest sat across two
faces) and the cells kept a strip of the side towards the camera (crops 1-2 mm off: 1m read 2m).
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from riichi_table.datasets.game_play import SeatLayout, TableLayout
from riichi_table.engine.tiles import parse_tile, tile_from_class

from tests.live.face_height_read import read_render

PONDS = {
    1: ["6z", "8m", "2z", "9s", "7z", "7s", "5m", "1z", "5z", "9p"],
    3: ["6z", "4z", "1m", "1s", "9p", "1s", "4m", "8p*", "5z"],  # * laid sideways (a riichi)
}


def _layout() -> TableLayout:
    layout = TableLayout(dora=[parse_tile("5m")])
    for seat in range(4):
        pond = [(parse_tile(n.rstrip("*")), n.endswith("*")) for n in PONDS.get(seat, [])]
        layout.seats[seat] = SeatLayout(pond=pond, hand_count=13 - len(pond) // 6)
    return layout


@pytest.fixture(scope="module")
def reading(art_folder: Path):
    from riichi_table.datasets.game_render import Look

    look = Look(felt="blue", back="yellow", tilt=37.0, light=0.7, hard=True)
    return read_render(art_folder, look, 211, _layout())[1]


@pytest.mark.parametrize("seat", [1, 3], ids=["seat-1", "seat-3"])
def test_a_side_seats_pond_is_cut_tile_by_tile_and_named_at_face_height(reading, seat: int) -> None:
    from riichi_table.vision.zones import TableGeometry

    geo = TableGeometry()
    tiles = [t for t in reading.tiles if t.seat == seat and t.area == "pond"]
    ordered = sorted(tiles, key=lambda t: (round((t.v - geo.pond_v0) / geo.row_pitch), t.u))  # discard order
    names = [str(tile_from_class(int(np.argmax(t.scores)))) + ("*" if t.sideways else "") for t in ordered]
    assert names == PONDS[seat]

"""Red backs on wood felt in dim light are no mat: the dead wall stands whole in the tile mask
(`LiveReader.masks`).

A hard render (lying tiles with their height, the two-high dead wall) of the look of seed 6471's wood felt
cell: red backs, 37 degrees, light 0.55, read at face height as the live session reads it. The wood's learned
colour reached the backs' dim red there, and the dead wall's stacks were taken for the wood: its face-up
indicators lay apart, and at the hand's end the ura dora laid under its indicator was never cut (the riichi
win's ura dora lost, and its han).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from riichi_table.datasets.game_play import SeatLayout, TableLayout
from riichi_table.engine.tiles import parse_tile, tile_from_class

from tests.live.face_height_read import read_render


@pytest.mark.parametrize("seed", [6471, 5101])
def test_the_dead_wall_of_red_backs_on_dim_wood_is_read_whole(art_folder: Path, seed: int) -> None:
    from riichi_table.datasets.game_render import Look

    layout = TableLayout(dora=[parse_tile("9p")])
    for seat in range(4):
        layout.seats[seat] = SeatLayout(pond=[], hand_count=13)
    look = Look(felt="wood", back="red", tilt=37.0, light=0.55, hard=True)
    reader, reading = read_render(art_folder, look, seed, layout, frames=4)
    dora = [t for t in reading.tiles if t.area == "dora"]
    # The wall's six face-down stacks and its indicator, face up.
    assert sum(t.face_down for t in dora) == 6
    (indicator,) = [t for t in dora if not t.face_down]
    assert str(tile_from_class(indicator.class_id)) == "9p"
    assert reader.dead_wall_depth is not None  # its row of seven seen as one

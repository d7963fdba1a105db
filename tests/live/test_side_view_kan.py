"""A concealed kan seen from the side is a meld, not a standing hand (`not_tiles.standing_hand`).

Seat 3's kan of 2p (its middle two tiles face down, seed 002 3.3.7) lies at its corner; with the camera at
40 degrees off overhead its tiles' sides lengthen it past four and a half tiles, and half of it is the backs'
colour, as a standing hand seen from the side is. The kan's end tiles show their faces: whole columns a
standing hand does not have."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from riichi_table.datasets.game_play import MeldShape, SeatLayout, TableLayout
from riichi_table.engine.tiles import parse_tile
from riichi_table.vision.not_tiles import STANDING, standing_hand

from tests.live.test_live_events import GEO
from tests.live.test_not_tiles import _face_view, _read


def _kan_at_seat_3() -> TableLayout:
    layout = TableLayout(dora=[parse_tile("5m"), parse_tile("6m")])
    for seat, name in enumerate(("3m", "7p", "5s")):
        layout.seats[seat] = SeatLayout(pond=[(parse_tile(name), False)], hand_count=13)
    p2 = parse_tile("2p")
    kan = MeldShape("ankan", [p2] * 4, [False] * 4, [False, True, True, False])
    layout.seats[3] = SeatLayout(
        pond=[(parse_tile("6z"), False), (parse_tile("1p"), False)], hand_count=10, melds=[kan]
    )
    return layout


@pytest.mark.parametrize(("felt", "back"), [("black", "blue"), ("wood", "green")])
def test_a_concealed_kan_seen_from_the_side_is_read_and_the_hand_beside_it_is_not(
    art_folder: Path, felt: str, back: str
) -> None:
    from riichi_table.datasets.game_render import Look, TableRenderer
    from riichi_table.datasets.tile_art import load_art

    look = Look(felt=felt, back=back, tilt=40.0, light=0.7, hard=True)
    renderer = TableRenderer(load_art(art_folder), seed=11, look=look)
    image = renderer.frame(renderer.scene(_kan_at_seat_3()), 0, None, 10.0)
    reader, reading = _read(_face_view(image))
    kan = [t for t in reading.tiles if t.seat == 3 and t.area == "hand"]
    assert len(kan) == 4, f"{look.name}: seat 3's hand row read {[(round(t.u), t.face_down) for t in kan]}"
    assert sum(t.face_down for t in kan) == 2
    assert (STANDING, 3) in {(r.reason, r.seat) for r in reader.rejected}  # its ten standing tiles


def _side_row(ends_face: bool) -> tuple[np.ndarray, np.ndarray]:
    """(blob, back) of a row 120 px long and 40 deep in seat 0's hand row, backs in nine tenths of each
    column's depth; with `ends_face`, its first and last 30 columns a face with a band of blue ink."""
    blob = np.ones((40, 120), bool)
    back = np.zeros((40, 120), np.uint8)
    back[4:40] = 1
    if ends_face:
        for ends in (slice(0, 30), slice(90, 120)):
            back[:, ends] = 0
        back[10:26, 10:20] = 1  # 2p's blue circles: four tenths of those columns
        back[10:26, 100:110] = 1
    return blob, back


def test_a_long_row_of_backs_is_a_standing_hand_unless_its_ends_are_faces() -> None:
    assert standing_hand(*_side_row(ends_face=False), 0, GEO, 1.0)
    blob, back = _side_row(ends_face=True)
    assert float((back.sum(axis=0) / 40).mean()) > 0.5  # half of it and more is the backs' colour
    assert not standing_hand(blob, back, 0, GEO, 1.0)

"""A table whose tile backs are the felt's colour (black backs on black felt) hides its dead wall's stacks:
the view is raised to the faces' height when the face-up indicator alone shows a lying tile's thickness
(docs/live.md, "The view at face height"; `vision.face_height.shows_height`)."""

from __future__ import annotations

from pathlib import Path

import pytest
from riichi_table.vision.face_height import LONE_SIDE_SHOWS, LYING_FACE_MM, CameraPose, shows_height


@pytest.mark.parametrize(
    ("depth", "shows"),
    [(36.0, False), (45.0, True), (80.0, False)],
    ids=["a flat tile", "a lying tile's face and the ivory of its side", "an arm beside it"],
)
def test_a_lone_indicators_depth_tells_whether_the_tiles_show_their_height(depth: float, shows: bool) -> None:
    # The camera of seed 7955's black felt cell, 40 degrees off overhead, as the markers placed it.
    pose = CameraPose((466.5, 1051.5), 752.2, 758.8)
    assert shows_height(pose, depth, (450.0, 450.0), 35.0, LYING_FACE_MM, LONE_SIDE_SHOWS) is shows


def _session_over(art_folder: Path, hard: bool):
    from riichi_table.datasets.game_play import SeatLayout, TableLayout
    from riichi_table.datasets.game_render import Look, TableRenderer
    from riichi_table.datasets.tile_art import load_art
    from riichi_table.engine.tiles import parse_tile
    from riichi_table.vision.source import Frame

    from riichi_table.assistant.session import LiveSession

    layout = TableLayout(dora=[parse_tile("3s")])
    for seat in range(4):
        layout.seats[seat] = SeatLayout(hand_count=13)
    look = Look("black", "black", 40.0, 0.7, hard)
    renderer = TableRenderer(load_art(art_folder), seed=7955, look=look)
    scene = renderer.scene(layout)
    session = LiveSession("wrc", namer="onnx")
    for i in range(21):  # an idle table is read every tenth frame
        session.process(Frame(renderer.frame(scene, i, None, 10.0), i, i / 10.0))
    return session


@pytest.mark.slow
@pytest.mark.parametrize("hard", [True, False], ids=["real tiles", "tiles drawn flat"])
def test_black_backs_on_black_felt_are_read_at_face_height_once_the_indicator_shows_its_side(
    art_folder: Path, hard: bool
) -> None:
    # Seed 7955, black felt and backs, 40 degrees, dim: read on the felt's plane, a pond tile's side made it
    # as deep as wide, and the first discards were cut sideways (riichi nobody declared).
    session = _session_over(art_folder, hard)
    assert session.reader.dead_wall_depth is None  # the stacks are the felt's colour
    assert session.reader.lone_indicator_depth is not None
    assert session._face_height is hard

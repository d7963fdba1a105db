"""A table whose tile backs are the felt's colour hides its dead wall's stacks: black backs on black felt
show none of them, and the view is raised to the faces' height when the face-up indicator alone shows a
lying tile's thickness (docs/live.md, "The view at face height"; `vision.face_height.shows_height`); green
backs on green felt are the felt's hue, lighter, and are told from it by being nearer the backs' colour
than the felt's (vision/live_reader.py, `LiveReader.masks`; vision/live_colours.py, `light_backs_near`); in
dim light their wall's row is found in pieces and measured whole (`parted_wall_depth`)."""

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


BLACK_ON_BLACK = ("black", "black", 40.0, 0.7)
GREEN_ON_GREEN = ("green", "green", 40.0, 1.0)


def _session_over(
    art_folder: Path, hard: bool, discard: str | None = None, look=BLACK_ON_BLACK, indicator: str = "3s"
):
    """A session over a table at 40 degrees whose backs are its felt's colour (`look`: felt, backs, tilt,
    light): the hands standing, the `indicator` turned, for 21 frames; then with `discard` laid in seat 3's
    pond for 21 more."""
    from riichi_table.datasets.game_play import SeatLayout, TableLayout
    from riichi_table.datasets.game_render import Look, TableRenderer
    from riichi_table.datasets.tile_art import load_art
    from riichi_table.engine.tiles import parse_tile
    from riichi_table.vision.source import Frame

    from riichi_table.assistant.session import LiveSession

    layout = TableLayout(dora=[parse_tile(indicator)])
    for seat in range(4):
        layout.seats[seat] = SeatLayout(hand_count=13)
    renderer = TableRenderer(load_art(art_folder), seed=7955, look=Look(*look, hard))
    session = LiveSession("wrc", namer="onnx")
    scenes = [renderer.scene(layout)]
    if discard is not None:
        layout.seats[3] = SeatLayout(pond=[(parse_tile(discard), False)], hand_count=12)
        scenes.append(renderer.scene(layout))
    for k, scene in enumerate(scenes):
        for i in range(21 * k, 21 * (k + 1)):  # an idle table is read every tenth frame
            image = renderer.frame(scene, i, None, 10.0)
            session.process(Frame(image, i, i / 10.0))
    return session, image


@pytest.mark.slow
@pytest.mark.parametrize("hard", [True, False], ids=["real tiles", "tiles drawn flat"])
def test_black_backs_on_black_felt_are_read_at_face_height_once_the_indicator_shows_its_side(
    art_folder: Path, hard: bool
) -> None:
    # Seed 7955, black felt and backs, 40 degrees, dim: read on the felt's plane, a pond tile's side made it
    # as deep as wide, and the first discards were cut sideways (riichi nobody declared).
    session, _ = _session_over(art_folder, hard)
    assert session.reader.dead_wall_depth is None  # the stacks are the felt's colour
    assert session.reader.lone_indicator_depth is not None
    assert session._face_height is hard


@pytest.mark.slow
def test_an_indicator_inked_near_black_backs_in_dim_light_is_named_not_face_down(art_folder: Path) -> None:
    # Seed 8783, black felt and backs, 37 degrees, light 0.55: the 7p indicator's red and navy circles, L
    # 55-85, lay within the back colour's reach (learned L 52); with the back mask holding the felt around
    # it as well, 0.62-0.68 of its cell was back-coloured and it was taken for a face-down tile, frame after
    # frame: no indicator, no hand started, nothing of the game read. Where the backs lie near the felt, a
    # dead-wall cell that looks face down is named first (`LiveReader.read`). Drawn here without the video's
    # blur, the indicator shows as much back colour at light 0.45.
    session, image = _session_over(art_folder, True, look=("black", "black", 37.0, 0.45), indicator="7p")
    assert session.reader.colours.backs_near_felt()
    reading = session.reader.read(session.calibration.rectify(image, at_face=True))
    (tile,) = (t for t in reading.tiles if t.area == "dora" and abs(t.u) < 40 and abs(t.v) < 10)
    assert not tile.face_down
    assert int(tile.scores.argmax()) == 15  # the 7p


@pytest.mark.slow
def test_green_backs_on_green_felt_show_the_dead_walls_height(art_folder: Path) -> None:
    # Seed 7955, green felt and backs, 40 degrees: the stacks (L 130-150 against the felt's 105-113, the
    # same hue) lay within the green felt's mat rule, no wall row was measured, and the lone indicator,
    # its green back layer mat too, showed no height: read on the felt's plane, the first discards were
    # cut sideways as on black felt.
    session, _ = _session_over(art_folder, True, look=GREEN_ON_GREEN)
    assert session.reader.colours.light_backs_near()
    assert session.reader.dead_wall_depth is not None
    assert session._face_height


@pytest.mark.slow
@pytest.mark.parametrize("look", [BLACK_ON_BLACK, GREEN_ON_GREEN], ids=["black on black", "green on green"])
def test_a_lone_discard_on_felt_the_backs_colour_is_cut_upright_without_its_side(
    art_folder: Path, look
) -> None:
    # Seed 7955, black on black: seat 3's first discard, a S, was cut 36 by 37 px with its side (the back
    # mask, holding the whole felt, held the side as face), read sideways, and counted as a riichi nobody
    # declared. Green on green, read on the felt's plane, cut its first discards sideways too.
    session, image = _session_over(art_folder, True, discard="2z", look=look)
    reading = session.reader.read(session.calibration.rectify(image, at_face=True))
    (tile,) = (t for t in reading.tiles if t.seat == 3 and t.area == "pond")
    assert not tile.sideways
    assert int(tile.scores.argmax()) == 28  # the south wind


def test_a_dead_walls_row_found_in_pieces_is_measured_whole() -> None:
    from riichi_table.vision.live_reader import parted_wall_depth

    # Seed 7955, green felt and backs, 44 degrees, light 0.55: the row parted where the indicator meets a
    # stack, two stacks (51 px) and the indicator with four (138 px), 4 px apart.
    assert parted_wall_depth([(408, 395, 138, 66), (353, 396, 51, 47)], 1.0) == 66.0
    assert parted_wall_depth([(408, 395, 138, 66)], 1.0) is None  # a piece alone is no row
    assert parted_wall_depth([(408, 395, 138, 66), (330, 396, 51, 47)], 1.0) is None  # 27 px apart
    assert parted_wall_depth([(408, 395, 138, 66), (353, 470, 51, 47)], 1.0) is None  # not side by side
    assert parted_wall_depth([(408, 395, 138, 66), (250, 396, 154, 47)], 1.0) is None  # an arm's width

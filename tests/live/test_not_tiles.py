"""What a real table has beside the ponds never becomes a tile: the two-high dead wall is one row of stacks,
a standing hand and point sticks are rejected with their reason, and the events layer opens a hand only when
its tile count is one the game allows.

The frames are hard renders (datasets.game_render.Look(hard=True): standing hands and the dead wall drawn
with their height as a tilted camera sees them, point sticks beside each pond and at each player's edge),
rectified from the markers the way LiveSession does it.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from riichi_table.datasets.game_play import MeldShape, SeatLayout, TableLayout
from riichi_table.engine.tiles import parse_tile


def _layout(with_meld: bool = False) -> TableLayout:
    layout = TableLayout(dora=[parse_tile("5m")])
    for seat, name in enumerate(("3m", "7p", "5s", "6z")):
        layout.seats[seat] = SeatLayout(pond=[(parse_tile(name), False)], hand_count=13)
    if with_meld:
        east = parse_tile("1z")
        layout.seats[0] = SeatLayout(
            pond=[(parse_tile("3m"), False)],
            hand_count=10,
            melds=[MeldShape("pon", [east] * 3, [False, True, False], [False] * 3)],
        )
    return layout


@pytest.fixture(scope="module")
def hard_views(art_folder: Path):
    """Rectified views of one layout on a hard render: (tilt, view) for an old and a 37-degree camera."""
    from riichi_table.datasets.game_render import Look, TableRenderer
    from riichi_table.datasets.tile_art import load_art

    art = load_art(art_folder)
    out = []
    for look in (Look(hard=True), Look(felt="blue", back="yellow", tilt=37.0, hard=True)):
        renderer = TableRenderer(art, seed=11, look=look)
        image = renderer.frame(renderer.scene(_layout(with_meld=True)), 0, None, 10.0)
        out.append((look.tilt, _face_view(image)))
    return out


def _face_view(image):
    """The view the live session reads (a lying tile's face plane, vision.face_height) and the camera."""
    from riichi_table.vision.calibrate import from_markers

    calib = from_markers(image)
    return calib.rectify(image, at_face=True), calib.camera


def _read(seen):
    """(reader, reading) after a few frames of the same view: the felt and back colours are learned."""
    from riichi_table.vision.live_reader import LiveReader, TileTemplates

    from riichi_table.assistant.session import DEMO_DIR

    reader = LiveReader(TileTemplates.load(DEMO_DIR / "templates.npz"), namer="onnx")
    view, reader.camera = seen
    for _ in range(3):
        reading = reader.read(view)
    return reader, reading


def test_the_two_high_dead_wall_is_read_as_one_row_of_six_stacks_and_its_indicator(hard_views) -> None:
    for tilt, view in hard_views:
        _, reading = _read(view)
        dead_wall = [t for t in reading.tiles if t.area == "dora"]
        backs = [t for t in dead_wall if t.face_down]
        faces = [t for t in dead_wall if not t.face_down]
        assert len(backs) == 6, f"camera tilt {tilt}: {len(backs)} face-down stacks read, expected 6"
        assert len(faces) == 1, f"camera tilt {tilt}: {len(faces)} face-up tiles in the dead wall, expected 1"
        # The indicator lies where the dora row is, not where an ura dora would be (docs/live.md).
        assert faces[0].v < 35 / 2 + 2


def test_a_standing_hand_and_point_sticks_are_rejected_with_their_reason(hard_views) -> None:
    from riichi_table.vision.not_tiles import STANDING, STICK

    for tilt, view in hard_views:
        reader, reading = _read(view)
        hand_row = [t for t in reading.tiles if t.area == "hand"]
        # Only the pon of seat 0 lies in a hand row: no standing tile is read as a lying one.
        assert len(hand_row) == 3, f"camera tilt {tilt}: hand-row tiles {[(t.seat, t.u) for t in hand_row]}"
        assert {t.seat for t in hand_row} == {0}
        reasons = {(r.reason, r.seat) for r in reader.rejected}
        standing = {seat for reason, seat in reasons if reason == STANDING}
        assert standing >= {1, 2, 3}, f"camera tilt {tilt}: standing hands rejected at seats {standing}"
        assert any(reason == STICK for reason, _ in reasons), f"camera tilt {tilt}: no point stick noted"
        # Every pond holds its one tile (the sticks beside the ponds are no discards).
        assert sorted(t.seat for t in reading.tiles if t.area == "pond") == [0, 1, 2, 3]


def _track(tid: int, seat: int, u: float, kind: int, face_down: bool = False):
    from riichi_table.vision.track import Track

    votes = np.zeros(38)
    votes[37 if face_down else kind] = 1.0
    return Track(tid, 0.0, 0.0, seat, "hand", u, 360.0, False, face_down, votes=votes, hits=5, stable=True)


def test_three_tiles_in_a_hand_row_are_no_open_hand_when_the_game_holds_thirteen() -> None:
    from riichi_table.vision.live_events import TableReader
    from riichi_table.vision.track import TrackChanges

    reader = TableReader()
    reader.hand.phase = "playing"
    # Seat 1's standing hand read as three lying tiles, the last apart: it looks like a win shape.
    stable = [_track(1, 1, -280, 31), _track(2, 1, -251, 7), _track(3, 1, -200, 26)]
    for _ in range(10):
        events = reader.update(TrackChanges((), ()), stable)
        assert not [e for e in events if e["type"] in ("reveal", "hora", "ryukyoku")]
    # Fourteen tiles, the last apart, are a hand laid open at a win.
    shown = [_track(10 + i, 1, -280 + 28.5 * i + (12 if i == 13 else 0), i % 9) for i in range(14)]
    types: list[str] = []
    for _ in range(10):
        types += [e["type"] for e in reader.update(TrackChanges((), ()), shown)]
    assert types[:3] == ["tsumo", "reveal", "hora"]  # a tsumo: the winner's draw first


def test_as_many_readings_as_a_hand_holds_are_no_hand_shown_before_the_wall_is_drawn_out() -> None:
    # Seat 1's standing hand seen from the side (yellow backs, 37 degrees): its ten tops read as ten lying
    # tiles, the count its hand holds after a pon. Without a winning tile apart a hand is shown only at an
    # exhaustive draw (seed 002 3.4.2), when the live wall is drawn out.
    from riichi_table.engine.round_state import LIVE_WALL
    from riichi_table.vision.live_events import TableReader
    from riichi_table.vision.track import TrackChanges

    reader = TableReader()
    reader.hand.phase = "playing"
    reader.hand.draws = 40
    stable = [_track(1 + i, 1, -280 + 28.5 * i, (3 * i) % 27) for i in range(13)]
    for _ in range(10):
        events = reader.update(TrackChanges((), ()), stable)
        assert not [e for e in events if e["type"] in ("reveal", "ryukyoku")], events
    reader.hand.draws = LIVE_WALL
    # Laid open after the last discard (new tracks at the row's places), they are a hand shown; the same
    # tracks read as before are the standing hand (tests/live/test_standing_hand_at_draw.py).
    shown = [_track(101 + i, 1, -280 + 28.5 * i, (3 * i) % 27) for i in range(13)]
    types: list[str] = []
    for _ in range(10):
        types += [e["type"] for e in reader.update(TrackChanges((), ()), shown)]
    assert types[:2] == ["reveal", "ryukyoku"]


def test_a_pon_read_upright_at_a_draw_is_no_part_of_the_hand_laid_open_beside_it() -> None:
    # Seat 2's pon of W at 44 degrees: at the draw its called tile is cut upright like the others, so the
    # three lie in the hand row as a plain group. The game knows a pon lies there: the hand shown is the
    # ten tiles left of it, tenpai (seed 002 3.4.2), not thirteen readings that fit no hand.
    from riichi_table.engine.round_state import LIVE_WALL
    from riichi_table.vision.hand_state import Meld
    from riichi_table.vision.live_events import TableReader
    from riichi_table.vision.track import TrackChanges

    reader = TableReader()
    reader.hand.phase = "playing"
    reader.hand.draws = LIVE_WALL
    pon = [_track(40 + i, 2, 324 + 29 * i, 33) for i in range(3)]
    reader.hand.melds[2].append(Meld([t.id for t in pon], "pon", 33, (311.0, 400.0)))
    kinds = (12, 13, 14, 15, 15, 16, 16, 19, 20, 21)  # 4p 5p 6p 7p 7p 8p 8p 2s 3s 4s
    hand = [_track(1 + i, 2, -286 + 28.5 * i, k) for i, k in enumerate(kinds)]
    events: list[dict] = []
    for _ in range(10):
        events += reader.update(TrackChanges((), ()), hand + pon)
    types = [e["type"] for e in events]
    assert types[:2] == ["reveal", "ryukyoku"], types
    draw = events[1]
    assert draw["tenpais"] == [False, False, True, False]
    assert len(draw["tehais"][2]) == 10


def test_a_face_up_reading_named_back_in_a_hand_row_is_no_tile_of_an_open_hand() -> None:
    from riichi_table.vision.live_events import TableReader
    from riichi_table.vision.track import TrackChanges

    reader = TableReader()
    reader.hand.phase = "playing"
    # Thirteen readings, one of them a standing tile's top the namer calls "back" (face-up, class 37).
    stable = [_track(1 + i, 3, -280 + 28.5 * i, i % 9) for i in range(12)]
    stable.append(_track(50, 3, -280 + 28.5 * 12, 37))
    stable[-1].face_down = False
    for _ in range(10):
        events = reader.update(TrackChanges((), ()), stable)
        assert not [e for e in events if e["type"] in ("reveal", "ryukyoku")]


def test_a_point_stick_touching_the_far_open_hand_does_not_shift_its_tiles_off_their_row(art_folder) -> None:
    # The all-hard look at 37 degrees: the far seat's open hand lies against the point stick at its player's
    # edge (its faces drawn where they are seen, 18 mm up). Cells that took the stick in were twice a stick's
    # width deep, their crops centred 6 mm off the face: 6m 7m were named 9m 8m and the win scored wrong.
    from riichi_table.datasets.game_render import Look, TableRenderer
    from riichi_table.datasets.tile_art import load_art

    names = ("6m", "7m", "8m", "5p", "5p", "6p", "7p", "8p", "1s", "2s", "3s", "4s", "5s", "6s")
    hand = [parse_tile(n) for n in names]
    layout = _layout()
    pond = [(parse_tile("5s"), False)]
    layout.seats[2] = SeatLayout(pond=pond, hand_count=0, revealed=hand, win_apart=True)
    look = Look(felt="blue", back="yellow", tilt=37.0, light=0.7, hard=True)
    renderer = TableRenderer(load_art(art_folder), seed=25, look=look)
    image = renderer.frame(renderer.scene(layout), 0, None, 10.0)
    _, reading = _read(_face_view(image))
    row = sorted((t for t in reading.tiles if t.seat == 2 and t.area == "hand"), key=lambda t: t.u)
    assert len(row) == 14
    depth = [t.v for t in row]
    assert max(depth) - min(depth) < 3.0, f"tiles off their row: v {[round(v) for v in depth]}"
    names = [int(np.argmax(t.scores)) for t in row[:3]]
    assert names == [5, 6, 7], f"the far hand's man tiles read as classes {names} (expected 6m 7m 8m)"


def test_faces_with_ink_of_the_backs_colour_are_lying_tiles_not_standing_tops(art_folder) -> None:
    # A blue-backed set: the south wind and the circles are drawn in blue. A face whose ink takes a fifth of
    # the cell in the back colour looked "half face, half back" (a standing tile's top) and the discards
    # were never read; a back beside a face shows at the cell's rim, ink stays inside it.
    from riichi_table.datasets.game_render import Look, TableRenderer
    from riichi_table.datasets.tile_art import load_art

    layout = _layout()
    pond = [(parse_tile(n), False) for n in ("2z", "2z", "2p", "8p", "1m")]
    layout.seats[0] = SeatLayout(pond=pond, hand_count=13)
    look = Look(felt="black", back="blue", tilt=40.0, light=0.7, hard=True)
    renderer = TableRenderer(load_art(art_folder), seed=104, look=look)
    image = renderer.frame(renderer.scene(layout), 0, None, 10.0)
    _, reading = _read(_face_view(image))
    read = sorted((t for t in reading.tiles if t.seat == 0 and t.area == "pond"), key=lambda t: t.u)
    assert [int(np.argmax(t.scores)) for t in read] == [28, 28, 10, 16, 0]  # S S 2p 8p 1m

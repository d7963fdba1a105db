"""Tracking: a tile counts once seen steadily, a hand over it does not remove it, flickers are outvoted."""

from __future__ import annotations

from dataclasses import replace

import numpy as np
import pytest
from riichi_table.engine.tiles import BACK_CLASS
from riichi_table.vision.tile_reading import N_CLASSES, FrameReading, TileReading
from riichi_table.vision.track import (
    CONFIDENT_HITS,
    FACE_TURN_READS,
    RECHECK_FRAMES,
    SIDEWAYS_POND_EXTRA,
    STABLE_HITS,
    Track,
    Tracker,
    enforce_copies,
)
from riichi_table.vision.zones import Area, TableGeometry

GEO = TableGeometry()


def _tile(kind: int, slot: int = 0, p: float = 0.9, seat: int = 0) -> TileReading:
    u, v = (slot % 6 - 2.5) * 29, GEO.pond_v0 + (slot // 6) * 39
    x, y = GEO.to_table(seat, u, v)
    scores = np.full(N_CLASSES, (1 - p) / (N_CLASSES - 1), np.float32)
    scores[kind] = p
    return TileReading(x, y, seat, "pond", u, v, False, False, scores)


def _frame(tiles: list[TileReading], mat: bool) -> FrameReading:
    return FrameReading(tuple(tiles), np.full((225, 225), mat), 0.25)


def test_a_tile_counts_only_after_it_was_seen_steadily() -> None:
    tracker = Tracker()
    appeared = []
    for _ in range(STABLE_HITS):
        appeared.append(tracker.update(_frame([_tile(5)], mat=True)).appeared)
    assert [len(a) for a in appeared] == [0] * (STABLE_HITS - 1) + [1]


def test_a_glimpse_never_becomes_a_tile() -> None:
    tracker = Tracker()
    tracker.update(_frame([_tile(5)], mat=True))
    for _ in range(6):
        changes = tracker.update(_frame([], mat=True))
        assert not changes.appeared
    assert not tracker.tracks


def test_a_glimpse_dropped_is_reported_with_its_readings_and_a_tile_taken_is_not() -> None:
    # The reader looks at a tile seen only briefly when a call takes it (vision.live_events: a riichi tile
    # called before it counted).
    tracker = Tracker()
    for _ in range(STABLE_HITS):
        tracker.update(_frame([_tile(9, 1)], mat=True))
    tracker.update(_frame([_tile(5), _tile(9, 1)], mat=True))
    tracker.update(_frame([_tile(5), _tile(9, 1)], mat=True))
    dropped = []
    for _ in range(4):
        changes = tracker.update(_frame([], mat=True))
        dropped += changes.dropped
        assert all(t.kind == 9 for t in changes.gone)
    assert [(t.kind, t.hits, t.stable) for t in dropped] == [(5, 2, False)]


def test_a_hand_over_the_pond_hides_tiles_without_removing_them() -> None:
    tracker = Tracker()
    for _ in range(4):
        tracker.update(_frame([_tile(5), _tile(9, 1)], mat=True))
    for _ in range(10):  # an arm covers both: no readings, and no bare mat where they lie
        assert not tracker.update(_frame([], mat=False)).gone
    assert len(tracker.stable()) == 2


def test_a_tile_taken_away_goes_once_bare_mat_shows_where_it_lay() -> None:
    tracker = Tracker()
    for _ in range(4):
        tracker.update(_frame([_tile(5)], mat=True))
    gone = [tracker.update(_frame([], mat=True)).gone for _ in range(4)]
    assert sum(len(g) for g in gone) == 1


def test_a_misread_that_flickers_is_outvoted() -> None:
    tracker = Tracker()
    for i in range(9):
        kind = 20 if i % 3 == 1 else 2  # every third reading says 3s instead of 3m
        tracker.update(_frame([_tile(kind, p=0.7)], mat=True))
    (track,) = tracker.stable()
    assert track.kind == 2


def test_no_kind_is_read_five_times() -> None:
    tracker = Tracker()
    for _ in range(4):
        frame = [_tile(0, slot, p=0.9 if slot < 4 else 0.6) for slot in range(5)]
        tracker.update(_frame(frame, mat=True))
    tracks = tracker.stable()
    enforce_copies(tracks)
    assert sum(1 for t in tracks if t.kind == 0) == 4


def _hand_tile(kind: int, slot: int = 0, p: float = 0.9) -> TileReading:
    u = (slot - 6) * 28
    x, y = GEO.to_table(0, u, GEO.hand_v)
    scores = np.full(N_CLASSES, (1 - p) / (N_CLASSES - 1), np.float32)
    scores[kind] = p
    return TileReading(x, y, 0, "hand", u, GEO.hand_v, False, False, scores)


@pytest.mark.parametrize(("area", "then"), [("hand", 11), ("pond", 31)])
def test_a_hand_row_tile_is_named_by_its_latest_readings_a_pond_tile_by_all(area: str, then: int) -> None:
    # A standing tile's top read as a white dragon for a whole hand, then the hand laid open in its place: a
    # 3p, read five times. A pond tile read so is a white dragon misread now and then.
    tracker = Tracker()
    for _ in range(60):
        tracker.update(_frame([_hand_tile(31, p=0.8) if area == "hand" else _tile(31, p=0.8)], mat=True))
    for _ in range(5):
        tracker.update(_frame([_hand_tile(11) if area == "hand" else _tile(11)], mat=True))
    (track,) = tracker.stable()
    assert (track.area, track.kind) == (area, then)


def test_a_kind_fallen_back_to_holds_only_while_the_votes_still_give_the_fifth_copy_most() -> None:
    tracks = [_track(1 + i, 31, "hand", 0.8 - 0.01 * i) for i in range(5)]
    enforce_copies(tracks)
    fallen = tracks[-1]
    assert fallen.kind != 31 and sum(t.kind == 31 for t in tracks) == 4
    fallen.votes = (
        fallen.votes + 0.3 * np.eye(N_CLASSES)[11]
    )  # read a little as 3p: the white dragon still leads
    assert fallen.kind not in (31, 11)
    fallen.votes = fallen.votes + 2.0 * np.eye(N_CLASSES)[11]  # read as 3p since, most of all
    assert fallen.kind == 11


def _track(track_id: int, kind: int, area: Area, p: float) -> Track:
    votes = np.full(N_CLASSES, (1 - p) / (N_CLASSES - 1))
    votes[kind] = p
    return Track(track_id, 0.0, 0.0, 0, area, 0.0, 0.0, False, False, votes=votes, hits=5, stable=True)


def test_a_fifth_white_dragon_is_taken_first_from_where_the_reader_says() -> None:
    # Standing tiles on white cloth read as white dragons in a hand row, surer than the real one discarded.
    def table() -> list[Track]:
        return [_track(1, 31, "pond", 0.6)] + [_track(2 + i, 31, "hand", 0.8) for i in range(4)]

    playing = table()
    enforce_copies(playing, first=lambda t: t.area == "hand")
    assert playing[0].kind == 31
    assert sum(1 for t in playing[1:] if t.kind == 31) == 3
    revealed = table()  # nothing said: the least sure goes, wherever it lies
    enforce_copies(revealed)
    assert revealed[0].kind != 31
    assert all(t.kind == 31 for t in revealed[1:])


def test_while_a_hand_is_played_the_standing_hand_rows_give_up_a_fifth_copy_first() -> None:
    from riichi_table.vision.live_events import TableReader

    reader = TableReader()
    laid_open = [_track(10 + i, i % 9, "hand", 0.9) for i in range(14)]  # seat 0 shows a winning hand
    for t in laid_open:
        t.seat = 0
    standing = [_track(40 + i, 31, "hand", 0.9) for i in range(2)]  # seat 1's tops read as white dragons
    for t in standing:
        t.seat = 1
    pond = [_track(50, 31, "pond", 0.5)]
    stable = laid_open + standing + pond
    assert reader._standing_hand_row(stable) is None  # before the hand starts: nothing comes first
    reader.hand.phase = "playing"
    first = reader._standing_hand_row(stable)
    assert first is not None
    assert [first(t) for t in standing] == [True, True]
    assert not any(first(t) for t in laid_open + pond)


def test_a_pond_showing_almost_no_bare_mat_is_said_hidden() -> None:
    # An arm over seat 2's pond: the reader may take a call of a discard it never saw (vision.live_events).
    from riichi_table.vision.track import POND_AREA

    mat = np.ones((225, 225), bool)
    (u0, u1), (v0, v1) = POND_AREA
    corners = np.array([GEO.to_table(2, u, v) for u in (u0, u1) for v in (v0, v1)]) * 0.25
    (x0, y0), (x1, y1) = corners.min(axis=0).astype(int), corners.max(axis=0).astype(int)
    mat[y0 - 2 : y1 + 3, x0 - 2 : x1 + 3] = False
    changes = Tracker().update(FrameReading((), mat, 0.25))
    assert changes.hidden == (False, False, True, False)


def test_a_called_discard_not_read_lately_counts_no_copy() -> None:
    # Seed 135 (blue felt, 37 degrees, hard), frame 127: seat 3's E, taken for seat 1's open kan, is not read
    # after frame 124 (the caller's arm over the pond) while the kan's four E show, the third the least sure.
    pond_e = _track(82, 27, "pond", 1.0)
    pond_e.last_hit = 124
    kan = [_track(83 + i, 27, "hand", 0.98 if i == 1 else 1.0) for i in range(4)]
    for t in kan:
        t.last_hit = 127
    enforce_copies([pond_e, *kan], first=lambda t: t.area == "hand")
    assert all(t.kind == 27 and t.forced is None for t in [pond_e, *kan])
    # Read again (it was only hidden), it is a fifth E once more: the least sure one falls back.
    pond_e.last_hit = 127
    enforce_copies([pond_e, *kan], first=lambda t: t.area == "hand")
    assert kan[1].kind != 27
    assert sum(t.kind == 27 for t in [pond_e, *kan]) == 4


def _known_after(tracker: Tracker, frames: int, kind: int) -> list[bool]:
    """Feed `frames` frames of one tile read as `kind` when the reader names it (the tracker asked first
    whether it is known, as the reader does); returns what `known` said each frame."""
    said = []
    for _ in range(frames):
        tile = _tile(kind)
        known = tracker.known(tile.x, tile.y, tile.sideways, tile.face_down)
        said.append(known)
        if known:  # the reader does not name a tile known: its scores stay zero
            tile = replace(tile, scores=np.zeros(N_CLASSES, np.float32))
        tracker.update(_frame([tile], mat=True))
    return said


def test_a_tile_read_confidently_is_named_again_only_now_and_then() -> None:
    tracker = Tracker()
    said = _known_after(tracker, CONFIDENT_HITS + 3 * RECHECK_FRAMES, kind=5)
    assert not any(said[:CONFIDENT_HITS])
    later = said[CONFIDENT_HITS:]
    assert later.count(False) == 3  # one reading in RECHECK_FRAMES frames


def test_a_confident_tile_named_another_kind_on_a_recheck_is_named_every_frame_after() -> None:
    tracker = Tracker()
    _known_after(tracker, CONFIDENT_HITS + RECHECK_FRAMES, kind=5)  # one recheck agreed
    said = _known_after(tracker, 2 * RECHECK_FRAMES, kind=7)
    first_named = said.index(False)
    assert not any(said[first_named:])  # named every frame once a reading disagreed
    (track,) = tracker.tracks.values()
    assert track.votes[7] > 0


def _dead_wall(u: float, v: float, face_down: bool, kind: int = 31) -> TileReading:
    x, y = GEO.centre[0] + u, GEO.centre[1] + v
    assert GEO.area_of(x, y)[1] == "dora"
    scores = np.zeros(N_CLASSES, np.float32)
    scores[37 if face_down else kind] = 1.0
    return TileReading(x, y, 0, "dora", u, v, False, face_down, scores)


def test_a_face_read_half_over_a_dead_wall_stack_goes_once_the_stack_is_read() -> None:
    # The first frames, before the backs' colour was learned, read a dead-wall stack as a face 19.8 mm from
    # where the stack is read since, nearly straight across the row: half of it on the stack. A stable
    # track, it kept a second face in the dead wall and the hand never began (seed 3613, white cloth, 37
    # degrees).
    tracker = Tracker()
    for _ in range(STABLE_HITS + 1):
        tracker.update(_frame([_dead_wall(-58.0, 19.7, face_down=False)], mat=False))
    assert len(tracker.stable()) == 1
    gone = []
    for _ in range(4):  # no bare mat there: the stack lies over it
        gone += tracker.update(_frame([_dead_wall(-56.0, 0.0, face_down=True)], mat=False)).gone
    assert [t.face_down for t in gone] == [False]
    assert [t.face_down for t in tracker.stable()] == [True]


def test_a_tile_beside_another_along_its_row_is_not_covered_by_it() -> None:
    tracker = Tracker()
    for _ in range(STABLE_HITS + 1):
        tracker.update(_frame([_tile(5, 0), _tile(9, 1)], mat=True))
    for _ in range(6):  # the first tile unread (an arm's shadow), its neighbour read 29 mm along the row
        assert not tracker.update(_frame([_tile(9, 1)], mat=False)).gone
    assert len(tracker.stable()) == 2


def _back(slot: int, sideways: bool) -> TileReading:
    scores = np.zeros(N_CLASSES, np.float32)
    scores[BACK_CLASS] = 1.0
    return replace(_tile(0, slot), sideways=sideways, scores=scores)


def test_a_counted_pond_back_takes_the_shape_and_name_of_the_face_read_on_it_since() -> None:
    # Seed 7955, wood felt, yellow backs: a streak of the wood read as a back lying sideways counted at the
    # pond's next spot; the 4m laid on it was read upright from then on.
    tracker = Tracker()
    for _ in range(STABLE_HITS + SIDEWAYS_POND_EXTRA + 2):
        tracker.update(_frame([_back(7, sideways=True)], mat=True))
    (track,) = tracker.tracks.values()
    assert track.stable and track.sideways and track.kind == -1
    for _ in range(FACE_TURN_READS + 4):
        tracker.update(_frame([_tile(3, 7, p=1.0)], mat=True))
    assert list(tracker.tracks) == [track.id]
    assert not track.sideways and track.kind == 3


def test_a_counted_pond_face_keeps_its_shape_whatever_a_few_readings_the_other_way_say() -> None:
    # A riichi tile stays sideways (seed 002 3.3.14): only a track named a back by all its readings turns.
    tracker = Tracker()
    for _ in range(STABLE_HITS + SIDEWAYS_POND_EXTRA + 2):
        tracker.update(_frame([replace(_tile(5, 7, p=1.0), sideways=True)], mat=True))
    (track,) = tracker.tracks.values()
    for _ in range(FACE_TURN_READS + 4):
        tracker.update(_frame([_tile(3, 7, p=1.0)], mat=True))
    assert track.sideways and track.kind == 5


def test_one_odd_reading_moves_a_steady_tiles_place_in_its_seats_frame_as_little_as_on_the_table() -> None:
    # Seed 104, white cloth, blue backs, 40 degrees: a pon's sideways tile, cut short for a frame, was read
    # 5 mm along its row from where it lay; its u followed that reading alone while its x and y moved a fifth
    # of the way, and at the hand's late start the gap rule split the pon in two.
    tracker = Tracker()
    steady = _tile(5, slot=1, seat=1)
    for _ in range(STABLE_HITS + 5):
        tracker.update(_frame([steady], mat=False))
    (track,) = tracker.tracks.values()
    odd = GEO.to_table(1, steady.u - 5.0, steady.v)
    tracker.update(_frame([replace(steady, x=odd[0], y=odd[1], u=steady.u - 5.0)], mat=False))
    assert track.u == pytest.approx(steady.u - 1.0, abs=0.01)  # a fifth of the way, as x and y
    assert (track.u, track.v) == pytest.approx(GEO.to_seat(1, track.x, track.y))


def test_a_reading_cut_sideways_only_by_the_recorded_riichi_is_counted_held_and_keeps_the_run() -> None:
    tracker = Tracker()
    sideways = replace(_tile(5), sideways=True)
    for _ in range(4):
        tracker.update(_frame([sideways], mat=True))
    for _ in range(3):
        tracker.update(_frame([replace(sideways, held=True)], mat=True))
    (t,) = tracker.tracks.values()
    assert (t.hits, t.turns, t.held, t.side_run) == (7, 7, 3, 4)
    tracker.update(_frame([replace(sideways, sideways=False)], mat=True))
    assert (t.turns, t.held, t.side_run) == (7, 3, 0)


@pytest.mark.parametrize(("p_then", "turns"), [(0.97, True), (0.6, False)])
def test_a_counted_pond_tile_never_named_takes_the_shape_of_sure_readings_the_other_way(
    p_then: float, turns: bool
) -> None:
    # Seed 9327, white cloth, 40 degrees, photographed faces: seat 3's green dragon, just laid, was cut
    # sideways across it and named 9p, S and 1s at 0.16-0.26; counted as a 9p, it was read upright as a green
    # dragon at 0.95-0.99 in every frame after, and those readings of the other shape named nothing.
    tracker = Tracker()
    for _ in range(STABLE_HITS + SIDEWAYS_POND_EXTRA + 2):
        tracker.update(_frame([replace(_tile(17, 7, p=0.25), sideways=True)], mat=True))
    (track,) = tracker.tracks.values()
    assert track.stable and track.sideways and track.kind == 17
    for _ in range(FACE_TURN_READS + 4):
        tracker.update(_frame([_tile(32, 7, p=p_then)], mat=True))
    assert list(tracker.tracks) == [track.id]
    assert track.sideways is not turns
    assert track.kind == (32 if turns else 17)

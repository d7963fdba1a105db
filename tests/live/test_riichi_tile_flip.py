"""A riichi tile read upright for a few frames is still the one sideways discard (bench/live, seed 102).

In the bench clip seed 102, seat 1's sideways riichi tile (9p, second pond row) was cut as upright whenever a
new tile landed in the row below it; the tracker took it for a new tile, and three later discards of seat 1
were read as "9p" (seed 002 3.3.14: a discard lies as it was laid, the riichi tile stays sideways).
"""

from __future__ import annotations

import numpy as np
import pytest
from riichi_table.vision.live_events import TableReader
from riichi_table.vision.tile_cuts import _longest_run
from riichi_table.vision.tile_reading import N_CLASSES, FrameReading, TileReading, lies_sideways
from riichi_table.vision.track import SIDEWAYS_POND_EXTRA, STABLE_HITS, Tracker
from riichi_table.vision.zones import TableGeometry

GEO = TableGeometry()
SEAT = 1
NINE_PIN, HATSU, SIX_MAN, DORA = 17, 32, 5, 4


def _reading(kind: int, u: float, v: float, sideways: bool, seat: int = SEAT) -> TileReading:
    x, y = GEO.to_table(seat, u, v)
    s, area, uu, vv = GEO.area_of(x, y)
    scores = np.full(N_CLASSES, 0.1 / (N_CLASSES - 1), np.float32)
    scores[kind] = 0.9
    return TileReading(x, y, s, area, uu, vv, sideways, False, scores)


def _pond(slot: int, kind: int, sideways: bool = False, nudge: float = 0.0) -> TileReading:
    # Where the layout lays them: rows of six from the centre, a sideways tile a little wider.
    row, col = divmod(slot, 6)
    u = (col - 2.5) * GEO.pitch + (GEO.tile_h - GEO.tile_w) / 2 * sideways
    return _reading(kind, u, GEO.pond_v0 + row * GEO.row_pitch + nudge, sideways)


def _frame(tiles: list[TileReading]) -> FrameReading:
    return FrameReading(tuple(tiles), np.ones((225, 225), bool), 0.25)


def test_a_sideways_pond_tile_read_upright_for_a_while_is_neither_new_nor_gone() -> None:
    tracker = Tracker()
    riichi = _pond(8, NINE_PIN, sideways=True)
    for _ in range(STABLE_HITS + SIDEWAYS_POND_EXTRA + 2):
        tracker.update(_frame([riichi]))
    (track,) = tracker.stable()
    flipped = _pond(8, SIX_MAN, sideways=False, nudge=3.0)  # cut too deep: upright, a wrong crop's reading
    for _ in range(6):
        changes = tracker.update(_frame([flipped]))
        assert not changes.appeared and not changes.gone
    assert [t.id for t in tracker.stable()] == [track.id]
    assert track.sideways and track.kind == NINE_PIN


def test_a_tile_just_laid_and_cut_sideways_for_a_few_frames_is_an_upright_discard_not_a_riichi() -> None:
    # Dim light, seed 104 (bench/live.py matrix): seat 3's 2s was cut as one wide cell for its first three
    # frames, then read upright for good; counted at once it was a sideways discard, a riichi that never was.
    tracker = Tracker()
    laid = _pond(8, NINE_PIN, sideways=True)
    appeared = []
    for _ in range(STABLE_HITS):
        appeared += tracker.update(_frame([laid])).appeared
    upright = _pond(8, NINE_PIN, sideways=False)
    for _ in range(STABLE_HITS + 2):
        appeared += tracker.update(_frame([upright])).appeared
    assert [(t.sideways, t.kind) for t in appeared] == [(False, NINE_PIN)]
    assert [t.sideways for t in tracker.stable()] == [False]


def test_a_riichi_tile_read_sideways_from_the_start_counts_once_it_has_held() -> None:
    tracker = Tracker()
    riichi = _pond(8, NINE_PIN, sideways=True)
    for _ in range(STABLE_HITS + SIDEWAYS_POND_EXTRA - 1):
        assert not tracker.update(_frame([riichi])).appeared
    (track,) = tracker.update(_frame([riichi])).appeared
    assert track.sideways and track.kind == NINE_PIN


def test_the_riichi_tile_cut_upright_is_never_read_as_another_discard() -> None:
    tracker, reader = Tracker(), TableReader()
    events: list[dict] = []

    def show(tiles: list[TileReading], frames: int = STABLE_HITS + SIDEWAYS_POND_EXTRA + 2) -> None:
        for _ in range(frames):
            changes = tracker.update(_frame(tiles))
            events.extend(reader.update(changes, tracker.stable()))

    dora = _reading(DORA, -GEO.pitch, 0.0, False, seat=0)
    show([dora])
    pond = [_pond(slot, kind) for slot, kind in enumerate([0, 1, 2, 3, 9, 10, 11, 12])]
    show([dora, *pond])
    # Those were read as discards already; the other seats' turns are left out: it is seat 1's turn each time.
    reader.hand.ponds[SEAT] = [t.id for t in tracker.stable() if t.seat == SEAT and t.area == "pond"]
    reader.hand.next_seat = SEAT
    start = len(events)
    riichi = _pond(8, NINE_PIN, sideways=True)
    show([dora, *pond, riichi])
    reader.hand.next_seat = SEAT
    # Its next discard lands in the row below; the riichi tile reads upright meanwhile, then sideways again.
    hatsu = _pond(14, HATSU)
    show([dora, *pond, _pond(8, NINE_PIN, sideways=False, nudge=3.0), hatsu])
    show([dora, *pond, riichi, hatsu])
    assert [e["pai"] for e in events[start:] if e["type"] == "dahai"] == ["9p", "F"]
    assert [e["type"] for e in events[start:]].count("reach") == 1


def test_a_riichi_tile_cut_upright_for_its_first_frames_follows_most_of_its_readings() -> None:
    # White cloth + green backs, seed 104 (bench/live.py matrix): seat 0's riichi tile 7m was cut square
    # then narrow for three frames, then sideways for good. A reading of the other orientation started a new
    # track, which counted as upright: an upright discard, the riichi lost and the hand's result wrong.
    tracker = Tracker()
    appeared = []
    upright = _pond(8, NINE_PIN, sideways=False)
    riichi = _pond(8, NINE_PIN, sideways=True)
    for tiles in [[riichi]] * 4 + [[upright]] * 3 + [[riichi]] * 3:
        appeared += tracker.update(_frame(tiles)).appeared
    assert [(t.sideways, t.turned, t.kind) for t in appeared] == [(True, True, NINE_PIN)]
    assert len(tracker.tracks) == 1


def test_a_tie_of_readings_is_upright() -> None:
    tracker = Tracker()
    for tiles in [[_pond(8, NINE_PIN, sideways=True)], [_pond(8, NINE_PIN, sideways=False)]]:
        tracker.update(_frame(tiles))
    (track,) = tracker.tracks.values()
    assert track.turns == 1 and not track.turned and not track.sideways


# (w, h) of a cell in table mm, its seat and area, whether it lies sideways in its seat's frame
CELLS = {
    "upright, seat 0": ((27.0, 37.0), 0, "pond", False),
    "sideways, seat 0": ((37.5, 26.0), 0, "pond", True),
    "upright, seat 1": ((37.0, 27.0), 1, "pond", False),
    "sideways, seat 1": ((26.0, 37.5), 1, "pond", True),
    "square and long in a pond, seat 0": ((37.0, 37.0), 0, "pond", True),
    "square and long in a pond, seat 1": ((37.0, 37.0), 1, "pond", True),
    "square and long in a pond, seat 2": ((38.0, 37.0), 2, "pond", True),
    "square and long in a pond, seat 3": ((37.0, 38.0), 3, "pond", True),
    "square and short in a pond, seat 0": ((28.0, 28.0), 0, "pond", False),
    "square and short in a pond, seat 3": ((28.0, 28.0), 3, "pond", False),
    "square in a hand row, seat 0": ((38.0, 38.0), 0, "hand", False),
    "square in a hand row, seat 1": ((38.0, 38.0), 1, "hand", False),
    # The far hand laid open at 37 degrees (seed 25, hard render): upright tiles cut 38 x 40.
    "nearly square in a hand row, seat 2": ((38.0, 40.0), 2, "hand", False),
    # White cloth (seed 104): the called tile of seat 1's pon, cut 37 along its row and 34 deep.
    "nearly square sideways in a hand row, seat 1": ((34.0, 37.0), 1, "hand", True),
}


@pytest.mark.parametrize("case", list(CELLS), ids=list(CELLS))
def test_a_square_cell_is_read_alike_for_every_seat(case: str) -> None:
    # Before, a square cell was upright for seats 0 and 2 and sideways for seats 1 and 3.
    (w, h), seat, area, sideways = CELLS[case]
    assert lies_sideways(seat, area, w, h) is sideways


def test_a_cell_ends_where_its_tile_ends_not_at_the_next_rows_edge() -> None:
    # Row fill of a sideways tile's cell (34 mm deep), a 3 mm gap, then the top of the next row's tile.
    fill = np.array([1.0] * 34 + [0.47] * 3 + [0.68] * 2)
    assert _longest_run(fill > 0.5) == (0, 34)
    assert _longest_run(np.zeros(5) > 0.5) is None

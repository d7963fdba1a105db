"""A riichi read from a discard that lies upright after all (vision/riichi_reread.py; docs/live.md, "The view
at face height"): seed 211, old camera, hard render, seat 1's C (21 of 62 readings sideways) and seat 3's 9p
(28 of 79) were read as riichi tiles from their first readings; seat 3's real riichi tile, an 8p, lay
sideways in 30 of 31. The riichi goes to the sideways discard, or is taken back, and the game replays its
record so (riichi_table/assistant/reconcile.py); seed 002 3.3.14: the riichi tile is laid sideways."""

from __future__ import annotations

import numpy as np
import pytest
from riichi_table.vision.hand_state import HandState
from riichi_table.vision.riichi_reread import MOVED_RIICHI, reread_riichi
from riichi_table.vision.tile_reading import N_CLASSES, FrameReading, TileReading
from riichi_table.vision.track import Track
from riichi_table.vision.zones import TableGeometry

from tests.live.mjai_records import opening

GEO = TableGeometry()


def _pond_tile(
    tid: int, u: float, sideways: bool, turns: int, hits: int, side_run: int = 0, held: int = 0
) -> Track:
    votes = np.zeros(38)
    votes[0] = hits
    return Track(
        tid,
        0.0,
        0.0,
        3,
        "pond",
        u,
        124.0,
        sideways,
        False,
        votes,
        hits,
        stable=True,
        turns=turns,
        side_run=side_run,
        held=held,
    )


def _hand(riichi_id: int, riichi_nth: int, pond: list[Track]) -> HandState:
    h = HandState(phase="playing")
    h.ponds[3] = [t.id for t in pond]
    for n, t in enumerate(pond):
        h.discard_nth[t.id] = n
        h.places[t.id] = (t.u, t.v)
    h.riichi = {3}
    h.riichi_at[3] = (riichi_id, riichi_nth)
    return h


def test_a_riichi_read_from_an_upright_discard_goes_to_the_seats_sideways_discard() -> None:
    pond = [_pond_tile(i, -72 + 29 * i, False, 0, 60) for i in range(7)]
    pond[4] = _pond_tile(4, 44, True, 28, 79)  # 9p: sideways for its first readings, upright in most
    pond[6] = _pond_tile(6, 102, True, 30, 31)  # 8p: the riichi tile
    h = _hand(4, 4, pond)
    moved = reread_riichi(h, {t.id: t for t in pond}, GEO)
    assert moved == [{"type": MOVED_RIICHI, "actor": 3, "from": 4, "to": 6}]
    assert h.riichi_at[3] == (6, 6) and 3 in h.riichi
    assert reread_riichi(h, {t.id: t for t in pond}, GEO) == []  # said once


def test_a_riichi_with_no_sideways_discard_is_taken_back_once_its_tile_is_read_upright_often() -> None:
    pond = [_pond_tile(i, -72 + 29 * i, False, 0, 60) for i in range(5)]
    pond[4] = _pond_tile(4, 44, True, 21, 62)  # C: no riichi tile
    h = _hand(4, 4, pond)
    assert reread_riichi(h, {t.id: t for t in pond}, GEO) == [
        {"type": MOVED_RIICHI, "actor": 3, "from": 4, "to": None}
    ]
    assert 3 not in h.riichi and 3 not in h.riichi_at


def test_a_riichi_tile_whose_upright_neighbour_took_the_sideways_cuts_since_it_came_stays() -> None:
    # Seed 5237, wood felt, red backs, 37 degrees: seat 1's 7p, upright in its 20 readings before the riichi
    # 7m was laid beside it, then sideways in 31 of the next 42 (its dark circles trimmed its face across the
    # row), the 7m upright in 33 of 40: one pond tile lies sideways, the cut swapped the two.
    pond = [_pond_tile(i, -72 + 29 * i, False, 0, 60) for i in range(4)]
    pond.append(_pond_tile(4, 44, False, 31, 62))  # the 7p
    pond.append(_pond_tile(5, 77, True, 7, 40))  # the riichi 7m, a sideways tile's centre 33 mm on
    h = _hand(5, 5, pond)
    assert reread_riichi(h, {t.id: t for t in pond}, GEO) == []
    assert h.riichi_at[3] == (5, 5) and 3 in h.riichi
    # Its neighbour read sideways now and then only (a third of the readings): taken back as before.
    pond[4] = _pond_tile(4, 44, False, 13, 62)
    assert reread_riichi(h, {t.id: t for t in pond}, GEO) == [
        {"type": MOVED_RIICHI, "actor": 3, "from": 5, "to": None}
    ]


def test_a_riichi_tile_read_sideways_in_most_frames_stays() -> None:
    pond = [_pond_tile(i, -72 + 29 * i, False, 0, 60) for i in range(5)]
    pond[4] = _pond_tile(4, 44, True, 30, 31)
    h = _hand(4, 4, pond)
    assert reread_riichi(h, {t.id: t for t in pond}, GEO) == []
    assert h.riichi_at[3] == (4, 4)


@pytest.mark.parametrize(("next_u", "stays"), [(73.5, False), (82.5, True)])
def test_a_riichi_tile_cut_sideways_in_every_reading_is_judged_by_where_the_tile_after_it_lies(
    next_u: float, stays: bool
) -> None:
    # Seed 9055, wood felt, red backs, 37 degrees, light 0.55, photographed faces: seat 3's 5s, its inked far
    # end lost on the dim wood, was cut sideways in every reading (its centre 41 mm along the row) and
    # counted as a riichi. The 1s after it lay at 73.5, the spot after an upright tile (the 5p before it,
    # cut with part of the 5s, had drifted to 12.5 from 15.4); after a sideways tile it lies 9 mm further.
    pond = [_pond_tile(i, u, False, 0, 60) for i, u in enumerate([-71.6, -42.6, -13.6, 12.5])]
    pond.append(_pond_tile(4, 41.2, True, 27, 27))
    pond.append(_pond_tile(5, next_u, False, 0, 21))
    h = _hand(4, 4, pond)
    moved = reread_riichi(h, {t.id: t for t in pond}, GEO)
    assert moved == ([] if stays else [{"type": MOVED_RIICHI, "actor": 3, "from": 4, "to": None}])
    assert (3 in h.riichi) is stays
    # Taken back, it is not declared again from its sideways readings.
    assert reread_riichi(h, {t.id: t for t in pond}, GEO) == []


@pytest.mark.parametrize(
    ("lies", "means", "places", "stays"),
    [
        ("sideways", {0: 4, 1: 7, 3: -2}, {}, True),
        ("sideways", {}, {0: 9, 1: 9}, True),
        ("upright", {}, {}, False),
        ("upright", {0: 1, 1: 1}, {3: -1}, False),
    ],
    ids=["means-pulled", "places-pulled", "upright", "upright-both-near"],
)
def test_a_riichi_tile_is_taken_back_by_where_the_tile_after_it_lies_only_where_both_places_say_so(
    lies: str, means: dict[int, float], places: dict[int, float], stays: bool
) -> None:
    # Seed 10007, wood felt, red backs, 37 degrees, light 0.55: seat 1's riichi 2s was cut sideways until the
    # 9s was laid against its far end with no gap; frames cut half a tile off pulled the mean places of the
    # 1m and 9p before it 4-7 mm towards it, and by those the 9s lay 2.2 mm from its upright spot (by where
    # they were read when they counted, 9.6 mm). Seed 9599, white cloth, photographed faces: seat 1's 3p
    # before its riichi 9p was read 5.6 mm long of its mean place as its row's end tile, and by where they
    # were read the tile after the 9p lay 2.6 mm from its upright spot (by their means, 5 mm).
    sideways = 2 if lies == "sideways" else 6  # the riichi tile's index, or none lying sideways
    pond = [_pond_tile(i, _spot(i, sideways), False, 0, 60) for i in range(6)]
    pond[2] = _pond_tile(2, _spot(2, sideways) + (4.5 if lies == "sideways" else 0), False, 32, 47)
    h = _hand(2, 2, pond)
    for i, mm in means.items():
        pond[i].u += mm
    for i, mm in places.items():
        h.places[i] = (h.places[i][0] + mm, h.places[i][1])
    moved = reread_riichi(h, {t.id: t for t in pond}, GEO)
    assert moved == ([] if stays else [{"type": MOVED_RIICHI, "actor": 3, "from": 2, "to": None}])
    assert (3 in h.riichi) is stays


def test_a_riichi_tile_read_upright_a_few_times_is_not_judged_yet() -> None:
    pond = [_pond_tile(i, -72 + 29 * i, False, 0, 60) for i in range(5)]
    pond[4] = _pond_tile(4, 44, True, 4, 15)  # an arm's shadow, a row cut the other way for a while
    h = _hand(4, 4, pond)
    assert reread_riichi(h, {t.id: t for t in pond}, GEO) == []


def test_a_riichi_read_from_a_discard_after_the_one_that_lies_sideways_goes_back_to_it() -> None:
    # Seed 946, white cloth, blue backs, 40 degrees: seat 2's riichi 1p, cut upright for the readings it took
    # to count, sideways in most after; the S laid after it, cut sideways for its first four readings, counted
    # with the riichi, and lies upright since. A pond holds one sideways tile (seed 002 3.3.14).
    pond = [_pond_tile(i, -72 + 29 * i, False, 0, 60) for i in range(5)]
    pond.append(_pond_tile(5, 77, False, 23, 27))  # the 1p, counted upright
    pond.append(_pond_tile(6, -72, True, 5, 14))  # the S, the next row's first tile
    h = _hand(6, 6, pond)
    assert reread_riichi(h, {t.id: t for t in pond}, GEO) == [
        {"type": MOVED_RIICHI, "actor": 3, "from": 6, "to": 5}
    ]
    assert h.riichi_at[3] == (5, 5) and pond[5].sideways
    # Read sideways now and then, the earlier discard takes nothing; nor from a riichi tile read a few times.
    pond[5] = _pond_tile(5, 77, False, 9, 27)
    assert reread_riichi(_hand(6, 6, pond), {t.id: t for t in pond}, GEO) == []
    pond[5], pond[6] = _pond_tile(5, 77, False, 23, 27), _pond_tile(6, -72, True, 2, 6)
    assert reread_riichi(_hand(6, 6, pond), {t.id: t for t in pond}, GEO) == []


def test_a_riichi_tile_whose_track_was_lost_is_found_at_its_place() -> None:
    pond = [_pond_tile(i, -72 + 29 * i, False, 0, 60) for i in range(5)]
    h = _hand(4, 4, pond)
    again = _pond_tile(99, 45, False, 21, 62)  # the C's track lost and found again under a new id
    tracks = {t.id: t for t in pond[:4]} | {99: again}
    assert [e["to"] for e in reread_riichi(h, tracks, GEO)] == [None]


def _record() -> list[dict]:
    out = opening()
    turns = [(0, "E"), (1, "9p"), (2, "S"), (3, "W"), (0, "N"), (1, "8p"), (2, "C")]
    for seat, pai in turns:
        out.append({"type": "tsumo", "actor": seat, "pai": "?"})
        if (seat, pai) == (1, "9p"):
            out.append({"type": "reach", "actor": 1})
        out.append({"type": "dahai", "actor": seat, "pai": pai})
        if (seat, pai) == (1, "9p"):
            out.append({"type": "reach_accepted", "actor": 1})
    return out


def test_the_record_gets_the_riichi_with_the_sideways_discard_and_the_engine_takes_it() -> None:
    from riichi_table.assistant.reconcile import move_riichi

    placed = move_riichi("wrc", _record(), actor=1, src=0, dst=1)
    assert placed is not None and placed.replaced == "9p"
    kinds = [(e["type"], e.get("actor"), e.get("pai")) for e in placed.record[2:]]
    assert ("reach", 1, None) not in kinds[:4]
    at = kinds.index(("dahai", 1, "8p"))
    assert kinds[at - 1] == ("reach", 1, None) and kinds[at + 1] == ("reach_accepted", 1, None)
    seat = placed.game.round.seats[1]
    assert seat.riichi and seat.kawa[1].riichi and not seat.kawa[0].riichi


def test_the_record_takes_a_riichi_back_and_the_stick_goes_home() -> None:
    from riichi_table.assistant.reconcile import move_riichi

    placed = move_riichi("wrc", _record(), actor=1, src=0, dst=None)
    assert placed is not None
    assert not any(e["type"] in ("reach", "reach_accepted") for e in placed.record)
    assert not placed.game.round.seats[1].riichi and placed.game.sticks == 0


def test_a_discard_with_no_riichi_is_not_moved() -> None:
    from riichi_table.assistant.reconcile import move_riichi

    assert move_riichi("wrc", _record(), actor=2, src=0, dst=1) is None


def _spot(i: int, sideways: int) -> float:
    """Where the `i`th tile of a pond row lies along it when its `sideways`th tile lies sideways: the
    sideways tile's long side puts every tile after it 9 mm further on (seed 002 3.3.14)."""
    return -72 + 29 * i + (GEO.tile_h - GEO.tile_w if i > sideways else 0)


def _hand_without_riichi(pond: list[Track]) -> HandState:
    h = _hand(0, 0, pond)
    h.riichi, h.riichi_at = set(), {}
    return h


def test_a_discard_recorded_upright_that_lies_sideways_in_most_readings_gets_its_riichi() -> None:
    pond = [_pond_tile(i, _spot(i, sideways=3), False, 0, 60) for i in range(5)]
    pond[3] = _pond_tile(3, 15, False, 17, 20)  # 2s: cut upright for the three readings it took to count
    h = _hand_without_riichi(pond)
    moved = reread_riichi(h, {t.id: t for t in pond}, GEO)
    assert moved == [{"type": MOVED_RIICHI, "actor": 3, "from": None, "to": 3}]
    assert 3 in h.riichi and h.riichi_at[3] == (3, 3)
    assert reread_riichi(h, {t.id: t for t in pond}, GEO) == []  # said once


def test_another_cut_at_a_lost_discards_place_says_nothing_of_how_that_discard_lies() -> None:
    # Seed 881, white cloth, blue backs, 40 degrees: seat 2's 3s lost its track at the hand's end; a cell 8
    # mm off its place, read 4s and sideways in 17 of 20 readings, put in a riichi never declared.
    for kind, riichi in ((21, False), (20, True)):  # read 4s: another cut; read 3s: the 3s found again
        pond = [_pond_tile(i, _spot(i, sideways=3), False, 0, 60) for i in range(5)]
        h = _hand_without_riichi(pond)
        h.discard_kind[3] = 20  # recorded 3s
        cut = _pond_tile(99, 15 + 8, True, 17, 20)
        cut.votes[:] = 0
        cut.votes[kind] = 20
        tracks = {t.id: t for t in pond if t.id != 3} | {99: cut}
        moved = reread_riichi(h, tracks, GEO)
        assert (moved == [{"type": MOVED_RIICHI, "actor": 3, "from": None, "to": 3}]) is riichi
        assert (3 in h.riichi) is riichi


def test_a_discard_cut_upright_at_first_and_sideways_in_every_reading_since_gets_its_riichi() -> None:
    # Seed 4409, white cloth, blue backs, 40 degrees: seat 2's riichi N, its far edge white on the white
    # cloth, was cut upright for its first 12 readings; the next discard beside it gave it an edge.
    for run, riichi in ((29, False), (30, True)):
        pond = [_pond_tile(i, _spot(i, sideways=3), False, 0, 60) for i in range(5)]
        pond[3] = _pond_tile(3, 15, False, run, 12 + run, side_run=run)  # under 0.8 of them
        h = _hand_without_riichi(pond)
        moved = reread_riichi(h, {t.id: t for t in pond}, GEO)
        assert (moved == [{"type": MOVED_RIICHI, "actor": 3, "from": None, "to": 3}]) is riichi


def test_a_riichi_tile_cut_upright_at_first_and_sideways_in_every_reading_since_stays() -> None:
    pond = [_pond_tile(i, -72 + 29 * i, False, 0, 60) for i in range(5)]
    pond[4] = _pond_tile(4, 44, True, 30, 80, side_run=30)  # 50 upright, then 30 sideways in a row
    h = _hand(4, 4, pond)
    assert reread_riichi(h, {t.id: t for t in pond}, GEO) == []
    assert h.riichi_at[3] == (4, 4)


def test_a_discard_read_sideways_now_and_then_or_not_yet_often_gets_no_riichi() -> None:
    pond = [_pond_tile(i, -72 + 29 * i, False, 0, 60) for i in range(5)]
    pond[2] = _pond_tile(
        2, -14, False, 21, 62, side_run=6
    )  # a side seat's row cut the other way a third of the time
    pond[3] = _pond_tile(3, 15, False, 10, 12)  # sideways so far, but read only a dozen times
    h = _hand_without_riichi(pond)
    assert reread_riichi(h, {t.id: t for t in pond}, GEO) == []
    assert not h.riichi


def test_the_record_gets_a_riichi_that_was_not_read_and_the_engine_takes_the_stick() -> None:
    from riichi_table.assistant.reconcile import move_riichi

    record = [e for e in _record() if e["type"] not in ("reach", "reach_accepted")]
    placed = move_riichi("wrc", record, actor=1, src=None, dst=1)
    assert placed is not None and placed.replaced == "8p"
    seat = placed.game.round.seats[1]
    assert seat.riichi and seat.kawa[1].riichi and not seat.kawa[0].riichi
    assert placed.game.sticks == 1
    # A seat with its riichi in the record gets no second one.
    assert move_riichi("wrc", _record(), actor=1, src=None, dst=1) is None


def test_the_session_puts_in_a_riichi_read_late_and_says_so() -> None:
    from riichi_table.assistant import LiveSession

    session = LiveSession("wrc", namer="templates")
    for event in [e for e in _record() if e["type"] not in ("reach", "reach_accepted")][1:]:
        session._apply(event)
    session._apply({"type": MOVED_RIICHI, "actor": 1, "from": None, "to": 1})
    assert session.game.round.seats[1].riichi
    assert any("lies sideways: its riichi is put in" in w for w in session.warnings)
    # Where the engine refuses it (the seat's riichi is in the record already), nothing changes but a warning.
    before = list(session.accepted)
    session._apply({"type": MOVED_RIICHI, "actor": 1, "from": None, "to": 0})
    assert session.accepted == before
    assert any("cannot take a riichi there" in w for w in session.warnings)


def _pond_reading(kind: int, sideways: bool) -> FrameReading:
    """A frame's reading of one tile in seat 3's first pond row, named `kind` (0.9), cut `sideways` or not."""
    u, v = -10.0, GEO.pond_v0
    x, y = GEO.to_table(3, u, v)
    scores = np.zeros(N_CLASSES, np.float32)
    scores[kind] = 0.9
    tile = TileReading(x, y, 3, "pond", u, v, sideways, False, scores)
    return FrameReading((tile,), np.zeros((225, 225), bool), 0.25)


def test_the_discard_the_riichi_goes_to_lies_sideways_from_then_on_and_its_sideways_cuts_name_it() -> None:
    # Seed 6471, wood felt, red backs, 37 degrees, dim: seat 2's riichi 3m was cut upright for its first
    # readings (the row's middle tile cut sideways) and counted as a 6m; its sideways readings since, of the
    # other shape than its track, named nothing, and it was recorded 6m to the hand's end.
    from riichi_table.vision.track import Tracker

    tracker = Tracker(GEO)
    for _ in range(3):
        tracker.update(_pond_reading(5, False))  # 6m, cut upright: it counts so
    (t,) = tracker.stable()
    for _ in range(20):
        tracker.update(_pond_reading(2, True))  # 3m, cut sideways: of the other shape, it names nothing
    assert t.kind == 5 and not t.sideways
    h = _hand_without_riichi([t])
    moved = reread_riichi(h, {t.id: t}, GEO)
    assert moved == [{"type": MOVED_RIICHI, "actor": 3, "from": None, "to": 0}]
    assert t.sideways
    for _ in range(5):
        tracker.update(_pond_reading(2, True))
    assert t.kind == 2  # its sideways readings name it now


# A riichi tile called: its seat turns its next discard sideways (seed 002 3.3.14). Seed 6743, white cloth,
# blue backs, 40 degrees: seat 1's E and 7p, laid under an arm, touching and as pale as the cloth, were cut as
# one sideways cell and counted as its riichi; seat 3's pon took the 7p, and every later discard lay upright.


def _called(next_turns: int, next_hits: int) -> tuple[HandState, dict[int, Track]]:
    pond = [_pond_tile(i, -72 + 29 * i, False, 0, 60) for i in range(4)]
    pond.append(_pond_tile(5, 44, False, next_turns, next_hits))  # the discard after the called riichi tile
    h = _hand(4, 4, pond)
    h.ponds[3] = [t.id for t in pond]  # the riichi tile (track 4) left the pond with the call
    h.discard_nth[5] = 5
    del h.riichi_at[3]
    h.called_riichi[3] = 4
    return h, {t.id: t for t in pond}


def test_a_called_riichi_tile_whose_next_discard_lies_upright_was_no_riichi() -> None:
    h, tracks = _called(next_turns=8, next_hits=60)
    assert reread_riichi(h, tracks, GEO) == [
        {"type": MOVED_RIICHI, "actor": 3, "from": 4, "to": None, "called": True}
    ]
    assert 3 not in h.riichi and not h.called_riichi
    assert reread_riichi(h, tracks, GEO) == []  # said once


def test_a_called_riichi_tile_whose_next_discard_lies_sideways_stands() -> None:
    h, tracks = _called(next_turns=30, next_hits=32)
    assert reread_riichi(h, tracks, GEO) == []
    assert 3 in h.riichi and not h.called_riichi  # judged: the riichi stands for good


def test_a_called_riichi_tile_is_not_judged_before_its_next_discard_was_read_often() -> None:
    for turns, hits in ((2, 12), (1, 30)):  # upright so far, but read too few times to take the riichi back
        h, tracks = _called(turns, hits)
        assert reread_riichi(h, tracks, GEO) == []
        assert 3 in h.riichi and h.called_riichi == {3: 4}


def test_the_session_takes_back_a_riichi_whose_tile_was_called_and_says_why() -> None:
    from riichi_table.assistant import LiveSession

    record = [*opening()]
    for seat, pai in ((0, "1m"), (1, "9p")):
        record.append({"type": "tsumo", "actor": seat, "pai": "?"})
        if seat == 1:
            record.append({"type": "reach", "actor": 1})
        record.append({"type": "dahai", "actor": seat, "pai": pai})
    record.append({"type": "reach_accepted", "actor": 1})
    record.append({"type": "pon", "actor": 3, "target": 1, "pai": "9p", "consumed": ["9p", "9p"]})
    record.append({"type": "dahai", "actor": 3, "pai": "E"})
    session = LiveSession("wrc", namer="templates")
    for event in record[1:]:
        session._apply(event)
    assert session.game.round.seats[1].riichi
    session._apply({"type": MOVED_RIICHI, "actor": 1, "from": 0, "to": None, "called": True})
    assert not session.game.round.seats[1].riichi and session.game.sticks == 0
    said = "which was called, and its next discard lies upright: taken back"
    assert any(said in w for w in session.warnings)


def test_the_tile_a_riichi_leaves_lies_upright_then_and_its_upright_cuts_name_it() -> None:
    # Seed 7819, white cloth, blue backs, 40 degrees: seat 2's 9p, under an arm's shadow as it was laid, was
    # cut sideways and named a red 5s in its first readings and counted as a riichi; read upright since, of
    # the other shape than its track, it named nothing, and the 5s stayed in the record with the riichi gone.
    from riichi_table.vision.track import Tracker

    tracker = Tracker(GEO)
    for _ in range(15):
        tracker.update(_pond_reading(22, True))  # 5s, cut sideways: it counts so
    (t,) = tracker.stable()
    for _ in range(30):
        tracker.update(_pond_reading(17, False))  # 9p, cut upright: of the other shape, it names nothing
    assert t.kind == 22 and t.sideways
    h = _hand(t.id, 0, [t])
    assert reread_riichi(h, {t.id: t}, GEO) == [{"type": MOVED_RIICHI, "actor": 3, "from": 0, "to": None}]
    assert not t.sideways
    for _ in range(20):
        tracker.update(_pond_reading(17, False))
    assert t.kind == 17  # its upright readings name it now


def _riichi_then_turns_to_the_walls_end() -> list[dict]:
    """Seat 1 declares riichi with its first discard; the seats discard on until the live wall is empty, seat
    1's last discard with its last tile (kinds cycled: no fifth copy)."""
    from riichi_table.vision.pai_names import pai_of

    out = opening()
    for n in range(70):
        seat = n % 4
        out.append({"type": "tsumo", "actor": seat, "pai": "?"})
        if n == 1:
            out.append({"type": "reach", "actor": 1})
        out.append({"type": "dahai", "actor": seat, "pai": pai_of(n % 34)})
        if n == 1:
            out.append({"type": "reach_accepted", "actor": 1})
    return out


def test_the_session_takes_a_riichi_back_when_its_sideways_discard_cannot_have_it() -> None:
    from riichi_table.assistant import LiveSession
    from riichi_table.assistant.reconcile import discard_places, move_riichi

    session = LiveSession("wrc", namer="templates")
    record = _riichi_then_turns_to_the_walls_end()
    for event in record[1:]:
        session._apply(event)
    assert len(session.accepted) == len(record) and session.game.round.wall_left == 0
    last = len(discard_places(session.accepted, 1)) - 1
    assert move_riichi("wrc", session.accepted, 1, 0, last) is None  # a riichi needs four tiles left
    session.table.hand.riichi.add(1)
    session.table.hand.riichi_at[1] = (99, last)  # the reader moved it there
    session._apply({"type": MOVED_RIICHI, "actor": 1, "from": 0, "to": last})
    assert not session.game.round.seats[1].riichi and session.game.sticks == 0
    assert 1 not in session.table.hand.riichi and 1 not in session.table.hand.riichi_at
    said = f"its discard {last + 1}, laid sideways, cannot be a riichi tile"
    assert any(said in w for w in session.warnings)


def test_readings_cut_sideways_only_by_the_recorded_riichi_tell_nothing_of_its_tile() -> None:
    # Seed 9463, white cloth, blue backs, 40 degrees, photographed faces: seat 1's N, laid with the next
    # discard after a run of unread bright frames, was cut sideways for its first 19 readings and counted with
    # a riichi; its row, holding the recorded riichi tile, was cut with it sideways at no cost in 41 of the
    # next 70 (upright with the cost), upright in the rest. Over all 89 readings it lay sideways in 0.67 and
    # stayed a riichi nobody declared; over the 48 that tell, in 0.396.
    pond = [_pond_tile(i, -72 + 29 * i, False, 0, 60) for i in range(5)]
    pond[4] = _pond_tile(4, 44, True, 60, 89, held=41)
    h = _hand(4, 4, pond)
    assert reread_riichi(h, {t.id: t for t in pond}, GEO) == [
        {"type": MOVED_RIICHI, "actor": 3, "from": 4, "to": None}
    ]
    # Read as often, but upright fewer times than that (the riichi tile of seed 6471, cut sideways while its
    # row's last tile, held so once the next discard lay beside it): it stays.
    pond[4] = _pond_tile(4, 44, True, 60, 69, held=41)
    h = _hand(4, 4, pond)
    assert reread_riichi(h, {t.id: t for t in pond}, GEO) == []
    assert h.riichi_at[3] == (4, 4)


def _named(t: Track, upright: tuple[int, float], sideways: tuple[int, float]) -> Track:
    """`t` with its readings cut upright and sideways named at these counts and mean top scores."""
    t.shape_reads = [upright[0], sideways[0]]
    t.shape_sure = [upright[0] * upright[1], sideways[0] * sideways[1]]
    return t


def test_a_discard_named_surely_only_when_cut_sideways_gets_its_riichi() -> None:
    # Fresh seed 10687, white cloth, blue backs, 40 degrees, photographed faces: seat 2's riichi 1m, cut
    # sideways in 22 of its 43 readings, named 1m at 0.92-0.95 so and 4m, 7p or nothing at 0.2-0.4 upright.
    for upright_sure, riichi in ((0.35, True), (0.85, False)):  # an upright tile names surely upright
        pond = [_pond_tile(i, _spot(i, sideways=3), False, 0, 60) for i in range(5)]
        pond[3] = _named(_pond_tile(3, 15, True, 22, 43), upright=(21, upright_sure), sideways=(22, 0.94))
        h = _hand_without_riichi(pond)
        moved = reread_riichi(h, {t.id: t for t in pond}, GEO)
        assert (moved == [{"type": MOVED_RIICHI, "actor": 3, "from": None, "to": 3}]) is riichi


def test_names_tell_the_shape_only_when_read_often_both_ways_and_named_surely_sideways() -> None:
    for upright, sideways in (((7, 0.3), (30, 0.95)), ((30, 0.3), (7, 0.95)), ((20, 0.3), (20, 0.7))):
        pond = [_pond_tile(i, _spot(i, sideways=3), False, 0, 60) for i in range(5)]
        pond[3] = _named(_pond_tile(3, 15, True, 20, 40), upright=upright, sideways=sideways)
        h = _hand_without_riichi(pond)
        assert reread_riichi(h, {t.id: t for t in pond}, GEO) == []


def test_a_riichi_tile_named_surely_only_when_cut_sideways_stays_however_often_it_is_cut_upright() -> None:
    pond = [_pond_tile(i, -72 + 29 * i, False, 0, 60) for i in range(5)]
    pond[4] = _named(_pond_tile(4, 44, True, 20, 80), upright=(60, 0.4), sideways=(20, 0.9))
    h = _hand(4, 4, pond)
    assert reread_riichi(h, {t.id: t for t in pond}, GEO) == []
    assert h.riichi_at[3] == (4, 4)
    # Named as surely upright, it was no riichi tile: taken back.
    _named(pond[4], upright=(60, 0.95), sideways=(20, 0.9))
    assert reread_riichi(h, {t.id: t for t in pond}, GEO) == [
        {"type": MOVED_RIICHI, "actor": 3, "from": 4, "to": None}
    ]


def test_the_tracker_counts_each_shapes_readings_and_how_surely_they_named_the_face() -> None:
    from riichi_table.vision.track import Tracker

    tracker = Tracker()
    x, y = GEO.to_table(0, 15.0, 140.0)

    def frame(sideways: bool, top: float, held: bool = False) -> FrameReading:
        scores = np.zeros(N_CLASSES, np.float32)
        scores[0], scores[1:4] = top, (1.0 - top) / 3  # the top score is `top`
        tile = TileReading(x, y, 0, "pond", 15.0, 140.0, sideways, False, scores, held=held)
        return FrameReading((tile,), np.zeros((4, 4), bool), 1.0)

    for sideways, top in ((True, 0.9), (True, 0.95), (False, 0.3)):
        tracker.update(frame(sideways, top))
    tracker.update(frame(True, 0.8, held=True))  # cut so by the recorded riichi: tells nothing
    unnamed = frame(True, 0.0)
    unnamed.tiles[0].scores[:] = 0  # known surely, not named again
    tracker.update(unnamed)
    (t,) = tracker.tracks.values()
    assert t.shape_reads == [1, 3]
    assert t.shape_sure == pytest.approx([0.3, 0.9 + 0.95 + 1.0])

"""A riichi read from a discard that lies upright after all: moved to the seat's sideways discard, or taken
back (docs/live.md, "The view at face height").

A riichi is declared with the discard laid sideways (seed 002 3.3.14), and it is read when the seat's new
pond tile counts (`vision.live_events`), from its first readings. A side seat's pond row seen at face height
shows no gap between its tiles (each lying tile's side covers the next gap), and its newest tile can be cut
sideways for the frames it takes to count: seed 211, old camera, hard render, seat 1's C and seat 3's 9p
were read as riichi tiles, and the ron of seat 3, whose riichi came later with an 8p, was refused as riichi
furiten.
Over the rest of the hand such a tile is cut upright in most frames (a third sideways), where a real riichi
tile stays sideways in almost all (30 of 31 for that 8p). So the declaration is looked at again once the tile
has been read often: when most of its readings lie upright, the riichi goes to the seat's later discard that
lies sideways in most of its readings, or, when there is none after many more readings, it is taken back.
The game replays its record with the riichi moved (riichi_table/assistant/reconcile.py) and keeps it only when
the engine takes that record.

The other way round, a riichi tile can be cut upright for the readings it takes to count and lie sideways
in almost all of the rest: seed 402, white cloth, black backs, 37 degrees, seat 0's 2s (upright in its first
three readings of 20). A seat without a riichi whose discard lies sideways in most of its readings, once it
has been read often, declared its riichi with that discard (`"from": None`).
"""

from __future__ import annotations

from typing import Any

import numpy as np
from riichi_table.vision.hand_state import HandState
from riichi_table.vision.pond_turns import never_read_as
from riichi_table.vision.track import Track
from riichi_table.vision.zones import TableGeometry

# Private event (not mjai): {"type", "actor", "from": the actor's nth discard of this hand (0-based) the
# riichi was declared with, or None: none was read, "to": the nth discard it goes to, or None: no riichi;
# "called": True where the riichi tile was called and its seat's next discard judged it}.
MOVED_RIICHI = "_moved_riichi"
RECHECK_HITS = 20  # readings of the riichi tile before its orientation is judged again
TAKE_BACK_HITS = 40  # readings before a riichi with no sideways discard to go to is taken back
UPRIGHT_SHARE = 0.5  # a riichi tile with fewer sideways readings than this share lies upright
TAKE_BACK_SHARE = 0.4  # ... and with fewer than this, with no later sideways discard, was none
SIDEWAYS_SHARE = 0.8  # a later discard with at least this share of sideways readings is the riichi tile
SIDEWAYS_HITS = 8  # ... read at least this often
# A discard whose latest readings, this many in a row, all lay sideways lies sideways, whatever its first ones
# said: seed 4409, white cloth, blue backs, 40 degrees, seat 2's riichi N on the far side was cut 27 mm wide
# for its first 12 readings (its other side, white on the white cloth, showed no edge) and sideways in every
# reading after the next discard laid beside it gave that side an edge (0.73 of its readings by the hand's
# end). An upright tile cut sideways now and then (a third of its readings) makes no such run.
SIDEWAYS_RUN = 30
# The discard before a riichi tile, beside it in its row, read sideways in this share of the riichi tile's
# readings took the sideways cut from it (`_swapped_with_previous`); neighbours lie centres at most a
# tile's long side and SWAP_GAP_MM apart along the row.
SWAPPED_SHARE = 0.6
SWAP_GAP_MM = 6.0
# A riichi tile lies sideways, its long side along its row: every tile after it in the row lies a tile's
# long side less its short one (9 mm) further on than upright spots would put it. Where the tile after it
# lies within SPACED_SLACK_MM of the upright spot, the tile lies upright, however it is cut
# (`_spaced_upright`; the tiles placing the spots are read SPACED_HITS times each). Seed 9055, wood felt,
# red backs, 37 degrees, light 0.55, photographed faces: seat 3's 5s, its inked far end lost on the dim
# wood, was cut sideways in all its readings but the first and counted as a riichi nobody declared; the 1s
# after it lay 0.1 mm from its upright spot (the 5p before it, cut with part of the 5s, drifted 3-7 mm).
SPACED_SLACK_MM = 3.0
SPACED_HITS = SIDEWAYS_HITS
# A face is named surest cut the way it lies (`named_sideways`): a discard whose sideways readings name it
# NAMED_SURE or surer on the mean, NAMED_GAP surer than its upright ones, each read NAMED_HITS times or more,
# lies sideways however often it was cut upright. Fresh seed 10687, white cloth, blue backs, 40 degrees,
# photographed faces: seat 2's riichi 1m in its far second row was cut upright in its first readings and in
# most of those after the next discard was laid beside it (22 of 43 sideways by the hand's end), named 1m
# at 0.92-0.95 when cut sideways and 4m, 7p or nothing at 0.2-0.4 when cut upright; its riichi was never
# read. Over 126 replayed clips (3,300 discards with no riichi), no discard without a riichi had sideways
# readings that sure and upright ones that much less sure: where an upright tile's sideways cells name it
# surely (a cell over one face and a sliver of the next), its upright ones name it surer still (0.8 and
# up); photographed faces named 0.5-0.7 upright are named worse still in their sideways cells.
NAMED_HITS = 8
NAMED_SURE = 0.8
NAMED_GAP = 0.15


def counted(t: Track) -> int:
    """A track's readings that tell its orientation: all but those cut sideways only because the game had
    recorded it as a riichi tile (`Track.held`). On white cloth a pond row holding the recorded riichi tile
    is cut with its sideways tile at no cost (`tile_cuts.POND_SIDEWAYS_COST`), so a tile counted as a riichi
    by mistake stayed sideways for as long as its row could be cut so: seed 9463, white cloth, blue backs,
    40 degrees, photographed faces: seat 1's N, laid with the next discard after a run of unread bright
    frames, was cut sideways for its first 19 readings and held so by its riichi in 41 of the next 70
    (upright with the cost); its riichi, the record's alone, was taken back in the hand's last frames, or,
    with a few readings fewer, not at all."""
    return t.hits - t.held


def sideways_share(t: Track) -> float:
    """Share of a track's readings that lay sideways, of those that tell (`counted`)."""
    return (t.turns - t.held) / max(counted(t), 1)


def lies_sideways(t: Track, hits: int = RECHECK_HITS) -> bool:
    """Whether a discard read at least `hits` times (that tell, `counted`) lies sideways: in most of those
    readings, in all of its latest ones, or as its names say (`named_sideways`)."""
    return counted(t) >= hits and (
        sideways_share(t) >= SIDEWAYS_SHARE or t.side_run >= SIDEWAYS_RUN or named_sideways(t)
    )


def named_sideways(t: Track) -> bool:
    """Whether a track's readings cut sideways named its face surely, and those cut upright much less so
    (NAMED_SURE, NAMED_GAP): a face is named surest in the shape it lies in."""
    (upright, sideways), (up_sure, side_sure) = t.shape_reads, t.shape_sure
    if min(upright, sideways) < NAMED_HITS:
        return False
    side, up = side_sure / sideways, up_sure / upright
    return side >= NAMED_SURE and side - up >= NAMED_GAP


def reread_riichi(h: HandState, tracks: dict[int, Track], geo: TableGeometry) -> list[dict[str, Any]]:
    """The riichi declarations to move (MOVED_RIICHI events); `h` follows them (its riichi seats and tiles).

    `tracks` are the stable tracks by id. A discard's track lost and found again is found at its place."""
    out: list[dict[str, Any]] = []
    for seat in range(4):
        if seat in h.riichi:
            continue
        # A discard of the seat's recorded upright that lies sideways in most of its readings.
        for i in h.ponds[seat]:
            c = _at_place(h, tracks, geo, seat, i)
            nth = h.discard_nth.get(i)
            if c is None or nth is None or not lies_sideways(c) or _spaced_upright(h, tracks, geo, seat, c):
                continue
            h.riichi.add(seat)
            h.riichi_at[seat] = (i, nth)
            _turn(c)
            out.append({"type": MOVED_RIICHI, "actor": seat, "from": None, "to": nth})
            break
    out += _called_riichi(h, tracks, geo)
    for seat, (rid, nth) in sorted(h.riichi_at.items()):
        t = _at_place(h, tracks, geo, seat, rid)
        before = _sideways_before(h, tracks, geo, seat, t, nth)
        if before is not None:
            to, tid, turned = before
            h.riichi_at[seat] = (tid, to)
            _upright(t)
            _turn(turned)
            out.append({"type": MOVED_RIICHI, "actor": seat, "from": nth, "to": to})
            continue
        spaced = t is not None and _spaced_upright(h, tracks, geo, seat, t)
        if not spaced and (
            t is None
            or counted(t) < RECHECK_HITS
            or sideways_share(t) >= UPRIGHT_SHARE
            or t.side_run >= SIDEWAYS_RUN
            or named_sideways(t)
        ):
            continue
        assert t is not None
        later = [
            (h.discard_nth[i], i, c)
            for i in h.ponds[seat]
            if h.discard_nth.get(i, -1) > nth and (c := _at_place(h, tracks, geo, seat, i)) is not None
        ]
        sideways = [(n, i, c) for n, i, c in later if lies_sideways(c, SIDEWAYS_HITS)]
        if sideways:
            to, tid, turned = sideways[0]
            h.riichi_at[seat] = (tid, to)
            _upright(t)
            _turn(turned)
            out.append({"type": MOVED_RIICHI, "actor": seat, "from": nth, "to": to})
        elif (
            (spaced or (counted(t) >= TAKE_BACK_HITS and sideways_share(t) < TAKE_BACK_SHARE))
            and h.accept_pending != seat
            and not _swapped_with_previous(h, tracks, geo, seat, t, nth)
        ):
            del h.riichi_at[seat]
            h.riichi.discard(seat)
            _upright(t)
            out.append({"type": MOVED_RIICHI, "actor": seat, "from": nth, "to": None})
    return out


def _spaced_upright(h: HandState, tracks: dict[int, Track], geo: TableGeometry, seat: int, t: Track) -> bool:
    """Whether the seat's pond tile after `t` in its row lies where it would after an upright `t`: the
    row's upright tiles before `t` place its spots (one upright pitch each, their median start), and the
    next tile lies no further than SPACED_SLACK_MM past the spot after `t`'s (each tile read SPACED_HITS
    times, upright). So it must lie both by the tiles' mean places and by the places they were read at
    when they counted (`HandState.places`): either can be pulled along the row. Seed 10007, wood felt, red
    backs, 37 degrees, light 0.55: seat 1's 1m and 9p before its riichi 2s drifted 4-7 mm towards it in
    frames that cut the row half a tile off, and by their means the 9s after it lay 2.2 mm from its upright
    spot (9.6 mm by where they were read); seed 9599, white cloth, photographed faces: seat 1's 3p, the
    row's end when it counted, was read 5.6 mm long of its mean place (its far side white on the cloth),
    and by the places the tile after the riichi 9p lay 2.6 mm from its upright spot."""
    row = [
        (c.u, h.places.get(i, (c.u, c.v))[0])
        for i in h.ponds[seat]
        if (c := _at_place(h, tracks, geo, seat, i)) is not None
        and c is not t
        and abs(c.v - t.v) < geo.tile_w / 2
        and not c.sideways
        and counted(c) >= SPACED_HITS
    ]
    return all(
        (past := _past_upright_spot([u[k] for u in row], t.u, geo)) is not None
        and abs(past) <= SPACED_SLACK_MM
        for k in (0, 1)
    )


def _past_upright_spot(row: list[float], at: float, geo: TableGeometry) -> float | None:
    """How far (mm) the first of a pond row's upright tiles (`row`, where each lies along the row) beyond
    `at` lies past the spot it would take after an upright tile at `at`: those before it place the spots
    (one upright pitch each, their median start). None without one before and one after."""
    before = sorted(u for u in row if u < at)
    after = [u for u in row if u > at]
    if not before or not after:
        return None
    spots = [round((u - before[0]) / geo.pitch) for u in before]
    start = float(np.median([u - k * geo.pitch for u, k in zip(before, spots, strict=True)]))
    return min(after) - (start + (spots[-1] + 2) * geo.pitch)


def _sideways_before(
    h: HandState, tracks: dict[int, Track], geo: TableGeometry, seat: int, t: Track | None, nth: int
) -> tuple[int, int, Track] | None:
    """The seat's discard before its riichi tile `t` (its `nth`) that lies sideways (`lies_sideways`), while
    `t`, read SIDEWAYS_HITS times, lies upright in most of its readings: (its nth, its id, its track); None
    when there is none. A pond holds one sideways tile (seed 002 3.3.14), the riichi tile: seed 946, white
    cloth, blue backs, 40 degrees, seat 2's riichi 1p at its first row's end was cut upright for the three
    readings it took to count (its far side, white on the cloth, showed no edge) and sideways in most after,
    one reading short of RECHECK_HITS when the S laid after it, cut sideways for its first four readings and
    upright since, counted with a riichi; the win's ippatsu was read from it."""
    if (
        t is None
        or counted(t) < SIDEWAYS_HITS
        or sideways_share(t) >= UPRIGHT_SHARE
        or t.side_run >= SIDEWAYS_RUN
        or named_sideways(t)
    ):
        return None
    for i in h.ponds[seat]:
        n = h.discard_nth.get(i, nth)
        if (
            n < nth
            and (c := _at_place(h, tracks, geo, seat, i)) is not None
            and c is not t
            and lies_sideways(c)
        ):
            return n, i, c
    return None


def _called_riichi(h: HandState, tracks: dict[int, Track], geo: TableGeometry) -> list[dict[str, Any]]:
    """Riichi declarations whose tile was called, taken back (MOVED_RIICHI events) when the seat's next
    discard, read often, lies upright and no later one lies sideways: a seat whose riichi tile is called
    turns its next discard sideways (seed 002 3.3.14), and a riichi read off a tile that is upright after all
    has nothing else to be judged by once the call took it. Seed 6743, white cloth, blue backs, 40 degrees,
    full light: seat 1's E and 7p, laid while an arm crossed the table, touching and as pale as the cloth,
    were cut as one sideways cell, counted as its riichi; seat 3's pon of the 7p took that tile, and the
    riichi stood to the hand's end though every later discard of seat 1 lay upright."""
    out: list[dict[str, Any]] = []
    for seat, nth in sorted(h.called_riichi.items()):
        if seat not in h.riichi:
            del h.called_riichi[seat]
            continue
        later = sorted(
            (h.discard_nth[i], c)
            for i in h.ponds[seat]
            if h.discard_nth.get(i, -1) > nth and (c := _at_place(h, tracks, geo, seat, i)) is not None
        )
        if not later:
            continue
        if any(lies_sideways(c) for _, c in later):
            del h.called_riichi[seat]  # the next discard turned: the riichi stands
            continue
        first = later[0][1]
        upright = counted(first) >= TAKE_BACK_HITS and sideways_share(first) < TAKE_BACK_SHARE
        if upright and h.accept_pending != seat:
            del h.called_riichi[seat]
            h.riichi.discard(seat)
            out.append({"type": MOVED_RIICHI, "actor": seat, "from": nth, "to": None, "called": True})
    return out


def _turn(t: Track) -> None:
    """A discard the riichi goes to, counted upright, lies sideways from now on: its readings cut sideways
    name it (`Tracker`: a reading of the other shape than its track's names nothing), and the kind they give
    is recorded once most of its readings since it counted give it (`vision.discard_reread`). Seed 6471,
    wood felt, red backs, 37 degrees, dim: seat 2's riichi 3m was cut upright for its first readings, as the
    row's middle tile, the 5m beside it cut sideways; it counted as a 6m, the riichi went to it once it lay
    sideways in most of its readings, and it was recorded 6m to the hand's end."""
    t.sideways = True


def _upright(t: Track | None) -> None:
    """A riichi tile the riichi leaves, upright in most of its readings, lies upright from now on: its
    readings cut upright name it, and the kind they give is recorded once most of its readings since it
    counted give it (`vision.discard_reread`). Seed 7819, white cloth, blue backs, 40 degrees: seat 2's 9p,
    under an arm's shadow as it was laid, was cut sideways and named a red 5s (0.3 of the votes) in its
    first 20 readings, counted as a riichi 5s, and read 9p upright in the 80 after; its riichi went, the 5s
    stayed in the record."""
    if t is not None:
        t.sideways = False


def take_back(h: HandState, tracks: dict[int, Track], seat: int) -> None:
    """The seat's riichi, moved to a discard the record cannot have it with, taken back by the record: `h`
    follows, and the discard it went to lies upright again (`_upright`)."""
    rid = h.riichi_at.pop(seat, None)
    h.riichi.discard(seat)
    if rid is not None:
        _upright(tracks.get(rid[0]))


def _swapped_with_previous(
    h: HandState, tracks: dict[int, Track], geo: TableGeometry, seat: int, t: Track, nth: int
) -> bool:
    """Whether the seat's discard before its riichi tile `t` (its `nth`), lying beside it in its row, took
    most of the sideways readings since `t` was laid: a pond holds one sideways tile (seed 002 3.3.14) and
    the cut gave it to the wrong one of the two. Seed 5237, wood felt, red backs, 37 degrees: seat 1's riichi
    7m lay sideways after its 7p, whose dark navy circles, the dim wood's colour, trimmed its face to 21 of
    35 mm across the row; the 7p, upright in its 20 readings before, was cut sideways in 31 of the next 42
    and the 7m upright, and the riichi was taken back. `t`'s readings are about as many as the earlier
    tile's since `t` was laid, and that one was upright before (it counted so)."""
    before = [i for i in h.ponds[seat] if h.discard_nth.get(i) == nth - 1]
    prev = _at_place(h, tracks, geo, seat, before[0]) if before else None
    if prev is None or abs(prev.v - t.v) > geo.tile_w / 2 or abs(prev.u - t.u) > geo.tile_h + SWAP_GAP_MM:
        return False
    return prev.turns >= SWAPPED_SHARE * t.hits


def _at_place(
    h: HandState, tracks: dict[int, Track], geo: TableGeometry, seat: int, tid: int
) -> Track | None:
    """The track of discard `tid`: itself, or the seat's pond track lying where it was read, unless that one
    never read as the discard's kind: another cut there (seed 881, white cloth, blue backs, 40 degrees: seat
    2's 3s lost its track at the hand's end, and a cell 8 mm off its place read 4s and sideways in 17 of 20
    readings put in a riichi the seat never declared)."""
    if tid in tracks:
        return tracks[tid]
    place = h.places.get(tid)
    if place is None:
        return None
    u, v = place
    kind = h.discard_kind.get(tid, -1)
    near = [
        t
        for t in tracks.values()
        if t.seat == seat
        and t.area == "pond"
        and abs(t.u - u) < geo.tile_w / 2
        and abs(t.v - v) < geo.tile_w / 2
        and not (kind >= 0 and never_read_as(t, kind))
    ]
    return near[0] if near else None

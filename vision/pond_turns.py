"""Which pond tiles are new discards, and when a discard has left its pond (`vision.live_events`' turns).

A called tile seen a little longer where it lay, a discard found again after the view shifted, a tile read
before the one of an earlier spot of its pond, a discard taken without bare mat showing, and a pond hidden by
an arm: each would put a discard in the wrong turn, or one too many.
Positions are in the seat's frame (u, v mm, `vision.zones`); frames are processed-frame counts.
"""

from __future__ import annotations

import math

import numpy as np
from numpy.typing import NDArray
from riichi_table.vision.hand_state import HandState
from riichi_table.vision.track import STABLE_HITS, Track, vote_share
from riichi_table.vision.zones import TableGeometry

# A new pond tile lying after a spot of its seat's pond that no read discard fills waits this many processed
# frames for the earlier tile to be read (a blank face on white cloth reads late): read at once, the two
# discards would be recorded in each other's turns.
EARLIER_SPOT_FRAMES = 6
# ... and this many where a tile was glimpsed in that earlier spot (`TableReader._glimpse`) before it went
# under an arm: seed 9735, wood felt, red backs, 37 degrees, light 0.55: seat 2's 8p, read twice at the end
# of its pond's first row before an arm crossed the pond, was read again 38 frames later; the 5m laid a turn
# after it, at the second row's start, waited its six frames and took the 8p's turn, the 8p the 5m's.
GLIMPSED_SPOT_FRAMES = 30
TAKEN_FRAMES = 3  # a discard not read this many frames while its pond is read has left the pond (taken)
OVERLAP_SHARE = 2 / 3  # of a tile's width: a new pond track this near a read discard's place lies over it
# Named as a read discard of its seat, a new pond track this near that discard's place (of a tile's width)
# is that tile cut another way: no second tile lies over a fifth of the first (seed 211, white cloth, blue
# backs, 40 degrees, full light: a 7m's track lost, a cell across it and the blank white dragon beyond it,
# 18 mm from the 7m's place, read 7m and taken for the dragon's turn, guessed before).
SAME_KIND_SHARE = 0.8
# A view moved (a bump) shifts every tile of a pond alike: SHIFT_TILES of its discards found again within
# SHIFT_FRAMES of each other, as far off their places as each other within SHIFT_MM (and further than that).
SHIFT_TILES = 3
SHIFT_FRAMES = 2
SHIFT_MM = 4.0
HIDDEN_RECENT = 30  # frames after its pond was hidden in which a seat's unseen discard may be called


def lingers(hand: HandState, geo: TableGeometry, seat: int, t: Track) -> bool:
    """A pond track born where a called tile lay within STABLE_HITS frames of the call is that tile, seen
    a little longer (the call read before the tile was lifted): no new discard. Not when its readings never
    gave the called tile's kind (`never_read_as`): the target's next discard laid in the place the called
    tile left, the call read late (seed 881, 44 degrees: seat 3's 9s, laid where its called 3p had lain, was
    never recorded, and the exhaustive draw after it was not read)."""
    return any(
        s == seat
        and abs(u - t.u) < geo.tile_w / 2
        and abs(v - t.v) < geo.tile_w / 2
        and t.born <= frame + STABLE_HITS
        and not never_read_as(t, kind)
        for s, u, v, frame, kind in hand.called_at
    )


def over_a_discard(
    hand: HandState, tracks: dict[int, Track], geo: TableGeometry, seat: int, t: Track
) -> bool:
    """A new pond track lying over the place where one of the seat's discards was read, that discard's
    own track still there, or between two read discards lying side by side, is its row cut another way for a
    few frames, not a new discard: two lying tiles' centres are at least a tile's width less its gap apart,
    these are within two thirds of it. (Seed 619, white cloth, black backs, 37 degrees: seat 0's row holding
    its riichi tile was cut now and then as seven upright cells for six tiles; the seventh, between two read
    discards, was recorded as a 7p discard and the seat's real one, a 2m, a turn later, and the ron that
    followed was lost.)"""
    row: list[float] = []  # where the seat's read discards (none of them called) lie in the track's row
    for i in hand.ponds[seat]:
        place = hand.places.get(i)
        if i == t.id or place is None or abs(place[1] - t.v) >= geo.row_pitch / 2:
            continue
        share = SAME_KIND_SHARE if hand.discard_kind.get(i, -1) == t.kind >= 0 else OVERLAP_SHARE
        if i in tracks and abs(place[0] - t.u) < share * geo.tile_w:
            return True
        row.append(place[0])
    # Or between two of them that lie side by side, whether or not their tracks are there now: no tile fits
    # between those (seed 533, wood felt, 40 degrees: while an arm crossed seat 3's pond, its W and 6m were
    # lost and the row cut with a W between their places, recorded as the seat's discard, and each later
    # discard a turn late). A called discard has left `hand.ponds`: the next discard may lie in its place.
    before = [u for u in row if u < t.u]
    after = [u for u in row if u > t.u]
    return bool(before and after and min(after) - max(before) < 2 * geo.tile_w)


def note_hidden(hand: HandState, stable: list[Track], hidden: tuple[bool, ...], frame: int) -> None:
    """Note, per seat, the last frame when its pond was hidden (an arm over it): it showed almost no bare
    mat, or none of its stable tiles was read."""
    for seat in range(4):
        pond = [t for t in stable if t.seat == seat and t.area == "pond"]
        if hidden[seat] or (pond and all(t.last_hit < frame for t in pond)):
            hand.hidden_at[seat] = frame


def hidden_lately(hand: HandState, target: int, frame: int) -> bool:
    """Whether a call from `target` whose discard was never read may be of one laid while an arm hid its
    pond: it is the target's turn and its pond was hidden within HIDDEN_RECENT frames."""
    return hand.next_seat in (None, target) and frame - hand.hidden_at[target] <= HIDDEN_RECENT


def left_pond(tracks: dict[int, Track], frame: int, track_id: int) -> bool:
    """Whether a discard has left its pond: its track is gone, or it has not been read for TAKEN_FRAMES
    frames while other tiles of its pond were (on white cloth a taken tile's place need not show bare mat
    at once; a pond hidden by an arm is read for none of its tiles)."""
    t = tracks.get(track_id)
    if t is None:
        return True
    if frame - t.last_hit < TAKEN_FRAMES:
        return False
    return any(
        o.id != t.id and o.seat == t.seat and o.area == "pond" and o.last_hit == frame
        for o in tracks.values()
    )


def pond_slot(hand: HandState, tracks: dict[int, Track], geo: TableGeometry, seat: int, t: Track) -> int:
    """The spot of pond tile `t` in its seat's pond, counted in rows of six (seed 002's pond layout; a
    sideways tile before it in its row moves it a long side along)."""
    row, col = _row_col(hand, tracks, geo, seat, t)
    return row * 6 + col


def past_row_end(hand: HandState, tracks: dict[int, Track], geo: TableGeometry, seat: int, t: Track) -> bool:
    """Whether `t` lies beyond the sixth spot of a first or second pond row while a later row of the seat
    already holds a read discard: a row is begun once the one before it holds six (seed 002's pond layout),
    so nothing is laid there any more, and what is read there is no discard. (Seed 4409, white cloth, blue
    backs, 40 degrees, the light full: the bright cloth a tile beyond seat 1's sixth discard was cut as a
    blank white dragon, read 11 times while the seat's second row held five, and recorded as its discard;
    each later discard of the seat went in a turn late.)"""
    row, col = _row_col(hand, tracks, geo, seat, t)
    if row >= 2 or col < 6:
        return False
    return any(
        (place := hand.places.get(i)) is not None and place[1] - t.v > geo.row_pitch / 2
        for i in hand.ponds[seat]
    )


def _row_col(
    hand: HandState, tracks: dict[int, Track], geo: TableGeometry, seat: int, t: Track
) -> tuple[int, int]:
    """The row (0..3) and the spot along it (0.., six to a row but the third's) of pond tile `t`."""
    row = min(3, max(0, round((t.v - geo.pond_v0) / geo.row_pitch)))
    turned = sum(
        geo.tile_h - geo.tile_w
        for i in hand.ponds[seat]
        if (o := tracks.get(i)) is not None
        and o.sideways
        and o.u < t.u
        and abs(o.v - t.v) < geo.row_pitch / 2
    )
    if t.sideways:
        turned += (geo.tile_h - geo.tile_w) / 2
    col = round((t.u - turned + 2.5 * geo.pitch) / geo.pitch)
    return row, max(0, col)


def earlier_spot(hand: HandState, tracks: dict[int, Track], geo: TableGeometry, seat: int, t: Track) -> bool:
    """Whether `t` lies after a spot of the seat's pond that no read discard fills: its place is beyond the
    seat's discards still in its pond."""
    return pond_slot(hand, tracks, geo, seat, t) > len(hand.ponds[seat]) + hand.phantoms[seat]


def past_guesses(hand: HandState, tracks: dict[int, Track], geo: TableGeometry, seat: int, t: Track) -> bool:
    """Whether the seat has discards guessed and `t` lies beyond every spot its read and guessed discards
    take: a guessed discard's tile read late lies in one of those spots, so `t` is this turn's discard, and
    a tile before it has not been read yet (seed 402, white cloth, black backs, 37 degrees: seat 3's second
    discard, guessed, showed four frames after its third, which was put in the second's place; the two were
    recorded in each other's turns)."""
    ahead = len(hand.ponds[seat]) + hand.phantoms[seat]
    return hand.phantoms[seat] > 0 and pond_slot(hand, tracks, geo, seat, t) >= ahead


def waits_for_earlier(
    hand: HandState, tracks: dict[int, Track], geo: TableGeometry, seat: int, t: Track, glimpsed: bool = False
) -> bool:
    """Whether the seat's new pond tile `t` waits (one more frame, EARLIER_SPOT_FRAMES at most, or
    GLIMPSED_SPOT_FRAMES where a tile was `glimpsed` in the earlier spot) for the tile of an earlier spot
    of its pond to be read: a spot no discard fills, or, where the seat has discards guessed, the spot of a
    guessed one when `t` lies beyond them all (`past_guesses`). After the wait `t` is read as it would
    have been at once."""
    waited = hand.waited.get(t.id, 0)
    before = (past_guesses if hand.phantoms[seat] else earlier_spot)(hand, tracks, geo, seat, t)
    if waited < (GLIMPSED_SPOT_FRAMES if glimpsed else EARLIER_SPOT_FRAMES) and before:
        hand.waited[t.id] = waited + 1
        return True
    hand.waited.pop(t.id, None)
    return False


NEVER_SHARE = 0.1  # a track whose votes give a kind less than this share was never read as that kind
# A discard counted on readings that gave its kind less than this share of their votes was never named: the
# namer knew no tile in its cell (`came_back`).
UNNAMED_SHARE = 0.5


def never_read_as(t: Track, kind: int) -> bool:
    """Whether a track's readings give `kind` (0..33; a five with its red class) less than NEVER_SHARE of
    their votes: some other tile, not one misread for a few frames."""
    return _never_voted(t.votes, kind)


def _never_voted(votes: NDArray[np.float64], kind: int) -> bool:
    """`never_read_as` for a track's votes."""
    return float(votes.sum()) > 0 and vote_share(votes, kind) < NEVER_SHARE


def _pond_shift(hand: HandState, tracks: dict[int, Track], seat: int, t: Track) -> tuple[float, float] | None:
    """How far the seat's discards found again with `t` (born within SHIFT_FRAMES of it) lie from their
    places, when at least SHIFT_TILES of them lie as far off as each other (within SHIFT_MM), more than
    SHIFT_MM: the view moved for them all; None otherwise."""
    offsets = [
        (o.u - place[0], o.v - place[1])
        for i in hand.ponds[seat]
        if (o := tracks.get(i)) is not None
        and o.id != t.id
        and abs(o.born - t.born) <= SHIFT_FRAMES
        and (place := hand.places.get(i)) is not None
    ]
    if len(offsets) < SHIFT_TILES:
        return None
    du, dv = (float(np.median([o[k] for o in offsets])) for k in (0, 1))
    if (
        math.hypot(du, dv) <= SHIFT_MM
        or sum(math.dist(o, (du, dv)) < SHIFT_MM for o in offsets) < SHIFT_TILES
    ):
        return None
    return du, dv


# A discard whose cell lay within ACROSS_MIDDLE_MM (along its row) of the middle between two tiles side by
# side, their places a tile's width apart give or take SIDE_BY_SIDE_MM, was one cell cut across both.
ACROSS_MIDDLE_MM = 6.0
SIDE_BY_SIDE_MM = 6.0


def _cut_across(
    hand: HandState, geo: TableGeometry, seat: int, old: int, place: tuple[float, float], t: Track
) -> bool:
    """Whether the seat's lost discard `old`, read at `place`, was one cell cut across another of its
    discards and `t` beside it in its row: `place` lies near the middle between the two, too close to
    either for a tile of its own. Then `old` is `t` read again, renamed by its readings (`came_back`).

    White cloth, blue backs, 40 degrees (seed 6871): seat 2's 4m, laid while an arm crossed the table,
    touched the 1m before it in its second row, both as pale as the cloth; the two were cut as one sideways
    cell between their places for ten frames, read S and recorded as a riichi S, the 1m's track lost. Once
    the two lay apart the 1m was found again at its place, and the 4m, 14 mm from the S's place, was
    recorded as the seat's next discard: seat 2 had one discard too many and a riichi it never declared."""
    for other in hand.ponds[seat]:
        there = hand.places.get(other)
        if other in (old, t.id) or there is None or abs(there[1] - t.v) >= geo.tile_w / 2:
            continue
        apart = abs(there[0] - t.u)
        if not geo.tile_w - SIDE_BY_SIDE_MM <= apart <= geo.tile_w + SIDE_BY_SIDE_MM:
            continue
        if abs(place[0] - (there[0] + t.u) / 2) < ACROSS_MIDDLE_MM and abs(place[1] - t.v) < geo.tile_w / 2:
            return True
    return False


def came_back(hand: HandState, tracks: dict[int, Track], geo: TableGeometry, seat: int, t: Track) -> bool:
    """A new pond track where a discard of this seat lay whose track was lost (the camera shaken by a
    bump, the view shifted for a few frames: the tile's place showed mat, its track went) is that discard
    again, not a new one: it takes the lost track's place in the pond. Not when it was never read as that
    discard's kind (`never_read_as`): a tile of another kind there is the seat's next discard, laid where
    its last one lay once a call took that one before the call was read (seed 318, 37 degrees, hard: seat
    3's 2p laid where its called west had lain was taken for the west, forgotten as the called tile, and
    every later discard of seat 3's was recorded a turn late). A tile found again under an arm may read as
    another kind for a few frames (seed 211, black felt, 40 degrees: a 9p read twice as 9p, then 7m); read
    as its kind at all, it is that discard; so is one read as a kind the discard's own readings gave when it
    counted (below), and that one is named again by its readings."""
    shift: tuple[float, float] | bool | None = False  # worked out when first needed
    for k, old in enumerate(hand.ponds[seat]):
        place = hand.places.get(old)
        if old in tracks or place is None:
            continue
        was = hand.discard_kind.get(old, -1)
        renamed = was >= 0 and never_read_as(t, was)
        if renamed and shift is False:
            shift = _pond_shift(hand, tracks, seat, t)
        if (
            renamed
            and isinstance(shift, tuple)
            and math.dist((t.u - place[0], t.v - place[1]), shift) < SHIFT_MM
        ):
            # Found again as far off its place as the pond's other discards found again with it: the view
            # moved (a bump), and a tile blurred by it may read as another kind (seed 6063, white cloth, blue
            # backs, 40 degrees: seat 0's pond 12 mm off for six frames, its 1m read 9m there and recorded
            # as a new discard in the seat's turn, its next a turn late).
            renamed = False
        across = renamed and _cut_across(hand, geo, seat, old, place, t)
        # Counted on readings no kind had half of, the discard was never named: its cell held part of the
        # tile (seed 8783, wood felt, blue backs, 44 degrees, light 0.55: seat 2's 5s, the first of its
        # second row, its bamboo at the face's edges the dim wood's colour, showed its near half only; with
        # the 1m before it in its column it was cut as one cell 55 mm deep, 14 mm off the 5s's place, and
        # counted as an 8s from readings of 0.28-0.33. Found at its place once the light rose, the 5s was
        # taken for the seat's next discard, and every later one of the seat's came a turn late). A tile
        # read at its place, across the row within half a row pitch, is that discard, named by its readings.
        counted = hand.discard_votes.get(old)
        unnamed = was >= 0 and counted is not None and vote_share(counted, was) < UNNAMED_SHARE
        # Unless the discard itself was read as this tile's kind when it counted: a cell cut across the row's
        # next tiles for a while, named after a tile it held in part (seed 5653, white cloth, blue backs, 40
        # degrees: seat 1's 9m, just laid and cut sideways with part of the 1p beyond it, was read 9m in
        # three of its six readings, then 4m, and recorded as a riichi 4m; found again upright at its place
        # as 9m, it was taken for a new discard and seat 1 had one discard too many).
        if (
            renamed
            and not across
            and not unnamed
            and (counted is None or t.kind < 0 or _never_voted(counted, t.kind))
        ):
            continue
        # Cut sideways with part of the seat's next tile, the discard's box lies further along its row
        # (seed 4673, black felt, blue backs, 40 degrees: the 9p laid after seat 1's W lost its navy
        # circles to the felt, the two were cut as one sideways W 17 px on, the W's track was lost, and
        # the sideways W recorded as a riichi discard; every later discard of the seat a turn late). Read
        # as that kind above all, it is the discard within SAME_KIND_SHARE of a tile's width along its row,
        # and within half the row pitch across it: cut with part of the tile before it in its column (seed
        # 4801, wood felt, red backs, 37 degrees, dim: a 9p's red circles taken for the felt, the rest of
        # it and the 6m after it in seat 0's next row cut as one cell 13 mm off the 6m's place; both
        # tracks lost, the 6m recorded again as a new discard and each later one a turn late).
        same = was >= 0 and t.kind == was
        along = geo.tile_w * (SAME_KIND_SHARE if same else 0.5)
        if same and t.sideways and hand.gone_at.get(old, -1) >= t.born:
            # The discard's track went while the sideways cell was already read: the cell took the tile's
            # pixels, and lies over part of it (seed 5381, white cloth, blue backs, 40 degrees: seat 1's
            # S lost part of its face to the cloth once the 3s lay beside it; the 3s and most of the S were
            # cut as one sideways cell 24 mm along the row, read S, and recorded as a riichi S). A riichi
            # tile truly laid after a discard of its kind lies further (half a pitch and half a tile's
            # length with its gap), and that discard's track stays.
            along = (geo.tile_w + geo.tile_h) / 2
        if across:
            along = geo.tile_w
        deep = geo.row_pitch / 2 if same or unnamed else geo.tile_w / 2
        if abs(place[0] - t.u) < along and abs(place[1] - t.v) < deep:
            hand.ponds[seat][k] = t.id
            # The place the discard was read at stays its place: a tile found again cut another way, lost
            # and found again once more, would walk along its row a cut at a time (seed 881, white cloth,
            # blue backs, 40 degrees: seat 0's 7p beside its riichi tile, found 17 mm short of its place,
            # then 22 mm beyond that, was recorded again as a new discard).
            hand.places[t.id] = place
            if was >= 0:
                hand.discard_kind[t.id] = was
            if renamed and old in hand.discard_nth:
                # Found again as another of its readings, it is named again by its readings from here on
                # (`discard_reread`: its turn goes with its track) and its riichi judged on it
                # (`riichi_reread`). Not any discard found again: one found again a few mm towards a
                # neighbour may be that neighbour's cell for a while, and was renamed after it (seed 4409
                # and seed 4801, white cloth, blue backs, 40 degrees: a 7p named 8p, a 1p named E).
                hand.discard_nth[t.id] = hand.discard_nth[old]
                if seat in hand.riichi_at and hand.riichi_at[seat][0] == old:
                    hand.riichi_at[seat] = (t.id, hand.riichi_at[seat][1])
            if hand.last_discard is not None and hand.last_discard[1] == old:
                hand.last_discard = (hand.last_discard[0], t.id, hand.last_discard[2])
            return True
    return False

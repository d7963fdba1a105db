"""Stable tile observations from noisy per-frame readings.

A reading becomes a track; a track counts (is *stable*) only after it has been seen in STABLE_HITS processed
frames. A stable track is removed only after the place where it lay has shown bare mat MISSING_GONE times:
a hand reaching over the pond hides tiles (no mat is seen there) without removing them. Each track keeps a
vote over the classes its readings gave (probabilities summed), so a misread that flickers is outvoted.
`enforce_copies` makes sure no kind is named more than four times on the table: the weakest extra reading
falls back to its next best kind.

Positions are table millimetres (vision.zones); frames are counted in processed frames.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

import numpy as np
from numpy.typing import NDArray
from riichi_table.engine.tiles import BACK_CLASS, RED_CLASS
from riichi_table.vision.tile_reading import N_CLASSES, FrameReading, TileReading, tile_width_u
from riichi_table.vision.zones import Area, TableGeometry

STABLE_HITS = 3
MISSING_GONE = 3
MATCH_MM = 11.0
# An unmatched tile whose footprint another reading covers by more than this share is covered by it (0.75
# of a tile's width apart along its row, as before by distance alone; along its long side, 26 mm).
REPLACED_SHARE = 0.25
# Centres further apart than this leave two lying tiles' footprints apart: each reaches a tile's long side
# (35 mm) along x and along y at most, so they touch only within 35 mm both ways (49.5 mm).
OVERLAP_MM = 50.0
CONFIDENT_HITS = 10  # readings after which a confident track is not classified again ...
RECHECK_FRAMES = 12  # ... but for one reading in this many frames, and every frame after a reading disagreed
HIDDEN_MAT = 0.15  # a pond area with less bare mat than this share is hidden (an arm over it)
# Where a pond lies, in its seat's frame (mm): the first rows, where the next discards land.
POND_AREA = ((-75.0, 75.0), (110.0, 250.0))
TENTATIVE_FRAMES = 4  # a tentative track not seen for this many frames is dropped
# A pond tile first read sideways must be read so this many times more before it counts: a sideways discard is
# a riichi (seed 002 3.3.14), and a tile just laid in dim light or beside an arm's shadow can be cut as one
# wide cell for a frame or three, then read upright for good (a false riichi, its stick paid). A real riichi
# tile stays sideways, so it only waits these frames longer.
SIDEWAYS_POND_EXTRA = 3
# A hand row's tile can change under its track: a standing hand's top, read as a face for a whole hand, is a
# face of the hand laid open at its end, lying where the top stood. Its older readings count less with each
# new one (kept at this share), so a handful of readings of the face outvote any number of the top's (seed
# 5009, white cloth, blue backs, 40 degrees: seat 0's standing tiles read as white dragons 40 to 60 times,
# laid open as 5m, 3p, 5p, 5p, 2s, each read right from its first reading, and the hand read 1p, 4m, 2s, 8p).
# A pond tile never changes: its votes keep every reading.
HAND_KEEP = 0.85
# A counted pond track named a back by every reading is no face, and its shape says nothing: once this many
# readings in a row name a face the other way round, it lies as they do and is named by them (seed 7955, wood
# felt, yellow backs, 30 degrees: a streak of the wood as yellow as the backs, read as a back lying sideways
# at the pond's next spot, counted as seat 1's discard; the 4m laid on it four frames later was read upright,
# 1.00, in every frame to the hand's end, and named nothing: readings of the other shape name nothing).
FACE_TURN_READS = 3
# So is a counted pond track its readings never named (its top kind under NEVER_NAMED_SHARE of its votes),
# once FACE_TURN_READS readings in a row name a face the other way round at FACE_TURN_SURE or more (seed 9327,
# white cloth, blue backs, 40 degrees, photographed faces: seat 3's green dragon, just laid, was cut sideways
# across it for four readings named 9p, S and 1s at 0.16-0.26, counted as a 9p, and read upright as a green
# dragon at 0.95-0.99 in every frame after; readings of the other shape name nothing, and the 9p stayed).
NEVER_NAMED_SHARE = 0.5
FACE_TURN_SURE = 0.9


@dataclass
class Track:
    """One physical tile followed over frames."""

    id: int
    x: float
    y: float
    seat: int
    area: Area
    u: float
    v: float
    sideways: bool
    face_down: bool
    votes: NDArray[np.float64] = field(default_factory=lambda: np.zeros(N_CLASSES))
    hits: int = 0
    misses: int = 0
    stable: bool = False
    born: int = 0
    last_hit: int = 0
    forced: int | None = None  # a class set by a rule (copies), overriding votes while they give ...
    forced_from: int | None = None  # ... this class most, the one the rule took away
    turns: int = 0  # readings that lay sideways
    side_run: int = 0  # readings in a row, up to the latest, that lay sideways
    held: int = 0  # sideways readings cut so only by the riichi the game recorded (`TileReading.held`)
    named: int = -1  # the kind its last named reading gave most (-1: none yet)
    named_at: int = 0  # the frame of that reading
    face_turn: int = 0  # readings in a row, up to the latest, that named a face the other way round
    # Per shape (upright, sideways): the face-up readings cut so, not held (`held`), and the sum of their top
    # scores, a reading not named again because its tile is known surely counting 1 (`riichi_reread`).
    shape_reads: list[int] = field(default_factory=lambda: [0, 0])
    shape_sure: list[float] = field(default_factory=lambda: [0.0, 0.0])

    @property
    def turned(self) -> bool:
        """Whether most of its readings lay sideways (a tie is upright: a sideways pond tile is a riichi).

        A pond tile's orientation follows this until it counts (`stable`): a tile just laid is sometimes cut
        the other way for a frame or three (square cells, an arm's shadow)."""
        return 2 * self.turns > self.hits

    @property
    def class_id(self) -> int:
        if self.rule_holds:
            assert self.forced is not None
            return self.forced
        return int(np.argmax(self.votes))

    @property
    def rule_holds(self) -> bool:
        """Whether a rule's class (`forced`) stands now: the track's votes still give the class it took away
        most (`enforce_copies`)."""
        return self.forced is not None and int(np.argmax(self.votes)) == self.forced_from

    @property
    def kind(self) -> int:
        """Tile kind 0..33 (red fives as their five), or -1 for a face-down tile."""
        return kind_of_class(self.class_id)

    @property
    def confidence(self) -> float:
        total = float(self.votes.sum())
        return float(self.votes[self.class_id] / total) if total > 0 else 0.0

    @property
    def width_u(self) -> float:
        return tile_width_u(self.sideways)


@dataclass(frozen=True)
class TrackChanges:
    """What one frame changed: tracks that just became stable, and stable tracks that just went away;
    `frame` is the tracker's count of processed frames (Track.born and Track.last_hit count the same)."""

    appeared: tuple[Track, ...]
    gone: tuple[Track, ...]
    frame: int = 0
    hidden: tuple[bool, ...] = (False, False, False, False)  # per seat: its pond shows almost no bare mat
    dropped: tuple[Track, ...] = ()  # tracks that went before they counted (a tile taken as soon as laid)
    tentative: tuple[Track, ...] = ()  # pond tracks that have not counted yet


class Tracker:
    """Keeps the tracks of one table."""

    def __init__(self, geometry: TableGeometry | None = None) -> None:
        self.geo = geometry or TableGeometry()
        self.tracks: dict[int, Track] = {}
        self._next_id = 1
        self.frame = 0

    def stable(self) -> list[Track]:
        return [t for t in self.tracks.values() if t.stable]

    def reset(self) -> None:
        self.tracks.clear()

    def update(self, reading: FrameReading) -> TrackChanges:
        """Fold one frame's readings in; returns what changed."""
        self.frame += 1
        unmatched = list(range(len(reading.tiles)))
        ids = list(self.tracks)
        # Every track's distance to every reading (mm), at once: the tracks times the readings, 60 x 60 on a
        # full table, each frame.
        at = np.array([(self.tracks[i].x, self.tracks[i].y) for i in ids]).reshape(-1, 2)
        seen = np.array([(r.x, r.y) for r in reading.tiles]).reshape(-1, 2)
        apart = np.hypot(at[:, None, 0] - seen[None, :, 0], at[:, None, 1] - seen[None, :, 1])
        row = {tid: k for k, tid in enumerate(ids)}
        pairs: list[tuple[float, int, int]] = []
        for k, i in zip(*np.nonzero(apart < MATCH_MM), strict=True):
            tid, r = ids[k], reading.tiles[i]
            t, d = self.tracks[tid], float(apart[k, i])
            if t.face_down != r.face_down:
                continue
            if t.sideways != r.sideways:
                if not _same_discard(t, r):
                    continue
                d += MATCH_MM  # a reading of the track's own orientation, if any, is taken first
            pairs.append((d, tid, int(i)))
        pairs.sort()
        used_t: set[int] = set()
        used_r: set[int] = set()
        for _, tid, i in pairs:
            if tid in used_t or i in used_r:
                continue
            used_t.add(tid)
            used_r.add(i)
            self._hit(self.tracks[tid], reading.tiles[i])
        unmatched = [i for i in unmatched if i not in used_r]
        appeared: list[Track] = []
        gone: list[Track] = []
        dropped: list[Track] = []
        for tid in list(self.tracks):
            t = self.tracks[tid]
            if tid not in used_t:
                # Another tile where it lay (a turned indicator; a hand laid open where a standing tile's top
                # was misread) also counts: two lying tiles never overlap by more than a quarter. Measured on
                # their footprints: a dead-wall stack read as a face in the first frames, before the backs'
                # colour was learned, lay 19.8 mm from the stack read since, nearly across the row, half
                # on it; as a stable track it kept a second face in the dead wall and the hand never began
                # (seed 3613, white cloth, 37 degrees).
                near = np.nonzero(apart[row[tid]] < OVERLAP_MM)[0]
                replaced = any(_overlap(t, reading.tiles[i]) > REPLACED_SHARE for i in near)
                if replaced or self._shows_mat(t, reading):
                    t.misses += 1  # bare mat where it lay, or another tile in its place
                expired = not t.stable and self.frame - t.last_hit > TENTATIVE_FRAMES
                if t.misses >= (MISSING_GONE if t.stable else 2) or expired:
                    del self.tracks[tid]
                    (gone if t.stable else dropped).append(t)
                continue
            # A pond tile read sideways even once waits longer, whichever way most of its readings lie now.
            needed = STABLE_HITS + (SIDEWAYS_POND_EXTRA if t.turns and t.area == "pond" else 0)
            if not t.stable and t.hits >= needed and t.votes.sum() > 0:
                if self._duplicate(t):
                    del self.tracks[tid]
                    continue
                t.stable = True
                appeared.append(t)
        for i in unmatched:
            r = reading.tiles[i]
            t = Track(
                self._next_id, r.x, r.y, r.seat, r.area, r.u, r.v, r.sideways, r.face_down, born=self.frame
            )
            self._next_id += 1
            self._hit(t, r)
            self.tracks[t.id] = t
        appeared.sort(key=lambda t: t.born)
        hidden = tuple(self._pond_hidden(seat, reading) for seat in range(4))
        tentative = tuple(t for t in self.tracks.values() if not t.stable and t.area == "pond")
        return TrackChanges(tuple(appeared), tuple(gone), self.frame, hidden, tuple(dropped), tentative)

    def forget(self, track_id: int) -> None:
        """Drop a track without reporting it gone: a pond tile taken by a call (vision.live_events). Its place
        may not show bare mat at once (white cloth: bare mat is felt wider than a face), and a lingering track
        would give the seat's next discard, laid in the same place, the called tile's name."""
        self.tracks.pop(track_id, None)

    def known(self, x: float, y: float, sideways: bool, face_down: bool = False) -> bool:
        """Whether a stable, confidently read tile lies at (x, y) mm: no need to classify it again.

        Such a tile is still named once in RECHECK_FRAMES frames, and in every frame after a reading that
        named it another kind: the first readings of a tile can agree on the wrong kind (seed 1013, white
        cloth, 37 degrees: a 4s named 2s in its first eleven readings, 4s in every one after), and readings
        never taken cannot outvote them (`vision.discard_reread`)."""
        for t in self.tracks.values():
            if (
                t.stable
                and t.sideways == sideways
                and t.face_down == face_down
                and t.hits >= CONFIDENT_HITS
                and abs(t.x - x) < 4
                and abs(t.y - y) < 4
                and t.confidence > 0.85
                and t.named == t.kind
                and self.frame + 1 - t.named_at < RECHECK_FRAMES
            ):
                return True
        return False

    def _duplicate(self, t: Track) -> bool:
        """A new track on top of a stable one (a tile read twice, or read at a shifted place)."""
        return any(
            o.stable
            and o.id != t.id
            and abs(o.x - t.x) < self.geo.tile_w * 0.6
            and abs(o.y - t.y) < self.geo.tile_w * 0.6
            for o in self.tracks.values()
        )

    def _hit(self, t: Track, r: TileReading) -> None:
        t.hits += 1
        t.turns += int(r.sideways)
        if r.held:
            t.held += 1  # neither lengthens nor breaks its run of sideways readings
        else:
            t.side_run = t.side_run + 1 if r.sideways else 0
            if not r.face_down:
                t.shape_reads[int(r.sideways)] += 1
                t.shape_sure[int(r.sideways)] += float(r.scores.max()) if r.scores.any() else 1.0
        t.misses = 0
        t.last_hit = self.frame
        face = bool(r.scores.any()) and int(np.argmax(r.scores)) != BACK_CLASS
        back = t.class_id == BACK_CLASS
        sure = back or float(r.scores.max()) >= FACE_TURN_SURE
        t.face_turn = t.face_turn + 1 if face and sure and r.sideways != t.sideways else 0
        if (
            t.stable
            and t.area == "pond"
            and r.area == "pond"
            and not t.face_down
            and (back or _never_named(t))
            and t.face_turn >= FACE_TURN_READS
        ):
            t.sideways = r.sideways
            t.votes = np.zeros(N_CLASSES)  # votes for a back or no name, read in the shape it no longer has
            t.face_turn = 0
        # A reading cut in the other orientation named a crop of the wrong shape: its place counts, its class
        # does not.
        if r.sideways == t.sideways:
            if r.area == "hand" and r.scores.any():
                t.votes = t.votes * HAND_KEEP
            t.votes = t.votes + r.scores
            if r.scores.any():
                t.named, t.named_at = kind_of_class(int(np.argmax(r.scores))), self.frame
        if not t.stable and t.area == "pond" and r.area == "pond" and t.turned != t.sideways:
            t.sideways = t.turned
            t.votes = np.zeros(N_CLASSES)  # named as crops of the other shape until now
        k = 1.0 / min(t.hits, 5)
        t.x += (r.x - t.x) * k
        t.y += (r.y - t.y) * k
        # u and v follow the mean place too: taken from one odd reading, a meld's sideways tile cut short
        # for a frame lay 5 mm off at a hand's late start, and the gap rule split its pon (seed 104, white
        # cloth, blue backs, 40 degrees).
        t.seat, t.area = r.seat, r.area
        t.u, t.v = self.geo.to_seat(r.seat, t.x, t.y)

    def _pond_hidden(self, seat: int, reading: FrameReading) -> bool:
        """Whether `seat`'s pond area shows almost no bare mat in this frame (an arm over it)."""
        (u0, u1), (v0, v1) = POND_AREA
        corners = np.array([self.geo.to_table(seat, u, v) for u in (u0, u1) for v in (v0, v1)])
        (x0, y0), (x1, y1) = corners.min(axis=0) * reading.mat_scale, corners.max(axis=0) * reading.mat_scale
        patch = reading.mat[max(0, int(y0)) : int(y1) + 1, max(0, int(x0)) : int(x1) + 1]
        return bool(patch.size) and float(patch.mean()) < HIDDEN_MAT

    def _shows_mat(self, t: Track, reading: FrameReading) -> bool:
        s = reading.mat_scale
        half_w = (self.geo.tile_w / 2 - 3) * s
        x, y = t.x * s, t.y * s
        y0, y1 = int(max(0, y - half_w)), int(y + half_w) + 1
        x0, x1 = int(max(0, x - half_w)), int(x + half_w) + 1
        patch = reading.mat[y0:y1, x0:x1]
        return bool(patch.size) and float(patch.mean()) > 0.6


def _never_named(t: Track) -> bool:
    """Whether a track's readings never named it: its top kind has under NEVER_NAMED_SHARE of its votes."""
    total = float(t.votes.sum())
    return total > 0 and float(t.votes.max()) < NEVER_NAMED_SHARE * total


def footprint(seat: int, sideways: bool) -> tuple[float, float]:
    """A lying tile's extent in table mm along x and y: along its seat's row (u) and across it."""
    along = tile_width_u(sideways)
    across = tile_width_u(not sideways)
    return (across, along) if seat in (1, 3) else (along, across)


def _overlap(t: Track, r: TileReading) -> float:
    """The share of the smaller of two lying tiles' footprints that the other covers."""
    (tw, th), (rw, rh) = footprint(t.seat, t.sideways), footprint(r.seat, r.sideways)
    ox = max(0.0, min(t.x + tw / 2, r.x + rw / 2) - max(t.x - tw / 2, r.x - rw / 2))
    oy = max(0.0, min(t.y + th / 2, r.y + rh / 2) - max(t.y - th / 2, r.y - rh / 2))
    return ox * oy / min(tw * th, rw * rh)


def vote_share(votes: NDArray[np.float64], kind: int) -> float:
    """The share of a track's `votes` for `kind` (0..33), its red five's class counted with it; 0 without
    votes."""
    total = float(votes.sum())
    if total <= 0:
        return 0.0
    return (float(votes[kind]) + (float(votes[RED_CLASS[kind]]) if kind in RED_CLASS else 0.0)) / total


def kind_of_class(c: int) -> int:
    """The tile kind 0..33 a class names (a red five's class: its five), or -1 for the back class."""
    if c == BACK_CLASS:
        return -1
    for kind, cid in RED_CLASS.items():
        if cid == c:
            return kind
    return c


def _same_discard(t: Track, r: TileReading) -> bool:
    """A pond reading turned the other way at a pond tile's place is that tile, cut wrongly (until the track
    counts, its orientation follows most of its readings: `Track.turned`).

    Discards are never turned once laid (seed 002 3.3.14: the riichi tile stays sideways), but the cut between
    pond rows sometimes makes a sideways tile look upright for a frame or two (the next row's tile touching
    it, an arm's shadow). Taken for a new tile, it would be read as a discard that never was (the riichi tile
    again).
    """
    return t.area == "pond" and r.area == "pond"


# A track not read for this many frames counts no copy of its kind (`enforce_copies`): a tile taken from one
# place and laid at another is read there STABLE_HITS times before its new track counts, so its old track
# has gone unread at least that long.
UNSEEN_FRAMES = STABLE_HITS


def enforce_copies(tracks: list[Track], first: Callable[[Track], bool] | None = None) -> None:
    """No kind more than four times: the least confident extras fall back to their next best kind.

    Tracks for which `first` holds give up their reading before the others. While a hand is in play the
    reader passes the tracks of the hand rows still standing (`vision.live_events`): a player's own tiles
    stand there, backs to the camera, so a face read there is a misread of a standing tile (on white cloth
    its top taken for a white dragon), while a pond tile is a discard everyone has seen.

    A track not read for UNSEEN_FRAMES frames (three) counts no copy: a discard taken by a call leaves its
    track behind while the caller's arm hides the pond, and the meld laid meanwhile shows the kind's other
    copies. Seed 135 (blue felt, 37 degrees, hard): seat 3's E, not read for 25 frames after seat 1 reached
    for it, made the open kan's four E five, the kan's least sure E fell back to N for good (a rule's reading
    stays), and the kan was read only when its tiles were cut anew, three discards late, its indicator lost.

    A kind fallen back to holds while the track's votes give the kind it gave up most: once its readings
    name another kind most, that one stands (a standing tile's top read as a fifth white dragon fell back to
    1p, and laid open as a 3p, read so in every reading since, it stayed 1p: seed 5009, white cloth, blue
    backs, 40 degrees).
    """
    now = max((t.last_hit for t in tracks), default=0)
    for _ in range(8):
        by_kind: dict[int, list[Track]] = {}
        for t in tracks:
            if t.kind >= 0 and now - t.last_hit < UNSEEN_FRAMES:
                by_kind.setdefault(t.kind, []).append(t)
        over = [ts for ts in by_kind.values() if len(ts) > 4]
        if not over:
            return
        for ts in over:
            ts.sort(key=lambda t: (not (first is not None and first(t)), t.confidence))
            for t in ts[: len(ts) - 4]:
                top = int(np.argmax(t.votes))
                votes = t.votes.copy()
                votes[[t.class_id, top, BACK_CLASS]] = -1
                t.forced, t.forced_from = int(np.argmax(votes)), top

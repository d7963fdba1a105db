"""Stable observations -> mjai-style table events (JSON objects, engine/events.py field names).

What the camera sees and what it means (seeds 002/004 section 3.3):
- a new tile at the end of a seat's pond: that seat drew (`tsumo`, tile unseen `?`) and discarded (`dahai`);
  turned sideways by a seat not yet in riichi: `reach` first; the stick is accepted (`reach_accepted`) when
  the next thing happens without a ron;
- a new group of three or four tiles in a seat's meld area with a sideways tile: `chi`/`pon`/`daiminkan`
  from the seat the sideways tile points at (left kamicha, middle toimen, right shimocha); the called tile is
  the discard that leaves that seat's pond (its reading there, seen longer, wins over the meld's);
  a fourth tile stacked on a pon's sideways tile: `kakan`; four tiles with face-down middles: `ankan` (or
  its two face-up ends three pitches apart, read with a new indicator no kan accounts for);
- a new face-up tile in the dead wall: `dora`; the first one of a hand starts it (`start_kyoku`, whose round
  fields the game fills in);
- hands laid open: at a win one tile lies apart (the winning tile; `ron` on the last discard when that tile
  left its pond, else `tsumo`), giving `reveal` + `hora`; otherwise an exhaustive draw (`ryukyoku`).
The game side (engine) checks legality and scores; this module only reads the table.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

from riichi_table.engine.round_state import LIVE_WALL
from riichi_table.engine.tiles import DRAGONS, KIND_COUNT
from riichi_table.vision.discard_reread import reread_discards, reread_fifth_copies
from riichi_table.vision.hand_state import HandState, Meld
from riichi_table.vision.indicator_reread import reread_indicator
from riichi_table.vision.meld_reading import apart, kind_prob, laid_in_a_row, meld_reading, one_deep, stacked
from riichi_table.vision.pai_names import alternatives, odds, pai_of, pai_of_track
from riichi_table.vision.pond_turns import (
    GLIMPSED_SPOT_FRAMES,
    came_back,
    hidden_lately,
    left_pond,
    lingers,
    note_hidden,
    over_a_discard,
    past_guesses,
    past_row_end,
    pond_slot,
    waits_for_earlier,
)
from riichi_table.vision.riichi_reread import reread_riichi
from riichi_table.vision.shown_tenpai import could_be_tenpai
from riichi_table.vision.track import Track, TrackChanges, enforce_copies, footprint
from riichi_table.vision.zones import (
    Placed,
    TableGeometry,
    called_from,
    group_hand_row,
    is_meld_group,
    pond_order,
)

MELD_KIND_SHARE = 0.25  # a pon's other tiles: at least one with this share of its votes for the called kind
ALTERNATIVES = "_alternatives"  # private field of hora: second readings per shown tile (not mjai)
ODDS = "_odds"  # private field of hora: per shown tile, its share of votes per reading (not mjai)
# Private event (not mjai): a discard filled in as a guess was seen late; {"type", "actor", "nth": the
# actor's nth discard of this hand (0-based), "pai": what it was}. The game puts it in its place.
LATE_DAHAI = "_late_dahai"
# Its optional fields: "riichi": true when the tile lay sideways (a riichi declared with it); "places": every
# guessed place it could take, when more than one; "before_late": whether it lies before the seat's tile read
# late last time, in pond order, when that one is in view (riichi_table/assistant/reconcile.py).
# Private event (not mjai): a seat's discard read at its turn lies before the seat's tile read late (pond
# order), which took a guessed place: the two change places; {"type", "actor", "nth": the new discard's
# place (0-based, this hand), "late": the late tile's; "late_tile": true when the new discard was itself read
# late, into a guessed place after the other's}.
BEFORE_LATE = "_before_late"
# A table swept with at most this many turns short of the live wall's end is an exhaustive draw whose last
# discards were not read; more turns short, it is a hand swept early, recorded as it was read.
SWEPT_TURNS = 3
# Private event (not mjai): a call read after the caller's discard that followed it
# (`TableReader._late_call`); {"type", "target", "nth": the target's nth discard of this hand (0-based) it
# took, "call": the chi, pon or open kan event; "named": true when that discard was filled in as a guess,
# the called tile naming it}. The game puts the call in after that discard, in place of the caller's draw.
LATE_CALL = "_late_call"
# Private event (not mjai): calls read out of turn (`TableReader._call_out_of_turn`); {"type", "edits":
# every such call the record has not taken yet, oldest first, each {"target", "nth": the target's nth discard
# of this hand (0-based) it took, "call": the chi, pon or open kan event, and "pai" when that discard was
# never recorded and goes in as the target's nth}}. The game puts each in and the hand's turns in order again
# (riichi_table/assistant/resequence.py); the reader's `unplaced` is emptied when it does.
RESEQUENCE = "_resequence"
# The face-up ends of a concealed kan whose face-down middles were not seen lie this many tiles' widths apart,
# centre to centre (three tiles' pitches: a width and a gap of a few mm each)
KAN_ENDS_APART = (2.5, 3.6)
# A face read under a counted indicator as sure as this, once or twice before its track went, is that
# indicator's ura dora where none is read there when a riichi win is scored: the ura dora is turned only
# then, under each indicator (seed 002 3.3.14, Riichi). Seed 9191, white cloth, blue backs, 40 degrees,
# photographed faces: seat 0's ura dora, a 4p, was read once at 0.98; the light rose a step the next frame,
# its pale face was lost on the cloth, and the win was scored without it.
URA_GLIMPSE_SURE = 0.9
INDICATOR_APART = 0.75  # of a tile's width: a new indicator lies this far along the wall from a counted one
LATE_CALL_BACK = 2  # a late call is of one of the target's last this many discards still in its pond
WHITE_DRAGON = DRAGONS[0]  # 5z, a blank face: on white cloth the tile seen least
# Private event (not mjai): a concealed kan read after its seat's discard that followed it
# (`TableReader._late_kan`); {"type", "actor", "nth": the actor's nth discard of this hand (0-based) the kan
# came before, "kan": the ankan event, "dora_marker": its new indicator when read by then}. The game puts the
# kan, the indicator and the replacement draw before that discard.
LATE_KAN = "_late_kan"
# Private event (not mjai): a kan's new indicator read only after a discard that followed the kan;
# {"type", "dora_marker"}. The game puts it in right after the hand's last kan, where it was turned over
# (seed 002 3.3.5-3.3.7: a kan dora is revealed before the replacement draw).
LATE_DORA = "_late_dora"
KAN_EVENTS = ("ankan", "daiminkan", "kakan")  # the mjai events that lay a kan
LEFT_WAITING_FRAMES = 60  # a discard not yet counted that left its pond this recently may be a ron's tile
SETTLE_FRAMES = 6  # processed frames with no change in the hand rows before revealed hands are read
# A hand laid open that lay still this many processed frames, not yet SETTLE_FRAMES, and was then swept off
# the table with the rest within SWEPT_OPEN_FRAMES, is read as it lay last (`TableReader.update`).
SWEPT_QUIET = 3
SWEPT_OPEN_FRAMES = 10
EMIT_HITS = 3  # readings of a new discard before it is named (a stable track has them)
# A hand's first indicator is named once its votes for one kind (the namer's scores summed over its readings)
# reach START_VOTES and START_SHARE of them all, or after START_HITS readings whatever they give: it is never
# read again (seed 946, 37-44 degrees: a 4p counted 2p from three readings split 1.6 to 1.4, read on the
# felt's plane before the view was straightened at the faces' height; read 4p in almost every reading since).
START_VOTES = 5.0
START_SHARE = 0.7
START_HITS = 16
STUCK_FRAMES = 10  # processed frames waiting for a seat's discard before it is filled in
# A discard called before it counted is glimpsed in a track of its pond not counted yet or dropped at most
# GLIMPSE_FRAMES before the call was read (`TableReader._glimpse`); it was a riichi tile when that
# track lay sideways in most of its readings and in at least TAKEN_SIDEWAYS_TURNS of them (a tile just laid
# is cut as one wide cell for a frame or three at most: `track.SIDEWAYS_POND_EXTRA`).
GLIMPSE_FRAMES = 30
TAKEN_SIDEWAYS_TURNS = 3
# A hand row is remembered as it read this many turns before the live wall ran out, when no hand is shown
# yet (`TableReader._shown`).
STANDING_TURNS = 2


class TableReader:
    """Turns tracker changes into events; `events` collects them in order."""

    def __init__(
        self, geometry: TableGeometry | None = None, red_fives: bool = False, last_tile_calls: bool = False
    ) -> None:
        self.geo = geometry or TableGeometry()
        self.red_fives = red_fives
        # The rule preset's: whether the live wall's last discard may be called for a meld (seed 002 3.4.1:
        # for a win only), `_last_tile`.
        self.last_tile_calls = last_tile_calls
        self.hand = HandState()
        self.events: list[dict[str, Any]] = []
        self.warnings: list[str] = []
        self.tracks: dict[int, Track] = {}
        self.frame = 0
        # The felt is white cloth (`SurfaceColours.pale_felt`, told by the session each frame): a blank
        # face (a white dragon) can lie unseen in its pond.
        self.pale_felt = False
        self.tentative: tuple[Track, ...] = ()  # pond tracks not counted yet, this frame (the tracker's)

    # --- entry point ------------------------------------------------------------------------------------
    def update(self, changes: TrackChanges, stable: list[Track]) -> list[dict[str, Any]]:
        """Read one frame's changes; returns the new events."""
        start = len(self.events)
        enforce_copies(stable, first=self._standing_hand_row(stable))
        self.tracks = {t.id: t for t in stable}
        self.frame = changes.frame
        h = self.hand
        note_hidden(h, stable, changes.hidden, self.frame)
        h.dropped = [(f, t) for f, t in h.dropped if self.frame - f <= GLIMPSE_FRAMES]
        h.dropped += [(self.frame, t) for t in changes.dropped if t.area == "pond" and not t.face_down]
        h.dropped_hand += [
            t
            for t in changes.dropped
            if t.area == "pond" and not t.face_down and t.hits >= 2 and self._next_spot(t)
        ]
        self.tentative = changes.tentative
        for t in changes.dropped:
            self._ura_glimpse(t)
        for t in changes.gone:
            h.last_gone.add(t.id)
            if t.area == "pond":
                h.gone_at[t.id] = self.frame
            if t.id in h.waiting:
                h.left_waiting = (*h.waiting[t.id], self.frame)
                if t.area == "pond" and not t.face_down and self._next_spot(t):
                    h.dropped_hand.append(t)  # it never counted either
        if h.phase == "ended":
            if not any(t.area in ("pond", "dora") for t in stable):
                self.hand = HandState()
            return self.events[start:]
        if h.phase == "idle":
            # A new dead wall shows one tile face up, its indicator (seed 002 2.6); more read
            # face up at once are stacks whose backs are not known yet (the backs' colour is learned from the
            # dead wall itself: seed 533, white cloth, black backs, its first frames read six stacks as faces
            # and the hand started with one of them for its indicator).
            up = [t for t in stable if self._face_up_indicator(t)]
            if len(up) == 1 and (_sure_indicator(up[0]) or up[0].hits >= START_HITS):
                first = up[0]
                h.phase = "playing"
                h.dora, h.dora_u = [first.id], [first.u]
                h.dora_kind, h.dora_votes = first.kind, first.votes.copy()
                self._emit({"type": "start_kyoku", "dora_marker": pai_of_track(first)})
            return self.events[start:]
        if h.ponds != [[], [], [], []] and not any(t.area in ("pond", "dora") for t in stable):
            if h.last_open is not None and self.frame - h.last_open[0] <= SWEPT_OPEN_FRAMES:
                # A hand laid open was swept away with the table before it settled: read as it lay last (seed
                # 5101, wood felt, red backs, 37 degrees: seat 2's ron lay whole and still for five frames,
                # then the table was cleared; the win was lost, and the next hand read as this one's).
                self.warnings.append(
                    "the hand laid open was swept away before it had lain still long; read as it lay last"
                )
                self._end_hand(h.last_open[1], h.last_open[2])  # the ura dora as they lay then too
                self.hand = HandState()
                return self.events[start:]
            # Everything was swept away without a hand laid open: an exhaustive draw with nobody tenpai.
            # The last turns' discards may have lain too briefly to be read before the sweep (seed 211, white
            # cloth, blue backs, 40 degrees: the table cleared ten frames after seat 2's last discard); the
            # draw needs the live wall drawn out (seed 002 3.4.2): those few turns are filled in as guesses.
            short = LIVE_WALL - h.draws
            if 0 < short <= SWEPT_TURNS and h.next_seat is not None:
                for _ in range(short):
                    seat = h.next_seat
                    # A tile read at the seat's next spot, even once, is that turn's discard (seed 211, white
                    # cloth, blue backs, 40 degrees: seat 2's last discard, a 2s at its row's far end, read
                    # once in the frame before the sweep; guessed, it was recorded as a white dragon).
                    seen = self._glimpse(seat, None, hits=1)
                    if seen is not None:
                        self.warnings.append(
                            f"seat {seat}'s discard was read {seen.hits} time(s) before the table was swept: "
                            f"put in as read, {pai_of_track(seen)}"
                        )
                        self._discard(seen)
                        continue
                    self.warnings.append(
                        f"seat {seat}'s discard was not read before the table was swept; filled in as a guess"
                    )
                    h.phantoms[seat] += 1
                    self._discard(None, seat)
            self._accept()
            self._emit(
                {"type": "ryukyoku", "reason": "fanpai", "tenpais": [False] * 4, "tehais": [[], [], [], []]}
            )
            self._emit({"type": "end_kyoku"})
            self.hand = HandState()
            return self.events[start:]
        self._melds(stable)
        if len(h.dora) <= h.kans:
            # A kan's new indicator: one just counted, or one counted before its kan was read (a kan read
            # late: seed 2293, wood felt, 40 degrees), lying where no indicator was read (a track of the first
            # one lost and found again is that one).
            waiting = [t for t in stable if self._uncounted_indicator(t)]
            for t in sorted(waiting, key=lambda t: t.born):
                if len(h.dora) > h.kans:
                    break
                h.dora.append(t.id)
                h.dora_u.append(t.u)
                kind = LATE_DORA if self._discard_since_kan() else "dora"
                self._emit({"type": kind, "dora_marker": pai_of_track(t)})
        self._discards(stable)
        counted = {i for pond in h.ponds for i in pond}
        h.waiting = {
            t.id: (t.seat, t.kind)
            for t in stable
            if t.area == "pond" and t.id not in counted and not t.face_down
        }
        for moved in reread_riichi(h, self.tracks, self.geo):
            self._emit(moved)
            if moved["to"] is None:
                # The seat declared no riichi after all: a call read in its hand row while it was taken to
                # be in riichi is read again (seed 5519, white cloth, blue backs, 40 degrees: seat 1's blank
                # white dragon, read late and sideways, made a riichi; seat 1's pon of seat 3's S was left
                # out, and when the riichi was taken back six frames later the pon was not read again).
                seat = moved["actor"]
                h.ignored = {i for i in h.ignored if i not in self.tracks or self.tracks[i].seat != seat}
        for reread in reread_discards(h, self.tracks):
            self._emit(reread)
        for reread in reread_indicator(h, self.tracks):
            self._emit(reread)
        for reread in reread_fifth_copies(h, self.tracks, self._standing_hand_row(stable)):
            self._emit(reread)
        # A hand laid open settles in its hand row: a pond's or the dead wall's tiles found again under
        # another track wait nothing (seed 104, white cloth, blue backs, 40 degrees: seat 1's tsumo lay open
        # for 2.5 s while seat 1's pond and the dead wall were tracked afresh every few frames, and the
        # hand was swept away before six quiet frames came; the win was lost).
        in_hands = any(t.area == "hand" for t in (*changes.appeared, *changes.gone))
        self._reveals(stable, in_hands)
        return self.events[start:]

    def win_refused(self) -> None:
        """The game refused the win just read (no winning hand as read, even with second readings): it was no
        win, and the hand goes on. The tiles read as that hand, while they read so, are no hand laid open,
        and a discard put in as its winning tile, never read, becomes a guess, filled in when its tile is read
        (seed 6199, blue felt, green backs, 44 degrees, dim: seat 0's standing hand of nine, two pons laid,
        showed only its green tops and sides, cut as tiles a lying tile's size at that angle and named 3m 4m P
        P 2s N N 8p; read as a ron on seat 3's 8p sixty discards early, the hand ended there for the reader
        while the game refused it, and every later discard of the game went into that hand)."""
        h = self.hand
        if h.phase != "ended":
            return
        h.phase = "playing"
        h.refused_win.update(h.shown_win)
        h.revealing, h.reveal_quiet, h.last_open = False, 0, None
        if h.made_up_ron is not None:
            seat, nth = h.made_up_ron
            h.phantoms[seat] += 1
            h.phantom_nth[seat].append(nth)
            h.made_up_ron = None
        self.warnings.append("the hand laid open was no win as read: the hand goes on")

    def busy(self) -> bool:
        """Whether the reader is waiting for something to settle (a hand being laid open, a late discard)."""
        h = self.hand
        # A hand laid open is read after SETTLE_FRAMES processed frames without a change: still frames are not
        # skipped meanwhile (seed 5101, wood felt, red backs, 37 degrees: seat 2's ron lay open for 24
        # frames, its winning tile counted in the 18th, the five still frames after it were skipped, and the
        # table was swept before the hand settled; the win was lost).
        return h.stuck > 0 or bool(h.waited) or (h.phase == "playing" and h.revealing)

    def take_called(self) -> list[int]:
        """The pond tracks taken by calls since last asked: the tracker forgets them (`Tracker.forget`), so
        their place does not keep the called tile's name for the seat's next discard laid there."""
        taken, self.hand.taken = self.hand.taken, []
        return taken

    # --- pieces -----------------------------------------------------------------------------------------
    def _emit(self, event: dict[str, Any]) -> None:
        self.events.append(event)

    def _accept(self) -> None:
        h = self.hand
        if h.accept_pending is not None:
            self._emit({"type": "reach_accepted", "actor": h.accept_pending})
            h.accept_pending = None

    def _pond(self, seat: int, stable: list[Track], face_down: bool = False) -> list[Track]:
        """A seat's stable face-up pond tiles in pond order (rows of six); with `face_down`, those read as a
        back too (no discard lies face down: such a tile is one whose face was not read)."""
        tiles = [t for t in stable if t.seat == seat and t.area == "pond" and (face_down or not t.face_down)]
        placed = [Placed(i, t.u, t.v, t.width_u, t.sideways, t.face_down) for i, t in enumerate(tiles)]
        return [tiles[i] for i in pond_order(placed, self.geo)]

    def _unread_before(self, t: Track, stable: list[Track]) -> int:
        """How many tiles of `t`'s pond before it (pond order) were read as backs: discards whose faces were
        not read, each earlier than `t` in its seat's turns."""
        order = self._pond(t.seat, stable, face_down=True)
        ids = [x.id for x in order]
        if t.id not in ids:
            return 0
        h, half = self.hand, self.geo.tile_w / 2
        # A discard read before whose track was lost, seen as a back for a while, is no unread tile.
        read = [h.places[i] for i in h.ponds[t.seat] if i not in self.tracks and i in h.places]
        return sum(
            1
            for x in order[: ids.index(t.id)]
            if x.face_down and not any(abs(u - x.u) < half and abs(v - x.v) < half for u, v in read)
        )

    def _last_read_before(self, seat: int, t: Track, stable: list[Track]) -> int | None:
        """Of the seat's discards read before that lie before `t` in its pond (pond order), the track of the
        one with the latest place (the seat's nth discard); None when none does."""
        order = [x.id for x in self._pond(seat, stable)]
        if t.id not in order:
            return None
        h = self.hand
        before = [i for i in order[: order.index(t.id)] if i in h.ponds[seat] and i in h.discard_nth]
        return max(before, key=lambda i: h.discard_nth[i], default=None)

    def _new_pond_tiles(self, stable: list[Track]) -> list[list[Track]]:
        """Per seat, stable pond tiles not yet read as discards, in pond order (rows of six)."""
        seen = {i for pond in self.hand.ponds for i in pond}
        return [
            [
                t
                for t in self._pond(seat, stable)
                if t.id not in seen
                and t.id not in self.hand.taken
                and not lingers(self.hand, self.geo, seat, t)
                and not came_back(self.hand, self.tracks, self.geo, seat, t)
                and not over_a_discard(self.hand, self.tracks, self.geo, seat, t)
                and not past_row_end(self.hand, self.tracks, self.geo, seat, t)
            ]
            for seat in range(4)
        ]

    def _discards(self, stable: list[Track]) -> None:
        """Read new discards in turn order; a seat whose discard was never seen is filled in after a while."""
        h = self.hand
        while True:
            new = self._new_pond_tiles(stable)
            if h.next_seat is None:
                waiting = [s for s in range(4) if new[s]]
                if not waiting:
                    return
                h.next_seat = waiting[0]
            seat = h.next_seat
            later = sum(len(n) for n in new) > len(new[seat])
            if new[seat] and (new[seat][0].hits >= EMIT_HITS or later or len(new[seat]) > 1):
                t = new[seat][0]
                unread = self._unread_before(t, stable)
                # With guesses: as many faceless tiles before it as guesses show the guessed spots; none is
                # waited for.
                may_wait = not h.phantoms[seat] or unread < h.phantoms[seat]
                if not h.phantoms[seat] and self._glimpse(seat, None) is not None:
                    h.glimpsed_wait.add(t.id)  # its wait stays long once the glimpse is too old to find
                glimpsed = t.id in h.glimpsed_wait
                if may_wait and waits_for_earlier(h, self.tracks, self.geo, seat, t, glimpsed):
                    return
                h.glimpsed_wait.discard(t.id)
                if self._blank_before(seat, t, new):
                    self.warnings.append(
                        f"seat {seat}'s discard lies unseen before its {pai_of_track(t)}: guessed a white "
                        "dragon, as blank as the cloth"
                    )
                    h.phantoms[seat] += 1
                    h.stuck = 0
                    h.waited[t.id] = GLIMPSED_SPOT_FRAMES  # waited once: read in its own turn as it comes
                    self._discard(None, seat)
                    continue
                if unread > h.phantoms[seat]:
                    # More tiles without a face before it than guesses: this turn's discard is one of them
                    # (guessed), and the tile is a later turn's.
                    self.warnings.append(f"seat {seat}'s discard lies unread in its pond; guessed")
                    h.phantoms[seat] += 1
                    h.stuck = 0
                    self._discard(None, seat)
                    continue
                if h.phantoms[seat] and unread < h.phantoms[seat] and not self._past_blank(seat, t):
                    # The discard that was filled in earlier shows up at last: it is the earliest guessed one
                    # after the tiles before it in the pond that still show no face (pond order), and the
                    # record gets the tile in that place, not a shifted turn. With as many faceless tiles
                    # before it as guesses, it is no late tile but this turn's discard (below).
                    self._late(seat, t, stable, unread, more=bool(new[seat][1:]))
                    continue
                h.stuck = 0
                self._discard(t)
                self._before_late(seat, t, stable)
                # A call of it that was read already (its meld laid before the discard counted: the
                # called tile was read a few times only) goes in before the next seat's discard, which is
                # then the caller's (seed 1013, white cloth, 37 degrees: seat 3's pon of a N read late was
                # put after three more discards, with the N recorded twice).
                self._melds(stable)
                continue
            if new[seat]:
                return  # read a few more times before the tile is named for good
            others = sum(len(n) for n in new)
            h.stuck = h.stuck + 1 if others else 0
            if others >= 2 and h.stuck > STUCK_FRAMES:
                self.warnings.append(f"seat {seat}'s discard was not read; filled in as a guess")
                h.phantoms[seat] += 1
                h.stuck = 0
                self._discard(None, seat)
                continue
            return

    def _late(self, seat: int, t: Track, stable: list[Track], unread: int, more: bool) -> None:
        """`t`, a tile of `seat`'s pond with `unread` faceless tiles before it, is a discard filled in earlier
        as a guess, shown at last (`more`: more of the seat's new tiles after it): it takes its guessed place
        (`LATE_DAHAI`)."""
        h = self.hand
        h.phantoms[seat] -= 1
        h.ponds[seat].append(t.id)
        places = list(h.phantom_nth[seat])
        h.places[t.id] = (t.u, t.v)
        # The earliest guessed place after the faceless tiles before it, yet none before the place of a
        # discard read before it that lies before it in the pond: only the faceless tiles between the two
        # count then (seed 5237, white cloth, 40 degrees: seat 1's 9p, read late after its E, took the place
        # guessed before the E, that of a 2p never seen).
        floor, between = self._last_read_before(seat, t, stable), unread
        if floor is not None and (after := [n for n in places if n > h.discard_nth[floor]]):
            places = after
            between -= self._unread_before(self.tracks[floor], stable)
        nth = places[min(max(between, 0), len(places) - 1)]
        h.phantom_nth[seat].remove(nth)
        late: dict[str, Any] = {
            "type": LATE_DAHAI,
            "actor": seat,
            "nth": nth,
            "pai": pai_of_track(t),
        }
        h.discard_nth[t.id] = nth
        if t.sideways and seat not in h.riichi and not self._called(seat):
            # Laid sideways: it was the riichi discard (seed 002 3.3.14), unless the seat has called since,
            # which a riichi hand cannot (a tile first cut sideways, as `_discard` reads it: seed 9871, white
            # cloth, photographed faces, a red dragon shown after its seat's pon).
            late["riichi"] = True
            h.riichi.add(seat)
            h.riichi_at[seat] = (t.id, nth)
        if len(places) > 1 and not more and not between:
            # More of its discards were guessed than tiles came to light: which place this one takes is not
            # seen (the earliest is the best guess; the game may ask).
            late["places"] = places
        earlier = [i for i in h.late_ids[seat] if i in self.tracks]
        rotate = False
        if earlier:
            # The seat's tile read late before is in view too: the pond shows their order.
            order = [x.id for x in self._pond(seat, stable)]
            if earlier[-1] in order:
                after_it = [i for i in earlier if i in order and order.index(i) > order.index(t.id)]
                # Before two or more of them (seed 1499, wood felt, 40 degrees: seat 2's riichi 4s read after
                # its 2p and 5m, each read late): it changes places with each.
                rotate = len(after_it) >= 2
                if not rotate:
                    late["before_late"] = order.index(t.id) < order.index(earlier[-1])
        h.late_ids[seat].append(t.id)
        self._emit(late)
        if rotate:
            self._before_late(seat, t, stable, late=True)

    def _before_late(self, seat: int, t: Track, stable: list[Track], late: bool = False) -> None:
        """`t`, just read as `seat`'s discard at its turn, lies before tiles of the seat read before it in
        its pond (a row's far end hidden longer than the next row's first tile: seed 1234, white cloth, 37
        degrees, seat 1's F lost in most frames while the W after it showed; seed 1499, wood felt, seat 2's
        riichi 4s hidden while three discards after it showed): those took places, guessed or at their
        turns, that were `t`'s and each other's, so `t` changes places with each in turn, the latest first
        (BEFORE_LATE), and the last of them is the last discard. A riichi goes with its tile. With `late`,
        `t` is itself a tile read late, put in a guessed place after theirs (its events say so:
        `"late_tile": true`)."""
        h = self.hand
        order = [x.id for x in self._pond(seat, stable)]
        nth = h.discard_nth.get(t.id)
        if t.id not in order or nth is None:
            return
        earlier = list(h.late_ids[seat])
        # The seat's last discard, recorded at its turn, lying last in its pond just after `t`: the two were
        # read the other way round (seed 946, wood felt, red backs, 37 degrees: seat 1's 9p at its first
        # row's end was lost after one reading while its 9m, the next row's first tile, counted at that turn;
        # the 9p counted at the next). Only the pond's two newest tiles: a tile placed first in pond order
        # behind many discards is misplaced, not late.
        if len(order) >= 2 and order[-2] == t.id and h.discard_nth.get(order[-1]) == nth - 1:
            earlier.append(order[-1])
        # A discard recorded at its turn that lies after `t` and after a tile read late `t` lies before, and
        # was recorded after that tile: it took `t`'s place too, and moves on with the tile read late (seed
        # 6199, wood felt, 37 degrees: seat 0's 9p, read at its next turn, lay before its 9s, read late, and
        # its 5s, recorded at its turn; changing places with the 9s alone left 9p 5s 9s).
        stamped = [
            h.discard_nth[i]
            for i in earlier
            if i in order and order.index(i) > order.index(t.id) and h.discard_nth.get(i, nth) < nth
        ]
        if stamped:
            behind = order[order.index(t.id) + 1 :]
            earlier += [i for i in behind if min(stamped) < h.discard_nth.get(i, -1) < nth]
        after = sorted(
            (
                (h.discard_nth[i], i)
                for i in set(earlier)
                if i in order and order.index(i) > order.index(t.id) and h.discard_nth.get(i, nth) < nth
            ),
            reverse=True,
        )
        for late_nth, i in after:
            event: dict[str, Any] = {"type": BEFORE_LATE, "actor": seat, "nth": nth, "late": late_nth}
            if late:
                event["late_tile"] = True
            self._emit(event)
            h.discard_nth[t.id], h.discard_nth[i] = late_nth, nth
            for s_id, at in list(h.riichi_at.items()):
                if at[0] in (t.id, i):
                    h.riichi_at[s_id] = (at[0], h.discard_nth[at[0]])
            if nth == h.dahai_count[seat] - 1:
                h.last_discard = (seat, i, self.tracks[i].kind)
            nth = late_nth

    def swap_guessed(self, seat: int, taken: int, freed: int) -> None:
        """The game put a tile read late at `seat`'s discard `taken` (0-based) instead of `freed`: `freed` is
        the one still guessed (a later late tile of that seat fills it)."""
        nths = self.hand.phantom_nth[seat]
        if taken in nths:
            self.hand.phantom_nth[seat] = sorted([freed if n == taken else n for n in nths])

    def _blank_before(self, seat: int, t: Track, new: list[list[Track]]) -> bool:
        """Whether, on white cloth, `t` is a later turn's discard of `seat`, the one of this turn lying unseen
        in the spot before it: that spot stayed empty while `t` waited for it (`waits_for_earlier`), and the
        seats after this one show new discards, so this turn was played. The turn is guessed (`_guess`: a
        white dragon, the one face as white as the cloth, outlined only where the light shows its rim) and
        put right when its tile shows (seed 211, white cloth, blue backs, 40 degrees, full light: seat 1's
        8m unread while the E it discarded a round later lay in the spot beyond; read at once, the E would
        have taken the 8m's turn)."""
        h = self.hand
        if not self.pale_felt or sum(len(n) for s, n in enumerate(new) if s != seat) < 2:
            return False
        ahead = len(h.ponds[seat]) + h.phantoms[seat]
        return pond_slot(h, self.tracks, self.geo, seat, t) == ahead + 1

    def _past_blank(self, seat: int, t: Track) -> bool:
        """Whether, on white cloth, `t` still lies beyond every spot the seat's read and guessed discards
        take once it waited for them (`waits_for_earlier`): it is this turn's discard, and a guessed one
        stays guessed, a blank face unseen in its spot (seed 211, white cloth, blue backs, 40 degrees, full
        light: seat 1's white dragon, never seen, was guessed, and its next discard, a 9p a spot beyond,
        was taken for the guessed tile read late; the ron after it was read off the wrong seat)."""
        return self.pale_felt and past_guesses(self.hand, self.tracks, self.geo, seat, t)

    def _discard(
        self, t: Track | None, seat: int | None = None, kind: int | None = None, sideways: bool = False
    ) -> None:
        """Emit a discard: of track `t`, or of `seat` without a tile seen (`kind` when the tile is known
        otherwise, as a called tile is, and `sideways` when it was seen to lie sideways before it counted;
        else a guess, filled in when the tile is seen at last)."""
        h = self.hand
        seat = t.seat if t is not None else seat
        assert seat is not None
        self._accept()
        if h.just_called != seat:
            self._emit({"type": "tsumo", "actor": seat, "pai": "?"})
            h.draws += 1
        h.just_called = None
        sideways = t.sideways if t is not None else sideways
        # Riichi is declared on a concealed hand only (seed 001 "Riichi", seed 002 3.3.14): a sideways
        # discard after a call is a misread or the rotated tile of a riichi whose own tile was called.
        riichi_now = sideways and seat not in h.riichi and not self._called(seat)
        if riichi_now:
            self._emit({"type": "reach", "actor": seat})
            h.riichi.add(seat)
        if t is not None:
            pai = pai_of_track(t)
        elif kind is not None:
            pai = pai_of(kind)
        else:
            pai = self._guess()
            h.phantom_nth[seat].append(h.dahai_count[seat])
        h.dahai_count[seat] += 1
        self._emit({"type": "dahai", "actor": seat, "pai": pai, "tsumogiri": False})
        if riichi_now:
            h.accept_pending = seat
        if t is not None:
            h.ponds[seat].append(t.id)
            h.places[t.id] = (t.u, t.v)
            h.discard_nth[t.id] = h.dahai_count[seat] - 1
            h.discard_kind[t.id] = t.kind
            h.discard_votes[t.id] = t.votes.copy()
            h.discard_born[t.id] = (seat, t.born)
            if riichi_now:
                h.riichi_at[seat] = (t.id, h.dahai_count[seat] - 1)
            h.last_discard = (seat, t.id, t.kind)
        else:
            h.last_discard = (seat, -1, -1 if kind is None else kind)
        h.last_actor = seat
        h.next_seat = (seat + 1) % 4

    def _called(self, seat: int) -> bool:
        """Whether `seat` holds a meld called from another seat (a concealed kan keeps a hand concealed)."""
        return any(m.kind != "ankan" for m in self.hand.melds[seat])

    def _unseen_turns(self, seat: int) -> None:
        """A kan is made in its seat's own turn, after its draw (seed 002 3.3.6): the seats whose turns came
        before it discarded, unseen (a pond under an arm, a tile not read often enough yet: seed 1234, white
        cloth, 37 degrees, seat 0's concealed kan read before seat 3's N, which the game then refused). Each
        such discard is filled in as a guess, as a turn nobody saw is, and put in its place when its tile
        is read."""
        h = self.hand
        for _ in range(3):
            if h.next_seat is None or h.next_seat == seat:
                return
            late = h.next_seat
            self.warnings.append(f"seat {late}'s discard was not read before seat {seat}'s kan; guessed")
            h.phantoms[late] += 1
            self._discard(None, late)

    def _self_draw(self, seat: int) -> None:
        """A concealed or added kan is made after the seat's draw, which the camera does not see: emit it."""
        h = self.hand
        self._accept()
        if h.just_called != seat:
            self._emit({"type": "tsumo", "actor": seat, "pai": "?"})
            h.draws += 1
        h.just_called = None

    def _guess(self) -> str:
        """A stand-in for a discard nobody saw: the kind least seen on the table (keeps copies legal); on
        white cloth a white dragon while fewer than four are seen, the one face as blank as the cloth."""
        counts = [0] * KIND_COUNT
        for t in self.tracks.values():
            if t.kind >= 0:
                counts[t.kind] += 1
        white = pai_of(WHITE_DRAGON)
        if self.pale_felt and counts[WHITE_DRAGON] + self._guessed(white) < 4:
            return white
        return pai_of(min(range(KIND_COUNT), key=lambda k: (counts[k], k)))

    def _guessed(self, pai: str) -> int:
        """How many of this hand's guessed discards, not seen yet, were guessed `pai` (a tile in view and a
        guess of its kind are two copies: a guess never makes a fifth)."""
        start = max((i for i, e in enumerate(self.events) if e["type"] == "start_kyoku"), default=0)
        per_seat: list[list[str]] = [[] for _ in range(4)]
        for e in self.events[start:]:
            if e["type"] == "dahai":
                per_seat[e["actor"]].append(e["pai"])
        return sum(
            1
            for seat, nths in enumerate(self.hand.phantom_nth)
            for nth in nths
            if nth < len(per_seat[seat]) and per_seat[seat][nth] == pai
        )

    def _placed(self, seat: int, stable: list[Track]) -> list[tuple[Placed, Track]]:
        # A face-up reading named "back" is the top of a standing tile: no tile of a meld or an open hand.
        row = [t for t in stable if t.seat == seat and t.area == "hand" and (t.face_down or t.kind >= 0)]
        return [(Placed(i, t.u, t.v, t.width_u, t.sideways, t.face_down), t) for i, t in enumerate(row)]

    def _melds(self, stable: list[Track]) -> None:
        h = self.hand
        for seat in range(4):
            placed = self._placed(seat, stable)
            lookup = {p.index: t for p, t in placed}
            groups = group_hand_row([p for p, _ in placed], self.geo)
            kinds = {p.index: t.kind for p, t in placed}
            parts = (part for g in groups for part in apart(g, kinds))
            for group in (run for part in parts for run in self._beside_melds(seat, part)):
                if len(group) > 4 and any(p.face_down for p in group):
                    # A concealed kan lies one tile deep: a reading off its line over one of its tiles (a
                    # side and the felt beyond it read as a face) is none of it (seed 2293, white cloth,
                    # 37 degrees: a 4m over the 8p at the kan's end, and the kan was never read). An added
                    # kan's two stacked tiles are all face up.
                    group = one_deep(group, self.geo.tile_w)
                if not is_meld_group(group):
                    continue
                tracks = [lookup[p.index] for p in group]
                ids = {t.id for t in tracks}
                known = next((m for m in h.melds[seat] if set(m.tracks) & ids), None)
                if ids & h.ignored:
                    continue
                if known is None and seat in h.riichi and not any(t.face_down for t in tracks):
                    # A riichi player's hand is fixed: no chi, pon or open kan (seed 002 3.3.14); only a
                    # concealed kan (face-down tiles) may follow. This reading is something else.
                    h.ignored |= ids
                    self.warnings.append(f"seat {seat} is in riichi: a call read there is not one, left out")
                    continue
                if known is None and self._meld_there(seat, group):
                    continue  # a meld read before, cut again into new cells (its tracks new)
                if known is None:
                    self._new_meld(seat, group, tracks)
                elif known.kind == "pon" and len(ids) == 4 and not set(known.tracks) >= ids:
                    added = next(t for t in tracks if t.id not in known.tracks)
                    where = next(p for p in group if lookup[p.index].id == added.id)
                    if not stacked(where, group):
                        # An added kan tile lies sideways beside the called one (seed 002 3.3.6, 3.3.8); any
                        # other reading at a pon (a standing tile's top, a stick, a view just recalibrated)
                        # is none.
                        continue
                    known.kind, known.tracks = "kakan", [t.id for t in tracks]
                    consumed = [pai_of(known.called)] * 3
                    # It is the pon's fourth tile, whatever the reading (a red five keeps its red).
                    pai = pai_of_track(added) if added.kind == known.called else pai_of(known.called)
                    self._unseen_turns(seat)
                    self._self_draw(seat)
                    self._emit({"type": "kakan", "actor": seat, "pai": pai, "consumed": consumed})
                    h.kans += 1
                    h.just_called = None
                    h.next_seat = seat
            self._kan_backs_unseen(seat, placed)

    def _kan_backs_unseen(self, seat: int, placed: list[tuple[Placed, Track]]) -> None:
        """A concealed kan whose face-down middles were not seen: its two face-up ends, upright, of one kind,
        three tiles' pitches apart with nothing read between them, while a new indicator lies turned over in
        the dead wall that no kan read accounts for, turned since the seat's discard before its last (seed
        002 3.3.7: a kan turns one). Seed 8369, blue felt, blue backs, 44 degrees, light 0.55: seat 0's kan
        of 3m, its two face-down tiles (L 46-59) within the dim felt's reach (L 30) and mat, was never read,
        its 1m indicator with it."""
        h = self.hand
        turned = self._turned_indicator()
        if turned is None or len(h.dora) <= h.kans:
            return
        ours = [self.tracks[i].born for i in h.ponds[seat][-2:] if i in self.tracks]
        if len(ours) == 2 and turned.born <= ours[0]:
            return
        faces = sorted(
            (
                (p, t)
                for p, t in placed
                if not p.face_down and not p.sideways and t.id not in h.ignored and not self._in_meld(seat, p)
            ),
            key=lambda pt: pt[0].u,
        )
        lo, hi = (k * self.geo.tile_w for k in KAN_ENDS_APART)
        for i, (a, ta) in enumerate(faces):
            for b, tb in faces[i + 1 :]:
                if tb.kind != ta.kind or not lo <= b.u - a.u <= hi or abs(b.v - a.v) > self.geo.tile_w / 2:
                    continue
                if any(a.u < p.u < b.u and abs(p.v - a.v) < self.geo.tile_h / 2 for p, _ in placed):
                    continue
                self.warnings.append(
                    f"seat {seat}'s concealed kan of {pai_of(ta.kind)} was read by its face-up ends and the "
                    "new indicator: its face-down tiles were not seen"
                )
                self._ankan(seat, [a, b], [ta, tb])
                return

    def _new_meld(self, seat: int, group: list[Placed], tracks: list[Track]) -> None:
        h = self.hand
        if len(tracks) == 4 and any(t.face_down for t in tracks):
            self._ankan(seat, group, tracks)
            return
        # An added-kan tile lies on top of the sideways one: leave it out when reading the shape.
        flat = [p for p in group if not stacked(p, group)]
        target = called_from(seat, flat)
        if target is None or len(flat) not in (3, 4):
            return
        if not laid_in_a_row(flat, self.geo.tile_w):
            self._refuse(seat, tracks, "its tiles do not lie side by side in one row (a standing hand?)")
            return
        side = next(i for i, p in enumerate(flat) if p.sideways)
        by_index = {p.index: t for p, t in zip(group, tracks, strict=True)}
        target = self._taken_from(seat, target, [by_index[p.index] for p in flat])
        called = by_index[flat[side].index]
        others = [by_index[p.index] for i, p in enumerate(flat) if i != side]
        called_kind = called.kind
        if (h.last_discard is None or h.last_discard[0] != target) and self._late_call(
            seat, target, called, others, tracks, flat
        ):
            return
        if self._call_out_of_turn(seat, target, called, others, tracks, flat):
            return
        if self._last_tile(target):
            # The live wall's last discard is claimed for a win only (seed 002 3.4.1): nothing is made up for
            # such a call (seed 7955, green felt and backs, 40 degrees: as the hand ended in a draw, seat 0's
            # standing hand going down, read as tiles lying sideways, took an 8m made up for seat 3's last
            # discard under an arm; the game refused the pon, the 8m stayed, and seat 3's 1s was lost).
            self._refuse(seat, tracks, "the live wall is drawn out: its last discard is for a win only")
            return
        if h.last_discard is None or h.last_discard[0] != target:
            if not self._goes_with(seat, target, called.kind, others):
                # No discard is made up for a call its own tiles refuse (seed 7955, green felt and backs, 40
                # degrees: as a hand ended in a draw, two of seat 0's standing tops read as white dragons
                # lying sideways, beside a cell named 8p, took an 8p made up for seat 3's pond, hidden under
                # an arm; the call was refused, the 8p stayed, and seat 3's last discard, a 1s, was lost).
                self._refuse(seat, tracks, f"its tiles do not go with the discard ({pai_of(called.kind)})")
                return
            self._discard_called(seat, target, called)
        if h.last_discard is None or h.last_discard[0] != target:
            # Only the last discard can be called (seed 002 3.3.1): without one of the target's, the game
            # would refuse the call; the reader keeps out of its record what the game could not take.
            self._refuse(seat, tracks, f"the last discard read is not seat {target}'s")
            return
        d_id = h.last_discard[1]
        if h.last_discard[2] >= 0:
            called_kind = h.last_discard[2]  # the pond saw this tile longer than the meld has
        if not self._goes_with(seat, target, called_kind, others):
            # A pon (or chi, or open kan) of tiles not of the discard's kind (or its neighbours) is none:
            # seed 318, white cloth, black backs, 37 degrees: four of seat 0's standing tops, one cut
            # sideways, read as P, P, 2s and C, made an open kan of seat 3's E just discarded. A meld cut
            # again into new cells when its sideways tile's place flickers (44 degrees) was read as a second
            # pon of whatever was discarded last (seed 104, hard). The discard stays in its pond: a pon
            # laid before the tile it takes was read, refused against the target's discard before (a 1s),
            # took that one from the pond and had the tracker forget it; found again, it was recorded as a
            # new discard (seed 1013, white cloth, 37 degrees).
            self._refuse(seat, tracks, f"its tiles do not go with the discard ({pai_of(called_kind)})")
            return
        h.ponds[target] = [i for i in h.ponds[target] if i != d_id]
        if h.riichi_at.get(target, (None, 0))[0] == d_id:
            # a riichi tile called: its orientation is not seen again, its seat's next discard's is
            h.called_riichi[target] = h.riichi_at.pop(target)[1]
        if d_id in self.tracks:
            # Its track goes at once (the tracker forgets it), and a reading of it born about now is it
            # still, not a new discard.
            h.taken.append(d_id)
            place = self.tracks[d_id]
            h.called_at.append((target, place.u, place.v, self.frame, called_kind))
        call = self._meld_call(seat, target, called_kind, others, tracks, flat)
        kind_name = call["type"]
        self._accept()
        self._emit(call)
        if kind_name == "daiminkan":
            h.kans += 1
            h.just_called = None
        else:
            h.just_called = seat
        h.last_actor = seat
        h.next_seat = seat

    def _ankan(self, seat: int, group: list[Placed], tracks: list[Track]) -> None:
        """Record a concealed kan of the kind its face-up tiles show (in its turn, or dated back)."""
        h = self.hand
        faces = [t for t in tracks if not t.face_down]
        kind = faces[0].kind if faces else -1
        if kind < 0:
            return
        red = self.red_fives and kind in (4, 13, 22)
        consumed = [pai_of(kind)] * 3 + [pai_of(kind, red)]
        h.melds[seat].append(Meld([t.id for t in tracks], "ankan", kind, _span(group)))
        if self._late_kan(seat, tracks, consumed):
            return
        self._unseen_turns(seat)
        self._self_draw(seat)
        self._emit({"type": "ankan", "actor": seat, "consumed": consumed})
        h.kans += 1
        h.just_called = None
        h.next_seat = seat

    @staticmethod
    def _goes_with(seat: int, target: int, kind: int, others: list[Track]) -> bool:
        """Whether a call's other tiles go with the called `kind` (the same kind, or its neighbours for a chi:
        one of them named so in MELD_KIND_SHARE of its readings); two or more are needed to tell."""
        partners = _meld_partners(seat, target, kind)
        return len(others) < 2 or any(kind_prob(t, k) >= MELD_KIND_SHARE for t in others for k in partners)

    def _meld_call(
        self, seat: int, target: int, kind: int, others: list[Track], tracks: list[Track], flat: list[Placed]
    ) -> dict[str, Any]:
        """The meld of `seat`'s call of `target`'s `kind` kept in the hand's state; its chi, pon or open kan
        event (`meld_reading` names it from the other tiles)."""
        kind_name, consumed_kinds = meld_reading(seat, target, kind, others, len(flat))
        self.hand.melds[seat].append(Meld([t.id for t in tracks], kind_name, kind, _span(flat)))
        return {
            "type": kind_name,
            "actor": seat,
            "target": target,
            "pai": pai_of(kind),
            "consumed": [pai_of(k) for k in consumed_kinds],
        }

    def _late_call(
        self,
        seat: int,
        target: int,
        called: Track,
        others: list[Track],
        tracks: list[Track],
        flat: list[Placed],
    ) -> bool:
        """A call read after the caller's discard that followed it: laid while an arm or the caller's own
        hand hid the meld, the caller's discard counted first (seed 2161, white cloth, 37 degrees: seat 1's
        pon of seat 0's 2s read after seat 1's 7s and two more turns, when seat 0's 7p lay where the 2s had
        lain; the game then had a 2s of seat 0's made up before the pon, and its 7p as the 2s's reading).
        It is one when the target's latest discard read is of the called kind, the discard read right after
        it is the caller's, and the tile has left its place (its track gone, unread, or read as another
        tile since: the target's next discard laid there). The call goes in after that discard
        (`LATE_CALL`); the turns read since stand.

        The target's discard before its latest is looked at too (LATE_CALL_BACK): a meld at a table's corner
        cut another way in each frame was read a whole round late, when the target had discarded again
        (seed 4801, blue felt, yellow backs, 37 degrees: seat 2's chi of seat 1's 4p, read after seat 1's
        9m; a 4p of seat 1's was made up before it, and each later discard of the seat went in a turn
        late).

        The target's latest discard filled in as a guess (never seen: its pond hidden while it lay there)
        is one too, the called tile naming it (seed 8919, wood felt and white cloth, photographed faces:
        seat 2's N lay in its pond only while the camera shook, and seat 3's pon of it was read after
        seat 3's next discard; the pon was put in a hand later, to another seat's discard)."""
        h = self.hand
        # The hand's discards as emitted (their seats in turn order; a place moved later keeps its seat).
        start = max(i for i, e in enumerate(self.events) if e["type"] == "start_kyoku")
        seats = [e["actor"] for e in self.events[start:] if e["type"] == "dahai"]
        at = [i for i, s in enumerate(seats) if s == target]

        def caller_next(nth: int) -> bool:  # the discard read right after the target's `nth` is the caller's
            return nth < len(at) and at[nth] + 1 < len(seats) and seats[at[nth] + 1] == seat

        kind, t, d_id, guessed = called.kind, None, None, None
        for d_id in reversed(h.ponds[target][-LATE_CALL_BACK:]):
            kind, nth = h.discard_kind.get(d_id), h.discard_nth.get(d_id)
            if kind is None or nth is None or kind != called.kind or not caller_next(nth):
                continue
            t = self.tracks.get(d_id)
            if t is not None and not left_pond(self.tracks, self.frame, d_id) and t.kind == kind:
                continue
            break
        else:
            d_id, t, kind = None, None, called.kind
            recorded = [n for i in h.ponds[target] if (n := h.discard_nth.get(i)) is not None]
            guessed = max(h.phantom_nth[target], default=None)
            if guessed is None or guessed < max(recorded, default=-1) or not caller_next(guessed):
                return False
            nth = guessed
        if not self._goes_with(seat, target, kind, others):
            return False
        if guessed is not None:
            h.phantoms[target] -= 1
            h.phantom_nth[target].remove(guessed)
        else:
            h.ponds[target] = [i for i in h.ponds[target] if i != d_id]
            if h.riichi_at.get(target, (None, 0))[0] == d_id:
                h.called_riichi[target] = h.riichi_at.pop(target)[1]
        if t is not None:
            h.taken.append(d_id)  # the tracker forgets it: what lies there now is read as a new tile
        call = self._meld_call(seat, target, kind, others, tracks, flat)
        kind_name = call["type"]
        if kind_name == "daiminkan":
            h.kans += 1
        h.draws -= 1  # the caller's turn began with the call, not a draw
        late: dict[str, Any] = {"type": LATE_CALL, "target": target, "nth": nth, "call": call}
        if guessed is not None:
            late["named"] = True
        self._emit(late)
        self.warnings.append(
            f"seat {seat}'s {kind_name} of seat {target}'s {pai_of(kind)} was read after seat {seat}'s "
            "discard that followed it: put in before that discard"
        )
        return True

    def _call_out_of_turn(
        self,
        seat: int,
        target: int,
        called: Track,
        others: list[Track],
        tracks: list[Track],
        flat: list[Placed],
    ) -> bool:
        """A call of a discard of the target's that turns read since came after: the record's order of the
        turns between is wrong, not just the call's place (seed 5927, white cloth, blue backs, 40 degrees:
        seat 0's C lay six frames and was called by seat 2 while seat 3's 9p before it was still unread, so
        it never counted; seat 2's F, seat 3's 9s and seat 0's 7s went in as if no call had been, and seat
        0's pon of seat 1's 8s, read next, had an 8s of seat 1's made up before it). The discard it took is
        either one of the target's recorded discards that has left the pond since, not its last, or a tile
        of its pond that went before it counted (`HandState.dropped_hand`), laid before one of its recorded
        discards: it goes in before that one. The call is kept in `unplaced` and sent with every such call
        not taken yet (`RESEQUENCE`): two calls read out of turn may each need the other to make one order.
        The meld is the seat's from now on either way."""
        h = self.hand
        kind = called.kind
        last = h.last_discard
        if last is not None and last[0] == target and not (last[2] >= 0 and last[2] != kind):
            return False  # the target's last discard: an ordinary call
        partners = _meld_partners(seat, target, kind)
        if len(others) < 2 or not all(
            any(kind_prob(o, k) >= MELD_KIND_SHARE for k in partners) for o in others
        ):
            return False
        edit: dict[str, Any] | None = None
        for d_id in reversed(h.ponds[target]):
            if h.discard_kind.get(d_id) != kind or (last is not None and d_id == last[1]):
                continue
            t = self.tracks.get(d_id)
            if t is not None and (t.kind == kind or not left_pond(self.tracks, self.frame, d_id)):
                continue
            edit = {"target": target, "nth": h.discard_nth[d_id]}
            h.ponds[target] = [i for i in h.ponds[target] if i != d_id]
            if h.riichi_at.get(target, (None, 0))[0] == d_id:
                h.called_riichi[target] = h.riichi_at.pop(target)[1]
            if t is not None:
                h.taken.append(d_id)
                h.called_at.append((target, t.u, t.v, self.frame, kind))
            break
        if edit is None and self._glimpse(target, kind) is None:  # a glimpse: the target's next discard
            edit = self._dropped_discard(target, kind)
        if edit is None:
            return False
        call = self._meld_call(seat, target, kind, others, tracks, flat)
        if call["type"] == "daiminkan":
            h.kans += 1
        edit["call"] = call
        h.unplaced.append(edit)
        self._emit({"type": RESEQUENCE, "edits": [dict(e) for e in h.unplaced]})
        self.warnings.append(
            f"seat {seat}'s {call['type']} of seat {target}'s {pai_of(kind)} was read after turns that came "
            "after it: the hand's turns put in order again"
        )
        return True

    def _discarded_after(self, seat: int, called: Track) -> bool:
        """Whether `seat`, whose meld's called tile is `called`, has laid a tile at its next pond spot since
        the meld was laid (in the target's turn, the discard that follows a call)."""
        new = self._new_pond_tiles(list(self.tracks.values()))[seat]
        return any(t.born > called.born and self._next_spot(t) for t in new)

    def _next_spot(self, t: Track) -> bool:
        """Whether a pond track lies at its seat's next spot (after the discards recorded), as a discard laid
        now does."""
        h = self.hand
        return pond_slot(h, self.tracks, self.geo, t.seat, t) == len(h.ponds[t.seat]) + h.phantoms[t.seat]

    def _dropped_discard(self, target: int, kind: int) -> dict[str, Any] | None:
        """A tile of `kind` that lay at seat `target`'s next pond spot and went before it counted, laid
        before one of the seat's recorded discards: an edit putting it in before that one ({"target", "nth",
        "pai"}), with the seat's later discards moved one on in the reader's state (and in calls not taken
        yet); None when there is none."""
        h = self.hand
        seen = [t for t in h.dropped_hand if t.seat == target and t.kind == kind]
        if not seen:
            return None
        tile = max(seen, key=lambda t: t.hits)
        # Not a second reading of a discard that lay there then (a track cut twice for a frame or two).
        half = self.geo.tile_w / 2
        if any(
            s == target and born <= tile.last_hit and math.dist(h.places[i], (tile.u, tile.v)) < half
            for i, (s, born) in h.discard_born.items()
            if i in h.places
        ):
            return None
        later = [
            h.discard_nth[i]
            for i, (s, born) in h.discard_born.items()
            if s == target and born > tile.last_hit and i in h.discard_nth
        ]
        if not later:
            return None
        nth = min(later)
        h.dropped_hand = [t for t in h.dropped_hand if t is not tile]
        for i, n in h.discard_nth.items():
            if n >= nth and h.discard_born.get(i, (-1, 0))[0] == target:
                h.discard_nth[i] = n + 1
        if target in h.riichi_at and h.riichi_at[target][1] >= nth:
            r_id, r_nth = h.riichi_at[target]
            h.riichi_at[target] = (r_id, r_nth + 1)
        if h.called_riichi.get(target, -1) >= nth:
            h.called_riichi[target] += 1
        h.phantom_nth[target] = [n + (n >= nth) for n in h.phantom_nth[target]]
        for e in h.unplaced:
            if e["target"] == target and e["nth"] >= nth:
                e["nth"] += 1
        h.dahai_count[target] += 1
        return {"target": target, "nth": nth, "pai": pai_of_track(tile)}

    def _late_kan(self, seat: int, tracks: list[Track], consumed: list[str]) -> bool:
        """A concealed kan read after its seat's discard that followed it: its tiles were laid before that
        discard's tile (their tracks born first) and the seat's turn is past (seed 2293, wood felt, 40
        degrees: seat 2's kan of 8p, two of its tiles face down, read only after seat 2's 5m and seat 3's C;
        taken for a kan in seat 2's next turn, seats 0 and 1 had discards made up before it, every later
        turn shifted, and the win was lost). The kan goes in before the seat's first discard laid after its
        tiles (`LATE_KAN`), with the replacement draw after it; the turns read since stand."""
        h = self.hand
        laid = min(t.born for t in tracks)
        # Its new indicator, turned over as the kan is laid, may be read while the kan's tiles are not:
        # seed 2293 again, under motion blur the kan was left out as the next seat's standing hand until a
        # full round later, in seat 2's own turn again, its 7m indicator read before the 5m. The indicator
        # dates the kan back to the seat's last turn at most (a face read in the dead wall before the
        # backs' colour was learned is no indicator turned since).
        turned = self._turned_indicator()
        ours = [self.tracks[i].born for i in h.ponds[seat][-2:] if i in self.tracks]
        if turned is not None and turned.born < laid and len(ours) == 2 and ours[0] < turned.born < ours[1]:
            laid = turned.born
        elif h.next_seat == seat:
            return False
        before: int | None = None
        for i in reversed(h.ponds[seat]):
            d = self.tracks.get(i)
            if d is None or d.born <= laid or i not in h.discard_nth:
                break
            before = h.discard_nth[i]
        if before is None:
            return False
        h.kans += 1
        h.draws += 1  # the replacement draw
        kan = {"type": "ankan", "actor": seat, "consumed": consumed}
        late: dict[str, Any] = {"type": LATE_KAN, "actor": seat, "nth": before, "kan": kan}
        if turned is not None and len(h.dora) <= h.kans:
            # its indicator goes in with it, turned over before the replacement draw (seed 002 3.3.7)
            h.dora.append(turned.id)
            h.dora_u.append(turned.u)
            late["dora_marker"] = pai_of_track(turned)
        self._emit(late)
        self.warnings.append(
            f"seat {seat}'s concealed kan was read after its discard {before + 1}, laid after the kan's "
            "tiles: put in before that discard"
        )
        return True

    def _turned_indicator(self) -> Track | None:
        """The first face-up tile seen in the dead wall's indicator row (`Track.born`) not counted as an
        indicator yet, or None."""
        turned = [t for t in self.tracks.values() if self._uncounted_indicator(t)]
        return min(turned, key=lambda t: t.born, default=None)

    def _beside_melds(self, seat: int, group: list[Placed]) -> list[list[Placed]]:
        """A group of touching readings in a seat's hand row, parted where it passes from over a meld the
        seat has laid already to beside it: a pon laid against a concealed kan made one group of seven,
        no meld's shape, and the pon was never read (seed 2767, every hard cell; the turns after it
        shifted)."""
        runs: list[list[Placed]] = []
        inside: bool | None = None
        for p in sorted(group, key=lambda p: p.u):
            here = self._in_meld(seat, p)
            if here != inside:
                runs.append([])
                inside = here
            runs[-1].append(p)
        return runs

    def _meld_there(self, seat: int, group: list[Placed]) -> bool:
        """Whether a group lies over more than half a tile of a meld the seat has laid already."""
        lo, hi = _span(group)
        half = self.geo.tile_w / 2
        return any(min(hi, m.span[1]) - max(lo, m.span[0]) > half for m in self.hand.melds[seat])

    def _in_meld(self, seat: int, p: Placed) -> bool:
        """Whether a reading's centre lies over a meld the seat has laid already."""
        return any(m.span[0] <= p.u <= m.span[1] for m in self.hand.melds[seat])

    def _last_tile(self, target: int) -> bool:
        """Whether the discard of `target`'s a call would take is the live wall's last (its own, when it
        counted already; else the one its next draw brings), and the rules let no meld take it."""
        h = self.hand
        if self.last_tile_calls:
            return False
        counted = h.last_discard is not None and h.last_discard[0] == target
        draws = h.draws if counted else h.draws + (h.just_called != target)
        return draws >= LIVE_WALL

    def _taken_from(self, seat: int, target: int, tiles: list[Track]) -> int:
        """Whom a pon or open kan was called from: the seat its sideways tile's place says (seed 002 3.3.8),
        or the seat of the last discard when that discard is of the meld's kind (two tiles of it at least)
        and has left its pond while the other seat's pond shows no such call. At 44 degrees the cut can put
        a meld's sideways tile at the wrong end (its face beside its neighbour's side): seat 2's pon of
        seat 0's 4s read as called from seat 1, whose discard was then made up (seed 104, hard)."""
        h = self.hand
        last = h.last_discard
        if last is None or last[0] in (target, seat) or last[2] < 0:
            return target
        same = sum(t.kind == last[2] for t in tiles)
        if same < 2 or len(tiles) - same > 1:
            return target  # a chi, or not the discard's kind
        if not left_pond(self.tracks, self.frame, last[1]):
            return target
        self.warnings.append(
            f"seat {seat}'s call lies as if from seat {target}, but seat {last[0]}'s {pai_of(last[2])} has "
            "just left its pond: taken from there"
        )
        return last[0]

    def _refuse(self, seat: int, tracks: list[Track], why: str) -> None:
        """A group read as seat `seat`'s call that cannot be one: no meld, said once per group of tracks (it
        may be a call still, once the discard it takes is read)."""
        ids = frozenset(t.id for t in tracks)
        if ids in self.hand.refused:
            return
        self.hand.refused.add(ids)
        self.warnings.append(f"seat {seat}'s call read in its hand row is none: {why}")

    def _discard_called(self, seat: int, target: int, called: Track) -> None:
        """A call from `target` whose discard never counted: laid and called while an arm hid its pond, or
        called as soon as it was laid. When it is the target's turn and its pond was hidden lately, or a
        tile of the called kind was glimpsed in its pond (`_glimpse`), the discard is put in before the
        call, with the called tile (or the target's unread pond tile of that kind, if one is seen), with a
        warning. Otherwise nothing is put in, and `_new_meld` leaves the call out with a warning."""
        h = self.hand
        hidden = hidden_lately(h, target, self.frame)
        blank = self.pale_felt and called.kind == WHITE_DRAGON
        after = blank and h.next_seat == target and self._discarded_after(seat, called)
        if blank and not after:
            # A blank face on white cloth is what the cloth and a standing tile's top are read as: a pon of
            # them needs its discard read (seed 318, white cloth, black backs, 37 degrees: seat 0's standing
            # tops, two cut sideways, read as white dragons, took one made up for seat 3's pond, hidden under
            # an arm, and every later turn of seat 0 went a place off), or its caller's discard after it: a
            # tile laid at the caller's next pond spot since the meld, in the target's turn (seed 6063, white
            # cloth, blue backs, 40 degrees: seat 1's white dragon, called at once by seat 3, its arm over
            # seat 1's pond, never showed on the cloth; seat 3's 1p came six frames after the pon, and seat
            # 1's next discard, read at the white dragon's turn, put seat 3's turns a place off for two
            # rounds).
            return
        glimpse = self._glimpse(target, called.kind)
        if not hidden and not after and (glimpse is None or h.next_seat not in (None, target)):
            return
        new = self._new_pond_tiles(list(self.tracks.values()))[target]
        unread = [t for t in new if t.kind == called.kind]
        if unread:
            self._discard(unread[0])
        else:
            self._discard(None, target, called.kind, sideways=self._glimpsed_sideways(target, called.kind))
        when = "while its pond was hidden" if hidden else "before its tile counted"
        self.warnings.append(
            f"seat {target}'s discard {pai_of_track(called)} was called by seat {seat} {when}: put in before "
            "the call"
        )

    def _glimpse(self, seat: int, kind: int | None, hits: int = 2) -> Track | None:
        """A tile of `kind` (any named kind when None) glimpsed in seat `seat`'s pond: a track not counted
        yet, or dropped lately before it counted (the tracker's), read at least `hits` times, most often as
        `kind`, at the seat's next pond spot; the one read most.

        A discard called as soon as it was laid is seen only so: seed 5101, wood felt, red backs, 37 degrees,
        seat 2's riichi 4p was read three times, sideways, and taken by a pon before it counted (a sideways
        pond tile waits longer: `track.SIDEWAYS_POND_EXTRA`); no arm had hidden the pond, the pon was left
        out as taking no discard, and every later turn of the seat was guessed. Its readings also tell
        whether it lay sideways: a riichi tile claimed for a meld, whose declarer turns the next discard
        sideways instead (seed 002 3.3.14; on blue felt, the same hand's riichi went on that rotated F, a
        turn late)."""
        h = self.hand
        spot = len(h.ponds[seat]) + h.phantoms[seat]
        glimpses = [
            t
            for t in (*self.tentative, *(t for _, t in h.dropped))
            if t.seat == seat
            and not t.face_down
            and t.hits >= hits
            and (t.kind == kind if kind is not None else t.kind >= 0 and float(t.votes.sum()) > 0)
            and pond_slot(h, self.tracks, self.geo, seat, t) == spot
        ]
        return max(glimpses, key=lambda t: t.hits, default=None)

    def _glimpsed_sideways(self, seat: int, kind: int) -> bool:
        """Whether a discard of `kind` that `seat` laid and lost to a call or a ron before it counted was
        glimpsed lying sideways (`_glimpse`): a riichi tile (seed 002 3.3.14), declared with it. Seed 7007,
        every look: seat 3's riichi 8p, laid sideways, was taken by seat 1's ron after a few frames under
        the declarer's arm; put in as the ron's discard without its riichi, the record lost the declaration
        (the win itself is scored alike: a riichi ronned on its own tile is not accepted)."""
        glimpse = self._glimpse(seat, kind)
        return glimpse is not None and glimpse.turned and glimpse.turns >= TAKEN_SIDEWAYS_TURNS

    def _discard_since_kan(self) -> bool:
        """Whether a discard follows this hand's last kan: one emitted after it, or, for a kan read late
        (`LATE_KAN`), the discard it went in before."""
        kans = (*KAN_EVENTS, LATE_KAN)
        start = max(i for i, e in enumerate(self.events) if e["type"] == "start_kyoku")
        at = [i for i in range(start, len(self.events)) if self.events[i]["type"] in kans]
        if not at:
            return False
        return self.events[at[-1]]["type"] == LATE_KAN or any(
            e["type"] == "dahai" for e in self.events[at[-1] + 1 :]
        )

    def _ura_glimpse(self, t: Track) -> None:
        """Keep `t`, a track gone before it counted, where it is a face read sure under a counted indicator
        (an ura dora's place, `URA_GLIMPSE_SURE`)."""
        h = self.hand
        if h.phase != "playing" or t.area != "dora" or t.face_down or t.kind < 0:
            return
        if not self._in_ura_row(t) or t.confidence < URA_GLIMPSE_SURE:
            return
        under = [i for i, u in enumerate(h.dora_u) if abs(t.u - u) <= self.geo.tile_w / 2]
        if under:
            h.ura_glimpsed[under[0]] = t

    def _ura(self, stable: list[Track]) -> list[Track]:
        """The ura dora indicators as they lie under the indicators, along the dead wall: the faces read
        below the indicator row, and under an indicator with none, a face glimpsed there (`_ura_glimpse`)."""
        h = self.hand
        ura = [t for t in stable if t.area == "dora" and self._in_ura_row(t)]
        for i, t in sorted(h.ura_glimpsed.items()):
            if not any(abs(r.u - h.dora_u[i]) <= self.geo.tile_w / 2 for r in ura):
                self.warnings.append(
                    f"the ura dora under indicator {i + 1} was read {t.hits} time(s) only: put in as read, "
                    f"{pai_of_track(t)}"
                )
                ura.append(t)
        return sorted(ura, key=lambda t: t.u)

    def _in_ura_row(self, t: Track) -> bool:
        """Whether a track lies below the dead wall's indicator row, where the ura dora are turned up."""
        return t.v > self.geo.tile_h / 2 + 2

    def _face_up_indicator(self, t: Track) -> bool:
        """Whether a track lies face up in the dead wall's indicator row (not an ura dora's, below it)."""
        return t.area == "dora" and not t.face_down and t.v < self.geo.tile_h / 2 + 2

    def _uncounted_indicator(self, t: Track) -> bool:
        """Whether a track is a face-up indicator not counted yet, lying where no counted one was read (a
        track of a counted indicator lost and found again is that one): a stack or more along the dead wall
        from each, not half of one (INDICATOR_APART). A cell cut across a counted indicator and the new one
        beside it is neither (seed 4801, wood felt and blue felt, green backs, 40 and 44 degrees: seat 0's
        kan dora, a 4s beside the 5s, read as the 6s the cell between them looked, 13 mm from the 5s)."""
        h = self.hand
        return (
            self._face_up_indicator(t)
            and t.id not in h.dora
            and all(abs(t.u - u) > INDICATOR_APART * self.geo.tile_w for u in h.dora_u)
        )

    def called_tiles(self) -> list[tuple[float, float]]:
        """Where (mm) the called tiles of the melds recorded this hand lie (their sideways tracks)."""
        return [
            (t.x, t.y)
            for melds in self.hand.melds
            for m in melds
            for i in m.tracks
            if (t := self.tracks.get(i)) is not None and t.sideways
        ]

    def riichi_tiles(self) -> list[tuple[float, float]]:
        """Where (mm) the riichi tiles recorded this hand lie (their tracks)."""
        return [(t.x, t.y) for i, _ in self.hand.riichi_at.values() if (t := self.tracks.get(i)) is not None]

    def blank_faces(self) -> list[tuple[float, float, float, float]]:
        """Where (mm boxes: x, y, w, h) the white dragons recorded in the ponds lie, while the felt is white
        cloth: their faces are the cloth's colour, and the reader fills them into its tile mask at face height
        (`LiveReader.blank_faces`)."""
        if not self.pale_felt:
            return []
        out = []
        for pond in self.hand.ponds:
            for i in pond:
                t = self.tracks.get(i)
                if t is None or t.area != "pond" or t.kind != WHITE_DRAGON:
                    continue
                w, h = footprint(t.seat, t.sideways)
                out.append((t.x - w / 2, t.y - h / 2, w, h))
        return out

    def no_hand_up(self) -> int | None:
        """While no hand has started, more discards lie in the ponds than the set-up check's one each and a
        dead wall stands: how many tiles its indicator row shows face up (a hand starts with one,
        `update`); None otherwise."""
        if self.hand.phase != "idle":
            return None
        dora = [t for t in self.tracks.values() if t.area == "dora"]
        discards = sum(t.area == "pond" for t in self.tracks.values())
        if discards <= 4 or sum(t.face_down for t in dora) < 2:
            return None
        return sum(self._face_up_indicator(t) for t in dora)

    def _standing_hand_row(self, stable: list[Track]) -> Callable[[Track], bool] | None:
        """While a hand is in play: which tracks lie in a hand row that is still standing (fewer faces read
        there than the hand holds, so not laid open), to give up a fifth copy's reading first."""
        h = self.hand
        if h.phase != "playing":
            return None
        faces = [0, 0, 0, 0]
        for t in stable:
            if t.area == "hand" and t.kind >= 0:
                faces[t.seat] += 1
        standing = {s for s in range(4) if faces[s] < 13 - 3 * len(h.melds[s])}
        return lambda t: t.area == "hand" and t.seat in standing

    def _reveals(self, stable: list[Track], changed: bool) -> None:
        h = self.hand
        open_hands: dict[int, list[list[tuple[Placed, Track]]]] = {}
        drawn_out = h.draws >= LIVE_WALL
        if h.draws <= LIVE_WALL - STANDING_TURNS:
            h.row_before = {t.id: t.kind for t in stable if t.area == "hand"}
        for seat in range(4):
            # Tiles read as a win the game refused, read as they were then, are no hand laid open
            # (`win_refused`); one read as another kind since is another tile (a hand laid open at last).
            placed = [(p, t) for p, t in self._placed(seat, stable) if h.refused_win.get(t.id) != t.kind]
            lookup = {p.index: (p, t) for p, t in placed}
            side_by_side = one_deep([p for p, _ in placed], self.geo.tile_w)
            groups = [g for g in group_hand_row(side_by_side, self.geo) if not is_meld_group(g)]
            # A meld the game has recorded is no part of a hand laid open, even when its called tile is
            # read upright now (a steep view shortens it): the tiles over its place are left out.
            groups = [rest for g in groups if (rest := [p for p in g if not self._in_meld(seat, p)])]
            tiles = sum(len(g) for g in groups)
            win_shape = len(groups) >= 2 and len(groups[-1]) == 1
            # What the game knows: a hand laid open holds 13 tiles less three per meld (a kan too), one more
            # at a win; anything else in the hand row (a standing hand's tops) is no open hand, or not yet.
            held = 13 - 3 * len(h.melds[seat])
            # Without a winning tile apart, hands are laid open only at an exhaustive draw, when the live wall
            # is drawn out (seed 002 3.4.2): before that, as many readings as the hand holds are its standing
            # tiles' tops seen from the side, not a hand shown.
            row = [lookup[p.index][1] for g in groups for p in g]
            if (tiles == held + 1 and win_shape) or (tiles == held and drawn_out and self._shown(seat, row)):
                open_hands[seat] = [[lookup[p.index] for p in g] for g in groups]
        h.revealing = bool(open_hands)
        if not open_hands:
            h.reveal_quiet = 0
            return
        h.reveal_quiet = 0 if changed else h.reveal_quiet + 1
        if h.reveal_quiet >= SWEPT_QUIET:
            h.last_open = (self.frame, open_hands, stable)
        if h.reveal_quiet < SETTLE_FRAMES:
            return
        self._end_hand(open_hands, stable)

    def _shown(self, seat: int, tiles: list[Track]) -> bool:
        """Whether a hand row that reads as many tiles as the seat holds, at an exhaustive draw, is a hand
        shown. Hands are shown after the last discard (seed 002 3.4.2): a row read mostly as it was a few
        turns before the wall ran out (the same tracks, the same kinds) is the standing hand's tops, unless
        it reads tenpai or one second reading from it (`shown_tenpai`; said once a hand)."""
        h = self.hand
        same = sum(h.row_before.get(t.id) == t.kind for t in tiles)
        if 2 * same <= len(tiles):
            return True
        melded = [self.tracks[i].kind for m in h.melds[seat] for i in m.tracks if i in self.tracks]
        if could_be_tenpai(tiles, len(h.melds[seat]), melded):
            return True
        if seat not in h.standing_read:
            h.standing_read.add(seat)
            self.warnings.append(
                f"seat {seat}'s hand row reads {len(tiles)} tiles as it did before the wall ran out, no "
                "tenpai hand: taken for its standing tiles, not a hand shown"
            )
        return False

    def _late_before_result(self, stable: list[Track]) -> None:
        """Before a hand's result is read, each discard filled in as a guess whose tile shows at last takes
        its place now (`_late`): the seat's next turn, when it would, never comes (seed 7547, white cloth,
        blue backs, 40 degrees: seat 2's white dragon, guessed, showed two frames before seat 1's ron was
        read, and the guess stayed in the record)."""
        h = self.hand
        for seat in range(4):
            while h.phantoms[seat]:
                new = self._new_pond_tiles(stable)[seat]
                if not new or new[0].hits < EMIT_HITS:
                    break
                unread = self._unread_before(new[0], stable)
                if unread >= h.phantoms[seat] or self._past_blank(seat, new[0]):
                    break
                self._late(seat, new[0], stable, unread, more=len(new) > 1)

    def _wait_over_before_result(self, stable: list[Track]) -> None:
        """Before a hand's result is read, the new discard of the seat on turn that waits for the tile of an
        earlier spot (`waits_for_earlier`) is read as it would be after the wait: the result ends the turns,
        and the discard it takes is the next seat's (seed 7683, white cloth, blue backs, 40 degrees: seat 2's
        E lay beyond a guessed spot and waited for its tile; seat 3's 3m, won on at once, was read as seat
        2's discard, the E never recorded)."""
        h = self.hand
        seat = h.next_seat
        new = self._new_pond_tiles(stable)[seat] if seat is not None else []
        if new and new[0].id in h.waited:
            h.waited[new[0].id] = GLIMPSED_SPOT_FRAMES
            self._discards(stable)

    def _turns_up_to_ron(self, seat: int, win: Track, stable: list[Track]) -> None:
        """Before `seat`'s win on the tile `win` is read as a ron: where a later seat's discard of the winning
        kind, not counted yet, left its pond lately (`HandState.left_waiting`) while the discard of the seat
        on turn was never read, the turns up to that seat are read now: each seat on turn with no new tile
        has its discard filled in as a guess, and the discards waiting after it count, so that the win is a
        ron on that seat's tile (seed 9055, wood felt, red backs, 37 degrees, light 0.55: seat 1's riichi 7p,
        its far end lost on the dim wood, was never read; seat 2's F and seat 3's 8s lay waiting for it, and
        seat 2 took the 8s for its ron. The win was read as a ron on an 8s made up for seat 1)."""
        h = self.hand
        gone = h.left_waiting
        if (
            gone is None
            or gone[0] == seat
            or gone[1] != win.kind
            or self.frame - gone[2] > LEFT_WAITING_FRAMES
            or h.next_seat in (None, seat, gone[0])
        ):
            return
        for _ in range(3):
            turn = h.next_seat
            if turn is None or turn == gone[0]:
                return
            if self._new_pond_tiles(stable)[turn]:
                count = h.dahai_count[turn]
                self._discards(stable)
                if h.dahai_count[turn] == count:
                    return  # its tile waits for another: the turns stay as read
                continue
            self.warnings.append(
                f"seat {turn}'s discard was not read before seat {gone[0]}'s {pai_of(gone[1])} was taken "
                f"for seat {seat}'s ron: filled in as a guess"
            )
            h.phantoms[turn] += 1
            h.stuck = 0
            self._discard(None, turn)

    def _end_hand(self, open_hands: dict[int, list[list[tuple[Placed, Track]]]], stable: list[Track]) -> None:
        h = self.hand
        self._late_before_result(stable)
        self._wait_over_before_result(stable)
        winners = [
            s
            for s, groups in open_hands.items()
            if len(groups) >= 2 and len(groups[-1]) == 1 and sum(map(len, groups)) == 14 - 3 * len(h.melds[s])
        ]
        if winners:
            seat = winners[0]
            groups = open_hands[seat]
            win = groups[-1][0][1]
            concealed = [t for g in groups[:-1] for _, t in g]
            target = seat
            # The last discard, not the winner's, gone from its pond as the hand is laid open.
            last = h.last_discard
            left = last if last and last[0] != seat and left_pond(self.tracks, self.frame, last[1]) else None
            if left and left[2] == win.kind:
                target = left[0]
            if target == seat:
                self._turns_up_to_ron(seat, win, stable)
            # The seat on turn laid its discard and the winner took it before it was read often enough to
            # count (seed 1357, white cloth, 37 degrees: seat 1's 4s, read three times, and seat 0's ron on it
            # read as a tsumo): it goes in as that seat's discard, and the win is a ron on it.
            gone = h.left_waiting
            if (
                target == seat
                and gone is not None
                and gone[0] == h.next_seat != seat
                and gone[1] == win.kind
                and self.frame - gone[2] <= LEFT_WAITING_FRAMES
            ):
                self._discard(None, gone[0], gone[1], sideways=self._glimpsed_sideways(gone[0], gone[1]))
                target = gone[0]
                h.made_up_ron = (target, h.dahai_count[target] - 1)
            # No tsumo is won out of turn: the winning tile is the one just drawn (seed 002 3.3.12), and every
            # tile left in a pond is counted before a hand laid open is read. A winner not on turn took the
            # turn's discard before it was read at all (seed 4129: the camera shaken for the half second
            # seat 0's 7s lay, the blurred frames skipped, the ron read as seat 1's tsumo and refused): it
            # goes in as that seat's discard, and the win is a ron on it.
            turn = h.next_seat
            win_pai = pai_of_track(win)
            if target == seat and turn is not None and turn != seat and left and left[2] >= 0:
                # A winner not on turn took that discard, whatever the tile set apart was named (seed 9735,
                # wood felt, red backs, 37 degrees, light 0.55, photographed faces: seat 2's ron on seat 0's
                # 6s, the 6s set apart read 9s, was put in as a ron on a 9s made up for seat 1, refused, and
                # the hand went on to a draw).
                target = left[0]
                taken = self.tracks.get(left[1])
                win_pai = pai_of_track(taken) if taken is not None else pai_of(left[2])
                self.warnings.append(
                    f"seat {seat}'s winning tile was read {pai_of_track(win)}; seat {target}'s {win_pai}, "
                    "which left its pond as the hand was laid open, taken for it"
                )
            if target == seat and turn is not None and turn != seat:
                self.warnings.append(
                    f"seat {turn}'s discard was taken by seat {seat}'s ron before it was read: put in as the "
                    f"winning tile, {pai_of(win.kind)}"
                )
                self._discard(None, turn, win.kind, sideways=self._glimpsed_sideways(turn, win.kind))
                target = turn
                h.made_up_ron = (target, h.dahai_count[target] - 1)
            if not (target != seat and h.accept_pending == target):
                self._accept()
            h.accept_pending = None
            if target == seat:
                # A tsumo is won with a tile just drawn (seed 002 3.3.12), a draw the camera never sees: it is
                # emitted here, as before a discard, so the game knows the winner's turn has come.
                self._self_draw(seat)
            shown = [*sorted(concealed, key=lambda t: t.u), win]
            h.shown_win = {t.id: t.kind for t in shown}
            tehai = [pai_of_track(t) for t in shown]
            ura = self._ura(stable)
            self._emit({"type": "reveal", "actor": seat, "tehai": tehai})
            self._emit(
                {
                    "type": "hora",
                    "actor": seat,
                    "target": target,
                    "pai": win_pai,
                    "uradora_markers": [pai_of_track(t) for t in ura] if seat in h.riichi else [],
                    "hora_tehais": tehai[:-1],
                    # Second choices per shown tile, for the game to try when the reading is no winning hand.
                    ALTERNATIVES: [alternatives(t) for t in shown],
                    ODDS: [odds(t) for t in shown],
                }
            )
        else:
            self._accept()
            tenpais = [s in open_hands for s in range(4)]
            tehais: list[list[str]] = [[] for _ in range(4)]
            for s, groups in open_hands.items():
                tiles = sorted((t for g in groups for _, t in g), key=lambda t: t.u)
                tehais[s] = [pai_of_track(t) for t in tiles]
                self._emit({"type": "reveal", "actor": s, "tehai": tehais[s]})
            self._emit({"type": "ryukyoku", "reason": "fanpai", "tenpais": tenpais, "tehais": tehais})
        self._emit({"type": "end_kyoku"})
        h.phase = "ended"

    def summary(self) -> dict[str, Any]:
        """Ponds, melds and dora as the reader sees them now (for the web page's overlay)."""
        h = self.hand
        ponds = [[pai_of_track(self.tracks[i]) for i in pond if i in self.tracks] for pond in h.ponds]
        dora = [pai_of_track(self.tracks[i]) for i in h.dora if i in self.tracks]
        return {"phase": h.phase, "ponds": ponds, "dora": dora, "kinds": KIND_COUNT}


def _sure_indicator(t: Track) -> bool:
    """Whether a hand's first indicator's readings name it surely enough (START_VOTES, START_SHARE)."""
    return float(t.votes[t.class_id]) >= START_VOTES and t.confidence >= START_SHARE


def _span(group: list[Placed]) -> tuple[float, float]:
    """Where a group of a hand row lies along it (u, mm)."""
    return (min(p.u - p.width_u / 2 for p in group), max(p.u + p.width_u / 2 for p in group))


def _meld_partners(seat: int, target: int, called: int) -> set[int]:
    """The kinds a meld's other tiles may have: the called kind (a pon), and from kamicha its neighbours in
    its suit (a chi, seed 002 3.3.3)."""
    kinds = {called}
    if target == (seat + 3) % 4 and called < 27:
        base = called - called % 9
        kinds |= {k for k in (called - 2, called - 1, called + 1, called + 2) if base <= k < base + 9}
    return kinds

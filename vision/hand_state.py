"""What the table reader (`vision.live_events`) knows of the hand in play: ponds, melds, riichi, turns."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass
class Meld:
    """A meld read in a seat's hand row: its tracks, its mjai type and the called kind (0..33)."""

    tracks: list[int]
    kind: str
    called: int  # kind
    span: tuple[float, float] = (0.0, 0.0)  # where it lies along its seat's hand row (u, mm)


@dataclass
class HandState:
    """What the reader knows about the current hand."""

    phase: str = "idle"  # idle, playing, ended
    ponds: list[list[int]] = field(default_factory=lambda: [[], [], [], []])
    melds: list[list[Meld]] = field(default_factory=lambda: [[], [], [], []])
    dora: list[int] = field(default_factory=list)
    dora_u: list[float] = field(default_factory=list)  # where each indicator lay along the dead wall (mm)
    dora_kind: int | None = None  # the kind the hand's first indicator is recorded as ...
    dora_votes: Any = None  # ... and its track's votes then (`vision.indicator_reread`)
    # indicator index -> a face read once or twice under it, sure, whose track went before it counted
    # (`TableReader._ura_glimpse`)
    ura_glimpsed: dict[int, Any] = field(default_factory=dict)
    riichi: set[int] = field(default_factory=set)
    accept_pending: int | None = None
    last_discard: tuple[int, int, int] | None = None  # seat, track id, kind
    last_actor: int | None = None
    just_called: int | None = None  # seat that called and now discards without drawing
    kans: int = 0
    draws: int = 0
    reveal_quiet: int = 0  # processed frames a hand laid open has lain without a change in the hand rows
    revealing: bool = False  # a hand row shows a hand laid open, not yet read
    # hand-row track -> its kind, as read STANDING_TURNS turns before the live wall ran out (a standing hand)
    row_before: dict[int, int] = field(default_factory=dict)
    standing_read: set[int] = field(default_factory=set)  # seats whose standing tops read as a full hand
    shown_win: dict[int, int] = field(default_factory=dict)  # hand-row track -> kind, of the win read last
    refused_win: dict[int, int] = field(default_factory=dict)  # the same, of wins the game refused
    made_up_ron: tuple[int, int] | None = None  # seat, nth of a discard put in as a ron's tile never read
    # frame, hands laid open (per seat, groups) lying still lately, and the stable tracks then
    last_open: tuple[int, Any, Any] | None = None
    last_gone: set[int] = field(default_factory=set)
    next_seat: int | None = None  # whose discard comes next (None: the dealer's first, any seat)
    phantoms: list[int] = field(default_factory=lambda: [0, 0, 0, 0])  # discards emitted without a tile seen
    phantom_nth: list[list[int]] = field(default_factory=lambda: [[], [], [], []])  # which of each seat's
    dahai_count: list[int] = field(default_factory=lambda: [0, 0, 0, 0])
    late_ids: list[list[int]] = field(default_factory=lambda: [[], [], [], []])  # tiles read late, in order
    ignored: set[int] = field(default_factory=set)  # tracks of groups that cannot be a meld (riichi)
    refused: set[frozenset[int]] = field(default_factory=set)  # groups read as calls that were none (yet)
    places: dict[int, tuple[float, float]] = field(default_factory=dict)  # discard track -> its (u, v)
    gone_at: dict[int, int] = field(default_factory=dict)  # stable pond track -> the frame it went
    stuck: int = 0
    taken: list[int] = field(default_factory=list)  # pond tracks taken by calls, for the tracker to forget
    # seat, u, v, frame, kind of each called tile's place in its pond
    called_at: list[tuple[int, float, float, int, int]] = field(default_factory=list)
    waited: dict[int, int] = field(default_factory=dict)  # new pond track -> frames it waited (earlier spot)
    glimpsed_wait: set[int] = field(default_factory=set)  # ... those waiting for a tile glimpsed there
    discard_nth: dict[int, int] = field(default_factory=dict)  # discard track -> its seat's nth discard
    discard_kind: dict[int, int] = field(default_factory=dict)  # discard track -> the kind it was read as
    discard_votes: dict[int, Any] = field(default_factory=dict)  # discard track -> its votes when it counted
    riichi_at: dict[int, tuple[int, int]] = field(default_factory=dict)  # seat -> its riichi discard, nth
    # seat -> nth of its riichi discard, called since: its next discard lies sideways (`riichi_reread`)
    called_riichi: dict[int, int] = field(default_factory=dict)
    hidden_at: list[int] = field(default_factory=lambda: [-(10**6)] * 4)  # last frame each pond was unread
    waiting: dict[int, tuple[int, int]] = field(default_factory=dict)  # uncounted pond track -> seat, kind
    left_waiting: tuple[int, int, int] | None = None  # seat, kind, frame of such a tile that left its pond
    dropped: list[tuple[int, Any]] = field(default_factory=list)  # frame, pond track gone before it counted
    # every such track of this hand read twice or more, and each stable one that went before it counted
    dropped_hand: list[Any] = field(default_factory=list)
    discard_born: dict[int, tuple[int, int]] = field(default_factory=dict)  # discard track -> seat, born
    # Calls read out of turn that the record could not take yet (`TableReader._call_out_of_turn`): each
    # {"target", "nth", "call", and "pai" when the target's discard goes in with it}, sent with the next.
    unplaced: list[dict[str, Any]] = field(default_factory=list)

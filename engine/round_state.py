"""The per-seat state of one hand (kyoku): kawa, melds, riichi, concealed tiles when known, furiten history.

Owned and changed only by `engine.round.Round`; readers treat it as read-only.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Literal, NoReturn

from riichi_table.engine.errors import IllegalEventError
from riichi_table.engine.events import UNKNOWN_PAI, Chombo, Hora, Ryukyoku, StartKyoku, pai_to_tile
from riichi_table.engine.furiten import FuritenVerdict, judge_furiten
from riichi_table.engine.hand import seat_waits
from riichi_table.engine.melds import Meld
from riichi_table.engine.rules import Rules
from riichi_table.engine.tiles import Tile, counts34

Phase = Literal["draw", "discard", "after_call", "rinshan", "riichi_pending", "hora", "ended"]


@dataclass(frozen=True, slots=True)
class KawaTile:
    """One discard in a seat's kawa: sideways when it is the riichi discard, `called` when someone took it."""

    tile: Tile
    tsumogiri: bool = False
    riichi: bool = False
    called: bool = False


@dataclass(slots=True)
class SeatState:
    """One seat during a hand. `hand` is None while the concealed tiles are unknown (a physical table)."""

    hand: list[Tile] | None
    rules: Rules  # the hand shapes it may win with (`engine.hand.seat_waits`)
    concealed: int = 13
    melds: list[Meld] = field(default_factory=list)
    kawa: list[KawaTile] = field(default_factory=list)
    riichi: bool = False  # declared (the reach event)
    riichi_accepted: bool = False
    double_riichi: bool = False
    ippatsu: bool = False
    passed: list[Tile] = field(default_factory=list)  # others' discards since this seat's last discard
    riichi_passed: list[Tile] = field(default_factory=list)  # others' discards since this seat's riichi
    kuikae: frozenset[int] = frozenset()  # kinds this seat may not discard now
    kans: int = 0
    drawn: Tile | None = None
    revealed: tuple[Tile, ...] | None = None
    declared: str | None = None  # a person's tenpai / noten answer at a draw
    liable: int | None = None  # 002 3.3.9: the seat that fed the big three dragons / four winds set
    waits: tuple[int, ...] = ()  # derived: updated whenever `hand` changes while waiting
    furiten: FuritenVerdict | None = None  # derived: None while the hand is unknown or not waiting

    @property
    def is_closed(self) -> bool:
        """No open meld (an ankan keeps a hand closed)."""
        return all(not m.is_open for m in self.melds)

    @property
    def discards(self) -> list[Tile]:
        """The kawa's tiles in order, called ones included (they count for furiten)."""
        return [k.tile for k in self.kawa]

    def refresh_waits(self) -> None:
        """Recompute the waits after the concealed hand changed (only a waiting-size hand has waits)."""
        if self.hand is not None and len(self.hand) % 3 == 1:
            self.waits = tuple(seat_waits(counts34(self.hand), [m.tiles for m in self.melds], self.rules))
        elif self.hand is None:
            self.waits = ()
        self.refresh_furiten()

    def refresh_furiten(self) -> None:
        """Re-judge furiten from the cached waits and the discard history."""
        if self.hand is None or len(self.hand) % 3 != 1:
            if self.hand is None:
                self.furiten = None
            return
        self.furiten = judge_furiten(self.waits, self.discards, self.passed, self.riichi_passed)


def has_tiles(hand: Sequence[Tile], tiles: Sequence[Tile]) -> bool:
    """Whether `hand` holds all of `tiles` (with multiplicity)."""
    pool = list(hand)
    for t in tiles:
        if t not in pool:
            return False
        pool.remove(t)
    return True


def require(condition: bool, message: str, event: object) -> None:
    """Raise IllegalEventError naming the event type unless `condition` holds."""
    if not condition:
        illegal(message, event)


def illegal(message: str, event: object) -> NoReturn:
    """Raise IllegalEventError with the event attached."""
    raise IllegalEventError(f"{getattr(event, 'TYPE', 'event')}: {message}", event)


LIVE_WALL = 70  # 136 tiles - 14 dead wall - 4 * 13 dealt: draws left at the start, rinshan draws included


class RoundState:
    """The data of one hand, without its event handlers (`engine.round.Round` adds them).

    The hand's end handlers (`engine.round_end`) and the money (`engine.settle`) read and change this state
    through this class, so that they need not import the round that calls them.
    """

    def __init__(self, start: StartKyoku, rules: Rules) -> None:
        self.rules = rules
        self.start = start
        self.bakaze = start.bakaze
        self.kyoku = start.kyoku
        self.oya = start.oya
        self.dora_markers: list[Tile] = [pai_to_tile(start.dora_marker)]
        self.seats = [SeatState(_known_hand(h), rules) for h in start.tehais]
        for s in self.seats:
            s.refresh_waits()
        self.wall_left = LIVE_WALL
        self.turn = start.oya
        self.phase: Phase = "draw"
        self.last_discard: tuple[int, Tile] | None = None  # (seat, tile) that may still be called or ronned
        self.last_kakan: tuple[int, Tile] | None = None  # (seat, tile) that may be robbed (chankan)
        # (seat, tile) of a concealed kan that thirteen orphans may rob (seed 002 3.3.7, `kokushi_robs_ankan`)
        self.last_ankan: tuple[int, Tile] | None = None
        self.bumped: list[Hora] = []  # rons refused by head bump on the tile in play (seed 001 "Head Bump")
        self.pending_dora = 0
        self.interrupted = False  # the first go-around was broken by a call (seed 002 3.1)
        self.first_discards: list[int] = []
        self.horas: list[Hora] = []
        self.result: Hora | Ryukyoku | Chombo | None = None
        self.warnings: list[str] = []
        self.after_kan = False  # the current turn's draw came from the dead wall (rinshan)

    @property
    def total_kans(self) -> int:
        return sum(s.kans for s in self.seats)

    def concealed_of(self, seat: int) -> list[Tile] | None:
        """The seat's concealed tiles: the tracked hand, else the tiles laid open, else None."""
        s = self.seats[seat]
        if s.hand is not None:
            return list(s.hand)
        return list(s.revealed) if s.revealed is not None else None


def _known_hand(tehai: Sequence[str]) -> list[Tile] | None:
    if any(p == UNKNOWN_PAI for p in tehai):
        return None
    return [pai_to_tile(p) for p in tehai]

"""One hand (kyoku) as a state machine fed one event at a time.

`Round.apply(event)` sends each event type to a small handler. Every handler first checks that the event is
legal in the current state and raises `IllegalEventError` (with the event attached) before changing
anything; then it updates the state and the derived facts (waits and furiten of seats whose concealed tiles
are known). Money is not kept here: `engine.game.Game` moves points on the events the round accepted.

Seats are chairs 0..3; play goes to `seat + 1` (counter-clockwise), so a seat's kamicha is `seat - 1`.
On a physical table the concealed hands are unknown (`?` tiles): the round then checks what it can see
(turn order, ponds, calls, riichi, the wall count) and judges furiten when a hand is laid open.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

from riichi_table.engine import round_end
from riichi_table.engine.errors import IllegalEventError
from riichi_table.engine.events import (
    UNKNOWN_PAI,
    Ankan,
    Chi,
    Chombo,
    Dahai,
    Daiminkan,
    Declare,
    Dora,
    EndGame,
    EndKyoku,
    Event,
    Hora,
    Kakan,
    Pon,
    Reach,
    ReachAccepted,
    Reveal,
    Ryukyoku,
    StartGame,
    StartKyoku,
    Tsumo,
    pai_to_tile,
)
from riichi_table.engine.hand import seat_waits
from riichi_table.engine.melds import Meld, MeldKind
from riichi_table.engine.referee import four_kans_abort, four_winds, kuikae_forbidden, riichi_ankan_verdict
from riichi_table.engine.round_state import KawaTile, RoundState, has_tiles, illegal, require
from riichi_table.engine.rules import Rules
from riichi_table.engine.tiles import DRAGONS, WINDS, Tile, counts34

_ABORT_REASONS = {
    "yao9": "nine_terminals",
    "kaze4": "four_winds",
    "kan4": "four_kans",
    "reach4": "four_riichi",
}


class Round(RoundState):
    """The state of one hand. Construct with the start_kyoku event; feed the rest with `apply`."""

    # --- public helpers -------------------------------------------------------------------------------

    def apply(self, event: Event) -> None:
        """Check `event` against the rules and the state, then apply it; IllegalEventError if not allowed."""
        match event:
            case Tsumo():
                self._tsumo(event)
            case Dahai():
                self._dahai(event)
            case Reach():
                self._reach(event)
            case ReachAccepted():
                self._reach_accepted(event)
            case Chi() | Pon() | Daiminkan():
                self._call(event)
            case Kakan():
                self._kakan(event)
            case Ankan():
                self._ankan(event)
            case Dora():
                self._dora(event)
            case Hora():
                self._hora(event)
            case Ryukyoku():
                self._ryukyoku(event)
            case Reveal():
                self._reveal(event)
            case Declare():
                self._declare(event)
            case Chombo():
                self.result = event
                self.phase = "ended"
            case EndKyoku():
                require(self.phase in ("hora", "ended"), "end_kyoku before the hand has a result", event)
                self.phase = "ended"
            case StartGame() | StartKyoku() | EndGame():
                raise IllegalEventError(f"{event.TYPE} is not an event within a hand", event)

    # --- handlers -------------------------------------------------------------------------------------

    def _tsumo(self, e: Tsumo) -> None:
        require(self.phase in ("draw", "rinshan"), f"tsumo while the round expects {self.phase}", e)
        require(e.actor == self.turn, f"tsumo by seat {e.actor}, but it is seat {self.turn}'s turn", e)
        require(self.wall_left > 0, "tsumo from an empty wall (the hand is an exhaustive draw)", e)
        s = self.seats[e.actor]
        self.after_kan = self.phase == "rinshan"
        self.wall_left -= 1
        self.close_window()
        s.drawn = None if e.pai == UNKNOWN_PAI else pai_to_tile(e.pai)
        if s.hand is not None:
            if s.drawn is None:
                s.hand = None
                s.refresh_waits()
            else:
                s.hand.append(s.drawn)
        s.concealed += 1
        s.kuikae = frozenset()
        self.phase = "discard"

    def _dahai(self, e: Dahai) -> None:
        require(self.phase in ("discard", "after_call"), f"dahai while the round expects {self.phase}", e)
        require(e.actor == self.turn, f"dahai by seat {e.actor}, but it is seat {self.turn}'s turn", e)
        s = self.seats[e.actor]
        t = pai_to_tile(e.pai)
        riichi_discard = s.riichi and not s.riichi_accepted
        if s.riichi_accepted and s.drawn is not None:
            require(t == s.drawn, f"seat {e.actor} is in riichi and must discard the drawn tile", e)
        if t.kind in s.kuikae and self.rules.kuikae != "none":
            illegal(
                f"kuikae: seat {e.actor} may not discard {t} right after the call (seed 001, 002 3.3.2)", e
            )
        if s.hand is not None:
            require(t in s.hand, f"seat {e.actor} discards {t}, which is not in the hand", e)
        if e.tsumogiri and s.drawn is not None and t != s.drawn:
            illegal(f"dahai marked tsumogiri but {t} is not the drawn tile {s.drawn}", e)
        # legal: change state
        if s.hand is not None:
            s.hand.remove(t)
        s.concealed -= 1
        s.kawa.append(KawaTile(t, e.tsumogiri, riichi_discard or self._sideways_pending(e.actor)))
        s.passed.clear()
        s.kuikae = frozenset()
        s.drawn = None
        if not riichi_discard:
            s.ippatsu = False
        if not self.interrupted and len(self.first_discards) < 4:
            self.first_discards.append(t.kind)
        s.refresh_waits()
        self.last_discard = (e.actor, t)
        self.turn = (e.actor + 1) % 4
        self.phase = "riichi_pending" if riichi_discard else "draw"
        self._note_abortive_due()

    def _sideways_pending(self, seat: int) -> bool:
        """The sideways discard was called away, so this next discard is turned sideways instead.

        Seed 001 "Riichi" / 002 3.3.14: "if an opponent claims the rotated tile for a melded set, rotate your
        next discarded tile" (again if that one is called too).
        """
        s = self.seats[seat]
        return s.riichi_accepted and not any(k.riichi and not k.called for k in s.kawa)

    def _reach(self, e: Reach) -> None:
        s = self.seats[e.actor]
        require(
            self.phase == "discard" and e.actor == self.turn, "riichi only in one's own turn after a draw", e
        )
        require(not s.riichi, f"seat {e.actor} has already declared riichi", e)
        require(s.is_closed, "riichi needs a closed hand (seed 001 'Riichi')", e)
        require(
            self.wall_left >= self.rules.riichi_min_wall,
            f"riichi with {self.wall_left} tiles left (needs {self.rules.riichi_min_wall}, seed 002 3.3.14)",
            e,
        )
        if s.hand is not None:
            require(
                _ready_after_discard(s.hand, s.melds, self.rules), "riichi on a hand that is not ready", e
            )
        s.riichi = True
        s.double_riichi = not self.interrupted and not s.kawa

    def _reach_accepted(self, e: ReachAccepted) -> None:
        s = self.seats[e.actor]
        require(
            self.phase == "riichi_pending" and s.riichi and not s.riichi_accepted,
            f"reach_accepted without a riichi discard by seat {e.actor}",
            e,
        )
        s.riichi_accepted = True
        s.ippatsu = self.rules.ippatsu
        self.phase = "draw"
        self._note_abortive_due()

    def _call(self, e: Chi | Pon | Daiminkan) -> None:
        name = {"chi": "chi", "pon": "pon", "daiminkan": "kan"}[e.TYPE]
        require(name in self.rules.calls, f"this rule set allows no {e.TYPE} (seed 000 'Make claims')", e)
        if self.phase != "draw" or self.last_discard is None:
            illegal(f"{e.TYPE} with no discard to call", e)
        seat, t = self.last_discard
        require(seat == e.target, f"{e.TYPE} from seat {e.target}, but the last discard is seat {seat}'s", e)
        require(pai_to_tile(e.pai) == t, f"{e.TYPE} of {e.pai}, but the discard was {t}", e)
        require(
            self.wall_left > 0 or self.rules.last_tile_calls,
            "the last discard can only be claimed for a win (seed 002 3.4.1)",
            e,
        )
        s = self.seats[e.actor]
        require(not s.riichi, f"seat {e.actor} is in riichi and cannot call", e)
        consumed = [pai_to_tile(p) for p in e.consumed]
        kinds = sorted(c.kind for c in consumed)
        if isinstance(e, Chi):
            require(e.target == (e.actor + 3) % 4, f"chi from seat {e.target}, who is not kamicha", e)
            run = sorted([*kinds, t.kind])
            require(
                t.kind < 27 and run[0] // 9 == run[2] // 9 and run == list(range(run[0], run[0] + 3)),
                f"chi of {e.pai} with {list(e.consumed)} is not a sequence",
                e,
            )
        else:
            require(all(k == t.kind for k in kinds), f"{e.TYPE} with tiles that do not match {e.pai}", e)
        if isinstance(e, Daiminkan):
            self._check_kan_allowed(e)
        if s.hand is not None:
            require(has_tiles(s.hand, consumed), f"seat {e.actor} does not hold {list(e.consumed)}", e)
        # legal: change state
        target = self.seats[e.target]
        target.kawa[-1] = KawaTile(
            target.kawa[-1].tile, target.kawa[-1].tsumogiri, target.kawa[-1].riichi, True
        )
        self.close_window()
        kind: MeldKind = "chi" if isinstance(e, Chi) else "pon" if isinstance(e, Pon) else "kan"
        meld = Meld(kind, (t, *consumed), (e.target - e.actor) % 4)
        self._note_liability(e.actor, e.target, meld)
        s.melds.append(meld)
        if s.hand is not None:
            for c in consumed:
                s.hand.remove(c)
        s.concealed -= len(consumed)
        self._interrupt()
        self.turn = e.actor
        if isinstance(e, Daiminkan):
            s.kans += 1
            self.pending_dora += 1
            self.phase = "rinshan"
        else:
            self.phase = "after_call"
            if self.rules.kuikae == "chi_and_pon" or (self.rules.kuikae == "chi" and isinstance(e, Chi)):
                call: Literal["chi", "pon"] = "chi" if isinstance(e, Chi) else "pon"
                s.kuikae = kuikae_forbidden(call, t.kind, [c.kind for c in consumed], self.rules.kuikae_suji)
        s.refresh_waits()

    def _check_kan_allowed(self, e: Event) -> None:
        require("kan" in self.rules.calls, "this rule set has no kans (seed 000: sets are pon and chi)", e)
        require(self.total_kans < self.rules.max_kans, "no kan after the fourth (seed 002 3.3.10)", e)

    def _kakan(self, e: Kakan) -> None:
        require(
            self.phase == "discard" and e.actor == self.turn, "kakan only in one's own turn after a draw", e
        )
        require(self.wall_left > 0, "no kan on the last tile (seed 002 3.4.1)", e)
        self._check_kan_allowed(e)
        s = self.seats[e.actor]
        t = pai_to_tile(e.pai)
        index = next((i for i, m in enumerate(s.melds) if m.kind == "pon" and m.first_kind == t.kind), None)
        require(index is not None, f"kakan of {e.pai} without a pon of it", e)
        if s.hand is not None:
            require(t in s.hand, f"seat {e.actor} does not hold {e.pai}", e)
        assert index is not None
        pon = s.melds[index]
        s.melds[index] = Meld("kakan", (*pon.tiles, t), pon.from_seat)
        if s.hand is not None:
            s.hand.remove(t)
        s.concealed -= 1
        s.kans += 1
        self.pending_dora += 1
        self._interrupt()
        self.last_kakan = (e.actor, t)  # may be robbed (chankan) until the rinshan draw closes the window
        self.phase = "rinshan"
        s.refresh_waits()

    def _ankan(self, e: Ankan) -> None:
        require(
            self.phase == "discard" and e.actor == self.turn, "ankan only in one's own turn after a draw", e
        )
        require(self.wall_left > 0, "no concealed kan on the last tile (seed 002 3.4.1)", e)
        self._check_kan_allowed(e)
        s = self.seats[e.actor]
        tiles = [pai_to_tile(p) for p in e.consumed]
        require(len({t.kind for t in tiles}) == 1, "an ankan is four identical tiles", e)
        kind = tiles[0].kind
        if s.hand is not None:
            require(has_tiles(s.hand, tiles), f"seat {e.actor} does not hold {list(e.consumed)}", e)
        if s.riichi_accepted:
            if s.hand is not None and s.drawn is not None:
                verdict = riichi_ankan_verdict(
                    counts34(s.hand), kind, s.drawn.kind, self.rules.riichi_kan, len(s.melds)
                )
                require(verdict.allowed, f"illegal kan in riichi: {verdict.reason}", e)
            elif self.rules.riichi_kan == "never":
                illegal("this rule set allows no kan after riichi", e)
            else:
                self.warnings.append(
                    f"seat {e.actor} made a kan in riichi; the hand is hidden, so not checked"
                )
        s.melds.append(Meld("ankan", tuple(tiles)))
        if s.hand is not None:
            for t in tiles:
                s.hand.remove(t)
        s.concealed -= 4
        s.kans += 1
        self.pending_dora += 1
        self._interrupt()
        if self.rules.kokushi_robs_ankan:
            self.last_ankan = (e.actor, tiles[0])  # seed 002 3.3.7: open to thirteen orphans until the draw
        self.phase = "rinshan"
        s.refresh_waits()

    def _dora(self, e: Dora) -> None:
        require(self.pending_dora > 0, "a new dora indicator without a kan", e)
        self.pending_dora -= 1
        self.dora_markers.append(pai_to_tile(e.dora_marker))

    def _interrupt(self) -> None:
        """A call or kan breaks the go-around: no more ippatsu, double riichi or first-turn abortive draws."""
        self.interrupted = True
        for s in self.seats:
            s.ippatsu = False

    def _note_liability(self, actor: int, target: int, meld: Meld) -> None:
        """Seed 002 3.3.9: feeding the third dragon or fourth wind pon/kan makes the feeder liable."""
        s = self.seats[actor]
        k = meld.first_kind
        for group, need, name in ((DRAGONS, 3, "daisangen"), (WINDS, 4, "daisuushii")):
            if k in group and name in self.rules.liability:
                held = sum(1 for m in s.melds if m.kind != "chi" and m.first_kind in group) + 1
                if held == need:
                    s.liable = target

    def _note_abortive_due(self) -> None:
        if (
            "four_winds" in self.rules.abortive_draws
            and not self.interrupted
            and four_winds(self.first_discards)
        ):
            self.warnings.append("four winds discarded in the first go-around: abortive draw (seed 003)")
        if "four_riichi" in self.rules.abortive_draws and all(s.riichi_accepted for s in self.seats):
            self.warnings.append("all four players are in riichi: abortive draw (seed 001)")
        kans = [s.kans for s in self.seats]
        if "four_kans" in self.rules.abortive_draws and four_kans_abort(kans) and self.phase == "draw":
            self.warnings.append("four kans by more than one player: abortive draw (seed 001)")

    # the handlers of a hand's end live in engine.round_end (one module per job, each under 400 lines)
    def _hora(self, e: Hora) -> None:
        round_end.hora(self, e)

    def _ryukyoku(self, e: Ryukyoku) -> None:
        round_end.ryukyoku(self, e)

    def _reveal(self, e: Reveal) -> None:
        round_end.reveal(self, e)

    def _declare(self, e: Declare) -> None:
        round_end.declare(self, e)

    def close_window(self) -> None:
        """The last discard (or kakan tile) was not ronned: it now counts as passed for the others' furiten.

        Seed 001 "Temporary Furiten" / "Riichi": a wait passed since one's last discard or since one's riichi.
        """
        for window in (self.last_discard, self.last_kakan, self.last_ankan):
            if window is None:
                continue
            actor, t = window
            for seat, other in enumerate(self.seats):
                if seat != actor:
                    other.passed.append(t)
                    if other.riichi_accepted:
                        other.riichi_passed.append(t)
                    other.refresh_furiten()
        self.last_discard = None
        self.last_kakan = None
        self.last_ankan = None


def _ready_after_discard(hand: Sequence[Tile], melds: Sequence[Meld], rules: Rules) -> bool:
    """Whether some discard leaves the 14-tile-equivalent hand tenpai (seed 001 "Riichi": a ready hand)."""
    counts = counts34(hand)
    for k in {t.kind for t in hand}:
        counts[k] -= 1
        ready = bool(seat_waits(counts, [m.tiles for m in melds], rules))
        counts[k] += 1
        if ready:
            return True
    return False

"""A whole game over hands: scores, honba, riichi sticks, dealer rotation, the end, the final ranking.

`Game(rules).apply(event)` checks each event (via the hand's `Round`) and moves points on wins, draws,
riichi and chombo. Invariant, asserted after every event: the scores plus the points on the table (riichi
sticks and the beginner's noten pool) sum to the starting total.

Dealer rotation (001 / 003 "Dealer Rotation", 000 "Passing the Deal"): the dealer keeps the deal on a win
or tenpai at a draw (and on an abortive draw where the preset says so); honba count up when the deal stays,
and after every exhaustive draw under 002 3.4.2; chombo redeals the same hand (002 3.4).
"""

from __future__ import annotations

import copy
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from riichi_table.engine import multiple_ron, result_settle
from riichi_table.engine.errors import EngineError, IllegalEventError
from riichi_table.engine.events import (
    WINDS_PAI,
    Chombo,
    Declare,
    EndGame,
    EndKyoku,
    Event,
    Hora,
    Reach,
    ReachAccepted,
    Ryukyoku,
    StartGame,
    StartKyoku,
    event_from_json,
    tile_to_pai,
)
from riichi_table.engine.hand_result import DrawResult, HandResultError, Result, SettledHand, WinResult
from riichi_table.engine.round import Round
from riichi_table.engine.round_state import KawaTile
from riichi_table.engine.rules import Rules, resolve_rules
from riichi_table.engine.settle import finish_wins, settle_chombo, settle_draw_event, settle_hora
from riichi_table.engine.table import HandResult, Table


@dataclass(frozen=True, slots=True)
class Standing:
    """A seat's place at the end: `final` is score - return points + uma (+ oka for first) - penalties.

    `score` includes `leftover`, the riichi sticks (and pool) left on the table that first place takes
    where the preset says so (`Rules.leftover_sticks`). `rounded` is `score` as `final` counts it
    (`Rules.final_rounding`: the online convention rounds to the nearest 1,000, halves away from zero);
    without rounding it equals `score`.
    """

    seat: int
    rank: int
    score: int
    final: int
    leftover: int = 0
    rounded: int | None = None

    def __post_init__(self) -> None:
        if self.rounded is None:
            object.__setattr__(self, "rounded", self.score)


class Game:
    """A game of hands fed with events. Seats are chairs 0..3; the first hand's oya is the first dealer."""

    def __init__(self, rules: Rules | str | Mapping[str, object] | None = None) -> None:
        self.rules = resolve_rules(rules)
        self.names: tuple[str, ...] = ("0", "1", "2", "3")
        start = self.rules.starting_points
        self.scores = [start, start, start, start]
        self.start_total = 4 * start
        self.honba = 0
        self.sticks = 0  # riichi sticks on the table
        self.pool = 0  # seed 000 "Draws": noten points waiting for the next winner
        self.penalties = [0, 0, 0, 0]  # chombo points taken off the final score (rules.chombo == "points")
        self.dealer: int | None = None
        self.first_dealer: int | None = None
        self.round_wind = 0  # 0 East, 1 South, ...
        self.hand_number = 1  # the kyoku number within the round wind, 1..4
        self.round: Round | None = None
        self.results: list[HandResult] = []
        self.events: list[Event] = []
        self.result_hands: list[SettledHand] = []  # hands fed with `apply_result`, for logs
        self.ended = False
        self.warnings: list[str] = []
        self._rotated = False
        self.hora_base: multiple_ron.Snapshot | None = None  # the game just before this hand's first win
        self.resettling = False

    # --- reading the state ---------------------------------------------------------------------------

    @property
    def table_points(self) -> int:
        """Points lying on the table: riichi sticks and the noten pool."""
        return self.sticks * self.rules.riichi_deposit + self.pool

    def kawa(self, seat: int) -> list[KawaTile]:
        return list(self.round.seats[seat].kawa) if self.round else []

    def riichi(self, seat: int) -> bool:
        return bool(self.round and self.round.seats[seat].riichi)

    def furiten(self, seat: int) -> bool | None:
        """Furiten of a seat whose hand is known and waiting; None when it cannot be judged."""
        if self.round is None or self.round.seats[seat].furiten is None:
            return None
        verdict = self.round.seats[seat].furiten
        return verdict.furiten if verdict else None

    def table(self) -> Table:
        """The counters the settlement reads (`engine.table.Table`), as they are now."""
        s = self.scores
        dealer = 0 if self.dealer is None else self.dealer
        return Table(self.rules, (s[0], s[1], s[2], s[3]), dealer, self.honba, self.sticks, self.pool)

    @property
    def wall_left(self) -> int | None:
        return self.round.wall_left if self.round else None

    def next_start(self, dora_marker: str) -> StartKyoku:
        """The start_kyoku event for the next hand as the game expects it (for a physical table's reader)."""
        dealer = 0 if self.dealer is None else self.dealer
        return StartKyoku(
            bakaze=WINDS_PAI[self.round_wind],
            kyoku=self.hand_number,
            honba=self.honba,
            kyotaku=self.sticks,
            oya=dealer,
            dora_marker=dora_marker,
            scores=(self.scores[0], self.scores[1], self.scores[2], self.scores[3]),
        )

    # --- feeding events ------------------------------------------------------------------------------

    def apply(self, event: Event | Mapping[str, Any] | str) -> None:
        """Apply one event (an Event, a JSON object or a JSON line); IllegalEventError before any change."""
        if isinstance(event, Mapping):
            e: Event = event_from_json(dict(event))
        elif isinstance(event, str):
            e = event_from_json(event)
        else:
            e = event
        if self.ended and not isinstance(e, EndGame | EndKyoku):
            raise IllegalEventError(f"{e.TYPE}: the game is over", e)
        match e:
            case StartGame():
                if self.events:
                    raise IllegalEventError("start_game: the game has already started", e)
                self.names = e.names
            case StartKyoku():
                self._start_kyoku(e)
            case EndGame():
                self.ended = True
            case Declare() if e.call in ("tsumo", "ron"):
                self._declare_win(e)
                return
            case Declare() if e.call == "kyushu":
                self.apply(Ryukyoku(reason="yao9"))  # seed 001 "Abortive Draw": nine terminals
                return
            case Reach() if (
                self.rules.riichi_needs_deposit and self.scores[e.actor] < self.rules.riichi_deposit
            ):
                raise IllegalEventError(f"reach: seat {e.actor} cannot pay the riichi deposit", e)
            case Hora() | Ryukyoku() if self._is_resettle(e):
                multiple_ron.resettle(self, e)
                self._check_invariant()
                return
            case _:
                r = self._current(e)
                if isinstance(e, Hora | Ryukyoku | Chombo):
                    base = multiple_ron.Snapshot.take(self) if isinstance(e, Hora) and not r.horas else None
                    self._apply_atomic(r, e)
                    if base is not None:
                        self.hora_base = base
                else:
                    r.apply(e)
                    self._after(r, e)
        self.events.append(e)
        self._check_invariant()

    # --- feeding hand results ------------------------------------------------------------------------

    def apply_result(self, result: Result) -> None:
        """Settle one whole hand given as a result (`engine.hand_result`) instead of tile-level events.

        The hand is the one the game expects next (`next_start`); the first hand of a game fed with results
        is East 1 with seat 0 dealing. The result's riichi sticks go on the table first, then the money is
        settled as on the event path (`engine.result_settle`), then the deal rotates. HandResultError,
        with nothing changed, when the result breaks the rules or a hand fed with events is still open
        (results and events are never mixed within one hand).
        """
        if self.ended:
            raise HandResultError("the game is over: no more hands")
        r = self.round
        if r is not None and (r.phase not in ("hora", "ended") or not self._rotated):
            raise HandResultError(
                "a hand fed with tile-level events is still open: finish it with events (ending with "
                "end_kyoku); results and events cannot be mixed within one hand"
            )
        result = result_settle.check(self.table(), result)
        if self.first_dealer is None:
            self.first_dealer = self.dealer = 0
        dealer = 0 if self.dealer is None else self.dealer
        header = (self.round_wind, self.hand_number, self.honba, self.sticks, dealer)
        before = tuple(self.scores)
        for seat in sorted(result.riichi):  # 002 3.3.14: the stick goes on the table
            self.scores[seat] -= self.rules.riichi_deposit
            self.sticks += 1
        money, keeps, next_honba = result_settle.settle(self.table(), result)
        for m in money:
            self._move(m)
        self.round = None
        self.hora_base = None
        after = tuple(self.scores)
        self.result_hands.append(
            SettledHand(*header, (before[0], before[1], before[2], before[3]), result, tuple(money),
                        (after[0], after[1], after[2], after[3]))
        )  # fmt: skip
        how = "win" if isinstance(result, WinResult) else "tenpai" if isinstance(result, DrawResult) else ""
        self._rotate(keeps, next_honba, how)
        self._check_invariant()

    def _is_resettle(self, e: Hora | Ryukyoku) -> bool:
        """A ron after a ron on the same tile, or three rons called an abortive draw: see `multiple_ron`."""
        r = self.round
        if r is None or not r.horas or r.phase != "hora" or self.hora_base is None or self.resettling:
            return False
        return (isinstance(e, Ryukyoku) and e.reason == "ron3") or multiple_ron.is_another_ron(r, e)

    def _current(self, e: Event) -> Round:
        if self.round is None:
            raise IllegalEventError(f"{e.TYPE}: no hand in progress (send start_kyoku first)", e)
        return self.round

    def _start_kyoku(self, e: StartKyoku) -> None:
        if self.round is not None:
            if self.round.phase not in ("hora", "ended"):
                raise IllegalEventError("start_kyoku: the previous hand has no result yet", e)
            self._finish_hand(self.round)
            if self.ended:
                raise IllegalEventError("start_kyoku: the game is over", e)
        if self.first_dealer is None:
            self.first_dealer = self.dealer = e.oya
            self.round_wind = WINDS_PAI.index(e.bakaze)
            self.hand_number = e.kyoku
            self.honba = e.honba
        expected = (WINDS_PAI[self.round_wind], self.hand_number, self.dealer, self.honba)
        got = (e.bakaze, e.kyoku, e.oya, e.honba)
        if got != expected:
            raise IllegalEventError(
                f"start_kyoku: expected {expected[0]}{expected[1]} dealer {expected[2]} honba {expected[3]}, "
                f"got {got[0]}{got[1]} dealer {got[2]} honba {got[3]}",
                e,
            )
        if e.scores is not None and list(e.scores) != self.scores:
            self.warnings.append(f"start_kyoku scores {list(e.scores)} differ from the game's {self.scores}")
        self.round = Round(e, self.rules)
        self._rotated = False
        self.hora_base = None

    def _declare_win(self, e: Declare) -> None:
        """A person says tsumo or ron: turn it into the hora event on the tile in play."""
        r = self._current(e)
        if e.call == "tsumo":
            drawn = r.seats[e.actor].drawn
            if drawn is None:
                raise IllegalEventError("declare: tsumo, but the drawn tile is unknown; send a hora", e)
            self.apply(Hora(actor=e.actor, target=e.actor, pai=tile_to_pai(drawn)))
            return
        window = r.last_discard or r.last_kakan or r.last_ankan
        if window is None or e.target != window[0]:
            raise IllegalEventError(f"declare: ron from seat {e.target}, whose tile is not in play", e)
        self.apply(Hora(actor=e.actor, target=window[0], pai=tile_to_pai(window[1])))

    def _apply_atomic(self, r: Round, e: Hora | Ryukyoku | Chombo) -> None:
        """Apply an event whose settlement may still fail (no yaku, bad deltas); restore the round if so."""
        saved = copy.deepcopy(r)
        try:
            r.apply(e)
            self._after(r, e)
        except EngineError:
            self.round = saved
            raise

    def _finish_hand(self, r: Round) -> None:
        """Rotate after the hand's wins (at end_kyoku, or at the next start_kyoku if none came)."""
        if r.horas and not self._rotated:
            keeps, honba = finish_wins(self.table(), r)
            self._rotate(keeps, honba, "win")
        self._rotated = True

    def _after(self, r: Round, e: Event) -> None:
        """Money and rotation after the round accepted an event."""
        match e:
            case ReachAccepted():
                self.scores[e.actor] -= self.rules.riichi_deposit
                self.sticks += 1
            case Hora():
                result = settle_hora(self.table(), r, e)
                self._move(result)
            case Ryukyoku():
                result = settle_draw_event(self.table(), r, e)
                self._move(result)
                how = "tenpai" if e.reason in ("fanpai", "nagashi") else ""
                self._rotate(result.dealer_keeps, result.next_honba, how)
            case Chombo():
                result = settle_chombo(self.table(), self.round, e)
                self._move(result)
                self._rotate(result.dealer_keeps, result.next_honba)
            case EndKyoku():
                self._finish_hand(r)
        self.warnings.extend(w for w in r.warnings if w not in self.warnings)

    def _move(self, result: HandResult) -> None:
        for seat in range(4):
            self.scores[seat] += result.deltas[seat]
        self.sticks += result.sticks_change
        self.pool += result.pool_change
        for seat, p in enumerate(result.penalties):
            self.penalties[seat] += p
        self.results.append(result)

    def _rotate(self, dealer_keeps: bool, next_honba: int, how: str = "") -> None:
        """Dealer rotation, honba, and the end of the game after a hand (`how` the dealer kept the deal:
        "win", "tenpai" at an exhaustive draw, or "" for anything else)."""
        assert self.dealer is not None and self.first_dealer is not None
        self._rotated = True
        self.honba = next_honba
        if not dealer_keeps:
            self.dealer = (self.dealer + 1) % 4
            self.hand_number += 1
            if self.hand_number > 4:
                self.hand_number = 1
                self.round_wind += 1
        self.ended = self._game_over(how if dealer_keeps else "", dealer_keeps)

    def _game_over(self, kept_by: str, dealer_keeps: bool) -> bool:
        """Whether the game ends now (see the game-end fields of `Rules`, and docs/game.md)."""
        rules = self.rules
        if rules.bust_ends_game and min(self.scores) < 0:
            return True
        winds = 1 if rules.game_length == "east" else 2
        target = rules.extra_round_target
        last_wind = winds + (rules.extra_winds if target else 0)  # never past it (tenhou: no North)
        if self.round_wind >= last_wind:
            return True
        if kept_by and self._dealer_may_stop(kept_by, winds, last_wind):
            return True
        if self.round_wind < winds:
            return False
        if not target:
            return True
        if dealer_keeps:
            return False  # in an extension round a dealer keeping the deal does not end the game by itself
        return max(self.scores) >= target  # the extension ends once someone has the target

    def _dealer_may_stop(self, kept_by: str, winds: int, last_wind: int) -> bool:
        """Agari-yame / tenpai-yame: the dealer of the game's last hand keeps the deal and is first (ties by
        seat order from the first dealer) with at least the target."""
        rules = self.rules
        if not ((kept_by == "win" and rules.agari_yame) or (kept_by == "tenpai" and rules.tenpai_yame)):
            return False
        if self.hand_number != 4 or self.round_wind not in (winds - 1, last_wind - 1):
            return False
        assert self.dealer is not None
        first = self.first_dealer or 0
        top = min(range(4), key=lambda s: (-self.scores[s], (s - first) % 4))
        return top == self.dealer and self.scores[self.dealer] >= rules.extra_round_target

    def _check_invariant(self) -> None:
        assert sum(self.scores) + self.table_points == self.start_total, (
            f"scores {self.scores} + table {self.table_points} != {self.start_total}"
        )

    # --- the end -------------------------------------------------------------------------------------

    def ranking(self) -> list[Standing]:
        """Final places, uma and oka (rules); ties by seat order from the first dealer (seed 000).

        Points left on the table go to first place when `rules.leftover_sticks == "first"` (common
        competition practice; no seed says): with `tie_break == "split"` players tied for first share them
        (remainder to the earliest seat from the first dealer), otherwise the tie-broken first takes all.
        """
        first = self.first_dealer or 0
        order = sorted(range(4), key=lambda s: (-self.scores[s], (s - first) % 4))
        uma = list(self.rules.uma)
        if self.rules.tie_break == "split":
            uma = _split_ties([self.scores[s] for s in order], uma)
        leftover = [0, 0, 0, 0]
        if self.rules.leftover_sticks == "first" and self.table_points:
            top = [s for s in order if self.scores[s] == self.scores[order[0]]]
            if self.rules.tie_break != "split":
                top = top[:1]
            share, rest = divmod(self.table_points, len(top))
            for i, seat in enumerate(top):
                leftover[seat] = share + (rest if i == 0 else 0)
        out = []
        for rank, seat in enumerate(order):
            score = self.scores[seat] + leftover[seat]
            rounded = round_final(score, self.rules)
            final = rounded - self.rules.return_points + uma[rank] - self.penalties[seat]
            if rank == 0:
                final += self.rules.oka
            out.append(Standing(seat, rank + 1, score, final, leftover[seat], rounded))
        return out


def round_final(score: int, rules: Rules) -> int:
    """A final score as uma and oka count it (`Rules.final_rounding`); 1,500 -> 2,000, -1,500 -> -2,000."""
    if rules.final_rounding == "none":
        return score
    thousands, rest = divmod(abs(score), 1000)
    if rest >= 500:
        thousands += 1
    return thousands * 1000 * (1 if score >= 0 else -1)


def _split_ties(sorted_scores: list[int], uma: list[int]) -> list[int]:
    """Tied players share the uma of the places they occupy (integer division, remainder to the first)."""
    out = list(uma)
    i = 0
    while i < 4:
        j = i
        while j + 1 < 4 and sorted_scores[j + 1] == sorted_scores[i]:
            j += 1
        if j > i:
            total = sum(uma[i : j + 1])
            share, rest = divmod(total, j - i + 1)
            for k in range(i, j + 1):
                out[k] = share + (rest if k == i else 0)
        i = j + 1
    return out

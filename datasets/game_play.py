"""A random but legal game of riichi played by simple bots: mjai-style events and the table layout to draw.

The bots discard to lower shanten (ties broken by the seeded generator), declare riichi when closed and
tenpai, call pon/daiminkan on value tiles and chi/pon while every tile is a simple, make concealed and added
kans, and win only with a yaku they can be sure of (riichi, menzen tsumo, a called value tile, all simples,
seven pairs). Some hands are played "slow" (random discards, no wins) so that exhaustive draws happen too.

`play_game()` yields `Step`s: the events a perfect camera reader would emit for one visible change (tsumo
tiles as `?`, `tsumogiri` false, starting hands unknown) and the `TableLayout` after it. Scores, dealer
rotation and sticks are the engine's (`engine.game.Game`) when it is there, else a simple fallback.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from riichi_table.datasets.errors import DatasetError
from riichi_table.engine.errors import EngineError
from riichi_table.engine.game import Game
from riichi_table.engine.hand import is_complete, shanten
from riichi_table.engine.rules import resolve_rules
from riichi_table.engine.tiles import DRAGONS, HONORS, TERMINALS_AND_HONORS, Tile, counts34, tile

PAI_HONORS = ("E", "S", "W", "N", "P", "F", "C")


def pai(t: Tile) -> str:
    """mjai name of a tile (`5mr` for a red five, `E` .. `C` for honors)."""
    if t.kind >= 27:
        return PAI_HONORS[t.kind - 27]
    return f"{t.kind % 9 + 1}{'mps'[t.kind // 9]}" + ("r" if t.red else "")


@dataclass
class MeldShape:
    """A meld as it lies: tiles left to right from its owner's view, which are sideways / face-down."""

    kind: str  # chi pon daiminkan kakan ankan
    tiles: list[Tile]
    sideways: list[bool]
    face_down: list[bool]
    stacked: int = -1  # index of the sideways tile that carries the added kan tile


@dataclass
class SeatLayout:
    pond: list[tuple[Tile, bool]] = field(default_factory=list)  # (tile, sideways) in discard order
    melds: list[MeldShape] = field(default_factory=list)
    hand_count: int = 13
    revealed: list[Tile] | None = None  # concealed tiles laid open (winning tile last if `win_apart`)
    win_apart: bool = False


@dataclass
class TableLayout:
    """Everything on the table the renderer draws; rebuilt as the game goes."""

    seats: list[SeatLayout] = field(default_factory=lambda: [SeatLayout() for _ in range(4)])
    dora: list[Tile] = field(default_factory=list)
    ura: list[Tile] = field(default_factory=list)
    empty: bool = False


@dataclass(frozen=True)
class Step:
    """One visible change: the events it makes and what the table looks like after it."""

    events: tuple[dict[str, Any], ...]
    layout: TableLayout
    actor: int | None  # whose hand reaches in (None: nobody)
    reach_to: tuple[float, float] | None = None  # seat-local (u, v) mm the hand reaches towards


def _copy(layout: TableLayout) -> TableLayout:
    return TableLayout(
        seats=[
            SeatLayout(
                list(s.pond),
                [
                    MeldShape(m.kind, list(m.tiles), list(m.sideways), list(m.face_down), m.stacked)
                    for m in s.melds
                ],
                s.hand_count,
                None if s.revealed is None else list(s.revealed),
                s.win_apart,
            )
            for s in layout.seats
        ],
        dora=list(layout.dora),
        ura=list(layout.ura),
        empty=layout.empty,
    )


def _wall(rng: random.Random, red_fives: tuple[int, int, int]) -> list[Tile]:
    tiles = []
    for kind in range(34):
        reds = red_fives[kind // 9] if kind in (4, 13, 22) else 0
        tiles += [tile(kind, i < reds) for i in range(4)]
    rng.shuffle(tiles)
    return tiles


class _Hand:
    """One hand's play; `run()` yields Steps."""

    def __init__(self, rng: random.Random, game: Game, red_fives: tuple[int, int, int]) -> None:
        self.rng = rng
        self.game = game
        self.slow = rng.random() < 0.25
        wall = _wall(rng, red_fives)
        self.dead, self.live = wall[:14], wall[14:]
        self.hands = [[self.live.pop() for _ in range(13)] for _ in range(4)]
        self.layout = TableLayout()
        self.layout.dora = [self.dead[4]]
        self.info = game.next_start(pai(self.dead[4])).to_json()
        self.oya = int(self.info["oya"])
        self.bakaze = 27 + "ESWN".index(self.info["bakaze"])
        self.pending: list[dict[str, Any]] = []
        self.riichi = [False] * 4
        self.sideways_due = [False] * 4
        self.furiten_pass = [False] * 4
        self.kans = 0
        # 000 "Complete hand": only the shapes the preset counts (the beginner rules: four sets and a pair)
        self.shapes = game.rules.hand_shapes

    # --- helpers ----------------------------------------------------------------------------------------
    def _seat_wind(self, seat: int) -> int:
        return 27 + (seat - self.oya) % 4

    def _value(self, seat: int, kind: int) -> bool:
        return kind in DRAGONS or kind == self.bakaze or kind == self._seat_wind(seat)

    def _melds(self, seat: int) -> list[MeldShape]:
        return self.layout.seats[seat].melds

    def _open(self, seat: int) -> bool:
        return any(m.kind != "ankan" for m in self._melds(seat))

    def _all_simple(self, seat: int, extra: list[Tile]) -> bool:
        tiles = self.hands[seat] + extra + [t for m in self._melds(seat) for t in m.tiles]
        return all(t.kind not in TERMINALS_AND_HONORS for t in tiles)

    def _complete(self, seat: int, extra: list[Tile]) -> bool:
        return is_complete(counts34(self.hands[seat] + extra), len(self._melds(seat)), self.shapes)

    def _step(
        self, events: list[dict[str, Any]], actor: int | None, reach: tuple[float, float] | None
    ) -> Step:
        return Step(tuple(events), _copy(self.layout), actor, reach)

    def _choose_discard(self, seat: int, banned: set[int]) -> Tile:
        hand = self.hands[seat]
        if self.riichi[seat]:
            return hand[-1]
        options = [t for t in hand if t.kind not in banned] or list(hand)
        if self.slow:
            return self.rng.choice(options)
        melds = len(self._melds(seat))
        best: list[Tile] = []
        best_s = 99
        for t in options:
            rest = list(hand)
            rest.remove(t)
            s = shanten(counts34(rest), melds, self.shapes)
            if s < best_s:
                best, best_s = [t], s
            elif s == best_s:
                best.append(t)
        # Among equals, prefer isolated honors and terminals, like people do.
        best.sort(key=lambda t: (t.kind not in HONORS, t.kind not in TERMINALS_AND_HONORS))
        return best[0] if self.rng.random() < 0.6 else self.rng.choice(best)

    def _waits_furiten(self, seat: int) -> bool:
        melds = len(self._melds(seat))
        pond_kinds = {t.kind for t, _ in self.layout.seats[seat].pond}
        counts = counts34(self.hands[seat])
        for k in pond_kinds:
            counts[k] += 1
            done = is_complete(counts, melds, self.shapes)
            counts[k] -= 1
            if done:
                return True
        return False

    # --- the hand ---------------------------------------------------------------------------------------
    def run(self) -> Iterator[Step]:
        start = dict(self.info)
        start["tehais"] = [["?"] * 13 for _ in range(4)]
        yield self._step([start], None, None)
        seat, draw, banned = self.oya, True, set()
        rinshan = False
        while True:
            events: list[dict[str, Any]] = []
            if draw:
                if not self.live:
                    yield from self._exhaustive()
                    return
                drawn = self.dead.pop() if rinshan else self.live.pop()
                if rinshan:
                    self.live.pop(0)  # the dead wall keeps 14 tiles (seed 002 3.3.5)
                    rinshan = False
                self.hands[seat].append(drawn)
                events.append({"type": "tsumo", "actor": seat, "pai": "?"})
                if not self.slow and self._can_win(seat, seat, drawn, events):
                    yield from self._win(seat, seat, drawn, events)
                    return
                kan = self._try_self_kan(seat, drawn)
                if kan is not None:
                    events += kan
                    yield self._step(events, seat, (300.0, 360.0))
                    yield self._flip_dora()
                    rinshan, draw = True, True
                    continue
            discard = self._choose_discard(seat, banned)
            banned = set()
            self.hands[seat].remove(discard)
            declare = (
                not self.slow
                and not self.riichi[seat]
                and not self._open(seat)
                and len(self.live) >= 4
                and self.game.scores[seat] >= 1000
                and shanten(counts34(self.hands[seat]), len(self._melds(seat)), self.shapes) == 0
                and self.rng.random() < 0.85
            )
            pond = self.layout.seats[seat].pond
            if declare:
                events.append({"type": "reach", "actor": seat})
                self.riichi[seat] = True
                self.sideways_due[seat] = True
            pond.append((discard, self.sideways_due[seat]))
            called_sideways = self.sideways_due[seat]
            self.sideways_due[seat] = False
            events.append({"type": "dahai", "actor": seat, "pai": pai(discard), "tsumogiri": False})
            slot = len(pond) - 1
            yield self._step(events, seat, ((slot % 6 - 2.5) * 29.0, 125.0 + min(slot // 6, 3) * 39.0))
            events = []
            for other in ((seat + i) % 4 for i in (1, 2, 3)):
                if self.slow or not self._complete(other, [discard]):
                    continue
                if self._waits_furiten(other) or self.furiten_pass[other]:
                    continue
                if self._can_win(other, seat, discard, []):
                    pond.pop()
                    yield from self._win(other, seat, discard, [])
                    return
                self.furiten_pass[other] = True
            if declare:
                events.append({"type": "reach_accepted", "actor": seat})
            call = self._try_call(seat, discard)
            if call is not None:
                caller, call_events, kind = call
                pond.pop()
                # A called riichi discard: the declarer turns the next discard sideways (seed 002 3.3.14).
                self.sideways_due[seat] = called_sideways
                events += call_events
                yield self._step(events, caller, (300.0, 360.0))
                self.furiten_pass[caller] = False
                seat = caller
                if kind == "daiminkan":
                    yield self._flip_dora()
                    rinshan, draw = True, True
                else:
                    draw = False
                    banned = {discard.kind}
                continue
            if events:
                yield self._step(events, None, None)
            self.furiten_pass[seat] = False
            seat, draw = (seat + 1) % 4, True

    def _flip_dora(self) -> Step:
        self.kans += 1
        indicator = self.dead[4 + 2 * self.kans] if 4 + 2 * self.kans < len(self.dead) else self.dead[0]
        self.layout.dora.append(indicator)
        return self._step([{"type": "dora", "dora_marker": pai(indicator)}], None, None)

    def _try_self_kan(self, seat: int, drawn: Tile) -> list[dict[str, Any]] | None:
        if self.kans >= 3 or len(self.live) < 2 or self.riichi[seat] or self.slow:
            return None
        counts = counts34(self.hands[seat])
        for kind, n in enumerate(counts):
            if n == 4 and self.rng.random() < 0.8:
                four = sorted((t for t in self.hands[seat] if t.kind == kind), key=lambda t: t.red)
                for t in four:
                    self.hands[seat].remove(t)
                self._melds(seat).append(MeldShape("ankan", four, [False] * 4, [False, True, True, False]))
                self.layout.seats[seat].hand_count -= 3
                return [{"type": "ankan", "actor": seat, "consumed": [pai(t) for t in four]}]
        for meld in self._melds(seat):
            if meld.kind == "pon" and meld.tiles[0].kind == drawn.kind and self.rng.random() < 0.8:
                self.hands[seat].remove(drawn)
                meld.kind = "kakan"
                meld.stacked = meld.sideways.index(True)
                consumed = [pai(t) for t in meld.tiles]
                meld.tiles.append(drawn)
                self.layout.seats[seat].hand_count -= 1
                return [{"type": "kakan", "actor": seat, "pai": pai(drawn), "consumed": consumed}]
        return None

    def _try_call(self, seat: int, t: Tile) -> tuple[int, list[dict[str, Any]], str] | None:
        if self.slow or not self.live:
            return None
        for caller in ((seat + i) % 4 for i in (1, 2, 3)):
            if self.riichi[caller]:
                continue
            same = [h for h in self.hands[caller] if h.kind == t.kind]
            value = self._value(caller, t.kind)
            simple = t.kind not in TERMINALS_AND_HONORS and self._all_simple(caller, [t])
            if len(same) == 3 and value and self.kans < 3 and len(self.live) >= 2 and self.rng.random() < 0.7:
                return caller, self._meld(caller, seat, t, same, "daiminkan"), "daiminkan"
            if len(same) >= 2 and (value or simple) and self.rng.random() < 0.6:
                return caller, self._meld(caller, seat, t, same[:2], "pon"), "pon"
        caller = (seat + 1) % 4
        if (
            self.riichi[caller]
            or t.kind >= 27
            or not self._all_simple(caller, [t])
            or self.rng.random() > 0.4
        ):
            return None
        hand = self.hands[caller]
        base = t.kind - t.kind % 9
        for lo in (t.kind - 2, t.kind - 1, t.kind):
            run = [k for k in (lo, lo + 1, lo + 2) if k != t.kind]
            if lo < base or lo + 2 >= base + 9:
                continue
            picks = [next((h for h in hand if h.kind == k), None) for k in run]
            if all(p is not None for p in picks):
                before = shanten(counts34(hand), len(self._melds(caller)), self.shapes)
                rest = list(hand)
                for p in picks:
                    rest.remove(p)  # type: ignore[arg-type]
                if shanten(counts34(rest), len(self._melds(caller)) + 1, self.shapes) < before:
                    return caller, self._meld(caller, seat, t, picks, "chi"), "chi"  # type: ignore[arg-type]
        return None

    def _meld(
        self, caller: int, target: int, t: Tile, consumed: list[Tile], kind: str
    ) -> list[dict[str, Any]]:
        for c in consumed:
            self.hands[caller].remove(c)
        rel = (target - caller) % 4  # 3 kamicha (left), 2 toimen (middle), 1 shimocha (right)
        others = sorted(consumed, key=lambda x: (x.kind, x.red))
        pos = {3: 0, 2: 1, 1: len(others)}[rel]
        tiles = [*others[:pos], t, *others[pos:]]
        sideways = [i == pos for i in range(len(tiles))]
        self._melds(caller).append(MeldShape(kind, tiles, sideways, [False] * len(tiles)))
        self.layout.seats[caller].hand_count -= len(consumed)
        return [
            {
                "type": kind,
                "actor": caller,
                "target": target,
                "pai": pai(t),
                "consumed": [pai(c) for c in consumed],
            }
        ]

    def _win_events(self, winner: int, target: int, t: Tile) -> list[dict[str, Any]]:
        hand = list(self.hands[winner])
        if winner == target:
            hand.remove(t)
        concealed = sorted(hand, key=lambda x: (x.kind, x.red))
        tehai = [pai(x) for x in [*concealed, t]]
        hora: dict[str, Any] = {"type": "hora", "actor": winner, "target": target, "pai": pai(t)}
        ura = [self.dead[5 + 2 * i] for i in range(len(self.layout.dora))] if self.riichi[winner] else []
        hora["uradora_markers"] = [pai(x) for x in ura]
        hora["hora_tehais"] = tehai[:-1]
        return [{"type": "reveal", "actor": winner, "tehai": tehai}, hora, {"type": "end_kyoku"}]

    def _can_win(self, winner: int, target: int, t: Tile, before: list[dict[str, Any]]) -> bool:
        extra = [] if winner == target else [t]
        if not self._complete(winner, extra):
            return False
        return _legal(self.game, before + self._win_events(winner, target, t))

    def _win(self, winner: int, target: int, t: Tile, events: list[dict[str, Any]]) -> Iterator[Step]:
        win_events = self._win_events(winner, target, t)
        hand = list(self.hands[winner])
        if winner == target:
            hand.remove(t)
        seat = self.layout.seats[winner]
        seat.revealed = [*sorted(hand, key=lambda x: (x.kind, x.red)), t]
        seat.win_apart = True
        if self.riichi[winner]:
            self.layout.ura = [self.dead[5 + 2 * i] for i in range(len(self.layout.dora))]
        yield self._step(events + win_events, winner, (-150.0, 360.0))

    def _exhaustive(self) -> Iterator[Step]:
        tenpais = [
            shanten(counts34(h), len(self._melds(s)), self.shapes) == 0 for s, h in enumerate(self.hands)
        ]
        events: list[dict[str, Any]] = []
        for s, ready in enumerate(tenpais):
            if ready:
                self.layout.seats[s].revealed = sorted(self.hands[s], key=lambda x: (x.kind, x.red))
                events.append(
                    {"type": "reveal", "actor": s, "tehai": [pai(x) for x in self.layout.seats[s].revealed]}
                )
        tehais = [[pai(x) for x in self.layout.seats[s].revealed or []] for s in range(4)]
        events += [
            {"type": "ryukyoku", "reason": "fanpai", "tenpais": tenpais, "tehais": tehais},
            {"type": "end_kyoku"},
        ]
        yield self._step(events, None, None)


def _legal(game: Game, events: list[dict[str, Any]]) -> bool:
    """Whether the engine accepts these events next (tried on a copy: a win needs a yaku the engine sees)."""
    trial = copy.deepcopy(game)
    try:
        for e in events:
            trial.apply(e)
    except EngineError:
        return False
    return True


def play_game(seed: int, hands: int | None = None, rules: str = "wrc") -> Iterator[Step]:
    """Play a game (or its first `hands` hands) from a seed; deterministic for a seed.

    Every event is applied to an `engine.game.Game` as it is made, so the log is legal by construction and
    wins are scored by the engine.
    """
    rng = random.Random(seed)
    game = Game(resolve_rules(rules))
    red = game.rules.red_fives
    start = {"type": "start_game", "names": ["0", "1", "2", "3"]}
    game.apply(start)
    yield Step((start,), TableLayout(empty=True), None)
    played = 0
    while not game.ended and (hands is None or played < hands):
        hand = _Hand(rng, game, red)
        for step in hand.run():
            for e in step.events:
                try:
                    game.apply(e)
                except EngineError as exc:
                    raise DatasetError(f"the bots made an event the engine refuses: {e} ({exc})") from exc
            yield step
        played += 1
        yield Step((), TableLayout(empty=True), None)
    end = {"type": "end_game", "scores": list(game.scores)}
    game.apply(end)
    yield Step((end,), TableLayout(empty=True), None)

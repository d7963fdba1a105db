"""A small legal-game player for tests: deals a seeded wall and plays greedy, legal hands through `Game`.

Players discard to lower shanten, declare riichi when ready, pon when it helps, win whenever the engine
scores the hand, and otherwise play to an exhaustive draw. Every event goes through `Game.apply`, and
`on_event` (if given) runs after each one, so tests can check invariants step by step.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from engine.errors import IllegalEventError
from engine.events import (
    Dahai,
    EndGame,
    EndKyoku,
    Event,
    Hora,
    Pon,
    Reach,
    ReachAccepted,
    Ryukyoku,
    StartGame,
    StartKyoku,
    Tsumo,
    tile_to_pai,
)
from engine.game import Game
from engine.hand import is_complete, shanten
from engine.tiles import Tile, counts34, tile


def _wall(rng: random.Random, red: bool) -> list[Tile]:
    out = [tile(k, red and k in (4, 13, 22) and c == 0) for k in range(34) for c in range(4)]
    rng.shuffle(out)
    return out


class Player:
    """Feeds one game's events to `game`, remembering them in `events`."""

    def __init__(self, game: Game, seed: int, on_event: Callable[[Game, Event], None] | None = None) -> None:
        self.game = game
        self.rng = random.Random(seed)
        self.events: list[Event] = []
        self.on_event = on_event

    def emit(self, e: Event) -> None:
        self.game.apply(e)
        self.events.append(e)
        if self.on_event is not None:
            self.on_event(self.game, e)

    def try_emit(self, e: Event) -> bool:
        try:
            self.emit(e)
        except IllegalEventError:
            return False
        return True

    def play_game(self, max_hands: int = 40) -> None:
        self.emit(StartGame(names=("A", "B", "C", "D")))
        for _ in range(max_hands):
            if self.game.ended:
                break
            self.play_hand()
        self.emit(EndGame(scores=tuple(self.game.scores)))  # type: ignore[arg-type]

    def play_hand(self) -> None:
        g = self.game
        wall = _wall(self.rng, g.rules.red_five_total > 0)
        hands = [wall[i * 13 : (i + 1) * 13] for i in range(4)]
        dead, live = wall[52:66], wall[66:]
        nxt = g.next_start(tile_to_pai(dead[4]))
        tehais = tuple(tuple(tile_to_pai(t) for t in h) for h in hands)
        self.emit(
            StartKyoku(
                bakaze=nxt.bakaze,
                kyoku=nxt.kyoku,
                honba=nxt.honba,
                kyotaku=nxt.kyotaku,
                oya=nxt.oya,
                dora_marker=nxt.dora_marker,
                scores=nxt.scores,
                tehais=tehais,
            )
        )
        self._play(hands, live, nxt.oya)
        self.emit(EndKyoku())

    def _best_discard(self, hand: list[Tile], melds: int, forbidden: frozenset[int]) -> Tile:
        allowed = [t for t in hand if t.kind not in forbidden] or hand
        return min(allowed, key=lambda t: (self._shanten_without(hand, t, melds), self.rng.random()))

    @staticmethod
    def _shanten_without(hand: list[Tile], t: Tile, melds: int) -> int:
        rest = list(hand)
        rest.remove(t)
        return shanten(counts34(rest), melds)

    def _play(self, hands: list[list[Tile]], live: list[Tile], seat: int) -> None:
        g = self.game
        while True:
            if not live:
                self.emit(Ryukyoku(reason="fanpai"))
                return
            drawn = live.pop(0)
            self.emit(Tsumo(actor=seat, pai=tile_to_pai(drawn)))
            hands[seat].append(drawn)
            s = g.round.seats[seat] if g.round else None
            assert s is not None
            if is_complete(counts34(hands[seat]), len(s.melds)) and self.try_emit(
                Hora(actor=seat, target=seat, pai=tile_to_pai(drawn))
            ):
                return
            seat = self._discard(hands, live, seat, drawn)
            if seat < 0:
                return

    def _discard(self, hands: list[list[Tile]], live: list[Tile], seat: int, drawn: Tile | None) -> int:
        """Discard, let others ron or pon; return the next seat to draw, or -1 when the hand ended."""
        g = self.game
        assert g.round is not None
        s = g.round.seats[seat]
        d = (
            drawn
            if s.riichi_accepted and drawn is not None
            else self._best_discard(hands[seat], len(s.melds), s.kuikae)
        )
        hands[seat].remove(d)
        ready = shanten(counts34(hands[seat]), len(s.melds)) == 0
        riichi = not s.riichi and s.is_closed and ready and len(live) >= 4 and g.scores[seat] >= 1000
        if riichi:
            hands[seat].append(d)
            self.emit(Reach(actor=seat))
            hands[seat].remove(d)
        self.emit(Dahai(actor=seat, pai=tile_to_pai(d), tsumogiri=d == drawn))
        won = False
        for o in (1, 2, 3):
            other = (seat + o) % 4
            melds = len(g.round.seats[other].melds)
            if is_complete(counts34([*hands[other], d]), melds) and self.try_emit(
                Hora(actor=other, target=seat, pai=tile_to_pai(d))
            ):
                won = True
        if won:
            return -1
        if riichi:
            self.emit(ReachAccepted(actor=seat))
        for o in (1, 2, 3):
            other = (seat + o) % 4
            h = hands[other]
            pair = [t for t in h if t.kind == d.kind][:2]
            if len(pair) == 2 and d.kind >= 27 and self.rng.random() < 0.7:
                event = Pon(
                    actor=other, target=seat, pai=tile_to_pai(d), consumed=tuple(tile_to_pai(t) for t in pair)
                )
                if self.try_emit(event):
                    for t in pair:
                        h.remove(t)
                    return self._discard(hands, live, other, None)
        return (seat + 1) % 4

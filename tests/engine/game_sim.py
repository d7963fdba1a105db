"""A small legal-game player for tests: deals a seeded wall and plays greedy, legal hands through `Game`.

Players discard to lower shanten, declare riichi when ready, pon when it helps, win whenever the engine
scores the hand, and otherwise play to an exhaustive draw. With `calls=True` they also chi, pon any tile,
and make open, added and concealed kans now and then (to exercise every call in logs). Every event goes
through `Game.apply`, and `on_event` (if given) runs after each one, so tests can check invariants step by
step.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from riichi_table.engine.errors import IllegalEventError
from riichi_table.engine.events import (
    Ankan,
    Chi,
    Dahai,
    Daiminkan,
    Dora,
    EndGame,
    EndKyoku,
    Event,
    Hora,
    Kakan,
    Pon,
    Reach,
    ReachAccepted,
    Ryukyoku,
    StartGame,
    StartKyoku,
    Tsumo,
    tile_to_pai,
)
from riichi_table.engine.game import Game
from riichi_table.engine.hand import is_complete, shanten
from riichi_table.engine.tiles import Tile, counts34, tile


def _wall(rng: random.Random, red: bool) -> list[Tile]:
    out = [tile(k, red and k in (4, 13, 22) and c == 0) for k in range(34) for c in range(4)]
    rng.shuffle(out)
    return out


class Player:
    """Feeds one game's events to `game`, remembering them in `events`."""

    def __init__(
        self,
        game: Game,
        seed: int,
        on_event: Callable[[Game, Event], None] | None = None,
        calls: bool = False,
    ) -> None:
        self.game = game
        self.rng = random.Random(seed)
        self.events: list[Event] = []
        self.on_event = on_event
        self.calls = calls
        self.dead: list[Tile] = []

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
        self.dead = dead[5:]  # kan dora indicators
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
        rinshan = False
        while True:
            if not live:
                self.emit(Ryukyoku(reason="fanpai"))
                return
            # a kan's replacement comes from the dead wall, which takes the live wall's last tile instead
            drawn = live.pop() if rinshan else live.pop(0)
            self.emit(Tsumo(actor=seat, pai=tile_to_pai(drawn)))
            hands[seat].append(drawn)
            s = g.round.seats[seat] if g.round else None
            assert s is not None
            if is_complete(counts34(hands[seat]), len(s.melds)) and self.try_emit(
                Hora(actor=seat, target=seat, pai=tile_to_pai(drawn))
            ):
                return
            if self.calls and live and self._own_kan(hands[seat], seat, drawn):
                rinshan = True
                continue
            seat = self._discard(hands, live, seat, drawn)
            if seat >= 10:  # an open kan: the caller draws a replacement
                seat, rinshan = seat - 10, True
                continue
            rinshan = False
            if seat < 0:
                return

    def _own_kan(self, hand: list[Tile], seat: int, drawn: Tile) -> bool:
        """Sometimes declare a concealed kan, or add the drawn tile to a pon; True when one was made."""
        g = self.game
        assert g.round is not None
        s = g.round.seats[seat]
        if s.riichi or self.rng.random() < 0.3:
            return False
        four = [t for t in hand if t.kind == drawn.kind]
        pon = any(m.kind == "pon" and m.first_kind == drawn.kind for m in s.melds)
        event: Event
        if len(four) == 4:
            event = Ankan(actor=seat, consumed=tuple(tile_to_pai(t) for t in four))
        elif pon:
            event = Kakan(actor=seat, pai=tile_to_pai(drawn), consumed=(tile_to_pai(drawn),) * 3)
        else:
            return False
        if not self.try_emit(event):
            return False
        for t in four if len(four) == 4 else [drawn]:
            hand.remove(t)
        self.emit(Dora(dora_marker=tile_to_pai(self.dead.pop())))
        return True

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
        if self.calls and live:
            called = self._open_call(hands, live, seat, d)
            if called is not None:
                return called
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

    def _open_call(self, hands: list[list[Tile]], live: list[Tile], seat: int, d: Tile) -> int | None:
        """Sometimes an open kan, a pon or a chi on discard `d`; the next seat to act (+10 after a kan)."""
        pai = tile_to_pai(d)
        for o in (1, 2, 3):
            other = (seat + o) % 4
            same = [t for t in hands[other] if t.kind == d.kind]
            if len(same) == 3 and self.rng.random() < 0.5:
                kan = Daiminkan(
                    actor=other, target=seat, pai=pai, consumed=tuple(tile_to_pai(t) for t in same)
                )
                if self.try_emit(kan):
                    for t in same:
                        hands[other].remove(t)
                    self.emit(Dora(dora_marker=tile_to_pai(self.dead.pop())))
                    return other + 10
            if len(same) >= 2 and self.rng.random() < 0.2:
                pon = Pon(actor=other, target=seat, pai=pai, consumed=tuple(tile_to_pai(t) for t in same[:2]))
                if self.try_emit(pon):
                    for t in same[:2]:
                        hands[other].remove(t)
                    return self._discard(hands, live, other, None)
        nxt = (seat + 1) % 4
        if d.kind < 27 and self.rng.random() < 0.3:
            for low in range(d.kind - 2, d.kind + 1):
                run = [k for k in range(low, low + 3) if k != d.kind]
                if low < 0 or low // 9 != d.kind // 9 or (low + 2) // 9 != d.kind // 9:
                    continue
                own = [next((t for t in hands[nxt] if t.kind == k), None) for k in run]
                if None in own:
                    continue
                tiles = [t for t in own if t is not None]
                chi = Chi(actor=nxt, target=seat, pai=pai, consumed=tuple(tile_to_pai(t) for t in tiles))
                if self.try_emit(chi):
                    for t in tiles:
                        hands[nxt].remove(t)
                    return self._discard(hands, live, nxt, None)
        return None

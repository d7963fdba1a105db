"""Turn a club hand result (webui/results.py) into the mjai-style events the engine's Game accepts.

A club records a hand as people call it out (who won, from whom, han and fu; who was tenpai; who declared
riichi), not tile by tile. To let `engine.game.Game` keep the money, the dealer rotation, the honba, the
sticks and the end of the game, each result becomes a minimal legal event sequence with unknown hands: the
turns up to the deciding discard, riichi declarations in the first go-around, and a `hora` that carries its
`deltas` (computed from the engine's points table) or a `ryukyoku` with the tenpai flags (the engine settles
it). Discarded tiles are placeholders cycling through all kinds; they are never shown.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

WALL = 70  # live-wall draws of a hand (engine.round.LIVE_WALL)
_PLACEHOLDERS = [f"{d}{s}" for s in "mps" for d in range(1, 10)] + list("ESWNPFC")


class _Turns:
    """Draw-discard turns from the dealer on, with riichi declared in the first go-around."""

    def __init__(self, game: Any, riichi: list[int]) -> None:
        self.dealer = 0 if game.dealer is None else int(game.dealer)
        self.turn = self.dealer
        self.draws = 0
        self.riichi = set(riichi)
        self.n = 0

    def _tile(self) -> str:
        self.n += 1
        return _PLACEHOLDERS[self.n % len(_PLACEHOLDERS)]

    def draw(self) -> Iterator[dict[str, Any]]:
        self.draws += 1
        yield {"type": "tsumo", "actor": self.turn, "pai": "?"}

    def discard(self, pai: str | None = None) -> Iterator[dict[str, Any]]:
        seat = self.turn
        declare = seat in self.riichi and self.draws <= 4
        if declare:
            yield {"type": "reach", "actor": seat}
        tile = pai or self._tile()
        yield {"type": "dahai", "actor": seat, "pai": tile, "tsumogiri": False}
        if declare:
            yield {"type": "reach_accepted", "actor": seat}
        self.turn = (seat + 1) % 4
        self.last = tile

    def full_turn(self) -> Iterator[dict[str, Any]]:
        yield from self.draw()
        yield from self.discard()

    def first_go_around(self) -> Iterator[dict[str, Any]]:
        for _ in range(4):
            yield from self.full_turn()


def _win_deltas(game: Any, winners: list[dict[str, Any]], loser: int | None, dealer: int) -> list[list[int]]:
    """Each winner's score changes with honba and (for the first winner) the points on the table."""
    from engine.points import fixed_payments, limit_of, payments, received

    rules = game.rules
    honba = game.honba * rules.honba_value
    out = []
    for i, w in enumerate(winners):
        seat, is_dealer = w["seat"], w["seat"] == dealer
        if rules.payment_mode == "fixed":
            p = fixed_payments(is_dealer, loser is None, rules)
        else:
            _, basic = limit_of(w["han"], w["fu"], w["yakuman"], rules)
            p = payments(basic, is_dealer, loser is None)
        deltas = [0, 0, 0, 0]
        if loser is None:
            for other in range(4):
                if other != seat:
                    share = p.all or (p.dealer if other == dealer else p.non_dealer)
                    deltas[other] -= share + honba // 3
            deltas[seat] += received(p) + honba
        else:
            deltas[seat] += p.ron + honba
            deltas[loser] -= p.ron + honba
        if i == 0:
            deltas[seat] += game.table_points
        out.append(deltas)
    return out


def hand_events(game: Any, result: dict[str, Any]) -> Iterator[dict[str, Any]]:
    """The events of one recorded hand, to apply to `game` one by one (the game must be between hands)."""
    yield game.next_start("1m").to_json()
    kind = result["kind"]
    if kind == "chombo":
        yield {"type": "chombo", "actor": result["seat"]}
        yield {"type": "end_kyoku"}
        return
    turns = _Turns(game, result.get("riichi", []))
    if kind == "abort":
        yield from _abort(turns, result)
        yield {"type": "end_kyoku"}
        return
    yield from turns.first_go_around()
    if kind == "draw":
        while turns.draws < WALL:
            yield from turns.full_turn()
        yield {"type": "ryukyoku", "reason": "fanpai", "tenpais": list(result["tenpai"])}
        yield {"type": "end_kyoku"}
        return
    loser = result["from"]
    winners = list(result["winners"])
    if loser is None:
        seat = winners[0]["seat"]
        while turns.turn != seat:
            yield from turns.full_turn()
        yield from turns.draw()
        (deltas,) = _win_deltas(game, winners, None, turns.dealer)
        yield {"type": "hora", "actor": seat, "target": seat, "pai": "1m", "deltas": deltas}
    else:
        while turns.turn != loser:
            yield from turns.full_turn()
        yield from turns.draw()
        yield from turns.discard()
        # Several rons: the first winner after the discarder takes the table (seed 002 3.3.14).
        winners.sort(key=lambda w: (w["seat"] - loser) % 4)
        for w, deltas in zip(winners, _win_deltas(game, winners, loser, turns.dealer), strict=True):
            yield {"type": "hora", "actor": w["seat"], "target": loser, "pai": turns.last, "deltas": deltas}
    yield {"type": "end_kyoku"}


def _abort(turns: _Turns, result: dict[str, Any]) -> Iterator[dict[str, Any]]:
    reason = result["reason"]
    if reason == "yao9":
        yield from turns.draw()
    elif reason == "kaze4":
        for _ in range(4):
            yield from turns.draw()
            yield from turns.discard("E")
    elif reason == "reach4":
        turns.riichi = {0, 1, 2, 3}
        yield from turns.first_go_around()
    elif reason == "ron3":
        yield from turns.first_go_around()
    else:
        raise ValueError(
            f"abortive draw {reason!r} cannot be recorded from the club page; record it at the table"
        )
    yield {"type": "ryukyoku", "reason": reason}

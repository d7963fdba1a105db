"""The money of a hand's end: wins (with honba, sticks and liability), draws and chombo.

Each function returns a `HandResult` and changes nothing; `engine.game.Game` applies it.
Wins are scored with `engine.score.score` from the hand the round knows (tracked, `hora_tehais`, or laid
open) unless the hora event carries its own `deltas` (a log from another engine).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from engine.draw import settle_draw
from engine.errors import IllegalEventError
from engine.events import Chombo, Hora, Ryukyoku, pai_to_tile
from engine.hand import waits
from engine.points import Payments, nagashi_mangan, received
from engine.round_end import nagashi_seats, winning_hand
from engine.score import NoWin, WinInput, score
from engine.tiles import counts34
from engine.yaku import Situation

if TYPE_CHECKING:
    from engine.game import Game
    from engine.round import Round

_LIABLE_YAKU = {"daisangen": "daisangen", "daisuushii": "daisuushii"}


@dataclass(frozen=True, slots=True)
class HandResult:
    """What a hand's end did: score changes by seat, table changes, rotation, and a description."""

    kind: str  # "hora", "ryukyoku" or "chombo"
    deltas: tuple[int, int, int, int]
    sticks_change: int = 0
    pool_change: int = 0
    penalties: tuple[int, int, int, int] = (0, 0, 0, 0)
    dealer_keeps: bool = False
    next_honba: int = 0
    detail: dict[str, object] = field(default_factory=dict)


def _situation(r: Round, e: Hora) -> Situation:
    s = r.seats[e.actor]
    first_turn = not r.interrupted and not s.kawa
    tsumo = e.is_tsumo
    chankan = not tsumo and r.last_kakan is not None and r.last_kakan[0] == e.target
    return Situation(
        tsumo=tsumo,
        riichi=s.riichi_accepted and not s.double_riichi,
        double_riichi=s.riichi_accepted and s.double_riichi,
        ippatsu=s.ippatsu and s.riichi_accepted,
        haitei=tsumo and r.wall_left == 0 and not r.after_kan,
        houtei=not tsumo and not chankan and r.wall_left == 0,
        rinshan=tsumo and r.after_kan,
        chankan=chankan,
        tenhou=tsumo and first_turn and e.actor == r.oya,
        chiihou=tsumo and first_turn and e.actor != r.oya,
        renhou=bool(r.rules.renhou_han) and not tsumo and first_turn and e.actor != r.oya,
    )


def score_hora(r: Round, e: Hora) -> tuple[Payments, dict[str, object]]:
    """Score a win from the round's knowledge; IllegalEventError when it cannot be scored or is no win."""
    hand = winning_hand(r, e)
    if hand is None:
        raise IllegalEventError(f"hora: seat {e.actor}'s hand is unknown; send a reveal or hora_tehais", e)
    s = r.seats[e.actor]
    situation = _situation(r, e)
    ura = (
        tuple(pai_to_tile(p) for p in e.uradora_markers or ())
        if situation.riichi or situation.double_riichi
        else ()
    )
    win_input = WinInput(
        hand=tuple(hand),
        win=pai_to_tile(e.pai),
        melds=tuple(s.melds),
        situation=situation,
        seat_wind=27 + (e.actor - r.oya) % 4,
        round_wind=27 + "ESWN".index(r.bakaze),
        dora=tuple(r.dora_markers),
        ura=ura,
        rules=r.rules,
    )
    result = score(win_input)
    if isinstance(result, NoWin):
        raise IllegalEventError(f"hora: seat {e.actor} has no win: {result.reason}", e)
    return result.payments, result.to_json()


def settle_hora(g: Game, r: Round, e: Hora) -> HandResult:
    """One winner's payments: base points, honba, the table's sticks and pool to the first winner."""
    first = len(r.horas) == 1
    table = g.sticks * g.rules.riichi_deposit + g.pool if first else 0
    if e.deltas is not None:
        if sum(e.deltas) != table:
            raise IllegalEventError(
                f"hora: deltas sum to {sum(e.deltas)}, expected {table} from the table", e
            )
        deltas = list(e.deltas)
        detail: dict[str, object] = {"from_log": True}
    else:
        pays, detail = score_hora(r, e)
        deltas = _payments_to_deltas(g, r, e, pays, detail)
        deltas[e.actor] += table
    detail = {**detail, "actor": e.actor, "target": e.target, "pai": e.pai}
    return HandResult(
        "hora",
        (deltas[0], deltas[1], deltas[2], deltas[3]),
        sticks_change=-g.sticks if first else 0,
        pool_change=-g.pool if first else 0,
        detail=detail,
    )


def _payments_to_deltas(g: Game, r: Round, e: Hora, p: Payments, detail: dict[str, object]) -> list[int]:
    deltas = [0, 0, 0, 0]
    honba = g.honba * g.rules.honba_value
    liable = r.seats[e.actor].liable
    yaku = detail.get("yaku")
    names = {str(y[0]) for y in yaku} if isinstance(yaku, list) else set()
    pao = liable is not None and any(n in names for n in _LIABLE_YAKU)
    if e.is_tsumo:
        total = received(p) + honba
        if pao and liable is not None:  # seed 002 3.3.9: the feeder pays the whole self-drawn hand
            deltas[liable] -= total
        else:
            for seat in range(4):
                if seat == e.actor:
                    continue
                share = p.all or (p.dealer if seat == r.oya else p.non_dealer)
                deltas[seat] -= share + honba // 3
        deltas[e.actor] += total
    else:
        deltas[e.actor] += p.ron + honba
        if pao and liable is not None and liable != e.target:  # 3.3.9: half each, counters from the discarder
            deltas[liable] -= p.ron // 2
            deltas[e.target] -= p.ron - p.ron // 2 + honba
        else:
            deltas[e.target] -= p.ron + honba
    if pao:
        detail["liable"] = liable
    return deltas


def finish_wins(g: Game, r: Round) -> tuple[bool, int]:
    """After all wins of a hand: whether the dealer keeps the deal, and the next honba."""
    keeps = g.rules.dealer_keeps_on_win and any(h.actor == r.oya for h in r.horas)
    return keeps, (g.honba + 1 if keeps and g.rules.honba_on_dealer_win else 0)


def _tenpai_flags(r: Round, e: Ryukyoku) -> tuple[bool, bool, bool, bool]:
    if e.tenpais is not None:
        return e.tenpais
    flags = []
    for seat, s in enumerate(r.seats):
        hand = r.concealed_of(seat)
        if s.declared is not None and hand is None:
            flags.append(s.declared == "tenpai")
        elif hand is not None and len(hand) % 3 == 1:
            flags.append(bool(waits(counts34(hand), len(s.melds))))
        else:
            flags.append(False)
    return flags[0], flags[1], flags[2], flags[3]


def _nagashi_deltas(r: Round, seats: list[int]) -> list[int]:
    """Each nagashi seat is paid a mangan tsumo (001 yaku table: 5 han), without honba; sticks stay."""
    deltas = [0, 0, 0, 0]
    for seat in seats:
        p = nagashi_mangan(seat == r.oya, r.rules)
        for other in range(4):
            if other != seat:
                pay = p.all or (p.dealer if other == r.oya else p.non_dealer)
                deltas[other] -= pay
                deltas[seat] += pay
    return deltas


def settle_draw_event(g: Game, r: Round, e: Ryukyoku) -> HandResult:
    """Noten payments at an exhaustive draw; nothing moves at an abortive draw (seed 003 "Abortive Draw").

    Nagashi mangan (001 yaku table, where the preset has it) is read from the ponds at any exhaustive draw:
    each such seat is paid a mangan tsumo instead of the noten payments (no honba paid, riichi sticks stay on
    the table). The hand is still a draw: the dealer keeps the deal when tenpai, honba count up as at a draw.
    """
    if e.reason in ("fanpai", "nagashi"):
        tenpai = _tenpai_flags(r, e)
        money = settle_draw(tenpai, r.oya, g.rules)
        nagashi = nagashi_seats(r)
        computed = _nagashi_deltas(r, nagashi) if nagashi else list(money.deltas)
        pool = 0 if nagashi else money.pool
        deltas = e.deltas if e.deltas is not None else computed
        if sum(deltas) != -pool:
            raise IllegalEventError(f"ryukyoku: deltas {list(deltas)} do not balance", e)
        keeps = money.dealer_keeps
        honba = g.honba + 1 if g.rules.honba_on_draw or keeps else 0
        d = (deltas[0], deltas[1], deltas[2], deltas[3])
        detail: dict[str, object] = {"reason": e.reason, "tenpai": list(tenpai)}
        if nagashi:
            detail["nagashi"] = nagashi
        return HandResult("ryukyoku", d, 0, pool, dealer_keeps=keeps, next_honba=honba, detail=detail)
    keeps = g.rules.dealer_keeps_on_abortive
    return HandResult(
        "ryukyoku", (0, 0, 0, 0), dealer_keeps=keeps, next_honba=g.honba + 1, detail={"reason": e.reason}
    )


def settle_chombo(g: Game, e: Chombo) -> HandResult:
    """Chombo by preset: reverse mangan, points off the final score, or nothing; the hand is redealt.

    Riichi sticks put down in this hand go back to their owners (the hand does not count, seed 002 3.4).
    """
    r = g.round
    deltas = [0, 0, 0, 0]
    refunds = [s.riichi_accepted for s in r.seats] if r is not None else [False] * 4
    for seat, refunded in enumerate(refunds):
        if refunded:
            deltas[seat] += g.rules.riichi_deposit
    penalties = [0, 0, 0, 0]
    dealer = g.dealer if g.dealer is not None else 0
    if e.deltas is not None:
        deltas = [a + b for a, b in zip(deltas, e.deltas, strict=True)]
    elif g.rules.chombo == "reverse_mangan":
        for seat in range(4):
            if seat != e.actor:
                pay = 4000 if e.actor == dealer or seat == dealer else 2000
                deltas[seat] += pay
                deltas[e.actor] -= pay
    elif g.rules.chombo == "points":
        penalties[e.actor] = g.rules.chombo_points
    return HandResult(
        "chombo",
        (deltas[0], deltas[1], deltas[2], deltas[3]),
        sticks_change=-sum(refunds),
        penalties=(penalties[0], penalties[1], penalties[2], penalties[3]),
        dealer_keeps=True,
        next_honba=g.honba,
        detail={"actor": e.actor, "reason": e.reason},
    )

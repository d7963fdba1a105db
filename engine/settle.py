"""The money of a hand's end: wins (with honba, sticks and liability), draws and chombo.

Each function reads the game's counters (`engine.table.Table`), returns a `HandResult` and changes nothing;
`engine.game.Game` applies it.
Wins are scored with `engine.score.score` from the hand the round knows (tracked, `hora_tehais`, or laid
open) unless the hora event carries its own `deltas` (a log from another engine).
"""

from __future__ import annotations

from collections.abc import Sequence

from riichi_table.engine.draw import honba_after_draw, settle_draw
from riichi_table.engine.errors import IllegalEventError
from riichi_table.engine.events import Chombo, Hora, Ryukyoku, pai_to_tile
from riichi_table.engine.hand import seat_waits
from riichi_table.engine.points import Payments, nagashi_mangan, received
from riichi_table.engine.round_end import nagashi_seats, winning_hand
from riichi_table.engine.round_state import RoundState
from riichi_table.engine.rules import Rules
from riichi_table.engine.score import NoWin, WinInput, score
from riichi_table.engine.table import HandResult, Table
from riichi_table.engine.tiles import counts34
from riichi_table.engine.yaku import Situation

_LIABLE_YAKU = {"daisangen": "daisangen", "daisuushii": "daisuushii"}


def _situation(r: RoundState, e: Hora) -> Situation:
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


def score_hora(r: RoundState, e: Hora) -> tuple[Payments, dict[str, object]]:
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


def settle_hora(t: Table, r: RoundState, e: Hora) -> HandResult:
    """One winner's payments: base points, honba, the table's sticks and pool to the first winner."""
    first = len(r.horas) == 1
    if e.deltas is not None:
        table = t.table_points if first else 0
        if sum(e.deltas) != table:
            raise IllegalEventError(
                f"hora: deltas sum to {sum(e.deltas)}, expected {table} from the table", e
            )
        detail: dict[str, object] = {"from_log": True, "actor": e.actor, "target": e.target, "pai": e.pai}
        return win_result(t, e.actor, e.deltas, first, detail)
    pays, detail = score_hora(r, e)
    liable = r.seats[e.actor].liable
    yaku = detail.get("yaku")
    names = {str(y[0]) for y in yaku} if isinstance(yaku, list) else set()
    pao = liable if liable is not None and any(n in names for n in _LIABLE_YAKU) else None
    discarder = None if e.is_tsumo else e.target
    deltas = win_deltas(pays, e.actor, discarder, r.oya, honba_points(t, first), pao)
    if pao is not None:
        detail["liable"] = pao
    detail = {**detail, "actor": e.actor, "target": e.target, "pai": e.pai}
    return win_result(t, e.actor, deltas, first, detail, with_table=True)


def honba_points(t: Table, first: bool) -> int:
    """The honba a winner is paid: every winner, or only the first after the discarder (`Rules.honba_to`)."""
    if first or t.rules.honba_to == "each_winner":
        return t.honba * t.rules.honba_value
    return 0


def win_result(
    t: Table,
    winner: int,
    deltas: Sequence[int],
    first: bool,
    detail: dict[str, object],
    with_table: bool = False,
) -> HandResult:
    """A winner's HandResult: the first winner after the discarder takes the table's sticks and pool
    (seed 002 3.3.14); `with_table` adds them to `deltas` (a log's own deltas already hold them)."""
    d = list(deltas)
    if first and with_table:
        d[winner] += t.table_points
    return HandResult(
        "hora",
        (d[0], d[1], d[2], d[3]),
        sticks_change=-t.sticks if first else 0,
        pool_change=-t.pool if first else 0,
        detail=detail,
    )


def win_deltas(
    p: Payments, winner: int, discarder: int | None, dealer: int, honba_points: int, liable: int | None
) -> list[int]:
    """Score changes of one win without the table: payments plus honba (`honba_points` in all, a third
    from each payer on tsumo), with liability (seed 002 3.3.9) when `liable` is a seat.

    Liability: on tsumo the liable seat pays the whole hand and the counters; on a ron by another discarder
    the liable seat pays half the hand and the discarder the other half plus the counters.
    """
    deltas = [0, 0, 0, 0]
    if discarder is None:
        total = received(p) + honba_points
        if liable is not None:
            deltas[liable] -= total
        else:
            for seat in range(4):
                if seat == winner:
                    continue
                share = p.all or (p.dealer if seat == dealer else p.non_dealer)
                deltas[seat] -= share + honba_points // 3
        deltas[winner] += total
    else:
        deltas[winner] += p.ron + honba_points
        if liable is not None and liable != discarder:
            deltas[liable] -= p.ron // 2
            deltas[discarder] -= p.ron - p.ron // 2 + honba_points
        else:
            deltas[discarder] -= p.ron + honba_points
    return deltas


def finish_wins(t: Table, r: RoundState) -> tuple[bool, int]:
    """After all wins of a hand: whether the dealer keeps the deal, and the next honba."""
    return wins_rotation(t, r.oya, [h.actor for h in r.horas])


def wins_rotation(t: Table, dealer: int, winners: Sequence[int]) -> tuple[bool, int]:
    """The dealer keeps the deal when among the winners (001 / 003 "Dealer Rotation"); the next honba."""
    keeps = t.rules.dealer_keeps_on_win and dealer in winners
    return keeps, (t.honba + 1 if keeps and t.rules.honba_on_dealer_win else 0)


def _tenpai_flags(r: RoundState, e: Ryukyoku) -> tuple[bool, bool, bool, bool]:
    if e.tenpais is not None:
        return e.tenpais
    flags = []
    for seat, s in enumerate(r.seats):
        hand = r.concealed_of(seat)
        if s.declared is not None and hand is None:
            flags.append(s.declared == "tenpai")
        elif hand is not None and len(hand) % 3 == 1:
            flags.append(bool(seat_waits(counts34(hand), [m.tiles for m in s.melds], r.rules)))
        else:
            flags.append(False)
    return flags[0], flags[1], flags[2], flags[3]


def nagashi_deltas(seats: Sequence[int], dealer: int, rules: Rules) -> list[int]:
    """Each nagashi seat is paid a mangan tsumo (001 yaku table: 5 han), without honba; sticks stay."""
    deltas = [0, 0, 0, 0]
    for seat in seats:
        p = nagashi_mangan(seat == dealer, rules)
        for other in range(4):
            if other != seat:
                pay = p.all or (p.dealer if other == dealer else p.non_dealer)
                deltas[other] -= pay
                deltas[seat] += pay
    return deltas


def exhaustive_draw(
    t: Table,
    tenpai: tuple[bool, bool, bool, bool],
    dealer: int,
    nagashi: Sequence[int],
    reason: str = "fanpai",
    deltas: Sequence[int] | None = None,
) -> HandResult:
    """Noten payments (or nagashi mangan for the `nagashi` seats) at an exhaustive draw; `deltas` from a
    log replace the computed ones (the caller checks that they balance)."""
    money = settle_draw(tenpai, dealer, t.rules)
    computed = nagashi_deltas(nagashi, dealer, t.rules) if nagashi else list(money.deltas)
    pool = 0 if nagashi else money.pool
    d = list(deltas) if deltas is not None else computed
    keeps = money.dealer_keeps
    honba = honba_after_draw(t.honba, keeps, t.rules)
    detail: dict[str, object] = {"reason": reason, "tenpai": list(tenpai)}
    if nagashi:
        detail["nagashi"] = list(nagashi)
    return HandResult(
        "ryukyoku", (d[0], d[1], d[2], d[3]), 0, pool, dealer_keeps=keeps, next_honba=honba, detail=detail
    )


def abortive_draw(t: Table, reason: str) -> HandResult:
    """No points move; sticks stay; one honba more and the deal stays where the preset says (001, 003)."""
    keeps = t.rules.dealer_keeps_on_abortive
    return HandResult(
        "ryukyoku", (0, 0, 0, 0), dealer_keeps=keeps, next_honba=t.honba + 1, detail={"reason": reason}
    )


def settle_draw_event(t: Table, r: RoundState, e: Ryukyoku) -> HandResult:
    """Noten payments at an exhaustive draw; nothing moves at an abortive draw (seed 003 "Abortive Draw").

    Nagashi mangan (001 yaku table, where the preset has it) is read from the ponds at any exhaustive draw:
    each such seat is paid a mangan tsumo instead of the noten payments (no honba paid, riichi sticks stay on
    the table). The hand is still a draw: the dealer keeps the deal when tenpai, honba count up as at a draw.
    """
    if e.reason not in ("fanpai", "nagashi"):
        return abortive_draw(t, e.reason)
    result = exhaustive_draw(t, _tenpai_flags(r, e), r.oya, nagashi_seats(r), e.reason, e.deltas)
    if sum(result.deltas) != -result.pool_change:
        raise IllegalEventError(f"ryukyoku: deltas {list(result.deltas)} do not balance", e)
    return result


def chombo(
    t: Table, seat: int, refunds: Sequence[bool], reason: str = "", deltas: Sequence[int] | None = None
) -> HandResult:
    """Chombo by preset: reverse mangan, points off the final score, or nothing; the hand is redealt.

    Riichi sticks put down in this hand (`refunds`, by seat) go back to their owners: the hand does not
    count (seed 002 3.4). `deltas` (from a log) replace the preset's payments.
    """
    d = [t.rules.riichi_deposit if refunded else 0 for refunded in refunds]
    penalties = [0, 0, 0, 0]
    dealer = t.dealer
    if deltas is not None:
        d = [a + b for a, b in zip(d, deltas, strict=True)]
    elif t.rules.chombo == "reverse_mangan":
        for other in range(4):
            if other != seat:
                pay = 4000 if seat == dealer or other == dealer else 2000
                d[other] += pay
                d[seat] -= pay
    elif t.rules.chombo == "points":
        penalties[seat] = t.rules.chombo_points
    return HandResult(
        "chombo",
        (d[0], d[1], d[2], d[3]),
        sticks_change=-sum(refunds),
        penalties=(penalties[0], penalties[1], penalties[2], penalties[3]),
        dealer_keeps=True,
        next_honba=t.honba,
        detail={"actor": seat, "reason": reason},
    )


def settle_chombo(t: Table, r: RoundState | None, e: Chombo) -> HandResult:
    """A chombo event: see `chombo`; riichi sticks of the hand in progress `r` go back."""
    refunds = [s.riichi_accepted for s in r.seats] if r is not None else [False] * 4
    return chombo(t, e.actor, refunds, e.reason, e.deltas)

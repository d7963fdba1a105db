"""Check a hand result (engine/hand_result.py) against the rule set and settle its money.

`check` raises `HandResultError` for anything the preset or the game does not allow and changes nothing;
`settle` then computes the money with the same functions the tile-level events use (`engine/settle.py`):
honba, riichi sticks and the noten pool to the first winner after the discarder (seed 002 3.3.14), several
winners (002 3.3.1) or head bump (001 "Head Bump"), liability (002 3.3.9), noten payments and nagashi
mangan, abortive draws and chombo by preset.
"""

from __future__ import annotations

from riichi_table.engine.fu import twenty_fu_possible
from riichi_table.engine.hand_result import (
    AbortResult,
    ChomboResult,
    DrawResult,
    HandResultError,
    Result,
    Winner,
    WinResult,
)
from riichi_table.engine.points import Payments, fixed_payments, limit_of, payments, received
from riichi_table.engine.round_end import ABORTIVE_RULE
from riichi_table.engine.rules import Rules
from riichi_table.engine.settle import (
    abortive_draw,
    chombo,
    exhaustive_draw,
    honba_points,
    win_deltas,
    win_result,
    wins_rotation,
)
from riichi_table.engine.table import HandResult, Table

# seed 001 fu table: 20 (pinfu tsumo), 25 (seven pairs), then rounded up to tens; 110 is the most a hand has
FU_TABLE = (20, 25, *range(30, 120, 10))


def winner_payments(w: Winner, tsumo: bool, dealer: bool, rules: Rules) -> Payments:
    """What one winner receives without honba and sticks (seed 001 points table; 000 fixed payments)."""
    if rules.payment_mode == "fixed":
        return fixed_payments(dealer, tsumo, rules)
    _, basic = limit_of(w.han, w.fu, w.yakuman, rules)
    return payments(basic, dealer, tsumo)


def _check_value(w: Winner, tsumo: bool, rules: Rules) -> None:
    """han / fu / yakuman against the preset."""
    who = f"seat {w.seat}"
    if w.yakuman:
        if w.yakuman > 1 and not (rules.multiple_yakuman or rules.double_yakuman_hands):
            raise HandResultError(f"{who}: {w.yakuman} yakuman, but this rule set counts one at most")
        return
    if w.han == 0:
        if rules.yaku_required:
            raise HandResultError(f"{who}: a win needs at least 1 han (seed 002 3.2: at least one yaku)")
        return
    if w.han >= 5 and w.fu == 0:
        return  # a limit hand: fu do not matter
    if w.fu not in FU_TABLE:
        raise HandResultError(f"{who}: {w.fu} fu is not in the fu table (20, 25, 30..110 in tens; seed 001)")
    if w.fu == 25 and w.han < 2:
        raise HandResultError(f"{who}: 25 fu is seven pairs, which is at least 2 han (seed 001 yaku table)")
    if w.fu == 20:
        # seed 001 fu table: a concealed pinfu tsumo is 20 fu (pinfu 1 + menzen tsumo 1: at least 2 han)
        if not twenty_fu_possible(tsumo=tsumo, rules=rules):
            how = "tsumo fu on a pinfu tsumo" if tsumo else "an open pinfu shape on ron as 30"
            raise HandResultError(
                f"{who}: 20 fu is a pinfu tsumo (seed 001 fu table), and this rule set counts {how}"
            )
        if tsumo and w.han < 2:
            raise HandResultError(
                f"{who}: 20 fu is a pinfu tsumo, which is at least 2 han (seed 001 yaku table)"
            )


def _check_winner(w: Winner, result: WinResult, dealer: int, rules: Rules) -> None:
    if rules.payment_mode != "fixed":
        _check_value(w, result.tsumo, rules)
    if w.pao is not None:
        if not rules.liability:
            raise HandResultError(f"seat {w.seat}: this rule set has no liability (pao)")
        names = {name for name, _ in w.yaku}
        if w.score is not None and not names & set(rules.liability):
            raise HandResultError(
                f"seat {w.seat}: pao applies only to {', '.join(rules.liability)} (seed 002 3.3.9)"
            )
    if w.score is not None and not w.score.payments.pao:
        expected = winner_payments(w, result.tsumo, w.seat == dealer, rules)
        if w.score.payments != expected:
            how = ("dealer " if w.seat == dealer else "non-dealer ") + ("tsumo" if result.tsumo else "ron")
            raise HandResultError(
                f"seat {w.seat}: the score pays {w.score.payments.to_json()}, but as a {how} in this game "
                f"the hand pays {expected.to_json()} (score it with this seat's wind and the game's rules)"
            )


def distance(discarder: int | None, seat: int) -> int:
    """Seats from the discarder to `seat` in play order (1 = the first after the discarder)."""
    return 0 if discarder is None else (seat - discarder) % 4


def check(t: Table, result: Result) -> Result:
    """The result as the game will settle it, or HandResultError (nothing changes).

    Three rons where the preset makes them an abortive draw (001 "Abortive Draw") come back as
    `AbortResult("ron3")`, as on the event path (engine/multiple_ron.py).
    """
    rules = t.rules
    for seat in result.riichi:
        if rules.riichi_needs_deposit and t.scores[seat] < rules.riichi_deposit:
            raise HandResultError(f"riichi: seat {seat} cannot pay the riichi deposit")
    dealer = t.dealer
    match result:
        case WinResult():
            if len(result.winners) == 3 and "triple_ron" in rules.abortive_draws:
                for w in result.winners:  # each call must be a win for the abort (seed 001 "Abortive Draw")
                    _check_winner(w, result, dealer, rules)
                return AbortResult("ron3", result.riichi)
            if len(result.winners) > 1 and rules.multiple_ron == "head_bump":
                nearest = min(result.winners, key=lambda w: distance(result.discarder, w.seat))
                raise HandResultError(
                    f"win: head bump: only seat {nearest.seat}, nearest the discarder, wins (seed 001)"
                )
            for w in result.winners:
                _check_winner(w, result, dealer, rules)
        case DrawResult():
            if result.nagashi and not rules.nagashi_mangan:
                raise HandResultError("draw: this rule set has no nagashi mangan")
        case AbortResult():
            rule = ABORTIVE_RULE[result.reason]
            if rule not in rules.abortive_draws:
                raise HandResultError(f"abort: this rule set has no abortive draw {result.reason} ({rule})")
        case ChomboResult():
            pass
    return result


def settle(t: Table, result: Result) -> tuple[list[HandResult], bool, int]:
    """The money of a checked result, after its riichi sticks are on the table: one HandResult per winner
    (nearest the discarder first), whether the dealer keeps the deal, and the next honba."""
    dealer = t.dealer
    match result:
        case WinResult():
            money = []
            winners = sorted(result.winners, key=lambda w: distance(result.discarder, w.seat))
            for i, w in enumerate(winners):
                p = winner_payments(w, result.tsumo, w.seat == dealer, t.rules)
                honba = honba_points(t, i == 0)
                deltas = win_deltas(p, w.seat, result.discarder, dealer, honba, w.pao)
                money.append(win_result(t, w.seat, deltas, i == 0, _detail(w, result, p, t.rules), True))
            keeps, next_honba = wins_rotation(t, dealer, [w.seat for w in winners])
            return money, keeps, next_honba
        case DrawResult():
            reason = "nagashi" if result.nagashi else "fanpai"
            m = exhaustive_draw(t, result.tenpai, dealer, result.nagashi, reason)
        case AbortResult():
            m = abortive_draw(t, result.reason)
        case ChomboResult():
            m = chombo(t, result.seat, [s in result.riichi for s in range(4)], result.reason)
    return [m], m.dealer_keeps, m.next_honba


def _detail(w: Winner, result: WinResult, p: Payments, rules: Rules) -> dict[str, object]:
    """What the logs show of a win: the same keys as a scored hand (`engine.score.Win.to_json`)."""
    limit, _ = limit_of(w.han, w.fu, w.yakuman, rules)
    detail: dict[str, object] = {
        "actor": w.seat,
        "target": w.seat if result.discarder is None else result.discarder,
        "han": w.han,
        "fu": w.fu,
        "yakuman": w.yakuman,
        "limit": None if rules.payment_mode == "fixed" else limit,
        "points": received(p),
        "payments": p.to_json(),
        "from_result": True,
    }
    if w.score is not None:
        detail["yaku"] = [[n, h] for n, h in w.score.yaku]
    if w.pao is not None:
        detail["liable"] = w.pao
    return detail

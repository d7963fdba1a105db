"""Exhaustive draws: who is tenpai, the noten payments, whether the dealer keeps the deal; batch op `draw`.

Seed 002 3.4.2 / seed 001 "Drawn Round": noten players pay 3000 in all to the tenpai players (nothing when
none or all are tenpai); seed 003 "Exhaustive Draw": 2000 with three players, 1000 with two; seed 000
"Draws": each noten player puts 1 point into a pool that the next winner takes. A hand not shown is noten
(seed 002 3.4.2: "players who can't or won't show a tenpai hand").
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from riichi_table.engine.furiten import RequestError, parse_waiting_hand
from riichi_table.engine.hand import seat_waits
from riichi_table.engine.rules import Rules, resolve_rules
from riichi_table.engine.tiles import Tile, check_copies, counts34


@dataclass(frozen=True, slots=True)
class DrawSettlement:
    """The money of an exhaustive draw. `deltas` by seat; `pool` is what noten players put on the table."""

    tenpai: tuple[bool, ...]
    deltas: tuple[int, ...]
    pool: int
    dealer_keeps: bool


def shown_tenpai(concealed: Sequence[Tile], meld_tiles: Sequence[Sequence[Tile]], rules: Rules) -> bool:
    """Whether a shown hand is tenpai (seed 002 3.3.13) under `rules` (`engine.hand.seat_waits`).

    A kind the player holds all four of, counting melds too, is no wait: nobody can deal a fifth copy.
    """
    return bool(seat_waits(counts34(concealed), meld_tiles, rules))


def noten_total(rules: Rules) -> int:
    """The noten payment for the preset's number of players (seed 003 "Exhaustive Draw")."""
    return {4: rules.noten_payment, 3: rules.noten_payment_three_player, 2: rules.noten_payment_two_player}[
        rules.players
    ]


def honba_after_draw(honba: int, dealer_keeps: bool, rules: Rules) -> int:
    """The next hand's honba after an exhaustive draw: one more after every draw (002 3.4.2), or only when
    the deal stays (003 "Dealer Rotation"), or none where the rules count no honba (000 has no counters)."""
    if rules.honba_on_draw or (dealer_keeps and rules.honba_on_dealer_win):
        return honba + 1
    return 0


def settle_draw(tenpai: Sequence[bool], dealer: int, rules: Rules) -> DrawSettlement:
    """Noten payments and dealer rotation for an exhaustive draw with these tenpai flags (one per player)."""
    n = len(tenpai)
    winners = [s for s in range(n) if tenpai[s]]
    losers = [s for s in range(n) if not tenpai[s]]
    deltas = [0] * n
    pool = 0
    if rules.noten_mode == "pool":
        for s in losers:
            deltas[s] -= rules.noten_pool_per_player
            pool += rules.noten_pool_per_player
    elif winners and losers:
        total = noten_total(rules)
        for s in winners:
            deltas[s] += total // len(winners)
        for s in losers:
            deltas[s] -= total // len(losers)
    dealer_keeps = bool(tenpai[dealer]) and rules.dealer_keeps_on_tenpai
    return DrawSettlement(tuple(bool(t) for t in tenpai), tuple(deltas), pool, dealer_keeps)


def draw_op(request: dict[str, Any]) -> dict[str, Any]:
    """The batch op `draw`: revealed `hands`, `dealer`, `honba`, `sticks`, `rules` -> `tenpai`, `deltas`, ...

    `hands` holds one `{hand, melds, riichi}` per player (`"hand": null` for a hand not shown). Returns
    `tenpai`, `deltas`, `dealer_keeps`, and also `pool` (points put on the table, beginner rules),
    `honba` (the counters of the next hand) and `sticks` (riichi sticks left on the table).
    """
    rules = resolve_rules(request.get("rules"))
    hands = request.get("hands")
    if not isinstance(hands, list) or len(hands) != rules.players:
        raise RequestError(f"field 'hands' must list {rules.players} hands, got {hands!r}")
    dealer = _int_field(request, "dealer", 0, rules.players - 1)
    honba = _int_field(request, "honba", 0, None)
    sticks = _int_field(request, "sticks", 0, None)
    tenpai: list[bool] = []
    for seat, entry in enumerate(hands):
        if not isinstance(entry, dict):
            raise RequestError(f"hands[{seat}] must be an object with 'hand', 'melds', 'riichi'")
        riichi = entry.get("riichi", False)
        if not isinstance(riichi, bool):
            raise RequestError(f"hands[{seat}].riichi must be true or false, got {riichi!r}")
        if entry.get("hand") is None:
            if riichi:
                raise RequestError(f"seat {seat} declared riichi and must show the hand (seed 002 3.4.2)")
            tenpai.append(False)
            continue
        try:
            concealed, melds = parse_waiting_hand(entry.get("hand"), entry.get("melds"), rules)
            check_copies(
                [concealed, *(t for _, t in melds)], rules.red_fives if rules.red_five_total else (1, 1, 1)
            )
        except RequestError as exc:
            raise RequestError(f"hands[{seat}]: {exc}") from None
        tenpai.append(shown_tenpai(concealed, [t for _, t in melds], rules))
    settlement = settle_draw(tenpai, dealer, rules)
    return {
        "tenpai": list(settlement.tenpai),
        "deltas": list(settlement.deltas),
        "dealer_keeps": settlement.dealer_keeps,
        "pool": settlement.pool,
        "honba": honba_after_draw(honba, settlement.dealer_keeps, rules),
        "sticks": sticks,
    }


def _int_field(request: dict[str, Any], key: str, low: int, high: int | None) -> int:
    value = request.get(key, low)
    if (
        isinstance(value, bool)
        or not isinstance(value, int)
        or value < low
        or (high is not None and value > high)
    ):
        bound = f"{low}..{high}" if high is not None else f">= {low}"
        raise RequestError(f"field {key!r} must be an integer {bound}, got {value!r}")
    return value

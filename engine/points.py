"""Points from han and fu: limits, payments, honba and riichi sticks (seed 001 points table).

Basic points = fu * 2^(han + 2), capped at mangan (2000); 5 han mangan, 6-7 haneman, 8-10 baiman, 11-12
sanbaiman, 13+ counted yakuman where the preset allows it (otherwise sanbaiman), yakuman 8000 each.
Payments round up to 100: non-dealer ron 4x basic, dealer ron 6x; tsumo: the dealer pays 2x, others 1x;
a dealer's tsumo 2x from everyone. Honba add `honba_value` per counter (from the discarder on ron, split
among the payers on tsumo); riichi sticks go to the winner.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Final

from riichi_table.engine.frozen_build import FieldRecord
from riichi_table.engine.rules import Rules

LIMIT_NAMES: Final = {1: "yakuman", 2: "double_yakuman", 3: "triple_yakuman", 4: "quadruple_yakuman"}


# init written out, repr, eq and hash from FieldRecord: dataclasses would make them from source text at
# every start (docs/engine.md, batch start-up); tests/engine/test_written_dataclass_methods.py compares them.
@dataclass(frozen=True, slots=True, init=False, repr=False, eq=False)
class Payments(FieldRecord):
    """What the winner receives from whom, without honba: ron, or tsumo from the dealer / each non-dealer."""

    ron: int = 0
    dealer: int = 0  # a non-dealer's tsumo: what the dealer pays
    non_dealer: int = 0  # a non-dealer's tsumo: what each other non-dealer pays
    all: int = 0  # a dealer's tsumo: what each player pays
    pao: int = 0  # liability (002 3.3.9): what the liable player pays; the others pay nothing on tsumo

    def __init__(
        self, ron: int = 0, dealer: int = 0, non_dealer: int = 0, all: int = 0, pao: int = 0
    ) -> None:
        object.__setattr__(self, "ron", ron)
        object.__setattr__(self, "dealer", dealer)
        object.__setattr__(self, "non_dealer", non_dealer)
        object.__setattr__(self, "all", all)
        object.__setattr__(self, "pao", pao)

    def to_json(self) -> dict[str, int]:
        out: dict[str, int]
        if self.ron:
            out = {"ron": self.ron}
        elif self.all:
            out = {"all": self.all}
        elif self.pao:
            out = {}  # a tsumo the liable player pays alone
        else:
            out = {"dealer": self.dealer, "non_dealer": self.non_dealer}
        if self.pao:
            out["pao"] = self.pao
        return out


def _ceil100(x: int) -> int:
    return (x + 99) // 100 * 100


def limit_of(han: int, fu: int, yakuman: int, rules: Rules) -> tuple[str | None, int]:
    """The limit name (None below mangan) and the basic points."""
    return _limit(han, fu, yakuman, rules.counted_yakuman, rules.kiriage_mangan)


# Worked out, not memoised: compiled, these few comparisons cost less than a cache's call and key (a
# five-tuple hashed per reading, and a generic call into the cache)
def _limit(han: int, fu: int, yakuman: int, counted_yakuman: bool, kiriage: bool) -> tuple[str | None, int]:
    if yakuman:
        return LIMIT_NAMES.get(yakuman, f"{yakuman}x_yakuman"), 8000 * yakuman
    if han >= 13:
        if counted_yakuman:
            return "yakuman", 8000
        return "sanbaiman", 6000
    if han >= 11:
        return "sanbaiman", 6000
    if han >= 8:
        return "baiman", 4000
    if han >= 6:
        return "haneman", 3000
    basic = fu << (han + 2)  # fu * 2 ** (han + 2); han is 0..4 here
    if han >= 5 or basic >= 2000:
        return "mangan", 2000
    if kiriage and ((han == 4 and fu == 30) or (han == 3 and fu == 60)):
        return "mangan", 2000
    return None, basic


@cache  # a few hundred distinct basic values; Payments is immutable, so one instance serves every win
def payments(basic: int, dealer: bool, tsumo: bool) -> Payments:
    """Payments for basic points, rounded up to 100 each."""
    if not tsumo:
        return Payments(ron=_ceil100(basic * (6 if dealer else 4)))
    if dealer:
        return Payments(all=_ceil100(basic * 2))
    return Payments(dealer=_ceil100(basic * 2), non_dealer=_ceil100(basic))


def fixed_payments(dealer: bool, tsumo: bool, rules: Rules) -> Payments:
    """Seed 000 "Scoring": ron 6 (dealer) / 4; tsumo 2 from everyone to a dealer, else 2 dealer / 1 others."""
    if not tsumo:
        return Payments(ron=rules.fixed_ron_dealer if dealer else rules.fixed_ron_non_dealer)
    if dealer:
        return Payments(all=rules.fixed_tsumo_from_dealer)
    return Payments(dealer=rules.fixed_tsumo_from_dealer, non_dealer=rules.fixed_tsumo_from_non_dealer)


def received(p: Payments, players: int = 4) -> int:
    """What the winner receives in all from `p`, without honba and sticks."""
    if p.ron or p.pao:
        return p.ron + p.pao
    if p.all:
        return p.all * (players - 1)
    return p.dealer + p.non_dealer * (players - 2)


def liable_payments(value: int, tsumo: bool, discarder_is_liable: bool) -> Payments:
    """Seed 002 3.3.9 liability for a hand worth `value` (what the winner receives, without honba).

    On tsumo the liable player pays it all and the two others nothing; on ron by another player the liable
    player and the discarder pay half each (counters are the discarder's alone, see `total_with_bonus`);
    on ron from the liable player itself nothing changes.
    """
    if tsumo:
        return Payments(pao=value)
    if discarder_is_liable:
        return Payments(ron=value)
    half = value // 2
    return Payments(ron=value - half, pao=half)


def total_with_bonus(points: int, honba: int, sticks: int, rules: Rules) -> int:
    """Points plus honba (`honba_value` each) and riichi sticks on the table (`riichi_deposit` each)."""
    return points + honba * rules.honba_value + sticks * rules.riichi_deposit


def nagashi_mangan(dealer: bool, rules: Rules) -> Payments:
    """Nagashi mangan (001 table, 5 han): paid as a mangan tsumo at the draw (batch op `nagashi`)."""
    return payments(2000, dealer, tsumo=True)

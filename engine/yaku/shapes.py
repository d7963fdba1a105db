"""Yaku from the hand's composition (001 table "Hand Composition Yaku")."""

from __future__ import annotations

from functools import lru_cache
from typing import Final

from riichi_table.engine.tiles import HONORS
from riichi_table.engine.yaku.base import Yaku, YakuContext, yaku

_TERMINAL_OR_HONOR: Final = frozenset({0, 8, 9, 17, 18, 26, *range(27, 34)})
_TERMINAL: Final = frozenset({0, 8, 9, 17, 18, 26})
_DRAGONS: Final = (31, 32, 33)
_MAN, _PIN, _SOU = frozenset(range(9)), frozenset(range(9, 18)), frozenset(range(18, 27))

# The chi-only answers (peikou count, sanshoku, ittsu) are remembered per tuple of chi kinds: a batch meets
# the same few thousand again and again, and a hit costs one look-up in C. Bounded.
_per_chis: Final = lru_cache(maxsize=8192)


def _peikou_count(c: YakuContext) -> int:
    return _peikou_count_of(c.chis)


@_per_chis
def _peikou_count_of(chis_as_given: tuple[int, ...]) -> int:
    chis = sorted(chis_as_given)
    count = 0
    i = 0
    while i + 1 < len(chis):
        if chis[i] == chis[i + 1]:
            count += 1
            i += 2
        else:
            i += 1
    return count


def _outside(c: YakuContext, allowed: frozenset[int]) -> bool:
    """Every group and the pair holds a tile of `allowed`, and at least one group is a chi."""
    r = c.reading
    if r.form != "regular" or not c.chis or r.pairs[0] not in allowed:  # the pair first: the cheapest look
        return False
    for g in r.groups:
        if g.shape == "chi":
            if g.kind not in allowed and g.kind + 2 not in allowed:
                return False
        elif g.kind not in allowed:
            return False
    return True


@yaku("pinfu", 1, gate="four_chi")
def pinfu(c: YakuContext) -> bool:
    """平和 pinfu: four chi, a pair of no value, won on a two-sided wait (001 table)."""
    r = c.reading
    if r.form != "regular" or r.wait != "ryanmen" or len(c.chis) != 4:
        return False
    pair = r.pairs[0]
    return pair not in _DRAGONS and pair != c.seat_wind and pair != c.round_wind


@yaku("iipeikou", 1, gate="two_chi")
def iipeikou(c: YakuContext) -> bool:
    """一盃口 iipeikou: two identical chi, closed hand (001 table "Two Identical Chi")."""
    return c.reading.form == "regular" and _peikou_count(c) == 1


@yaku("ryanpeikou", 3, replaces=("iipeikou", "chiitoitsu"), gate="two_chi")
def ryanpeikou(c: YakuContext) -> bool:
    """二盃口 ryanpeikou: two identical chi twice, closed hand (001 table: 3)."""
    return c.reading.form == "regular" and _peikou_count(c) == 2


@yaku("sanshoku", 2, 1, gate="three_chi")
def sanshoku(c: YakuContext) -> bool:
    """三色同順 sanshoku doujun: the same chi in each suit (001 table "Three Color Straight")."""
    return _sanshoku_of(c.chis)


@_per_chis
def _sanshoku_of(chis: tuple[int, ...]) -> bool:
    return any(n in chis and n + 9 in chis and n + 18 in chis for n in range(7))


@yaku("ittsu", 2, 1, gate="three_chi")
def ittsu(c: YakuContext) -> bool:
    """一気通貫 ittsu: 123, 456 and 789 of one suit (001 table "Straight-through")."""
    return _ittsu_of(c.chis)


@_per_chis
def _ittsu_of(chis: tuple[int, ...]) -> bool:
    return any(s in chis and s + 3 in chis and s + 6 in chis for s in (0, 9, 18))


@yaku("chanta", 2, 1, gate="a_chi")
def chanta(c: YakuContext) -> bool:
    """混全帯幺九 chanta: every set and the pair hold a terminal or honor, with a chi (001 table)."""
    return _outside(c, _TERMINAL_OR_HONOR)


@yaku("junchan", 3, 2, replaces=("chanta",), gate="a_chi")
def junchan(c: YakuContext) -> bool:
    """純全帯幺九 junchan: every set and the pair hold a terminal, no honors, with a chi (001 table)."""
    return _outside(c, _TERMINAL)


@yaku("toitoi", 2, 2, gate="no_chi")
def toitoi(c: YakuContext) -> bool:
    """対々和 toitoi: four pon or kan and a pair (001 table "All Pon")."""
    return c.reading.form == "regular" and len(c.triplets) == 4


@yaku("sanankou", 2, 2, gate="three_ankou")
def sanankou(c: YakuContext) -> bool:
    """三暗刻 sanankou: three concealed pon or kan (001 table "Three Concealed Pon")."""
    return c.concealed_triplets == 3


@yaku("sanshoku_doukou", 2, 2, gate="at_most_one_chi")
def sanshoku_doukou(c: YakuContext) -> bool:
    """三色同刻 sanshoku doukou: the same pon in each suit (001 table "Three Similar Pon")."""
    t = c.triplets  # four at most: a tuple's `in` and a plain loop beat a set and a generator
    if len(t) < 3:
        return False
    for n in t:  # noqa: SIM110  (a generator costs more than the loop)
        if n < 9 and n + 9 in t and n + 18 in t:
            return True
    return False


@yaku("sankantsu", 2, 2, gate="three_kans")
def sankantsu(c: YakuContext) -> bool:
    """三槓子 sankantsu: three kans (001 table "Three Kans")."""
    return c.kans == 3


@yaku("chiitoitsu", 2, gate="seven_pairs")
def chiitoitsu(c: YakuContext) -> bool:
    """七対子 chiitoitsu: seven different pairs (001 table "Seven Pairs")."""
    return c.reading.form == "chiitoitsu"


@yaku("honroutou", 2, 2, replaces=("chanta",), gate="terminals_and_honors_only")
def honroutou(c: YakuContext) -> bool:
    """混老頭 honroutou: only terminals and honors, with both present (001 table)."""
    return c.kinds <= _TERMINAL_OR_HONOR and not c.kinds <= _TERMINAL


@yaku("shousangen", 2, 2, gate="two_dragon_sets")
def shousangen(c: YakuContext) -> bool:
    """小三元 shousangen: two dragon pon/kan and a pair of the third dragon (001 table)."""
    r = c.reading
    return r.form == "regular" and r.pairs[0] in _DRAGONS and sum(1 for k in c.triplets if k in _DRAGONS) == 2


@yaku("honitsu", 3, 2, gate="one_suit")
def honitsu(c: YakuContext) -> bool:
    """混一色 honitsu: one suit and honors (001 table "Half-Flush")."""
    return _absent_number_suits(c.kinds) == 2 and not c.kinds.isdisjoint(HONORS)


@yaku("chinitsu", 6, 5, replaces=("honitsu",), gate="one_suit")
def chinitsu(c: YakuContext) -> bool:
    """清一色 chinitsu: one suit, no honors (001 table "Full Flush")."""
    return _absent_number_suits(c.kinds) == 2 and c.kinds.isdisjoint(HONORS)


def _absent_number_suits(kinds: frozenset[int]) -> int:
    """How many of man, pin and sou have no tile among `kinds` (set tests in C, no loop)."""
    return kinds.isdisjoint(_MAN) + kinds.isdisjoint(_PIN) + kinds.isdisjoint(_SOU)


@yaku("tanyao", 1, 1, gate="simples_only")
def tanyao(c: YakuContext) -> bool:
    """断幺九 tanyao: only simples 2..8 (001 table "All Simples"); open only where `open_tanyao`."""
    return (c.closed or c.rules.open_tanyao) and not (c.kinds & _TERMINAL_OR_HONOR)


RULES: Final[tuple[Yaku, ...]] = (
    pinfu,
    iipeikou,
    ryanpeikou,
    sanshoku,
    ittsu,
    chanta,
    junchan,
    toitoi,
    sanankou,
    sanshoku_doukou,
    sankantsu,
    chiitoitsu,
    honroutou,
    shousangen,
    honitsu,
    chinitsu,
    tanyao,
)

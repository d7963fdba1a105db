"""Yakuman (001 table "Yakuman") and their double forms where the preset counts them double."""

from __future__ import annotations

from typing import Final

from riichi_table.engine.yaku.base import Yaku, YakuContext, closed_only, yaku

_WINDS: Final = (27, 28, 29, 30)
_DRAGONS: Final = (31, 32, 33)
_GREEN: Final = frozenset({19, 20, 21, 23, 25, 32})  # 2s 3s 4s 6s 8s and the green dragon
_TERMINAL: Final = frozenset({0, 8, 9, 17, 18, 26})
_CHUUREN: Final = (3, 1, 1, 1, 1, 1, 1, 1, 3)


@closed_only
@yaku("kokushi", yakuman=1, gate="terminals_and_honors_only")
def kokushi(c: YakuContext) -> bool:
    """国士無双 kokushi musou: one of each terminal and honor plus one more (001 table "Thirteen Orphans")."""
    return c.reading.form == "kokushi" and c.reading.wait != "kokushi_13"


@closed_only
@yaku(
    "kokushi_13_wait",
    yakuman=1,
    double_if="kokushi_13_wait",
    replaces=("kokushi",),
    gate="terminals_and_honors_only",
)
def kokushi_13_wait(c: YakuContext) -> bool:
    """国士無双十三面 kokushi juusanmen: thirteen orphans won on a thirteen-sided wait."""
    return c.reading.form == "kokushi" and c.reading.wait == "kokushi_13"


@closed_only
@yaku("suuankou", yakuman=1, gate="four_ankou")
def suuankou(c: YakuContext) -> bool:
    """四暗刻 suu ankou: four concealed pon or kan, not on a pair wait (001 table "Four Concealed Pons")."""
    return c.concealed_triplets == 4 and c.reading.wait != "tanki"


@closed_only
@yaku("suuankou_tanki", yakuman=1, double_if="suuankou_tanki", replaces=("suuankou",), gate="four_ankou")
def suuankou_tanki(c: YakuContext) -> bool:
    """四暗刻単騎 suu ankou tanki: four concealed pon or kan won on the pair."""
    return c.concealed_triplets == 4 and c.reading.wait == "tanki"


@yaku("daisangen", yakuman=1, gate="two_dragon_sets")
def daisangen(c: YakuContext) -> bool:
    """大三元 daisangen: a pon or kan of each dragon (001 table "Greater Three Dragons")."""
    t = c.triplets
    return 31 in t and 32 in t and 33 in t  # each dragon (no generator: this runs on many hands)


@yaku("shousuushii", yakuman=1, gate="three_wind_sets")
def shousuushii(c: YakuContext) -> bool:
    """小四喜 shou suushii: three wind pon/kan and a wind pair (001 table "Four Winds", the small form)."""
    r = c.reading
    return r.form == "regular" and r.pairs[0] in _WINDS and sum(1 for w in _WINDS if w in c.triplets) == 3


@yaku("daisuushii", yakuman=1, double_if="daisuushii", replaces=("shousuushii",), gate="three_wind_sets")
def daisuushii(c: YakuContext) -> bool:
    """大四喜 dai suushii: a pon or kan of each wind (001 table "Four Winds")."""
    t = c.triplets
    return 27 in t and 28 in t and 29 in t and 30 in t


@yaku("tsuuiisou", yakuman=1, gate="terminals_and_honors_only")
def tsuuiisou(c: YakuContext) -> bool:
    """字一色 tsuu iisou: honors only (001 table "All Honors"); seven pairs of honors included."""
    return min(c.kinds) >= 27


@yaku("ryuuiisou", yakuman=1, gate="one_suit")
def ryuuiisou(c: YakuContext) -> bool:
    """緑一色 ryuu iisou: only 2, 3, 4, 6, 8 of sou and green dragons (001 table "Imperial Jade")."""
    return c.kinds <= _GREEN


@yaku("chinroutou", yakuman=1, gate="terminals_and_honors_only")
def chinroutou(c: YakuContext) -> bool:
    """清老頭 chinroutou: terminals only (001 table "All Terminals")."""
    return c.kinds <= _TERMINAL


def _chuuren_suit(c: YakuContext) -> int:
    """The suit start of a nine-gates shape in the concealed tiles, or -1."""
    if not c.closed or c.kans or c.reading.form != "regular":
        return -1
    low, high = min(c.kinds), max(c.kinds)
    if high >= 27 or low // 9 != high // 9:  # not one number suit alone
        return -1
    start = low - low % 9
    counts = c.concealed[start : start + 9]
    if all(n >= need for n, need in zip(counts, _CHUUREN, strict=True)):
        return start
    return -1


@closed_only
@yaku("chuuren", yakuman=1, gate="one_suit")
def chuuren(c: YakuContext) -> bool:
    """九蓮宝燈 chuuren poutou: 1112345678999 of one suit plus any tile of it (001 table "Nine Gates")."""
    start = _chuuren_suit(c)
    return start >= 0 and c.concealed[c.win] - _CHUUREN[c.win - start] != 1


@closed_only
@yaku("junsei_chuuren", yakuman=1, double_if="junsei_chuuren", replaces=("chuuren",), gate="one_suit")
def junsei_chuuren(c: YakuContext) -> bool:
    """純正九蓮宝燈 junsei chuuren: nine gates on a nine-sided wait (1112345678999 before the win)."""
    start = _chuuren_suit(c)
    return start >= 0 and c.concealed[c.win] - _CHUUREN[c.win - start] == 1


@yaku("suukantsu", yakuman=1, gate="three_kans")
def suukantsu(c: YakuContext) -> bool:
    """四槓子 suu kantsu: four kans (001 table "Four Kan")."""
    return c.kans == 4


RULES: Final[tuple[Yaku, ...]] = (
    kokushi,
    kokushi_13_wait,
    suuankou,
    suuankou_tanki,
    daisangen,
    shousuushii,
    daisuushii,
    tsuuiisou,
    ryuuiisou,
    chinroutou,
    chuuren,
    junsei_chuuren,
    suukantsu,
)

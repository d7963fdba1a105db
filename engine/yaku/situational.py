"""Yaku that depend on how and when the hand was won, not on its shape (001 table "Riichi", "Situational")."""

from __future__ import annotations

from typing import Final

from riichi_table.engine.yaku.base import Yaku, YakuContext, closed_only, yaku


@yaku("riichi", 1, gate="riichi")
def riichi(c: YakuContext) -> bool:
    """立直 riichi: a closed ready hand declared with a deposit (001 "Riichi"; 002 3.3.14)."""
    s = c.situation
    return s.riichi and not s.double_riichi and not (s.open_riichi and c.rules.open_riichi)


@yaku("double_riichi", 2, replaces=("riichi",), gate="double_riichi")
def double_riichi(c: YakuContext) -> bool:
    """ダブル立直 daburu riichi: riichi declared on the first uninterrupted draw (001 table: 2)."""
    return c.situation.double_riichi


@yaku("open_riichi", 2, replaces=("riichi",), gate="open_riichi")
def open_riichi(c: YakuContext) -> bool:
    """オープン立直 open riichi: riichi with the hand shown for the rest of the hand (001 table: 2).

    With double riichi it adds one han on top of the double riichi's two (the preset decides; 001 lists
    only the plain case).
    """
    s = c.situation
    return s.open_riichi and c.rules.open_riichi and not s.double_riichi


@yaku("open_double_riichi", 3, replaces=("riichi", "double_riichi"), gate="open_riichi")
def open_double_riichi(c: YakuContext) -> bool:
    """オープンダブル立直: open riichi declared on the first draw; 001 gives no value, we count 2 + 1."""
    s = c.situation
    return s.open_riichi and c.rules.open_riichi and s.double_riichi


@yaku("ippatsu", 1, gate="ippatsu")
def ippatsu(c: YakuContext) -> bool:
    """一発 ippatsu: a win within one go-around after riichi, uninterrupted by calls (002 3.3.14)."""
    s = c.situation
    return s.ippatsu and c.rules.ippatsu and (s.riichi or s.double_riichi)


@yaku("menzen_tsumo", 1, gate="tsumo")
def menzen_tsumo(c: YakuContext) -> bool:
    """門前清自摸和 menzen tsumo: self-draw with a closed hand (001 table "Fully Concealed")."""
    return c.situation.tsumo


@yaku("haitei", 1, 1, gate="haitei")
def haitei(c: YakuContext) -> bool:
    """海底摸月 haitei raoyue: tsumo on the last tile of the wall (001 table "Bottom of the Sea")."""
    return c.situation.haitei and c.situation.tsumo


@yaku("houtei", 1, 1, gate="houtei")
def houtei(c: YakuContext) -> bool:
    """河底撈魚 houtei raoyui: ron on the last discard (001 table "Bottom of the Sea")."""
    return c.situation.houtei and not c.situation.tsumo


@yaku("rinshan", 1, 1, gate="rinshan")
def rinshan(c: YakuContext) -> bool:
    """嶺上開花 rinshan kaihou: tsumo on the kan replacement tile (001 table "After a Kan"), or, where the
    rules read 001's "draw or discard" literally (`rinshan_on_kan_discard`), ron on the discard after it."""
    return c.situation.rinshan and (c.situation.tsumo or c.rules.rinshan_on_kan_discard)


@yaku("chankan", 1, 1, gate="chankan")
def chankan(c: YakuContext) -> bool:
    """搶槓 chankan: ron on the tile another player adds to a pon (001 table "Robbing a Kan")."""
    return c.situation.chankan and not c.situation.tsumo


@yaku("renhou", 5, gate="renhou")
def renhou(c: YakuContext) -> bool:
    """人和 renhou: ron in the first go-around before one's own first draw (001 table: 5 han)."""
    return c.situation.renhou and 0 < c.rules.renhou_han < 13 and not c.situation.tsumo


@closed_only
@yaku("tenhou", yakuman=1, gate="tenhou")
def tenhou(c: YakuContext) -> bool:
    """天和 tenhou: the dealer's initial fourteen tiles are complete (001 table "Blessing of Heaven")."""
    return c.situation.tenhou and c.situation.tsumo and c.seat_wind == 27


@closed_only
@yaku("chiihou", yakuman=1, gate="chiihou")
def chiihou(c: YakuContext) -> bool:
    """地和 chiihou: a non-dealer's tsumo on the first uninterrupted draw (001 table "Blessing of Earth")."""
    return c.situation.chiihou and c.situation.tsumo and c.seat_wind != 27


@closed_only
@yaku("renhou_yakuman", yakuman=1, gate="renhou")
def renhou_yakuman(c: YakuContext) -> bool:
    """人和 renhou as a yakuman, where the preset sets renhou_han >= 13."""
    return c.situation.renhou and c.rules.renhou_han >= 13 and not c.situation.tsumo


RULES: Final[tuple[Yaku, ...]] = (
    riichi,
    double_riichi,
    open_riichi,
    open_double_riichi,
    ippatsu,
    menzen_tsumo,
    haitei,
    houtei,
    rinshan,
    chankan,
    renhou,
    tenhou,
    chiihou,
    renhou_yakuman,
)

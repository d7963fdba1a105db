"""Value honors: a pon or kan of a dragon, the seat wind or the round wind (001 table "Valued Pon")."""

from __future__ import annotations

from typing import Final

from riichi_table.engine.yaku.base import Yaku, YakuContext, yaku


@yaku("yakuhai_haku", 1, 1, gate="dragon_set")
def yakuhai_haku(c: YakuContext) -> bool:
    """役牌 白 haku: a pon or kan of white dragons (001 table "Valued Pon")."""
    return 31 in c.triplets


@yaku("yakuhai_hatsu", 1, 1, gate="dragon_set")
def yakuhai_hatsu(c: YakuContext) -> bool:
    """役牌 發 hatsu: a pon or kan of green dragons (001 table "Valued Pon")."""
    return 32 in c.triplets


@yaku("yakuhai_chun", 1, 1, gate="dragon_set")
def yakuhai_chun(c: YakuContext) -> bool:
    """役牌 中 chun: a pon or kan of red dragons (001 table "Valued Pon")."""
    return 33 in c.triplets


@yaku("yakuhai_seat_wind", 1, 1, gate="wind_set")
def yakuhai_seat_wind(c: YakuContext) -> bool:
    """自風牌 jikaze: a pon or kan of one's seat wind (001 table "Valued Pon")."""
    return c.seat_wind in c.triplets


@yaku("yakuhai_round_wind", 1, 1, gate="wind_set")
def yakuhai_round_wind(c: YakuContext) -> bool:
    """場風牌 bakaze: a pon or kan of the round wind (001 "Valued Pon"); with the seat wind both count."""
    return c.round_wind in c.triplets


RULES: Final[tuple[Yaku, ...]] = (
    yakuhai_haku,
    yakuhai_hatsu,
    yakuhai_chun,
    yakuhai_seat_wind,
    yakuhai_round_wind,
)

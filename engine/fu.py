"""Fu (minipoints) of one reading, itemised, per seed 001's fu table.

Seed 001 fu table: base 20; closed ron +10; tsumo +2 (not for pinfu: pinfu tsumo is 20); pon 2/4 open,
4/8 concealed (simples / terminals and honors); kan 8/16 open, 16/32 concealed; a pair of dragons, seat or
round wind 2 (a double-wind pair: the preset's `double_wind_pair_fu`); edge, closed and pair waits 2; seven
pairs 25 fixed; an open hand of pinfu shape won on ron counts 30 (`open_pinfu_ron_fu`). Totals round up to 10.
Thirteen orphans has no fu (0, an empty itemisation).
"""

from __future__ import annotations

from functools import cache
from typing import Final

from riichi_table.engine.decompose import Group, Reading
from riichi_table.engine.rules import Rules

_TERMINAL_OR_HONOR: Final = frozenset({0, 8, 9, 17, 18, 26, *range(27, 34)})
_SET_FU: Final = {"pon": 2, "kan": 8}


def fu(
    reading: Reading,
    *,
    tsumo: bool,
    closed: bool,
    pinfu: bool,
    seat_wind: int,
    round_wind: int,
    rules: Rules,
) -> tuple[int, list[tuple[str, int]]]:
    """The fu total (rounded up to 10) and the itemised list of (reason, fu) before rounding."""
    if reading.form == "chiitoitsu":
        return 25, [("chiitoitsu", 25)]
    if reading.form == "kokushi":
        # no seed gives thirteen orphans fu (it has no sets, and a yakuman's value ignores fu); 0 as the
        # mahjong package and tenhou report it
        return 0, []
    detail: list[tuple[str, int]] = [("base", 20)]
    if pinfu:
        if tsumo:
            if rules.pinfu_tsumo_fu:
                detail.append(("tsumo", 2))
        else:
            detail.append(("menzen ron", 10))
        return _round(detail), detail
    if closed and not tsumo:
        detail.append(("menzen ron", 10))
    for g in reading.groups:
        if g.shape != "chi":
            detail.append(_set_fu(g))
    pair = reading.pairs[0]
    pair_fu = 0
    if pair >= 31:
        pair_fu = 2
    elif pair == seat_wind and pair == round_wind:
        pair_fu = rules.double_wind_pair_fu
    elif pair in (seat_wind, round_wind):
        pair_fu = 2
    if pair_fu:
        detail.append((_PAIR_NAMES[pair], pair_fu))
    wait_fu = _WAIT_FU.get(reading.wait)
    if wait_fu is not None:
        detail.append(wait_fu)
    if tsumo:
        detail.append(("tsumo", 2))
    total = _round(detail)
    if not closed and total == 20:
        # 001 fu table: an open hand with no fu at all is 22 on ron (30 after rounding)
        detail.append(("open pinfu shape", rules.open_pinfu_ron_fu - 20))
        total = rules.open_pinfu_ron_fu
    return total, detail


@cache
def _set_fu(g: Group) -> tuple[str, int]:
    """The fu item of a pon or kan: 2 (pon) or 8 (kan), doubled if concealed, doubled for terminals/honors."""
    value = _SET_FU[g.shape]
    if g.concealed:
        value *= 2
    if g.kind in _TERMINAL_OR_HONOR:
        value *= 2
    name = ("closed " if g.concealed else "open ") + g.shape
    return f"{name} {_kind_name(g.kind)}", value


def twenty_fu_possible(*, tsumo: bool, rules: Rules) -> bool:
    """Whether a hand can total 20 fu under `rules`: the one definition `fu` and the result check share.

    Seed 001 fu table, "Pinfu" column: a concealed pinfu tsumo is 20 (no tsumo fu) unless the preset counts
    the tsumo fu on it (`pinfu_tsumo_fu`); an open hand of pinfu shape won on ron is 20 only where the
    preset's `open_pinfu_ron_fu` says so (the table's 22, rounded, is 30).
    """
    if tsumo:
        return not rules.pinfu_tsumo_fu
    return rules.open_pinfu_ron_fu == 20


def _round(detail: list[tuple[str, int]]) -> int:
    raw = 0
    for _, v in detail:  # a plain loop: compiled, `sum` is a look-up in builtins and a generic call
        raw += v
    return (raw + 9) // 10 * 10


def _kind_name(kind: int) -> str:
    return f"{kind % 9 + 1}{'mpsz'[kind // 9]}"


# itemisation entries made once: a pair's name per kind, and the waits worth 2 fu (edge, closed, pair)
_PAIR_NAMES: Final = tuple(f"pair {_kind_name(k)}" for k in range(34))
_WAIT_FU: Final = {wait: (f"{wait} wait", 2) for wait in ("kanchan", "penchan", "tanki")}

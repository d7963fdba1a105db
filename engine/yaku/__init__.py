"""All yaku as one table of rules, and the loop that evaluates them for one reading.

Every rule is an immutable `Yaku` (engine/yaku/base.py) in one of four modules: situational, shapes, yakuhai,
yakuman. `evaluate` loops over the table; a yakuman drops every ordinary yaku, and a rule's `replaces` drops
the weaker yaku it contains (junchan drops chanta, double riichi drops riichi, ...).
"""

from __future__ import annotations

from engine.yaku import shapes, situational, yakuhai, yakuman
from engine.yaku.base import Situation, Yaku, YakuContext

ALL_YAKU: tuple[Yaku, ...] = situational.RULES + shapes.RULES + yakuhai.RULES + yakuman.RULES
YAKU_BY_NAME: dict[str, Yaku] = {y.name: y for y in ALL_YAKU}
_YAKUMAN = tuple(y for y in ALL_YAKU if y.yakuman)
_ORDINARY = tuple(y for y in ALL_YAKU if not y.yakuman)

__all__ = ["ALL_YAKU", "YAKU_BY_NAME", "Situation", "Yaku", "YakuContext", "evaluate"]


def _drop_replaced(found: list[Yaku]) -> list[Yaku]:
    replaced = {name for y in found for name in y.replaces}
    return [y for y in found if y.name not in replaced] if replaced else found


def evaluate(ctx: YakuContext) -> tuple[list[tuple[str, int]], int]:
    """The yaku of one reading as (name, han) pairs, and the yakuman count (0 when none).

    With a yakuman the list holds only yakuman, each with han 13 per yakuman it is worth.
    """
    closed = ctx.closed
    found = [y for y in _YAKUMAN if (closed or y.open_han) and y.check(ctx)]
    if found:
        found = _drop_replaced(found)
        values = [(y.name, 13 * y.yakuman_value(ctx.rules)) for y in found]
        return values, sum(v for _, v in values) // 13
    found = [y for y in _ORDINARY if (closed or y.open_han) and y.check(ctx)]
    found = _drop_replaced(found)
    return [(y.name, y.closed_han if closed else y.open_han) for y in found], 0

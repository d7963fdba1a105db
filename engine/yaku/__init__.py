"""All yaku as one table of rules, and the loop that evaluates them for one reading.

Every rule is an immutable `Yaku` (engine/yaku/base.py) in one of four modules: situational, shapes, yakuhai,
yakuman. `evaluate` loops over the table; a yakuman drops every ordinary yaku, and a rule's `replaces` drops
the weaker yaku it contains (junchan drops chanta, double riichi drops riichi, ...).

Speed: most rules give the same answer for every reading of a hand's form (`Yaku.per_reading` False), so
the scorer asks `form_yaku` once per form and `evaluate` only runs the dozen per-reading rules on each
reading; the result is the same as running the whole table on every reading.
"""

from __future__ import annotations

from engine.yaku import shapes, situational, yakuhai, yakuman
from engine.yaku.base import Situation, Yaku, YakuContext

ALL_YAKU: tuple[Yaku, ...] = situational.RULES + shapes.RULES + yakuhai.RULES + yakuman.RULES
YAKU_BY_NAME: dict[str, Yaku] = {y.name: y for y in ALL_YAKU}
_POSITION: dict[str, int] = {y.name: i for i, y in enumerate(ALL_YAKU)}
_FORM_YAKUMAN = tuple(y for y in ALL_YAKU if y.yakuman and not y.per_reading)
_FORM_ORDINARY = tuple(y for y in ALL_YAKU if not y.yakuman and not y.per_reading)
_READING_YAKUMAN = tuple(y for y in ALL_YAKU if y.yakuman and y.per_reading)
_READING_ORDINARY = tuple(y for y in ALL_YAKU if not y.yakuman and y.per_reading)

FormYaku = tuple[list[Yaku], list[Yaku]]

__all__ = [
    "ALL_YAKU",
    "YAKU_BY_NAME",
    "FormYaku",
    "Situation",
    "Yaku",
    "YakuContext",
    "evaluate",
    "form_yaku",
]


def form_yaku(ctx: YakuContext) -> FormYaku:
    """The yakuman and ordinary yaku that hold for every reading of `ctx`'s form (the rules that are not
    `per_reading`)."""
    closed = ctx.closed
    return (
        [y for y in _FORM_YAKUMAN if (closed or y.open_han) and y.check(ctx)],
        [y for y in _FORM_ORDINARY if (closed or y.open_han) and y.check(ctx)],
    )


def _drop_replaced(found: list[Yaku]) -> list[Yaku]:
    replaced = {name for y in found for name in y.replaces}
    return [y for y in found if y.name not in replaced] if replaced else found


def evaluate(ctx: YakuContext, fixed: FormYaku | None = None) -> tuple[list[tuple[str, int]], int]:
    """The yaku of one reading as (name, han) pairs in table order, and the yakuman count (0 when none).

    With a yakuman the list holds only yakuman, each with han 13 per yakuman it is worth. `fixed` is
    `form_yaku` of a reading of the same hand and form (computed here when not given).
    """
    if fixed is None:
        fixed = form_yaku(ctx)
    closed = ctx.closed
    found = fixed[0] + [y for y in _READING_YAKUMAN if (closed or y.open_han) and y.check(ctx)]
    if found:
        found = _drop_replaced(found)
        found.sort(key=lambda y: _POSITION[y.name])
        values = [(y.name, 13 * y.yakuman_value(ctx.rules)) for y in found]
        return values, sum(v for _, v in values) // 13
    found = fixed[1] + [y for y in _READING_ORDINARY if (closed or y.open_han) and y.check(ctx)]
    found = _drop_replaced(found)
    found.sort(key=lambda y: _POSITION[y.name])
    return [(y.name, y.closed_han if closed else y.open_han) for y in found], 0

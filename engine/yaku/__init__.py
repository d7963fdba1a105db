"""All yaku as one table of rules, and the loop that evaluates them for one reading.

Every rule is an immutable `Yaku` (engine/yaku/base.py) in one of four modules: situational, shapes, yakuhai,
yakuman. `evaluate` runs the table; a yakuman drops every ordinary yaku, and a rule's `replaces` drops the
weaker yaku it contains (junchan drops chanta, double riichi drops riichi, ...).

Speed: each rule names a gate (base.py), a cheap condition it cannot hold without. `form_yaku` opens the
form gates once per form of a hand and asks only the rules behind open gates; `evaluate` adds the rules
whose reading gate is open for the reading's chi and concealed pon counts (a table built at import). The
result equals running every rule on every reading (tests/engine/test_yaku.py checks it on random hands).
"""

from __future__ import annotations

from itertools import compress
from operator import attrgetter
from typing import Final

from riichi_table.engine.tiles import TERMINALS_AND_HONORS
from riichi_table.engine.yaku import shapes, situational, yakuhai, yakuman
from riichi_table.engine.yaku.base import FLAGS, FORM_GATES, READING_GATES, Situation, Yaku, YakuContext

ALL_YAKU: Final[tuple[Yaku, ...]] = situational.RULES + shapes.RULES + yakuhai.RULES + yakuman.RULES
YAKU_BY_NAME: Final[dict[str, Yaku]] = {y.name: y for y in ALL_YAKU}
_POSITION: Final[dict[str, int]] = {y.name: i for i, y in enumerate(ALL_YAKU)}
_BY_FORM_GATE: Final[dict[str, tuple[Yaku, ...]]] = {
    gate: tuple(y for y in ALL_YAKU if y.gate == gate) for gate in FORM_GATES
}
# _BY_READING[closed][chis][ankou]: the per-reading rules whose gate is open there (yakuman, ordinary)
_BY_READING: Final = tuple(
    tuple(
        tuple(
            (
                tuple(
                    y
                    for y in ALL_YAKU
                    if y.yakuman
                    and y.per_reading
                    and READING_GATES[y.gate](chis, ankou)
                    and (closed or y.open_han)
                ),
                tuple(
                    y
                    for y in ALL_YAKU
                    if not y.yakuman
                    and y.per_reading
                    and READING_GATES[y.gate](chis, ankou)
                    and (closed or y.open_han)
                ),
            )
            for ankou in range(5)
        )
        for chis in range(5)
    )
    for closed in (False, True)
)
# sets of kinds as bit masks (bit k for kind k): a hand's kinds are tested against them by one `&` each
_TERMINALS_AND_HONORS_BITS: Final = sum(1 << k for k in TERMINALS_AND_HONORS)
_SIMPLES_BITS: Final = ((1 << 34) - 1) & ~_TERMINALS_AND_HONORS_BITS
_MAN_BITS: Final = (1 << 9) - 1
_PIN_BITS: Final = _MAN_BITS << 9
_SOU_BITS: Final = _MAN_BITS << 18
# _HONOR_GATES[dragon sets (max 2)][wind sets (max 3)]
_HONOR_GATES: Final = tuple(
    tuple(
        ["dragon_set"] * (d >= 1)
        + ["two_dragon_sets"] * (d >= 2)
        + ["wind_set"] * (w >= 1)
        + ["three_wind_sets"] * (w >= 3)
        for w in range(4)
    )
    for d in range(3)
)
_flag_values: Final = attrgetter(*FLAGS)  # the Situation's flags as one tuple, in FLAGS order

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


# The flag gates of each Situation object seen, by its id (hashing the dataclass costs more than the look
# itself; a batch shares one Situation per flag set). Each entry holds its Situation, so the id cannot be
# reused by another object while the entry lives. Bounded: cleared when full.
_FLAG_GATES: Final[dict[int, tuple[Situation, tuple[str, ...]]]] = {}


def _flag_gates(situation: Situation) -> tuple[str, ...]:
    entry = _FLAG_GATES.get(id(situation))
    if entry is None or entry[0] is not situation:
        if len(_FLAG_GATES) >= 1024:
            _FLAG_GATES.clear()
        entry = _FLAG_GATES[id(situation)] = (situation, tuple(compress(FLAGS, _flag_values(situation))))
    return entry[1]


def open_form_gates(c: YakuContext) -> list[str]:
    """The form gates (base.FORM_GATES) open for `c`'s hand and form."""
    gates = list(_flag_gates(c.situation))
    kinds = 0  # c.kinds as bits: compiled, a loop of shifts costs less than the set look-ups below would
    for k in c.kinds:
        kinds |= 1 << k
    dragons = winds = 0  # plain loops: compiled, `max` and `sum` are look-ups in builtins and generic calls
    for k in c.triplets:
        if k >= 31:
            dragons += 1
        elif k >= 27:
            winds += 1
    if dragons or winds:
        gates += _HONOR_GATES[min(dragons, 2)][min(winds, 3)]
    if not kinds & _SIMPLES_BITS:
        gates.append("terminals_and_honors_only")
    elif not kinds & _TERMINALS_AND_HONORS_BITS:
        gates.append("simples_only")
    if (not kinds & _MAN_BITS) + (not kinds & _PIN_BITS) + (not kinds & _SOU_BITS) >= 2:
        gates.append("one_suit")
    if c.kans >= 3:
        gates.append("three_kans")
    if c.reading.form == "chiitoitsu":
        gates.append("seven_pairs")
    return gates


def form_yaku(ctx: YakuContext) -> FormYaku:
    """The yakuman and ordinary yaku that hold for every reading of `ctx`'s form (rules behind form gates)."""
    closed = ctx.closed
    found = [
        y
        for gate in open_form_gates(ctx)
        for y in _BY_FORM_GATE[gate]
        if (closed or y.open_han) and y.check(ctx)
    ]
    return [y for y in found if y.yakuman], [y for y in found if not y.yakuman]


def _drop_replaced(found: list[Yaku]) -> list[Yaku]:
    replaced = [name for y in found for name in y.replaces]
    return [y for y in found if y.name not in replaced] if replaced else found


class _PairPositions(dict[tuple[str, int], int]):
    """The table position of each (name, han) pair met (other entries: after every rule); a hit stays in C.
    Bounded: cleared when full."""

    def __missing__(self, item: tuple[str, int]) -> int:
        if len(self) >= 4096:
            self.clear()
        found = self[item] = _POSITION.get(item[0], len(_POSITION))
        return found


_PAIR_POSITIONS: Final = _PairPositions()


def in_table_order(yaku: list[tuple[str, int]]) -> list[tuple[str, int]]:
    """(name, han) pairs sorted as ALL_YAKU lists the rules; other entries (dora, ...) last, in order.

    A stable insertion sort: a hand has a few pairs, and compiled, this costs a fraction of `sorted` with a
    key function."""
    out: list[tuple[str, int]] = []
    ranks: list[int] = []
    for pair in yaku:
        rank = _PAIR_POSITIONS[pair]
        at = len(ranks)
        while at and ranks[at - 1] > rank:
            at -= 1
        ranks.insert(at, rank)
        out.insert(at, pair)
    return out


def evaluate(ctx: YakuContext, fixed: FormYaku | None = None) -> tuple[list[tuple[str, int]], int]:
    """The yaku of one reading as (name, han) pairs, and the yakuman count (0 when none).

    With a yakuman the list holds only yakuman, each with han 13 per yakuman it is worth. `fixed` is
    `form_yaku` of a reading of the same hand and form (computed here when not given). The pairs come in
    gate order; `in_table_order` sorts them for display (the scorer does so for the best reading only).
    """
    if fixed is None:
        fixed = form_yaku(ctx)
    closed = ctx.closed
    reading_yakuman, reading_ordinary = _BY_READING[closed][len(ctx.chis)][min(ctx.concealed_triplets, 4)]
    found = fixed[0] + [y for y in reading_yakuman if y.check(ctx)]
    if found:
        found = _drop_replaced(found)
        values = [(y.name, 13 * y.yakuman_value(ctx.rules)) for y in found]
        return values, sum(v for _, v in values) // 13
    found = fixed[1] + [y for y in reading_ordinary if y.check(ctx)]
    if len(found) > 1:
        found = _drop_replaced(found)
    return [(y.name, y.closed_han if closed else y.open_han) for y in found], 0

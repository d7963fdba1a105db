"""The yaku rule type and the one context every rule reads.

A yaku is an immutable `Yaku`: its name, its han closed and open (open 0 = closed hands only) or its yakuman
value, the names of weaker yaku it replaces, and a check that reads a `YakuContext`. Situational yaku (riichi,
haitei, rinshan, ...) decide from the context's flags themselves; nothing patches han mid-calculation.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import NamedTuple

from engine.decompose import Reading
from engine.rules import Rules


@dataclass(frozen=True, slots=True)
class Situation:
    """How and when the hand was won: the request's flags (issue 3 "score" request)."""

    tsumo: bool = False
    riichi: bool = False
    double_riichi: bool = False
    open_riichi: bool = False
    ippatsu: bool = False
    haitei: bool = False
    houtei: bool = False
    rinshan: bool = False
    chankan: bool = False
    tenhou: bool = False
    chiihou: bool = False
    renhou: bool = False


class YakuContext(NamedTuple):
    """One reading of a winning hand with everything a yaku may ask about.

    Immutable; a NamedTuple rather than a frozen dataclass because the scorer makes one per reading and a
    tuple is several times cheaper to build. `kinds` is the set of kinds among all 14+ tiles (melds
    included); `concealed` the 34 counts of the concealed tiles with the winning tile; `chis` the lowest
    kinds of all chi groups; `triplets` the kinds of all pon and kan groups; `concealed_triplets` those that
    count as concealed (ankou/ankan).
    """

    reading: Reading
    situation: Situation
    rules: Rules
    win: int
    closed: bool
    seat_wind: int
    round_wind: int
    kinds: frozenset[int]
    concealed: tuple[int, ...]
    chis: tuple[int, ...]
    triplets: tuple[int, ...]
    concealed_triplets: int
    kans: int

    @property
    def tsumo(self) -> bool:
        return self.situation.tsumo


Check = Callable[[YakuContext], bool]


@dataclass(frozen=True, slots=True)
class Yaku:
    """A named scoring rule. `doc` is the check's docstring: Japanese name, the rule, the seed that sets
    it."""

    name: str
    closed_han: int
    open_han: int
    check: Check
    yakuman: int = 0
    double_if: str | None = None  # the Rules.double_yakuman_hands entry that makes it a double yakuman
    replaces: tuple[str, ...] = ()
    doc: str = ""
    # False when the check gives the same answer for every reading of one form (regular, seven pairs,
    # thirteen orphans) of a hand: it reads only the flags, the rules, the winds and the hand's tiles, or
    # honor sets (an honor never joins a chi, so its pon/kan and pair are the same in every regular
    # reading). The scorer checks such a rule once per form instead of once per reading.
    per_reading: bool = False

    def han(self, closed: bool) -> int:
        return self.closed_han if closed else self.open_han

    def yakuman_value(self, rules: Rules) -> int:
        if self.double_if is not None and self.double_if in rules.double_yakuman_hands:
            return 2
        return self.yakuman


def yaku(
    name: str,
    closed: int = 0,
    open_: int = 0,
    *,
    yakuman: int = 0,
    double_if: str | None = None,
    replaces: tuple[str, ...] = (),
    per_reading: bool = False,
) -> Callable[[Check], Yaku]:
    """Make a check function into a Yaku; `closed`/`open_` are han (open 0 = closed only)."""

    def wrap(check: Check) -> Yaku:
        open_han = open_ if not yakuman else 1
        doc = (check.__doc__ or "").strip()
        return Yaku(name, closed, open_han, check, yakuman, double_if, replaces, doc, per_reading)

    return wrap


def closed_only(y: Yaku) -> Yaku:
    """A yakuman that needs a closed hand (its open_han is 0)."""
    return replace(y, open_han=0)

"""The yaku rule type and the one context every rule reads.

A yaku is an immutable `Yaku`: its name, its han closed and open (open 0 = closed hands only) or its yakuman
value, the names of weaker yaku it replaces, and a check that reads a `YakuContext`. Situational yaku (riichi,
haitei, rinshan, ...) decide from the context's flags themselves; nothing patches han mid-calculation.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

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


@dataclass(frozen=True, slots=True)
class YakuContext:
    """One reading of a winning hand with everything a yaku may ask about.

    `kinds` is the set of kinds among all 14+ tiles (melds included); `concealed` the 34 counts of the
    concealed tiles with the winning tile; `chis` the lowest kinds of all chi groups; `triplets` the kinds of
    all pon and kan groups; `concealed_triplets` those that count as concealed (ankou/ankan).
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
) -> Callable[[Check], Yaku]:
    """Make a check function into a Yaku; `closed`/`open_` are han (open 0 = closed only)."""

    def wrap(check: Check) -> Yaku:
        open_han = open_ if not yakuman else 1
        return Yaku(
            name, closed, open_han, check, yakuman, double_if, replaces, (check.__doc__ or "").strip()
        )

    return wrap


def closed_only(y: Yaku) -> Yaku:
    """A yakuman that needs a closed hand (its open_han is 0)."""
    return Yaku(y.name, y.closed_han, 0, y.check, y.yakuman, y.double_if, y.replaces, y.doc)

"""The yaku rule type and the one context every rule reads.

A yaku is an immutable `Yaku`: its name, its han closed and open (open 0 = closed hands only) or its yakuman
value, the names of weaker yaku it replaces, and a check that reads a `YakuContext`. Situational yaku (riichi,
haitei, rinshan, ...) decide from the context's flags themselves; nothing patches han mid-calculation.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import dataclass, fields, replace
from functools import cache
from typing import Final, NamedTuple

from riichi_table.engine.decompose import Reading
from riichi_table.engine.frozen_build import FieldRecord
from riichi_table.engine.rules import Rules


# init written out, repr, eq and hash from FieldRecord: dataclasses would make them from source text at
# every start (docs/engine.md, batch start-up); tests/engine/test_written_dataclass_methods.py compares them.
@dataclass(frozen=True, slots=True, init=False, repr=False, eq=False)
class Situation(FieldRecord):
    """How and when the hand was won: the score request's flags."""

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

    def __init__(
        self,
        tsumo: bool = False,
        riichi: bool = False,
        double_riichi: bool = False,
        open_riichi: bool = False,
        ippatsu: bool = False,
        haitei: bool = False,
        houtei: bool = False,
        rinshan: bool = False,
        chankan: bool = False,
        tenhou: bool = False,
        chiihou: bool = False,
        renhou: bool = False,
    ) -> None:
        object.__setattr__(self, "tsumo", tsumo)
        object.__setattr__(self, "riichi", riichi)
        object.__setattr__(self, "double_riichi", double_riichi)
        object.__setattr__(self, "open_riichi", open_riichi)
        object.__setattr__(self, "ippatsu", ippatsu)
        object.__setattr__(self, "haitei", haitei)
        object.__setattr__(self, "houtei", houtei)
        object.__setattr__(self, "rinshan", rinshan)
        object.__setattr__(self, "chankan", chankan)
        object.__setattr__(self, "tenhou", tenhou)
        object.__setattr__(self, "chiihou", chiihou)
        object.__setattr__(self, "renhou", renhou)


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

# Gates: every rule names one cheap necessary condition, and the evaluator asks a rule only when its gate
# is open. That is how a table of ~50 rules costs a handful of checks per hand.
#
# Form gates are decided once per form (regular, seven pairs, thirteen orphans) of a hand; a rule behind one
# gives the same answer for every reading of that form: it reads only the flags, rules, winds and the hand's
# tiles, or honor sets (an honor never joins a chi, so its pon/kan and pair are the same in every regular
# reading). A situation flag's name is a gate too: open when that flag is set.
FLAGS: Final[tuple[str, ...]] = tuple(f.name for f in fields(Situation))
FORM_GATES: Final[dict[str, str]] = {
    **{flag: f"the {flag} flag is set" for flag in FLAGS},
    "dragon_set": "a pon or kan of a dragon",
    "two_dragon_sets": "pon or kan of two or three dragons",
    "wind_set": "a pon or kan of a wind",
    "three_wind_sets": "pon or kan of three or four winds",
    "terminals_and_honors_only": "no tile 2..8",
    "simples_only": "no terminal or honor",
    "one_suit": "tiles of at most one of man, pin, sou",
    "three_kans": "three or four kans",
    "seven_pairs": "the seven pairs form",
}
# Reading gates: conditions on a reading's number of chi and of concealed pon/kan, tabled at import for
# every (closed, chi count, concealed pon count), so a reading looks its few candidate rules up by index.
READING_GATES: Final[dict[str, Callable[[int, int], bool]]] = {
    "four_chi": lambda chis, ankou: chis == 4,
    "three_chi": lambda chis, ankou: chis >= 3,
    "two_chi": lambda chis, ankou: chis >= 2,
    "a_chi": lambda chis, ankou: chis >= 1,
    "no_chi": lambda chis, ankou: chis == 0,
    "at_most_one_chi": lambda chis, ankou: chis <= 1,
    "three_ankou": lambda chis, ankou: ankou >= 3,
    "four_ankou": lambda chis, ankou: ankou >= 4,
}


# init written out, repr, eq and hash from FieldRecord: dataclasses would make them from source text at
# every start (docs/engine.md, batch start-up); tests/engine/test_written_dataclass_methods.py compares them.
@dataclass(frozen=True, slots=True, init=False, repr=False, eq=False)
class Yaku(FieldRecord):
    """A named scoring rule. `doc` is the check's docstring: Japanese name, the rule, the seed that sets
    it."""

    name: str
    closed_han: int
    open_han: int
    check: Check
    yakuman: int = 0
    double_if: str | None = None  # the Rules.double_yakuman_hands entry that makes it a double yakuman
    replaces: tuple[str, ...] = ()
    gate: str = ""  # a key of FORM_GATES or READING_GATES: a cheap condition the rule cannot hold without

    def __init__(
        self,
        name: str,
        closed_han: int,
        open_han: int,
        check: Check,
        yakuman: int = 0,
        double_if: str | None = None,
        replaces: tuple[str, ...] = (),
        gate: str = "",
    ) -> None:
        object.__setattr__(self, "name", name)
        object.__setattr__(self, "closed_han", closed_han)
        object.__setattr__(self, "open_han", open_han)
        object.__setattr__(self, "check", check)
        object.__setattr__(self, "yakuman", yakuman)
        object.__setattr__(self, "double_if", double_if)
        object.__setattr__(self, "replaces", replaces)
        object.__setattr__(self, "gate", gate)

    @property
    def doc(self) -> str:
        """The check's docstring, stripped."""
        return docstring(self.check)

    @property
    def per_reading(self) -> bool:
        """Whether the answer can differ between readings of one form (see READING_GATES)."""
        return self.gate in READING_GATES

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
    gate: str,
) -> Callable[[Check], Yaku]:
    """Make a check function into a Yaku; `closed`/`open_` are han (open 0 = closed only)."""
    if gate not in FORM_GATES and gate not in READING_GATES:
        raise ValueError(f"yaku {name!r}: unknown gate {gate!r}")

    def wrap(check: Check) -> Yaku:
        open_han = open_ if not yakuman else 1
        return Yaku(name, closed, open_han, check, yakuman, double_if, replaces, gate)

    return wrap


def docstring(check: Check) -> str:
    """A check function's docstring, stripped. Where mypyc compiled the function (it keeps no docstrings;
    engine/native.py) it is read from the function's source file, which that build was checked to match."""
    if check.__doc__ is not None or not check.__module__.startswith("riichi_table.engine."):
        return (check.__doc__ or "").strip()
    return _source_docstrings(check.__module__).get(check.__name__, "")


@cache
def _source_docstrings(module: str) -> dict[str, str]:
    """The stripped docstring of every top-level function in an engine module's source file."""
    import ast

    import riichi_table.engine  # its __init__ is never compiled: its __file__ is the source folder's

    folder = os.path.dirname(riichi_table.engine.__file__ or "")
    path = os.path.join(folder, *module.split(".")[2:]) + ".py"
    with open(path, encoding="utf-8") as source:
        tree = ast.parse(source.read())
    return {
        node.name: (ast.get_docstring(node, clean=False) or "").strip()
        for node in tree.body
        if isinstance(node, ast.FunctionDef)
    }


def closed_only(y: Yaku) -> Yaku:
    """A yakuman that needs a closed hand (its open_han is 0)."""
    return replace(y, open_han=0)

"""Every way to read a complete hand: its decompositions and, for each, which group the winning tile
completed.

A *decomposition* splits the concealed tiles (winning tile included) into sets and one pair. A *reading* adds
the melds and the wait: the same decomposition can be read with the winning tile in different groups
(e.g. 2345m won on 5m: 345m ryanmen, or the 5 completing 55 ... ), and the scorer keeps the reading that
scores highest (issue 3 item 3). On ron, a concealed pon completed by the discard counts as an open pon
(fu and sanankou), the usual rule.

Per-suit splits are cached by the packed suit pattern (see engine/hand.py), so a hand is decomposed by
combining at most four cached lists.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from itertools import product
from typing import Literal

from engine.hand import is_chiitoitsu, is_kokushi, suit_keys
from engine.melds import Meld

Shape = Literal["chi", "pon", "kan"]
Wait = Literal["ryanmen", "kanchan", "penchan", "shanpon", "tanki", "kokushi", "kokushi_13", "chiitoitsu"]
Form = Literal["regular", "chiitoitsu", "kokushi"]

# A concealed set as (kind, is_chi); a split as (pair kind or -1, sets).
_Split = tuple[int, tuple[tuple[int, bool], ...]]


@dataclass(frozen=True, slots=True)
class Group:
    """One set of a reading: a chi (kind = its lowest tile), pon or kan; concealed or open; called or not."""

    shape: Shape
    kind: int
    concealed: bool
    called: bool = False  # a meld (so never rearranged); False for sets formed in the hand


@dataclass(frozen=True, slots=True)
class Reading:
    """A complete hand read one way: its groups (four for a regular hand), pair(s) and the wait."""

    form: Form
    groups: tuple[Group, ...]
    pairs: tuple[
        int, ...
    ]  # one pair kind for a regular hand, seven for chiitoitsu, the doubled kind for kokushi
    wait: Wait


@cache
def _suit_splits(key: int, start: int, honor: bool) -> tuple[_Split, ...]:
    """All splits of one suit pattern into sets and at most one pair; kinds offset by `start`."""
    length = 7 if honor else 9
    counts = [(key >> (3 * i)) & 7 for i in range(length)]
    out: list[_Split] = []

    def walk(i: int, pair: int, sets: list[tuple[int, bool]]) -> None:
        while i < length and counts[i] == 0:
            i += 1
        if i == length:
            out.append((pair, tuple(sets)))
            return
        c = counts[i]
        if c >= 2 and pair < 0:
            counts[i] -= 2
            walk(i, start + i, sets)
            counts[i] += 2
        if c >= 3:
            counts[i] -= 3
            sets.append((start + i, False))
            walk(i, pair, sets)
            sets.pop()
            counts[i] += 3
        if not honor and i + 2 < length and counts[i + 1] and counts[i + 2]:
            for j in (i, i + 1, i + 2):
                counts[j] -= 1
            sets.append((start + i, True))
            walk(i, pair, sets)
            sets.pop()
            for j in (i, i + 1, i + 2):
                counts[j] += 1

    walk(0, -1, [])
    return tuple(dict.fromkeys(out))


def decompositions(counts: Sequence[int]) -> list[tuple[int, tuple[tuple[int, bool], ...]]]:
    """Every split of concealed tiles into sets and exactly one pair: (pair kind, ((kind, is_chi), ...)).

    Empty when the tiles do not split so (seven pairs and thirteen orphans are separate forms).
    """
    keys = suit_keys(counts)
    per_suit = []
    for s, key in enumerate(keys):
        if key:
            splits = _suit_splits(key, 9 * s, s == 3)
            if not splits:
                return []
            per_suit.append(splits)
    out: list[tuple[int, tuple[tuple[int, bool], ...]]] = []
    for combo in product(*per_suit):
        pairs = [p for p, _ in combo if p >= 0]
        if len(pairs) != 1:
            continue
        sets: tuple[tuple[int, bool], ...] = ()
        for _, s_sets in combo:
            sets += s_sets
        out.append((pairs[0], sets))
    return out


def _meld_group(meld: Meld) -> Group:
    shape: Shape = "chi" if meld.kind == "chi" else "pon" if meld.kind == "pon" else "kan"
    return Group(shape, meld.first_kind, meld.kind == "ankan", True)


def _chi_wait(first: int, win: int) -> Wait:
    pos = win - first
    if pos == 1:
        return "kanchan"
    if (pos == 2 and first % 9 == 0) or (pos == 0 and first % 9 == 6):
        return "penchan"
    return "ryanmen"


def readings(concealed: Sequence[int], melds: Sequence[Meld], win: int, tsumo: bool) -> list[Reading]:
    """Every reading of a complete hand; `concealed` counts include the winning tile `win`. Empty if
    incomplete."""
    meld_groups = tuple(_meld_group(m) for m in melds)
    out: list[Reading] = []
    if not melds and is_kokushi(concealed):
        doubled = next(k for k in range(34) if concealed[k] == 2)
        out.append(Reading("kokushi", (), (doubled,), "kokushi_13" if doubled == win else "kokushi"))
        return out
    if not melds and is_chiitoitsu(concealed):
        pairs = tuple(k for k in range(34) if concealed[k] == 2)
        out.append(Reading("chiitoitsu", (), pairs, "chiitoitsu"))
    for pair, sets in decompositions(concealed):
        seen: set[tuple[int, bool, int]] = set()
        if pair == win:
            groups = tuple(Group("chi" if c else "pon", k, True) for k, c in sets)
            out.append(Reading("regular", meld_groups + groups, (pair,), "tanki"))
        for idx, (kind, is_chi) in enumerate(sets):
            if not (kind <= win <= kind + 2 if is_chi else kind == win):
                continue
            sig = (kind, is_chi, win)
            if sig in seen:
                continue
            seen.add(sig)
            groups_list = []
            for j, (k2, c2) in enumerate(sets):
                concealed_set = c2 or j != idx or tsumo
                groups_list.append(Group("chi" if c2 else "pon", k2, concealed_set))
            wait: Wait = _chi_wait(kind, win) if is_chi else "shanpon"
            out.append(Reading("regular", meld_groups + tuple(groups_list), (pair,), wait))
    return out

"""Every way to read a complete hand: its decompositions and, for each, which group the winning tile
completed.

A *decomposition* splits the concealed tiles (winning tile included) into sets and one pair. A *reading* adds
the melds and the wait: the same decomposition can be read with the winning tile in different groups
(e.g. 2345m won on 5m: 345m ryanmen, or the 5 completing 55 ... ), and the scorer keeps the reading that
scores highest. On ron, a concealed pon completed by the discard counts as an open pon
(fu and sanankou), the usual rule.

Per-suit splits are cached by the packed suit pattern (see engine/hand.py), so a hand is decomposed by
combining at most four cached lists.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import product
from typing import Final, Literal, NamedTuple

from riichi_table.engine.hand import (
    SETS_AND_PAIR,
    SETS_ONLY,
    SIMPLES_MASK,
    is_kokushi,
    list_suit_keys,
    mixed_key,
    suit_keys,
)
from riichi_table.engine.melds import Meld

Shape = Literal["chi", "pon", "kan"]
Wait = Literal["ryanmen", "kanchan", "penchan", "shanpon", "tanki", "kokushi", "kokushi_13", "chiitoitsu"]
Form = Literal["regular", "chiitoitsu", "kokushi"]


class Group(NamedTuple):
    """One set of a reading: a chi (kind = its lowest tile), pon or kan; concealed or open; called or not.

    Immutable like a frozen dataclass, but a NamedTuple: the scorer builds several per hand and a tuple is
    several times cheaper to make.
    """

    shape: Shape
    kind: int
    concealed: bool
    called: bool = False  # a meld (so never rearranged); False for sets formed in the hand


class Reading(NamedTuple):
    """A complete hand read one way: its groups (four for a regular hand), pair(s) and the wait.

    `pairs`: one pair kind for a regular hand, seven for chiitoitsu, the doubled kind for kokushi.
    """

    form: Form
    groups: tuple[Group, ...]
    pairs: tuple[int, ...]
    wait: Wait


# Shared immutable groups: a concealed chi / concealed pon / open pon (a pon completed by a ron) per kind.
_CHI: Final = tuple(Group("chi", k, True) for k in range(34))
_PON: Final = tuple(Group("pon", k, True) for k in range(34))
_OPEN_PON: Final = tuple(Group("pon", k, False) for k in range(34))

# A split of concealed tiles: (pair kind or -1, concealed sets as groups).
_GroupSplit = tuple[int, tuple[Group, ...]]


class _SuitSplits(dict[int, tuple[_GroupSplit, ...]]):
    """`_suit_splits` of each pattern of one suit, made on first sight: a look-up that hits stays in C."""

    __slots__ = ("_honor", "_start")

    def __init__(self, suit: int) -> None:
        super().__init__()
        self._start = 9 * suit
        self._honor = suit == 3

    def __missing__(self, key: int) -> tuple[_GroupSplit, ...]:
        found = self[key] = _suit_splits(key, self._start, self._honor)
        return found


# man, pin, sou, honors
_SPLITS: Final = tuple(_SuitSplits(suit) for suit in range(4))


def _suit_splits(key: int, start: int, honor: bool) -> tuple[_GroupSplit, ...]:
    """All splits of one suit pattern (one byte per kind, engine/hand.py) into sets and, when its tile count
    is 2 mod 3, one pair; kinds offset by `start`. Empty when the suit is not complete (engine/hand.py's
    SETS_ONLY / SETS_AND_PAIR say so before any walk).

    The walk takes the lowest kind left as the pair, a pon or the start of a chi, on a list of the suit's
    counts: a pattern's key reaches 72 bits, past a native int, and each step on it was a big-int
    operation and a table look-up (about 20,000 instructions per new pattern, compiled). A branch that
    leaves an incomplete rest ends within a step or two, as a suit holds at most 14 tiles.
    """
    h = int(honor)
    mixed = mixed_key(key)
    if mixed not in SETS_ONLY[h] and mixed not in SETS_AND_PAIR[h]:
        return ()
    counts = [0] * 11  # nine kinds and two zeros, so that a chi's look at kinds i+1 and i+2 stays inside
    left = 0
    for i in range(9):
        n = (key >> (8 * i)) & 255
        counts[i] = n
        left += n
    out: list[_GroupSplit] = []
    _walk(out, counts, 0, left, -1, (), start, honor)
    return tuple(dict.fromkeys(out))


def _walk(
    out: list[_GroupSplit],
    c: list[int],
    i: int,
    left: int,
    pair: int,
    sets: tuple[Group, ...],
    start: int,
    honor: bool,
) -> None:
    """`_suit_splits`' walk from kind `i` of what is left of the suit's counts `c` (`left` tiles; changed
    in place and put back), appending each split found to `out`. A function of its own rather than nested:
    compiled, a nested function and its closure refer to each other, a reference cycle left for the
    collector at every new pattern. `c[k] = c[k] - 1` rather than `-=`: mypyc compiles the latter on a list
    item as a generic number operation."""
    if not left:
        out.append((pair, sets))
        return
    while not c[i]:
        i += 1
    n = c[i]
    if n >= 2 and pair < 0:
        c[i] = n - 2
        _walk(out, c, i, left - 2, start + i, sets, start, honor)
        c[i] = n
    if n >= 3:
        c[i] = n - 3
        _walk(out, c, i, left - 3, pair, (*sets, _PON[start + i]), start, honor)
        c[i] = n
    if not honor and c[i + 1] and c[i + 2]:
        c[i] = n - 1
        c[i + 1] = c[i + 1] - 1
        c[i + 2] = c[i + 2] - 1
        _walk(out, c, i, left - 3, pair, (*sets, _CHI[start + i]), start, honor)
        c[i] = n
        c[i + 1] = c[i + 1] + 1
        c[i + 2] = c[i + 2] + 1


def _group_splits(keys: tuple[int, int, int, int]) -> list[_GroupSplit]:
    """Every split of the concealed tiles (as suit keys) into concealed sets and exactly one pair."""
    # plain loops rather than zip / all / sum: compiled, they make no calls into the interpreter
    per_suit: list[tuple[_GroupSplit, ...]] = []
    ways = 0
    for suit in range(4):
        key = keys[suit]
        if key:
            found = _SPLITS[suit][key]
            if not found:  # a suit that does not split
                return []
            per_suit.append(found)
            ways += len(found)
    if ways == len(per_suit):  # the usual case: one way per suit
        pairs = [p for ((p, _),) in per_suit if p >= 0]
        if len(pairs) != 1:
            return []
        sets: tuple[Group, ...] = ()
        for ((_, s_sets),) in per_suit:
            sets += s_sets
        return [(pairs[0], sets)]
    out: list[_GroupSplit] = []
    for combo in product(*per_suit):
        pairs = [p for p, _ in combo if p >= 0]
        if len(pairs) != 1:
            continue
        sets = ()
        for _, s_sets in combo:
            sets += s_sets
        out.append((pairs[0], sets))
    return out


def decompositions(counts: Sequence[int]) -> list[tuple[int, tuple[tuple[int, bool], ...]]]:
    """Every split of concealed tiles into sets and exactly one pair: (pair kind, ((kind, is_chi), ...)).

    Empty when the tiles do not split so (seven pairs and thirteen orphans are separate forms).
    """
    return [
        (pair, tuple((g.kind, g.shape == "chi") for g in sets))
        for pair, sets in _group_splits(suit_keys(counts))
    ]


_MELD_SHAPES: Final[tuple[tuple[str, Shape], ...]] = (
    ("chi", "chi"),
    ("pon", "pon"),
    ("kan", "kan"),
    ("ankan", "kan"),
    ("kakan", "kan"),
)
# the group of each meld kind and lowest tile kind: an ankan is the only concealed meld
_MELD_GROUPS: Final[dict[str, tuple[Group, ...]]] = {
    kind: tuple(Group(shape, k, kind == "ankan", True) for k in range(34)) for kind, shape in _MELD_SHAPES
}


def _meld_group(meld: Meld) -> Group:
    kind = meld.first_kind if meld.kind == "chi" else meld.tiles[0].kind
    return _MELD_GROUPS[meld.kind][kind]


def _chi_wait(first: int, win: int) -> Wait:
    pos = win - first
    if pos == 1:
        return "kanchan"
    if (pos == 2 and first % 9 == 0) or (pos == 0 and first % 9 == 6):
        return "penchan"
    return "ryanmen"


# tuple.__new__ skips the NamedTuple's Python-level __new__ (a regular reading is made per split and wait)
_new: Final = tuple.__new__


def readings(concealed: Sequence[int], melds: Sequence[Meld], win: int, tsumo: bool) -> list[Reading]:
    """Every reading of a complete hand; `concealed` counts include the winning tile `win`. Empty if
    incomplete."""
    counts = concealed if type(concealed) is list else list(concealed)
    keys = list_suit_keys(counts) if type(concealed) is list else suit_keys(counts)
    meld_groups = tuple([_meld_group(m) for m in melds]) if melds else ()
    out: list[Reading] = []
    if not melds:
        if not (keys[0] | keys[1] | keys[2]) & SIMPLES_MASK and is_kokushi(counts):
            doubled = counts.index(2)
            out.append(Reading("kokushi", (), (doubled,), "kokushi_13" if doubled == win else "kokushi"))
            return out
        if counts.count(2) == 7:
            pairs = tuple(k for k in range(34) if counts[k] == 2)
            out.append(Reading("chiitoitsu", (), pairs, "chiitoitsu"))
    for pair, sets in _group_splits(keys):
        if pair == win:
            out.append(_new(Reading, ("regular", meld_groups + sets, (pair,), "tanki")))
        seen: list[Group] = []
        for idx, g in enumerate(sets):
            kind = g.kind
            if g.shape == "chi":
                if not kind <= win <= kind + 2 or g in seen:
                    continue
                seen.append(g)
                out.append(_new(Reading, ("regular", meld_groups + sets, (pair,), _chi_wait(kind, win))))
            elif kind == win and g not in seen:
                seen.append(g)
                # on ron the pon completed by the discard counts as open (fu, sanankou)
                groups = sets if tsumo else (*sets[:idx], _OPEN_PON[kind], *sets[idx + 1 :])
                out.append(_new(Reading, ("regular", meld_groups + groups, (pair,), "shanpon")))
    return out

"""Tiles, tile kinds and the text notation.

Vocabulary (ARCHITECTURE.md): a *kind* is 0..33 (1m..9m = 0..8, 1p..9p = 9..17, 1s..9s = 18..26,
1z..7z = 27..33 for East, South, West, North, White, Green, Red); a *tile* is a physical tile, a kind plus
a red flag (only fives can be red). Notation: digits before their suit letter, `0` is a red five:
`123m406p789s1122z`.

>>> to_notation(parse_tiles("406p11z"))
'406p11z'
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any, Final, cast

from riichi_table.engine.errors import NotationError, TileCountError
from riichi_table.engine.frozen_build import rebuilt

SUITS: Final = "mpsz"
KIND_COUNT: Final = 34
COPIES: Final = 4
# The three red fives, as detector classes 34..36 (ARCHITECTURE.md); 37 is a face-down back.
RED_CLASS: Final = {4: 34, 13: 35, 22: 36}
BACK_CLASS: Final = 37

TERMINALS: Final = frozenset({0, 8, 9, 17, 18, 26})
HONORS: Final = frozenset(range(27, 34))
WINDS: Final = (27, 28, 29, 30)
DRAGONS: Final = (31, 32, 33)
TERMINALS_AND_HONORS = TERMINALS | HONORS
WIND_LETTERS: Final = "ESWN"


# init, repr, eq, hash and order written out: dataclasses would make them from source text at every start
# (docs/engine.md, batch start-up); tests/engine/test_written_dataclass_methods.py compares them.
@dataclass(frozen=True, slots=True, init=False, repr=False, eq=False)
class Tile:
    """One physical tile: its kind 0..33 and whether it is a red five."""

    kind: int
    red: bool = False

    def __init__(self, kind: int, red: bool = False) -> None:
        object.__setattr__(self, "kind", kind)
        object.__setattr__(self, "red", red)
        self.__post_init__()

    def __repr__(self) -> str:
        return f"{type(self).__qualname__}(kind={self.kind!r}, red={self.red!r})"

    def __eq__(self, other: object) -> bool:
        if other.__class__ is self.__class__:
            return _tile_key(self) == _tile_key(other)
        return NotImplemented

    def __hash__(self) -> int:
        return hash(_tile_key(self))

    # ordered as (kind, red), as dataclass(order=True) orders it
    def __lt__(self, other: object) -> bool:
        if other.__class__ is self.__class__:
            return _tile_key(self) < _tile_key(other)
        return NotImplemented

    def __le__(self, other: object) -> bool:
        if other.__class__ is self.__class__:
            return _tile_key(self) <= _tile_key(other)
        return NotImplemented

    def __gt__(self, other: object) -> bool:
        if other.__class__ is self.__class__:
            return _tile_key(self) > _tile_key(other)
        return NotImplemented

    def __ge__(self, other: object) -> bool:
        if other.__class__ is self.__class__:
            return _tile_key(self) >= _tile_key(other)
        return NotImplemented

    def __reduce__(self) -> tuple[type[Tile], tuple[Any, ...]]:
        return rebuilt(self)

    def __post_init__(self) -> None:
        if not 0 <= self.kind < KIND_COUNT:
            raise NotationError(f"tile kind {self.kind} is outside 0..33")
        if self.red and self.kind not in RED_CLASS:
            raise NotationError(f"only fives can be red, not {kind_name(self.kind)}")

    @property
    def name(self) -> str:
        """The tile in notation, `0p` for a red five."""
        return f"0{SUITS[self.kind // 9]}" if self.red else kind_name(self.kind)

    @property
    def detector_class(self) -> int:
        """The detector class id of ARCHITECTURE.md (0..36)."""
        return RED_CLASS[self.kind] if self.red else self.kind

    def __str__(self) -> str:
        return self.name


def _tile_key(t: object) -> tuple[int, bool]:
    """(kind, red) of a Tile: the tuple its equality, hash and order use."""
    tile = cast(Tile, t)
    return tile.kind, tile.red


_PLAIN: Final = tuple(Tile(k) for k in range(KIND_COUNT))
_RED: Final = {k: Tile(k, True) for k in RED_CLASS}


def tile(kind: int, red: bool = False) -> Tile:
    """The shared Tile instance for a kind and red flag."""
    if red:
        if kind not in _RED:
            raise NotationError(f"only fives can be red, not {kind_name(kind)}")
        return _RED[kind]
    if not 0 <= kind < KIND_COUNT:
        raise NotationError(f"tile kind {kind} is outside 0..33")
    return _PLAIN[kind]


def tile_from_class(class_id: int) -> Tile:
    """The tile for a detector class id 0..36 (37, the face-down back, has no tile)."""
    if 0 <= class_id < KIND_COUNT:
        return _PLAIN[class_id]
    for kind, cid in RED_CLASS.items():
        if cid == class_id:
            return _RED[kind]
    raise NotationError(f"detector class {class_id} is not a face-up tile (expected 0..36)")


def kind_name(kind: int) -> str:
    """`kind_name(9) == '1p'`."""
    if not 0 <= kind < KIND_COUNT:
        raise NotationError(f"tile kind {kind} is outside 0..33")
    return f"{kind % 9 + 1}{SUITS[kind // 9]}"


def parse_tiles(text: str) -> list[Tile]:
    """Parse notation into tiles, in the order written.

    Spaces are allowed between groups. Raises NotationError naming the bad string and why.
    Valid notation is read by one loop over the characters; anything else goes the checking way, which
    names the first problem.
    """
    found = _parse_valid(text)
    return found if found is not None else _parse_slowly(text)


def _parse_valid(text: str) -> list[Tile] | None:
    """Valid notation's tiles by one loop over the characters (compiled, a C loop over code points); None
    for anything else (`_parse_slowly` then names the problem). Whitespace is skipped anywhere, as in
    `parse_tiles`; a group is ASCII digits and its suit letter, 1..7 only before z."""
    tiles: list[Tile] = []
    digits: list[int] = []
    for ch in text:
        c = ord(ch)
        if 48 <= c <= 57:  # 0..9
            digits.append(c - 48)
            continue
        if c == 109:  # m
            base = 0
        elif c == 112:  # p
            base = 9
        elif c == 115:  # s
            base = 18
        elif c == 122:  # z
            base = 27
        elif ch.isspace():
            continue
        else:
            return None
        if not digits:
            return None
        for n in digits:
            if n == 0:
                if base == 27:
                    return None
                tiles.append(_RED[base + 4])
            elif base == 27 and n > 7:
                return None
            else:
                tiles.append(_PLAIN[base + n - 1])
        digits.clear()
    return None if digits else tiles


_TILES_OF: Final[dict[str, tuple[Tile, ...]]] = {}


def tiles_of(text: str) -> tuple[Tile, ...]:
    """`parse_tiles` as a tuple, remembered per string (a batch names the same dora, winning tiles and short
    strings again and again; bounded: cleared when full). Raises NotationError as `parse_tiles` does."""
    found = _TILES_OF.get(text)
    if found is None:
        found = tuple(parse_tiles(text))
        if len(_TILES_OF) >= 8192:
            _TILES_OF.clear()
        _TILES_OF[text] = found
    return found


def _parse_slowly(text: str) -> list[Tile]:
    tiles: list[Tile] = []
    pending: list[str] = []
    for ch in text:
        if ch.isspace():
            continue
        if ch in "0123456789":
            pending.append(ch)
        elif ch in SUITS:
            if not pending:
                raise NotationError(f"bad tile string {text!r}: suit letter '{ch}' has no digits before it")
            suit = SUITS.index(ch)
            for d in pending:
                n = int(d)
                if ch == "z" and not 1 <= n <= 7:
                    raise NotationError(f"bad tile string {text!r}: '{d}z' is not an honor (1z..7z)")
                if n == 0:
                    tiles.append(_RED[suit * 9 + 4])
                else:
                    tiles.append(_PLAIN[suit * 9 + n - 1])
            pending.clear()
        else:
            raise NotationError(
                f"bad tile string {text!r}: unknown character {ch!r} (expected digits and m/p/s/z)"
            )
    if pending:
        raise NotationError(f"bad tile string {text!r}: digits {''.join(pending)!r} have no suit letter")
    return tiles


def parse_tile(text: str) -> Tile:
    """Parse exactly one tile, e.g. `6s` or `0m`."""
    tiles = parse_tiles(text)
    if len(tiles) != 1:
        raise NotationError(f"bad tile {text!r}: expected exactly one tile, got {len(tiles)}")
    return tiles[0]


def to_notation(tiles: Iterable[Tile]) -> str:
    """Print tiles sorted in the usual notation; a red five sorts as the five it is, printed `0`."""
    groups: list[list[str]] = [[], [], [], []]
    for t in sorted(tiles, key=lambda t: (t.kind, not t.red)):
        groups[t.kind // 9].append("0" if t.red else str(t.kind % 9 + 1))
    return "".join("".join(g) + SUITS[i] for i, g in enumerate(groups) if g)


def kinds_to_notation(kinds: Iterable[int]) -> str:
    """Print plain kinds (no red flags) in notation."""
    return to_notation(_PLAIN[k] for k in kinds)


def counts34(tiles: Iterable[Tile]) -> list[int]:
    """A 34-entry count list of the tiles' kinds."""
    counts = [0] * KIND_COUNT
    for t in tiles:
        counts[t.kind] += 1
    return counts


def check_copies(groups: Sequence[Iterable[Tile]], red_fives: Sequence[int] = (1, 1, 1)) -> None:
    """Raise TileCountError if the tiles of all groups together hold a fifth copy of a kind.

    `groups` are the hand, meld tiles, the winning tile and the dora indicators, each as its own iterable.
    `red_fives` is how many red fives of man, pin and sou the set holds (the preset's).
    """
    counts = [0] * KIND_COUNT
    reds = [0, 0, 0]
    for group in groups:
        for t in group:
            counts[t.kind] += 1
            if t.red:
                reds[t.kind // 9] += 1
    for kind, n in enumerate(counts):
        if n > COPIES:
            raise TileCountError(f"{n} copies of {kind_name(kind)} (a set holds {COPIES})")
    for suit, n in enumerate(reds):
        if n > red_fives[suit]:
            raise TileCountError(f"{n} red fives 0{SUITS[suit]} (this rule set has {red_fives[suit]})")


def wind_kind(wind: str) -> int:
    """The kind of a wind letter: `wind_kind('E') == 27`."""
    if wind not in WIND_LETTERS or len(wind) != 1:
        raise NotationError(f"bad wind {wind!r}: expected one of E, S, W, N")
    return 27 + WIND_LETTERS.index(wind)


def dora_from_indicator(kind: int) -> int:
    """The dora kind an indicator points at (9 -> 1 in a suit, N -> E, Red -> White)."""
    if kind < 27:
        return kind - kind % 9 + (kind % 9 + 1) % 9
    if kind < 31:
        return 27 + (kind - 27 + 1) % 4
    return 31 + (kind - 31 + 1) % 3

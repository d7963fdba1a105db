"""Called and declared sets (melds): chi, pon, kan (open), ankan (concealed), kakan (added to a pon).

`from_seat` is the relative seat the tile was called from (1 = shimocha, 2 = toimen, 3 = kamicha,
ARCHITECTURE.md);
an ankan has none. A kakan keeps the seat its pon was called from.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Final, Literal

from riichi_table.engine.errors import TileCountError
from riichi_table.engine.frozen_build import FieldRecord
from riichi_table.engine.tiles import Tile, parse_tiles, tile, to_notation

MeldKind = Literal["chi", "pon", "kan", "ankan", "kakan"]
MELD_KINDS: Final[tuple[MeldKind, ...]] = ("chi", "pon", "kan", "ankan", "kakan")


# init written out, repr, eq and hash from FieldRecord: dataclasses would make them from source text at
# every start (docs/engine.md, batch start-up); tests/engine/test_written_dataclass_methods.py compares them.
@dataclass(frozen=True, slots=True, init=False, repr=False, eq=False)
class Meld(FieldRecord):
    """One called or declared set; `tiles` are all its tiles (four for a kan), red fives included."""

    kind: MeldKind
    tiles: tuple[Tile, ...]
    from_seat: int | None = None

    def __init__(self, kind: MeldKind, tiles: tuple[Tile, ...], from_seat: int | None = None) -> None:
        object.__setattr__(self, "kind", kind)
        object.__setattr__(self, "tiles", tiles)
        object.__setattr__(self, "from_seat", from_seat)
        self.__post_init__()

    def __post_init__(self) -> None:
        kinds = sorted(t.kind for t in self.tiles)
        size = 3 if self.kind in ("chi", "pon") else 4
        if len(kinds) != size:
            raise TileCountError(
                f"a {self.kind} has {size} tiles, not {len(kinds)} ({to_notation(self.tiles)!r})"
            )
        if self.kind == "chi":
            first = kinds[0]
            if first >= 27 or first % 9 > 6 or kinds != [first, first + 1, first + 2]:
                raise TileCountError(
                    f"a chi is three consecutive tiles of one suit, not {to_notation(self.tiles)!r}"
                )
        elif len(set(kinds)) != 1:
            raise TileCountError(f"a {self.kind} is {size} identical tiles, not {to_notation(self.tiles)!r}")
        if self.kind == "ankan":
            if self.from_seat is not None:
                raise TileCountError("an ankan is not called from anyone: leave 'from' out")
        elif self.from_seat not in (1, 2, 3):
            raise TileCountError(
                f"a {self.kind} needs 'from' 1, 2 or 3 (relative seat), not {self.from_seat!r}"
            )
        elif self.kind == "chi" and self.from_seat != 3:
            raise TileCountError(f"a chi is called from kamicha (from 3), not from {self.from_seat}")

    @property
    def first_kind(self) -> int:
        """The lowest kind in the set (the kind of a pon or kan)."""
        return min([t.kind for t in self.tiles])

    @property
    def is_open(self) -> bool:
        """Every meld but an ankan opens the hand."""
        return self.kind != "ankan"

    @property
    def is_kan(self) -> bool:
        return self.kind in ("kan", "ankan", "kakan")

    def to_json(self) -> dict[str, object]:
        out: dict[str, object] = {"kind": self.kind, "tiles": to_notation(self.tiles)}
        if self.from_seat is not None:
            out["from"] = self.from_seat
        return out


def meld_from_json(obj: object) -> Meld:
    """A meld from `{"kind": "pon", "tiles": "555m", "from": 2}`; raises an EngineError naming the problem."""
    if not isinstance(obj, Mapping):
        raise TileCountError(f"bad meld {obj!r}: expected an object with 'kind', 'tiles' and 'from'")
    kind = obj.get("kind")
    if kind not in MELD_KINDS:
        raise TileCountError(f"bad meld kind {kind!r}: expected one of {', '.join(MELD_KINDS)}")
    tiles = obj.get("tiles")
    if not isinstance(tiles, str):
        raise TileCountError(f"bad meld tiles {tiles!r}: expected a tile string such as '555m'")
    seat = obj.get("from")
    if seat is not None and (not isinstance(seat, int) or isinstance(seat, bool)):
        raise TileCountError(f"bad meld 'from' {seat!r}: expected 1, 2 or 3")
    parsed = tuple(parse_tiles(tiles))
    if kind in ("kan", "ankan", "kakan") and len(parsed) == 3 and len({t.kind for t in parsed}) == 1:
        parsed = (*parsed, tile(parsed[0].kind))  # "555m" for a kan is read as its four tiles
    return Meld(kind, parsed, seat)

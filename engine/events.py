"""Game events in the style of the mjai protocol, one frozen dataclass per event type.

Every event round-trips to one JSON object (a JSON line): `event_from_json(e.to_json()) == e`.
Fields and names follow mjai (`type`, `actor`, `target`, `pai`, `consumed`, `tsumogiri`, `dora_marker`,
`tehais`, ...), so a game written with `engine.export` loads in the ecosystem's mjai tools. Seats (`actor`,
`target`, `oya`) are the physical chairs 0..3 of ARCHITECTURE.md; `actor` is who acts, `target` whom a
call or ron takes from.

Tiles are mjai names (strings): `1m`..`9m`, `1p`..`9p`, `1s`..`9s`, a red five `5mr`/`5pr`/`5sr`, honors
`E S W N` (winds) and `P F C` (white, green, red dragon), and `?` for a tile nobody has seen (a hidden hand or
draw). `pai_to_tile` / `tile_to_pai` convert to and from `engine.tiles.Tile`.

Beyond mjai, a physical table needs three more events: `reveal` (a hand laid open at a win or an exhaustive
draw), `declare` (a person's answer the camera cannot see: tsumo or ron and from whom, tenpai or noten,
nine terminals) and `chombo` (a penalty).

>>> e = Dahai(actor=1, pai="5pr", tsumogiri=True)
>>> event_from_json(e.to_json()) == e
True
"""

from __future__ import annotations

import json
import types
import typing
from dataclasses import MISSING, dataclass, field, fields
from typing import Any, ClassVar, Literal

from riichi_table.engine.errors import EngineError
from riichi_table.engine.tiles import Tile, tile

HONOR_PAI = ("E", "S", "W", "N", "P", "F", "C")
UNKNOWN_PAI = "?"
WINDS_PAI = ("E", "S", "W", "N")


class EventError(EngineError):
    """A malformed event: unknown type, missing or mistyped field, bad tile name or seat."""


def pai_to_tile(pai: str) -> Tile:
    """The Tile of an mjai tile name: `pai_to_tile('5mr') == Tile(4, red=True)`, `pai_to_tile('P')` is 5z."""
    if pai in HONOR_PAI:
        return tile(27 + HONOR_PAI.index(pai))
    if len(pai) in (2, 3) and pai[0] in "123456789" and pai[1] in "mps":
        suit = "mps".index(pai[1])
        n = int(pai[0])
        if len(pai) == 2:
            return tile(suit * 9 + n - 1)
        if pai[2] == "r" and n == 5:
            return tile(suit * 9 + 4, red=True)
    raise EventError(f"bad tile name {pai!r}: expected mjai names like 1m..9s, 5mr, E S W N P F C")


def tile_to_pai(t: Tile) -> str:
    """The mjai name of a tile: red fives get an `r` (`5pr`), honors are letters."""
    if t.kind >= 27:
        return HONOR_PAI[t.kind - 27]
    name = f"{t.kind % 9 + 1}{'mps'[t.kind // 9]}"
    return name + "r" if t.red else name


def is_pai(pai: str, unknown_ok: bool = False) -> bool:
    """Whether `pai` is an mjai tile name (or `?` when `unknown_ok`)."""
    if unknown_ok and pai == UNKNOWN_PAI:
        return True
    try:
        pai_to_tile(pai)
    except EventError:
        return False
    return True


def _check_seat(event: str, name: str, value: int) -> None:
    if not 0 <= value <= 3:
        raise EventError(f"{event}: {name} {value} is not a seat (expected 0..3)")


def _check_pai(event: str, name: str, value: str, unknown_ok: bool = False) -> None:
    if not is_pai(value, unknown_ok):
        extra = " or ?" if unknown_ok else ""
        raise EventError(
            f"{event}: {name} {value!r} is not a tile name (expected 1m..9s, 5mr, E S W N P F C{extra})"
        )


def _check_tiles(event: str, name: str, values: tuple[str, ...], sizes: tuple[int, ...]) -> None:
    if sizes and len(values) not in sizes:
        raise EventError(f"{event}: {name} has {len(values)} tiles, expected {' or '.join(map(str, sizes))}")
    for v in values:
        _check_pai(event, name, v)


def _check_four(event: str, name: str, values: tuple[Any, ...] | None) -> None:
    if values is not None and len(values) != 4:
        raise EventError(f"{event}: {name} must list 4 seats, got {len(values)}")


class _Base:
    """Shared JSON conversion; subclasses are frozen dataclasses with a `TYPE` class constant."""

    __slots__ = ()
    TYPE: ClassVar[str] = ""

    def to_json(self) -> dict[str, Any]:
        """The event as a JSON-able dict, `type` first; optional fields left at None are omitted."""
        out: dict[str, Any] = {"type": self.TYPE}
        for f in fields(self):  # type: ignore[arg-type]
            value = getattr(self, f.name)
            if value is None:
                continue
            out[f.name] = _to_plain(value)
        return out

    def to_line(self) -> str:
        """The event as one compact JSON line (no newline)."""
        return json.dumps(self.to_json(), ensure_ascii=False, separators=(",", ":"))


def _to_plain(value: Any) -> Any:
    if isinstance(value, tuple):
        return [_to_plain(v) for v in value]
    return value


@dataclass(frozen=True, slots=True)
class StartGame(_Base):
    """The game begins; `names` are the players in chair order 0..3."""

    TYPE: ClassVar[str] = "start_game"
    names: tuple[str, str, str, str] = ("0", "1", "2", "3")

    def __post_init__(self) -> None:
        _check_four(self.TYPE, "names", self.names)


@dataclass(frozen=True, slots=True)
class StartKyoku(_Base):
    """A hand begins. `kyoku` is 1..4 within the round wind `bakaze`; `oya` the dealer's chair.

    `tehais` are the four starting hands (13 tiles each, `?` where not seen); `scores` may be left out on a
    physical table, where the game state knows them.
    """

    TYPE: ClassVar[str] = "start_kyoku"
    bakaze: str
    kyoku: int
    honba: int
    kyotaku: int
    oya: int
    dora_marker: str
    scores: tuple[int, int, int, int] | None = None
    tehais: tuple[tuple[str, ...], ...] = field(default=((UNKNOWN_PAI,) * 13,) * 4)

    def __post_init__(self) -> None:
        if self.bakaze not in WINDS_PAI:
            raise EventError(f"start_kyoku: bakaze {self.bakaze!r} is not a wind (expected E, S, W or N)")
        if not 1 <= self.kyoku <= 4:
            raise EventError(f"start_kyoku: kyoku {self.kyoku} is outside 1..4")
        if self.honba < 0 or self.kyotaku < 0:
            raise EventError("start_kyoku: honba and kyotaku must not be negative")
        _check_seat(self.TYPE, "oya", self.oya)
        _check_pai(self.TYPE, "dora_marker", self.dora_marker)
        _check_four(self.TYPE, "scores", self.scores)
        _check_four(self.TYPE, "tehais", self.tehais)
        for hand in self.tehais:
            if len(hand) != 13:
                raise EventError(f"start_kyoku: a starting hand has {len(hand)} tiles, expected 13")
            for p in hand:
                _check_pai(self.TYPE, "tehais", p, unknown_ok=True)


@dataclass(frozen=True, slots=True)
class Tsumo(_Base):
    """`actor` draws `pai` from the wall (or the dead wall after a kan); `?` when unseen."""

    TYPE: ClassVar[str] = "tsumo"
    actor: int
    pai: str = UNKNOWN_PAI

    def __post_init__(self) -> None:
        _check_seat(self.TYPE, "actor", self.actor)
        _check_pai(self.TYPE, "pai", self.pai, unknown_ok=True)


@dataclass(frozen=True, slots=True)
class Dahai(_Base):
    """`actor` discards `pai`; `tsumogiri` when it is the tile just drawn."""

    TYPE: ClassVar[str] = "dahai"
    actor: int
    pai: str
    tsumogiri: bool = False

    def __post_init__(self) -> None:
        _check_seat(self.TYPE, "actor", self.actor)
        _check_pai(self.TYPE, "pai", self.pai)


@dataclass(frozen=True, slots=True)
class Reach(_Base):
    """`actor` declares riichi; the next dahai is the riichi discard (turned sideways)."""

    TYPE: ClassVar[str] = "reach"
    actor: int

    def __post_init__(self) -> None:
        _check_seat(self.TYPE, "actor", self.actor)


@dataclass(frozen=True, slots=True)
class ReachAccepted(_Base):
    """The riichi discard passed without a ron: the 1000-point stick goes on the table."""

    TYPE: ClassVar[str] = "reach_accepted"
    actor: int
    deltas: tuple[int, int, int, int] | None = None
    scores: tuple[int, int, int, int] | None = None

    def __post_init__(self) -> None:
        _check_seat(self.TYPE, "actor", self.actor)
        _check_four(self.TYPE, "deltas", self.deltas)
        _check_four(self.TYPE, "scores", self.scores)


@dataclass(frozen=True, slots=True)
class _Call(_Base):
    actor: int
    target: int
    pai: str
    consumed: tuple[str, ...]

    def _check_call(self, sizes: tuple[int, ...]) -> None:
        _check_seat(self.TYPE, "actor", self.actor)
        _check_seat(self.TYPE, "target", self.target)
        if self.actor == self.target:
            raise EventError(f"{self.TYPE}: actor {self.actor} cannot call their own discard")
        _check_pai(self.TYPE, "pai", self.pai)
        _check_tiles(self.TYPE, "consumed", self.consumed, sizes)


@dataclass(frozen=True, slots=True)
class Chi(_Call):
    """`actor` calls `pai` from `target` (must be kamicha) with the two `consumed` tiles from hand."""

    TYPE: ClassVar[str] = "chi"

    def __post_init__(self) -> None:
        self._check_call((2,))


@dataclass(frozen=True, slots=True)
class Pon(_Call):
    """`actor` calls `pai` from `target` with two matching `consumed` tiles."""

    TYPE: ClassVar[str] = "pon"

    def __post_init__(self) -> None:
        self._check_call((2,))


@dataclass(frozen=True, slots=True)
class Daiminkan(_Call):
    """`actor` calls `pai` from `target` for an open kan with three `consumed` tiles."""

    TYPE: ClassVar[str] = "daiminkan"

    def __post_init__(self) -> None:
        self._check_call((3,))


@dataclass(frozen=True, slots=True)
class Kakan(_Base):
    """`actor` adds `pai` to their pon of the three `consumed` tiles (an added kan, can be robbed)."""

    TYPE: ClassVar[str] = "kakan"
    actor: int
    pai: str
    consumed: tuple[str, ...]

    def __post_init__(self) -> None:
        _check_seat(self.TYPE, "actor", self.actor)
        _check_pai(self.TYPE, "pai", self.pai)
        _check_tiles(self.TYPE, "consumed", self.consumed, (3,))


@dataclass(frozen=True, slots=True)
class Ankan(_Base):
    """`actor` declares a concealed kan of the four `consumed` tiles."""

    TYPE: ClassVar[str] = "ankan"
    actor: int
    consumed: tuple[str, ...]

    def __post_init__(self) -> None:
        _check_seat(self.TYPE, "actor", self.actor)
        _check_tiles(self.TYPE, "consumed", self.consumed, (4,))


@dataclass(frozen=True, slots=True)
class Dora(_Base):
    """A new (kan) dora indicator is turned over."""

    TYPE: ClassVar[str] = "dora"
    dora_marker: str

    def __post_init__(self) -> None:
        _check_pai(self.TYPE, "dora_marker", self.dora_marker)


@dataclass(frozen=True, slots=True)
class Hora(_Base):
    """`actor` wins on `pai`: tsumo when `target == actor`, else ron on `target`'s discard (or kakan).

    The score fields (`yakus` as [name, han], `fu`, `fan`, `hora_points`, `deltas`, `scores`) are optional: a
    log from an mjai engine carries them, a physical table leaves them out and the game scores the hand from
    `hora_tehais` (the concealed tiles without `pai`) or from the actor's last `reveal`.
    """

    TYPE: ClassVar[str] = "hora"
    actor: int
    target: int
    pai: str
    uradora_markers: tuple[str, ...] | None = None
    hora_tehais: tuple[str, ...] | None = None
    yakus: tuple[tuple[str, int], ...] | None = None
    fu: int | None = None
    fan: int | None = None
    hora_points: int | None = None
    deltas: tuple[int, int, int, int] | None = None
    scores: tuple[int, int, int, int] | None = None

    def __post_init__(self) -> None:
        _check_seat(self.TYPE, "actor", self.actor)
        _check_seat(self.TYPE, "target", self.target)
        _check_pai(self.TYPE, "pai", self.pai)
        if self.uradora_markers is not None:
            _check_tiles(self.TYPE, "uradora_markers", self.uradora_markers, ())
        if self.hora_tehais is not None:
            _check_tiles(self.TYPE, "hora_tehais", self.hora_tehais, (1, 4, 7, 10, 13))
        _check_four(self.TYPE, "deltas", self.deltas)
        _check_four(self.TYPE, "scores", self.scores)

    @property
    def is_tsumo(self) -> bool:
        """Whether the win is by self-draw."""
        return self.actor == self.target


RyukyokuReason = Literal["fanpai", "yao9", "kaze4", "reach4", "kan4", "ron3", "nagashi"]
RYUKYOKU_REASONS: tuple[str, ...] = typing.get_args(RyukyokuReason)


@dataclass(frozen=True, slots=True)
class Ryukyoku(_Base):
    """The hand ends without a winner.

    `reason` is mjai's: `fanpai` exhaustive draw, `yao9` nine terminals (seed 001), `kaze4` four winds (seed
    003), `reach4` four riichi, `kan4` four kans, `ron3` three rons (seed 001). `tenpais` says who showed a
    ready hand at an exhaustive draw; `tehais` the hands shown (empty where not shown).
    """

    TYPE: ClassVar[str] = "ryukyoku"
    reason: str = "fanpai"
    tenpais: tuple[bool, bool, bool, bool] | None = None
    tehais: tuple[tuple[str, ...], ...] | None = None
    deltas: tuple[int, int, int, int] | None = None
    scores: tuple[int, int, int, int] | None = None

    def __post_init__(self) -> None:
        if self.reason not in RYUKYOKU_REASONS:
            raise EventError(f"ryukyoku: reason {self.reason!r} is not one of {', '.join(RYUKYOKU_REASONS)}")
        _check_four(self.TYPE, "tenpais", self.tenpais)
        _check_four(self.TYPE, "tehais", self.tehais)
        for hand in self.tehais or ():
            _check_tiles(self.TYPE, "tehais", hand, ())
        _check_four(self.TYPE, "deltas", self.deltas)
        _check_four(self.TYPE, "scores", self.scores)


@dataclass(frozen=True, slots=True)
class EndKyoku(_Base):
    """The hand is over (after its hora or ryukyoku events)."""

    TYPE: ClassVar[str] = "end_kyoku"


@dataclass(frozen=True, slots=True)
class EndGame(_Base):
    """The game is over; `scores` are the final scores by chair."""

    TYPE: ClassVar[str] = "end_game"
    scores: tuple[int, int, int, int] | None = None

    def __post_init__(self) -> None:
        _check_four(self.TYPE, "scores", self.scores)


@dataclass(frozen=True, slots=True)
class Reveal(_Base):
    """riichi-table extra: `actor` lays their concealed tiles `tehai` open (at a win or exhaustive draw).

    At a win `tehai` includes the winning tile (14, 11, 8, 5 or 2 tiles); at a draw it is the hand.
    """

    TYPE: ClassVar[str] = "reveal"
    actor: int
    tehai: tuple[str, ...]

    def __post_init__(self) -> None:
        _check_seat(self.TYPE, "actor", self.actor)
        _check_tiles(self.TYPE, "tehai", self.tehai, (1, 2, 4, 5, 7, 8, 10, 11, 13, 14))


DeclareCall = Literal["tsumo", "ron", "tenpai", "noten", "kyushu"]
DECLARE_CALLS: tuple[str, ...] = typing.get_args(DeclareCall)


@dataclass(frozen=True, slots=True)
class Declare(_Base):
    """riichi-table extra: a person's answer the camera cannot see.

    `call` is `tsumo`, `ron` (from `target`), `tenpai` or `noten` at an exhaustive draw, or `kyushu` (the
    nine-terminals abortive draw, seed 001).
    """

    TYPE: ClassVar[str] = "declare"
    actor: int
    call: str
    target: int | None = None

    def __post_init__(self) -> None:
        _check_seat(self.TYPE, "actor", self.actor)
        if self.call not in DECLARE_CALLS:
            raise EventError(f"declare: call {self.call!r} is not one of {', '.join(DECLARE_CALLS)}")
        if self.call == "ron":
            if self.target is None:
                raise EventError("declare: a ron needs a target (the discarder's seat)")
            _check_seat(self.TYPE, "target", self.target)
            if self.target == self.actor:
                raise EventError("declare: a ron cannot be on your own discard")
        elif self.target is not None:
            raise EventError(f"declare: {self.call} takes no target")


@dataclass(frozen=True, slots=True)
class Chombo(_Base):
    """riichi-table extra: `actor` committed chombo (a false win, an illegal riichi...); the hand is redealt.

    `deltas` may carry the payments; when absent the game charges them by the preset.
    """

    TYPE: ClassVar[str] = "chombo"
    actor: int
    reason: str = ""
    deltas: tuple[int, int, int, int] | None = None

    def __post_init__(self) -> None:
        _check_seat(self.TYPE, "actor", self.actor)
        _check_four(self.TYPE, "deltas", self.deltas)


Event = (
    StartGame
    | StartKyoku
    | Tsumo
    | Dahai
    | Reach
    | ReachAccepted
    | Chi
    | Pon
    | Daiminkan
    | Kakan
    | Ankan
    | Dora
    | Hora
    | Ryukyoku
    | EndKyoku
    | EndGame
    | Reveal
    | Declare
    | Chombo
)

EVENT_TYPES: dict[str, type[Any]] = {cls.TYPE: cls for cls in typing.get_args(Event)}


def event_from_json(data: dict[str, Any] | str) -> Event:
    """Build an event from a JSON object or one JSON line; raise EventError naming what is wrong.

    Unknown keys are ignored (mjai logs carry extras such as `id`); missing required keys, wrong types, bad
    tile names and seats outside 0..3 are errors.
    """
    if isinstance(data, str):
        try:
            data = json.loads(data)
        except json.JSONDecodeError as exc:
            raise EventError(f"event line is not JSON: {exc.msg} at column {exc.colno}") from None
    if not isinstance(data, dict):
        raise EventError(f"an event must be a JSON object, got {type(data).__name__}")
    kind = data.get("type")
    cls = EVENT_TYPES.get(kind) if isinstance(kind, str) else None
    if cls is None or not isinstance(kind, str):
        raise EventError(f"unknown event type {kind!r} (expected one of {', '.join(EVENT_TYPES)})")
    hints = _hints(cls)
    kwargs: dict[str, Any] = {}
    for f in fields(cls):
        if f.name not in data:
            if f.default is MISSING and f.default_factory is MISSING:
                raise EventError(f"{kind}: missing field {f.name!r}")
            continue
        kwargs[f.name] = _coerce(kind, f.name, data[f.name], hints[f.name])
    event: Event = cls(**kwargs)
    return event


_HINTS_CACHE: dict[type[Any], dict[str, Any]] = {}


def _hints(cls: type[Any]) -> dict[str, Any]:
    if cls not in _HINTS_CACHE:
        _HINTS_CACHE[cls] = typing.get_type_hints(cls)
    return _HINTS_CACHE[cls]


def _coerce(kind: str, name: str, value: Any, hint: Any) -> Any:
    """Convert a JSON value to the field's annotated type (tuples for lists), or raise EventError."""
    origin = typing.get_origin(hint)
    args = typing.get_args(hint)
    if origin in (typing.Union, types.UnionType):
        if value is None and type(None) in args:
            return None
        inner = [a for a in args if a is not type(None)]
        return _coerce(kind, name, value, inner[0])
    if origin is tuple:
        if not isinstance(value, list | tuple):
            raise EventError(f"{kind}: field {name!r} must be a list, got {type(value).__name__}")
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(_coerce(kind, name, v, args[0]) for v in value)
        if len(value) != len(args):
            raise EventError(f"{kind}: field {name!r} must have {len(args)} items, got {len(value)}")
        return tuple(_coerce(kind, name, v, a) for v, a in zip(value, args, strict=True))
    if hint is bool:
        if not isinstance(value, bool):
            raise EventError(f"{kind}: field {name!r} must be true or false, got {value!r}")
        return value
    if hint is int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise EventError(f"{kind}: field {name!r} must be an integer, got {value!r}")
        return value
    if hint is str:
        if not isinstance(value, str):
            raise EventError(f"{kind}: field {name!r} must be a string, got {value!r}")
        return value
    raise AssertionError(f"no JSON conversion for {hint!r}")  # an event field of a type added without support

"""Rule presets: one frozen dataclass, five named presets, overridable field by field.

Each field's comment cites the seed (`../shared/seeds/NNN_*.txt`) and section that settles it; "common"
marks a value no seed states (the standard riichi value applies, seeds README). Presets are data, never
code paths: the scorer and the game read fields, they never test a preset's name.

>>> resolve_rules({"preset": "wrc", "red_fives": [1, 1, 1]}).red_fives
(1, 1, 1)
"""

from __future__ import annotations

import json
import types
import typing
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, fields, replace
from operator import attrgetter
from typing import Any, Final, Literal

from riichi_table.engine.errors import RuleError
from riichi_table.engine.frozen_build import rebuilt
from riichi_table.engine.rules_key import RESOLVED, plain_key

AbortiveDraw = Literal["nine_terminals", "four_kans", "four_riichi", "triple_ron", "four_winds"]
Call = Literal["chi", "pon", "kan", "ron"]
DoubleYakumanHand = Literal["suuankou_tanki", "kokushi_13_wait", "junsei_chuuren", "daisuushii"]
LiabilityHand = Literal["daisangen", "daisuushii", "suukantsu"]
HandShape = Literal["regular", "chiitoitsu", "kokushi"]

ALL_ABORTIVE: Final[tuple[AbortiveDraw, ...]] = typing.get_args(AbortiveDraw)
ALL_DOUBLE_YAKUMAN: Final[tuple[DoubleYakumanHand, ...]] = typing.get_args(DoubleYakumanHand)
ALL_HAND_SHAPES: Final[tuple[HandShape, ...]] = typing.get_args(HandShape)


# A dataclass (fields, replace, field types) whose __init__, __repr__, __eq__ and __hash__ are written below
# rather than generated: dataclasses writes those as source text and compiles it at every start, about 3 %
# of a `riichi-table batch` start-up for these 67 fields. They behave as the generated ones do
# (tests/engine/test_rules_methods.py compares them).
@dataclass(frozen=True, slots=True, init=False, repr=False, eq=False)
class Rules:
    """Every rule choice the engine makes. Points are in the preset's own unit (beginner: tokens)."""

    name: str = "wrc"

    # --- table and game -------------------------------------------------------------------------------
    players: Literal[4, 3, 2] = 4  # 003 "A brief overview": also playable by two or three players
    starting_points: int = 30000  # common (WRC); 000 "Objectives": 20 for beginners
    # 002 3.1; 000 "Passing the Deal": one East round
    game_length: Literal["east", "east_south"] = "east_south"
    bust_ends_game: bool = False  # common (tenhou ends a game when a score drops below 0)
    # 002 3.1: the game is the East and South rounds, no more; the online convention (tenhou) plays on into
    # the next wind while nobody has this score after the last round (0 = never)
    extra_round_target: int = 0
    extra_winds: int = 1  # tenhou: an extension is at most one wind (West after South; never North)
    # tenhou: the game ends when the last dealer of the last round keeps the deal by a win (agari-yame) or by
    # tenpai at a draw (tenpai-yame) and is first with at least `extra_round_target`; 001 / 002 / 003 /
    # 000 say nothing of it, so the dealer plays on there (002 3.1: the deal stays with a winning East)
    agari_yame: bool = False
    tenpai_yame: bool = False
    # common (WRC); none of the seeds states uma
    uma: tuple[int, int, int, int] = (15000, 5000, -5000, -15000)
    oka: int = 0  # common; the bonus the first place takes (tenhou: (30000-25000)*4)
    return_points: int = 30000  # common; the score subtracted before uma (the "target")
    # 000 "Determining the winner": seat order from first dealer
    tie_break: Literal["seat_order", "split"] = "split"

    # --- dealer rotation and counters ---------------------------------------------------------------
    dealer_keeps_on_win: bool = True  # 001 "Dealer Rotation"; 000 "Passing the Deal"
    # 001 "Dealer Rotation"; 003 "Dealer Rotation"; 000 "If the hand was a Draw"
    dealer_keeps_on_tenpai: bool = True
    dealer_keeps_on_abortive: bool = True  # 001 "Dealer Rotation"; 003 "Abortive Draw"
    # 002 3.4.2: a counter after every exhaustive draw, also when the dealer rotates
    honba_on_draw: bool = True
    honba_on_dealer_win: bool = True  # 003 "Dealer Rotation": a stick each time the deal does not rotate
    honba_value: int = 300  # 003 "Dealer Rotation": 300 per stick (100 from each player on tsumo)
    riichi_deposit: int = 1000  # 001 "Riichi"; 002 3.3.14

    # --- payments ---------------------------------------------------------------------------------
    payment_mode: Literal["standard", "fixed"] = "standard"  # 000 "Scoring": fixed payments for beginners
    fixed_tsumo_from_dealer: int = 2  # 000 "Tsumo": the dealer (or everyone, to a dealer) pays 2
    fixed_tsumo_from_non_dealer: int = 1  # 000 "Tsumo": the others pay 1
    fixed_ron_dealer: int = 6  # 000 "Ron": discarder pays 6 to a dealer
    fixed_ron_non_dealer: int = 4  # 000 "Ron": discarder pays 4 to a non-dealer
    # 001 "Drawn Round"; 000 "Draws": noten players feed a pool
    noten_mode: Literal["split", "pool"] = "split"
    noten_payment: int = 3000  # 001 "Drawn Round and Noten Penalty"; 002 3.4.2
    noten_payment_three_player: int = 2000  # 003 "Exhaustive Draw": 2000 with three players
    noten_payment_two_player: int = 1000  # 003 "Exhaustive Draw": 1000 with two players
    noten_pool_per_player: int = 1  # 000 "Draws": each noten player puts 1 point into the pool
    multiple_ron: Literal["all", "head_bump"] = "all"  # 002 3.3.1 several winners; 001 "Head Bump"; 000 "Ron"
    # 002 3.3.14: the winner first in order after discarder
    sticks_to: Literal["first_winner"] = "first_winner"
    # honba on several rons: every winner is paid them (common: no seed says), or only the winner first in
    # order after the discarder, as the sticks (tenhou: the online-site convention)
    honba_to: Literal["each_winner", "first_winner"] = "each_winner"
    chombo: Literal["reverse_mangan", "points", "none"] = "points"  # common (WRC: 20000 off the final score)
    chombo_points: int = 20000  # common (WRC); used when chombo == "points"
    liability: tuple[LiabilityHand, ...] = ("daisangen", "daisuushii")  # 002 3.3.9

    # --- calls and referee --------------------------------------------------------------------------------
    calls: tuple[Call, ...] = ("chi", "pon", "kan", "ron")  # 000 "Make claims": only pon and ron
    kuikae: Literal["none", "chi", "chi_and_pon"] = "chi_and_pon"  # 001 "Kuikae" (chi); 002 3.3.2 (also pon)
    kuikae_suji: bool = True  # 001 "Kuikae": after 34+2 the 5 is also forbidden
    abortive_draws: tuple[AbortiveDraw, ...] = ()  # 002 3.4.3: none; 001 "Abortive Draw"; 003 "Abortive Draw"
    riichi_min_wall: int = 4  # 001 "Riichi"; 002 3.3.14: not with fewer than four tiles left
    riichi_needs_deposit: bool = False  # common (tenhou: no riichi below 1000 points)
    # 001 "Illegal Kan"
    riichi_kan: Literal["same_wait_and_sets", "same_wait", "never"] = "same_wait_and_sets"
    kokushi_robs_ankan: bool = True  # 002 3.3.7: a concealed kan can be robbed only for thirteen orphans
    last_tile_calls: bool = False  # 002 3.4.1: the last tile only for a win
    max_kans: int = 4  # 002 3.3.10: no fifth kan

    # --- yaku and scoring ----------------------------------------------------------------------------
    yaku_required: bool = True  # 002 3.2; 000 "Complete hand": beginners need no yaku
    # 001 yaku table: seven pairs, thirteen orphans are wins; 000 "Complete hand": four sets and a pair only
    hand_shapes: tuple[HandShape, ...] = ALL_HAND_SHAPES
    red_fives: tuple[int, int, int] = (0, 0, 0)  # 002 1.3: no red fives in competition; man, pin, sou
    open_tanyao: bool = True  # 001 table: tanyao open 1
    kan_dora: bool = True  # 002 2.7 / 3.3.5
    ura_dora: bool = True  # 002 3.3.14
    kan_ura_dora: bool = True  # 002 3.3.14: also under kan dora indicators
    ippatsu: bool = True  # 002 3.3.14; 001 table
    open_riichi: bool = False  # 001 table: open riichi 2 han
    nagashi_mangan: bool = False  # 001 table: nagashi mangan
    renhou_han: int = 0  # 001 table: renhou 5 (mangan); 0 = not a yaku, 13 = yakuman
    # 001 yaku table, "After a Kan (Rinchan kaihou): Win on the kan replacement tile draw or discard": read
    # literally, a ron on the discard that follows a kan's replacement draw also counts (the older rule,
    # uspml); 002 / 003 and the online rules count only the tsumo on the replacement tile
    rinshan_on_kan_discard: bool = False
    double_wind_pair_fu: int = 4  # 001 fu table garbled; common 4 (2 for each wind); WRC 2
    kiriage_mangan: bool = False  # common option: 4 han 30 fu and 3 han 60 fu become mangan
    counted_yakuman: bool = False  # 001 table "Yakuman (13+ Han)"; WRC caps counted han at sanbaiman
    multiple_yakuman: bool = False  # common: several yakuman in one hand add up
    double_yakuman_hands: tuple[DoubleYakumanHand, ...] = ()  # common: these count as two yakuman
    # True counts the 2 tsumo fu on a pinfu tsumo (30 fu); 001 fu table "Pinfu ... Concealed Tsumo 20": False
    pinfu_tsumo_fu: bool = False
    open_pinfu_ron_fu: int = 30  # 001 fu table: open pinfu shape 22 -> 30 on ron

    # --- game end (appended by engine-game) ------------------------------------------------------------
    # common (no seed says; WRC and tenhou practice): riichi sticks still on the table when the game ends go
    # to first place ("first"), or stay unclaimed ("table"); 000 "Draws" only says the next winner takes them
    leftover_sticks: Literal["first", "table"] = "first"
    # before uma and oka each final score is rounded: "none" (common; no seed rounds), or to the nearest 1,000
    # with halves away from zero ("thousand": the online-site convention, tenhou)
    final_rounding: Literal["none", "thousand"] = "none"

    def __init__(self, *values: Any, **changes: Any) -> None:
        """Every field by position (in field order) or by name, as the generated `__init__` takes them."""
        if len(values) > len(_DEFAULTS):
            raise TypeError(
                f"Rules.__init__() takes from 1 to {len(_DEFAULTS) + 1} positional arguments but "
                f"{len(values) + 1} were given"
            )
        set_field = object.__setattr__
        for i, (name, default) in enumerate(_DEFAULTS):
            if i < len(values):
                if name in changes:
                    raise TypeError(f"Rules.__init__() got multiple values for argument {name!r}")
                set_field(self, name, values[i])
            else:
                set_field(self, name, changes.pop(name, default))
        if changes:
            raise TypeError(f"Rules.__init__() got an unexpected keyword argument {next(iter(changes))!r}")

    def __repr__(self) -> str:
        shown = ", ".join(
            [f"{name}={value!r}" for (name, _), value in zip(_DEFAULTS, _values(self), strict=True)]
        )
        return f"{type(self).__qualname__}({shown})"

    def __eq__(self, other: object) -> bool:
        if other.__class__ is self.__class__:
            return bool(_values(self) == _values(other))
        return NotImplemented

    def __hash__(self) -> int:
        return hash(_values(self))

    def __reduce__(self) -> tuple[type[Rules], tuple[Any, ...]]:
        return rebuilt(self)

    @property
    def red_five_total(self) -> int:
        return sum(self.red_fives)

    def to_json(self) -> dict[str, object]:
        """The rules as a JSON-able dict (tuples become lists)."""
        out: dict[str, object] = {}
        for f in fields(self):
            value = getattr(self, f.name)
            out[f.name] = list(value) if isinstance(value, tuple) else value
        return out


# (name, default) of every field in order, and the tuple of an instance's field values in that order (the
# tuple the generated __eq__ compares and __hash__ hashes)
_DEFAULTS: Final[tuple[tuple[str, object], ...]] = tuple([(f.name, f.default) for f in fields(Rules)])
_values: Final = attrgetter(*[name for name, _ in _DEFAULTS])

_WRC: Final = Rules()

PRESETS: Final[dict[str, Rules]] = {
    # 002 and 004: competition rules.
    "wrc": _WRC,
    # 001: North American league rules.
    "uspml": replace(
        _WRC,
        name="uspml",
        tie_break="split",
        multiple_ron="head_bump",  # 001 "Head Bump"
        kuikae="chi",  # 001 "Kuikae" names chi only
        abortive_draws=("nine_terminals", "four_kans", "four_riichi", "triple_ron"),  # 001 "Abortive Draw"
        honba_on_draw=True,
        chombo="reverse_mangan",
        open_riichi=True,  # 001 table
        nagashi_mangan=True,  # 001 table
        renhou_han=5,  # 001 table: renhou 5 han
        rinshan_on_kan_discard=True,  # 001 table: "Win on the kan replacement tile draw or discard"
        counted_yakuman=True,  # 001 points table "Yakuman (13+ Han)"
        double_wind_pair_fu=4,
    ),
    # 003: an online site's rules (also three- and two-player).
    "online": replace(
        _WRC,
        name="online",
        starting_points=25000,
        uma=(20000, 10000, -10000, -20000),
        oka=20000,
        return_points=30000,
        tie_break="seat_order",
        honba_on_draw=False,  # 003 "Dealer Rotation": a stick only when the deal does not rotate
        abortive_draws=("four_kans", "four_winds", "four_riichi"),  # 003 "Abortive Draw"
        kuikae="chi",
        red_fives=(1, 1, 1),  # 003 "Tiles used": bonus tiles
        chombo="reverse_mangan",
        counted_yakuman=True,
        multiple_yakuman=True,
        double_wind_pair_fu=4,
    ),
    # The common online ruleset (tenhou.net): open tanyao, three red fives, no kiriage, several rons,
    # three rons abort.
    "tenhou": replace(
        _WRC,
        name="tenhou",
        starting_points=25000,
        uma=(20000, 10000, -10000, -20000),
        oka=20000,
        return_points=30000,
        tie_break="seat_order",
        bust_ends_game=True,
        extra_round_target=30000,
        honba_to="first_winner",  # the online convention: counters with the sticks, nearest winner only
        agari_yame=True,  # the online convention: the all-last dealer on top may stop by winning
        tenpai_yame=True,  # ... or by being tenpai at a draw
        final_rounding="thousand",  # the online convention: final scores to the nearest 1,000
        riichi_needs_deposit=True,
        multiple_ron="all",
        abortive_draws=("nine_terminals", "four_kans", "four_riichi", "triple_ron", "four_winds"),
        red_fives=(1, 1, 1),
        chombo="reverse_mangan",
        nagashi_mangan=True,
        counted_yakuman=True,
        multiple_yakuman=True,
        double_yakuman_hands=(),
        double_wind_pair_fu=4,
        liability=("daisangen", "daisuushii"),
    ),
    # 000: the beginner's introduction.
    "beginner": replace(
        _WRC,
        name="beginner",
        starting_points=20,  # 000 "Objectives"
        game_length="east",  # 000 "Passing the Deal": ends when the deal returns to the first dealer
        uma=(0, 0, 0, 0),
        oka=0,
        return_points=0,
        tie_break="seat_order",  # 000 "Determining the winner"
        dealer_keeps_on_abortive=False,
        honba_on_draw=False,
        honba_on_dealer_win=False,
        honba_value=0,
        riichi_deposit=0,
        payment_mode="fixed",  # 000 "Tsumo" / "Ron"
        noten_mode="pool",  # 000 "Draws"
        multiple_ron="head_bump",  # 000 "Ron": ties broken by turn order
        chombo="none",
        liability=(),
        calls=("pon", "ron"),  # 000 "Make claims"
        kuikae="none",
        yaku_required=False,  # 000 "Complete hand": four sets and a pair
        hand_shapes=("regular",),  # 000 "Complete hand": "four sets and a pair" is the only winning shape
        ippatsu=False,
        leftover_sticks="table",  # 000 "Draws": the pool waits for a next winner; none after the end
    ),
}


# the call a meld needs (`calls`): a chi, a pon, or any kan (an ankan too: 000 has no kans at all)
CALL_OF_MELD: Final[dict[str, Call]] = {
    "chi": "chi",
    "pon": "pon",
    "kan": "kan",
    "ankan": "kan",
    "kakan": "kan",
}


def check_calls(meld_kinds: Sequence[str], rules: Rules) -> None:
    """Raise RuleError for a meld the rules do not allow (seed 000 "Make claims": only pon and ron), naming
    the meld; the one check the ops, the scorer and the round share."""
    for kind in meld_kinds:
        call = CALL_OF_MELD.get(kind)
        if call is not None and call not in rules.calls:
            allowed = ", ".join(rules.calls)
            raise RuleError(
                f"a {kind} meld is not allowed under the {rules.name!r} rules (calls allowed: {allowed}; "
                'seed 000 "Make claims" for the beginner rules)'
            )


def _type_ok(value: object, hint: object) -> bool:
    origin = typing.get_origin(hint)
    if hint is bool:
        return isinstance(value, bool)
    if hint is int:
        return isinstance(value, int) and not isinstance(value, bool)
    if hint is str:
        return isinstance(value, str)
    if origin is Literal:
        return any(type(value) is type(a) and value == a for a in typing.get_args(hint))
    if origin is tuple:
        args = typing.get_args(hint)
        if not isinstance(value, tuple):
            return False
        if len(args) == 2 and args[1] is Ellipsis:
            return all(_type_ok(v, args[0]) for v in value)
        return len(args) == len(value) and all(_type_ok(v, a) for v, a in zip(value, args, strict=True))
    if origin is types.UnionType or origin is typing.Union:
        return any(_type_ok(value, a) for a in typing.get_args(hint))
    return False


_HINTS: dict[str, object] | None = None


def _hints() -> dict[str, object]:
    global _HINTS
    if _HINTS is None:
        _HINTS = dict(typing.get_type_hints(Rules))
    return _HINTS


def _describe(hint: object) -> str:
    if typing.get_origin(hint) is Literal:
        return "one of " + ", ".join(repr(a) for a in typing.get_args(hint))
    return str(hint).replace("typing.", "").replace("riichi_table.engine.rules.", "")


_RESOLVED: Final = RESOLVED  # override objects already checked and built (bounded, below)

# one encoder made once: json.dumps with sort_keys builds a new encoder on every call
_spec_key: Final = json.JSONEncoder(sort_keys=True, separators=(",", ":")).encode


def resolve_rules(spec: str | Mapping[str, object] | Rules | None) -> Rules:
    """The rules a request names: None (wrc), a preset name, or `{"preset": name, field: value, ...}`.

    JSON lists are accepted for tuple fields. Raises RuleError for an unknown preset or field, or a value of
    the wrong type, naming it and what was expected.
    """
    if spec is None:
        return _WRC
    if type(spec) is not dict:  # a JSON object (the batch's usual case) skips the checks of other types
        if isinstance(spec, Rules):
            return spec
        if isinstance(spec, str):
            if spec not in PRESETS:
                raise RuleError(
                    f"unknown rule preset {spec!r} (expected one of {', '.join(sorted(PRESETS))})"
                )
            return PRESETS[spec]
        if not isinstance(spec, Mapping):
            raise RuleError(f"bad rules {spec!r}: expected a preset name or an object of overrides")
    # a batch of requests names the same overrides again and again: check and build them once
    key: object = plain_key(spec)
    if key is None:
        try:
            key = _spec_key(spec)  # keeps true and 1 apart, unlike a plain dict
        except (TypeError, ValueError):  # not JSON: the checks below name the bad value
            key = None
    cached = _RESOLVED.get(key) if key is not None else None
    if cached is not None:
        return typing.cast(Rules, cached)
    rules = _resolve_overrides(spec)
    if key is not None:
        if len(_RESOLVED) >= 256:
            _RESOLVED.clear()
        _RESOLVED[key] = rules
    return rules


def _resolve_overrides(spec: Mapping[str, object]) -> Rules:
    preset = spec.get("preset", "wrc")
    if not isinstance(preset, str):
        raise RuleError(f"bad rules preset {preset!r}: expected a preset name")
    base = resolve_rules(preset)
    hints = _hints()
    changes: dict[str, object] = {}
    for key, value in spec.items():
        if key == "preset":
            continue
        if key not in hints or key == "name":
            raise RuleError(f"unknown rule field {key!r}")
        if isinstance(value, list):
            value = tuple(value)
        if not _type_ok(value, hints[key]):
            raise RuleError(f"bad value {value!r} for rule field {key!r}: expected {_describe(hints[key])}")
        changes[key] = value
    if not changes:
        return base
    return replace(base, **changes)  # type: ignore[arg-type]

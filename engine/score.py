"""Score one winning hand: every reading, its yaku, fu and points; the best reading wins.

Entry point: `score(win_input) -> Win | NoWin`. "Not a complete hand" and "no yaku" are ordinary `NoWin`
results; bad input (wrong tile count, a fifth copy, contradictory flags) raises an EngineError from
`WinInput.check()` (called by `score`).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from functools import cache
from operator import attrgetter
from typing import Final

from riichi_table.engine.decompose import Reading, readings
from riichi_table.engine.errors import TileCountError
from riichi_table.engine.frozen_build import FieldRecord, builder
from riichi_table.engine.fu import fu as fu_of
from riichi_table.engine.melds import Meld
from riichi_table.engine.points import (
    Payments,
    fixed_payments,
    liable_payments,
    limit_of,
    payments,
    received,
    total_with_bonus,
)
from riichi_table.engine.rules import CALL_OF_MELD, Rules, check_calls, resolve_rules
from riichi_table.engine.tiles import COPIES, KIND_COUNT, Tile, check_copies, dora_from_indicator
from riichi_table.engine.yaku import FormYaku, Situation, YakuContext, evaluate, form_yaku, in_table_order
from riichi_table.engine.yaku.base import FLAGS

# the defaults of WinInput's fields made by a factory: both immutable, so one instance serves every call
_NO_FLAGS: Final = Situation()
_DEFAULT_RULES: Final = resolve_rules(None)


# init written out, repr, eq and hash from FieldRecord: dataclasses would make them from source text at
# every start (docs/engine.md, batch start-up); tests/engine/test_written_dataclass_methods.py compares them.
@dataclass(frozen=True, slots=True, init=False, repr=False, eq=False)
class WinInput(FieldRecord):
    """A won hand: `hand` the concealed tiles without the winning tile; winds are kinds 27..30."""

    hand: tuple[Tile, ...]
    win: Tile
    melds: tuple[Meld, ...] = ()
    situation: Situation = field(default_factory=Situation)
    seat_wind: int = 27
    round_wind: int = 27
    dora: tuple[Tile, ...] = ()  # indicators, kan dora indicators included
    ura: tuple[Tile, ...] = ()
    honba: int = 0
    sticks: int = 0
    rules: Rules = field(default_factory=lambda: resolve_rules(None))
    pao: int | None = None  # 002 3.3.9: relative seat (1..3) of the player liable for the hand
    discarder: int | None = None  # relative seat (1..3) of the discarder on ron; needed with `pao`

    def __init__(
        self,
        hand: tuple[Tile, ...],
        win: Tile,
        melds: tuple[Meld, ...] = (),
        situation: Situation = _NO_FLAGS,
        seat_wind: int = 27,
        round_wind: int = 27,
        dora: tuple[Tile, ...] = (),
        ura: tuple[Tile, ...] = (),
        honba: int = 0,
        sticks: int = 0,
        rules: Rules = _DEFAULT_RULES,
        pao: int | None = None,
        discarder: int | None = None,
    ) -> None:
        if not _COMPILED:  # as Python the frozen class refuses plain assignment: set as dataclasses does
            object.__setattr__(self, "hand", hand)
            object.__setattr__(self, "win", win)
            object.__setattr__(self, "melds", melds)
            object.__setattr__(self, "situation", situation)
            object.__setattr__(self, "seat_wind", seat_wind)
            object.__setattr__(self, "round_wind", round_wind)
            object.__setattr__(self, "dora", dora)
            object.__setattr__(self, "ura", ura)
            object.__setattr__(self, "honba", honba)
            object.__setattr__(self, "sticks", sticks)
            object.__setattr__(self, "rules", rules)
            object.__setattr__(self, "pao", pao)
            object.__setattr__(self, "discarder", discarder)
            return
        # compiled, the assignments write the native fields in place (see `new_win_input`)
        self.hand = hand  # type: ignore[misc]
        self.win = win  # type: ignore[misc]
        self.melds = melds  # type: ignore[misc]
        self.situation = situation  # type: ignore[misc]
        self.seat_wind = seat_wind  # type: ignore[misc]
        self.round_wind = round_wind  # type: ignore[misc]
        self.dora = dora  # type: ignore[misc]
        self.ura = ura  # type: ignore[misc]
        self.honba = honba  # type: ignore[misc]
        self.sticks = sticks  # type: ignore[misc]
        self.rules = rules  # type: ignore[misc]
        self.pao = pao  # type: ignore[misc]
        self.discarder = discarder  # type: ignore[misc]

    @property
    def dealer(self) -> bool:
        return self.seat_wind == 27

    def check(self) -> None:
        """Raise TileCountError / EngineError for input no table could produce."""
        self._validated()

    def _validated(self) -> tuple[list[int], list[int], list[int]]:
        """Check (see `check`) and return the kinds the scorer needs: the concealed tiles with the winning
        tile, the meld tiles, and the red fives among both."""
        hand = self.hand
        melds = self.melds
        size = len(hand) + 1 + 3 * len(melds)
        if size != 14:
            raise TileCountError(
                f"hand has {len(hand)} tiles + winning tile with {len(melds)} meld(s); expected "
                f"{13 - 3 * len(melds)} tiles before the winning tile"
            )
        # plain loops over the tiles (compiled, they run as C over native ints): the kinds, the red fives and
        # the count of each kind among every tile shown (hand, winning tile, melds, dora and ura indicators);
        # `c[k] = c[k] + 1` rather than `+=`, which mypyc compiles to a generic number add on a list item
        counts = [0] * KIND_COUNT
        concealed: list[int] = []
        reds: list[int] = []
        for t in hand:
            k = t.kind
            concealed.append(k)
            counts[k] = counts[k] + 1
            if t.red:
                reds.append(k)
        win = self.win
        k = win.kind
        concealed.append(k)
        counts[k] = counts[k] + 1
        if win.red:
            reds.append(k)
        meld_kinds: list[int] = []
        for m in melds:
            for t in m.tiles:
                k = t.kind
                meld_kinds.append(k)
                counts[k] = counts[k] + 1
                if t.red:
                    reds.append(k)
        all_reds = reds
        for shown in (self.dora, self.ura):
            for t in shown:
                k = t.kind
                counts[k] = counts[k] + 1
                if t.red:
                    if all_reds is reds:
                        all_reds = list(reds)
                    all_reds.append(k)
        fifth = False
        for n in counts:
            if n > COPIES:
                fifth = True
        red_seen = [0] * KIND_COUNT
        for k in all_reds:
            red_seen[k] = red_seen[k] + 1
            if red_seen[k] > 1:
                fifth = True
        if fifth:
            # names the kind with a fifth copy, or a second red five of a suit
            check_copies([hand, (win,), *(m.tiles for m in melds), self.dora, self.ura])
        man5, pin5, sou5 = self.rules.red_fives  # unpacked: compiled, no any() / max() calls
        # with at most one red five per suit only a five held four times can break the plain-five limit
        if (man5 or pin5 or sou5) and (
            man5 > 1
            or pin5 > 1
            or sou5 > 1
            or counts[4] >= COPIES
            or counts[13] >= COPIES
            or counts[22] >= COPIES
        ):
            _check_plain_fives(counts, all_reds, self.rules)
        if self.melds and not _calls_allowed(self.rules.calls):  # most rules allow every call
            check_calls([m.kind for m in self.melds], self.rules)
        self._check_situation()
        return concealed, meld_kinds, reds

    def _check_situation(self) -> None:
        s = self.situation
        # the common case (tsumo and/or riichi, nothing else) skips the full table of contradictions; whether
        # a meld opens the hand is looked at only where riichi or that table needs it
        unusual = (
            _has_rare_flag(s)
            or self.pao is not None
            or self.discarder is not None
            or (s.riichi and _opened(self.melds))
            or (self.ura and not s.riichi)
        )
        if unusual:
            self._check_flags(_opened(self.melds))

    def _check_flags(self, opened: bool) -> None:
        s = self.situation
        problems = [
            ((s.riichi or s.double_riichi or s.open_riichi) and opened, "riichi needs a closed hand"),
            (
                (s.ippatsu or s.open_riichi) and not (s.riichi or s.double_riichi),
                "ippatsu/open riichi need riichi",
            ),
            (s.haitei and not s.tsumo, "haitei is a tsumo on the last tile (use houtei for ron)"),
            (s.houtei and s.tsumo, "houtei is a ron on the last discard (use haitei for tsumo)"),
            (
                s.rinshan and not s.tsumo and not self.rules.rinshan_on_kan_discard,
                "rinshan is a tsumo on the replacement tile (a ron only with rinshan_on_kan_discard, 001)",
            ),
            (s.chankan and s.tsumo, "chankan is a ron"),
            # 002 3.4.1: no kan on the last tile, so the last discard is never robbed from a kan
            (s.chankan and s.houtei, "chankan and houtei cannot both apply"),
            (s.haitei and s.rinshan, "haitei and rinshan cannot both apply"),
            (s.tenhou and not (s.tsumo and self.dealer), "tenhou is the dealer's tsumo"),
            (s.chiihou and (not s.tsumo or self.dealer), "chiihou is a non-dealer's tsumo"),
            (s.renhou and (s.tsumo or self.dealer), "renhou is a non-dealer's ron"),
            (bool(self.ura) and not (s.riichi or s.double_riichi), "ura dora count only after riichi"),
            (self.pao not in (None, 1, 2, 3), f"pao is a relative seat 1, 2 or 3, not {self.pao!r}"),
            (
                self.discarder not in (None, 1, 2, 3),
                f"discarder is a relative seat 1, 2 or 3, not {self.discarder!r}",
            ),
            (self.discarder is not None and s.tsumo, "a tsumo has no discarder"),
            (
                self.pao is not None and not s.tsumo and self.discarder is None,
                "pao on a ron needs 'discarder' (the liable player and the discarder split it, 002 3.3.9)",
            ),
        ]
        for bad, message in problems:
            if bad:
                raise WinInputError(message)


def _opened(melds: tuple[Meld, ...]) -> bool:
    """Whether a meld opens the hand (`Meld.is_open`; a list, not a generator: cheaper for four at most)."""
    return bool(melds) and any([m.is_open for m in melds])


_MELD_CALLS: Final = tuple(sorted(set(CALL_OF_MELD.values())))  # every call some meld needs


def _calls_allowed(calls: tuple[str, ...]) -> bool:
    """Whether `calls` (a Rules field) allows every call some meld needs (compiled, a loop: no set made of
    the tuple, as frozenset.issubset makes)."""
    return all(call in calls for call in _MELD_CALLS)


_rare_flags: Final = attrgetter(*(f for f in FLAGS if f not in ("tsumo", "riichi")))

# Whether each Situation object seen sets a flag other than tsumo and riichi, by its id (a batch shares one
# Situation per flag set; hashing the dataclass costs more than the look itself). Each entry holds its
# Situation, so the id cannot be reused by another object while the entry lives. Bounded: cleared when full.
_RARE: Final[dict[int, tuple[Situation, bool]]] = {}


def _has_rare_flag(situation: Situation) -> bool:
    entry = _RARE.get(id(situation))
    if entry is None or entry[0] is not situation:
        if len(_RARE) >= 1024:
            _RARE.clear()
        entry = _RARE[id(situation)] = (situation, any(_rare_flags(situation)))
    return entry[1]


class WinInputError(TileCountError):
    """A win that no table could produce: contradictory flags, a liable seat that fed nothing, ..."""


def _check_plain_fives(counts: list[int], reds: list[int], rules: Rules) -> None:
    """With red fives in the set, a suit has only 4 - reds plain fives (e.g. a kan of fives shows the red);
    `counts` holds the number of each kind among every tile, `reds` the kind of each red five."""
    for suit, five in enumerate((4, 13, 22)):
        n = counts[five] - reds.count(five)
        limit = 4 - rules.red_fives[suit]
        if n > limit:
            name = "mps"[suit]
            raise TileCountError(
                f"{n} plain 5{name} but this rule set has only {limit} (write the red one as 0{name})"
            )


# init written out, repr, eq and hash from FieldRecord: dataclasses would make them from source text at
# every start (docs/engine.md, batch start-up); tests/engine/test_written_dataclass_methods.py compares them.
@dataclass(frozen=True, slots=True, init=False, repr=False, eq=False)
class Win(FieldRecord):
    """The best reading's score. `points` excludes honba and sticks; `total` includes them."""

    han: int
    fu: int
    yaku: tuple[tuple[str, int], ...]
    yakuman: int
    limit: str | None
    points: int
    payments: Payments
    total: int
    fu_detail: tuple[tuple[str, int], ...]
    reading: Reading

    def __init__(
        self,
        han: int,
        fu: int,
        yaku: tuple[tuple[str, int], ...],
        yakuman: int,
        limit: str | None,
        points: int,
        payments: Payments,
        total: int,
        fu_detail: tuple[tuple[str, int], ...],
        reading: Reading,
    ) -> None:
        if not _COMPILED:  # as Python the frozen class refuses plain assignment: set as dataclasses does
            object.__setattr__(self, "han", han)
            object.__setattr__(self, "fu", fu)
            object.__setattr__(self, "yaku", yaku)
            object.__setattr__(self, "yakuman", yakuman)
            object.__setattr__(self, "limit", limit)
            object.__setattr__(self, "points", points)
            object.__setattr__(self, "payments", payments)
            object.__setattr__(self, "total", total)
            object.__setattr__(self, "fu_detail", fu_detail)
            object.__setattr__(self, "reading", reading)
            return
        # compiled, the assignments write the native fields in place (see `new_win_input`)
        self.han = han  # type: ignore[misc]
        self.fu = fu  # type: ignore[misc]
        self.yaku = yaku  # type: ignore[misc]
        self.yakuman = yakuman  # type: ignore[misc]
        self.limit = limit  # type: ignore[misc]
        self.points = points  # type: ignore[misc]
        self.payments = payments  # type: ignore[misc]
        self.total = total  # type: ignore[misc]
        self.fu_detail = fu_detail  # type: ignore[misc]
        self.reading = reading  # type: ignore[misc]

    def to_json(self, into: dict[str, object] | None = None) -> dict[str, object]:
        """The fields as JSON values, written into `into` after what it holds (a batch answer's id and ok:
        no second dict to merge them into) or into a new dict."""
        out: dict[str, object] = {} if into is None else into
        out["han"] = self.han
        out["fu"] = self.fu
        out["yaku"] = [[n, h] for n, h in self.yaku]
        out["yakuman"] = self.yakuman
        out["limit"] = self.limit
        out["points"] = self.points
        out["payments"] = self.payments.to_json()
        out["total"] = self.total
        out["fu_detail"] = [[r, f] for r, f in self.fu_detail]
        return out


_build_win: Final = builder(Win)  # Win(*fields) without the frozen __init__'s generic setattr
_build_win_input: Final = builder(WinInput)


def _new_win(
    han: int,
    fu: int,
    yaku: tuple[tuple[str, int], ...],
    yakuman: int,
    limit: str | None,
    points: int,
    payments: Payments,
    total: int,
    fu_detail: tuple[tuple[str, int], ...],
    reading: Reading,
) -> Win:
    """`Win(*fields)`, quicker as Python (see `new_win_input`)."""
    if not _COMPILED:
        return _build_win(han, fu, yaku, yakuman, limit, points, payments, total, fu_detail, reading)
    return Win(han, fu, yaku, yakuman, limit, points, payments, total, fu_detail, reading)


def new_win_input(
    hand: tuple[Tile, ...],
    win: Tile,
    melds: tuple[Meld, ...],
    situation: Situation,
    seat_wind: int,
    round_wind: int,
    dora: tuple[Tile, ...],
    ura: tuple[Tile, ...],
    honba: int,
    sticks: int,
    rules: Rules,
    pao: int | None,
    discarder: int | None,
) -> WinInput:
    """`WinInput(*fields)` with every field given, quicker (the batch makes one per request).

    As Python, `frozen_build.builder` sets each slot through its descriptor (quicker than `__init__`, which
    sets them through `object.__setattr__`). Compiled by mypyc (docs/engine.md "The compiled engine"), the
    frozen check is Python's `__setattr__`, which compiled code does not call: the written `__init__` assigns
    the native fields in place, and is called directly. As Python those assignments would raise
    FrozenInstanceError, hence the branches here and in `__init__`.
    """
    if not _COMPILED:
        return _build_win_input(
            hand,
            win,
            melds,
            situation,
            seat_wind,
            round_wind,
            dora,
            ura,
            honba,
            sticks,
            rules,
            pao,
            discarder,
        )
    return WinInput(
        hand, win, melds, situation, seat_wind, round_wind, dora, ura, honba, sticks, rules, pao, discarder
    )


# whether mypyc compiled this module: a compiled function has no bytecode
_COMPILED: Final = not hasattr(new_win_input, "__code__")


# init written out, repr, eq and hash from FieldRecord: dataclasses would make them from source text at
# every start (docs/engine.md, batch start-up); tests/engine/test_written_dataclass_methods.py compares them.
@dataclass(frozen=True, slots=True, init=False, repr=False, eq=False)
class NoWin(FieldRecord):
    """Not a winning hand: `reason` is "not a complete hand" or "no yaku"."""

    reason: str

    def __init__(self, reason: str) -> None:
        object.__setattr__(self, "reason", reason)


def score(w: WinInput) -> Win | NoWin:
    """Score a won hand the way that scores highest (docs/engine.md).

    Hand-wide facts (tile kinds, dora, the yaku that hold for every reading of a form) are worked out once;
    each reading adds only its own yaku, fu and basic points, and the `Win` is built for the best one.
    """
    concealed_kinds, meld_kinds, reds = w._validated()
    rules = w.rules
    tsumo = w.situation.tsumo
    win = w.win.kind
    concealed = [0] * 34
    for k in concealed_kinds:
        concealed[k] = concealed[k] + 1
    found = readings(concealed, w.melds, win, tsumo)
    if len(rules.hand_shapes) < 3:  # 000 "Complete hand": only the shapes the rules count
        found = [r for r in found if r.form in rules.hand_shapes]
    if not found:
        return NoWin("not a complete hand")
    closed = not _opened(w.melds)
    all_kinds = concealed_kinds + meld_kinds
    bonus = _bonus(w, all_kinds, reds)
    kinds = frozenset(all_kinds)
    concealed_t = tuple(concealed)
    forms: dict[str, FormYaku] = {}
    dealer = w.seat_wind == 27
    fixed_mode = rules.payment_mode == "fixed"
    best: (
        tuple[
            tuple[int, int, int],
            Reading,
            list[tuple[str, int]],
            int,
            int,
            list[tuple[str, int]],
            int,
            tuple[str | None, int],
        ]
        | None
    )
    best = None
    for reading in found:
        ctx = _context(w, reading, closed, kinds, concealed_t)
        fixed = forms.get(reading.form)
        if fixed is None:
            fixed = forms[reading.form] = form_yaku(ctx)
        yaku, yakuman = evaluate(ctx, fixed)
        if not yakuman and rules.yaku_required and not yaku:
            continue
        pinfu = ("pinfu", 1) in yaku
        fu, detail = fu_of(
            reading,
            tsumo=tsumo,
            closed=closed,
            pinfu=pinfu,
            seat_wind=w.seat_wind,
            round_wind=w.round_wind,
            rules=rules,
        )
        if not yakuman:
            yaku = yaku + bonus
        elif not rules.multiple_yakuman and len(yaku) > 1:
            yaku = [max(yaku, key=lambda y: y[1])]  # one yakuman only: the highest counts
            yakuman = yaku[0][1] // 13
        han = 0
        for _, h in yaku:  # a plain loop: compiled, `sum` is a look-up in builtins and a generic call
            han += h
        points = 0
        limit: tuple[str | None, int] = (None, 0)
        if not fixed_mode:
            limit = limit_of(han, fu, yakuman, rules)
            points = _points(limit[1], dealer, tsumo, rules.players)
        rank = (points, han, fu)
        if best is None or rank > best[0]:
            best = (rank, reading, yaku, yakuman, fu, detail, han, limit)
    if best is None:
        return NoWin("no yaku")
    _, reading, yaku, yakuman, fu, detail, han, limit = best
    result = _win(w, reading, yaku, yakuman, fu, detail, han, limit)
    return result if w.pao is None else _with_liability(w, result)


def contexts(w: WinInput) -> list[YakuContext]:
    """The yaku context of every reading of a won hand (for tests and tools; `score` makes its own)."""
    concealed_kinds, meld_kinds, _ = w._validated()
    concealed = [0] * 34
    for k in concealed_kinds:
        concealed[k] = concealed[k] + 1
    closed = not any(m.is_open for m in w.melds)
    kinds = frozenset(concealed_kinds + meld_kinds)
    found = [
        r
        for r in readings(concealed, w.melds, w.win.kind, w.situation.tsumo)
        if r.form in w.rules.hand_shapes
    ]
    return [_context(w, r, closed, kinds, tuple(concealed)) for r in found]


def _bonus(w: WinInput, all_kinds: list[int], reds: list[int]) -> list[tuple[str, int]]:
    """Dora, red fives and ura dora (once per hand: they do not depend on the reading)."""
    rules = w.rules
    s = w.situation
    bonus: list[tuple[str, int]] = []
    dora = _count_dora(w.dora, all_kinds)
    if dora:
        bonus.append(("dora", dora))
    man5, pin5, sou5 = rules.red_fives
    if reds and man5 + pin5 + sou5:  # Rules.red_five_total, without a call into rules.py
        aka = 0
        for k in reds:  # red fives are of the three number suits (tiles.py): kinds 4, 13, 22
            aka += man5 if k < 9 else pin5 if k < 18 else sou5
        if aka:
            bonus.append(("aka_dora", aka))
    if (s.riichi or s.double_riichi) and rules.ura_dora:
        ura = _count_dora(w.ura if rules.kan_ura_dora else w.ura[:1], all_kinds)
        if ura:
            bonus.append(("ura_dora", ura))
    return bonus


_DORA_OF: Final = tuple(dora_from_indicator(k) for k in range(34))


def _count_dora(indicators: tuple[Tile, ...], all_kinds: list[int]) -> int:
    n = 0
    for t in indicators:  # plain loops: compiled, they compare native ints
        dora = _DORA_OF[t.kind]
        for k in all_kinds:
            if k == dora:
                n += 1
    return n


def _context(
    w: WinInput, reading: Reading, closed: bool, kinds: frozenset[int], concealed: tuple[int, ...]
) -> YakuContext:
    chis: list[int] = []
    triplets: list[int] = []
    concealed_triplets = kans = 0
    for g in reading.groups:
        if g.shape == "chi":
            chis.append(g.kind)
        else:
            triplets.append(g.kind)
            concealed_triplets += g.concealed
            kans += g.shape == "kan"
    # tuple.__new__ skips the NamedTuple's Python-level __new__ (one per reading: it shows in the profile)
    return _new_context(
        YakuContext,
        (
            reading,
            w.situation,
            w.rules,
            w.win.kind,
            closed,
            w.seat_wind,
            w.round_wind,
            kinds,
            concealed,
            tuple(chis),
            tuple(triplets),
            concealed_triplets,
            kans,
        ),
    )


_new_context: Final = tuple.__new__


@cache
def _points(basic: int, dealer: bool, tsumo: bool, players: int) -> int:
    """What the winner receives for `basic` points (the ranking key; `payments` itemises it for the best)."""
    if not tsumo:
        return (basic * (6 if dealer else 4) + 99) // 100 * 100
    if dealer:
        return (basic * 2 + 99) // 100 * 100 * (players - 1)
    return (basic * 2 + 99) // 100 * 100 + (basic + 99) // 100 * 100 * (players - 2)


def _win(
    w: WinInput,
    reading: Reading,
    yaku: list[tuple[str, int]],
    yakuman: int,
    fu: int,
    detail: list[tuple[str, int]],
    han: int,
    limit_and_basic: tuple[str | None, int],
) -> Win:
    """The `Win` of the best reading; `han` and `limit_and_basic` as the scorer's loop worked them out
    (`limit_of`; unused under fixed payments)."""
    rules = w.rules
    if rules.payment_mode == "fixed":
        pay = fixed_payments(w.dealer, w.situation.tsumo, rules)
        limit: str | None = None
    else:
        limit, basic = limit_and_basic
        pay = payments(basic, w.dealer, w.situation.tsumo)
    points = received(pay, rules.players)
    total = total_with_bonus(points, w.honba, w.sticks, rules)
    ordered = tuple(in_table_order(yaku) if len(yaku) > 1 else yaku)
    return _new_win(han, fu, ordered, yakuman, limit, points, pay, total, tuple(detail), reading)


# 002 3.3.9: the set whose feeding makes a player liable, per liability hand (None: any kan)
_LIABLE_SETS: Final[dict[str, tuple[int, ...] | None]] = {
    "daisangen": (31, 32, 33),
    "daisuushii": (27, 28, 29, 30),
    "suukantsu": None,
}


def _makes(meld: Meld, hand: str) -> bool:
    """Whether feeding `meld` can make a player liable for `hand`."""
    kinds = _LIABLE_SETS[hand]
    if kinds is None:
        return meld.is_kan
    return meld.kind != "chi" and meld.first_kind in kinds


def _with_liability(w: WinInput, win: Win) -> Win:
    """The win with its payments split per seed 002 3.3.9 (the hand's full value, as the seed says)."""
    names = {name for name, _ in win.yaku}
    hands = [h for h in w.rules.liability if h in names]
    if not hands:
        listed = ", ".join(w.rules.liability) or "none in this rule set"
        raise WinInputError(f"pao applies only to a liability hand ({listed}); this hand has none")
    if not any(m.from_seat == w.pao and _makes(m, h) for m in w.melds for h in hands):
        raise WinInputError(f"pao seat {w.pao} fed none of the melds that make {hands[0]}")
    pay = liable_payments(win.points, w.situation.tsumo, w.discarder == w.pao)
    return replace(win, payments=pay)

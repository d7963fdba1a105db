"""A recorded hand's result as people enter it at a club table, validated at the web boundary.

Stored as JSON in `hands.result`:
- win:    {"kind": "win", "winners": [{"seat", "han", "fu", "yakuman", "pao"?}...], "from": seat | null
           (tsumo), "riichi": [seats]}   several winners only on one discard (ron); "pao" is the seat
           liable for a yakuman (seed 002 3.3.9), only on a yakuman
- draw:   {"kind": "draw", "tenpai": [4 bools], "nagashi"?: [seats], "riichi": [seats]}   exhaustive draw
- abort:  {"kind": "abort", "reason": mjai ryukyoku reason, "riichi": [seats]}
- chombo: {"kind": "chombo", "seat": seat}
Seats are the game's seats 0..3 (seat 0 = first dealer). Scores are never stored; the engine derives them.
What depends on the game's rule set (abortive draws the preset has, nagashi mangan, liability) is left to the
engine when the hand is replayed; `form_options` tells the page which of those choices to offer at all.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from riichi_table.engine.result_settle import FU_TABLE
from riichi_table.webui.errors import WebError

ABORT_REASONS = ("yao9", "kaze4", "reach4", "kan4", "ron3")
ABORT_LABELS = {
    "yao9": "nine terminals",
    "kaze4": "four winds",
    "reach4": "four riichi",
    "kan4": "four kans",
    "ron3": "three rons",
}
KINDS = ("win", "draw", "abort", "chombo")
# The fu values the form offers are the engine's table (seed 001): 20, 25, then 30..110 in tens.
FU_VALUES = FU_TABLE


class ResultError(WebError):
    """A hand result that does not make sense (a seat out of range, 0 han, a tsumo with two winners)."""


def _seat(value: Any, what: str) -> int:
    try:
        seat = int(value)
    except (TypeError, ValueError):
        raise ResultError(f"{what}: expected a seat 0..3, got {value!r}") from None
    if not 0 <= seat <= 3:
        raise ResultError(f"{what}: expected a seat 0..3, got {seat}")
    return seat


def _int(value: Any, what: str, low: int, high: int) -> int:
    try:
        number = int(value)
    except (TypeError, ValueError):
        raise ResultError(f"{what}: expected a whole number {low}..{high}, got {value!r}") from None
    if not low <= number <= high:
        raise ResultError(f"{what}: expected {low}..{high}, got {number}")
    return number


def _riichi(values: Any) -> list[int]:
    if values is None:
        return []
    if not isinstance(values, list | tuple):
        raise ResultError(f"riichi: expected a list of seats, got {values!r}")
    return sorted({_seat(v, "riichi") for v in values})


def validate(raw: Mapping[str, Any]) -> dict[str, Any]:
    """Check a result object and return its canonical form; raises ResultError naming what is wrong."""
    kind = raw.get("kind")
    if kind not in KINDS:
        raise ResultError(f"kind: expected one of {', '.join(KINDS)}, got {kind!r}")
    if kind == "chombo":
        return {"kind": "chombo", "seat": _seat(raw.get("seat"), "chombo seat")}
    riichi = _riichi(raw.get("riichi"))
    if kind == "draw":
        tenpai = raw.get("tenpai")
        if (
            not isinstance(tenpai, list | tuple)
            or len(tenpai) != 4
            or not all(isinstance(t, bool) for t in tenpai)
        ):
            raise ResultError(f"tenpai: expected four true/false values, got {tenpai!r}")
        nagashi_raw = raw.get("nagashi")
        if nagashi_raw is not None and not isinstance(nagashi_raw, list | tuple):
            raise ResultError(f"nagashi: expected a list of seats, got {nagashi_raw!r}")
        nagashi = sorted({_seat(v, "nagashi mangan") for v in nagashi_raw or ()})
        out: dict[str, Any] = {"kind": "draw", "tenpai": list(tenpai), "riichi": riichi}
        if nagashi:
            out["nagashi"] = nagashi
        return out
    if kind == "abort":
        reason = raw.get("reason")
        if reason not in ABORT_REASONS:
            raise ResultError(f"abort reason: expected one of {', '.join(ABORT_REASONS)}, got {reason!r}")
        return {"kind": "abort", "reason": reason, "riichi": riichi}
    source = raw.get("from")
    loser = None if source in (None, "", "tsumo") else _seat(source, "from")
    winners_raw = raw.get("winners")
    if not isinstance(winners_raw, list | tuple) or not 1 <= len(winners_raw) <= 3:
        raise ResultError(f"winners: expected one to three winners, got {winners_raw!r}")
    winners = []
    for w in winners_raw:
        if not isinstance(w, Mapping):
            raise ResultError(f"winner: expected an object with seat, han, fu, got {w!r}")
        seat = _seat(w.get("seat"), "winner seat")
        yakuman = _int(w.get("yakuman", 0) or 0, "yakuman", 0, 6)
        han = _int(w.get("han", 0) or 0, "han", 0 if yakuman else 1, 99)
        fu = _int(w.get("fu", 30) or 30, "fu", 0, 999) if not yakuman else 0
        if fu and fu not in FU_VALUES:
            raise ResultError(f"fu: expected 25 or a multiple of ten from 20 to 110 (the fu table), got {fu}")
        winner = {"seat": seat, "han": han, "fu": fu, "yakuman": yakuman}
        pao_raw = w.get("pao")
        if pao_raw not in (None, "", "none"):
            pao = _seat(pao_raw, "liable player (pao)")
            if not yakuman:
                raise ResultError("liable player (pao): only on a yakuman win (seed 002 3.3.9)")
            if pao == seat:
                raise ResultError(f"liable player (pao): seat {seat} cannot be liable for its own win")
            winner["pao"] = pao
        winners.append(winner)
    seats = [w["seat"] for w in winners]
    if len(set(seats)) != len(seats):
        raise ResultError(f"winners: a seat appears twice: {seats}")
    if loser is None and len(winners) > 1:
        raise ResultError("a tsumo has exactly one winner")
    if loser is not None and loser in seats:
        raise ResultError(f"seat {loser} cannot win on its own discard")
    return {"kind": "win", "winners": winners, "from": loser, "riichi": riichi}


def from_form(form: Mapping[str, Any], getlist: Any) -> dict[str, Any]:
    """Build a result from the club page's record-hand form (`getlist(name)` returns all values)."""
    kind = form.get("kind")
    riichi = [int(s) for s in getlist("riichi") if str(s).isdigit()]
    if kind == "win" and not form.get("from"):
        raise ResultError("won from: choose tsumo (self-draw) or whose discard it was won on")
    if kind == "win":
        winners = []
        for seat in range(4):
            if form.get(f"win{seat}"):
                winners.append(
                    {
                        "seat": seat,
                        "han": form.get(f"han{seat}") or 0,
                        "fu": form.get(f"fu{seat}") or 30,
                        "yakuman": form.get(f"yakuman{seat}") or 0,
                        "pao": form.get(f"pao{seat}") or None,
                    }
                )
        return validate({"kind": "win", "winners": winners, "from": form.get("from"), "riichi": riichi})
    if kind == "draw":
        tenpai = [bool(form.get(f"tenpai{s}")) for s in range(4)]
        nagashi = [int(s) for s in getlist("nagashi") if str(s).isdigit()]
        return validate({"kind": "draw", "tenpai": tenpai, "nagashi": nagashi, "riichi": riichi})
    if kind == "abort":
        return validate({"kind": "abort", "reason": form.get("reason"), "riichi": riichi})
    return validate({"kind": kind, "seat": form.get("seat")})


def describe(result: Mapping[str, Any], names: list[str]) -> str:
    """One line for people: 'Ann ron from Bob, 3 han 40 fu'."""
    kind = result["kind"]
    if kind == "chombo":
        return f"chombo by {names[result['seat']]}"
    if kind == "draw":
        ready = [names[s] for s, t in enumerate(result["tenpai"]) if t]
        text = "exhaustive draw, tenpai: " + (", ".join(ready) if ready else "nobody")
        if result.get("nagashi"):
            text += "; nagashi mangan: " + ", ".join(names[s] for s in result["nagashi"])
        return text
    if kind == "abort":
        return f"abortive draw ({ABORT_LABELS.get(result['reason'], result['reason'])})"
    parts = []
    for w in result["winners"]:
        value = f"{w['yakuman']}x yakuman" if w["yakuman"] else f"{w['han']} han {w['fu']} fu"
        if w.get("pao") is not None:
            value += f", {names[w['pao']]} liable (pao)"
        how = "tsumo" if result["from"] is None else f"ron from {names[result['from']]}"
        parts.append(f"{names[w['seat']]} {how}, {value}")
    return "; ".join(parts)


@dataclass(frozen=True)
class FormOptions:
    """What the record-hand form offers for a game's rule set: the abortive draws the preset has (mjai
    reason, label), whether it has nagashi mangan and liability (pao), and the fu the engine accepts."""

    abort_reasons: tuple[tuple[str, str], ...]
    nagashi: bool
    pao: bool
    fu_values: tuple[int, ...] = FU_VALUES
    fixed: bool = False  # fixed payments (the beginner preset, seed 000 "Scoring"): tokens, no fu asked
    unit: str = "points"


def form_options(rules_spec: Any) -> FormOptions:
    """The form's choices for a game's stored rule spec (engine/rules.py `resolve_rules`); every choice
    when the engine cannot resolve the rules (the replay then says why the scores are unavailable)."""
    from riichi_table.engine.errors import EngineError
    from riichi_table.engine.round_end import ABORTIVE_RULE
    from riichi_table.engine.rules import resolve_rules

    try:
        rules = resolve_rules(rules_spec)
    except EngineError:
        return FormOptions(tuple(ABORT_LABELS.items()), True, True)
    reasons = tuple(
        (reason, ABORT_LABELS[reason])
        for reason in ABORT_REASONS
        if ABORTIVE_RULE[reason] in rules.abortive_draws
    )
    fixed = rules.payment_mode == "fixed"
    return FormOptions(
        reasons,
        bool(rules.nagashi_mangan),
        bool(rules.liability),
        fixed=fixed,
        unit="tokens" if fixed else "points",
    )

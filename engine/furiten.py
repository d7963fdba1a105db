"""Furiten from a round's discard history, and the batch op `furiten`.

Three rules forbid a ron (a win on another player's discard) while a tsumo stays allowed:

- permanent: one of your waits is among your own discards (seed 001 "Furiten"; seed 003 "Furiten": yaku are
  ignored, every kind that completes the shape counts);
- temporary: a wait was discarded by another player since your own last discard and you did not ron it
  (seed 001 "Temporary Furiten"); it ends with your next discard;
- riichi: a wait was discarded by another player after your riichi (seed 001 "Riichi"; seed 002 3.3.14);
  it lasts for the rest of the hand.

>>> from engine.tiles import counts34, parse_tiles
>>> v = furiten_verdict(counts34(parse_tiles("123456789m1234s")), 0, parse_tiles("4s"), [], [])
>>> v.rule, v.tile.name
('permanent', '4s')
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Literal

from riichi_table.engine.errors import EngineError
from riichi_table.engine.hand import seat_waits, waits
from riichi_table.engine.rules import Rules, check_calls, resolve_rules
from riichi_table.engine.tiles import Tile, check_copies, counts34, kinds_to_notation, parse_tiles

FuritenRule = Literal["permanent", "temporary", "riichi"]
MELD_SIZES = {"chi": 3, "pon": 3, "kan": 4, "ankan": 4, "kakan": 4}


class RequestError(EngineError):
    """A batch request with a missing or malformed field."""


@dataclass(frozen=True, slots=True)
class FuritenVerdict:
    """Whether a waiting hand is furiten, by which rule, and which discard makes it so.

    `waits` are kinds 0..33; `tile` is the discard that forbids the ron (None when not furiten).
    """

    furiten: bool
    rule: FuritenRule | None
    tile: Tile | None
    waits: tuple[int, ...]

    @property
    def reason(self) -> str | None:
        """One line a person understands, or None when ron is allowed."""
        if self.tile is None:
            return None
        name = self.tile.name
        match self.rule:
            case "permanent":
                return f"permanent furiten: wait {name} is among your own discards"
            case "temporary":
                return f"temporary furiten: wait {name} was discarded since your last discard"
            case _:
                return f"riichi furiten: wait {name} was discarded after your riichi"


def furiten_verdict(
    counts: Sequence[int],
    meld_tiles: Sequence[Sequence[Tile]] | int,
    discards: Sequence[Tile],
    passed: Sequence[Tile],
    riichi_passed: Sequence[Tile],
    rules: Rules | None = None,
) -> FuritenVerdict:
    """Judge furiten for a waiting hand (`13 - 3m` concealed tiles as 34 counts).

    `discards` are the player's own discards in order (called ones included: they still count, seed 001),
    `passed` the tiles others discarded since the player's last discard, `riichi_passed` those discarded by
    others since the player's riichi. A hand that is not waiting is never furiten. `meld_tiles` are the tiles
    of each meld (a bare count, from older callers, means melds whose tiles are unknown); the waits are the
    seat's waits under `rules` (`engine.hand.seat_waits`).
    """
    rules = resolve_rules(rules)
    if isinstance(meld_tiles, int):
        found = waits(counts, meld_tiles, shapes=rules.hand_shapes)
    else:
        found = seat_waits(counts, meld_tiles, rules)
    return judge_furiten(tuple(found), discards, passed, riichi_passed)


def judge_furiten(
    wait_kinds: tuple[int, ...],
    discards: Sequence[Tile],
    passed: Sequence[Tile],
    riichi_passed: Sequence[Tile],
) -> FuritenVerdict:
    """Judge furiten for known waits (kinds), trying the rules in order: permanent, riichi, temporary."""
    wanted = set(wait_kinds)
    piles: tuple[tuple[FuritenRule, Sequence[Tile]], ...] = (
        ("permanent", discards),
        ("riichi", riichi_passed),
        ("temporary", passed),
    )
    for rule, pile in piles:
        for t in pile:
            if t.kind in wanted:
                return FuritenVerdict(True, rule, t, wait_kinds)
    return FuritenVerdict(False, None, None, wait_kinds)


# --- request parsing shared with engine.draw ------------------------------------------------------------


def parse_tile_field(request: dict[str, Any], key: str, default: str = "") -> list[Tile]:
    """Tiles of a notation-string field; a missing field takes `default`."""
    value = request.get(key, default)
    if not isinstance(value, str):
        raise RequestError(f"field {key!r} must be a tile string like '123m', got {value!r}")
    return parse_tiles(value)


def parse_melds(value: Any) -> list[tuple[str, list[Tile]]]:
    """The `melds` field of a request: `[{"kind": "chi"|"pon"|"kan"|"ankan"|"kakan", "tiles": "789m"}]`."""
    if value is None:
        return []
    if not isinstance(value, list):
        raise RequestError(f"field 'melds' must be a list of meld objects, got {value!r}")
    melds: list[tuple[str, list[Tile]]] = []
    for m in value:
        if not isinstance(m, dict):
            raise RequestError(f"a meld must be an object with 'kind' and 'tiles', got {m!r}")
        kind = m.get("kind")
        if kind not in MELD_SIZES:
            raise RequestError(f"bad meld kind {kind!r}: expected one of {', '.join(MELD_SIZES)}")
        tiles_text = m.get("tiles")
        if not isinstance(tiles_text, str):
            raise RequestError(f"meld 'tiles' must be a tile string like '789m', got {tiles_text!r}")
        tiles = parse_tiles(tiles_text)
        if len(tiles) != MELD_SIZES[kind]:
            raise RequestError(f"a {kind} has {MELD_SIZES[kind]} tiles, got {len(tiles)} in {tiles_text!r}")
        melds.append((kind, tiles))
    return melds


def parse_waiting_hand(
    hand_value: Any, melds_value: Any, rules: Rules
) -> tuple[list[Tile], list[tuple[str, list[Tile]]]]:
    """A waiting hand (`13 - 3m` concealed tiles) and its melds, checked for size and for the calls the
    rules allow (`engine.rules.check_calls`)."""
    if not isinstance(hand_value, str):
        raise RequestError(f"field 'hand' must be a tile string like '123m456p', got {hand_value!r}")
    hand = parse_tiles(hand_value)
    melds = parse_melds(melds_value)
    check_calls([kind for kind, _ in melds], rules)
    if len(melds) > 4:
        raise RequestError(f"a hand has at most 4 melds, got {len(melds)}")
    expected = 13 - 3 * len(melds)
    if len(hand) != expected:
        raise RequestError(
            f"hand {hand_value!r} has {len(hand)} tiles; "
            f"a waiting hand with {len(melds)} meld(s) has {expected}"
        )
    return hand, melds


def furiten_op(request: dict[str, Any]) -> dict[str, Any]:
    """The batch op `furiten`: `hand`, `melds`, `discards`, `passed`, `riichi_passed` -> `furiten`, `reason`.

    Also returns `rule` ("permanent" | "temporary" | "riichi" | null), `tile` (the forbidding discard or null)
    and `waits` (notation). Raises EngineError subclasses on bad input.
    """
    rules = resolve_rules(request.get("rules"))
    hand, melds = parse_waiting_hand(request.get("hand"), request.get("melds"), rules)
    discards = parse_tile_field(request, "discards")
    passed = parse_tile_field(request, "passed")
    riichi_passed = parse_tile_field(request, "riichi_passed")
    check_copies([hand, *(t for _, t in melds)])
    verdict = furiten_verdict(counts34(hand), [t for _, t in melds], discards, passed, riichi_passed, rules)
    return {
        "furiten": verdict.furiten,
        "reason": verdict.reason,
        "rule": verdict.rule,
        "tile": verdict.tile.name if verdict.tile else None,
        "waits": kinds_to_notation(verdict.waits),
    }

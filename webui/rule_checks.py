"""Rule overrides checked for sense at the web boundary (the engine checks names and types; this module
checks ranges and consistency), each refusal naming the field, the value and what is expected."""

from __future__ import annotations

from typing import Any

from riichi_table.webui.errors import WebError

# Fields whose value is a number of points: whole hundreds, with the range that makes a game playable.
_POINTS: dict[str, tuple[int, int]] = {
    "return_points": (0, 1_000_000),
    "oka": (0, 1_000_000),
    "honba_value": (0, 10_000),
    "riichi_deposit": (0, 10_000),
    "noten_payment": (0, 100_000),
    "noten_payment_three_player": (0, 100_000),
    "noten_payment_two_player": (0, 100_000),
    "chombo_points": (0, 1_000_000),
    "extra_round_target": (0, 1_000_000),
}
# Small counts: (low, high).
_COUNTS: dict[str, tuple[int, int]] = {
    "fixed_tsumo_from_dealer": (0, 100),
    "fixed_tsumo_from_non_dealer": (0, 100),
    "fixed_ron_dealer": (0, 100),
    "fixed_ron_non_dealer": (0, 100),
    "noten_pool_per_player": (0, 100),
    "riichi_min_wall": (0, 70),
    "max_kans": (0, 4),
    "renhou_han": (0, 13),
    "double_wind_pair_fu": (0, 4),
    "open_pinfu_ron_fu": (20, 40),
}


class RuleOverrideError(WebError):
    """A rule override out of range or inconsistent with the others."""


def check_rules(rules: Any) -> None:
    """Refuse rules no table can play: RuleOverrideError naming the first field that is out of range.

    `rules` is the engine's resolved `Rules` (engine.rules.resolve_rules). A fixed-payment (beginner)
    preset counts in tokens, so its starting points may be small; every other preset counts in points.
    """
    fixed = getattr(rules, "payment_mode", "standard") == "fixed"
    start = int(rules.starting_points)
    if fixed:
        if not 1 <= start <= 10_000:
            raise RuleOverrideError(f"starting_points: expected 1..10000 tokens, got {start}")
    elif not 1_000 <= start <= 1_000_000 or start % 100:
        raise RuleOverrideError(f"starting_points: expected whole hundreds from 1000 to 1000000, got {start}")
    for name, (low, high) in _POINTS.items():
        value = int(getattr(rules, name, 0))
        if not low <= value <= high or (value % 100 and not fixed):
            raise RuleOverrideError(f"{name}: expected whole hundreds from {low} to {high}, got {value}")
    for name, (low, high) in _COUNTS.items():
        value = int(getattr(rules, name, low))
        if not low <= value <= high:
            raise RuleOverrideError(f"{name}: expected {low}..{high}, got {value}")
    uma = list(rules.uma)
    if len(uma) != 4 or sum(uma) != 0:
        raise RuleOverrideError(f"uma: expected four values for places 1..4 that add up to 0, got {uma}")
    if uma != sorted(uma, reverse=True):
        raise RuleOverrideError(
            f"uma: expected first place's to be the largest and last's the smallest, got {uma}"
        )
    reds = list(rules.red_fives)
    if len(reds) != 3 or not all(0 <= r <= 4 for r in reds):
        raise RuleOverrideError(f"red_fives: expected three counts 0..4 (man, pin, sou), got {reds}")
    if not fixed and int(rules.return_points) < start:
        raise RuleOverrideError(
            f"return_points ({rules.return_points}) is below starting_points ({start}): every player would "
            "start with a bonus; expected return_points >= starting_points"
        )

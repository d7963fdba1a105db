"""A cheap cache key for a request's rule overrides (`rules.resolve_rules` remembers the rules it built).

Its own module so that it is compiled with the engine (docs/engine.md "The compiled engine") while rules.py
stays Python: a batch makes one key per request, and compiled, the loop below runs over the values in C.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

# The rules already built from overrides, by `plain_key` (or by their JSON text where it gives None): filled
# and bounded by rules.resolve_rules. Kept here, in compiled code, so that the batch protocol
# (engine/batch.py) finds a batch's usual overrides without a call into rules.py's Python code (a tenth of
# the reading of a score request).
RESOLVED: Final[dict[object, object]] = {}


def plain_key(spec: Mapping[str, object]) -> tuple[object, ...] | None:
    """A key for overrides whose values are strings, booleans, whole numbers or lists of them (what JSON
    requests send): each value with its type, so true and 1 stay apart; None for anything else."""
    key: list[tuple[object, ...]] = []
    for name, value in spec.items():
        kind = type(value)
        if kind is list:
            items: list[object] = value  # type: ignore[assignment]
            types: list[type] = []
            for item in items:
                item_kind = type(item)
                if item_kind is not str and item_kind is not bool and item_kind is not int:
                    return None
                types.append(item_kind)
            key.append((name, list, tuple(types), tuple(items)))
        elif kind is str or kind is bool or kind is int:
            key.append((name, kind, value))
        else:
            return None
    return tuple(key)


def same_overrides(spec: dict[str, object], known: dict[str, object]) -> bool:
    """Whether `spec` holds the fields of `known` with equal values of the same types (true and 1 apart),
    every value a string, boolean, whole number or list of them: then `plain_key` makes equal keys of both
    (up to the order of the fields, which the rules do not depend on). False for anything else.

    A batch sends the same overrides line after line: comparing a request's with the last one's costs a
    fraction of making and hashing its key (its strings are new objects, their hashes not yet worked out).
    """
    if len(spec) != len(known):
        return False
    for name, value in spec.items():
        other = known.get(name)
        kind = type(value)
        if kind is not type(other):
            return False
        if kind is list:
            items: list[object] = value  # type: ignore[assignment]
            others: list[object] = other  # type: ignore[assignment]
            if len(items) != len(others):
                return False
            for i in range(len(items)):
                item = items[i]
                item_kind = type(item)
                if item_kind is not str and item_kind is not bool and item_kind is not int:
                    return False
                if item_kind is not type(others[i]) or item != others[i]:
                    return False
        elif (kind is not str and kind is not bool and kind is not int) or value != other:
            return False
    return True

"""A cheap cache key for a request's rule overrides (`rules.resolve_rules` remembers the rules it built).

Its own module so that it is compiled with the engine (docs/engine.md "The compiled engine") while rules.py
stays Python: a batch makes one key per request, and compiled, the loop below runs over the values in C.
"""

from __future__ import annotations

from collections.abc import Mapping


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

"""The per-suit splits behind every reading (engine/decompose.py `_suit_splits`) against a plain enumeration:
every multiset of up to four sets of one suit, with or without a pair, made directly."""

from __future__ import annotations

from collections import defaultdict
from itertools import combinations_with_replacement

import pytest
from riichi_table.engine.decompose import _suit_splits

Split = tuple[int, tuple[tuple[str, int], ...]]


def _every_complete_suit(honor: bool) -> dict[tuple[int, ...], set[Split]]:
    """Each count vector of nine kinds (seven for honors) that splits into sets (and one pair), with every
    split of it, as (pair kind or -1, sorted (shape, kind) sets); no kind held more than four times."""
    kinds = 7 if honor else 9
    groups = [("pon", k) for k in range(kinds)] + ([] if honor else [("chi", k) for k in range(7)])
    found: dict[tuple[int, ...], set[Split]] = defaultdict(set)
    for size in range(5):
        for sets in combinations_with_replacement(groups, size):
            counts = [0] * 9
            for shape, k in sets:
                for kind in (k, k, k) if shape == "pon" else (k, k + 1, k + 2):
                    counts[kind] += 1
            for pair in [-1, *range(kinds)]:
                with_pair = list(counts)
                if pair >= 0:
                    with_pair[pair] += 2
                if max(with_pair) <= 4:
                    found[tuple(with_pair)].add((pair, tuple(sorted(sets))))
    return found


def _key(counts: tuple[int, ...]) -> int:
    return sum(n << (8 * i) for i, n in enumerate(counts))


@pytest.mark.parametrize(("honor", "start"), [(False, 0), (False, 18), (True, 27)])
def test_every_complete_suit_splits_as_the_plain_enumeration_says(honor: bool, start: int) -> None:
    expected = _every_complete_suit(honor)
    assert len(expected) > (400 if honor else 20_000)
    for counts, splits in expected.items():
        got = _suit_splits(_key(counts), start, honor)
        assert len(set(got)) == len(got), counts  # no split twice
        as_plain = {
            (pair - start if pair >= 0 else -1, tuple(sorted((g.shape, g.kind - start) for g in sets)))
            for pair, sets in got
        }
        assert as_plain == splits, counts
        assert all(g.concealed for _, sets in got for g in sets)


@pytest.mark.parametrize("counts", [(1,), (1, 1), (2, 2), (0, 1, 0, 1), (4, 1), (3, 1, 1, 1, 1, 1, 1, 1, 2)])
def test_a_suit_that_does_not_split_has_no_splits(counts: tuple[int, ...]) -> None:
    assert _suit_splits(_key(counts), 0, False) == ()

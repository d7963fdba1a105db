"""Hand analysis: shanten, waits, tenpai (seed 002 3.3.13), decompositions."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from riichi_table.engine.decompose import decompositions
from riichi_table.engine.hand import (
    counts_of,
    is_complete,
    is_tenpai,
    list_suit_keys,
    shanten,
    suit_keys,
    waits,
)
from riichi_table.engine.tiles import kinds_to_notation


@pytest.mark.parametrize(
    ("hand", "melds", "expected"),
    [
        ("123456789m1122z", 0, "12z"),
        ("1112345678999m", 0, "123456789m"),  # pure nine gates: all nine
        ("19m19p19s1234567z", 0, "19m19p19s1234567z"),  # thirteen-sided orphans
        ("19m19p19s1234566z", 0, "7z"),
        ("1122334455667z", 0, "7z"),  # seven pairs tanki
        ("2345m", 3, "25m"),
        ("5m", 4, "5m"),
        ("13m", 4, ""),
    ],
)
def test_waits_of_a_hand(hand: str, melds: int, expected: str) -> None:
    assert kinds_to_notation(waits(counts_of(hand), melds)) == expected


def test_a_hand_waiting_only_on_a_tile_it_holds_four_of_is_not_tenpai() -> None:
    # seed 002 3.3.13: not tenpai when waiting only for a tile of which he already has 4
    counts = counts_of("1111m")
    assert waits(counts, 3) == [] and not is_tenpai(counts, 3) and shanten(counts, 3) == 1


def test_a_hand_with_another_wait_besides_the_fourth_copy_is_tenpai() -> None:
    # seed 002 3.3.13: 1111m23m waits on 1m and 4m; 1m is impossible, 4m stays
    assert kinds_to_notation(waits(counts_of("1111234m"), 2)) == "4m"


def test_seven_pairs_with_four_of_a_kind_is_not_tenpai_on_the_pair() -> None:
    # 001 table: seven pairs are seven different pairs
    assert waits(counts_of("1111m22p33p44s55s6z"), 0) == []


@pytest.mark.parametrize(
    ("hand", "melds", "expected"),
    [
        ("123456789m1122z", 0, 0),
        ("123456789m11122z", 0, -1),
        ("19m19p19s123456z1p", 0, 0),
        ("1357m2468p1357s9m", 0, 4),
        ("1122m3344p5566s7z", 0, 0),
    ],
)
def test_shanten(hand: str, melds: int, expected: int) -> None:
    assert shanten(counts_of(hand), melds) == expected


def test_every_decomposition_of_a_complete_hand_is_listed() -> None:
    # 111222333m: three pon or three identical chi
    found = decompositions(counts_of("111222333m55p789s"))
    shapes = sorted(tuple(c for _, c in sets) for _, sets in found)
    assert len(found) == 2
    assert (False, False, False, True) in [tuple(sorted(s)) for s in shapes]


def _random_hand(seed: int, tiles: int) -> list[int]:
    rng = random.Random(seed)
    wall = [k for k in range(34) for _ in range(4)]
    counts = [0] * 34
    for k in rng.sample(wall, tiles):
        counts[k] += 1
    return counts


@settings(max_examples=300, deadline=None)
@given(st.integers(0, 2**32), st.sampled_from([0, 1, 2, 3]))
def test_a_wait_is_exactly_a_tile_that_completes_the_hand(seed: int, melds: int) -> None:
    counts = _random_hand(seed, 13 - 3 * melds)
    found = waits(counts, melds)
    for k in range(34):
        if counts[k] == 4:
            continue
        counts[k] += 1
        assert is_complete(counts, melds) == (k in found)
        counts[k] -= 1


@settings(max_examples=200, deadline=None)
@given(st.integers(0, 2**32))
def test_shanten_zero_means_tenpai_and_drawing_a_wait_completes(seed: int) -> None:
    counts = _random_hand(seed, 13)
    assert (shanten(counts, 0) == 0) == is_tenpai(counts, 0)


@settings(max_examples=200, deadline=None)
@given(st.integers(0, 2**32))
def test_one_tile_changes_shanten_by_at_most_one(seed: int) -> None:
    counts = _random_hand(seed, 13)
    before = shanten(counts, 0)
    k = next(k for k in range(34) if counts[k] < 4)
    counts[k] += 1
    after = shanten(counts, 0)
    assert before - 1 <= after <= before


def _splits_into_sets(counts: list[int], pair_left: bool) -> bool:
    """Reference: the textbook recursion (take the lowest kind as pon, chi or the pair), no tables."""
    i = next((k for k, c in enumerate(counts) if c), None)
    if i is None:
        return not pair_left
    ok = False
    if counts[i] >= 3:
        counts[i] -= 3
        ok = _splits_into_sets(counts, pair_left)
        counts[i] += 3
    if not ok and pair_left and counts[i] >= 2:
        counts[i] -= 2
        ok = _splits_into_sets(counts, False)
        counts[i] += 2
    if not ok and i < 27 and i % 9 <= 6 and counts[i + 1] and counts[i + 2]:
        for k in (i, i + 1, i + 2):
            counts[k] -= 1
        ok = _splits_into_sets(counts, pair_left)
        for k in (i, i + 1, i + 2):
            counts[k] += 1
    return ok


@settings(max_examples=300, deadline=None)
@given(st.integers(0, 2**32), st.sampled_from([1, 2, 3, 4]))
def test_table_driven_waits_agree_with_the_textbook_recursion(seed: int, melds: int) -> None:
    # engine/hand.py tables vs a plain recursion; hands with melds (no seven pairs / orphans)
    rng = random.Random(seed)
    counts = [0] * 34
    suit = rng.randrange(4)
    kinds = list(range(27, 34)) if suit == 3 else list(range(9 * suit, 9 * suit + 9))
    while sum(counts) < 13 - 3 * melds:  # one suit: dense shapes with many waits
        k = rng.choice(kinds)
        if counts[k] < 4:
            counts[k] += 1
    expected = []
    for k in range(34):
        if counts[k] < 4:
            counts[k] += 1
            if _splits_into_sets(counts, True):
                expected.append(k)
            counts[k] -= 1
    assert waits(counts, melds) == expected


@pytest.mark.parametrize("as_sequence", [list, tuple, "numpy"], ids=["list", "tuple", "numpy-array"])
def test_suit_keys_pack_each_suit_one_byte_per_kind_whatever_the_sequence(as_sequence: object) -> None:
    counts = counts_of("1239m44p0s777z")
    if as_sequence == "numpy":
        np = pytest.importorskip("numpy")
        given: object = np.array(counts)  # its own buffer holds 8 bytes per count: the values must be read
    else:
        given = as_sequence(counts)  # type: ignore[operator]
    assert suit_keys(given) == (  # type: ignore[arg-type]
        int.from_bytes(bytes([1, 1, 1, 0, 0, 0, 0, 0, 1]), "little"),
        2 << 24,
        1 << 32,
        3 << 48,
    )


def test_list_suit_keys_packs_every_count_as_suit_keys_does() -> None:
    # the scorer's shift-based packing must give the very ints of the bytes-based one, a ninth kind held
    # (beyond a machine word) included
    rng = random.Random(7)
    hands = [[4 if k in (8, 17, 26) else 0 for k in range(34)], [0] * 34, [4] * 34]
    hands += [[rng.choice((0, 0, 1, 2, 3, 4)) for _ in range(34)] for _ in range(300)]
    for counts in hands:
        assert list_suit_keys(counts) == suit_keys(counts), counts

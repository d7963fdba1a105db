"""Hand analysis on 34-count tuples: completeness, shanten, waits, tenpai.

A hand is a sequence of 34 counts (kinds 0..33) of its concealed tiles; `meld_count` is the number of
called or declared sets (kans count as one set), so a 13-tile-equivalent hand holds `13 - 3 * meld_count`
tiles.

How it is fast (the per-suit tables of Mortal's libriichi, built the Python way): each suit (9 kinds, honors
7) is packed into an int with one byte per kind (`int.from_bytes(bytes(counts[0:9]), "little")`, done in C).
Every complete suit pattern (up to four sets, with or without one pair, at most four copies of a kind) is
enumerated once into two frozensets (2,869 + 18,874 patterns for a number suit, 99 + 399 for honors),
shipped as a generated file read at import (engine/suit_patterns.py). A suit's verdict ("complete without a
pair / with a pair / not complete", and which kinds would complete it) is then a few set look-ups, cached
per pattern (`functools.cache`), and a hand's waits combine four cached verdicts. Shanten is the classic
block count (complete sets, partial sets, a pair: `8 - 2*sets - partials - pair`, partials capped so that
sets + partials <= 4), maximised over every way of cutting each suit into blocks; seven pairs and thirteen
orphans use their own formulas.

>>> waits(counts_of("123456789m1122z"), 0)
[27, 28]
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from typing import Final

from riichi_table.engine import suit_patterns
from riichi_table.engine.rules import ALL_HAND_SHAPES, HandShape, Rules
from riichi_table.engine.tiles import KIND_COUNT, Tile, parse_tiles

_ORPHANS: Final = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)
_SUIT_STARTS: Final = (0, 9, 18, 27)
# the bytes of kinds 2..8 of a number suit: a suit key with none of them holds terminals only
SIMPLES_MASK: Final = int.from_bytes(bytes([0, 255, 255, 255, 255, 255, 255, 255, 0]), "little")
_INCOMPLETE: Final = 9  # a suit's "pairs" value when it is not complete: any sum with it exceeds one pair


def counts_of(text: str) -> tuple[int, ...]:
    """34 counts of a notation string (a convenience for tests and docs)."""
    counts = [0] * KIND_COUNT
    for t in parse_tiles(text):
        counts[t.kind] += 1
    return tuple(counts)


_NINE_BYTES: Final = (1 << 72) - 1
_SEVEN_BYTES: Final = (1 << 56) - 1


def suit_keys(counts: Sequence[int]) -> tuple[int, int, int, int]:
    """Pack the man, pin, sou and honor counts into ints, one byte per kind (kind 1 of a suit lowest)."""
    # one int of all 34 bytes, cut into suits: cheaper than a slice, bytes and int per suit; a list first, as
    # bytes() would read another sequence's buffer (a numpy array's) rather than its values
    whole = int.from_bytes(bytes(counts if type(counts) is list else list(counts)), "little")
    return (
        whole & _NINE_BYTES,
        whole >> 72 & _NINE_BYTES,
        whole >> 144 & _NINE_BYTES,
        whole >> 216 & _SEVEN_BYTES,
    )


def list_suit_keys(c: list[int]) -> tuple[int, int, int, int]:
    """`suit_keys` of a list of Python ints 0..4 (the scorer's own counts), by shifts: compiled, the first
    eight kinds of a suit fit a machine word (a count is below 2**3, so kind 8's byte ends below bit 59)
    and only a ninth kind held makes a big int, where `suit_keys` makes bytes and calls int.from_bytes."""
    man = (c[0] | c[1] << 8 | c[2] << 16 | c[3] << 24) | (c[4] << 32 | c[5] << 40 | c[6] << 48 | c[7] << 56)
    pin = (c[9] | c[10] << 8 | c[11] << 16 | c[12] << 24) | (c[13] << 32 | c[14] << 40 | c[15] << 48)
    pin |= c[16] << 56
    sou = (c[18] | c[19] << 8 | c[20] << 16 | c[21] << 24) | (c[22] << 32 | c[23] << 40 | c[24] << 48)
    sou |= c[25] << 56
    honor = (c[27] | c[28] << 8 | c[29] << 16 | c[30] << 24) | (c[31] << 32 | c[32] << 40 | c[33] << 48)
    return (
        man | c[8] << 64 if c[8] else man,
        pin | c[17] << 64 if c[17] else pin,
        sou | c[26] << 64 if c[26] else sou,
        honor,
    )


# --- complete shapes ---------------------------------------------------------------------------------------

# [0] for a number suit, [1] for honors: every complete suit pattern, as a suit key (engine/suit_patterns.py)
_NUMBER_SETS, _NUMBER_PAIRED, _HONOR_SETS, _HONOR_PAIRED = suit_patterns.load()
# (keys `mixed`: a pattern `key` is there when `mixed_key(key)` is)
SETS_ONLY: Final = (_NUMBER_SETS, _HONOR_SETS)
SETS_AND_PAIR: Final = (_NUMBER_PAIRED, _HONOR_PAIRED)


def mixed_key(key: int) -> int:
    """`suit_patterns.mixed(key)`, compiled with its callers (tests/engine/test_suit_patterns.py)."""
    return key ^ ((key >> 19) & 0x3FFFF) ^ ((key >> 37) & 0x3FFFF) ^ (key >> 55)


@cache
def suit_verdict(key: int, honor: bool) -> tuple[int, int, int]:
    """(pairs, wait_mask, wait_pairs) of one suit pattern.

    `pairs` is 0 when the suit splits into sets only, 1 into sets and one pair, `_INCOMPLETE` otherwise.
    `wait_mask` has bit i set when one more tile of the suit's kind i (held fewer than four times) makes the
    suit complete, and `wait_pairs` is the pair count the suit then has.
    """
    h = int(honor)
    mixed = mixed_key(key)
    pairs = 0 if mixed in SETS_ONLY[h] else 1 if mixed in SETS_AND_PAIR[h] else _INCOMPLETE
    n = sum(key.to_bytes(9, "little"))
    if n % 3 == 0:
        return pairs, 0, 0
    target, wait_pairs = (SETS_ONLY[h], 0) if n % 3 == 2 else (SETS_AND_PAIR[h], 1)
    mask = 0
    for i in range(7 if honor else 9):
        if (key >> (8 * i)) & 255 < 4 and mixed_key(key + (1 << (8 * i))) in target:
            mask |= 1 << i
    return pairs, mask, wait_pairs


def is_complete_regular(counts: Sequence[int]) -> bool:
    """Four sets and a pair (less the melds): the concealed part splits into sets and one pair."""
    km, kp, ks, kz = suit_keys(counts)
    pairs = (
        suit_verdict(km, False)[0]
        + suit_verdict(kp, False)[0]
        + suit_verdict(ks, False)[0]
        + suit_verdict(kz, True)[0]
    )
    return pairs == 1


def is_chiitoitsu(counts: Sequence[int]) -> bool:
    """Seven different pairs (001 table: no two identical pairs)."""
    return list(counts).count(2) == 7


def is_kokushi(counts: Sequence[int]) -> bool:
    """One of each terminal and honor plus one duplicate of them (001 table)."""
    return (
        sum(counts) == 14 and all(counts[k] >= 1 for k in _ORPHANS) and sum(counts[k] for k in _ORPHANS) == 14
    )


def is_complete(
    counts: Sequence[int], meld_count: int = 0, shapes: Sequence[HandShape] = ALL_HAND_SHAPES
) -> bool:
    """Whether concealed tiles plus `meld_count` sets form a winning shape the rules count (`shapes`: seed
    000 "Complete hand" counts four sets and a pair only)."""
    if meld_count == 0 and (
        ("chiitoitsu" in shapes and is_chiitoitsu(counts)) or ("kokushi" in shapes and is_kokushi(counts))
    ):
        return True
    return is_complete_regular(counts)


# --- shanten
# -------------------------------------------------------------------------------------------------


_EMPTY_TABLE: Final = (0, -1, -1, -1, -1, -1, -1, -1, -1, -1)


@cache
def _tail(counts: tuple[int, ...], honor: bool) -> tuple[int, ...]:
    """best[p * 5 + m] = most partial sets alongside m complete sets and p pairs in these counts (-1: none).

    Partial sets are two tiles one tile short of a set (a pair, two adjacent, two one apart); m and the
    partial count are capped at 4, which is all the shanten formula can use. Memoised on the remaining
    counts from the first tile on, so suffixes are shared between suit patterns.
    """
    i = 0
    while i < len(counts) and counts[i] == 0:
        i += 1
    if i == len(counts):
        return _EMPTY_TABLE
    if i:
        return _tail(counts[i:], honor)
    best = [-1] * 10

    def use(rest: list[int], dm: int, dt: int, dp: int) -> None:
        sub = _tail(tuple(rest), honor)
        for idx in range(10):
            t = sub[idx]
            if t < 0:
                continue
            p, m = divmod(idx, 5)
            if p + dp > 1:
                continue
            j = (p + dp) * 5 + min(m + dm, 4)
            t = min(t + dt, 4)
            if t > best[j]:
                best[j] = t

    c = list(counts)
    n = len(c)
    if c[0] >= 3:
        use([c[0] - 3, *c[1:]], 1, 0, 0)
    if not honor and n >= 3 and c[1] and c[2]:
        use([c[0] - 1, c[1] - 1, c[2] - 1, *c[3:]], 1, 0, 0)
    if c[0] >= 2:
        rest = [c[0] - 2, *c[1:]]
        use(rest, 0, 0, 1)
        use(rest, 0, 1, 0)
    if not honor:
        for gap in (1, 2):
            if gap < n and c[gap]:
                rest = list(c)
                rest[0] -= 1
                rest[gap] -= 1
                use(rest, 0, 1, 0)
    use([c[0] - 1, *c[1:]], 0, 0, 0)
    return tuple(best)


@cache
def _block_options(key: int, honor: bool) -> tuple[tuple[int, int, int], ...]:
    """The `_tail` table of one packed suit pattern as (sets, pairs, partials) options, leaving out any option
    another beats on sets and partials with the same pairs (more of either never raises shanten)."""
    table = _tail(tuple(key.to_bytes(7 if honor else 9, "little")), honor)
    options = [(idx % 5, idx // 5, t) for idx, t in enumerate(table) if t >= 0]
    return tuple(
        o
        for o in options
        if not any(q != o and q[1] == o[1] and q[0] >= o[0] and q[2] >= o[2] for q in options)
    )


def shanten_regular(counts: Sequence[int], meld_count: int = 0) -> int:
    """Shanten of the four-sets-and-a-pair shape (0 = tenpai, -1 = complete)."""
    keys = suit_keys(counts)
    # states[sets * 2 + pairs] = most partial sets so far
    states = {min(meld_count, 4) * 2: 0}
    for s in range(4):
        if not keys[s]:
            continue
        merged: dict[int, int] = {}
        for state, t0 in states.items():
            m0, p0 = divmod(state, 2)
            for m1, p1, t1 in _block_options(keys[s], s == 3):
                if p0 + p1 > 1:
                    continue
                k = min(m0 + m1, 4) * 2 + p0 + p1
                t = t0 + t1
                if merged.get(k, -1) < t:
                    merged[k] = t
        states = merged
    best = 8
    for state, t in states.items():
        m, p = divmod(state, 2)
        value = 8 - 2 * m - min(t, 4 - m) - p
        if value < best:
            best = value
    return best


def shanten_chiitoitsu(counts: Sequence[int]) -> int:
    """Seven pairs: 6 - pairs, plus the kinds still missing when fewer than seven kinds are held."""
    c = counts if type(counts) is list else list(counts)
    kinds = len(c) - c.count(0)
    pairs = kinds - c.count(1)
    return 6 - pairs + max(0, 7 - kinds)


def shanten_kokushi(counts: Sequence[int]) -> int:
    """Thirteen orphans: 13 - different orphans held - (1 if any orphan is doubled)."""
    orphans = [counts[k] for k in _ORPHANS]
    return 13 - (13 - orphans.count(0)) - int(max(orphans) >= 2)


def shanten(counts: Sequence[int], meld_count: int = 0, shapes: Sequence[HandShape] = ALL_HAND_SHAPES) -> int:
    """Shanten of a hand: the best of regular, seven pairs and thirteen orphans (closed hands only).

    0 means tenpai in the sense of seed 002 3.3.13 (a hand whose only waits are tiles it holds all four of
    counts 1); -1 means the tiles already form a winning shape.
    """
    value = shanten_regular(counts, meld_count)
    if meld_count == 0:
        if "chiitoitsu" in shapes:
            value = min(value, shanten_chiitoitsu(counts))
        if "kokushi" in shapes:
            value = min(value, shanten_kokushi(counts))
    if value == 0 and sum(counts) % 3 == 1 and not waits(counts, meld_count, shapes=shapes):
        return 1
    return value


# --- waits
# ---------------------------------------------------------------------------------------------------


@cache
def _kinds_of(mask: int, start: int) -> tuple[int, ...]:
    """The kinds `start + i` for the bits i set in `mask`."""
    return tuple(start + i for i in range(9) if mask >> i & 1)


def waits(
    counts: Sequence[int],
    meld_count: int = 0,
    *,
    melded: Sequence[int] = (),
    shapes: Sequence[HandShape] = ALL_HAND_SHAPES,
) -> list[int]:
    """Kinds that complete a hand of `13 - 3 * meld_count` tiles, sorted.

    Kinds the player already holds all four of are left out: no fifth copy can come (seed 002 3.3.13); the
    tiles of the player's melds count too (`melded`: their kinds, one entry per tile). Seven pairs and
    thirteen orphans count only for a hand without melds, and only where the rules count those shapes
    (`shapes`; seed 000 "Complete hand": four sets and a pair only). `seat_waits` is the one entry point for
    a seat's hand under a rule set; the game, the ops and the draw all use it.

    A tile of suit s completes the hand when every other suit is already complete and the pairs add up to
    one: the other suits' pairs plus the pair suit s has once completed (`suit_verdict`).
    """
    c = counts if type(counts) is list else list(counts)
    keys = suit_keys(c)
    verdicts = (
        suit_verdict(keys[0], False),
        suit_verdict(keys[1], False),
        suit_verdict(keys[2], False),
        suit_verdict(keys[3], True),
    )
    pairs = verdicts[0][0] + verdicts[1][0] + verdicts[2][0] + verdicts[3][0]
    found: list[int] = []
    if pairs <= 1 + _INCOMPLETE:  # with two suits incomplete no single tile completes the hand
        for s in range(4):
            own, mask, wait_pairs = verdicts[s]
            if mask and pairs - own + wait_pairs == 1:
                found += _kinds_of(mask, _SUIT_STARTS[s])
    if meld_count == 0:
        extra: list[int] = []
        if c.count(2) == 6 and c.count(1) == 1 and "chiitoitsu" in shapes:
            extra.append(c.index(1))
        if (
            not (keys[0] | keys[1] | keys[2]) & SIMPLES_MASK
            and sum(c[k] for k in _ORPHANS) == 13
            and "kokushi" in shapes
        ):
            missing = [k for k in _ORPHANS if not c[k]]
            if not missing:
                extra.extend(_ORPHANS)
            elif len(missing) == 1:
                extra.append(missing[0])
        if extra:
            found = sorted(set(found).union(extra))
    if melded:
        found = [k for k in found if c[k] + melded.count(k) < 4]
    return found


def seat_waits(concealed: Sequence[int], meld_tiles: Sequence[Sequence[Tile]], rules: Rules) -> list[int]:
    """The waits of a seat's 13-tile-equivalent hand (`concealed`: 34 counts) with its melds (`meld_tiles`:
    each meld's tiles) under `rules`: the hand shapes the rules count, and no wait on a kind the seat holds
    all four of, melds included (seed 002 3.3.13)."""
    melded = [t.kind for m in meld_tiles for t in m]
    return waits(concealed, len(meld_tiles), melded=melded, shapes=rules.hand_shapes)


def is_tenpai(counts: Sequence[int], meld_count: int = 0) -> bool:
    """Tenpai per seed 002 3.3.13: at least one wait that is not a tile the hand holds all four of.

    Still tenpai when every wait is visible among discards and melds (those are not counted here).
    """
    return bool(waits(counts, meld_count))


def shanten_and_waits(
    counts: Sequence[int], meld_tiles: Sequence[Sequence[Tile]], rules: Rules
) -> tuple[int, list[int]]:
    """Both at once for a seat's 13-tile-equivalent hand (`seat_waits`): a hand with waits is tenpai, so
    shanten is only computed (the costlier part) when there are none."""
    found = seat_waits(counts, meld_tiles, rules)
    if found:
        return 0, found
    return max(shanten(counts, len(meld_tiles), rules.hand_shapes), 1), found

"""Hand analysis on 34-count tuples: completeness, shanten, waits, tenpai.

A hand is a sequence of 34 counts (kinds 0..33) of its concealed tiles; `meld_count` is the number of
called or
declared sets (kans count as one set), so a 13-tile-equivalent hand holds `13 - 3 * meld_count` tiles.

How it is fast: each suit (9 kinds, honors 7) is packed into an int with three bits per kind, and every
per-suit
question ("does this suit split into sets, with or without one pair?", "what blocks can it hold?") is answered
once per distinct suit pattern and cached (`functools.cache`), the way Mortal's libriichi keeps per-suit
tables;
only patterns that actually occur are computed, so start-up stays instant. Shanten is the classic block count
(complete sets, partial sets, a pair: `8 - 2*sets - partials - pair`, partials capped so that sets + partials
<= 4), maximised over every way of cutting each suit into blocks; seven pairs and thirteen orphans use
their own
formulas. Waits try every kind that could matter and ask the per-suit cache whether the hand is then complete.

>>> waits(counts_of("123456789m1122z"), 0)
[27, 28]
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

from engine.tiles import COPIES, KIND_COUNT, parse_tiles

_ORPHANS = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)
_SUIT_STARTS = (0, 9, 18, 27)


def counts_of(text: str) -> tuple[int, ...]:
    """34 counts of a notation string (a convenience for tests and docs)."""
    counts = [0] * KIND_COUNT
    for t in parse_tiles(text):
        counts[t.kind] += 1
    return tuple(counts)


def suit_keys(counts: Sequence[int]) -> tuple[int, int, int, int]:
    """Pack the man, pin, sou and honor counts into ints, three bits per kind."""
    keys = [0, 0, 0, 0]
    for s, start in enumerate(_SUIT_STARTS):
        key = 0
        for i in range(8 if s < 3 else 6, -1, -1):
            key = (key << 3) | counts[start + i]
        keys[s] = key
    return keys[0], keys[1], keys[2], keys[3]


def _unpack(key: int, length: int) -> list[int]:
    return [(key >> (3 * i)) & 7 for i in range(length)]


# --- complete shapes ---------------------------------------------------------------------------------------


@cache
def _sets_only(key: int, honor: bool) -> bool:
    """Whether a suit pattern splits into sets (pon/chi) with nothing left."""
    if key == 0:
        return True
    i = 0
    while (key >> (3 * i)) & 7 == 0:
        i += 1
    c = (key >> (3 * i)) & 7
    if c >= 3 and _sets_only(key - (3 << (3 * i)), honor):
        return True
    if not honor and i <= 6:
        step = (1 << (3 * i)) | (1 << (3 * i + 3)) | (1 << (3 * i + 6))
        if (key >> (3 * i + 3)) & 7 and (key >> (3 * i + 6)) & 7:
            return _sets_only(key - step, honor)
    return False


@cache
def _sets_and_pair(key: int, honor: bool) -> bool:
    """Whether a suit pattern splits into sets and exactly one pair."""
    length = 7 if honor else 9
    return any((key >> (3 * i)) & 7 >= 2 and _sets_only(key - (2 << (3 * i)), honor) for i in range(length))


def _suit_complete(key: int, honor: bool) -> bool:
    """Sets only when the suit's tile count is 0 mod 3, sets and a pair when 2 mod 3."""
    n = 0
    k = key
    while k:
        n += k & 7
        k >>= 3
    r = n % 3
    if r == 0:
        return _sets_only(key, honor)
    if r == 2:
        return _sets_and_pair(key, honor)
    return False


def is_complete_regular(counts: Sequence[int]) -> bool:
    """Four sets and a pair (less the melds): the concealed part splits into sets and one pair."""
    keys = suit_keys(counts)
    pairs = 0
    for s in range(4):
        key = keys[s]
        if key and not _suit_complete(key, s == 3):
            return False
        if key:
            n = sum(_unpack(key, 9))
            pairs += n % 3 == 2
    return pairs == 1


def is_chiitoitsu(counts: Sequence[int]) -> bool:
    """Seven different pairs (001 table: no two identical pairs)."""
    return sum(1 for c in counts if c == 2) == 7


def is_kokushi(counts: Sequence[int]) -> bool:
    """One of each terminal and honor plus one duplicate of them (001 table)."""
    return (
        sum(counts) == 14 and all(counts[k] >= 1 for k in _ORPHANS) and sum(counts[k] for k in _ORPHANS) == 14
    )


def is_complete(counts: Sequence[int], meld_count: int = 0) -> bool:
    """Whether concealed tiles plus `meld_count` sets form a winning shape."""
    if meld_count == 0 and (is_chiitoitsu(counts) or is_kokushi(counts)):
        return True
    return is_complete_regular(counts)


# --- shanten
# -------------------------------------------------------------------------------------------------


_EMPTY_TABLE = (0, -1, -1, -1, -1, -1, -1, -1, -1, -1)


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


def _block_table(key: int, honor: bool) -> tuple[int, ...]:
    """The `_tail` table of one packed suit pattern."""
    return _tail(tuple(_unpack(key, 7 if honor else 9)), honor)


def shanten_regular(counts: Sequence[int], meld_count: int = 0) -> int:
    """Shanten of the four-sets-and-a-pair shape (0 = tenpai, -1 = complete)."""
    keys = suit_keys(counts)
    # states[(m, p)] = most partial sets so far
    states: dict[tuple[int, int], int] = {(meld_count, 0): 0}
    for s in range(4):
        if not keys[s]:
            continue
        table = _block_table(keys[s], s == 3)
        merged: dict[tuple[int, int], int] = {}
        for (m0, p0), t0 in states.items():
            for idx in range(10):
                t1 = table[idx]
                if t1 < 0:
                    continue
                p1, m1 = divmod(idx, 5)
                if p0 + p1 > 1:
                    continue
                k = (min(m0 + m1, 4), p0 + p1)
                t = t0 + t1
                if merged.get(k, -1) < t:
                    merged[k] = t
        states = merged
    best = 8
    for (m, p), t in states.items():
        value = 8 - 2 * m - min(t, 4 - m) - p
        if value < best:
            best = value
    return best


def shanten_chiitoitsu(counts: Sequence[int]) -> int:
    """Seven pairs: 6 - pairs, plus the kinds still missing when fewer than seven kinds are held."""
    pairs = sum(1 for c in counts if c >= 2)
    kinds = sum(1 for c in counts if c)
    return 6 - pairs + max(0, 7 - kinds)


def shanten_kokushi(counts: Sequence[int]) -> int:
    """Thirteen orphans: 13 - different orphans held - (1 if any orphan is doubled)."""
    held = sum(1 for k in _ORPHANS if counts[k])
    doubled = any(counts[k] >= 2 for k in _ORPHANS)
    return 13 - held - int(doubled)


def shanten(counts: Sequence[int], meld_count: int = 0) -> int:
    """Shanten of a hand: the best of regular, seven pairs and thirteen orphans (closed hands only).

    0 means tenpai in the sense of seed 002 3.3.13 (a hand whose only waits are tiles it holds all four of
    counts 1); -1 means the tiles already form a winning shape.
    """
    value = shanten_regular(counts, meld_count)
    if meld_count == 0:
        value = min(value, shanten_chiitoitsu(counts), shanten_kokushi(counts))
    if value == 0 and sum(counts) % 3 == 1 and not waits(counts, meld_count):
        return 1
    return value


# --- waits
# ---------------------------------------------------------------------------------------------------


def _candidates(counts: Sequence[int]) -> list[int]:
    out: list[int] = []
    for k in range(27):
        r = k % 9
        if (
            counts[k]
            or (r >= 1 and counts[k - 1])
            or (r >= 2 and counts[k - 2])
            or (r <= 7 and counts[k + 1])
            or (r <= 6 and counts[k + 2])
        ):
            out.append(k)
    out.extend(k for k in range(27, 34) if counts[k])
    return out


def waits(counts: Sequence[int], meld_count: int = 0) -> list[int]:
    """Kinds that complete a hand of `13 - 3 * meld_count` tiles, sorted.

    Kinds the hand already holds all four of are left out: no fifth copy can come (seed 002 3.3.13). Seven
    pairs and thirteen orphans count only for a hand without melds.
    """
    keys = suit_keys(counts)
    ok: list[bool] = []
    residue: list[int] = []
    for s in range(4):
        n = sum((keys[s] >> (3 * i)) & 7 for i in range(9))
        residue.append(n % 3)
        ok.append(keys[s] == 0 or _suit_complete(keys[s], s == 3))
    found: set[int] = set()
    for k in _candidates(counts):
        if counts[k] >= COPIES:
            continue
        s = k // 9 if k < 27 else 3
        # every other suit must already be complete; the added tile's suit must become complete
        if not all(ok[o] for o in range(4) if o != s):
            continue
        pair_suits = sum(1 for o in range(4) if o != s and residue[o] == 2) + ((residue[s] + 1) % 3 == 2)
        if pair_suits != 1:
            continue
        shift = 3 * (k - _SUIT_STARTS[s])
        if _suit_complete(keys[s] + (1 << shift), s == 3):
            found.add(k)
    if meld_count == 0:
        if sum(1 for c in counts if c == 2) == 6 and sum(1 for c in counts if c == 1) == 1:
            found.add(next(k for k in range(KIND_COUNT) if counts[k] == 1))
        held = [k for k in _ORPHANS if counts[k]]
        if sum(counts[k] for k in _ORPHANS) == 13:
            if len(held) == 13:
                found.update(_ORPHANS)
            elif len(held) == 12:
                found.update(k for k in _ORPHANS if not counts[k])
    return sorted(k for k in found if counts[k] < COPIES)


def is_tenpai(counts: Sequence[int], meld_count: int = 0) -> bool:
    """Tenpai per seed 002 3.3.13: at least one wait that is not a tile the hand holds all four of.

    Still tenpai when every wait is visible among discards and melds (those are not counted here).
    """
    return bool(waits(counts, meld_count))


def shanten_and_waits(counts: Sequence[int], meld_count: int = 0) -> tuple[int, list[int]]:
    """Both at once for a 13-tile-equivalent hand: a hand with waits is tenpai, so shanten is only computed
    (the costlier part) when there are none."""
    found = waits(counts, meld_count)
    if found:
        return 0, found
    return max(shanten(counts, meld_count), 1), found

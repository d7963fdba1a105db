"""Every complete suit pattern, as suit keys (engine/hand.py): read from a small generated file at import.

The tables are the per-suit look-ups of Mortal's libriichi, built the Python way: every pattern of up to four
sets (pon, and chi unless honors), without and with one pair, at most four copies of a kind (2,869 + 18,874
for a number suit, 99 + 399 for honors). Working them out takes about 0.1 G instructions, a third of the
batch command's start-up; reading them from `suit_patterns.bin` far less. The file is what `generate()`
gives, each key `mixed` (tests/engine/test_suit_patterns.py checks it); rewrite it with
`python -m riichi_table.engine.suit_patterns`.

Why `mixed`: a key's low bytes are small counts, so the low bits of its hash, which pick its slot in a set,
took 114 values for the 21,743 keys, and most of the reading went into collisions. `mixed(key)` folds the
higher bytes into the low ones (XOR), one to one, and the sets build about five times quicker; a look-up
asks for `mixed(key)` (engine/hand.py `mixed_key`, the compiled copy).

File layout (zlib-compressed), made to be read by C loops alone: a key is below 5 << 64 (nine bytes, the
ninth a count 0..4), so each table is stored as five runs of keys, one per value of the ninth byte, each key
as its low eight bytes (unsigned 64-bit, little-endian). First twenty little-endian uint32: the lengths of
the runs, table by table (number sets only, number with a pair, honor sets only, honor with a pair) and
within a table by ninth byte 0..4; then the runs in that order, each sorted.
"""

from __future__ import annotations

import os
import sys
import zlib
from array import array
from itertools import chain

import riichi_table.engine

# beside the package's __init__ (never compiled), not beside this module: where mypyc compiled it
# (engine/native.py) its __file__ names no real folder. os.path: pathlib is not imported yet.
PATH = os.path.join(os.path.dirname(riichi_table.engine.__file__ or ""), "suit_patterns.bin")
_RUNS = 5  # per table: one run of keys per value 0..4 of a key's ninth byte
_HEADER_BYTES = 4 * 4 * _RUNS
_LOW = (1 << 64) - 1

Tables = tuple[frozenset[int], frozenset[int], frozenset[int], frozenset[int]]


def complete_patterns(length: int, honor: bool) -> tuple[frozenset[int], frozenset[int]]:
    """Every suit pattern of up to four sets (pon, and chi unless honors), without and with one pair.

    A pattern holding five or more of a kind is dropped: adding 123 to every byte sets a byte's top bit
    exactly when the count is 5 or more.
    """
    over = int.from_bytes(bytes([128] * length), "little")
    lift = int.from_bytes(bytes([123] * length), "little")
    sets = [3 << (8 * i) for i in range(length)]
    if not honor:
        sets += [(1 << (8 * i)) | (1 << (8 * i + 8)) | (1 << (8 * i + 16)) for i in range(length - 2)]
    found = {0}
    frontier = {0}
    for _ in range(4):
        # sums first, then the over-full ones dropped: each distinct sum is tested once
        frontier = {k + s for k in frontier for s in sets}
        frontier = {k for k in frontier if not (k + lift) & over}
        found |= frontier
    with_pair = {k + p for p in [2 << (8 * i) for i in range(length)] for k in found}
    return frozenset(found), frozenset([k for k in with_pair if not (k + lift) & over])


def generate() -> Tables:
    """The four tables worked out: number suit sets only / with a pair, honors sets only / with a pair."""
    return (*complete_patterns(9, False), *complete_patterns(7, True))


def mixed(key: int) -> int:
    """`key` with bits 19-36, 37-54 and 55 up folded into its low 18 bits by XOR: one to one (the bits read
    are never written, so the fold undoes itself), and below 5 << 64 as the key is."""
    return key ^ ((key >> 19) & 0x3FFFF) ^ ((key >> 37) & 0x3FFFF) ^ (key >> 55)


def mixed_tables(tables: Tables) -> Tables:
    """`tables` with every key `mixed`: what the file holds and `load` returns."""
    a, b, c, d = (frozenset(map(mixed, table)) for table in tables)
    return a, b, c, d


def _little_endian(values: array[int]) -> array[int]:
    """`values` with little-endian items on any machine (array reads and writes the machine's own order)."""
    if sys.byteorder == "big":
        values = array(values.typecode, values)
        values.byteswap()
    return values


def encode(tables: Tables) -> bytes:
    """The file's bytes for `tables` (see the module docstring)."""
    runs = [sorted(k & _LOW for k in table if k >> 64 == ninth) for table in tables for ninth in range(_RUNS)]
    header = _little_endian(array("I", map(len, runs))).tobytes()
    body = b"".join(_little_endian(array("Q", run)).tobytes() for run in runs)
    return zlib.compress(header + body, 9)


def decode(data: bytes) -> Tables:
    """The tables in a file's bytes; ValueError if they are not such a file."""
    try:
        raw = zlib.decompress(data)
    except zlib.error as exc:
        raise ValueError(f"not a suit pattern file: {exc}") from None
    if len(raw) < _HEADER_BYTES:
        raise ValueError("not a suit pattern file: too short")
    lengths = array("I")
    lengths.frombytes(raw[:_HEADER_BYTES])
    lengths = _little_endian(lengths)
    if _HEADER_BYTES + 8 * sum(lengths) != len(raw):
        raise ValueError("not a suit pattern file: its length does not match its counts")
    lows = array("Q")
    lows.frombytes(raw[_HEADER_BYTES:])
    lows = _little_endian(lows)
    tables = []
    at = 0
    for table in range(4):
        runs = []
        for ninth in range(_RUNS):
            run = lows[at : at + lengths[table * _RUNS + ninth]]
            at += len(run)
            # C loops only: the machine words are ints already; the ninth byte is put back by one C call each
            runs.append(map((ninth << 64).__or__, run) if ninth else run)
        tables.append(frozenset(chain.from_iterable(runs)))
    return tables[0], tables[1], tables[2], tables[3]


def load() -> Tables:
    """The tables (keys `mixed`) from the shipped file, or worked out when it is missing or unreadable."""
    try:
        with open(PATH, "rb") as file:
            return decode(file.read())
    except (OSError, ValueError):
        return mixed_tables(generate())


if __name__ == "__main__":
    with open(PATH, "wb") as out:
        out.write(encode(mixed_tables(generate())))
    print(f"wrote {PATH}")

"""Every complete suit pattern, as suit keys (engine/hand.py): read from a small generated file at import.

The tables are the per-suit look-ups of Mortal's libriichi, built the Python way: every pattern of up to four
sets (pon, and chi unless honors), without and with one pair, at most four copies of a kind (2,869 + 18,874
for a number suit, 99 + 399 for honors). Working them out takes about 0.1 G instructions, a fifth of the
command's start-up; reading them from `suit_patterns.bin` about a tenth of that. The file is what
`generate()` gives (tests/engine/test_suit_patterns.py checks it); rewrite it with
`python -m riichi_table.engine.suit_patterns`.

File layout (zlib-compressed): four little-endian uint32 counts (number sets only, number with a pair, honor
sets only, honor with a pair), then each table's keys, sorted, nine bytes each, big-endian (the default byte
order of `int.from_bytes`, so a key is read in C).
"""

from __future__ import annotations

import os
import struct
import zlib
from operator import itemgetter

import riichi_table.engine

# beside the package's __init__ (never compiled), not beside this module: where mypyc compiled it
# (engine/native.py) its __file__ names no real folder. os.path: pathlib is not imported yet.
PATH = os.path.join(os.path.dirname(riichi_table.engine.__file__ or ""), "suit_patterns.bin")
_KEY_BYTES = 9
_HEADER = struct.Struct("<4I")

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


def encode(tables: Tables) -> bytes:
    """The file's bytes for `tables` (see the module docstring)."""
    body = b"".join(k.to_bytes(_KEY_BYTES, "big") for table in tables for k in sorted(table))
    return zlib.compress(_HEADER.pack(*map(len, tables)) + body, 9)


def decode(data: bytes) -> Tables:
    """The tables in a file's bytes; ValueError if they are not such a file."""
    try:
        raw = zlib.decompress(data)
    except zlib.error as exc:
        raise ValueError(f"not a suit pattern file: {exc}") from None
    if len(raw) < _HEADER.size:
        raise ValueError("not a suit pattern file: too short")
    counts = _HEADER.unpack_from(raw)
    if _HEADER.size + _KEY_BYTES * sum(counts) != len(raw):
        raise ValueError("not a suit pattern file: its length does not match its counts")
    first = itemgetter(0)
    tables = []
    at = _HEADER.size
    for n in counts:
        end = at + _KEY_BYTES * n
        # C loops only: nine-byte records -> bytes -> int (big-endian by default)
        records = struct.iter_unpack("9s", raw[at:end])
        tables.append(frozenset(map(int.from_bytes, map(first, records))))
        at = end
    return tables[0], tables[1], tables[2], tables[3]


def load() -> Tables:
    """The tables from the shipped file, or worked out when the file is missing or unreadable."""
    try:
        with open(PATH, "rb") as file:
            return decode(file.read())
    except (OSError, ValueError):
        return generate()


if __name__ == "__main__":
    with open(PATH, "wb") as out:
        out.write(encode(generate()))
    print(f"wrote {PATH}")

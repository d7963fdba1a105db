"""The shipped suit pattern file (engine/suit_patterns.py) holds exactly the tables the generator works out,
each key mixed, and a missing or damaged file is worked out again instead of breaking the engine."""

from __future__ import annotations

import zlib

import pytest
from riichi_table.engine import suit_patterns
from riichi_table.engine.hand import SETS_AND_PAIR, SETS_ONLY, mixed_key


def test_shipped_file_is_the_generated_one_byte_for_byte() -> None:
    with open(suit_patterns.PATH, "rb") as file:
        shipped = file.read()
    assert shipped == suit_patterns.encode(suit_patterns.mixed_tables(suit_patterns.generate())), (
        "engine/suit_patterns.bin is stale: run python -m riichi_table.engine.suit_patterns"
    )


def test_loaded_tables_equal_the_generated_ones() -> None:
    generated = suit_patterns.mixed_tables(suit_patterns.generate())
    assert suit_patterns.load() == generated
    assert (generated[0], generated[2]) == SETS_ONLY
    assert (generated[1], generated[3]) == SETS_AND_PAIR
    assert tuple(map(len, generated)) == (2869, 18874, 99, 399)


def test_a_suit_key_reads_as_its_counts() -> None:
    # 123m + 555m + 99m: one byte per kind, kind 1 lowest
    key = int.from_bytes(bytes([1, 1, 1, 0, 3, 0, 0, 0, 2]), "little")
    assert mixed_key(key) in SETS_AND_PAIR[0] and mixed_key(key) not in SETS_ONLY[0]
    assert mixed_key(key - (2 << 64)) in SETS_ONLY[0]


@pytest.mark.parametrize(
    "data",
    [b"", b"not zlib", zlib.compress(b"\x01\x00"), zlib.compress(bytes(80) + b"x")],
    ids=["empty", "not-compressed", "short-header", "length-mismatch"],
)
def test_decode_refuses_what_is_not_a_pattern_file(data: bytes) -> None:
    with pytest.raises(ValueError, match="not a suit pattern file"):
        suit_patterns.decode(data)


def test_missing_file_is_worked_out_again(monkeypatch: pytest.MonkeyPatch, tmp_path: object) -> None:
    monkeypatch.setattr(suit_patterns, "PATH", str(tmp_path) + "/absent.bin")
    assert suit_patterns.load() == suit_patterns.mixed_tables(suit_patterns.generate())


def test_mixing_is_one_to_one_and_the_compiled_copy_agrees() -> None:
    keys = set().union(*suit_patterns.generate())
    mixed = {suit_patterns.mixed(k) for k in keys}
    assert len(mixed) == len(keys)
    assert all(mixed_key(k) == suit_patterns.mixed(k) for k in keys)
    assert all(m < 5 << 64 for m in mixed)
    # the low 15 bits of the hash (a set's first slot) take thousands of values, where the keys gave 114
    assert len({hash(m) & 0x7FFF for m in mixed}) > 8000
    assert len({hash(k) & 0x7FFF for k in keys}) < 200

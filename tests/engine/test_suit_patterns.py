"""The shipped suit pattern file (engine/suit_patterns.py) holds exactly the tables the generator works out,
and a missing or damaged file is worked out again instead of breaking the engine."""

from __future__ import annotations

import zlib

import pytest
from riichi_table.engine import suit_patterns
from riichi_table.engine.hand import SETS_AND_PAIR, SETS_ONLY


def test_shipped_file_is_the_generated_one_byte_for_byte() -> None:
    with open(suit_patterns.PATH, "rb") as file:
        shipped = file.read()
    assert shipped == suit_patterns.encode(suit_patterns.generate()), (
        "engine/suit_patterns.bin is stale: run python -m riichi_table.engine.suit_patterns"
    )


def test_loaded_tables_equal_the_generated_ones() -> None:
    generated = suit_patterns.generate()
    assert suit_patterns.load() == generated
    assert (generated[0], generated[2]) == SETS_ONLY
    assert (generated[1], generated[3]) == SETS_AND_PAIR
    assert tuple(map(len, generated)) == (2869, 18874, 99, 399)


def test_a_suit_key_reads_as_its_counts() -> None:
    # 123m + 555m + 99m: one byte per kind, kind 1 lowest
    key = int.from_bytes(bytes([1, 1, 1, 0, 3, 0, 0, 0, 2]), "little")
    assert key in SETS_AND_PAIR[0] and key not in SETS_ONLY[0]
    assert key - (2 << 64) in SETS_ONLY[0]


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
    assert suit_patterns.load() == suit_patterns.generate()

"""engine/frozen_build.py: the quicker constructor gives what the dataclass's own __init__ gives, and refuses
classes whose __init__ does more than set fields."""

from __future__ import annotations

import dataclasses

import pytest
from riichi_table.engine.frozen_build import builder
from riichi_table.engine.melds import Meld
from riichi_table.engine.rules import resolve_rules
from riichi_table.engine.score import WinInput
from riichi_table.engine.tiles import Tile, parse_tiles, tile
from riichi_table.engine.yaku import Situation


def _values() -> tuple[object, ...]:
    return (
        tuple(parse_tiles("234m456p789s66s1z")),
        tile(27),
        (),
        Situation(tsumo=True),
        28,
        27,
        (tile(9),),
        (),
        2,
        1,
        resolve_rules("tenhou"),
        None,
        None,
    )


def test_a_built_win_input_equals_one_made_by_its_init_and_stays_frozen() -> None:
    built = builder(WinInput)(*_values())
    assert built == WinInput(*_values())  # type: ignore[arg-type]
    assert hash(built) == hash(WinInput(*_values()))  # type: ignore[arg-type]
    with pytest.raises(dataclasses.FrozenInstanceError):
        built.honba = 3  # type: ignore[misc]


@pytest.mark.parametrize("cls", [Tile, Meld], ids=["tile", "meld"])
def test_a_class_with_post_init_checks_is_refused(cls: type) -> None:
    with pytest.raises(TypeError, match="does more than set its fields"):
        builder(cls)


def test_a_dataclass_that_is_not_frozen_is_refused() -> None:
    @dataclasses.dataclass(slots=True)
    class Loose:
        a: int

    with pytest.raises(TypeError, match="not a frozen dataclass with slots"):
        builder(Loose)

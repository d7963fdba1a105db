"""engine/frozen_build.py: the quicker constructor gives what the dataclass's own __init__ gives, and refuses
classes whose __init__ does more than set fields."""

from __future__ import annotations

import dataclasses

import pytest
from riichi_table.engine.frozen_build import builder
from riichi_table.engine.melds import Meld
from riichi_table.engine.rules import resolve_rules
from riichi_table.engine.score import Win, WinInput, new_win_input, score
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


def test_the_scorers_win_input_constructor_equals_init_and_stays_frozen() -> None:
    # compiled, new_win_input writes the fields in place; as Python it goes through builder
    built = new_win_input(*_values())  # type: ignore[arg-type]
    made = WinInput(*_values())  # type: ignore[arg-type]
    assert built == made
    assert [getattr(built, f.name) for f in dataclasses.fields(WinInput)] == list(_values())
    assert hash(built) == hash(made)
    with pytest.raises(dataclasses.FrozenInstanceError):
        built.honba = 3  # type: ignore[misc]


def test_the_scorers_win_equals_one_made_by_its_init() -> None:
    hand = WinInput(tuple(parse_tiles("123m456p789s1122z")), tile(28), situation=Situation(tsumo=True))
    won = score(hand)
    assert isinstance(won, Win)
    assert won == dataclasses.replace(won)  # replace makes it again by __init__
    assert won.han >= 1 and won.reading is not None
    with pytest.raises(dataclasses.FrozenInstanceError):
        won.han = 3  # type: ignore[misc]

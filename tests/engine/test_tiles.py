"""Tiles and notation (docs/engine.md)."""

import pytest
from riichi_table.engine.errors import NotationError, TileCountError
from riichi_table.engine.tiles import (
    Tile,
    check_copies,
    dora_from_indicator,
    kind_name,
    parse_tile,
    parse_tiles,
    tile_from_class,
    to_notation,
)


def test_notation_round_trips_a_full_hand_with_a_red_five():
    text = "123m406p789s1122z"
    assert to_notation(parse_tiles(text)) == text
    assert [t.kind for t in parse_tiles("19m1p1s7z")] == [0, 8, 9, 18, 33]


def test_zero_is_a_red_five_of_its_suit():
    (red,) = parse_tiles("0s")
    assert red == Tile(22, red=True)
    assert red.name == "0s"
    assert red.detector_class == 36


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        ("12x", "unknown character 'x'"),
        ("123", "have no suit letter"),
        ("m", "has no digits before it"),
        ("0z", "'0z' is not an honor"),
        ("8z", "'8z' is not an honor"),
    ],
    ids=["unknown-char", "digits-without-suit", "suit-without-digits", "zero-honor", "eight-honor"],
)
def test_bad_notation_is_rejected_with_a_message_naming_the_problem(text, fragment):
    with pytest.raises(NotationError, match=fragment):
        parse_tiles(text)


def test_a_fifth_copy_across_hand_melds_and_indicators_is_rejected():
    hand = parse_tiles("1111m")
    with pytest.raises(TileCountError, match="5 copies of 1m"):
        check_copies([hand, parse_tiles("9p"), parse_tiles("1m")])


def test_a_second_red_five_of_a_suit_is_rejected_when_the_set_has_one():
    with pytest.raises(TileCountError, match="red fives 0m"):
        check_copies([parse_tiles("00m")])
    check_copies([parse_tiles("00m")], red_fives=(2, 1, 1))


def test_only_fives_can_be_red():
    with pytest.raises(NotationError, match="only fives"):
        Tile(3, red=True)


def test_parse_tile_wants_exactly_one():
    assert parse_tile("6s").kind == 23
    with pytest.raises(NotationError, match="exactly one"):
        parse_tile("66s")


@pytest.mark.parametrize(
    ("indicator", "dora"),
    [("9m", "1m"), ("5p", "6p"), ("4z", "1z"), ("7z", "5z"), ("3z", "4z")],
    ids=["nine-wraps-to-one", "plain-next", "north-wraps-to-east", "red-wraps-to-white", "west-to-north"],
)
def test_dora_is_the_next_tile_after_the_indicator(indicator, dora):
    # seed 002, dora: the tile following the indicator, winds E-S-W-N and dragons White-Green-Red cycle.
    assert kind_name(dora_from_indicator(parse_tile(indicator).kind)) == dora


def test_detector_classes_map_back_to_tiles():
    assert tile_from_class(35) == Tile(13, red=True)
    assert tile_from_class(27).name == "1z"
    with pytest.raises(NotationError, match="not a face-up tile"):
        tile_from_class(37)

"""Exhaustive draws: tenpai, noten payments (seeds 001, 002 3.4.2, 003, 000) and the batch op `draw`."""

from __future__ import annotations

import pytest
from riichi_table.engine.draw import draw_op, settle_draw, shown_tenpai
from riichi_table.engine.errors import EngineError
from riichi_table.engine.rules import resolve_rules
from riichi_table.engine.tiles import parse_tiles

WRC = resolve_rules("wrc")


@pytest.mark.parametrize(
    ("tenpai", "deltas"),
    [
        ((True, False, False, False), (3000, -1000, -1000, -1000)),
        ((True, True, False, False), (1500, 1500, -1500, -1500)),
        ((True, True, True, False), (1000, 1000, 1000, -3000)),
        ((False, False, False, False), (0, 0, 0, 0)),
        ((True, True, True, True), (0, 0, 0, 0)),
    ],
    ids=["one-tenpai", "two-tenpai", "three-tenpai", "none", "all"],
)
def test_noten_players_pay_3000_in_all(tenpai: tuple[bool, ...], deltas: tuple[int, ...]) -> None:
    # seed 002 3.4.2: 3000 in all, split among the tenpai players
    assert settle_draw(tenpai, 0, WRC).deltas == deltas


def test_three_and_two_player_pools_are_2000_and_1000() -> None:
    # seed 003 "Exhaustive Draw"
    three = resolve_rules({"preset": "online", "players": 3})
    assert settle_draw((True, False, False), 0, three).deltas == (2000, -1000, -1000)
    assert settle_draw((True, True, False), 0, three).deltas == (1000, 1000, -2000)
    two = resolve_rules({"preset": "online", "players": 2})
    assert settle_draw((False, True), 0, two).deltas == (-1000, 1000)


def test_beginner_noten_players_feed_the_pool() -> None:
    # seed 000 "Draws": each noten player places 1 point into a pool for the next winner
    money = settle_draw((True, False, False, True), 0, resolve_rules("beginner"))
    assert money.deltas == (0, -1, -1, 0) and money.pool == 2


def test_dealer_keeps_the_deal_when_tenpai() -> None:
    # seed 001 "Dealer Rotation"
    assert settle_draw((False, True, False, False), 1, WRC).dealer_keeps
    assert not settle_draw((False, True, False, False), 0, WRC).dealer_keeps


def test_waiting_only_on_a_tile_held_four_times_is_not_tenpai() -> None:
    # seed 002 3.3.13
    assert not shown_tenpai(
        parse_tiles("1111m"), [parse_tiles("222p"), parse_tiles("333p"), parse_tiles("444p")], WRC
    )
    assert shown_tenpai(
        parse_tiles("1112m"), [parse_tiles("222p"), parse_tiles("333p"), parse_tiles("444p")], WRC
    )


def test_draw_op_reads_revealed_hands() -> None:
    out = draw_op({
        "op": "draw", "dealer": 2, "honba": 1, "sticks": 2, "rules": "wrc",
        "hands": [
            {"hand": "123456789m1134s", "melds": [], "riichi": True},
            {"hand": None},
            {"hand": "123456789m1357s"},
            {"hand": "2345p678s999m", "melds": [{"kind": "pon", "tiles": "777z", "from": 2}]},
        ],
    })  # fmt: skip
    assert out["tenpai"] == [True, False, False, True]
    assert out["deltas"] == [1500, -1500, -1500, 1500]
    assert out["dealer_keeps"] is False and out["honba"] == 2 and out["sticks"] == 2


@pytest.mark.parametrize(
    ("request_", "message"),
    [
        ({"hands": []}, "must list 4 hands"),
        ({"hands": [{"hand": None}] * 3 + [{"hand": None, "riichi": True}]}, "must show the hand"),
        ({"hands": [{"hand": "123m"}] + [{"hand": None}] * 3}, r"hands\[0\]"),
        ({"hands": [{"hand": None}] * 4, "dealer": 4}, "field 'dealer'"),
        ({"hands": [{"hand": None}] * 4, "rules": "nope"}, "unknown rule preset"),
    ],
)
def test_draw_op_rejects_bad_input(request_: dict[str, object], message: str) -> None:
    with pytest.raises(EngineError, match=message):
        draw_op(request_)

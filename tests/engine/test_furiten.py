"""Furiten (seed 001 "Furiten", "Temporary Furiten", "Riichi"; seed 003 "Furiten") and the batch op."""

from __future__ import annotations

import pytest
from riichi_table.engine.errors import EngineError
from riichi_table.engine.furiten import furiten_op, furiten_verdict
from riichi_table.engine.tiles import counts34, parse_tiles

# 123456789m 11s 34s waits on 2s and 5s
HAND = "123456789m1134s"


def verdict(discards: str = "", passed: str = "", riichi_passed: str = "", hand: str = HAND):  # type: ignore[no-untyped-def]
    return furiten_verdict(
        counts34(parse_tiles(hand)), 0, parse_tiles(discards), parse_tiles(passed), parse_tiles(riichi_passed)
    )


def test_a_wait_among_own_discards_is_permanent_furiten() -> None:
    # seed 001 "Furiten": a wait among your discards forbids ron
    v = verdict(discards="9p5s")
    assert v.furiten and v.rule == "permanent" and v.tile is not None and v.tile.name == "5s"


def test_the_other_wait_also_counts_even_if_it_gives_no_yaku() -> None:
    # seed 003 "Furiten": yaku are not taken into account when determining the waits
    assert verdict(discards="2s").furiten


def test_a_passed_wait_since_own_discard_is_temporary_furiten() -> None:
    # seed 001 "Temporary Furiten"
    v = verdict(passed="1p2s")
    assert v.rule == "temporary" and v.reason is not None and "2s" in v.reason


def test_a_wait_passed_after_riichi_is_riichi_furiten() -> None:
    # seed 001 "Riichi": declining a winning discard in riichi is furiten for the rest of the hand
    v = verdict(riichi_passed="5s")
    assert v.rule == "riichi"


def test_no_wait_in_any_pile_means_ron_is_allowed() -> None:
    v = verdict(discards="1p9p", passed="1z", riichi_passed="3s")
    assert not v.furiten and v.reason is None and v.tile is None


def test_a_hand_that_is_not_waiting_is_never_furiten() -> None:
    assert not verdict(discards="123456789m", hand="1357m2468p13579s").furiten


def test_furiten_op_answers_the_issue_fields() -> None:
    out = furiten_op({"op": "furiten", "hand": HAND, "discards": "1m5s", "passed": "", "riichi_passed": ""})
    assert out["furiten"] is True
    assert out["rule"] == "permanent" and out["tile"] == "5s" and out["waits"] == "25s"
    assert "permanent furiten" in out["reason"]


def test_furiten_op_with_melds() -> None:
    melds = [{"kind": "pon", "tiles": "111z", "from": 1}, {"kind": "chi", "tiles": "123m"},
             {"kind": "ankan", "tiles": "9999p"}]  # fmt: skip
    out = furiten_op({"hand": "1234s", "melds": melds, "passed": "4s"})
    assert out == {
        "furiten": True,
        "reason": out["reason"],
        "rule": "temporary",
        "tile": "4s",
        "waits": "14s",
    }


@pytest.mark.parametrize(
    ("request_", "message"),
    [
        ({}, "field 'hand'"),
        ({"hand": "123m"}, "has 3 tiles"),
        ({"hand": HAND, "discards": 5}, "field 'discards'"),
        ({"hand": HAND, "passed": "1x"}, "unknown character"),
        ({"hand": HAND, "melds": [{"kind": "pin", "tiles": "111m"}]}, "bad meld kind"),
        ({"hand": "11111m23456789p"}, "copies"),
    ],
)
def test_furiten_op_rejects_bad_input(request_: dict[str, object], message: str) -> None:
    with pytest.raises(EngineError, match=message):
        furiten_op(request_)

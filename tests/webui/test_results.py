"""Hand results as people enter them, checked at the web boundary (webui/results.py)."""

from __future__ import annotations

from typing import Any

import pytest
from riichi_table.webui.results import ResultError, describe, validate


@pytest.mark.parametrize(
    "raw,message",
    [
        ({"kind": "nope"}, "kind: expected one of"),
        ({"kind": "chombo", "seat": 4}, "seat 0..3"),
        ({"kind": "draw", "tenpai": [True, False]}, "four true/false"),
        ({"kind": "abort", "reason": "bored"}, "abort reason"),
        ({"kind": "win", "winners": [], "from": 1}, "one to three winners"),
        ({"kind": "win", "winners": [{"seat": 0, "han": 0, "fu": 30}], "from": 1}, "han: expected 1..99"),
        ({"kind": "win", "winners": [{"seat": 0, "han": 2, "fu": 35}], "from": 1}, "fu: expected 25 or"),
        ({"kind": "win", "winners": [{"seat": 1, "han": 2, "fu": 30}], "from": 1}, "its own discard"),
        (
            {"kind": "win", "winners": [{"seat": 0, "han": 1}, {"seat": 2, "han": 1}], "from": None},
            "exactly one",
        ),
    ],
    ids=[
        "kind",
        "seat",
        "tenpai",
        "reason",
        "no-winner",
        "zero-han",
        "odd-fu",
        "own-discard",
        "double-tsumo",
    ],
)
def test_a_result_that_makes_no_sense_is_refused_naming_what_is_wrong(
    raw: dict[str, Any], message: str
) -> None:
    with pytest.raises(ResultError, match=message):
        validate(raw)


def test_a_yakuman_needs_no_han_or_fu() -> None:
    r = validate({"kind": "win", "winners": [{"seat": 2, "yakuman": 1}], "from": None})
    assert r["winners"] == [{"seat": 2, "han": 0, "fu": 0, "yakuman": 1}]
    assert describe(r, ["A", "B", "C", "D"]) == "C tsumo, 1x yakuman"


def test_a_double_ron_reads_as_two_winners_from_one_discarder() -> None:
    r = validate(
        {
            "kind": "win",
            "winners": [{"seat": 0, "han": 2, "fu": 30}, {"seat": 2, "han": 1, "fu": 40}],
            "from": 3,
        }
    )
    assert describe(r, ["A", "B", "C", "D"]) == "A ron from D, 2 han 30 fu; C ron from D, 1 han 40 fu"

"""Scoring: the best reading, fu itemised (seed 001 fu table), payments, honba and sticks, bad input."""

from __future__ import annotations

from typing import Any

import pytest

from engine.batch import handle


def score(hand: str, win: str, **kw: Any) -> dict[str, Any]:
    return handle({"op": "score", "hand": hand, "win": win, **kw})


def test_issue_example_scores_riichi_tsumo_dora() -> None:
    resp = score("234m456p789s66s11z", "6s", tsumo=True, riichi=True, dora="3p")
    assert resp["yaku"] == [["riichi", 1], ["menzen_tsumo", 1], ["dora", 1]]
    assert (resp["han"], resp["fu"], resp["payments"], resp["points"]) == (3, 30, {"all": 2000}, 6000)


def test_ryanpeikou_beats_seven_pairs_reading() -> None:
    # issue 3 item 3: two identical chi twice vs seven pairs -> the higher score
    resp = score("112233m445566p9s", "9s")
    assert dict(resp["yaku"]) == {"ryanpeikou": 3} and resp["fu"] == 40


def test_ron_on_a_shanpon_counts_that_pon_as_open() -> None:
    # issue 3 item 3: closed pon vs sequence on ron; 001 fu table: concealed pon 4, open pon 2
    resp = score("123m456p789s2255s", "5s", rules={"preset": "wrc"}, seat_wind="S", riichi=True)
    assert ["open pon 5s", 2] in resp["fu_detail"]


def test_win_reads_the_wait_that_scores_highest() -> None:
    # 34556s won on 4s: 345 kanchan or 456 ryanmen; the ryanmen reading gives pinfu
    resp = score("123m789p34556s99s", "4s", seat_wind="S")
    assert ("pinfu", 1) in [tuple(y) for y in resp["yaku"]] and resp["fu"] == 30


@pytest.mark.parametrize(
    ("req", "fu"),
    [
        ({"hand": "123m456p789s2399s", "win": "1s", "tsumo": True}, 20),  # 001: pinfu tsumo 20
        ({"hand": "123m456p789s2399s", "win": "1s"}, 30),  # 001: pinfu ron 30
        ({"hand": "1133m2255p6677s1z", "win": "1z"}, 25),  # 001: seven pairs 25 fixed
        (
            {
                "hand": "456p789s2399s",
                "win": "1s",
                "melds": [{"kind": "chi", "tiles": "123m", "from": 3}],
                "dora": "9m",
            },
            30,
        ),  # 001 fu table: open pinfu shape 22 -> 30 (scored here with yaku_required off)
    ],
)
def test_fu_of_the_seed_001_fu_table(req: dict[str, Any], fu: int) -> None:
    resp = handle({"op": "score", **req, "rules": {"preset": "wrc", "yaku_required": False}})
    assert resp["fu"] == fu


def test_concealed_terminal_kan_is_32_fu() -> None:
    # 001 fu table: concealed kan of terminals/honors 32
    resp = score("123m456p789s5z", "5z", melds=[{"kind": "ankan", "tiles": "1111z"}], seat_wind="S")
    assert ["closed kan 1z", 32] in resp["fu_detail"]


def test_honba_and_sticks_go_into_total_only() -> None:
    # 003 "Dealer Rotation": 300 per counter; 002 3.3.14 riichi sticks to the winner
    resp = score("123m456p789s2399s", "1s", seat_wind="S", honba=2, sticks=1)
    assert resp["points"] == 1000 and resp["total"] == 1000 + 600 + 1000


def test_non_dealer_tsumo_payments_split_dealer_and_others() -> None:
    resp = score("123m456p789s2399s", "1s", seat_wind="S", tsumo=True, riichi=True)
    assert resp["payments"] == {"dealer": 1300, "non_dealer": 700} and resp["points"] == 2700


def test_beginner_rules_pay_fixed_amounts_and_need_no_yaku() -> None:
    # 000 "Tsumo"/"Ron": 2/1 and 6/4; "Complete hand": no yaku needed
    resp = score("123m456p789s2399s", "1s", melds=[], seat_wind="S", rules="beginner", tsumo=True)
    assert resp["payments"] == {"dealer": 2, "non_dealer": 1} and resp["points"] == 4
    ron = score("123m456p789s234s9p", "9p", seat_wind="E", rules="beginner")
    assert ron["payments"] == {"ron": 6}


@pytest.mark.parametrize(
    ("req", "error"),
    [
        ({"hand": "123m456p789s2349s", "win": "1z"}, "not a complete hand"),
        (
            {"hand": "456p789s2399s", "win": "1s", "melds": [{"kind": "chi", "tiles": "123m", "from": 3}]},
            "no yaku",
        ),
        ({"hand": "12x", "win": "1m"}, "bad tile string '12x'"),
        ({"hand": "123m456p789s239s", "win": "1s"}, "expected 13 tiles"),
        ({"hand": "1111m456p789s239s", "win": "1m"}, "5 copies of 1m"),
        ({"hand": "123m456p789s2399s", "win": "1s", "haitei": True}, "haitei is a tsumo"),
        ({"hand": "123m456p789s2399s", "win": "1s", "tsumo": "yes"}, "field 'tsumo' must be true or false"),
        ({"hand": "123m456p789s2399s", "win": "1s", "rules": "nope"}, "unknown rule preset 'nope'"),
        ({"hand": "123m456p789s2399s", "win": "1s", "seat_wind": "X"}, "bad wind 'X'"),
        ({"hand": "123m456p789s2399s", "win": "1s", "tsumoo": True}, "unknown field 'tsumoo'"),
    ],
)
def test_bad_or_losing_requests_answer_ok_false_with_a_readable_error(
    req: dict[str, Any], error: str
) -> None:
    resp = handle({"op": "score", "id": 7, **req})
    assert resp["id"] == 7 and resp["ok"] is False and error in resp["error"]

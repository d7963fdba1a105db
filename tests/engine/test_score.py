"""Scoring: the best reading, fu itemised (seed 001 fu table), payments, honba and sticks, bad input."""

from __future__ import annotations

from typing import Any

import pytest
from riichi_table.engine.batch import handle


def score(hand: str, win: str, **kw: Any) -> dict[str, Any]:
    return handle({"op": "score", "hand": hand, "win": win, **kw})


def test_issue_example_scores_riichi_tsumo_dora() -> None:
    resp = score("234m456p789s66s11z", "6s", tsumo=True, riichi=True, dora="3p")
    assert resp["yaku"] == [["riichi", 1], ["menzen_tsumo", 1], ["dora", 1]]
    assert (resp["han"], resp["fu"], resp["payments"], resp["points"]) == (3, 30, {"all": 2000}, 6000)


def test_ryanpeikou_beats_seven_pairs_reading() -> None:
    # the reading that scores highest: two identical chi twice vs seven pairs -> the higher score
    resp = score("112233m445566p9s", "9s")
    assert dict(resp["yaku"]) == {"ryanpeikou": 3} and resp["fu"] == 40


def test_ron_on_a_shanpon_counts_that_pon_as_open() -> None:
    # the best reading: closed pon vs sequence on ron; 001 fu table: concealed pon 4, open pon 2
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


# --- liability (pao), seed 002 3.3.9 -------------------------------------------------------------------

_DAISANGEN_MELDS = [
    {"kind": "pon", "tiles": "555z", "from": 1},
    {"kind": "pon", "tiles": "666z", "from": 2},
    {"kind": "pon", "tiles": "777z", "from": 3},
]


def test_liable_player_pays_a_self_drawn_big_three_dragons_alone() -> None:
    # 002 3.3.9: on self-draw the feeder of the third dragon pon pays the full value, the others nothing
    resp = score("123m4p", "4p", melds=_DAISANGEN_MELDS, seat_wind="S", tsumo=True, pao=3, honba=1)
    assert resp["payments"] == {"pao": 32000} and resp["points"] == 32000 and resp["total"] == 32300


def test_liable_player_and_discarder_split_a_big_three_dragons_ron() -> None:
    # 002 3.3.9: on another's discard the liable player and the discarder share; counters: the discarder
    resp = score("123m4p", "4p", melds=_DAISANGEN_MELDS, seat_wind="E", pao=3, discarder=1, honba=2)
    assert resp["payments"] == {"ron": 24000, "pao": 24000} and resp["total"] == 48600


def test_ron_from_the_liable_player_is_paid_by_that_player_alone() -> None:
    resp = score("123m4p", "4p", melds=_DAISANGEN_MELDS, seat_wind="S", pao=2, discarder=2)
    assert resp["payments"] == {"ron": 32000}


def test_big_four_winds_liability_follows_the_fourth_wind_pon() -> None:
    # 002 3.3.9: the fourth wind pon/kan fed by the liable player
    winds = [
        {"kind": "pon", "tiles": "111z", "from": 1},
        {"kind": "pon", "tiles": "222z", "from": 1},
        {"kind": "kan", "tiles": "3333z", "from": 2},
        {"kind": "pon", "tiles": "444z", "from": 3},
    ]
    resp = score("5p", "5p", melds=winds, seat_wind="S", tsumo=True, pao=2)
    assert resp["payments"] == {"pao": 32000}


@pytest.mark.parametrize(
    ("req", "error"),
    [
        ({"tsumo": False, "pao": 3}, "needs 'discarder'"),
        ({"tsumo": True, "pao": 3, "rules": "beginner"}, "only to a liability hand"),
        ({"tsumo": True, "pao": 0}, "relative seat 1, 2 or 3"),
        ({"tsumo": True, "discarder": 1}, "a tsumo has no discarder"),
    ],
)
def test_pao_requests_that_cannot_happen_are_refused(req: dict[str, Any], error: str) -> None:
    resp = score("123m4p", "4p", melds=_DAISANGEN_MELDS, seat_wind="S", **req)
    assert resp["ok"] is False and error in resp["error"]


def test_pao_on_a_seat_that_fed_no_dragon_is_refused() -> None:
    melds = [{**m, "from": 1} for m in _DAISANGEN_MELDS]
    resp = score("123m4p", "4p", melds=melds, seat_wind="S", tsumo=True, pao=2)
    assert resp["ok"] is False and "fed none" in resp["error"]


def test_pao_needs_a_liability_hand() -> None:
    resp = score("123m456p789s2399s", "1s", tsumo=True, pao=1)
    assert resp["ok"] is False and "liability hand" in resp["error"]


# --- nagashi mangan, seed 001 table ------------------------------------------------------------------


def test_nagashi_mangan_is_paid_as_a_mangan_tsumo_without_honba_or_sticks() -> None:
    # 001 table "Nagashi Mangan" (5 han): paid at the drawn round like a mangan tsumo
    dealer = handle({"op": "nagashi", "id": "n", "seat_wind": "E", "rules": "uspml"})
    assert (dealer["ok"], dealer["payments"], dealer["total"], dealer["limit"]) == (
        True,
        {"all": 4000},
        12000,
        "mangan",
    )
    other = handle({"op": "nagashi", "seat_wind": "W", "rules": "tenhou"})
    assert other["payments"] == {"dealer": 4000, "non_dealer": 2000} and other["points"] == 8000


def test_nagashi_mangan_is_refused_where_the_preset_does_not_play_it() -> None:
    # 002 (wrc) has no nagashi mangan
    resp = handle({"op": "nagashi", "seat_wind": "S", "rules": "wrc"})
    assert resp["ok"] is False and "not played" in resp["error"]


def test_thirteen_orphans_reports_no_fu() -> None:
    # no seed gives kokushi fu (no sets; a yakuman ignores fu): 0 and an empty itemisation, as tenhou shows it
    resp = score("19m19p19s1234566z", "7z")
    assert (resp["fu"], resp["fu_detail"], resp["yakuman"]) == (0, [], 1)

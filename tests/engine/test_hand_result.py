"""A game fed with hand results (engine/hand_result.py, Game.apply_result): money, rotation, checks, logs."""

from __future__ import annotations

import copy
import json
import sys
from pathlib import Path
from typing import Any

import pytest
from riichi_table.engine.events import Chombo, EndKyoku, Hora, ReachAccepted, StartKyoku
from riichi_table.engine.game import Game
from riichi_table.engine.hand_result import (
    AbortResult,
    ChomboResult,
    DrawResult,
    HandResultError,
    Result,
    Winner,
    WinResult,
    result_from_json,
    result_to_json,
)
from riichi_table.engine.result_log import mjai_lines, tenhou_log
from riichi_table.engine.rules import resolve_rules
from riichi_table.engine.score import Win, WinInput, score
from riichi_table.engine.tiles import parse_tile, parse_tiles

sys.path.insert(0, str(Path(__file__).parent))
from game_sim import Player


def ron(winner: int, discarder: int, han: int, fu: int = 30, riichi: tuple[int, ...] = ()) -> WinResult:
    return WinResult((Winner(winner, han, fu),), discarder, riichi)


def tsumo(winner: int, han: int, fu: int = 30, yakuman: int = 0, riichi: tuple[int, ...] = ()) -> WinResult:
    return WinResult((Winner(winner, han, fu, yakuman),), None, riichi)


def state(g: Game) -> tuple[Any, ...]:
    return (list(g.scores), g.honba, g.sticks, g.dealer, g.round_wind, g.hand_number, g.ended, len(g.results))


def test_ron_pays_the_discarder_and_the_deal_passes() -> None:
    g = Game("wrc")
    g.apply_result(ron(1, 0, 3, 40))  # seed 001 points table: non-dealer 3 han 40 fu = 5200
    assert g.scores == [24800, 35200, 30000, 30000]
    assert (g.dealer, g.hand_number, g.honba) == (1, 2, 0)


def test_dealer_tsumo_with_honba_and_riichi_sticks() -> None:
    # seed 003 "Dealer Rotation": 300 a counter, 100 per payer on tsumo; 002 3.3.14: sticks to the winner
    g = Game("wrc")
    g.apply_result(DrawResult((True, True, False, False), riichi=(1,)))  # dealer tenpai keeps, 1 honba
    g.apply_result(tsumo(0, 2, 30, riichi=(0,)))  # 2 han 30 fu dealer tsumo: 1000 all
    assert g.scores == [
        30000 + 1500 - 1000 + 3300 + 2000,
        30000 + 1500 - 1000 - 1100,
        28500 - 1100,
        28500 - 1100,
    ]
    assert (g.sticks, g.honba, g.dealer) == (0, 2, 0)


def test_two_rons_each_get_the_honba_and_the_nearest_takes_the_sticks() -> None:
    # seed 002 3.3.1 several winners; 3.3.14 the sticks go to the winner first in order after the discarder
    g = Game("wrc")
    g.apply_result(DrawResult((True, False, False, False)))  # dealer keeps, honba 1
    g.apply_result(WinResult((Winner(0, 2, 30), Winner(2, 4, 30)), 1, riichi=(1,)))
    # seat 2 sits first after seat 1: 7700 + 300 + the stick; seat 0 (the dealer): 2900 + 300
    assert g.scores == [33000 + 3200, 29000 - 1000 - 3200 - 8000, 29000 + 8000 + 1000, 29000]
    assert (g.dealer, g.honba, g.sticks) == (0, 2, 0)  # the dealer won: keeps the deal


def test_head_bump_refuses_a_second_winner_naming_the_nearest() -> None:
    g = Game("uspml")  # seed 001 "Head Bump"
    with pytest.raises(HandResultError, match="head bump: only seat 2"):
        g.apply_result(WinResult((Winner(0, 2, 30), Winner(2, 4, 30)), 1))


def test_three_rons_abort_the_hand_where_the_preset_says() -> None:
    # seed 001 "Abortive Draw": triple ron; sticks stay, one more honba, the dealer keeps the deal
    g = Game("tenhou")
    g.apply_result(WinResult((Winner(1, 1, 30), Winner(2, 1, 30), Winner(3, 1, 30)), 0, riichi=(2,)))
    assert g.scores == [25000, 25000, 24000, 25000] and (g.sticks, g.honba, g.dealer) == (1, 1, 0)
    assert isinstance(g.result_hands[-1].result, AbortResult)


def test_three_rons_all_win_under_wrc() -> None:
    g = Game("wrc")  # 002 3.3.1, 3.4.3: no abortive draws
    g.apply_result(WinResult((Winner(1, 1, 30), Winner(2, 1, 30), Winner(3, 1, 30)), 0))
    assert g.scores == [27000, 31000, 31000, 31000]


def test_liability_on_a_tsumo_makes_the_feeder_pay_it_all() -> None:
    # seed 002 3.3.9 (same money as test_game's tile-level big three dragons)
    g = Game("wrc")
    g.apply_result(WinResult((Winner(1, yakuman=1, pao=3),), None))
    assert g.scores == [30000, 62000, 30000, -2000]


def test_liability_on_another_players_discard_is_shared_and_counters_are_the_discarders() -> None:
    g = Game("wrc")
    g.apply_result(DrawResult((True, False, False, False)))  # honba 1, seat 0 still deals
    g.apply_result(WinResult((Winner(1, yakuman=1, pao=3),), 0))
    assert g.scores == [33000 - 16000 - 300, 29000 + 32300, 29000, 29000 - 16000]


def test_exhaustive_draw_pays_noten_and_adds_a_counter_when_the_deal_passes() -> None:
    g = Game("wrc")  # 002 3.4.2
    g.apply_result(DrawResult((False, True, False, True)))
    assert g.scores == [28500, 31500, 28500, 31500] and (g.dealer, g.honba) == (1, 1)


def test_nagashi_mangan_is_paid_as_a_mangan_tsumo_instead_of_noten() -> None:
    g = Game("uspml")  # 001 yaku table: nagashi mangan
    g.apply_result(DrawResult((False, True, False, False), nagashi=(2,)))
    assert g.scores == [26000, 28000, 38000, 28000] and (g.dealer, g.honba) == (1, 1)


@pytest.mark.parametrize(
    "preset,reason,keeps",
    [("uspml", "yao9", True), ("online", "kaze4", True), ("tenhou", "kan4", True)],
    ids=["uspml-nine-terminals", "online-four-winds", "tenhou-four-kans"],
)
def test_an_abortive_draw_the_preset_has_moves_no_points(preset: str, reason: str, keeps: bool) -> None:
    g = Game(preset)  # 001 / 003 "Abortive Draw"; riichi sticks stay on the table
    start = g.rules.starting_points
    g.apply_result(AbortResult(reason, riichi=(1,)))
    assert g.scores == [start, start - 1000, start, start] and g.sticks == 1
    assert (g.dealer == 0) is keeps and g.honba == 1


def test_chombo_reverse_mangan_returns_the_hands_riichi_sticks_and_redeals() -> None:
    g = Game("uspml")
    g.apply_result(ChomboResult(2, "false ron", riichi=(1,)))
    assert g.scores == [34000, 32000, 22000, 32000] and g.sticks == 0
    assert (g.dealer, g.honba, g.hand_number) == (0, 0, 1)


def test_chombo_under_wrc_comes_off_the_final_score() -> None:
    g = Game("wrc")
    g.apply_result(ChomboResult(1))
    assert g.scores == [30000] * 4 and g.penalties == [0, 20000, 0, 0]


def test_the_beginner_rules_pay_fixed_points_and_keep_the_noten_pool() -> None:
    # seed 000 "Scoring": ron 4 to a non-dealer; "Draws": noten players feed a pool for the next winner
    g = Game("beginner")
    g.apply_result(DrawResult((True, False, False, False)))
    assert g.scores == [20, 19, 19, 19] and g.pool == 3
    g.apply_result(WinResult((Winner(2, 0, 0),), 3))  # no yaku needed (000 "Complete hand")
    assert g.scores == [20, 19, 19 + 4 + 3, 15] and g.pool == 0


def _full_score(seat_wind: int) -> Win:
    # pinfu + ittsu on a ron: 3 han 30 fu (same hand as test_game's HANDS[1])
    w = score(
        WinInput(
            hand=tuple(parse_tiles("123456789m1134s")),
            win=parse_tile("2s"),
            seat_wind=seat_wind,
            rules=resolve_rules("wrc"),
        )
    )
    assert isinstance(w, Win)
    return w


def test_a_full_score_from_the_scorer_pays_what_it_says() -> None:
    g = Game("wrc")
    g.apply_result(WinResult((Winner(1, score=_full_score(28)),), 0))
    assert g.scores == [26100, 33900, 30000, 30000]
    assert g.results[-1].detail["yaku"] == [["pinfu", 1], ["ittsu", 2]]


def test_a_full_score_computed_for_the_wrong_seat_wind_is_refused() -> None:
    g = Game("wrc")
    with pytest.raises(HandResultError, match="as a non-dealer ron in this game"):
        g.apply_result(WinResult((Winner(1, score=_full_score(27)),), 0))  # scored as the dealer


@pytest.mark.parametrize(
    "preset,result,message",
    [
        ("wrc", lambda: ron(1, 1, 2), "cannot win on its own discard"),
        ("wrc", lambda: WinResult((Winner(0, 1), Winner(2, 1)), None), "a tsumo has exactly one winner"),
        ("wrc", lambda: ron(1, 0, 0), "at least 1 han"),
        ("wrc", lambda: ron(1, 0, 2, 35), "35 fu is not in the fu table"),
        ("wrc", lambda: ron(1, 0, 1, 25), "25 fu is seven pairs"),
        ("wrc", lambda: ron(1, 0, 2, 20), "20 fu is a pinfu tsumo"),
        ("wrc", lambda: ron(1, 0, 3, 0), "0 fu is not in the fu table"),
        ("wrc", lambda: WinResult((Winner(1, 2, 30, pao=3),), 0), "only for a yakuman"),
        ("wrc", lambda: WinResult((Winner(1, yakuman=2),), 0), "counts one at most"),
        ("wrc", lambda: DrawResult((True, False, False, False), riichi=(1,)), "seat 1 is in riichi but"),
        ("wrc", lambda: DrawResult((True, False, False, False), nagashi=(1,)), "no nagashi mangan"),
        ("wrc", lambda: AbortResult("yao9"), "no abortive draw yao9"),
        ("tenhou", lambda: AbortResult("reach4", riichi=(0, 1)), "all four seats in riichi"),
        ("wrc", lambda: AbortResult("bored"), "not one of yao9"),
        ("beginner", lambda: WinResult((Winner(1, yakuman=1, pao=2),), 0), "no liability"),
        ("wrc", lambda: ChomboResult(4), "seat 0..3"),
        ("wrc", lambda: ron(1, 0, 1, riichi=(2, 2)), "appears twice"),
    ],
    ids=[
        "winner-is-discarder",
        "two-tsumo-winners",
        "zero-han",
        "fu-35",
        "fu-25-one-han",
        "fu-20-ron",
        "no-fu-below-mangan",
        "pao-without-yakuman",
        "double-yakuman-not-counted",
        "riichi-noten",
        "nagashi-not-in-preset",
        "abort-not-in-preset",
        "four-riichi-not-four",
        "unknown-abort",
        "pao-not-in-preset",
        "seat-out-of-range",
        "riichi-twice",
    ],
)
def test_a_result_that_breaks_the_rules_is_refused_and_nothing_changes(
    preset: str, result: Any, message: str
) -> None:
    g = Game(preset)
    g.apply_result(DrawResult((True, True, True, True)))
    before = state(g)
    with pytest.raises(HandResultError, match=message):
        g.apply_result(result())
    assert state(g) == before


def test_riichi_without_the_deposit_is_refused_where_the_preset_says() -> None:
    g = Game("tenhou")  # common: no riichi below 1000 points
    g.scores = [500, 35000, 32000, 32500]
    with pytest.raises(HandResultError, match="cannot pay the riichi deposit"):
        g.apply_result(DrawResult((True, False, False, False), riichi=(0,)))


def test_results_and_events_cannot_be_mixed_within_one_hand() -> None:
    g = Game("wrc")
    g.apply(g.next_start("N"))
    with pytest.raises(HandResultError, match="cannot be mixed within one hand"):
        g.apply_result(ron(1, 0, 1))
    g2 = Game("wrc")
    g2.apply_result(ron(1, 0, 1))
    with pytest.raises(Exception, match="no hand in progress"):
        g2.apply(Hora(actor=2, target=0, pai="1m"))


def test_results_and_event_hands_may_alternate_between_hands() -> None:
    g = Game("uspml")
    g.apply_result(ron(1, 0, 3, 40))
    g.apply(g.next_start("N"))  # East 2, seat 1 deals: the header the results left
    g.apply(Chombo(actor=2))  # reverse mangan (uspml): 4000 to the dealer, 2000 to the others; redeal
    g.apply(EndKyoku())
    g.apply_result(tsumo(1, 1, 30))  # dealer tsumo 500 all
    assert g.scores == [24800 + 2000 - 500, 35200 + 4000 + 1500, 30000 - 8000 - 500, 30000 + 2000 - 500]
    assert (g.dealer, g.honba) == (1, 1)


def test_no_result_after_the_game_is_over() -> None:
    g = Game("beginner")  # one East round (seed 000)
    for seat in (1, 2, 3, 0):
        g.apply_result(ron(seat, (seat + 1) % 4, 1))
    assert g.ended
    with pytest.raises(HandResultError, match="the game is over"):
        g.apply_result(ron(1, 0, 1))


# A whole East-South game (wrc: 30000 start and return, uma 15/5/-5/-15, chombo 20000 off the final score).
# Each line: the result, then the scores after it, worked by hand from seed 001's points table.
WHOLE_GAME: list[tuple[Result, list[int]]] = [
    # E1 dealer 0: seat 1 riichi, ron from 0, 3 han 40 fu = 5200, takes back its stick
    (ron(1, 0, 3, 40, riichi=(1,)), [24800, 35200, 30000, 30000]),
    # E2 dealer 1: draw, seats 0 and 2 tenpai: 1500 each from the noten seats; dealer noten, honba 1
    (DrawResult((True, False, True, False)), [26300, 33700, 31500, 28500]),
    # E3 dealer 2, honba 1: dealer tsumo 2 han 30 fu = 1000 all + 100 each
    (tsumo(2, 2, 30), [25200, 32600, 34800, 27400]),
    # E3 honba 2: seats 3 and 0 riichi; seat 3 ron from the dealer, mangan 8000 + 600 + 2 sticks
    (WinResult((Winner(3, 5),), 2, (0, 3)), [24200, 32600, 26200, 37000]),
    # E4 dealer 3: seat 1 riichi; double ron from seat 1: seat 2 (4 han 30 fu 7700, first: the stick),
    # seat 0 (2 han 30 fu 2000)
    (WinResult((Winner(0, 2, 30), Winner(2, 4, 30)), 1, (1,)), [26200, 21900, 34900, 37000]),
    # S1 dealer 0: dealer ron from 3, 3 han 30 fu = 5800; keeps the deal, honba 1
    (ron(0, 3, 3, 30), [32000, 21900, 34900, 31200]),
    # S1 honba 1: nobody tenpai: no payment; the deal passes, honba 2 (002 3.4.2)
    (DrawResult((False, False, False, False)), [32000, 21900, 34900, 31200]),
    # S2 dealer 1, honba 2: chombo by seat 3: 20000 off its final score, same hand again
    (ChomboResult(3), [32000, 21900, 34900, 31200]),
    # S2 honba 2: dealer tsumo yakuman 16000 all + 200 each
    (tsumo(1, 0, 0, yakuman=1), [15800, 70500, 18700, 15000]),
    # S2 honba 3: seat 2 ron from the dealer, 1 han 30 fu = 1000 + 900
    (ron(2, 1, 1, 30), [15800, 68600, 20600, 15000]),
    # S3 dealer 2: seat 3 tsumo 1 han 30 fu = 300 / 500
    (tsumo(3, 1, 30), [15500, 68300, 20100, 16100]),
    # S4 dealer 3: seat 0 riichi; seats 0 and 3 tenpai; dealer tenpai keeps, honba 1, a stick on the table
    (DrawResult((True, False, False, True), riichi=(0,)), [16000, 66800, 18600, 17600]),
    # S4 honba 1: seat 2 ron from seat 0, 2 han 40 fu = 2600 + 300 + the stick; the dealer loses: game over
    (ron(2, 0, 2, 40), [13100, 66800, 22500, 17600]),
]


def test_a_whole_east_south_game_fed_with_results_ends_with_the_hand_worked_scores() -> None:
    g = Game("wrc")
    for number, (result, scores) in enumerate(WHOLE_GAME, 1):
        assert not g.ended, f"the game ended before hand {number}"
        g.apply_result(result)
        assert g.scores == scores, f"hand {number}"
    assert g.ended and g.sticks == 0 and g.round_wind == 2
    finals = {s.seat: (s.rank, s.final) for s in g.ranking()}
    # final = score - 30000 + uma - chombo penalty
    assert finals == {1: (1, 51800), 2: (2, -2500), 3: (3, -37400), 0: (4, -31900)}


def _results_of(events: list[Any], preset: str) -> list[tuple[Result, list[int]]]:
    """The same game as hand results: riichi sticks from reach_accepted, wins and draws from the money the
    tile-level game computed (han, fu, yakuman, liability; tenpai flags, nagashi seats)."""
    g = Game(preset)
    out: list[tuple[Result, list[int]]] = []
    riichi: list[int] = []
    first = 0
    for e in events:
        g.apply(e)
        if isinstance(e, StartKyoku):
            riichi, first = [], len(g.results)
        elif isinstance(e, ReachAccepted):
            riichi.append(e.actor)
        elif isinstance(e, EndKyoku):
            money = g.results[first:]
            result: Result
            if money[0].kind == "hora":
                d: list[dict[str, Any]] = [m.detail for m in money]
                winners = tuple(
                    Winner(x["actor"], x["han"], x["fu"], x["yakuman"], pao=x.get("liable")) for x in d
                )
                discarder = None if d[0]["actor"] == d[0]["target"] else d[0]["target"]
                result = WinResult(winners, discarder, tuple(riichi))
            else:
                detail: dict[str, Any] = money[0].detail
                tenpai = detail["tenpai"]
                nagashi = tuple(detail.get("nagashi", ()))
                result = DrawResult((tenpai[0], tenpai[1], tenpai[2], tenpai[3]), nagashi, tuple(riichi))
            out.append((result, list(g.scores)))
    return out


@pytest.mark.parametrize(
    "preset,seed", [("wrc", 1), ("wrc", 22), ("tenhou", 16), ("uspml", 11)]
)  # 22, 16: a double ron
def test_a_game_fed_with_results_ends_as_the_same_game_fed_with_tile_events(preset: str, seed: int) -> None:
    player = Player(Game(preset), seed, calls=True)
    player.play_game()
    hands = _results_of(player.events, preset)
    assert len(hands) >= 8
    g = Game(preset)
    for result, scores in hands:
        g.apply_result(result)
        assert g.scores == scores
    assert g.scores == player.game.scores and g.ended == player.game.ended
    assert (g.honba, g.sticks, g.dealer, g.round_wind) == (
        player.game.honba,
        player.game.sticks,
        player.game.dealer,
        player.game.round_wind,
    )
    assert [s.final for s in g.ranking()] == [s.final for s in player.game.ranking()]


def test_results_round_trip_through_json() -> None:
    results: list[Result] = [
        WinResult((Winner(0, 2, 30), Winner(2, yakuman=1, pao=3)), 1, (1,)),
        tsumo(3, 1, 30),
        DrawResult((True, False, False, True), (0,), (0,)),
        AbortResult("yao9"),
        ChomboResult(2, "false ron"),
    ]
    for r in results:
        assert result_from_json(json.loads(json.dumps(result_to_json(r)))) == r


def test_bad_json_names_the_field() -> None:
    with pytest.raises(HandResultError, match="kind: expected one of"):
        result_from_json({"kind": "nope"})
    with pytest.raises(HandResultError, match="tenpai must be four"):
        result_from_json({"kind": "draw", "tenpai": [True]})


def _short_game() -> Game:
    g = Game("wrc")
    g.names = ("Ann", "Bob", "Cy", "Dee")
    g.apply_result(ron(1, 0, 3, 40, riichi=(1,)))
    g.apply_result(DrawResult((False, True, False, False)))
    g.apply_result(ChomboResult(0))
    g.apply_result(WinResult((Winner(0, 2, 30), Winner(2, yakuman=1, pao=3)), 1))
    return g


def test_the_mjai_log_carries_sticks_and_deltas_without_tiles() -> None:
    lines = [json.loads(line) for line in mjai_lines(_short_game())]
    types = [e["type"] for e in lines]
    assert types[:5] == ["start_game", "start_kyoku", "reach", "reach_accepted", "hora"]
    assert lines[0]["names"] == ["Ann", "Bob", "Cy", "Dee"]
    assert "dora_marker" not in lines[1] and "pai" not in lines[4]
    assert lines[3]["deltas"] == [0, -1000, 0, 0] and lines[4]["deltas"] == [-5200, 6200, 0, 0]
    assert lines[4]["scores"] == [24800, 35200, 30000, 30000] and lines[4]["fan"] == 3
    draw = next(e for e in lines if e["type"] == "ryukyoku")
    assert draw["tenpais"] == [False, True, False, False] and draw["deltas"] == [-1000, 3000, -1000, -1000]
    assert types.count("start_kyoku") == 3  # the chombo is no hand (seed 002 3.4)
    horas = [e for e in lines if e["type"] == "hora"][1:]
    assert [h["actor"] for h in horas] == [2, 0]  # nearest the discarder first


def test_the_tenhou_log_writes_the_result_arrays() -> None:
    log = tenhou_log(_short_game(), title="club")
    assert log["name"] == ["Ann", "Bob", "Cy", "Dee"] and log["title"] == ["club", ""]
    first, second, third = log["log"]
    assert first[0] == [0, 0, 0] and first[1] == [30000] * 4 and all(a == [] for a in first[2:16])
    assert first[16] == ["和了", [-5200, 6200, 0, 0], [1, 0, 1, "40符3飜5200点"]]
    assert second[0] == [1, 0, 0] and second[16] == ["流局", [-1000, 3000, -1000, -1000]]
    assert third[0] == [1, 1, 0]  # the dealer was tenpai: East 2 again, one counter; no chombo entry
    assert third[16][0] == "和了" and third[16][2][:3] == [2, 1, 3] and third[16][4][:3] == [0, 1, 0]


def test_the_result_logs_refuse_a_game_fed_with_events() -> None:
    g = Game("wrc")
    g.apply(g.next_start("N"))
    with pytest.raises(HandResultError, match=r"engine\.export"):
        tenhou_log(g)


def test_results_do_not_change_the_callers_objects() -> None:
    result = WinResult((Winner(1, 3, 40),), 0, (1,))
    kept = copy.deepcopy(result)
    Game("wrc").apply_result(result)
    assert result == kept

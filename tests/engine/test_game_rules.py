"""Game-level rules as whole games meet them: pinfu tsumo in results, kokushi robbing an ankan, three rons
under head bump, the beginner's shapes and calls in every op, the four-copies rule with melds, honba on
double ron."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import pytest
from riichi_table.engine.batch import handle
from riichi_table.engine.errors import IllegalEventError
from riichi_table.engine.events import Ankan, Dahai, EndKyoku, Hora, Reveal, Ryukyoku, Tsumo, tile_to_pai
from riichi_table.engine.game import Game, round_final
from riichi_table.engine.hand_result import AbortResult, DrawResult, HandResultError, Winner, WinResult
from riichi_table.engine.rules import resolve_rules
from riichi_table.engine.tiles import parse_tiles

sys.path.insert(0, str(Path(__file__).parent))
from test_game import HANDS, deal

# --- pinfu tsumo: 20 fu ---------------------------------------------------------------------------------


@pytest.mark.parametrize("preset", ["wrc", "uspml", "online", "tenhou"])
def test_a_pinfu_tsumo_of_20_fu_is_recorded_under_every_preset(preset: str) -> None:
    # seed 001 fu table, "Pinfu" column: concealed tsumo 20 (no tsumo fu); 2 han 20 fu non-dealer tsumo is
    # 400 / 700 (seed 001 points table, "Other Tsumo" / "East Tsumo" at 2 han 20 fu)
    g = Game(preset)
    start = g.scores[0]
    g.apply_result(WinResult((Winner(1, 2, 20),), None))
    assert g.scores == [start - 700, start + 1500, start - 400, start - 400]


def test_a_20_fu_tsumo_is_refused_where_the_rules_count_tsumo_fu_on_pinfu() -> None:
    # the preset field `pinfu_tsumo_fu` True: a pinfu tsumo is 30 fu, so 20 fu cannot be a tsumo
    g = Game({"preset": "wrc", "pinfu_tsumo_fu": True})
    with pytest.raises(HandResultError, match="20 fu is a pinfu tsumo"):
        g.apply_result(WinResult((Winner(1, 2, 20),), None))
    assert g.scores == [30000] * 4


def test_a_20_fu_ron_and_a_1_han_20_fu_tsumo_are_refused() -> None:
    # seed 001 fu table: 20 fu is a concealed pinfu tsumo only (pinfu + menzen tsumo is at least 2 han)
    g = Game("wrc")
    with pytest.raises(HandResultError, match="20 fu is a pinfu tsumo"):
        g.apply_result(WinResult((Winner(1, 2, 20),), 0))
    with pytest.raises(HandResultError, match="at least 2 han"):
        g.apply_result(WinResult((Winner(1, 1, 20),), None))


# --- kokushi robs an ankan ----------------------------------------------------------------------------

KOKUSHI_HANDS = ["1111m234p567p234s", "9m19p19s12345677z", "234m23456p23456s", "678m678p678s3334z"]


def _ankan_of_1m(g: Game, hands: list[str]) -> None:
    deal(g, hands)
    g.apply(Tsumo(actor=0, pai="5s"))
    g.apply(Ankan(actor=0, consumed=("1m", "1m", "1m", "1m")))


def test_thirteen_orphans_robs_a_concealed_kan() -> None:
    # seed 002 3.3.7: "A concealed kong cannot be robbed, except to win on Thirteen Orphans"
    g = Game("wrc")
    _ankan_of_1m(g, KOKUSHI_HANDS)
    g.apply(Hora(actor=1, target=0, pai="1m"))
    assert g.scores == [30000 - 32000, 30000 + 32000, 30000, 30000]


def test_a_concealed_kan_is_not_robbed_where_the_preset_says_no() -> None:
    g = Game({"preset": "wrc", "kokushi_robs_ankan": False})
    _ankan_of_1m(g, KOKUSHI_HANDS)
    with pytest.raises(IllegalEventError, match="not the tile in play"):
        g.apply(Hora(actor=1, target=0, pai="1m"))


def test_only_thirteen_orphans_may_rob_a_concealed_kan() -> None:
    # seed 002 3.3.7: a regular hand waiting on the kan's tile may not rob it
    hands = ["1111m234p567p234s", "23m456789p456s55z", "234m23456p23456s", "678m678p678s3334z"]
    g = Game("wrc")
    _ankan_of_1m(g, hands)
    with pytest.raises(IllegalEventError, match="only thirteen orphans"):
        g.apply(Hora(actor=1, target=0, pai="1m"))


# --- three rons under head bump (results) --------------------------------------------------------------


def test_three_rons_in_a_result_abort_under_uspml_before_head_bump() -> None:
    # seed 001 "Abortive Draw": three players call the same discard for Ron; 001 "Dealer Rotation": the
    # dealer keeps the deal after an abortive draw
    g = Game("uspml")
    g.apply_result(WinResult((Winner(1, 2, 30), Winner(2, 1, 30), Winner(3, 3, 40)), 0))
    assert g.scores == [30000] * 4
    assert (g.dealer, g.honba) == (0, 1)
    assert isinstance(g.result_hands[-1].result, AbortResult)


def test_two_rons_in_a_result_are_still_a_head_bump_under_uspml() -> None:
    g = Game("uspml")
    with pytest.raises(HandResultError, match="head bump: only seat 1"):
        g.apply_result(WinResult((Winner(1, 2, 30), Winner(3, 3, 40)), 0))


# --- beginner: hand shapes and calls in every op and the game ------------------------------------------


def _ask(request: dict[str, Any]) -> dict[str, object]:
    return handle(request)


def test_beginner_seven_pairs_is_no_win_in_the_score_op() -> None:
    # seed 000 "Complete hand": "four sets (each set may be either a Pon or a Chi) and one pair"
    request = {"op": "score", "hand": "1133m5577p2299s1z", "win": "1z", "rules": "beginner", "tsumo": True}
    assert _ask({**request, "rules": "wrc"})["ok"] is True
    answer = _ask(request)
    assert answer["ok"] is False and "not a complete hand" in str(answer["error"])


def test_beginner_thirteen_orphans_is_no_win_and_no_wait() -> None:
    # seed 000 "Complete hand": thirteen orphans is not four sets and a pair
    assert _ask({"op": "score", "hand": "19m19p19s1234567z", "win": "1m", "rules": "beginner"})["ok"] is False
    answer = _ask({"op": "waits", "hand": "19m19p19s1234567z", "rules": "beginner"})
    assert answer["ok"] is True and answer["tenpai"] is False and answer["waits"] == ""
    assert _ask({"op": "waits", "hand": "19m19p19s1234567z"})["tenpai"] is True


@pytest.mark.parametrize(
    "meld",
    [{"kind": "chi", "tiles": "123m", "from": 3}, {"kind": "kan", "tiles": "5555p", "from": 1}],
    ids=["chi", "kan"],
)
@pytest.mark.parametrize("op", ["score", "waits", "furiten", "draw"])
def test_beginner_ops_refuse_melds_the_rules_do_not_allow(op: str, meld: dict[str, object]) -> None:
    # seed 000 "Make claims": "Valid claims are: Pon, Ron"
    hand = "456m789p11s"
    match op:
        case "score":
            request: dict[str, Any] = {"op": op, "hand": "456m789p11s22z", "win": "2z", "melds": [meld]}
        case "waits":
            request = {"op": op, "hand": hand + "2z", "melds": [meld]}
        case "furiten":
            request = {"op": op, "hand": hand + "2z", "melds": [meld]}
        case _:
            shown = {"hand": hand + "2z", "melds": [meld]}
            request = {"op": op, "hands": [shown, {"hand": None}, {"hand": None}, {"hand": None}]}
    answer = _ask({**request, "rules": "beginner"})
    assert answer["ok"] is False and f"a {meld['kind']} meld is not allowed" in str(answer["error"])


def test_beginner_seven_pairs_is_not_ready_at_a_draw_in_the_op_and_in_the_game() -> None:
    # seed 000 "Draws" with "Complete hand": a seven-pairs wait is not ready, so that player pays the pool
    shown = {"hand": "1133m5577p2299s1z"}
    hands = [shown, {"hand": None}, {"hand": None}, {"hand": None}]
    assert _ask({"op": "draw", "hands": hands, "rules": "wrc"})["tenpai"] == [True, False, False, False]
    assert _ask({"op": "draw", "hands": hands, "rules": "beginner"})["tenpai"] == [False] * 4
    g = Game("beginner")
    deal(g, ["1133m5577p2299s1z", *HANDS[1:]])
    assert g.round is not None and g.round.seats[0].waits == ()
    g.round.wall_left = 0
    g.round.phase = "draw"
    g.apply(Ryukyoku(reason="fanpai"))
    assert g.results[-1].detail["tenpai"] == [False, True, False, True]


def test_beginner_game_refuses_a_seven_pairs_ron() -> None:
    g = Game("beginner")
    deal(g, ["1199p5577s2233z6z", "1133m5577p2299s1z", *HANDS[2:]])
    g.apply(Tsumo(actor=0, pai="E"))
    g.apply(Dahai(actor=0, pai="E", tsumogiri=True))
    with pytest.raises(IllegalEventError, match="not complete"):
        g.apply(Hora(actor=1, target=0, pai="E"))


# --- the four-copies rule counts melds, one definition for every op ------------------------------------

FOUR_FIVES = {
    "hand": "5m",
    "melds": [
        {"kind": "pon", "tiles": "555m", "from": 1},
        {"kind": "chi", "tiles": "123p", "from": 3},
        {"kind": "chi", "tiles": "456p", "from": 3},
        {"kind": "chi", "tiles": "789p", "from": 3},
    ],
}


def test_a_single_wait_on_a_tile_held_four_times_with_a_pon_is_no_wait_in_every_op() -> None:
    # seed 002 3.3.13: "not tenpai when waiting only on a tile you hold all four of" (melds count)
    waits = _ask({"op": "waits", **FOUR_FIVES})
    assert waits["ok"] is True and waits["tenpai"] is False and waits["waits"] == ""
    draw = _ask({"op": "draw", "hands": [FOUR_FIVES, {"hand": None}, {"hand": None}, {"hand": None}]})
    assert draw["tenpai"] == [False, False, False, False]
    furiten = _ask({"op": "furiten", **FOUR_FIVES, "discards": "5m"})
    assert furiten["furiten"] is False and furiten["waits"] == ""
    other = {**FOUR_FIVES, "hand": "6m"}
    assert _ask({"op": "waits", **other})["waits"] == "6m"


# --- honba on double ron -----------------------------------------------------------------------------


@pytest.mark.parametrize(("preset", "far_honba"), [("tenhou", 0), ("wrc", 300)])
def test_double_ron_honba_go_to_the_nearest_winner_under_tenhou(preset: str, far_honba: int) -> None:
    # online convention (tenhou preset, `honba_to`): counters and sticks go to the winner first in order
    # after the discarder; wrc pays the counters to each winner (no seed says otherwise)
    g = Game(preset)
    g.honba = 1
    start = g.scores[0]
    deal(g, HANDS)
    g.apply(Tsumo(actor=0, pai="5s"))
    g.apply(Dahai(actor=0, pai="5s", tsumogiri=True))
    g.apply(Hora(actor=3, target=0, pai="5s"))
    g.apply(Hora(actor=1, target=0, pai="5s"))
    assert g.scores[1] == start + 3900 + 300
    assert g.scores[3] == start + 3900 + far_honba
    g.apply(EndKyoku())
    assert g.honba == 0


@pytest.mark.parametrize(("preset", "far_honba"), [("tenhou", 0), ("wrc", 300)])
def test_double_ron_honba_in_results_follow_the_same_rule(preset: str, far_honba: int) -> None:
    g = Game(preset)
    start = g.scores[0]
    g.apply_result(DrawResult((True, False, False, False)))  # dealer tenpai: the deal stays, 1 honba
    after_draw = list(g.scores)
    g.apply_result(WinResult((Winner(3, 3, 30), Winner(1, 3, 30)), 0))
    assert g.scores[1] - after_draw[1] == 3900 + 300
    assert g.scores[3] - after_draw[3] == 3900 + far_honba
    assert after_draw[0] == start + 3000


def test_reveal_keeps_working_with_a_bumped_claim() -> None:
    # a bumped ron under head bump moves no money; the hand still ends normally
    g = Game("uspml")
    deal(g, HANDS)
    g.apply(Tsumo(actor=0, pai="5s"))
    g.apply(Dahai(actor=0, pai="5s", tsumogiri=True))
    g.apply(Hora(actor=1, target=0, pai="5s"))
    g.apply(Reveal(actor=3, tehai=tuple(tile_to_pai(t) for t in parse_tiles("123456789p1134s"))))
    g.apply(EndKyoku())
    assert g.dealer == 1


# --- game end and final points (tenhou conventions; presets per their seeds) -----------------------------

NOBODY_TENPAI = DrawResult((False, False, False, False))


def _place(g: Game) -> str:
    return f"{'ESWN'[g.round_wind]}{g.hand_number}"


def test_a_tenhou_game_goes_into_west_and_never_into_north() -> None:
    # online convention: nobody has 30000 after South 4, so West is played; after West 4 the game ends
    g = Game("tenhou")
    for _ in range(8):
        g.apply_result(NOBODY_TENPAI)
    assert not g.ended and _place(g) == "W1"
    for _ in range(4):
        g.apply_result(NOBODY_TENPAI)
    assert g.ended and _place(g) == "N1"


@pytest.mark.parametrize("preset", ["wrc", "uspml", "online"])
def test_other_presets_end_after_south_4_whatever_the_scores(preset: str) -> None:
    # seed 002 3.1: the East and South rounds; 001 and 003 name no extension
    g = Game(preset)
    for _ in range(8):
        g.apply_result(NOBODY_TENPAI)
    assert g.ended


def test_the_beginner_game_ends_when_the_deal_returns_to_the_first_dealer() -> None:
    # seed 000 "Passing the Deal": "If the deal passes to the player who was the First Dealer, the game has
    # ended"
    g = Game("beginner")
    for _ in range(3):
        g.apply_result(NOBODY_TENPAI)
    assert not g.ended
    g.apply_result(NOBODY_TENPAI)
    assert g.ended


def _to_south_4(g: Game) -> None:
    for _ in range(7):
        g.apply_result(NOBODY_TENPAI)
    assert _place(g) == "S4" and g.dealer == 3


def test_tenpai_yame_ends_a_tenhou_game_when_the_all_last_dealer_is_first() -> None:
    g = Game("tenhou")
    _to_south_4(g)
    g.apply_result(WinResult((Winner(3, 3, 30),), 2))  # dealer 5800: 30800, first
    assert g.ended
    g = Game("tenhou")
    _to_south_4(g)
    g.apply_result(WinResult((Winner(3, 1, 30),), 2))  # 1500 + 7 honba: 28600, first but under 30000
    assert not g.ended
    g.apply_result(DrawResult((False, False, False, True)))  # tenpai alone: 31600, first: tenpai-yame
    assert g.ended


def test_without_agari_yame_the_all_last_dealer_deals_again() -> None:
    g = Game("wrc")
    _to_south_4(g)
    honba = g.honba
    g.apply_result(WinResult((Winner(3, 3, 30),), 2))
    assert not g.ended and _place(g) == "S4" and g.honba == honba + 1


def test_a_dealer_keeping_the_deal_in_west_does_not_end_the_game_by_itself() -> None:
    g = Game("tenhou")
    for _ in range(8):
        g.apply_result(NOBODY_TENPAI)
    g.apply_result(WinResult((Winner(0, 5, 0),), None))  # dealer mangan tsumo: 4000 all, 37000
    assert not g.ended and _place(g) == "W1"
    g.apply_result(WinResult((Winner(1, 1, 30),), 2))  # the deal passes and seat 0 has 30000: the end
    assert g.ended


@pytest.mark.parametrize(
    ("score", "rounded"), [(30800, 31000), (24400, 24000), (1500, 2000), (-1500, -2000), (-1400, -1000)]
)
def test_tenhou_rounds_final_scores_to_1000_half_away_from_zero(score: int, rounded: int) -> None:
    assert round_final(score, resolve_rules("tenhou")) == rounded
    assert round_final(score, resolve_rules("wrc")) == score


def test_the_ranking_shows_the_rounded_and_the_unrounded_score() -> None:
    g = Game("tenhou")
    g.scores = [30800, 26600, 18200, 24400]
    top = g.ranking()[0]
    assert (top.seat, top.score, top.rounded, top.final) == (0, 30800, 31000, 41000)

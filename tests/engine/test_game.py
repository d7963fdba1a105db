"""The game over hands: payments, honba, sticks, rotation, liability, several rons, chombo, end, ranking."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from engine.errors import IllegalEventError
from engine.events import (
    Chombo,
    Dahai,
    Declare,
    EndKyoku,
    Hora,
    Pon,
    Reach,
    ReachAccepted,
    Reveal,
    Ryukyoku,
    StartKyoku,
    Tsumo,
    tile_to_pai,
)
from engine.game import Game
from engine.tiles import parse_tiles

sys.path.insert(0, str(Path(__file__).parent))
from game_sim import Player

# seat 1 and seat 3 both wait on 2s/5s; seat 1's hand is pinfu + ittsu
HANDS = ["1199p5577s2233z6z", "123456789m1134s", "2468p2468s1357z9s", "123456789p1134s"]
NOTEN = "2358p2358m1246z7z"  # a seat-0 hand that is not ready


def deal(game: Game, hands: list[str] | None = None, dora: str = "N") -> None:
    nxt = game.next_start(dora)
    tehais = (
        tuple(tuple(tile_to_pai(t) for t in parse_tiles(h)) for h in hands) if hands else ((("?",) * 13),) * 4
    )
    game.apply(StartKyoku(bakaze=nxt.bakaze, kyoku=nxt.kyoku, honba=nxt.honba, kyotaku=nxt.kyotaku,
                          oya=nxt.oya, dora_marker=dora, tehais=tehais))  # fmt: skip


def test_ron_pays_the_discarder_and_the_deal_passes() -> None:
    g = Game("wrc")
    deal(g, HANDS)
    g.apply(Tsumo(actor=0, pai="5s"))
    g.apply(Dahai(actor=0, pai="5s", tsumogiri=True))
    g.apply(Hora(actor=1, target=0, pai="5s"))  # pinfu + ittsu: 3 han 30 fu = 3900 (seed 001 table)
    g.apply(EndKyoku())
    assert g.scores == [26100, 33900, 30000, 30000]
    assert (g.dealer, g.hand_number, g.honba) == (1, 2, 0)


def test_tsumo_with_honba_and_a_riichi_stick() -> None:
    g = Game("wrc")
    g.honba = 2
    deal(g, HANDS)
    g.apply(Tsumo(actor=0, pai="N"))
    g.apply(Dahai(actor=0, pai="N", tsumogiri=True))
    g.apply(Tsumo(actor=1, pai="W"))
    g.apply(Reach(actor=1))
    g.apply(Dahai(actor=1, pai="W", tsumogiri=True))
    g.apply(ReachAccepted(actor=1))
    assert g.sticks == 1 and g.scores[1] == 29000
    for seat in (2, 3, 0):
        g.apply(Tsumo(actor=seat, pai="F" if seat != 0 else "9s"))
        g.apply(Dahai(actor=seat, pai="F" if seat != 0 else "9s", tsumogiri=True))
    g.apply(Tsumo(actor=1, pai="2s"))
    g.apply(Hora(actor=1, target=1, pai="2s"))
    # riichi, ippatsu, tsumo, pinfu, ittsu = 6 han haneman: 3000/6000, + 2 honba (100 each per payer)
    assert g.scores == [30000 - 6200, 29000 + 12600 + 1000, 30000 - 3200, 30000 - 3200]
    assert g.sticks == 0


def test_scores_plus_table_always_sum_to_the_start_total() -> None:
    def check(game: Game, _e: object) -> None:
        assert sum(game.scores) + game.table_points == 4 * game.rules.starting_points

    for preset in ("wrc", "tenhou", "beginner"):
        Player(Game(preset), 5, on_event=check).play_game()


def test_two_rons_on_one_discard_both_win_under_wrc() -> None:
    # seed 002 3.3.1: several players may win on the same discard; sticks to the first after the discarder
    g = Game("wrc")
    g.sticks, g.scores[0] = 1, 29000
    deal(g, HANDS)
    g.apply(Tsumo(actor=0, pai="5s"))
    g.apply(Dahai(actor=0, pai="5s", tsumogiri=True))
    g.apply(Hora(actor=1, target=0, pai="5s"))
    g.apply(Hora(actor=3, target=0, pai="5s"))
    assert g.scores[1] == 30000 + 3900 + 1000 and g.scores[3] == 30000 + 3900
    g.apply(EndKyoku())
    assert g.dealer == 1


def test_head_bump_allows_only_the_first_winner() -> None:
    # seed 001 "Head Bump"
    g = Game("uspml")
    deal(g, HANDS)
    g.apply(Tsumo(actor=0, pai="5s"))
    g.apply(Dahai(actor=0, pai="5s", tsumogiri=True))
    g.apply(Hora(actor=1, target=0, pai="5s"))
    with pytest.raises(IllegalEventError, match="head bump"):
        g.apply(Hora(actor=3, target=0, pai="5s"))


PAO_HANDS = ["1199p1199s2233z5z", "55z66z77z23m44p9p9s1s", "2468m2468p1357s6z", "3579m3579p2468s7z"]


def _big_three_dragons(g: Game) -> None:
    deal(g, PAO_HANDS)
    steps = [
        Tsumo(actor=0, pai="N"), Dahai(actor=0, pai="P"),
        Pon(actor=1, target=0, pai="P", consumed=("P", "P")), Dahai(actor=1, pai="9s"),
        Tsumo(actor=2, pai="E"), Dahai(actor=2, pai="F"),
        Pon(actor=1, target=2, pai="F", consumed=("F", "F")), Dahai(actor=1, pai="9p"),
        Tsumo(actor=2, pai="S"), Dahai(actor=2, pai="S", tsumogiri=True),
        Tsumo(actor=3, pai="W"), Dahai(actor=3, pai="C"),
        Pon(actor=1, target=3, pai="C", consumed=("C", "C")), Dahai(actor=1, pai="1s"),
        Tsumo(actor=2, pai="9m"), Dahai(actor=2, pai="9m", tsumogiri=True),
        Tsumo(actor=3, pai="8m"), Dahai(actor=3, pai="8m", tsumogiri=True),
    ]  # fmt: skip
    for e in steps:
        g.apply(e)


def test_feeding_the_third_dragon_pays_the_whole_tsumo() -> None:
    # seed 002 3.3.9: liability for big three dragons on a self-draw
    g = Game("wrc")
    _big_three_dragons(g)
    g.apply(Tsumo(actor=0, pai="7m"))
    g.apply(Dahai(actor=0, pai="7m", tsumogiri=True))
    g.apply(Tsumo(actor=1, pai="4m"))
    g.apply(Hora(actor=1, target=1, pai="4m"))
    assert g.scores == [30000, 62000, 30000, -2000]


def test_liability_on_another_players_discard_is_shared() -> None:
    # seed 002 3.3.9: the discarder and the feeder share the payment
    g = Game("wrc")
    _big_three_dragons(g)
    g.apply(Tsumo(actor=0, pai="4m"))
    g.apply(Dahai(actor=0, pai="4m", tsumogiri=True))
    g.apply(Hora(actor=1, target=0, pai="4m"))
    assert g.scores == [14000, 62000, 30000, 14000]


def test_exhaustive_draw_noten_payments_and_honba() -> None:
    # seed 002 3.4.2: noten pays; a counter is added even when the deal passes
    g = Game("wrc")
    deal(g, [NOTEN, *HANDS[1:]])
    g.round.wall_left = 1  # type: ignore[union-attr]
    g.apply(Tsumo(actor=0, pai="N"))
    g.apply(Dahai(actor=0, pai="N", tsumogiri=True))
    g.apply(Ryukyoku(reason="fanpai"))
    assert g.scores == [28500, 31500, 28500, 31500]
    assert (g.dealer, g.honba) == (1, 1)


def test_dealer_tenpai_keeps_the_deal_under_the_online_rules() -> None:
    # seed 003 "Dealer Rotation"
    g = Game("online")
    deal(g, [HANDS[1], HANDS[0], HANDS[2], HANDS[3]])
    g.round.wall_left = 1  # type: ignore[union-attr]
    g.apply(Tsumo(actor=0, pai="N"))
    g.apply(Dahai(actor=0, pai="N", tsumogiri=True))
    g.apply(Ryukyoku(reason="fanpai"))
    assert (g.dealer, g.honba, g.hand_number) == (0, 1, 1)


def test_chombo_reverse_mangan_and_redeal() -> None:
    g = Game("uspml")
    deal(g, HANDS)
    g.apply(Chombo(actor=2, reason="false ron"))
    assert g.scores == [34000, 32000, 22000, 32000]
    assert (g.dealer, g.honba, g.hand_number) == (0, 0, 1)


def test_chombo_points_come_off_the_final_score() -> None:
    g = Game("wrc")
    deal(g, HANDS)
    g.apply(Chombo(actor=1))
    assert g.scores == [30000] * 4 and g.penalties == [0, 20000, 0, 0]
    finals = {s.seat: s.final for s in g.ranking()}
    assert finals[1] < finals[2]


def test_beginner_game_is_one_east_round_with_the_pool() -> None:
    # seed 000: 20 points, fixed payments, the noten pool, ends when the deal returns to the first dealer
    g = Game("beginner")
    deal(g, [NOTEN, *HANDS[1:]])
    g.round.wall_left = 1  # type: ignore[union-attr]
    g.apply(Tsumo(actor=0, pai="N"))
    g.apply(Dahai(actor=0, pai="N", tsumogiri=True))
    g.apply(Ryukyoku(reason="fanpai"))
    assert g.scores == [19, 20, 19, 20] and g.pool == 2
    deal(g, [HANDS[3], HANDS[0], HANDS[1], HANDS[2]])
    g.apply(Tsumo(actor=1, pai="5s"))
    g.apply(Dahai(actor=1, pai="5s", tsumogiri=True))
    g.apply(Hora(actor=2, target=1, pai="5s"))  # non-dealer ron: 4 points, plus the pool
    assert g.scores == [19, 16, 25, 20] and g.pool == 0
    game = Game("beginner")
    Player(game, 2).play_game()
    assert game.ended and game.round_wind == 1


def test_ranking_breaks_ties_by_seat_order_from_the_first_dealer() -> None:
    # seed 000 "Determining the winner"
    g = Game("beginner")
    g.first_dealer = 2
    g.scores = [20, 25, 20, 15]
    assert [s.seat for s in g.ranking()] == [1, 2, 0, 3]


def test_uma_and_oka_apply_to_final_scores() -> None:
    g = Game("tenhou")
    g.first_dealer = 0
    g.scores = [40000, 30000, 20000, 10000]
    finals = [s.final for s in g.ranking()]
    assert finals == [40000 - 30000 + 20000 + 20000, 0 + 10000, -10000 - 10000, -20000 - 20000]
    assert sum(finals) == 0


def test_start_kyoku_out_of_order_is_refused() -> None:
    g = Game("wrc")
    deal(g, HANDS)
    g.apply(Chombo(actor=1))
    with pytest.raises(IllegalEventError, match="expected E1 dealer 0"):
        g.apply(StartKyoku(bakaze="E", kyoku=2, honba=0, kyotaku=0, oya=1, dora_marker="1m"))


def test_a_physical_table_ron_is_scored_from_the_revealed_hand() -> None:
    # unknown hands; a person answers "ron from seat 0"; the laid-open hand is checked and scored
    g = Game("wrc")
    deal(g)
    g.apply(Tsumo(actor=0))
    g.apply(Dahai(actor=0, pai="5s"))
    g.apply(Reveal(actor=1, tehai=tuple(tile_to_pai(t) for t in parse_tiles("123456789m11345s"))))
    g.apply(Declare(actor=1, call="ron", target=0))
    assert g.scores == [26100, 33900, 30000, 30000]
    assert isinstance(g.events[-1], Hora)


def test_a_furiten_ron_from_the_table_is_flagged_with_its_discard() -> None:
    g = Game("wrc")
    deal(g)
    g.apply(Tsumo(actor=0))
    g.apply(Dahai(actor=0, pai="1p"))
    g.apply(Tsumo(actor=1))
    g.apply(Dahai(actor=1, pai="2s"))
    g.apply(Tsumo(actor=2))
    g.apply(Dahai(actor=2, pai="5s"))
    g.apply(Reveal(actor=1, tehai=tuple(tile_to_pai(t) for t in parse_tiles("123456789m11345s"))))
    with pytest.raises(IllegalEventError, match="permanent furiten: wait 2s"):
        g.apply(Declare(actor=1, call="ron", target=2))
    assert g.scores == [30000] * 4 and g.round is not None and not g.round.horas


def test_riichi_without_the_deposit_is_refused_where_the_preset_says() -> None:
    g = Game("tenhou")
    deal(g, [*HANDS[1:2], HANDS[0], *HANDS[2:]])
    g.scores[0], g.scores[1] = 900, 49100
    g.apply(Tsumo(actor=0, pai="N"))
    with pytest.raises(IllegalEventError, match="deposit"):
        g.apply(Reach(actor=0))


def test_a_nine_terminals_answer_is_an_abortive_draw_where_allowed() -> None:
    # seed 001 "Abortive Draw"
    g = Game("uspml")
    deal(g, ["19m19p19s1234z258m", *HANDS[1:]])
    g.apply(Tsumo(actor=0, pai="P"))
    g.apply(Declare(actor=0, call="kyushu"))
    assert isinstance(g.events[-1], Ryukyoku) and (g.dealer, g.honba) == (0, 1)

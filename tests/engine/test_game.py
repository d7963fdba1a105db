"""The game over hands: payments, honba, sticks, rotation, liability, several rons, chombo, end, ranking."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from riichi_table.engine.errors import IllegalEventError
from riichi_table.engine.events import (
    Ankan,
    Chombo,
    Dahai,
    Declare,
    Dora,
    EndKyoku,
    Event,
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
from riichi_table.engine.game import Game
from riichi_table.engine.tiles import parse_tiles

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
    g.apply(Hora(actor=3, target=0, pai="5s"))  # bumped: kept only to count towards three rons
    assert g.scores[3] == 30000 and g.scores[1] > 30000


PAO_HANDS = ["1199p1199s2233z5z", "55z66z77z23m44p9p9s1s", "2468m2468p1357s6z", "3579m3579p2468s7z"]


def _big_three_dragons(g: Game) -> None:
    deal(g, PAO_HANDS)
    steps: list[Event] = [
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


# --- nagashi mangan, sticks left at the end -------------------------------------------------------------

_ORPHAN_PAI = ["1m", "9m", "1p", "9p", "1s", "9s", "E", "S", "W", "N", "P", "F", "C"]
_SIMPLE_PAI = [f"{n}{s}" for s in "mps" for n in range(2, 9)]


def _play_to_the_last_tile(g: Game, orphan_seat: int | None) -> None:
    """70 draws of unseen tiles; `orphan_seat` discards only terminals and honors, the others simples."""
    orphans, simples = iter(_ORPHAN_PAI * 2), iter(_SIMPLE_PAI * 4)
    for turn in range(70):
        seat = turn % 4
        g.apply(Tsumo(actor=seat))
        g.apply(Dahai(actor=seat, pai=next(orphans) if seat == orphan_seat else next(simples)))


def test_nagashi_mangan_is_paid_as_a_mangan_tsumo_instead_of_noten_payments() -> None:
    # seed 001 yaku table "Nagashi Mangan" (5 han = mangan); still a draw: sticks stay, honba count up,
    # the dealer keeps the deal only when tenpai (001 "Dealer Rotation")
    g = Game("uspml")
    g.sticks, g.scores[3] = 1, 29000
    deal(g)
    _play_to_the_last_tile(g, orphan_seat=0)
    g.apply(Ryukyoku(reason="fanpai", tenpais=(False, True, False, False)))
    assert g.scores == [30000 + 12000, 26000, 26000, 25000]
    assert g.results[-1].detail["nagashi"] == [0]
    assert (g.sticks, g.honba, g.dealer) == (1, 1, 1)


def test_nagashi_mangan_of_a_non_dealer_is_paid_like_a_non_dealer_tsumo() -> None:
    # seed 001 points table: mangan tsumo 2000 / 4000 (dealer)
    g = Game("uspml")
    deal(g)
    _play_to_the_last_tile(g, orphan_seat=2)
    g.apply(Ryukyoku(reason="nagashi", tenpais=(True, False, False, False)))
    assert g.scores == [26000, 28000, 38000, 28000] and (g.dealer, g.honba) == (0, 1)


def test_nagashi_needs_a_qualifying_pond() -> None:
    g = Game("uspml")
    deal(g)
    _play_to_the_last_tile(g, orphan_seat=None)
    with pytest.raises(IllegalEventError, match="no pond"):
        g.apply(Ryukyoku(reason="nagashi"))


def test_without_nagashi_in_the_preset_the_same_draw_pays_noten() -> None:
    # seed 002 3.4.2: noten payments; the wrc preset has no nagashi mangan
    g = Game("wrc")
    deal(g)
    _play_to_the_last_tile(g, orphan_seat=0)
    g.apply(Ryukyoku(reason="fanpai", tenpais=(False, True, False, False)))
    assert g.scores == [29000, 33000, 29000, 29000]
    with pytest.raises(IllegalEventError):
        Game("wrc").apply(Ryukyoku(reason="nagashi"))


def test_sticks_left_at_the_end_go_to_first_place() -> None:
    # Rules.leftover_sticks "first" (common competition practice; no seed settles it)
    g = Game("wrc")
    g.first_dealer = 0
    g.scores, g.sticks = [31000, 29000, 30000, 28000], 2
    top = g.ranking()[0]
    assert (top.seat, top.score, top.leftover) == (0, 33000, 2000)
    assert top.final == 33000 - 30000 + 15000


def test_sticks_left_at_the_end_are_shared_by_tied_first_places_under_split() -> None:
    g = Game("wrc")
    g.first_dealer = 0
    g.scores, g.sticks = [30000, 30500, 30500, 27000], 2
    assert [(s.seat, s.leftover) for s in g.ranking()[:2]] == [(1, 1000), (2, 1000)]
    g = Game("tenhou")  # tie_break seat_order: the tie-broken first takes them all
    g.first_dealer = 2
    g.scores, g.sticks = [25000, 25500, 25500, 22000], 2
    assert [(s.seat, s.leftover) for s in g.ranking()[:2]] == [(2, 2000), (1, 0)]


def test_sticks_stay_on_the_table_where_the_preset_says() -> None:
    # seed 000 "Draws": the pool is for the next winner; the beginner preset keeps it on the table
    g = Game("beginner")
    g.first_dealer = 0
    g.scores, g.pool = [22, 20, 18, 18], 2
    assert g.ranking()[0].score == 22 and g.ranking()[0].leftover == 0


# --- abortive draws per preset ----------------------------------------------------------------------------


def _abortive_setup(g: Game, reason: str) -> None:
    """Bring a hidden-hands hand to the moment the abortive draw `reason` may be declared."""
    if reason == "ron3":
        deal(g, [HANDS[0], HANDS[1], "234567m234567p5s", HANDS[3]])
        g.apply(Tsumo(actor=0, pai="5s"))
        g.apply(Dahai(actor=0, pai="5s", tsumogiri=True))
        return
    deal(g)
    if reason == "yao9":
        g.apply(Tsumo(actor=0))
    elif reason == "kaze4":
        for seat in range(4):
            g.apply(Tsumo(actor=seat))
            g.apply(Dahai(actor=seat, pai="E"))
    elif reason == "reach4":
        for seat, pai in enumerate(("1m", "2m", "3m", "4m")):
            g.apply(Tsumo(actor=seat))
            g.apply(Reach(actor=seat))
            g.apply(Dahai(actor=seat, pai=pai))
            g.apply(ReachAccepted(actor=seat))
    elif reason == "kan4":
        for seat, kinds in ((0, "123"), (1, "4")):
            g.apply(Tsumo(actor=seat))
            for k in kinds:
                g.apply(Ankan(actor=seat, consumed=(f"{k}m",) * 4))
                g.apply(Dora(dora_marker="9p"))
                g.apply(Tsumo(actor=seat))
            g.apply(Dahai(actor=seat, pai="9s"))


ABORTIVE = {"yao9": "nine_terminals", "kaze4": "four_winds", "reach4": "four_riichi", "kan4": "four_kans",
            "ron3": "triple_ron"}  # fmt: skip


@pytest.mark.parametrize("reason", list(ABORTIVE))
@pytest.mark.parametrize("preset", ["wrc", "uspml", "online", "tenhou"])
def test_abortive_draws_follow_the_preset(preset: str, reason: str) -> None:
    # seed 001 "Abortive Draw" (nine terminals, four kans, four riichi, three rons), seed 003 (four kans, four
    # winds, four riichi: "a dealer-repeat counter ... No points are paid"), seed 002 3.4.3: none at all
    g = Game(preset)
    _abortive_setup(g, reason)
    before, sticks = list(g.scores), g.sticks
    if ABORTIVE[reason] not in g.rules.abortive_draws:
        with pytest.raises(IllegalEventError, match="no abortive draw"):
            g.apply(Ryukyoku(reason=reason))
        assert g.scores == before and g.round is not None and g.round.phase not in ("hora", "ended")
        return
    g.apply(Ryukyoku(reason=reason))
    g.apply(EndKyoku())
    assert g.scores == before and g.sticks == sticks  # riichi sticks stay for the next winner (001)
    assert (g.dealer, g.honba) == (0, 1)  # 001 / 003 "Dealer Rotation": the deal is repeated, one counter


def test_the_beginner_rules_have_no_abortive_draws_and_no_kans() -> None:
    # seed 000: only pon and ron claims, sets are pon and chi; nothing aborts a hand
    g = Game("beginner")
    deal(g)
    g.apply(Tsumo(actor=0))
    with pytest.raises(IllegalEventError, match="no abortive draw"):
        g.apply(Ryukyoku(reason="yao9"))
    with pytest.raises(IllegalEventError, match="no kans"):
        g.apply(Ankan(actor=0, consumed=("1m",) * 4))

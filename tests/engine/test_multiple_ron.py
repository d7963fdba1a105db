"""Several rons on one discard in any calling order: sticks, head bump, three rons (engine.multiple_ron)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from riichi_table.engine.errors import IllegalEventError
from riichi_table.engine.events import (
    Dahai,
    Declare,
    EndKyoku,
    Event,
    Hora,
    Reveal,
    Ryukyoku,
    Tsumo,
    tile_to_pai,
)
from riichi_table.engine.export import mjai_lines, settled_events
from riichi_table.engine.game import Game
from riichi_table.engine.tiles import parse_tiles

sys.path.insert(0, str(Path(__file__).parent))
from test_game import HANDS, deal

# seats 1, 2 and 3 all wait on 5s; seat 2's hand is tanyao on a 5s pair wait
THREE_WAITING = [HANDS[0], HANDS[1], "234567m234567p5s", HANDS[3]]


def _discard_5s(g: Game, hands: list[str] | None = HANDS) -> None:
    deal(g, hands)
    g.apply(Tsumo(actor=0, pai="5s"))
    g.apply(Dahai(actor=0, pai="5s", tsumogiri=True))


def test_sticks_go_to_the_winner_nearest_the_discarder_whoever_calls_first() -> None:
    # seed 002 3.3.14: "the 1000 points are collected by the winner first in order after the discarder"
    g = Game("wrc")
    g.sticks, g.scores[2] = 1, 29000
    _discard_5s(g)
    g.apply(Hora(actor=3, target=0, pai="5s"))  # the farther winner calls first
    g.apply(Hora(actor=1, target=0, pai="5s"))
    assert g.scores == [30000 - 2 * 3900, 30000 + 3900 + 1000, 29000, 30000 + 3900]
    assert [h.actor for h in g.events if isinstance(h, Hora)] == [1, 3]
    g.apply(EndKyoku())
    assert (g.dealer, g.sticks) == (1, 0)


def test_head_bump_gives_the_win_to_the_nearer_seat_even_when_it_calls_second() -> None:
    # seed 001 "Head Bump": the player closest in play order to the discarder wins
    g = Game("uspml")
    _discard_5s(g)
    g.apply(Hora(actor=3, target=0, pai="5s"))
    assert g.scores[3] > 30000
    g.apply(Hora(actor=1, target=0, pai="5s"))
    assert g.scores[3] == g.scores[2] == 30000 and g.scores[1] - 30000 == 30000 - g.scores[0] > 0
    assert [h.actor for h in g.events if isinstance(h, Hora)] == [1]


def test_head_bump_keeps_a_farther_second_ron_as_a_bumped_claim_that_moves_no_money() -> None:
    # seed 001 "Head Bump": the nearer seat wins; the farther call still counts towards three rons
    g = Game("uspml")
    _discard_5s(g)
    g.apply(Hora(actor=1, target=0, pai="5s"))
    before = list(g.scores)
    g.apply(Hora(actor=3, target=0, pai="5s"))
    assert g.scores == before
    assert any("seat 3's ron is bumped by seat 1" in w for w in g.warnings)
    assert [h.actor for h in g.events if isinstance(h, Hora)] == [1]


def test_head_bump_refuses_a_farther_second_ron_where_three_rons_do_not_abort() -> None:
    # seed 000 "Ron": ties broken by turn order; the beginner rules have no abortive draws
    rules = {"preset": "uspml", "abortive_draws": ["nine_terminals"]}
    g = Game(rules)
    _discard_5s(g)
    g.apply(Hora(actor=1, target=0, pai="5s"))
    before = list(g.scores)
    with pytest.raises(IllegalEventError, match="head bump: seat 1"):
        g.apply(Hora(actor=3, target=0, pai="5s"))
    assert g.scores == before


@pytest.mark.parametrize(
    "order", [(1, 2, 3), (3, 2, 1), (2, 3, 1)], ids=["nearest-first", "farthest-first", "mixed"]
)
def test_three_rons_under_uspml_abort_before_the_head_bump_check(order: tuple[int, int, int]) -> None:
    # seed 001 "Abortive Draw": "Three players call the same discard for Ron" aborts the hand, although
    # 001 "Head Bump" would give one of them the win: the abort rule is checked first
    g = Game("uspml")
    _discard_5s(g, THREE_WAITING)
    for seat in order:
        g.apply(Hora(actor=seat, target=0, pai="5s"))
    assert g.scores == [30000] * 4
    assert isinstance(g.events[-1], Ryukyoku) and g.events[-1].reason == "ron3"
    g.apply(EndKyoku())
    assert (g.dealer, g.honba) == (0, 1)  # seed 001 "Dealer Rotation": the deal stays on an abortive draw


def test_the_second_ron_may_come_as_a_declare_after_its_reveal() -> None:
    # a physical table: hands unknown; the nearer winner lays the hand open after the first ron
    g = Game("wrc")
    deal(g)
    g.apply(Tsumo(actor=0))
    g.apply(Dahai(actor=0, pai="5s"))
    g.apply(Reveal(actor=3, tehai=tuple(tile_to_pai(t) for t in parse_tiles("123456789p11345s"))))
    g.apply(Declare(actor=3, call="ron", target=0))
    g.apply(Reveal(actor=1, tehai=tuple(tile_to_pai(t) for t in parse_tiles("123456789m11345s"))))
    g.apply(Declare(actor=1, call="ron", target=0))
    assert g.scores == [30000 - 2 * 3900, 33900, 30000, 33900]


def test_three_rons_are_an_abortive_draw_where_the_preset_says() -> None:
    # seed 001 "Abortive Draw": three players call the same discard for ron (tenhou preset has it)
    g = Game("tenhou")
    _discard_5s(g, THREE_WAITING)
    g.apply(Hora(actor=2, target=0, pai="5s"))
    g.apply(Hora(actor=1, target=0, pai="5s"))
    g.apply(Hora(actor=3, target=0, pai="5s"))
    assert g.scores == [25000] * 4
    assert isinstance(g.events[-1], Ryukyoku) and g.events[-1].reason == "ron3"
    assert (g.dealer, g.honba) == (0, 1)  # seed 001 "Dealer Rotation": East keeps the deal


def test_three_rons_all_win_where_the_preset_has_no_such_abortive_draw() -> None:
    # seed 002 3.3.1 several winners, 3.4.3 no abortive draws
    g = Game("wrc")
    _discard_5s(g, THREE_WAITING)
    for seat in (3, 2, 1):
        g.apply(Hora(actor=seat, target=0, pai="5s"))
    assert sum(g.scores) == 120000 and all(g.scores[s] > 30000 for s in (1, 2, 3))


def test_a_ron3_answer_after_a_head_bump_win_undoes_it() -> None:
    # seed 001: head bump and the three-ron abortive draw; the table reports "three rons" after one was taken
    g = Game("uspml")
    _discard_5s(g, THREE_WAITING)
    g.apply(Hora(actor=1, target=0, pai="5s"))
    g.apply(Ryukyoku(reason="ron3"))
    assert g.scores == [30000] * 4 and (g.dealer, g.honba) == (0, 1)


def test_a_ron3_answer_is_refused_where_the_preset_has_no_such_draw() -> None:
    g = Game("wrc")
    _discard_5s(g)
    g.apply(Hora(actor=1, target=0, pai="5s"))
    with pytest.raises(IllegalEventError, match="ron3"):
        g.apply(Ryukyoku(reason="ron3"))


def test_settled_logs_replay_with_the_same_money() -> None:
    g = Game("wrc")
    g.sticks, g.scores[2] = 1, 29000
    events: list[Event] = [
        Tsumo(actor=0, pai="5s"), Dahai(actor=0, pai="5s", tsumogiri=True),
        Hora(actor=3, target=0, pai="5s"), Hora(actor=1, target=0, pai="5s"), EndKyoku(),
    ]  # fmt: skip
    deal(g, HANDS)
    start = g.events[-1]
    for e in events:
        g.apply(e)
    settled = settled_events([start, *events], "wrc")
    assert [e.actor for e in settled if isinstance(e, Hora)] == [1, 3]
    assert len(mjai_lines([start, *events], "wrc")) == len(settled)

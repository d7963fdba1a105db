"""The round state machine: legality checks per event, and derived facts checked from scratch every step."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from riichi_table.engine.errors import IllegalEventError
from riichi_table.engine.events import (
    Ankan,
    Chi,
    Dahai,
    Daiminkan,
    Event,
    EventError,
    Hora,
    Kakan,
    Pon,
    Reach,
    ReachAccepted,
    Ryukyoku,
    StartKyoku,
    Tsumo,
    event_from_json,
    pai_to_tile,
    tile_to_pai,
)
from riichi_table.engine.furiten import furiten_verdict
from riichi_table.engine.game import Game
from riichi_table.engine.hand import waits
from riichi_table.engine.round import Round
from riichi_table.engine.rules import resolve_rules
from riichi_table.engine.tiles import Tile, counts34, parse_tiles

sys.path.insert(0, str(Path(__file__).parent))
from game_sim import Player

# seat 1 waits on 2s/5s (ittsu); the others hold unrelated tiles
HANDS = ["1199p5577s2233z6z", "123456789m1134s", "2468p2468s1357z9s", "3579p3579s4466z7z"]


def start(hands: list[str] = HANDS, oya: int = 0, rules: str = "wrc") -> Round:
    tehais = tuple(tuple(tile_to_pai(t) for t in parse_tiles(h)) for h in hands)
    event = StartKyoku(
        bakaze="E", kyoku=oya + 1, honba=0, kyotaku=0, oya=oya, dora_marker="1m", tehais=tehais
    )
    return Round(event, resolve_rules(rules))


def feed(r: Round, *lines: str) -> None:
    for line in lines:
        r.apply(event_from_json(line))


def test_temporary_furiten_lasts_until_the_next_own_discard() -> None:
    # seed 001 "Temporary Furiten"
    r = start()
    r.apply(Tsumo(actor=0, pai="5s"))
    r.apply(Dahai(actor=0, pai="5s", tsumogiri=True))
    r.apply(Tsumo(actor=1, pai="9p"))  # seat 1 let the 5s pass
    furiten = r.seats[1].furiten
    assert furiten is not None and furiten.rule == "temporary"
    r.apply(Dahai(actor=1, pai="9p", tsumogiri=True))
    furiten = r.seats[1].furiten
    assert furiten is not None and not furiten.furiten


def test_ron_in_temporary_furiten_is_refused_with_the_reason() -> None:
    r = start()
    r.apply(Tsumo(actor=0, pai="5s"))
    r.apply(Dahai(actor=0, pai="5s", tsumogiri=True))
    r.apply(Tsumo(actor=1, pai="9p"))
    r.apply(Dahai(actor=1, pai="9p", tsumogiri=True))  # clears it
    r.apply(Tsumo(actor=2, pai="2s"))
    r.apply(Dahai(actor=2, pai="2s", tsumogiri=True))
    r.apply(Tsumo(actor=3, pai="W"))  # seat 1 passes 2s
    r.apply(Dahai(actor=3, pai="5s"))
    with pytest.raises(IllegalEventError, match="temporary furiten: wait 2s") as info:
        r.apply(Hora(actor=1, target=3, pai="5s"))
    assert isinstance(info.value.event, Hora)


def test_ron_on_a_discarded_wait_is_permanent_furiten() -> None:
    r = start(["1199p5577s2233z6z", "123456789m1345s", "2468p2468s1357z9s", "3579p3579s4466z7z"])
    r.apply(Tsumo(actor=0, pai="N"))
    r.apply(Dahai(actor=0, pai="N", tsumogiri=True))
    r.apply(Tsumo(actor=1, pai="2s"))
    r.apply(Dahai(actor=1, pai="1s"))  # now waits 1s-4s? no: 2345s waits 2s/5s; discarded none of them
    r.apply(Tsumo(actor=2, pai="P"))
    r.apply(Dahai(actor=2, pai="P", tsumogiri=True))
    r.apply(Tsumo(actor=3, pai="1s"))
    r.apply(Dahai(actor=3, pai="1s", tsumogiri=True))
    # 123456789m 2345s waits 2s 5s; seat 1 discarded 1s, which is no wait: ron on 2s from nobody yet
    assert r.seats[1].waits == tuple(t.kind for t in parse_tiles("25s"))
    assert r.seats[1].furiten is not None and not r.seats[1].furiten.furiten


def test_win_that_is_not_complete_is_refused() -> None:
    r = start()
    r.apply(Tsumo(actor=0, pai="9s"))
    r.apply(Dahai(actor=0, pai="9s", tsumogiri=True))
    with pytest.raises(IllegalEventError, match="not complete"):
        r.apply(Hora(actor=1, target=0, pai="9s"))


@pytest.mark.parametrize(
    ("events", "message"),
    [
        (['{"type":"tsumo","actor":1,"pai":"1m"}'], "seat 0's turn"),
        (['{"type":"dahai","actor":0,"pai":"1m"}'], "expects draw"),
        (['{"type":"tsumo","actor":0,"pai":"N"}', '{"type":"dahai","actor":0,"pai":"5m"}'],
         "not in the hand"),
        (['{"type":"tsumo","actor":0,"pai":"N"}', '{"type":"dahai","actor":0,"pai":"N"}',
          '{"type":"chi","actor":2,"target":0,"pai":"N","consumed":["E","S"]}'], "not kamicha"),
        (['{"type":"tsumo","actor":0,"pai":"N"}', '{"type":"dahai","actor":0,"pai":"N"}',
          '{"type":"pon","actor":2,"target":1,"pai":"N","consumed":["N","N"]}'], "last discard is seat 0's"),
        (['{"type":"tsumo","actor":0,"pai":"6z"}'], "not a tile name"),
        (['{"type":"tsumo","actor":0,"pai":"N"}', '{"type":"reach_accepted","actor":0}'], "without a riichi"),
        (['{"type":"dora","dora_marker":"1m"}'], "without a kan"),
        (['{"type":"ryukyoku","reason":"fanpai"}'], "empty wall"),
        (['{"type":"ryukyoku","reason":"yao9"}'], "no abortive draw yao9"),
        (['{"type":"end_kyoku"}'], "before the hand has a result"),
    ],
)  # fmt: skip
def test_illegal_events_are_refused_before_anything_changes(events: list[str], message: str) -> None:
    r = start()
    with pytest.raises((IllegalEventError, EventError), match=message):
        feed(r, *events)


def test_riichi_on_a_hand_that_is_not_ready_is_refused() -> None:
    r = start([HANDS[2], HANDS[1], HANDS[0], HANDS[3]])
    r.apply(Tsumo(actor=0, pai="N"))
    with pytest.raises(IllegalEventError, match="not ready"):
        r.apply(Reach(actor=0))


def test_chi_from_kamicha_then_kuikae_is_refused() -> None:
    # seed 001 "Kuikae": after 34m + 2m, neither 2m nor 5m may be discarded
    r = start(["2368p5577s2233z6z", "3445m789m9p1134s9s", "2468p2468s1357z9s", "3579p3579s4466z7z"], oya=0)
    r.apply(Tsumo(actor=0, pai="2m"))
    r.apply(Dahai(actor=0, pai="2m"))
    r.apply(Chi(actor=1, target=0, pai="2m", consumed=("3m", "4m")))
    with pytest.raises(IllegalEventError, match="kuikae"):
        r.apply(Dahai(actor=1, pai="5m"))
    r.apply(Dahai(actor=1, pai="9s"))
    assert r.seats[1].melds[0].kind == "chi" and r.seats[0].kawa[0].called


def test_no_call_on_the_last_discard() -> None:
    # seed 002 3.4.1: the last tile can only be claimed for a win
    r = start()
    r.wall_left = 1
    r.apply(Tsumo(actor=0, pai="S"))
    r.apply(Dahai(actor=0, pai="S"))
    with pytest.raises(IllegalEventError, match=r"3\.4\.1"):
        r.apply(Pon(actor=2, target=0, pai="S", consumed=("S", "S")))


def test_no_concealed_kan_on_the_last_tile() -> None:
    r = start(["1199p5577s2223z6z", *HANDS[1:]])
    r.wall_left = 1
    r.apply(Tsumo(actor=0, pai="S"))
    with pytest.raises(IllegalEventError, match="last tile"):
        r.apply(Ankan(actor=0, consumed=("S", "S", "S", "S")))


def test_no_fifth_kan() -> None:
    # seed 002 3.3.10
    r = start(["1199p5577s2223z6z", *HANDS[1:]])
    for s in r.seats[1:]:
        s.kans = 0
    r.seats[1].kans, r.seats[2].kans = 2, 2
    r.apply(Tsumo(actor=0, pai="S"))
    with pytest.raises(IllegalEventError, match="fourth"):
        r.apply(Ankan(actor=0, consumed=("S", "S", "S", "S")))


def test_riichi_needs_four_tiles_in_the_wall() -> None:
    # seed 001 "Riichi"; 002 3.3.14
    r = start(["123456789m1134s", *HANDS[:1], *HANDS[2:]])
    r.wall_left = 3
    r.apply(Tsumo(actor=0, pai="N"))
    with pytest.raises(IllegalEventError, match="tiles left"):
        r.apply(Reach(actor=0))


def test_in_riichi_only_the_drawn_tile_may_be_discarded() -> None:
    r = start(["123456789m1134s", *HANDS[:1], *HANDS[2:]])
    r.apply(Tsumo(actor=0, pai="N"))
    r.apply(Reach(actor=0))
    r.apply(Dahai(actor=0, pai="N", tsumogiri=True))
    r.apply(ReachAccepted(actor=0))
    for seat in (1, 2, 3):
        r.apply(Tsumo(actor=seat, pai="W"))
        r.apply(Dahai(actor=seat, pai="W", tsumogiri=True))
    r.apply(Tsumo(actor=0, pai="F"))
    with pytest.raises(IllegalEventError, match="riichi"):
        r.apply(Dahai(actor=0, pai="1m"))
    assert r.seats[0].kawa[0].riichi


def test_open_kan_needs_a_dora_before_another_dora() -> None:
    r = start(["1199p5577s2233z6z", "123456789m1134s", "2468p2468s1357z9s", "3579p3579s4446z7z"])
    r.apply(Tsumo(actor=0, pai="N"))
    r.apply(Dahai(actor=0, pai="N"))
    r.apply(Daiminkan(actor=3, target=0, pai="N", consumed=("N", "N", "N")))
    assert r.phase == "rinshan" and r.pending_dora == 1


def test_abortive_draws_follow_the_preset() -> None:
    # seed 003 "Abortive Draw": four winds; seed 002 3.4.3: none
    hands = ["1199p5577s2233z1z", "123456789m1234z", "2468p2468s1357z9s", "3579p3579s1466z7z"]
    for preset, allowed in (("online", True), ("wrc", False)):
        r = start(hands, rules=preset)
        for seat in range(4):
            r.apply(Tsumo(actor=seat, pai="9s" if seat else "N"))
            r.apply(Dahai(actor=seat, pai="E"))
        if allowed:
            r.apply(Ryukyoku(reason="kaze4"))
            assert r.phase == "ended"
        else:
            with pytest.raises(IllegalEventError):
                r.apply(Ryukyoku(reason="kaze4"))


# --- whole games: derived facts recomputed from scratch after every event --------------------------------


def _passed_from_history(history: list[tuple[str, int, Tile]], seat: int, since: int) -> list[Tile]:
    """Tiles others discarded (or added in kakan) after index `since`, the still-open last one excluded."""
    out = []
    for i, (kind, actor, t) in enumerate(history):
        if i <= since or actor == seat or kind == "close":
            continue
        closed = any(k == "close" for k, _, _ in history[i + 1 :])
        if closed:
            out.append(t)
    return out


def _check_from_scratch(
    game: Game, history: list[tuple[str, int, Tile]], riichi_at: dict[int, int], e: Event
) -> None:
    r = game.round
    if r is None or r.phase in ("hora", "ended"):
        return
    for seat, s in enumerate(r.seats):
        if s.hand is None or len(s.hand) % 3 != 1:
            continue
        counts = counts34(s.hand)
        melded = [t.kind for m in s.melds for t in m.tiles]
        fresh_waits = waits(counts, len(s.melds), melded=melded, shapes=game.rules.hand_shapes)
        assert s.waits == tuple(fresh_waits), f"waits of seat {seat} after {e.to_line()}"
        last_own = max((i for i, (k, a, _) in enumerate(history) if k == "dahai" and a == seat), default=-1)
        passed = _passed_from_history(history, seat, last_own)
        riichi_passed = _passed_from_history(history, seat, riichi_at[seat]) if seat in riichi_at else []
        meld_tiles = [m.tiles for m in s.melds]
        fresh = furiten_verdict(counts, meld_tiles, s.discards, passed, riichi_passed, game.rules)
        assert s.furiten == fresh, f"furiten of seat {seat} after {e.to_line()}"


@pytest.mark.parametrize("preset", ["wrc", "uspml", "online", "tenhou", "beginner"])
@pytest.mark.parametrize("seed", [0, 1])
def test_replayed_games_keep_state_that_matches_a_fresh_computation(preset: str, seed: int) -> None:
    history: list[tuple[str, int, Tile]] = []  # discards and kakan tiles, and "close" when a window shut
    riichi_at: dict[int, int] = {}  # seat -> history index of its accepted riichi

    def check(game: Game, e: Event) -> None:
        if isinstance(e, StartKyoku):
            history.clear()
            riichi_at.clear()
        elif isinstance(e, Dahai):
            history.append(("dahai", e.actor, pai_to_tile(e.pai)))
        elif isinstance(e, Kakan):
            history.append(("kakan", e.actor, pai_to_tile(e.pai)))
        elif isinstance(e, ReachAccepted):
            riichi_at[e.actor] = len(history) - 1
        elif isinstance(e, Tsumo | Chi | Pon | Daiminkan) and history and history[-1][0] != "close":
            history.append(("close", -1, Tile(0)))
        _check_from_scratch(game, history, riichi_at, e)

    game = Game(preset)
    Player(game, seed, on_event=check).play_game()
    assert game.ended
    assert sum(game.scores) + game.table_points == 4 * game.rules.starting_points


# --- the sideways riichi marker ---------------------------------------------------------------------------


def _riichi_then(r: Round, called: bool) -> None:
    r.apply(Tsumo(actor=0, pai="E"))
    r.apply(Reach(actor=0))
    r.apply(Dahai(actor=0, pai="E", tsumogiri=True))
    r.apply(ReachAccepted(actor=0))
    seat = 1
    if called:
        r.apply(Pon(actor=2, target=0, pai="E", consumed=("E", "E")))
        r.apply(Dahai(actor=2, pai="9s"))
        seat = 3
    while seat != 0:
        r.apply(Tsumo(actor=seat))
        r.apply(Dahai(actor=seat, pai="1p"))
        seat = (seat + 1) % 4
    r.apply(Tsumo(actor=0, pai="8m"))
    r.apply(Dahai(actor=0, pai="8m", tsumogiri=True))


def _hidden() -> Round:
    """A hand at a physical table: every concealed tile unseen."""
    start = StartKyoku(bakaze="E", kyoku=1, honba=0, kyotaku=0, oya=0, dora_marker="1m")
    return Round(start, resolve_rules("wrc"))


def test_when_the_riichi_discard_is_called_the_next_discard_is_turned_sideways() -> None:
    # seed 001 "Riichi", seed 002 3.3.14: "If an opponent claims the rotated tile for a melded set, rotate
    # your next discarded tile"
    r = _hidden()
    _riichi_then(r, called=True)
    kawa = r.seats[0].kawa
    assert [(k.riichi, k.called) for k in kawa] == [(True, True), (True, False)]


def test_without_a_call_only_the_riichi_discard_is_sideways() -> None:
    # seed 002 3.3.14: the riichi discard is rotated
    r = _hidden()
    _riichi_then(r, called=False)
    assert [k.riichi for k in r.seats[0].kawa] == [True, False]

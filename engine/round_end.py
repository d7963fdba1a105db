"""The end of a hand: wins (tsumo, ron, several rons, chankan), draws, hands laid open, a person's answers.

Handlers for `engine.round.Round` (they take its data, `engine.round_state.RoundState`); like the others
they check legality first and raise IllegalEventError (with the event) before changing anything.
"""

from __future__ import annotations

from riichi_table.engine.events import Declare, Hora, Reveal, Ryukyoku, pai_to_tile
from riichi_table.engine.furiten import FuritenVerdict, judge_furiten
from riichi_table.engine.hand import is_complete, is_kokushi, seat_waits
from riichi_table.engine.referee import four_kans_abort, four_winds, nagashi_mangan, nine_terminals
from riichi_table.engine.round_state import RoundState, illegal, require
from riichi_table.engine.tiles import Tile, counts34

# mjai ryukyoku reason -> the rules' abortive draw name
ABORTIVE_RULE = {
    "yao9": "nine_terminals",
    "kaze4": "four_winds",
    "kan4": "four_kans",
    "reach4": "four_riichi",
    "ron3": "triple_ron",
}


def winning_hand(r: RoundState, e: Hora) -> list[Tile] | None:
    """The winner's concealed tiles without the winning tile: from the event, the tracked hand or a reveal."""
    win = pai_to_tile(e.pai)
    s = r.seats[e.actor]
    if e.hora_tehais is not None:
        return [pai_to_tile(p) for p in e.hora_tehais]
    if s.hand is not None:
        hand = list(s.hand)
        if e.is_tsumo:
            hand.remove(win)
        return hand
    if s.revealed is not None:
        hand = list(s.revealed)
        if len(hand) % 3 == 2 and win in hand:
            hand.remove(win)
        return hand
    return None


def _robs_ankan(r: RoundState, e: Hora) -> bool:
    """A ron on the tile of the concealed kan just declared (seed 002 3.3.7: thirteen orphans only)."""
    window = r.last_ankan
    return (
        r.phase == "rinshan"
        and window is not None
        and r.rules.kokushi_robs_ankan
        and window[0] == e.target
        and window[1].kind == pai_to_tile(e.pai).kind
    )


def ron_furiten(r: RoundState, seat: int, hand13: list[Tile]) -> FuritenVerdict:
    """Furiten of a seat holding `hand13` at the moment of a ron (the tile in play is not yet passed)."""
    s = r.seats[seat]
    wait_kinds = tuple(seat_waits(counts34(hand13), [m.tiles for m in s.melds], r.rules))
    return judge_furiten(wait_kinds, s.discards, s.passed, s.riichi_passed)


def hora(r: RoundState, e: Hora) -> None:
    """A win. Tsumo: in one's turn after a draw. Ron: on the last discard or a kakan tile (chankan)."""
    win = pai_to_tile(e.pai)
    if r.horas:
        first = r.horas[0]
        require(not first.is_tsumo and not e.is_tsumo, "only one tsumo per hand", e)
        require(e.target == first.target and e.pai == first.pai, "a second ron must be on the same tile", e)
        require(all(h.actor != e.actor for h in r.horas), f"seat {e.actor} has already won", e)
        require(
            r.rules.multiple_ron == "all",
            "head bump: only the first winner after the discarder wins (seed 001)",
            e,
        )
        if len(r.horas) == 2 and "triple_ron" in r.rules.abortive_draws:
            illegal("three rons on one discard are an abortive draw (ron3) under this rule set (seed 001)", e)
    elif e.is_tsumo:
        require(r.phase == "discard" and e.actor == r.turn, "tsumo only in one's own turn after a draw", e)
        drawn = r.seats[e.actor].drawn
        require(drawn is None or drawn == win, f"tsumo on {e.pai}, but the drawn tile was {drawn}", e)
    else:
        on_discard = r.phase in ("draw", "riichi_pending") and r.last_discard == (e.target, win)
        chankan = r.phase == "rinshan" and r.last_kakan == (e.target, win)
        robs_ankan = _robs_ankan(r, e)
        require(
            on_discard or chankan or robs_ankan,
            f"ron on {e.pai} from seat {e.target}, which is not the tile in play",
            e,
        )
    hand = winning_hand(r, e)
    s = r.seats[e.actor]
    if hand is not None and not e.is_tsumo and not r.horas and _robs_ankan(r, e):
        # seed 002 3.3.7: a concealed kan may be robbed only to complete thirteen orphans
        require(is_kokushi(counts34([*hand, win])), "only thirteen orphans may rob a concealed kan", e)
    if hand is not None:
        full = counts34([*hand, win])
        require(
            is_complete(full, len(s.melds), r.rules.hand_shapes),
            f"seat {e.actor}'s hand is not complete with {e.pai}",
            e,
        )
        if not e.is_tsumo:
            verdict = ron_furiten(r, e.actor, hand)
            if verdict.furiten:
                illegal(f"seat {e.actor} may not ron: {verdict.reason}", e)
    else:
        r.warnings.append(f"seat {e.actor} won without showing the hand: furiten and shape not checked")
    r.horas.append(e)
    r.result = e
    r.phase = "hora"


def ryukyoku(r: RoundState, e: Ryukyoku) -> None:
    """An exhaustive draw (after the last discard) or an abortive draw the preset allows."""
    require(r.phase not in ("hora", "ended"), "the hand already has a result", e)
    rule = ABORTIVE_RULE.get(e.reason)
    if rule is not None:
        require(rule in r.rules.abortive_draws, f"this rule set has no abortive draw {e.reason} ({rule})", e)
    match e.reason:
        case "fanpai":
            require(r.wall_left == 0 and r.phase == "draw", "an exhaustive draw needs an empty wall", e)
            _check_tenpais(r, e)
        case "nagashi":
            require(r.rules.nagashi_mangan, "this rule set has no nagashi mangan", e)
            require(r.wall_left == 0 and r.phase == "draw", "nagashi mangan needs an exhaustive draw", e)
            require(
                bool(nagashi_seats(r)),
                "nagashi mangan, but no pond is all terminals and honors with none called (seed 001)",
                e,
            )
            _check_tenpais(r, e)
        case "yao9":
            seat = r.seats[r.turn]
            require(
                r.phase == "discard" and not r.interrupted and not seat.kawa,
                "nine terminals only on a first draw",
                e,
            )
            if seat.hand is not None:
                require(
                    nine_terminals(counts34(seat.hand)), "fewer than nine different terminals and honors", e
                )
        case "kaze4":
            require(
                not r.interrupted and four_winds(r.first_discards),
                "the first four discards are not one wind",
                e,
            )
        case "reach4":
            require(all(s.riichi_accepted for s in r.seats), "not all four players are in riichi", e)
        case "kan4":
            require(
                four_kans_abort([s.kans for s in r.seats]), "four kans are needed, not all by one player", e
            )
            require(r.phase == "draw", "four kans abort after the discard that follows the fourth kan", e)
        case "ron3":
            require(
                r.phase in ("draw", "riichi_pending") and r.last_discard is not None,
                "three rons need a discard in play",
                e,
            )
    r.result = e
    r.phase = "ended"


def nagashi_seats(r: RoundState) -> list[int]:
    """Seats whose pond earns nagashi mangan (seed 001 yaku table), where the preset has it."""
    if not r.rules.nagashi_mangan:
        return []
    return [
        seat
        for seat, s in enumerate(r.seats)
        if nagashi_mangan([k.tile.kind for k in s.kawa], [k.called for k in s.kawa])
    ]


def _check_tenpais(r: RoundState, e: Ryukyoku) -> None:
    """Compare declared tenpai flags with the hands the round knows; riichi players must be tenpai."""
    if e.tenpais is None:
        return
    for seat, flag in enumerate(e.tenpais):
        s = r.seats[seat]
        hand = r.concealed_of(seat)
        if hand is not None and len(hand) % 3 == 1:
            really = bool(seat_waits(counts34(hand), [m.tiles for m in s.melds], r.rules))
            if flag and not really:
                r.warnings.append(f"seat {seat} declared tenpai with a hand that is not ready (chombo?)")
        if s.riichi_accepted and not flag:
            r.warnings.append(f"seat {seat} is in riichi but shows noten (seed 002 3.4.2: chombo)")


def reveal(r: RoundState, e: Reveal) -> None:
    """A hand laid open; kept to check a win or a tenpai claim."""
    s = r.seats[e.actor]
    tiles = tuple(pai_to_tile(p) for p in e.tehai)
    expected = {s.concealed, s.concealed + 1}
    require(len(tiles) in expected, f"seat {e.actor} shows {len(tiles)} tiles but holds {s.concealed}", e)
    if s.hand is not None and sorted(s.hand) != sorted(tiles)[: len(s.hand)] and len(tiles) == len(s.hand):
        r.warnings.append(f"seat {e.actor} shows tiles that differ from the hand the log tracked")
    s.revealed = tiles


def declare(r: RoundState, e: Declare) -> None:
    """A person's answer: tenpai/noten at a draw is stored; Game turns tsumo/ron/kyushu into events."""
    if e.call in ("tenpai", "noten"):
        r.seats[e.actor].declared = e.call

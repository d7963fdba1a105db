"""A hand's record put in turn order again from each seat's discards and the calls between them.

Whose turn follows a discard is fixed by the rules (seed 002 3.3.1): the seat after the discarder draws,
unless a seat calls the discard, and then the caller takes the turn and discards without drawing. So a hand's
order of events follows from each seat's discards, in the order of its pond, and which discard each call
took. When a call comes to light long after it was made, with a discard of the target's that was never
counted (a tile called as soon as it was laid, while the seat before it was read late), the reader knows
each seat's pond order but has recorded the turns between in a wrong order: seat 0's discard, seat 2's pon of
it and seat 2's discard went in after seats 1-3 had had turns that came after them (seed 5927, white cloth,
blue backs, 40 degrees). `resequence` rebuilds the order from the pieces and replays the record through a
fresh engine; None when the pieces do not make one order or the engine refuses it.

A turn keeps everything between its opening (the draw, or the call that gave it) and its discard: a kan, its
new indicator and the replacement draw, a riichi declared with the discard and its acceptance after it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from riichi_table.assistant.reconcile import Placement, hand_start, replay_record

CALLS = ("chi", "pon", "daiminkan")
BODY = ("ankan", "kakan", "dora")


@dataclass
class _Turn:
    """One turn of a seat: what came between its opening and its discard, and the discard."""

    seat: int
    draw: dict[str, Any] | None  # the turn's draw when it opened with one
    body: list[dict[str, Any]] = field(default_factory=list)
    riichi: bool = False
    dahai: dict[str, Any] | None = None  # None: the turn still going at the record's end
    accepted: bool = False  # a riichi's reach_accepted right after the discard


@dataclass
class _Hand:
    """A hand's record cut into turns: each seat's in order, the calls keyed by the discard they took
    (target, its nth discard), and the turn still going at the end."""

    oya: int
    turns: list[list[_Turn]]
    calls: dict[tuple[int, int], dict[str, Any]]
    tail: _Turn | None


def resequence(
    rules: Any,
    accepted: list[dict[str, Any]],
    discards: Sequence[tuple[int, int, str]] = (),
    calls: Sequence[tuple[int, int, dict[str, Any]]] = (),
) -> Placement | None:
    """The record with each of `discards` (seat, nth, pai) put in as the seat's nth discard of this hand
    (0-based; those after it move one on) and each of `calls` (target, nth, call event) put in after the
    target's nth discard, counted after the discards are in, then the hand's events put in turn order
    again, replayed through a fresh engine. None when the hand has ended, a place does not exist or is called
    already, the pieces leave a seat's discard or a call out of the order, or the engine refuses the record.
    `accepted` is not changed; `replaced` is empty (nothing was replaced)."""
    start = hand_start(accepted)
    if start is None:
        return None
    hand = _cut(accepted[start], accepted[start + 1 :])
    if hand is None:
        return None
    for seat, nth, pai in discards:
        if not 0 <= nth <= len(hand.turns[seat]):
            return None
        draw = {"type": "tsumo", "actor": seat, "pai": "?"}
        dahai = {"type": "dahai", "actor": seat, "pai": pai, "tsumogiri": False}
        hand.turns[seat].insert(nth, _Turn(seat, draw, dahai=dahai))
        hand.calls = {(t, n + (t == seat and n >= nth)): c for (t, n), c in hand.calls.items()}
    for target, nth, call in calls:
        if not 0 <= nth < len(hand.turns[target]) or (target, nth) in hand.calls:
            return None
        hand.calls[(target, nth)] = dict(call)
    events = _order(hand)
    if events is None:
        return None
    fixed = [*accepted[: start + 1], *events]
    game = replay_record(rules, fixed)
    return None if game is None else Placement(game, fixed, "")


def _cut(start: dict[str, Any], events: list[dict[str, Any]]) -> _Hand | None:
    """The hand's events cut into turns; None when the hand has ended or an event is out of the shape
    (something of a turn with no turn going)."""
    turns: list[list[_Turn]] = [[], [], [], []]
    calls: dict[tuple[int, int], dict[str, Any]] = {}
    now: _Turn | None = None
    for e in events:
        kind, actor = e.get("type"), e.get("actor")
        if kind == "tsumo" and now is None:
            now = _Turn(int(actor), e)  # type: ignore[arg-type]
        elif kind in CALLS and now is None:
            target = int(e["target"])
            if not turns[target] or (target, len(turns[target]) - 1) in calls:
                return None
            calls[(target, len(turns[target]) - 1)] = e
            now = _Turn(int(actor), None)  # type: ignore[arg-type]
        elif now is not None and (kind in BODY or (kind == "tsumo" and actor == now.seat)):
            now.body.append(e)  # a kan, its indicator, the replacement draw
        elif kind == "reach" and now is not None and actor == now.seat:
            now.riichi = True
        elif kind == "dahai" and now is not None and actor == now.seat:
            now.dahai = e
            turns[now.seat].append(now)
            now = None
        elif kind == "reach_accepted" and now is None and turns[int(actor)]:  # type: ignore[arg-type]
            turns[int(actor)][-1].accepted = True  # type: ignore[arg-type]
        else:
            return None  # the hand's end, or an event out of place
    return _Hand(int(start["oya"]), turns, calls, now)


def _order(hand: _Hand) -> list[dict[str, Any]] | None:
    """The hand's events in turn order from the dealer: each seat plays its turns in order, the seat after
    a discard next unless a call took it; None when a turn or a call is left out at the end."""
    out: list[dict[str, Any]] = []
    done = [0, 0, 0, 0]
    seat, call = hand.oya, None
    used = 0
    while done[seat] < len(hand.turns[seat]):
        turn = hand.turns[seat][done[seat]]
        done[seat] += 1
        out.append(call if call is not None else turn.draw or {"type": "tsumo", "actor": seat, "pai": "?"})
        out += turn.body
        if turn.riichi:
            out.append({"type": "reach", "actor": seat})
        out.append(turn.dahai)  # type: ignore[arg-type]
        if turn.accepted:
            out.append({"type": "reach_accepted", "actor": seat})
        call = hand.calls.get((seat, done[seat] - 1))
        if call is not None:
            used += 1
            seat = int(call["actor"])
        else:
            seat = (seat + 1) % 4
    if done != [len(t) for t in hand.turns] or used < len(hand.calls):
        return None
    tail = hand.tail
    if tail is not None:
        if tail.seat != seat or (call is None) != (tail.draw is not None):
            return None
        out.append(call if call is not None else tail.draw)  # type: ignore[arg-type]
        out += tail.body
        if tail.riichi:
            out.append({"type": "reach", "actor": seat})
    elif call is not None:
        out.append(call)  # a call whose caller has not discarded yet
    return out

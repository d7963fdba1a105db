"""A discard read late, put in its place: the record is replayed through a fresh engine with the tile fixed.

When a seat's discard is not seen in its turn (an arm over its pond), the reader keeps the turn order with a
guessed tile (vision.live_events); when the tile is seen at last it says which of the seat's discards it was
(`LATE_DAHAI`). The record then gets the real tile at that place, and the whole game is applied again to a
fresh engine, so furiten, the wall and the scores follow the real discard. A tile laid sideways by a seat not
yet in riichi was a riichi discard: the declaration goes in with it (`reach` before the discard,
`reach_accepted` after it unless the next event is a ron on it), so the stick is paid and the seat's hand is
fixed from there on (seed 002 3.3.14: a later call of that seat makes the engine refuse the record). If the
engine refuses the record with the tile in place (the reading cannot be right there), the record stays as it
was.

When a seat had more than one discard guessed and fewer of its tiles come to light, which place a tile takes
is unknown: `move_late_discard` moves it to the place a person names (docs/live.md, "Asked on the page").
"""

from __future__ import annotations

import uuid
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Placement:
    """A fixed record and a fresh engine.game.Game that took all of it; `replaced` is the tile that was at
    the place before (the guess)."""

    game: Any
    record: list[dict[str, Any]]
    replaced: str


def hand_start(accepted: list[dict[str, Any]]) -> int | None:
    """Index into `accepted` of the current hand's start_kyoku; None before the first hand."""
    return max((i for i, e in enumerate(accepted) if e.get("type") == "start_kyoku"), default=None)


def discard_places(accepted: list[dict[str, Any]], actor: int) -> list[int]:
    """Indices into `accepted` of `actor`'s discards in the current hand (since its start_kyoku), in order."""
    start = hand_start(accepted)
    if start is None:
        return []
    return [
        i
        for i in range(start, len(accepted))
        if accepted[i].get("type") == "dahai" and accepted[i].get("actor") == actor
    ]


def place_late_discard(
    rules: Any, accepted: list[dict[str, Any]], actor: int, nth: int, pai: str, riichi: bool = False
) -> Placement | None:
    """The record with `pai` as `actor`'s `nth` discard (0-based, this hand), replayed through a fresh engine;
    None when the record has no such discard or the engine refuses it with the tile in place.

    riichi: the tile lay sideways, a riichi declaration (seed 002 3.3.14); the record gets `reach` and
    `reach_accepted` around it. `accepted` is every event the game took, in order; it is never changed.
    """
    places = discard_places(accepted, actor)
    if not 0 <= nth < len(places):
        return None
    at = places[nth]
    old = str(accepted[at]["pai"])
    fixed = [*accepted[:at], {**accepted[at], "pai": pai}, *accepted[at + 1 :]]
    if riichi:
        fixed = _with_riichi(fixed, at)
    game = replay_record(rules, fixed)
    return None if game is None else Placement(game, fixed, old)


def move_late_discard(
    rules: Any, accepted: list[dict[str, Any]], actor: int, src: int, dst: int
) -> Placement | None:
    """The record with `actor`'s discards `src` and `dst` (0-based, this hand) changing places: the tile read
    late goes from `src` to `dst`, the guess at `dst` to `src`; a riichi declared with either goes with it.
    None when either place does not exist or the engine refuses the record so."""
    places = discard_places(accepted, actor)
    if not (0 <= src < len(places) and 0 <= dst < len(places)) or src == dst:
        return None
    a, b = places[src], places[dst]
    moved, guess = str(accepted[a]["pai"]), str(accepted[b]["pai"])
    fixed = list(accepted)
    fixed[a] = {**accepted[a], "pai": accepted[b]["pai"]}
    fixed[b] = {**accepted[b], "pai": moved}
    # A riichi declared with either tile goes with it.
    if a > 0 and fixed[a - 1].get("type") == "reach":
        fixed = _without_riichi(fixed, a)
        fixed = _with_riichi(fixed, discard_places(fixed, actor)[dst])
    elif b > 0 and fixed[b - 1].get("type") == "reach":
        fixed = _without_riichi(fixed, b)
        fixed = _with_riichi(fixed, discard_places(fixed, actor)[src])
    game = replay_record(rules, fixed)
    return None if game is None else Placement(game, fixed, guess)


def move_riichi(
    rules: Any, accepted: list[dict[str, Any]], actor: int, src: int | None, dst: int | None
) -> Placement | None:
    """The record with `actor`'s riichi declared with its discard `dst` (0-based, this hand) instead of `src`,
    taken back (`dst` None), or put in where none was read (`src` None), replayed through a fresh engine
    (riichi_table/vision/riichi_reread.py); None when `src` is no riichi discard, the seat has a riichi
    already where none was read, a place does not exist, or the engine refuses the record so."""
    places = discard_places(accepted, actor)
    if src is None:
        if dst is None or not 0 <= dst < len(places):
            return None
        if any(e == {"type": "reach", "actor": actor} for e in accepted[places[0] :]):
            return None
        fixed = _with_riichi(accepted, places[dst])
        game = replay_record(rules, fixed)
        return None if game is None else Placement(game, fixed, str(accepted[places[dst]]["pai"]))
    if not 0 <= src < len(places) or (dst is not None and not 0 <= dst < len(places)) or src == dst:
        return None
    at = places[src]
    if at == 0 or accepted[at - 1] != {"type": "reach", "actor": actor}:
        return None
    fixed = _without_riichi(accepted, at)
    if dst is not None:
        fixed = _with_riichi(fixed, discard_places(fixed, actor)[dst])
    game = replay_record(rules, fixed)
    return None if game is None else Placement(game, fixed, str(accepted[at]["pai"]))


def insert_late_call(
    rules: Any, accepted: list[dict[str, Any]], call: dict[str, Any], nth: int, named: bool = False
) -> Placement | None:
    """The record with `call` (a chi, pon or open kan event) put in after its target's `nth` discard (0-based,
    this hand), in place of the caller's draw that follows it there: a call read only after the caller's
    discard that followed it (riichi_table/vision/live_events.py `LATE_CALL`). `named`: that discard was a
    guess, and becomes the called tile. None when that discard is not followed by the caller's draw and
    discard (a `reach_accepted` of the target between them is kept), or the engine refuses the record so.
    `replaced` is the called tile."""
    actor, target = int(call["actor"]), int(call["target"])
    places = discard_places(accepted, target)
    if not 0 <= nth < len(places):
        return None
    at = places[nth] + 1
    if at < len(accepted) and accepted[at] == {"type": "reach_accepted", "actor": target}:
        at += 1
    draw, discard = accepted[at : at + 1], accepted[at + 1 : at + 2]
    if not (draw and discard) or draw[0].get("type") != "tsumo" or draw[0].get("actor") != actor:
        return None
    if discard[0].get("type") != "dahai" or discard[0].get("actor") != actor:
        return None
    fixed = [*accepted[:at], dict(call), *accepted[at + 1 :]]
    if named:
        fixed[places[nth]] = {**fixed[places[nth]], "pai": call["pai"]}
    game = replay_record(rules, fixed)
    return None if game is None else Placement(game, fixed, str(call["pai"]))


def append_call(rules: Any, accepted: list[dict[str, Any]], call: dict[str, Any]) -> Placement | None:
    """The record with `call` put in after its last event (the discard it took lies last); None when the
    engine refuses it there. `replaced` is the called tile."""
    fixed = [*accepted, dict(call)]
    game = replay_record(rules, fixed)
    return None if game is None else Placement(game, fixed, str(call["pai"]))


def insert_late_kan(
    rules: Any, accepted: list[dict[str, Any]], kan: dict[str, Any], nth: int, dora: str | None = None
) -> Placement | None:
    """The record with `kan` (an ankan event), its new indicator `dora` when given, and the replacement draw
    put in before its actor's `nth` discard (0-based, this hand), after the draw (and before a riichi
    declared with the discard): a concealed kan read only after that discard
    (riichi_table/vision/live_events.py `LATE_KAN`). None when that discard does not follow its actor's
    draw, or the engine refuses the record so. `replaced` is the discard's tile."""
    actor = int(kan["actor"])
    places = discard_places(accepted, actor)
    if not 0 <= nth < len(places):
        return None
    at = places[nth]
    if at > 0 and accepted[at - 1] == {"type": "reach", "actor": actor}:
        at -= 1
    draw = accepted[at - 1] if at > 0 else {}
    if draw.get("type") != "tsumo" or draw.get("actor") != actor:
        return None
    indicator = [] if dora is None else [{"type": "dora", "dora_marker": dora}]
    rinshan = {"type": "tsumo", "actor": actor, "pai": "?"}
    fixed = [*accepted[:at], dict(kan), *indicator, rinshan, *accepted[at:]]
    game = replay_record(rules, fixed)
    return None if game is None else Placement(game, fixed, str(accepted[places[nth]]["pai"]))


def insert_late_dora(rules: Any, accepted: list[dict[str, Any]], marker: str) -> Placement | None:
    """The record with a kan's new indicator `marker` put in right after the hand's last kan, where it was
    turned over (seed 002 3.3.5-3.3.7: before the replacement draw): an indicator read only after a discard
    that followed the kan (riichi_table/vision/live_events.py `LATE_DORA`). None when the hand has no kan, or
    the engine refuses the record so."""
    start = hand_start(accepted)
    if start is None:
        return None
    from riichi_table.vision.live_events import KAN_EVENTS

    kans = [i for i in range(start, len(accepted)) if accepted[i].get("type") in KAN_EVENTS]
    if not kans:
        return None
    at = kans[-1] + 1
    fixed = [*accepted[:at], {"type": "dora", "dora_marker": marker}, *accepted[at:]]
    game = replay_record(rules, fixed)
    return None if game is None else Placement(game, fixed, marker)


def reread_indicator(rules: Any, accepted: list[dict[str, Any]], marker: str) -> Placement | None:
    """The record with the current hand's first dora indicator `marker` (its start_kyoku's `dora_marker`):
    an indicator named on split readings and another kind since (riichi_table/vision/indicator_reread.py).
    None before the first hand, or when the engine refuses the record so; `replaced` is the marker it had."""
    start = hand_start(accepted)
    if start is None:
        return None
    old = str(accepted[start].get("dora_marker"))
    fixed = [*accepted[:start], {**accepted[start], "dora_marker": marker}, *accepted[start + 1 :]]
    game = replay_record(rules, fixed)
    return None if game is None else Placement(game, fixed, old)


def _with_riichi(events: list[dict[str, Any]], at: int) -> list[dict[str, Any]]:
    """`events` with the discard at `at` made a riichi discard: `reach` just before it (after the draw), and
    `reach_accepted` just after it when something follows that is not a ron on it."""
    actor = events[at]["actor"]
    after = events[at + 1 :]
    accepted: list[dict[str, Any]] = []
    if after and after[0].get("type") != "hora":
        accepted = [{"type": "reach_accepted", "actor": actor}]
    return [*events[:at], {"type": "reach", "actor": actor}, events[at], *accepted, *after]


def _without_riichi(events: list[dict[str, Any]], at: int) -> list[dict[str, Any]]:
    """`events` with the riichi around the discard at `at` taken out (its `reach` and `reach_accepted`)."""
    actor = events[at]["actor"]
    after = events[at + 1 :]
    if after and after[0] == {"type": "reach_accepted", "actor": actor}:
        after = after[1:]
    return [*events[: at - 1], events[at], *after]


def replay_record(rules: Any, events: list[dict[str, Any]]) -> Any:
    """A fresh engine fed `events`, or None when it refuses one."""
    from riichi_table.engine.errors import EngineError
    from riichi_table.engine.game import Game

    game = Game(rules)
    try:
        for e in events:
            game.apply(e)
    except EngineError:
        return None
    return game


def order_question(
    accepted: list[dict[str, Any]], actor: int, pai: str, place: int, places: list[int]
) -> dict[str, Any]:
    """The page's question when a tile read late fits more than one of its seat's guessed places: each
    answer shows the seat's discards of this hand in order with the tile at one place ("?" for the guesses
    still unseen). {"id", "kind": "order", "seat", "pai", "place": the best guess taken, "text", "answers":
    [{"label", "answer": the place, 0-based}]}; answered through `LiveSession.answer_order`."""
    record = [str(accepted[i]["pai"]) for i in discard_places(accepted, actor)]
    answers = []
    for p in places:
        shown = [pai if i == p else ("?" if i in places else t) for i, t in enumerate(record)]
        answers.append({"label": " ".join(shown), "answer": p})
    return {
        "id": f"order-{actor}-{uuid.uuid4().hex[:8]}",
        "kind": "order",
        "seat": actor,
        "pai": pai,
        "place": place,
        "text": f"Seat {actor}'s {pai} was seen late: in which order were its discards?",
        "answers": answers,
    }

"""A discard named another kind once it has been read often: the record gets the kind most readings give
(docs/live.md, "What the fresh seeds left, the next round").

A pond tile counts as a discard from its first few readings (`vision.live_events`), and its kind is the one
those readings gave. A tile laid in dim light, half under an arm's shadow or cut off its face for those
frames can be named wrong there and right in the many frames that follow while it lies still: seed 881,
white cloth, black backs, 37 degrees, seat 0's 7p counted as a 6p from three readings and named 7p in the
rest. The furiten of every seat waiting on it and a win on it follow the kind recorded, so a discard whose
track has been read at least RECHECK_HITS times, most of them (REREAD_SHARE of its votes) another kind than
the one recorded, is recorded again as that kind. The game replays its record with the tile changed
(riichi_table/assistant/reconcile.py) and keeps it only when the engine takes that record.

Only the discard's own track is asked: one lost and found again (an arm, a camera bump) may be another tile
lying at its place (the seat's next discard laid where a called tile lay). Its own track may be another tile
too, when a call took the discard unseen and the seat's next discard was laid at its place under an arm: the
track then was read as the discard's kind for a while after it counted (seed 1013, wood felt, 40 degrees:
seat 3's 8m, called by a pon read too late, and the 5s laid where it lay). So the discard is recorded again
only when its readings since it counted hardly ever gave the kind it counted with (under OLD_SHARE of
their votes).

A discard counted on split readings (its kind under SPLIT_AT_COUNT of the votes then) was never read
clearly as that kind, and is judged on the readings since it counted alone, once read SPLIT_HITS times:
recorded again when SINCE_SHARE of them give another kind, the one most readings give. Seed 1357, green
felt, 44 degrees: seat 0's riichi 4p, lying sideways, counted as a 2p from six readings split 3.8 to 2.0,
and read 4p in four of five readings since; all its readings together gave the 4p only 0.7 of the votes by
the hand's end. The same seed on white cloth: seat 3's 4p counted as a 2p split 2.2 to 0.75, its track
lost after 18 readings. Two kinds alike in a crop may share the readings since as well, a third kind taking
some: once read RATIO_HITS times, the kind read SINCE_RATIO times as often as the recorded one since it
counted is the tile. Seed 402, white cloth, blue backs, 40 degrees: seat 0's riichi 2s counted as a 4s on a
coin flip (4.8 to 4.7 votes), and gave 2s 43 votes since, 4s 19 and 3s 8 by the hand's end (0.61 of them).

A discard whose kind a rule chose (`track.enforce_copies`: its readings named a fifth copy) is not asked
while the rule holds; once its readings name another kind most, the rule no longer holds and it is asked
like any other: fresh seed 10415, wood felt, yellow backs, 40 degrees, light 0.55: seat 3's 2m, cut
sideways for the readings it took to count, named 1m there, a fifth 1m, and counted as the 4m the rule
gave it; upright from then on, its readings gave the 2m 8.8 of their 10 votes, and it stayed a 4m.

A discard still split at the hand's end is recorded again when the table shows four more copies of the
kind it was recorded as, and its track reads another kind now (`reread_fifth_copies`: a set holds four of
each tile).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np
from riichi_table.engine.tiles import KIND_COUNT
from riichi_table.vision.hand_state import HandState
from riichi_table.vision.pai_names import pai_of_track
from riichi_table.vision.track import Track, vote_share

# Private event (not mjai): {"type", "actor", "nth": the actor's nth discard of this hand (0-based), "pai":
# the kind most of its readings give}.
REREAD_DAHAI = "_reread_dahai"
RECHECK_HITS = 20  # readings of a discard before its kind is judged again
REREAD_SHARE = 0.8  # share of its votes the other kind needs
OLD_SHARE = 0.1  # ... and the most the recorded kind may have of its votes since it counted
SPLIT_AT_COUNT = 0.8  # its kind had less of the votes than this when it counted: counted on split readings
SINCE_SHARE = 0.75  # ... and is recorded again when another kind has this much of the votes since
SPLIT_HITS = 10  # ... once its track has been read this often
SINCE_RATIO = 2.0  # ... or when, read RATIO_HITS times, another kind has this many times its votes since
RATIO_HITS = 40


def reread_discards(h: HandState, tracks: dict[int, Track]) -> list[dict[str, Any]]:
    """The discards to record as another kind (REREAD_DAHAI events); `h` follows them (`discard_kind`).

    `tracks` are the stable tracks by id."""
    out: list[dict[str, Any]] = []
    for seat in range(4):
        for i in h.ponds[seat]:
            t = tracks.get(i)
            nth, was = h.discard_nth.get(i), h.discard_kind.get(i)
            if t is None or nth is None or was is None or t.face_down or t.rule_holds:
                continue
            if t.hits < SPLIT_HITS or t.kind == was or t.kind < 0:
                continue
            at_count = h.discard_votes.get(i)
            if at_count is None or at_count.shape != t.votes.shape:
                if t.hits < RECHECK_HITS or t.confidence < REREAD_SHARE:
                    continue
            else:
                since = np.clip(t.votes - at_count, 0.0, None)
                if vote_share(at_count, was) < SPLIT_AT_COUNT:
                    if vote_share(since, t.kind) < SINCE_SHARE and not _outread(t, since, was):
                        continue
                elif (
                    t.hits < RECHECK_HITS or t.confidence < REREAD_SHARE or vote_share(since, was) > OLD_SHARE
                ):
                    continue
            out.append(_record_again(h, seat, t, nth))
    return out


def reread_fifth_copies(
    h: HandState, tracks: dict[int, Track], standing: Callable[[Track], bool] | None = None
) -> list[dict[str, Any]]:
    """Discards recorded as a kind the table now shows a fifth copy of, whose tracks read another kind now
    (REREAD_DAHAI events, as `reread_discards`).

    A set holds four of each tile (seed 002 1.3). The copies counted: each discard still lying in a pond as
    the kind it was recorded as, and every other stable tile face up as it reads now (melds, dora
    indicators, a hand laid open), the tops of a hand still standing (`standing`) left out. A discard
    counted on split readings, read its own kind since in about half of them, stays below the other rule's
    shares; once four other copies lie face up it was no copy of theirs. Seed 1013, blue felt, 37 degrees:
    seat 2's 9p counted as an 8p from readings split 0.6 / 0.5 / 0.5 (8p, 7p, 9p) and read 9p in 64 % of its
    130 readings since (8p 35 %); seat 0 laid open three 8p at the exhaustive draw beside seat 3's 8p
    discard. Of several such discards, the one whose readings give its recorded kind least goes first;
    none is recorded as a kind that would make a fifth copy in turn, nor as a kind a rule forced on its
    track (`track.enforce_copies` gives up the least sure reading, which may be the discard's own)."""
    recorded = {
        i: was
        for pond in h.ponds
        for i in pond
        if i in tracks and (was := h.discard_kind.get(i)) is not None and not tracks[i].face_down
    }
    copies = [0] * KIND_COUNT
    for t in tracks.values():
        if t.id in recorded:
            copies[recorded[t.id]] += 1
        elif t.kind >= 0 and not (standing is not None and standing(t)):
            copies[t.kind] += 1
    over = [
        t
        for i, was in recorded.items()
        if copies[was] > 4 and 0 <= (t := tracks[i]).kind != was and not t.rule_holds
    ]
    doubted = sorted(over, key=lambda t: vote_share(t.votes, recorded[t.id]))
    out: list[dict[str, Any]] = []
    for t in doubted:
        was, nth = recorded[t.id], h.discard_nth.get(t.id)
        if copies[was] <= 4 or copies[t.kind] >= 4 or nth is None:
            continue
        copies[was] -= 1
        copies[t.kind] += 1
        out.append(_record_again(h, t.seat, t, nth))
    return out


def _record_again(h: HandState, seat: int, t: Track, nth: int) -> dict[str, Any]:
    """Record `seat`'s nth discard (track `t`) again as the kind `t` reads now."""
    h.discard_kind[t.id] = t.kind
    if h.last_discard is not None and h.last_discard[1] == t.id:
        h.last_discard = (seat, t.id, t.kind)  # a call of it takes this kind
    return {"type": REREAD_DAHAI, "actor": seat, "nth": nth, "pai": pai_of_track(t)}


def _outread(t: Track, since: np.ndarray, was: int) -> bool:
    """Whether, read often, the kind `t` reads now had SINCE_RATIO times the votes since it counted of the
    kind it counted as, another kind taking some too."""
    return t.hits >= RATIO_HITS and vote_share(since, t.kind) >= SINCE_RATIO * vote_share(since, was)

"""A hand's first dora indicator named another kind once it has been read often (docs/live.md, "An indicator
named on split readings").

A hand starts when its indicator's readings name it surely, or after `live_events.START_HITS` readings
whatever they give (the indicator is turned over before anyone draws, and the game cannot wait long). An
indicator named on split readings may be named another kind in almost every reading after: fresh seed
10415, white cloth, blue backs, 40 degrees, photographed faces: the 2m on top of the two-high wall gave 3m
5.4 votes, 2m 3.6 and 8m 2.0 over its first 16 readings, and 2m 216 of 265 after; the hand started with a
3m, and every dora of a win would have been counted off it. So an indicator named on split readings (its
kind under SPLIT_SHARE of its votes then) is named again, once, when another kind has SINCE_SHARE of at
least SINCE_VOTES votes since. The game replays its record with the hand's start changed
(riichi_table/assistant/reconcile.py `reread_indicator`) and keeps it only when the engine takes that
record.

A kan's new indicator is left as it was read: it counts once read clearly (`live_events`).
"""

from __future__ import annotations

from typing import Any

import numpy as np
from riichi_table.engine.tiles import RED_CLASS
from riichi_table.vision.hand_state import HandState
from riichi_table.vision.pai_names import pai_of
from riichi_table.vision.track import Track, kind_of_class, vote_share

# Private event (not mjai): {"type", "pai": the kind most of the indicator's readings since the hand's start
# give}.
REREAD_INDICATOR = "_reread_indicator"
SPLIT_SHARE = 0.7  # the kind named at the start had less of the votes than this: named on split readings
SINCE_SHARE = 0.75  # ... and another kind has this share of the votes since
SINCE_VOTES = 20.0  # ... of at least this many (each named reading gives one)


def reread_indicator(h: HandState, tracks: dict[int, Track]) -> list[dict[str, Any]]:
    """The hand's first indicator to name again (a REREAD_INDICATOR event), or none; `h` follows it (its
    `dora_votes` become the track's votes now, so it is named again once at most)."""
    if not h.dora or h.dora_votes is None or h.dora_kind is None:
        return []
    t = tracks.get(h.dora[0])
    if t is None or t.face_down or t.votes.shape != h.dora_votes.shape:
        return []
    if vote_share(h.dora_votes, h.dora_kind) >= SPLIT_SHARE:
        return []
    since = np.clip(t.votes - h.dora_votes, 0.0, None)
    top = int(np.argmax(since))
    kind = kind_of_class(top)
    if kind < 0 or kind == h.dora_kind or since.sum() < SINCE_VOTES or vote_share(since, kind) < SINCE_SHARE:
        return []
    h.dora_kind, h.dora_votes = kind, t.votes.copy()
    return [{"type": REREAD_INDICATOR, "pai": pai_of(kind, top in RED_CLASS.values())}]

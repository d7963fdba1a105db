"""mjai tile names (`1m`, `5pr`, `E`) of kinds and tracks, and a track's likeliest readings by that name."""

from __future__ import annotations

import numpy as np
from riichi_table.engine.tiles import BACK_CLASS
from riichi_table.vision.track import Track

PAI_HONORS = ("E", "S", "W", "N", "P", "F", "C")


def pai_of(kind: int, red: bool = False) -> str:
    """The mjai name of a kind 0..33 (`r` after a red five)."""
    if kind >= 27:
        return PAI_HONORS[kind - 27]
    return f"{kind % 9 + 1}{'mps'[kind // 9]}" + ("r" if red else "")


def pai_of_track(t: Track) -> str:
    """The mjai name of a track's current reading (a red five's class keeps its red)."""
    return pai_of(t.kind, t.class_id in (34, 35, 36))


def alternatives(t: Track, count: int = 3) -> list[str]:
    """The next most likely readings of a track (mjai names), best first, without its current one."""
    order = np.argsort(-t.votes)
    out: list[str] = []
    for c in order[: count + 1]:
        c = int(c)
        if c == t.class_id or c == BACK_CLASS or t.votes[c] <= 0:
            continue
        kind = {34: 4, 35: 13, 36: 22}.get(c, c)
        out.append(pai_of(kind, c >= 34))
    return out[:count]


def odds(t: Track, count: int = 6) -> dict[str, float]:
    """A track's share of votes for its likeliest readings (mjai names), its own reading among them."""
    total = float(t.votes.sum())
    if total <= 0:
        return {pai_of_track(t): 1.0}
    out: dict[str, float] = {}
    for c in np.argsort(-t.votes)[:count]:
        c = int(c)
        if c == BACK_CLASS or t.votes[c] <= 0:
            continue
        out[pai_of({34: 4, 35: 13, 36: 22}.get(c, c), c >= 34)] = float(t.votes[c]) / total
    # A reading forced by a rule (no fifth copy) keeps its place even when its votes are few.
    out.setdefault(pai_of_track(t), float(t.votes[t.class_id]) / total)
    return out

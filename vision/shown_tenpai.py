"""Whether a hand row read at an exhaustive draw can be a hand shown tenpai.

At an exhaustive draw only tenpai hands are shown (seed 002 3.4.2: the tenpai players are those who show a
tenpai hand); a noten hand stays standing. A row of a standing hand's tops can read as many tiles as the hand
holds (seed 5237, white cloth, blue backs, 40 degrees: seat 0's thirteen blank ivory fronts read P, 8p, 2s
and 1p from long before its last draw to the sweep, and the draw was scored as seat 0 tenpai, the dealer
kept). The table reader asks this of a row that reads as it did before the wall ran out
(`live_events.TableReader._shown`).
"""

from __future__ import annotations

from collections.abc import Sequence

from riichi_table.engine.events import pai_to_tile
from riichi_table.engine.hand import waits
from riichi_table.engine.tiles import KIND_COUNT
from riichi_table.vision.pai_names import alternatives
from riichi_table.vision.track import Track

SECOND_READINGS = 2  # a tile's next likeliest kinds tried in its place


def could_be_tenpai(tiles: Sequence[Track], meld_count: int, melded: Sequence[int] = ()) -> bool:
    """Whether the tiles' readings (kinds 0..33), as read or with one tile given one of its next likeliest
    kinds (a misread shown hand stays shown), are a tenpai hand beside `meld_count` melds (`melded`: the
    melds' kinds, one per tile, for the no-fifth-copy rule of seed 002 3.3.13). Every hand shape counts:
    the game judges the preset's shapes when it scores the draw."""
    kinds = [t.kind for t in tiles]
    if any(not 0 <= k < KIND_COUNT for k in kinds):
        return False
    counts = [0] * KIND_COUNT
    for k in kinds:
        counts[k] += 1
    if waits(counts, meld_count, melded=melded):
        return True
    for t, kind in zip(tiles, kinds, strict=True):
        seconds = {pai_to_tile(p).kind for p in alternatives(t, SECOND_READINGS)} - {kind}
        for other in seconds:
            swapped = list(counts)
            swapped[kind] -= 1
            swapped[other] += 1
            if max(swapped) <= 4 and waits(swapped, meld_count, melded=melded):
                return True
    return False

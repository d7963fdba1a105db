"""Which legal meld a group of tiles read in a hand row is: chi, pon or kan, from the tiles' votes.

Kinds are 0..33; a track's votes are over the detector classes (`vision.track`).
"""

from __future__ import annotations

from itertools import pairwise

import numpy as np
from riichi_table.vision.track import Track, vote_share
from riichi_table.vision.zones import Placed


def stacked(p: Placed, group: list[Placed]) -> bool:
    """An added-kan tile: sideways, lying nearer the centre than another sideways tile at the same u."""
    return p.sideways and any(q is not p and q.sideways and abs(q.u - p.u) < 8 and q.v > p.v for q in group)


def apart(group: list[Placed], kinds: dict[int, int] | None = None) -> list[list[Placed]]:
    """A hand-row group that is two melds side by side, parted; any other group as it is.

    Each meld lies with one tile sideways (an added-kan tile stacked on it aside) and has three or four
    tiles (seed 002 3.3.8). At face height from a side seat the cut spreads the 10 mm between two melds over
    the gaps of the run (the sides hide them all), so they read as one group of six tiles with two
    sideways (seed 155, old camera, hard: seat 3's pon of E beside its pon of C, never read). `kinds` (tile
    kind 0..33 per Placed.index, -1 or missing when not named) rules out a parting whose part is no legal
    pon, kan or chi by its readings (seed 002 3.3.3-3.3.5; seed 135, old camera, hard: a pon of F beside an
    open kan of E, seven tiles, parts of three and four either way); of the rest, the one at the widest gap
    between neighbours wins."""
    flat = [p for p in group if not stacked(p, group)]
    if len(flat) < 6 or sum(p.sideways for p in flat) != 2:
        return [group]
    ordered = sorted(flat, key=lambda p: p.u)
    best: tuple[float, int] | None = None
    for k in range(3, len(ordered) - 2):
        left, right = ordered[:k], ordered[k:]
        if not all(3 <= len(m) <= 4 and sum(p.sideways for p in m) == 1 for m in (left, right)):
            continue
        if kinds is not None and not all(_legal([kinds.get(p.index, -1) for p in m]) for m in (left, right)):
            continue
        gap = (right[0].u - right[0].width_u / 2) - (left[-1].u + left[-1].width_u / 2)
        if best is None or gap > best[0]:
            best = (gap, k)
    if best is None:
        return [group]
    cut = (ordered[best[1] - 1].u + ordered[best[1]].u) / 2
    return [[p for p in group if p.u < cut], [p for p in group if p.u >= cut]]


def _legal(kinds: list[int]) -> bool:
    """Whether tiles of these kinds (-1: not named) can be one meld: all one kind, or three of one suit in a
    row."""
    named = sorted(k for k in kinds if k >= 0)
    if len(set(named)) <= 1:
        return True
    if len(kinds) != 3 or len(set(named)) != len(named) or any(k >= 27 for k in named):
        return False
    return named[0] // 9 == named[-1] // 9 and named[-1] - named[0] <= 2


def laid_in_a_row(flat: list[Placed], tile_w: float) -> bool:
    """Whether a meld's tiles (an added-kan tile left out) lie side by side in one row, as melds are laid
    (seed 002 3.3.8): along the row no two overlap by more than a third of a tile, and across it their centres
    lie within half a tile (a sideways tile's centre sits (tile_h - tile_w) / 2 nearer the middle). A
    standing hand read in two rows, its tops above its faces (white cloth after a camera bump), overlaps
    itself."""
    ordered = sorted(flat, key=lambda p: p.u)
    for a, b in pairwise(ordered):
        if (a.u + a.width_u / 2) - (b.u - b.width_u / 2) > tile_w / 3:
            return False
    vs = [p.v for p in flat]
    return max(vs) - min(vs) <= tile_w / 2


def one_deep(row: list[Placed], tile_w: float) -> list[Placed]:
    """A hand row's tiles as they lie side by side (seed 002 3.3.12: a hand is shown as one row, the winning
    tile apart): of two overlapping along the row by more than a third of a tile, the one farther across
    from the row's line (the median v) is left out. A standing tile's top read before the hand was laid
    (seen shifted away from the camera, 20 mm off the line) lingers beside the laid tile for a while
    (seed 25, hard table: a fifteenth tile, and no win read)."""
    if len(row) < 2:
        return list(row)
    line = float(np.median([p.v for p in row]))
    kept: list[Placed] = []
    for p in sorted(row, key=lambda p: p.u):
        last = kept[-1] if kept else None
        if last is not None and (last.u + last.width_u / 2) - (p.u - p.width_u / 2) > tile_w / 3:
            if abs(p.v - line) < abs(last.v - line):
                kept[-1] = p
            continue
        kept.append(p)
    return kept


def kind_prob(t: Track, kind: int) -> float:
    """Share of a track's votes for `kind` (a red five counts for its five)."""
    return vote_share(t.votes, kind)


def meld_reading(
    seat: int, target: int, called: int, others: list[Track], size: int
) -> tuple[str, list[int]]:
    """The legal meld that best explains the readings: pon/kan of the called kind, or a chi around it.

    Legality decides what the camera cannot (seed 002 3.3.3-3.3.5): a chi only from kamicha, of one suit,
    three in a row; a pon or kan of one kind. Among those, the one the tiles' votes like best wins.
    """
    if size == 4:
        return "daiminkan", [called] * 3
    options: list[tuple[str, list[int]]] = [("pon", [called, called])]
    if target == (seat + 3) % 4 and called < 27:
        base = called - called % 9
        for lo in (called - 2, called - 1, called):
            run = [k for k in (lo, lo + 1, lo + 2) if k != called]
            if lo >= base and lo + 2 < base + 9:
                options.append(("chi", run))

    def fit(option: tuple[str, list[int]]) -> float:
        a, b = option[1]
        x, y = others
        return max(kind_prob(x, a) + kind_prob(y, b), kind_prob(x, b) + kind_prob(y, a))

    name, kinds = max(options, key=fit)
    return name, sorted(kinds)

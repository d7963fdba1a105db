"""A hand row seen at face height: its faces apart from the gaps beside them, and a hand laid open cut into
upright tiles (docs/live.md, "The view at face height").

A lying tile's side shows between its face and the camera. Along a side seat's row, seen from a camera at an
angle, each side covers the gap to the next tile, so the cut (`vision.tile_cuts`) finds no mat between the
tiles of a hand laid open; where the gap is about as long as a side (the winning tile set apart) a wedge
of the side is left between them. Both are settled here, in rectified-view pixels at `ppm` px/mm.
"""

from __future__ import annotations

import cv2
import numpy as np
from numpy.typing import NDArray
from riichi_table.vision.zones import TableGeometry

# At the row's end towards the camera, what lies beyond the last part of the mask at least SIDE_PART_MM long
# along the row, past a line with nothing in it, is a lying tile's side when it spans less than
# SIDE_SPAN_MM (a side is 15-20 mm long from a camera 37-40 degrees off; `faces_of_hand_row`), in a row as
# long as SIDE_ROW_TILES upright tiles laid side by side at least: a hand laid open, whose winning tile is set
# apart; a meld's row is shorter, and a called tile lying sideways at its end has the same line across its
# face where its ink is the felt's colour (a chi's 4p: cut 27 mm long, the chi read 140 frames late; seed
# 4801, wood felt, red backs, 37 degrees).
SIDE_PART_MM = 8.0
SIDE_SPAN_MM = 12.0
SIDE_ROW_TILES = 5


def faces_of_hand_row(
    face: NDArray[np.bool_], seat: int, geo: TableGeometry, ppm: float, camera_along: float = 0.0
) -> NDArray[np.bool_]:
    """A hand row's face mask at face height, keeping only what is as deep across the row as a lying tile's
    face can be (a sideways tile's short side, less a few mm): a lying tile's side reaching into a gap about
    as long as itself (the winning tile set apart from a hand laid open) leaves a wedge there some 15 mm deep
    that faces_only keeps; it joined the winning tile to the hand, whose last tile was then cut sideways
    over the gap and no win was read (docs/live.md, "The view at face height").

    Where the wedge is as deep as a face (the side's ivory and its back layer, the winning tile's face just
    beyond them), it stays; yet the edge between face and side leaves a line with nothing in it. Strips
    beyond it at the row's end towards the camera (`camera_along`, the sign of that way along the row as
    `laid_open` takes it), short of a face's part and spanning less than a side, in a row as long as a hand
    laid open (SIDE_PART_MM, SIDE_SPAN_MM, SIDE_ROW_TILES), are that side and are left out: with them a hand
    laid open measured 8 mm longer than its thirteen tiles, was cut as twelve and a winning tile set apart,
    and the tsumo was never read (seed 7143, wood felt, red backs, 37 degrees, dim)."""
    reach = max(3, round((geo.tile_w - 6) * ppm)) | 1  # odd: an even kernel shifts what it opens
    across_y = seat in (0, 2)  # rows run along x for seats 0 and 2: across the row is the view's y
    kernel = np.ones((reach, 1) if across_y else (1, reach), np.uint8)
    opened = cv2.morphologyEx(face.astype(np.uint8), cv2.MORPH_OPEN, kernel) > 0
    if camera_along:
        row = (SIDE_ROW_TILES * (geo.tile_w + LAID_GAP_MM) - LAID_GAP_MM) * ppm
        _drop_side_strips(opened, across_y, camera_along > 0, SIDE_PART_MM * ppm, SIDE_SPAN_MM * ppm, row)
    return np.asarray(opened)


def _drop_side_strips(
    face: NDArray[np.bool_], along_x: bool, at_far_end: bool, part: float, span: float, row: float
) -> None:
    """Clears, in place, the lines at one end of the mask along the row (the larger index's end when
    `at_far_end`) beyond its last run of filled lines at least `part` long, when they lie within `span` of
    that run's end, an empty line parts them from it, and the mask reaches at least `row` from there."""
    filled = face.any(axis=0 if along_x else 1)
    if at_far_end:
        filled = filled[::-1]
    lines = np.nonzero(filled)[0]
    if not len(lines):
        return
    breaks = np.nonzero(np.diff(lines) > 1)[0]  # runs end at these positions in `lines`
    starts = np.concatenate([[0], breaks + 1])
    ends = np.concatenate([breaks, [len(lines) - 1]])
    long_runs = [k for k in range(len(starts)) if lines[ends[k]] - lines[starts[k]] + 1 >= part]
    if not long_runs or long_runs[0] == 0:
        return  # no face's part, or it reaches the end itself
    first = int(lines[starts[long_runs[0]]])  # counted from the end: the face's part nearest it
    if first - int(lines[0]) > span or int(lines[-1]) - first + 1 < row:
        return
    cleared = np.arange(int(lines[0]), first)
    index = len(filled) - 1 - cleared if at_far_end else cleared
    if along_x:
        face[:, index] = False
    else:
        face[index] = False


LAID_SLACK_MM = 4.0  # how far a run's length may be from a whole number of upright tiles, laid side by side
LAID_GAP_MM = 2.5  # the gap between two tiles of a hand laid open
RUN_GAP_MM = 4.0  # cells farther apart than this along a hand row are two runs (a winning tile set apart)
# Once a wedge is cut off: cells a cut fitted at too long a pitch stand 5 mm apart (seed 104, old camera,
# hard: ten tiles cut as nine 32 mm apart); the winning tile set apart is 15 mm from the hand.
FITTED_GAP_MM = 6.0


def laid_open(
    cells: list[tuple[int, int, int, int]],
    seat: int,
    geo: TableGeometry,
    ppm: float,
    camera_along: float = 0.0,
) -> list[tuple[int, int, int, int]]:
    """A hand row's cells at face height, each run of five or more touching cells with a sideways cell in it
    re-cut into upright tiles when its length is that of a whole number of upright tiles laid side by side;
    so is a run of upright cells fewer than that number, in a row of lying faces (`_too_few`).

    A hand laid open is a row of upright tiles (seed 002 3.3.12); a meld's sideways tile makes its run a
    tile's long side less a short side longer. From a camera at an angle a side seat's row shows no gap
    between its tiles (each tile's side covers the next gap), and the cut fitted eleven upright cells and a
    sideways one over a thirteen-tile hand (seed 211, old camera, hard: no win read). Cells are (x, y, w, h)
    view pixels. `camera_along` is the sign of the way along the row (the view's x for seats 0 and 2, its y
    for seats 1 and 3) that a lying tile's side shows towards the camera, 0 where not known: with it, a cell
    longer along the row than across it yet as deep across as the upright tiles beside it is one upright
    tile with its side's wedge (`_wedge_cut`), where the run is not a whole number of upright tiles."""
    along_x = seat in (0, 2)
    spans = sorted((x, x + w, y, y + h) if along_x else (y, y + h, x, x + w) for x, y, w, h in cells)
    kept: list[tuple[int, int, int, int]] = []
    wedged = False
    settled: list[tuple[int, int, int, int]] = []  # runs that are a hand and its winning tile apart
    for joined, holed in _across_holes(_runs(spans, ppm, FITTED_GAP_MM), geo, ppm):
        if holed:
            kept += joined  # re-cut already
            continue
        apart = _won_apart(joined, seat, camera_along, geo, ppm)
        if apart is not None:
            settled += apart
            continue
        for run in _runs(joined, ppm):
            recut = _upright_run(run, geo, ppm)
            if recut is run:  # nothing fitted away: a cell a side's wedge lengthened?
                recut = _wedge_cut(run, spans, camera_along, geo, ppm)
                wedged = wedged or recut != run
            kept += recut
    parts = _runs(sorted(kept), ppm, FITTED_GAP_MM)
    if wedged:  # the cut fitted the row with the wedge in it: its runs again, as upright tiles
        kept = [c for part in parts for c in _upright_run(part, geo, ppm, any_run=True)]
    else:  # upright cells fewer than their run's length holds: cut at too long a pitch
        kept = [
            c
            for part in parts
            for c in (_upright_run(part, geo, ppm, True) if _too_few(part, geo, ppm) else part)
        ]
    kept += settled
    out = [(a0, c0, a1 - a0, c1 - c0) if along_x else (c0, a0, c1 - c0, a1 - a0) for a0, a1, c0, c1 in kept]
    return out


def _runs(
    spans: list[tuple[int, int, int, int]], ppm: float, gap_mm: float = RUN_GAP_MM
) -> list[list[tuple[int, int, int, int]]]:
    """Sorted spans (along start, along end, across start, across end) in runs of cells at most `gap_mm`
    apart."""
    runs: list[list[tuple[int, int, int, int]]] = []
    for span in spans:
        if runs and span[0] - runs[-1][-1][1] <= gap_mm * ppm:
            runs[-1].append(span)
        else:
            runs.append([span])
    return runs


# A face's ink of the felt's colour can leave a hole across its whole depth once `faces_of_hand_row` opens
# the row (seed 5653, wood felt, red backs, 37 degrees, dim: a 7p's navy sticks left 14 mm of a side seat's
# hand laid open empty). Holes are this short at most: two runs a tile's pitch and more apart, together as
# long as whole upright tiles, may have a tile between them that was not found.
HOLE_MM = 16.0


def _across_holes(
    groups: list[list[tuple[int, int, int, int]]], geo: TableGeometry, ppm: float
) -> list[tuple[list[tuple[int, int, int, int]], bool]]:
    """Groups of cells (`_runs`), each with whether it is two groups joined across a hole in a face, then
    re-cut as upright tiles: two groups less than HOLE_MM apart whose cells together, a sideways cell among
    them and no tile lying sideways (`_upright_run`), span a whole number of upright tiles laid side by
    side. Such a pair is one
    hand laid open, a face's middle missing from the mask: cut apart, the cells before the hole fitted a
    sideways tile over the last tile and a half, the cells after it one tile short, and the hand was read a
    tile short (seed 5653, wood felt, 37 degrees: seat 1's tsumo never read). A gap shorter than a tile
    holds no tile: where the whole fits, a tile lies across it."""
    out: list[tuple[list[tuple[int, int, int, int]], bool]] = []
    for group in groups:
        if out and not out[-1][1] and group[0][0] - out[-1][0][-1][1] < HOLE_MM * ppm:
            union = out[-1][0] + group
            recut = _upright_run(union, geo, ppm)
            if recut is not union:
                out[-1] = (recut, True)
                continue
        out.append((group, False))
    return out


WEDGE_DEPTH = 0.9  # a cell at least this deep across the row as the row's upright tiles is no sideways tile
# A cell shallower than this share of the row's upright cells is a tile lying sideways (a short side deep, a
# quarter less); between the two a cell is neither cut back as a wedge nor taken for a meld's called tile: a
# hand laid open at a draw, its wedge cell 34 mm deep beside uprights 35-39 mm (seed 318, old camera, hard),
# was taken for a meld in the frames where it measured 33 and re-cut in the others (a kan read in it).
CALLED_DEPTH = 0.82


def _called_tile_in(run: list[tuple[int, int, int, int]]) -> bool:
    """Whether a run holds a tile lying sideways: a cell longer along the row than across it and a short side
    deep across it, a quarter less than the run's upright cells (a cell the cut made of a tile and a half is
    as deep as they are). A hand laid open has none (seed 002 3.3.12); two melds side by side, their gap
    covered by the sides at face height, make a run as long as seven upright tiles within a few mm (seed 155,
    old camera, hard: seat 3's two pons cut as seven upright tiles, and the second pon never read)."""
    upright = [c1 - c0 for a0, a1, c0, c1 in run if (a1 - a0) <= (c1 - c0)]
    if not upright:
        return False
    depth = float(np.median(upright))
    return any(a1 - a0 > c1 - c0 and c1 - c0 < CALLED_DEPTH * depth for a0, a1, c0, c1 in run)


def _upright_run(
    run: list[tuple[int, int, int, int]], geo: TableGeometry, ppm: float, any_run: bool = False
) -> list[tuple[int, int, int, int]]:
    """One run of touching cells (along start, along end, across start, across end), re-cut into upright
    tiles when `laid_open` says so (`any_run`: a run with no sideways cell left too, once a wedge was cut
    off: its cells were fitted with the wedge in them); else as it is."""
    if len(run) < 5 or not (any_run or any((a1 - a0) > (c1 - c0) for a0, a1, c0, c1 in run)):
        return run
    if _called_tile_in(run):
        return run
    gap = LAID_GAP_MM * ppm
    pitch = geo.tile_w * ppm + gap
    lo, hi = run[0][0], run[-1][1]
    count = round((hi - lo + gap) / pitch)
    if abs((hi - lo) - (count * pitch - gap)) > LAID_SLACK_MM * ppm:
        return run
    if any_run and count == len(run) and all((a1 - a0) <= (c1 - c0) for a0, a1, c0, c1 in run):
        return run  # upright cells as many as the tiles: the cut had them
    upright = [(c0, c1) for a0, a1, c0, c1 in run if (a1 - a0) <= (c1 - c0)]
    if not upright:
        return run  # no upright cell to say how deep the row's faces are (seed 2903, 44 degrees)
    c0 = int(np.median([c[0] for c in upright]))
    c1 = int(np.median([c[1] for c in upright]))
    step = (hi - lo + gap) / count
    return [(round(lo + k * step), round(lo + (k + 1) * step - gap), c0, c1) for k in range(count)]


# A row whose upright cells are shallower than a face's long side less this is no hand laid open: a standing
# hand seen from the side shows its tops 29-31 mm deep at 37 degrees, a laid-open hand 34-37 mm; on wood
# felt at 40 degrees a side seat's hand laid open measured 32 (`faces_only` takes 2-3 mm more than the side
# off the faces' edge towards the camera, where the felt in the tiles' shade is mat): at 2 mm its winning
# tile and the wedge before it stayed one sideways cell and no win was read (seed 2767, wood felt).
LAID_DEPTH_SLACK_MM = 3.0


def _too_few(run: list[tuple[int, int, int, int]], geo: TableGeometry, ppm: float) -> bool:
    """Whether a run of five or more upright cells (along start, along end, across start, across end), as
    deep across the row as a lying tile's face (a face's long side less LAID_DEPTH_SLACK_MM: no standing
    hand's tops seen from the side), is fewer cells than the whole upright tiles laid side by side that its
    length holds.

    Such a run is a hand laid open cut at too long a pitch: where each lying tile's side covers the gap to
    the next, no mat shows between the tiles, every cut costs alike and the cut with fewer cells won where
    a face's ink of the felt's colour lined up with it (seed 318, green felt, old camera, hard: seat 1's
    thirteen tiles at an exhaustive draw cut as twelve 31 mm apart, bamboo ink at the far end; its 2p was
    lost and its tenpai with it)."""
    if len(run) < 5 or any((a1 - a0) > (c1 - c0) for a0, a1, c0, c1 in run):
        return False
    if float(np.median([c1 - c0 for _, _, c0, c1 in run])) < (geo.tile_h - LAID_DEPTH_SLACK_MM) * ppm:
        return False
    gap = LAID_GAP_MM * ppm
    pitch = geo.tile_w * ppm + gap
    length = run[-1][1] - run[0][0]
    count = round((length + gap) / pitch)
    return count > len(run) and abs(length - (count * pitch - gap)) <= LAID_SLACK_MM * ppm


def _wedge_cut(
    run: list[tuple[int, int, int, int]],
    row: list[tuple[int, int, int, int]],
    camera_along: float,
    geo: TableGeometry,
    ppm: float,
) -> list[tuple[int, int, int, int]]:
    """One run's cells with each upright tile that its side's wedge made look sideways cut back to its face.

    A lying tile's side shows between its face and the camera; where the gap beside the tile is about as
    long as the side (the winning tile set apart from a hand laid open), `faces_of_hand_row` cannot open
    the wedge away when it is nearly as deep across the row as the face, and the cut makes tile and wedge
    one cell some 10 mm longer along the row than a tile: a sideways cell in a closed hand, whose winning
    shape was then lost (seed 211, blue felt, 37 degrees; seed 104, old camera: the winning tile itself).
    A tile lying sideways (a meld's called tile) is a short side deep across the row, a quarter less than
    an upright one; the wedged cell is as deep as its upright neighbours. Such a cell keeps an upright
    tile's length (the median of the row's upright cells) at the end away from the camera, where the face
    is. Only in a row of faces (its upright cells a face's long side deep): a standing hand whose tops the
    cut left in the row (named backs, and left out with it, `not_tiles.drop_standing`) has the same
    wedge-like end cell and pitch.

    A cell alone in its row's part (the winning tile set apart beyond the hand's reach, its own side's wedge
    towards the camera joined to it) has no upright cells beside it: it is measured against a face's own
    long side deep and short side long (seed 4409, wood felt, red backs, 37 degrees, dim: seat 1's winning
    5p cut 37 mm along its row and 34 across, read sideways in every other frame, and the ron never read)."""
    upright = [(a1 - a0, c1 - c0) for a0, a1, c0, c1 in row if (a1 - a0) <= (c1 - c0)]
    if not camera_along:
        return run
    if len(upright) >= 2:
        length = int(np.median([a for a, _ in upright]))
        depth = float(np.median([c for _, c in upright]))
    elif len(row) == 1:
        length, depth = round(geo.tile_w * ppm), geo.tile_h * ppm
    else:
        return run
    if depth < (geo.tile_h - LAID_DEPTH_SLACK_MM) * ppm:
        return run  # not a row of lying faces: a standing hand's tops seen from the side are shallower
    out = []
    for a0, a1, c0, c1 in run:
        if a1 - a0 > c1 - c0 and c1 - c0 >= WEDGE_DEPTH * depth and a1 - a0 < 1.5 * length:
            a0, a1 = (a0, a0 + length) if camera_along > 0 else (a1 - length, a1)
        out.append((a0, a1, c0, c1))
    return out


# The winning tile set apart from a hand laid open: farther from the hand than two tiles of it by more than
# the cut's slack, and closer than a tile's width (farther, the mat between them shows and they are two runs).
APART_MIN_MM = LAID_GAP_MM + LAID_SLACK_MM


def _won_apart(
    run: list[tuple[int, int, int, int]],
    seat: int,
    camera_along: float,
    geo: TableGeometry,
    ppm: float,
) -> list[tuple[int, int, int, int]] | None:
    """One run that is a hand laid open with its winning tile set apart at its right-hand end (seed 002
    3.3.12), the gap between them covered by a side's wedge: the hand's upright tiles from the run's other
    end at the laid-open pitch and the winning tile at that end; None when the run is not that.

    The cut fits such a run at whatever pitch it can (nine cells 32 mm apart over ten tiles, the wedge
    with a face somewhere in it): which cell carries the wedge changes from frame to frame, so a wedge cut
    back at its cell (`_wedge_cut`) put the gap at the hand's left end in one frame, the right in the next,
    and none in a third (seed 104, blue felt, 37 degrees: seat 1's tsumo never read). The run's two ends
    do not move: its length alone says how many tiles lie before the gap. Only in a row of faces (as
    `_wedge_cut`) with no tile lying sideways (a meld's), where the camera's side is known."""
    if not camera_along or len(run) < 5:
        return None
    upright = [(a1 - a0, c1 - c0) for a0, a1, c0, c1 in run if (a1 - a0) <= (c1 - c0)]
    if len(upright) < 2:
        return None
    length = int(np.median([a for a, _ in upright]))
    depth = float(np.median([c for _, c in upright]))
    if depth < (geo.tile_h - LAID_DEPTH_SLACK_MM) * ppm:
        return None  # a standing hand's tops, not faces
    if _called_tile_in(run):
        return None  # a called tile lying sideways: a meld is in the run
    gap = LAID_GAP_MM * ppm
    pitch = geo.tile_w * ppm + gap
    lo, hi = run[0][0], run[-1][1]
    count = round((hi - lo - length - (APART_MIN_MM * ppm + geo.tile_w * ppm) / 2 + gap) / pitch)
    apart = (hi - lo) - length - (count * pitch - gap)
    if count < 4 or not APART_MIN_MM * ppm < apart < geo.tile_w * ppm:
        return None
    c0 = int(np.median([c[2] for c in run if (c[1] - c[0]) <= (c[3] - c[2])]))
    c1 = int(np.median([c[3] for c in run if (c[1] - c[0]) <= (c[3] - c[2])]))
    u_along = (
        geo.to_table(seat, 1.0, 0.0)[0 if seat in (0, 2) else 1]
        - geo.to_table(seat, 0.0, 0.0)[0 if seat in (0, 2) else 1]
    )
    if u_along > 0:  # the right-hand end (larger u) is the run's far end along the view's axis
        hand_lo, won = lo, (hi - length, hi)
    else:
        hand_lo, won = hi - (count * pitch - gap), (lo, lo + length)
    cells = [
        (round(hand_lo + k * pitch), round(hand_lo + k * pitch + geo.tile_w * ppm), c0, c1)
        for k in range(count)
    ]
    return sorted([*cells, (won[0], won[1], c0, c1)])

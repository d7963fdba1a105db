"""Cutting a blob of touching tiles into cells, one per tile, in rectified-view pixels at `ppm` per mm.

A blob is cut into rows (ponds have rows of six) along its seat's u axis, each row into tiles (upright and
sideways mixed, cut where the mat shows through); the dead wall into its face-down stacks and turned
indicators. Each cell is appended to `boxes` as (x, y, w, h) in view pixels.
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Callable, Sequence
from typing import Any, NamedTuple

import numpy as np
from numpy.typing import NDArray
from riichi_table.vision.face_height import IVORY_SIDE
from riichi_table.vision.zones import TableGeometry

# A sideways tile lies shallower across its row than an upright one beside it, by at least this share of the
# row's depth, however deep a steep camera shows both (their faces stand above the table plane: seed 211,
# white cloth, 37 degrees: 41-42 px and 36-37 px in a 42 px row, not 35 and 26, so each kind's expected fill
# alone no longer told an upright-then-sideways pair from the other order).
SHALLOWER = 0.05
# In a pond row (on a felt, not white cloth, where a face-height row's fill is ragged) each share of depth a
# sideways cell lies short of that costs this much, not the 2.0 of any other row. A pond holds one sideways
# tile, the riichi tile, and a green felt's gap evidence is the greenest columns, which a bamboo face's ink
# also is: seed 1877, green felt, old camera: seat 0's first row of six bamboo tiles, their gaps covered by
# their sides (1.6 mm of 2.2), was cut as five upright tiles and a sideways one through the ink, as deep
# across the row as the upright ones (0.97 of the row, 0.95), and read as a riichi.
POND_SHALLOWER_WEIGHT = 20.0
# On white cloth the cut evidence is the tiles' outlines: where two tiles touch, their rims are two lines a
# few mm apart with no outline between them, and a face's symbols are outlined all over it. A cut finds its
# evidence within this distance (elsewhere within a pixel, where the mat shows through the gap itself).
RIM_REACH_MM = 3.0
RUN_FILL = 0.08  # a column of a row filled more than this share across it belongs to a run of tiles
LINE_SLACK_MM = 5.0  # a cell deeper than a tile by more than this across its row has something touching it


def cut_blob(
    blob: NDArray[np.bool_],
    gaps: NDArray[np.float32],
    x0: int,
    y0: int,
    boxes: list[tuple[int, int, int, int]],
    geo: TableGeometry,
    ppm: float,
    rims: bool = False,
    side_mm: tuple[float, float] = (0.0, 0.0),
    riichi: Sequence[tuple[float, float]] = (),
    held: list[int] | None = None,
    alternatives: list[tuple[int, list[tuple[int, int, int, int]]]] | None = None,
) -> None:
    """Cut a blob of touching tiles into rows (ponds have rows of six), then each row into tiles.

    Rows run along the owning seat's u axis; cuts go where the mat shows through (`gaps`, 1 = mat), or with
    `rims` (white cloth, `gaps` the tiles' outlines) by the rims where two tiles touch (RIM_REACH_MM).
    `side_mm`: how far (mm, along the view's x and y, signed towards the camera's foot) each lying tile's
    side shows beside its face (a view at face height, `vision.face_height`; none in a felt view). A row
    along which the side is longer than the gap between two tiles shows no mat between them: the side of
    the farther tile covers it (a side seat's pond from a camera at 37 degrees, sides 11-15 mm for a 3 mm
    gap). Such a row is cut by its tiles' widths and depths alone, not by what little felt colour shows
    there (ink of the felt's colour, the circles on a blue felt, made two upright tiles one sideways one).
    Rows whose sides cover the 4 mm between them (seat 0's and seat 2's pond rows, sides 10-16 mm) are
    parted a row pitch from the blob's far edge, where no side shows: each nearer row starts where its face
    does, and the farther row keeps its side (`LiveReader` centres its crops on the face). An even split
    put the cut in the middle of the covered gap, and the nearer row's crops 2-4 mm off its faces (seed
    211, black felt, 40 degrees: seat 0's 6m read 2p).

    `riichi`: where (view pixels) the riichi tiles the game has recorded lie. A pond row holding one is
    cut without the cost of its sideways tile (POND_SIDEWAYS_COST): the record has that tile lying sideways.
    Where that cut differs from the one with the cost, the indices of its cells (in `boxes`) are added to
    `held`: their orientation is the record's, no evidence for it (`vision.riichi_reread`).

    `alternatives`, when given, takes (index of the row's first cell in `boxes`, the row's cells cut another
    way) for each other cut of a pond row on white cloth at face height whose sideways tile could as well
    lie elsewhere in it (`_runner_up`): the reader names them all and keeps the cut whose faces it knows
    surest.
    """
    h, w = blob.shape
    centre = ((x0 + w / 2) / ppm, (y0 + h / 2) / ppm)
    seat, area = geo.seat_of(*centre), geo.area_of(*centre)[1]  # the seat's quarter, also in the dead wall's
    rows_along_x = seat in (0, 2) or _in_dead_wall_square(x0, y0, w, h, geo, ppm)
    across = h if rows_along_x else w
    pitch = geo.row_pitch * ppm
    count = max(1, round(across / pitch))
    if area == "hand" and across < 1.6 * pitch:
        count = 1  # a hand row is one row deep: a point stick lying against it is no second row
    hand_row = count == 1 and area == "hand"
    # A pond holds one sideways tile at most: the riichi tile, or the discard after it once it was called
    # (seed 002 3.3.14).
    most_sideways = 1 if area == "pond" else None
    # On white cloth at face height a pond row's fill is ragged (its faces' far edges do not show), so its
    # fill no longer tells a sideways tile from an upright one: each sideways tile, the rare riichi tile,
    # costs POND_SIDEWAYS_COST there.
    sideways_cost = POND_SIDEWAYS_COST if rims and most_sideways is not None and any(side_mm) else 0.0
    # On white cloth a face loses its edge farthest from the camera (photographed ivory is the cloth's
    # colour): a meld's upright tiles on the far seat's side showed as shallow as its sideways one, and the
    # cut put the sideways tile at the wrong end (seed 9055, white cloth, blue backs, 40 degrees,
    # photographed faces: seat 2's pon of west read 1p, 3p and a sideways west, never a pon). A meld's
    # tiles lie level at their owner's edge (docs/live.md, "Melds level at their owner's edge"): how far
    # each reaches from there tells an upright tile from a sideways one. Not a pond's rows: parted from
    # each other by a cut where no mat shows between them, every column of a row reaches that cut, and a
    # riichi tile was cut upright (tests/live/test_pond_row_of_six.py).
    owner_at_end = None
    if rims and hand_row:
        (x_a, y_a), (x_b, y_b) = geo.to_table(seat, 0.0, 0.0), geo.to_table(seat, 0.0, 1.0)
        owner_at_end = (y_b > y_a) if rows_along_x else (x_b > x_a)
    cuts = [0, across]
    outer: tuple[int, int] | None = None  # a pond's last row, where it is the far one (`_whole_depth`)
    towards = side_mm[1 if rows_along_x else 0]  # across the rows, towards the camera's foot
    if count >= 2 and abs(towards) > geo.row_pitch - geo.tile_h:
        cuts = _parted_from_far_edge(blob, rows_along_x, towards > 0, pitch, PROTRUDING_MM * ppm)
        far, near = ((cuts[0], cuts[1]), (cuts[-2], cuts[-1]))[:: 1 if towards > 0 else -1]
        if area == "pond":
            far_v, near_v = (
                geo.to_seat(seat, *_row_centre(x0, y0, w, h, r, rows_along_x, ppm))[1] for r in (far, near)
            )
            if far_v > near_v:
                outer = far  # the far row is the pond's last, perhaps partly laid
    elif count >= 2:
        profile = (gaps * blob).sum(axis=1 if rows_along_x else 0) / np.maximum(
            blob.sum(axis=1 if rows_along_x else 0), 1
        )
        cuts = [0]
        for k in range(1, count):
            guess = round(k * across / count)
            lo, hi = max(1, guess - 5), min(across - 1, guess + 6)
            if hi <= lo:
                cuts.append(guess)
                continue
            # The gap nearest the even split wins; a green symbol a few pixels off must not.
            near = profile[lo:hi] - 0.06 * np.abs(np.arange(lo, hi) - guess)
            cuts.append(lo + int(np.argmax(near)))
        cuts.append(across)
    for a, b in itertools.pairwise(cuts):
        if b - a < (geo.tile_w - 6) * ppm:
            continue
        sub = (slice(a, b), slice(None)) if rows_along_x else (slice(None), slice(a, b))
        ox, oy = (x0, y0 + a) if rows_along_x else (x0 + a, y0)
        mid = (x0 + w / 2, y0 + (a + b) / 2) if rows_along_x else (x0 + (a + b) / 2, y0 + h / 2)
        most_tiles = _most_in_row(geo, seat, mid[0] / ppm, mid[1] / ppm) if area == "pond" else None
        row_gaps = gaps[sub]
        if abs(side_mm[0 if rows_along_x else 1]) > geo.pitch - geo.tile_w:
            row_gaps = np.ones_like(row_gaps)  # every cut is as likely as the next: the sides hide the gaps
        first = len(boxes)
        row_h, row_w = blob[sub].shape
        recorded = any(ox <= x < ox + row_w and oy <= y < oy + row_h for x, y in riichi)
        cut_row = functools.partial(
            _cut_row,
            blob[sub],
            row_gaps,
            ox,
            oy,
            rows_along_x,
            geo=geo,
            ppm=ppm,
            rims=rims,
            hand_row=hand_row,
            most_sideways=most_sideways,
            most_tiles=most_tiles,
            side_along_mm=side_mm[0 if rows_along_x else 1],
            side_across_mm=abs(towards),
            owner_at_end=owner_at_end,
        )
        row_cost = 0.0 if recorded else sideways_cost
        ambiguous: list[int] | None = [] if alternatives is not None and rims and area == "pond" else None
        cut_row(boxes=boxes, sideways_cost=row_cost, ambiguous=ambiguous)
        if recorded and sideways_cost and held is not None:
            plain: list[tuple[int, int, int, int]] = []
            cut_row(boxes=plain, sideways_cost=sideways_cost)
            if plain != boxes[first:]:
                held += range(first, len(boxes))
        others: list[list[tuple[int, int, int, int]]] = []
        for n in range(1, max(ambiguous or [0]) + 1):
            others.append([])
            cut_row(boxes=others[-1], sideways_cost=row_cost, alternative=n)
        if (a, b) == outer:
            # the row before lies beyond its near boundary, a gap between rows away (pixels of the view)
            near = (y0 if rows_along_x else x0) + (b if towards > 0 else a)
            boxes[first:], *others = (
                [_whole_depth(box, rows_along_x, towards > 0, near, geo, ppm) for box in cells]
                for cells in (boxes[first:], *others)
            )
        if alternatives is not None:
            own = boxes[first:]
            alternatives += [(first, other) for other in others if len(other) == len(own) and other != own]


def _in_dead_wall_square(x0: int, y0: int, w: int, h: int, geo: TableGeometry, ppm: float) -> bool:
    """Whether a blob's box (view pixels) lies wholly inside the dead wall's square, which the reader parts
    from the ponds (`vision.not_tiles.part_dead_wall`). Its tiles lie as the dead wall's row does, along the
    view's x, whichever seat's quarter its centre falls in. Seed 6471, wood felt, red backs, 37 degrees, dim:
    the red stacks were taken for the dim wood, the dora indicator and the ura dora turned below it at a win
    were a blob of their own, one tile wide and two deep, its centre in seat 3's quarter; cut as a side seat's
    row, two tiles' length along the view's y, it fitted no tiles and the ura dora was never read."""
    cx, cy = (c * ppm for c in geo.centre)
    r = geo.dora_radius * ppm
    return cx - r <= x0 and x0 + w <= cx + r and cy - r <= y0 and y0 + h <= cy + r


# A pond's last row, partly laid, lies beyond the block of its full rows; a tile of it shows at least this
# far beyond the block's far edge, or it is no row of its own.
PROTRUDING_MM = 8.0
BLOCK_SLACK = 0.13  # of a row pitch: how far a column's far end may lie from a row's edge


def _parted_from_far_edge(
    blob: NDArray[np.bool_], rows_along_x: bool, far_first: bool, pitch: float, protruding: float
) -> list[int]:
    """Cuts (pixels across the rows) that part a blob of pond rows a row pitch apart from the far edge of
    the block its columns share (where no tile's side shows: `cut_blob`), not from its farthest pixel. A
    tile of a partly laid last row beyond the block, its face inked in nearly the felt's colour, shows only
    part of its depth, and the blob's farthest pixel is no row's edge (seed 5237, wood felt, 37 degrees:
    seat 2's third row's one 6p, its upper half a dark square the wood's colour, showed 21 of its 35 mm;
    parted from it the two full rows were cut as one row of 55 mm cells, six new tracks took the old ones'
    places and one was recorded as seat 2's discard). `far_first`: the far edge is at index 0."""
    across = blob.shape[0] if rows_along_x else blob.shape[1]
    solid = blob if rows_along_x else blob.T  # rows of `solid` run across the pond rows
    filled = solid.any(axis=0)
    if not filled.any():
        return [0, across]
    column = solid[:, filled] if far_first else solid[::-1, filled]
    ends = np.argmax(column, axis=0)  # each column's far end, in pixels from the blob's far side
    # The block's far edge: the far end that most columns' far ends lie a whole number of pitches from (a
    # column of the full rows only ends a pitch nearer than one of the last row); on a tie the farthest.
    edge, most = 0, -1
    for end in np.unique(ends[ends < pitch]).tolist():
        off = np.abs((ends - end + pitch / 2) % pitch - pitch / 2)
        count = int((off <= BLOCK_SLACK * pitch).sum())
        if count > most:
            edge, most = int(end), count
    if edge < protruding:  # `edge`: the block's far edge, in pixels from the blob's far side
        edge = 0
    cuts = [0, edge] if edge else [0]
    k = 1
    while edge + k * pitch < across - pitch / 2:
        cuts.append(round(edge + k * pitch))
        k += 1
    cuts.append(across)
    return cuts if far_first else [across - c for c in reversed(cuts)]


def _row_centre(
    x0: int, y0: int, w: int, h: int, row: tuple[int, int], rows_along_x: bool, ppm: float
) -> tuple[float, float]:
    """Table mm of the middle of a blob's row `row` (pixels across the rows from the blob's corner)."""
    mid = (row[0] + row[1]) / 2
    return ((x0 + w / 2) / ppm, (y0 + mid) / ppm) if rows_along_x else ((x0 + mid) / ppm, (y0 + h / 2) / ppm)


ANCHOR_SLACK_MM = 7.0  # a short cell whose near end lies this near its row's tiles' near end keeps it


def _whole_depth(
    box: tuple[int, int, int, int],
    rows_along_x: bool,
    far_first: bool,
    near: int,
    geo: TableGeometry,
    ppm: float,
) -> tuple[int, int, int, int]:
    """A cell of a pond's last row, where that row is the farthest from the camera, as deep as a tile: where
    it is shorter across the row than an upright tile's long side and no wider along it than an upright
    tile, part of the tile is not seen. Where its near end lies where its row's tiles end (a row gap beyond
    the row before, whose edge is at `near`, pixels across the rows, ANCHOR_SLACK_MM either way), its far
    part is hidden (ink of the felt's colour reaching its far edge, seed 5237, wood felt: a 6p's dark upper
    half, `_parted_from_far_edge`) and it keeps its near end; otherwise its near part is (on white cloth a
    face's end the cloth's colour, seed 4801: a 4p showed its far 21 mm, grown from its near end it lay 15 mm
    off, was named again as a new tile and recorded twice) and it keeps its far end. Placed by the row's
    edge alone, a side seat's cell went 6 mm off where that edge was measured short (seed 5237, white cloth)
    and three of the seat's discards were put out of order. A sideways tile, wider along the row, keeps its
    cell."""
    x, y, w, h = box
    along, across = (w, h) if rows_along_x else (h, w)
    depth, gap = round(geo.tile_h * ppm), round((geo.row_pitch - geo.tile_h) * ppm)
    if across >= (geo.tile_h - 6) * ppm or along > (geo.tile_w + 4) * ppm:
        return box
    lo = y if rows_along_x else x  # the cell's ends across the rows (pixels of the view)
    hi = lo + across
    cell_near, row_near = (hi, near - gap) if far_first else (lo, near + gap)
    if abs(cell_near - row_near) <= ANCHOR_SLACK_MM * ppm:
        start = cell_near - depth if far_first else cell_near  # its far part unseen
    else:
        start = lo if far_first else hi - depth  # its near part unseen: it ends where the cell's far end is
    return (x, start, w, depth) if rows_along_x else (start, y, depth, h)


# A hand row's faces at face height may be trimmed narrower than they are (the far side's faces by 1-2 mm
# each: the camera's pose makes their sides a little longer than they show); where no fit leaves the usual
# gap, its cells may overlap by this much. Two tiles of a far hand laid open, touching, measured 52 px for
# 2 x 27 (seed 533, wood felt, 40 degrees): no fit, they were left out and the win was not read.
HAND_OVERLAP_MM = 3.5
# A pond row's tiles may touch (a cell is a tile's width and 1 mm: touching tiles' cells overlap by that), and
# a face may show 1 mm narrower than it is. The far seat's last two discards, touching in dim light on wood,
# measured 52 px for 2 x 27: no fit, its last discard was never read, and the ron on the next seat's discard
# was read as a tsumo (seed 9055, wood felt, red backs, 37 degrees, light 0.55, photographed faces). No more:
# three upright cells 2.5 mm over each other fit a run of two tiles and a side's residue
# (tests/live/test_row_ends.py).
POND_OVERLAP_MM = 2.0


# On white cloth a photographed face has no drawn rim: its ivory end is the cloth's colour, and where a row
# runs towards the camera its far end is lost (the near end shows the side's back layer). A run no cut fits
# may reach this far past its far end, the cut that leaves the usual gaps winning. Seed 8647, white cloth,
# blue backs, 40 degrees, photographed faces: seat 1's three pond tiles measured 77 px for 81, no cut fitted
# and the row went unread for forty frames; its later discards were read late and out of order.
FAR_EDGE_MM = 8.0


class _RowTerms(NamedTuple):
    """What every cut of one row is measured with, whichever run (`_best_widths`' arguments of that name):
    the tiles' widths upright and sideways in pixels, pixels per mm, the columns' cumulative fill, the mat
    seen in each column, and how many columns from a cut mat is looked for."""

    widths: tuple[float, float]
    ppm: float
    fill_sum: list[float]
    col_gap: list[float]
    reach: int


def _refit(
    runs: list[tuple[int, int]],
    fill: NDArray[np.floating],
    expect: tuple[float, float],
    terms: _RowTerms,
    most_tiles: int | None,
    weight: float,
) -> tuple[int, int, tuple[tuple[int, ...], float]] | None:
    """The cheapest cut of any of `runs` (a row's run moved at one end) into upright tiles: (a, b, (combo,
    gap)), or None where none fits. A run moved may fit a sideways tile as well as the truth does (two
    upright tiles 6 mm apart, reached past their far end, fit one upright and one sideways): a riichi
    tile is not made up so."""
    widths, ppm, fill_sum, col_gap, reach = terms
    best: tuple[float, int, int, tuple[tuple[int, ...], float]] | None = None
    for a2, b2 in runs:
        if a2 < 0 or b2 > len(fill) or b2 - a2 < 1:
            continue
        deeper = _seen_deeper(fill[a2:b2], expect)
        found = _best_widths(
            a2, b2, widths, ppm, fill_sum, col_gap, deeper, reach, 0, 0.0, most_tiles, weight, with_cost=True
        )
        if found is not None and (best is None or found[2] < best[0]):
            best = (found[2], a2, b2, (found[0], found[1]))
    return None if best is None else (best[1], best[2], best[3])


# A hand row's meld on white cloth may end in its sideways tile at the row's end farthest from the camera:
# that end (photographed ivory, the cloth's colour) is lost as a pond row's is (FAR_EDGE_MM), and the cut
# fits one upright tile too many into what is left. Its last cell is then as shallow across the row
# as a sideways tile, within this share of the row's depth. Seed 9055, white cloth, blue backs, 40 degrees,
# photographed faces: seat 0's pon of east, called from seat 1, measured 86 px for 88.5, was cut into three
# upright cells, the third 27 x 28 mm, and left out as a standing tile's top: the pon was never read and
# every later turn of the seat was a round late.
FAR_SIDEWAYS_SLACK = 0.1


def _far_sideways(
    a: int,
    b: int,
    far_pad: int,
    best: tuple[tuple[int, ...], float],
    fill: NDArray[np.floating],
    expect: tuple[float, float],
    terms: _RowTerms,
    weight: float,
) -> tuple[int, int, tuple[tuple[int, ...], float]] | None:
    """A hand row's run [a, b) cut as `best` whose cell at the far end (the end `far_pad` pads: its sign
    says which) is upright but as shallow as a sideways tile: the cheapest cut of the run reaching up to
    `far_pad` columns past that end whose far tile is sideways, as (a, b, (combo, gap)), where it costs less
    than `best`; else None."""
    combo, _ = best
    widths, ppm, fill_sum, col_gap, reach = terms
    at_end = far_pad > 0
    if (combo[-1] if at_end else combo[0]) != 0:
        return None
    upright = round(widths[0])
    far_cell = fill[max(a, b - upright) : b] if at_end else fill[a : min(b, a + upright)]
    deeper = _seen_deeper(fill[a:b], expect)
    if abs(float(np.mean(far_cell)) - deeper[1]) > FAR_SIDEWAYS_SLACK:
        return None
    args = (widths, ppm, fill_sum, col_gap, deeper, reach, None, 0.0, None, weight)
    own = _best_widths(a, b, *args, with_cost=True)
    found: tuple[float, int, int, tuple[tuple[int, ...], float]] | None = None
    for e in range(1, abs(far_pad) + 1):
        a2, b2 = (a, b + e) if at_end else (a - e, b)
        if a2 < 0 or b2 > len(fill) or fill[b2 - 1 if at_end else a2] > RUN_FILL:
            break  # past the blob's padding, or into the next run
        cut = _best_widths(a2, b2, *args, with_cost=True)
        if cut is None or (cut[0][-1] if at_end else cut[0][0]) != 1:
            continue
        if found is None or cut[2] < found[0]:
            found = (cut[2], a2, b2, (cut[0], cut[1]))
    if found is None or own is None or found[0] >= own[2]:
        return None
    return found[1], found[2], found[3]


# On white cloth a row's run holds the rims at its ends and is measured a few mm long (rows of six upright
# tiles 169-179 px for 168.5 mm, "_unlike_upright_row"); where no cut fits at the usual gaps, tiles may lie
# this far apart. A 1m and the white dragon laid after it measured 60 px: two upright tiles 6 mm apart, no
# fit, and neither was read while the dragon lay there, four frames before it was called (seed 3163, white
# cloth, 37 degrees: the pon read a round late, to another seat's discard).
RIM_WIDEST_MM = 7.0


POND_ROW_TILES = 6  # discards lie six to a row (seed 002 and seed 004, on discards); the last row runs on


def _most_in_row(geo: TableGeometry, seat: int, x: float, y: float) -> int | None:
    """How many tiles a pond row through table point (x, y) mm can hold: six in a seat's first two rows,
    no limit in its third, which runs on past six late in a hand. A side seat's row at face height shows no
    gap between its tiles, and seven upright cells fit the run of five upright tiles and a riichi tile as
    well as the truth did (seed 533, white cloth, 37 degrees: seat 3's riichi 3s cut as two upright cells,
    the row's tiles shifted and recorded as new discards)."""
    _, v = geo.to_seat(seat, x, y)
    row = round((v - geo.pond_v0) / geo.row_pitch)
    return POND_ROW_TILES if row <= 1 else None


def _cut_row(
    blob: NDArray[np.bool_],
    gaps: NDArray[np.float32],
    x0: int,
    y0: int,
    along_x: bool,
    boxes: list[tuple[int, int, int, int]],
    geo: TableGeometry,
    ppm: float,
    rims: bool = False,
    hand_row: bool = False,
    most_sideways: int | None = None,
    sideways_cost: float = 0.0,
    most_tiles: int | None = None,
    side_along_mm: float = 0.0,
    side_across_mm: float = 0.0,
    owner_at_end: bool | None = None,
    ambiguous: list[int] | None = None,
    alternative: int = 0,
) -> None:
    """Split one row of tiles, upright and sideways mixed (a meld, a riichi discard); with no more than
    `most_sideways` sideways tiles when given (a pond's row), each costing `sideways_cost` more, and no more
    than `most_tiles` tiles in a run when given. `side_along_mm`, `side_across_mm`: how far a lying tile's
    side shows beside its face along the row (signed towards the camera's foot) and across it (`cut_blob`'s
    `side_mm`).

    Runs of touching tiles are split by trying every sequence of tile widths that fills the run; the
    sequence whose cuts fall where most mat shows through wins. In a `hand_row`, an added kan's two sideways
    tiles, one on the other (`_stacked_columns`), are cut as a sideways tile and then parted across the row.

    `ambiguous`, when given, gets for each run whose sideways tile has runners-up (`_runner_up`) how many;
    with `alternative` (n > 0), each such run is cut by its n-th, and a row with none gives no cells.
    """
    if not along_x:
        blob, gaps = blob.T, gaps.T
    # A pond row's run may be refitted at one end where no cut fits it (`_refit`): its tiles lie one deep at
    # the usual pitch. A hand row's is not: it holds melds beside standing tops and sides, and a run that
    # fits no cut there is as often those as a meld measured short (the refits were measured on ponds only).
    # A hand row's run that fits a cut may reach past its far end on white cloth only to end in a sideways
    # tile its fill shows there (`_far_sideways`).
    pond_row = most_sideways == 1
    far_pad = 0  # columns of nothing added at the row's far end, where a cut may reach past the faces
    if rims and (pond_row or hand_row) and abs(side_along_mm) > SIDE_SHOWS_MM:
        far_pad = round(FAR_EDGE_MM * ppm)
        at_start = side_along_mm > 0  # the side shows towards the camera's foot: the far end is the start
        pad = ((0, 0), (far_pad, 0) if at_start else (0, far_pad))
        blob, gaps = np.pad(blob, pad), np.pad(gaps, pad)
        if at_start:
            x0, y0 = (x0 - far_pad, y0) if along_x else (x0, y0 - far_pad)
        far_pad = -far_pad if at_start else far_pad
    # Where the side shows along the row, the near end may hold a residue of the nearest tile's side that
    # `face_height.faces_only` left (IVORY_SIDE, the backs near the felt's colour): a run no cut fits may end
    # this much short of it. Seed 8919, wood felt, black backs, 37 degrees: seat 3's two tiles of its second
    # pond row measured 61 px (a lone one 33 for 27), no cut fitted, and its 2p was never read.
    near_trim = 0
    if pond_row and not rims and abs(side_along_mm) > SIDE_SHOWS_MM:
        near_trim = round((1.0 - IVORY_SIDE) * abs(side_along_mm) * ppm)
    near_end_last = side_along_mm > 0  # the side shows towards the camera's foot, at the run's end
    side_along_mm = abs(side_along_mm)
    fill = blob.mean(axis=0)
    idx = np.nonzero(fill > RUN_FILL)[0]
    if len(idx) == 0:
        return
    if hand_row:
        stack = _stacked_columns(fill, idx, geo, ppm, side_along_mm, blob.shape[0])
    else:
        stack = np.zeros(len(fill), bool)
    if stack.any():
        middle = float(np.flatnonzero(stack).mean())
        at = (x0 + middle, y0 + blob.shape[0] / 2) if along_x else (x0 + blob.shape[0] / 2, y0 + middle)
        _, _, u, _ = geo.area_of(at[0] / ppm, at[1] / ppm)
        if u < geo.hand_u0 + geo.pitch:
            # A hand row's first tile is the hand's own: melds lie to the right of it (seed 002 3.3.8). A hand
            # laid open whose first tile reads deeper than the rest (seed 211, 40 degrees, hard: 49 mm) is
            # no added kan; cut as one, the win was lost.
            stack[:] = False
    # How deep each column's tiles lie across the row, what tells a sideways tile from an upright one: its
    # fill, or on white cloth in a hand row its reach from the owner's edge (`_reach_from_owner`).
    depth = fill if owner_at_end is None else _reach_from_owner(blob, owner_at_end)
    if stack.any():
        # The pair is as long along the row as one sideways tile: measured as one.
        upright = float(np.median(depth[idx[~stack[idx]]]))
        depth = np.where(stack, upright * geo.tile_w / geo.tile_h, depth)
    breaks = np.nonzero(np.diff(idx) > 2)[0]
    starts = [int(idx[0]), *(int(idx[b + 1]) for b in breaks)]
    ends = [*(int(idx[b]) + 1 for b in breaks), int(idx[-1]) + 1]
    widths = ((geo.tile_w + 1.0) * ppm, (geo.tile_h + 2.5) * ppm)
    col_gap = (gaps * blob).sum(axis=0) / np.maximum(blob.sum(axis=0), 1)
    height = blob.shape[0]
    expect = (min(1.0, widths[1] / height), min(1.0, widths[0] / height))  # fill of upright, sideways
    # Column sums of the fill, so a cell's mean fill is two look-ups (the costs below run for every
    # sequence of widths that fits a run: numpy slices there were most of the cut's time).
    fill_sum = np.concatenate(([0.0], np.cumsum(depth, dtype=np.float64))).tolist()
    col_gap_list = col_gap.tolist()
    cells: list[tuple[int, int, int, int, int]] = []
    row_sums: NDArray[np.int32] | None = None  # per row, filled pixels left of each column (made once)
    reach = max(1, round(RIM_REACH_MM * ppm)) if rims else 1
    terms = _RowTerms(widths, ppm, fill_sum, col_gap_list, reach)
    swapped = False  # a run cut by its runner-up (`alternative`)
    joined: set[int] = set()  # starts of runs joined across a bare band: upright tiles only
    if hand_row and rims:
        starts, ends, joined = _across_bare_bands(starts, ends, depth, expect, terms)
    for a, b in zip(starts, ends, strict=True):
        upright_only = 0 if a in joined else most_sideways
        a, b = _without_spill(blob, fill, a, b)
        total = b - a
        if total < (geo.tile_w - 6) * ppm:
            continue
        deeper = _seen_deeper(depth[a:b], expect)
        weight = POND_SHALLOWER_WEIGHT if most_sideways == 1 and not rims else 2.0
        args = (a, b, widths, ppm, fill_sum, col_gap_list, deeper, reach, upright_only, sideways_cost)
        best = _best_widths(*args, most_tiles, weight)
        if best is None and hand_row:
            best = _best_widths(*args, most_tiles, weight, HAND_OVERLAP_MM)
        if best is None and rims:
            best = _best_widths(*args, most_tiles, weight, widest_mm=RIM_WIDEST_MM)
        if best is not None and far_pad and hand_row:
            refit = _far_sideways(a, b, far_pad, best, depth, expect, terms, weight)
            if refit is not None:
                a, b, best = refit
                total = b - a
        if best is None and (far_pad or near_trim) and pond_row:
            # Past the far end (white cloth), or short of the near end (a side's residue).
            if far_pad:
                runs = [(a - e, b) if far_pad < 0 else (a, b + e) for e in range(1, abs(far_pad) + 1)]
            else:
                runs = [(a, b - e) if near_end_last else (a + e, b) for e in range(1, near_trim + 1)]
            refit = _refit(runs, fill, expect, terms, most_tiles, weight)
            if refit is not None:
                a, b, best = refit
                total = b - a
        if best is None and pond_row:
            # Touching tiles (POND_OVERLAP_MM), tried after the refits: a run on the cloth short of its far
            # end is that, not tiles overlapping.
            best = _best_widths(*args, most_tiles, weight, POND_OVERLAP_MM)
        if best is None:
            continue
        combo, gap = best
        if (ambiguous is not None or alternative) and pond_row and args[:2] == (a, b):
            others = _runner_up(args, combo, most_tiles, weight)
            if others and ambiguous is not None:
                ambiguous.append(len(others))
            if alternative and len(others) >= alternative:
                (combo, gap), swapped = others[alternative - 1], True
        if owner_at_end is not None:
            across_run = np.flatnonzero(blob[:, a:b].any(axis=1))
            owner_line = (int(across_run[0]), int(across_run[-1]) + 1)
            lost = round(FAR_EDGE_MM * ppm)
        lone = blob[:, a:b], total, widths, geo, ppm, side_along_mm, side_across_mm, rims
        if combo == (0,) and most_sideways == 1 and _lone_sideways(*lone):
            combo = (1,)
        # A lone tile's cell is centred on its run, which may be a few mm longer or shorter than the tile.
        at = float(a) if len(combo) > 1 else a + (total - widths[combo[0]]) / 2
        for c in combo:
            c0, c1 = max(0, round(at)), round(at + widths[c])
            at += widths[c] + gap
            width = min(c1, blob.shape[1]) - c0
            if width <= 0 or not height:
                continue
            if row_sums is None:
                row_sums = np.concatenate(
                    (np.zeros((height, 1), np.int32), np.cumsum(blob, axis=1, dtype=np.int32)), axis=1
                )
            per_row = row_sums[:, c0 + width] - row_sums[:, c0]  # filled pixels of each row of the cell
            # The cell's own extent across the row: a sideways tile is shorter than upright ones.
            span = _longest_run(2 * per_row > width)
            if span is None:
                continue
            r0, r1 = _notched_span(per_row, width, *span, round(widths[1])) if hand_row else span
            # Filled over more than 0.6 of the span (5 * filled > 3 * area, in whole pixels).
            if 5 * int(per_row[r0:r1].sum()) <= 3 * (r1 - r0) * width:
                continue
            if (r1 - r0) < (geo.tile_w - 5) * ppm:
                continue
            if owner_at_end is not None:
                # Level at the owner's edge: a face whose edge there was lost reaches the run's line.
                if owner_at_end:
                    r1 = max(r1, min(owner_line[1], r1 + lost))
                else:
                    r0 = min(r0, max(owner_line[0], r0 - lost))
            if c == 1 and stack[c0:c1].mean() > 0.5:
                # The called tile and the added one, whether or not the mat shows between them.
                rows = np.flatnonzero(2 * per_row > width)
                r0, r1 = int(rows[0]), int(rows[-1]) + 1
                half = round((r1 - r0 - STACK_GAP_MM * ppm) / 2)
                cells += [(c0, c1, r0, r0 + half, c), (c0, c1, r1 - half, r1, c)]
                continue
            cells.append((c0, c1, r0, r1, c))
    if alternative and not swapped:
        return
    if most_sideways == 1 and len(cells) == 1 and cells[0][4] == 1:  # a pond row's one tile, sideways
        c0, c1, r0, r1, c = cells[0]
        cells[0] = (c0, c1, *_sideways_depth(r0, r1, c1 - c0, ppm), c)
    for c0, c1, r0, r1, _ in _in_line(cells, geo, ppm):
        boxes.append(
            (x0 + c0, y0 + r0, c1 - c0, r1 - r0) if along_x else (x0 + r0, y0 + c0, r1 - r0, c1 - c0)
        )


# A pond row's one tile, cut sideways, may show this much deeper across its row than it is long (its side,
# beyond what the face-height view took away).
POND_DEEPER_MM = 4.0


def _sideways_depth(r0: int, r1: int, length: int, ppm: float) -> tuple[int, int]:
    """The extent across its row [r0, r1) of a pond row's only tile, cut sideways, trimmed alike at both ends
    to less than its `length` along the row when it is deeper by less than POND_DEEPER_MM: the reader takes a
    cell deeper than long for an upright tile (`tile_reading.lies_sideways`). Blue felt, green backs, 44
    degrees, light 0.55 (seed 6743): seat 2's riichi 3p, alone in its far third row, cut sideways 37 px long
    and 35-39 deep, was read upright whenever it showed 39, and its riichi was never read. A tile in a row of
    others keeps its depth: where a tile being laid beside the row's last one made them one sideways cell
    (seed 5927, wood felt, 37 degrees), read upright it stayed the tile it covered."""
    extra = (r1 - r0) - length + 1
    if extra <= 0 or extra > POND_DEEPER_MM * ppm:
        return r0, r1
    return r0 + extra // 2, r1 - (extra - extra // 2)


# A sideways tile in a pond row on white cloth at face height (`cut_blob`), unless the game has recorded a
# riichi tile lying in that row: once a riichi tile has counted sideways, a row cut with it upright is the
# misreading. Seed 6471, white cloth, blue backs, 40 degrees: seat 2's riichi 3m, cut sideways while it was
# its row's last tile, was cut upright in most frames once the 2p lay beside it (the row of four measured
# 118 px, four upright tiles 3.3 mm apart, short of WIDE_GAP_MM), and its riichi was taken back before the
# win.
POND_SIDEWAYS_COST = 1.0
STACK_FILL = 1.3  # columns this much deeper across a hand row than its upright tiles hold two tiles
STACK_GAP_MM = 2.5  # between an added kan's tile and the called tile it lies beyond
STACK_SLACK_MM = 8.0  # how far a stack's run may be from a sideways tile's length along the row


def _stacked_columns(
    fill: NDArray[np.float64],
    idx: NDArray[np.intp],
    geo: TableGeometry,
    ppm: float,
    side_mm: float = 0.0,
    height: int = 0,
) -> NDArray[np.bool_]:
    """The columns of a hand row holding an added kan: the pon's called tile lying sideways and the added tile
    sideways beyond it, nearer the centre (seed 002 3.3.6, 3.3.8), two short sides and a gap deep across the
    row where the upright tiles beside them are a long side deep. Not told apart, the cut took the pair for
    an upright tile and the pon's upright tile beside it for the sideways one (seed 147, old camera: seat
    2's added kan read as a pon's S, and no kakan). The added tile's side, where it shows along the row
    (`side_mm`), lengthens the pair's run beyond the called tile (seed 5237, white cloth, 40 degrees: 48 mm
    for a 35 mm tile and a 9.5 mm side, and no kakan). `height`: the row's depth across it (pixels), which
    `fill` is a share of."""
    out = np.zeros(len(fill), bool)
    if len(idx) < 2:
        return out
    # The upright tiles' depth: the median column; where some column is two lying tiles deep, the lower
    # quartile, as the pair under a kan added to the middle tile of three, its side showing, may fill half
    # the row's columns or more (a pon's sideways tile is shallower than its upright ones: no lower).
    upright = float(np.median(fill[idx]))
    if height and float(fill[idx].max()) * height >= (2 * geo.tile_w + STACK_GAP_MM) * ppm:
        upright = min(upright, float(np.percentile(fill[idx], 25)))
    deep = fill > STACK_FILL * upright
    run = _longest_run(deep)
    if run is None or abs((run[1] - run[0]) - geo.tile_h * ppm) > (STACK_SLACK_MM + side_mm) * ppm:
        return out
    out[run[0] : run[1]] = True
    return out


# On white cloth a photographed face's ivory is the cloth's colour: where a face's ink stops short of its
# end, its bare end and the gap beside it are one band across the row, and a hand laid open parts there
# into two runs of tiles, each cut at a pitch no player lays. Two runs this near each other are one where
# the run they make together cuts into upright tiles at a gap nearer the usual 1.5 mm than either alone, by
# BARE_BAND_NEARER_MM at least (a lone tile that fits is at its usual pitch: a winning tile set apart, a
# meld's tile; a piece at its usual pitch keeps a wider gap beside it as one). Seed 9599, white cloth, blue
# backs, 40 degrees, photographed faces: seat 1's thirteen tiles shown at the draw parted 5-10 px between
# its 6m and 3p (the 3p's bare end with the gap) in five of six frames, cut as nine tiles 0.1-0.9 mm apart
# and four 3.3 mm apart (together 1.75 mm); twelve were read, and the riichi hand shown tenpai was taken
# for nobody's.
BARE_BAND_MM = 12.0
BARE_BAND_NEARER_MM = 0.25


def _across_bare_bands(
    starts: list[int],
    ends: list[int],
    depth: NDArray[np.floating],
    expect: tuple[float, float],
    terms: _RowTerms,
) -> tuple[list[int], list[int], set[int]]:
    """A hand row's runs [starts[i], ends[i]) on white cloth with each two parted by a face's bare end
    joined (BARE_BAND_MM), and the starts of the runs joined so: runs of upright tiles, cut so (the
    band's columns fill less, as a sideways tile's do)."""
    widths, ppm = terms.widths, terms.ppm
    usual = 1.5 * ppm

    @functools.cache  # a middle run is cut as the second of one pair and again as the first of the next
    def cut(a: int, b: int) -> tuple[tuple[int, ...], float, float] | None:
        deeper = _seen_deeper(depth[a:b], expect)
        return _best_widths(
            a,
            b,
            widths,
            ppm,
            terms.fill_sum,
            terms.col_gap,
            deeper,
            terms.reach,
            0,
            with_cost=True,
        )  # type: ignore[return-value]

    def off(found: tuple[tuple[int, ...], float, float] | None) -> float:
        if found is None:
            return float("inf")
        return 0.0 if len(found[0]) == 1 else abs(found[1] - usual)

    out_s, out_e, joined_at = [starts[0]], [ends[0]], set()
    for a, b in zip(starts[1:], ends[1:], strict=True):
        a1, b1 = out_s[-1], out_e[-1]
        joined = cut(a1, b) if a - b1 <= BARE_BAND_MM * ppm else None
        if joined is not None and off(joined) + BARE_BAND_NEARER_MM * ppm <= min(
            off(cut(a1, b1)), off(cut(a, b))
        ):
            out_e[-1] = b
            joined_at.add(a1)
            continue
        out_s.append(a)
        out_e.append(b)
    return out_s, out_e, joined_at


def _without_spill(blob: NDArray[np.bool_], fill: NDArray[np.float64], a: int, b: int) -> tuple[int, int]:
    """The run of columns [a, b) of a row less the columns at either end that no tile of the row fills: less
    than half filled and empty across the row's middle, where every lying tile of the row lies (upright and
    sideways tiles are centred on its line). They are a tile of the next row reaching over the cut between
    the rows where no mat shows between them (dim light: seed 104, photographed faces, light 0.55, a 4 mm
    corner of seat 3's first row lengthened its second row's run past three upright tiles and the cut made
    the 2s a 38 x 38 mm cell, read as a riichi tile)."""
    mid = blob.shape[0] // 2
    centre = blob[max(0, mid - 1) : mid + 2].any(axis=0)
    while b - a > 1 and fill[a] < 0.5 and not centre[a]:
        a += 1
    while b - a > 1 and fill[b - 1] < 0.5 and not centre[b - 1]:
        b -= 1
    return a, b


def _reach_from_owner(blob: NDArray[np.bool_], owner_at_end: bool) -> NDArray[np.float64]:
    """Per column of a row (rows across it), the share of the row's depth from its owner's edge (the last
    row when `owner_at_end`, else the first) to the column's farthest filled pixel; 0 where none is."""
    height = blob.shape[0]
    filled = blob.any(axis=0)
    reach = height - np.argmax(blob if owner_at_end else blob[::-1], axis=0)
    return np.where(filled, reach / max(height, 1), 0.0)


def _seen_deeper(fill: NDArray[np.float64], expect: tuple[float, float]) -> tuple[float, float]:
    """The fills (upright, sideways) a run of a row's columns is measured against, raised alike by as much
    as the run's upright tiles show deeper than a tile: its column fill's upper quartile (most of a row's
    columns are upright tiles') over the upright expectation. A camera at 37-40 degrees shows every lying
    tile deeper than it is (its face stands above the table plane and its body shows), and measured against
    a flat tile's depth each cell paid for it alike: the cut with fewer cells won, or six upright cells over
    a riichi tile and its neighbours (seed 318, white cloth, 37 degrees: a 13-tile open hand cut into 12, a
    sideways 1m read as two tiles and a 2s made up). A row seen no deeper than a tile (a camera overhead)
    keeps the expectations as they are."""
    raise_ = max(0.0, float(np.percentile(fill, 75)) - expect[0])
    return min(1.0, expect[0] + raise_), min(1.0, expect[1] + raise_)


def _in_line(
    cells: list[tuple[int, int, int, int, int]], geo: TableGeometry, ppm: float
) -> list[tuple[int, int, int, int, int]]:
    """The cells of one row, (c0, c1, r0, r1, upright 0 / sideways 1), each as deep as its row's tiles across
    the row. A cell deeper than them by more than LINE_SLACK_MM has something touching it (a point stick at
    the player's edge, a tile of the next row): it keeps their depth where the row's other tiles of its kind
    lie, or stays as it is when there are none (a crop centred off the face misnames it). The row's tiles are
    as deep as a tile; when none of its cells of a kind is (a camera at 37-40 degrees: 43 px for 35 mm), as
    deep as most of them show (measured against a flat tile, no cell was near it, and the first tile of seat
    1's open hand, a point stick against it, was named 1m for its 3m: seed 318, white cloth). Measuring every
    row against its cells' median instead left cells a few mm deeper than the row's cell nearest a flat tile
    as they were, where this rule trims them to it (seed 104, white cloth, 37 degrees: a 7s read as 8s)."""
    out = list(cells)
    for kind, depth_mm in ((0, geo.tile_h), (1, geo.tile_w)):
        own = [r1 - r0 for _, _, r0, r1, c in cells if c == kind]
        tile = depth_mm * ppm
        if len(own) >= 3 and all(abs(d - tile) > LINE_SLACK_MM * ppm for d in own):
            tile = max(tile, float(np.median(own)))  # no cell as deep as a flat tile: a steep camera
        near = [
            (r0, r1)
            for _, _, r0, r1, c in cells
            if c == kind and abs((r1 - r0) - tile) <= LINE_SLACK_MM * ppm
        ]
        if not near:
            continue
        depth = float(np.median([r1 - r0 for r0, r1 in near]))
        centre = float(np.median([(r0 + r1) / 2 for r0, r1 in near]))
        lo, hi = round(centre - depth / 2), round(centre + depth / 2)
        for k, (c0, c1, r0, r1, c) in enumerate(out):
            if c != kind or (r1 - r0) - tile <= LINE_SLACK_MM * ppm:
                continue
            a, b = max(r0, lo), min(r1, hi)
            if b - a >= depth - 2 * ppm:
                out[k] = (c0, c1, a, b, c)
    return out


def _lone_sideways(
    run: NDArray[np.bool_],
    total: int,
    widths: tuple[float, float],
    geo: TableGeometry,
    ppm: float,
    side_along_mm: float = 0.0,
    side_across_mm: float = 0.0,
    rims: bool = False,
) -> bool:
    """Whether a lone pond tile cut upright is a sideways one: nearer a sideways tile's length, and shallower
    across its row (the median over its columns) than any upright face, trimmed at a far seat, measures.
    Its row's other tiles lying apart, in another blob, its fill against its row's band tells nothing: seed
    2293, wood felt, 40 degrees: seat 0's riichi 2s, its row's last tile, 34 px long and 25-29 deep (the
    tile beyond it in the farther row showed its side in the band), was cut upright in most frames and its
    riichi never read.

    Where a sideways face and the side showing beyond it across the row (`side_across_mm`) are as deep as
    an upright face less LONE_UPRIGHT_SHORT_MM, and the side along the row leaves an upright tile shorter
    than that, the depth tells nothing and the length decides: seed 6743, wood felt, red backs, 37 degrees,
    dim: seat 2's riichi 3p, alone in its far row, 34 px long, showed its side 19 mm beyond its face, 38 px
    deep as the upright tiles of the rows before it, and its riichi was never read. Only where the cell fills
    its row's band (within LONE_BAND_SLACK_MM): a depth short of the band was measured, not cut off by it.
    White cloth, blue backs, 40 degrees (seed 881): seat 2's 1m, alone in its row's blob (the blank white
    dragon before it as pale as the cloth), 34 px long and 35 deep in a band of 41, cut sideways by its
    length, counted as a 7m.

    On white cloth (`rims`) a lone tile's run holds the rims at both its ends, LONE_RIMS_MM in all, and its
    length is taken without them."""
    if rims:
        total -= LONE_RIMS_MM * ppm
    if abs(total - widths[1]) >= abs(total - widths[0]):
        return False
    deep_enough = (geo.tile_h - LONE_UPRIGHT_SHORT_MM) * ppm
    depth = float(np.median(run.sum(axis=0)))
    if depth < deep_enough:
        return True
    told_by_length = (geo.tile_w + side_across_mm) * ppm >= deep_enough > (geo.tile_w + side_along_mm) * ppm
    return told_by_length and depth >= run.shape[0] - LONE_BAND_SLACK_MM * ppm


def _best_widths(
    a: int,
    b: int,
    widths: tuple[float, float],
    ppm: float,
    fill_sum: list[float],
    col_gap: list[float],
    expect: tuple[float, float],
    reach: int = 1,
    most_sideways: int | None = None,
    sideways_cost: float = 0.0,
    most_tiles: int | None = None,
    shallower_weight: float = 2.0,
    overlap_mm: float = 1.5,
    widest_mm: float = 5.0,
    with_cost: bool = False,
    keep: Callable[[tuple[int, ...]], bool] | None = None,
    costs: dict[tuple[int, ...], tuple[float, float]] | None = None,
) -> tuple[tuple[int, ...], float] | tuple[tuple[int, ...], float, float] | None:
    """The sequence of tile widths (0 upright, 1 sideways) that best fills the run of columns [a, b) of a
    row, and the gap between its tiles; None when none fits. Each sequence costs how far its gap is from the
    usual 1.5 mm, how far each cell's fill (`fill_sum`: cumulative column fill) is from what its kind
    `expect`s, how little mat (`col_gap`) shows within `reach` columns of each cut, and, in a mixed
    sequence, how far its sideways
    cells are from lying shallower than its upright ones (SHALLOWER, each share short costing
    `shallower_weight`); the first cheapest one wins. Sequences
    with more than `most_sideways` sideways tiles (when given) are not tried; each sideways tile adds
    `sideways_cost`; sequences of more than `most_tiles` tiles (when given) are not tried. Cells may overlap
    by `overlap_mm` at most (a negative gap), and lie `widest_mm` apart at most. `with_cost`: the winner's
    cost too, as a third item. `keep`, when given, says which sequences are tried; `costs`, when given, gets
    each sequence that fits with its (cost, gap)."""
    total = b - a
    n_cols = len(fill_sum) - 1
    if sideways_cost and _unlike_upright_row(total, widths[0], ppm, most_tiles):
        sideways_cost = 0.0
    best: tuple[float, int, tuple[int, ...], float] | None = None
    for (k, sideways), combos in _combos_by_shape().items():
        if (most_sideways is not None and sideways > most_sideways) or (
            most_tiles is not None and k > most_tiles
        ):
            continue
        # Sequences of one shape (count, sideways count) fill the same length: most fail the gap check.
        rough = (k - sideways) * widths[0] + sideways * widths[1]
        rough_gap = (total - rough) / (k - 1) if k > 1 else 0.0
        if (k == 1 and abs(total - rough) > LONE_SLACK_MM * ppm + 1e-6) or not (
            -overlap_mm * ppm - 1e-6 <= rough_gap <= widest_mm * ppm + 1e-6
        ):
            continue
        for order, combo in combos:
            if keep is not None and not keep(combo):
                continue
            tiles = sum(widths[c] for c in combo)
            gap = (total - tiles) / (k - 1) if k > 1 else 0.0
            lone_off = k == 1 and abs(total - tiles) > LONE_SLACK_MM * ppm
            if lone_off or not -overlap_mm * ppm <= gap <= widest_mm * ppm:
                continue
            cost, at = abs(gap - 1.5 * ppm) / (4 * ppm), 0.0
            kind_fill, kind_n = [0.0, 0.0], [0, 0]
            for n, c in enumerate(combo):
                # A sideways tile is shorter across the row than an upright one: its columns fill less.
                c0, c1 = a + round(at), a + round(at + widths[c])
                if c1 > c0:
                    end = min(c1, n_cols)
                    mean = (fill_sum[end] - fill_sum[c0]) / (end - c0) if end > c0 else float("nan")
                    cost += 2.0 * abs(mean - expect[c])
                    kind_fill[c] += mean
                    kind_n[c] += 1
                else:
                    cost += 1.0
                at += widths[c] + gap / 2
                if n < k - 1:
                    i = a + round(at)
                    cost += 1.0 - max(col_gap[max(a, i - reach) : min(b, i + reach + 1)], default=0.0)
                at += gap / 2
            if kind_n[0] and kind_n[1]:
                upright, side = kind_fill[0] / kind_n[0], kind_fill[1] / kind_n[1]
                cost += shallower_weight * max(0.0, side - upright + SHALLOWER)
            cost += sideways_cost * sideways
            if costs is not None:
                costs[combo] = (cost, gap)
            if best is None or cost < best[0] or (cost == best[0] and order < best[1]):
                best = (cost, order, combo, gap)
    if best is None:
        return None
    return (best[2], best[3], best[0]) if with_cost else (best[2], best[3])


# A pond row's cut on white cloth at face height whose sideways tile, moved to another of its tiles (or the
# row all upright, or a sideways tile added), costs at most this much more is named that way too by the
# reader (`LiveReader`), which keeps the cut whose faces it names surest. Seed 10279, white cloth, blue backs,
# 40 degrees: seat 2's riichi 4s, third in its far second row, lay sideways; its row of three (and of four
# with the 9p beside it) fitted the 3m at the row's start sideways 0.1-0.5 cheaper than the 4s, the one cut
# named the three 0.2-0.4, 0.3 and 0.7 and the other 1.0, 1.0 and 0.99, and the riichi was never read. With
# photographed faces the right cut was the third cheapest (0.25 dearer than the cut read).
RUNNER_UP_COST = 0.6


def _runner_up(
    args: tuple[Any, ...], combo: tuple[int, ...], most_tiles: int | None, weight: float
) -> list[tuple[tuple[int, ...], float]]:
    """The other cuts of a pond row's run (`_best_widths`' first arguments, `args`) into as many tiles as
    `combo`, one of them or none sideways, costing at most RUNNER_UP_COST more than it, cheapest first: (its
    sequence, its gap) each. A run of one tile has none (`_lone_sideways` tells it)."""
    if len(combo) < 2 or sum(combo) > 1:
        return []
    costs: dict[tuple[int, ...], tuple[float, float]] = {}

    def alike(c: tuple[int, ...]) -> bool:  # as many tiles, one or none sideways
        return len(c) == len(combo) and sum(c) <= 1

    _best_widths(*args, most_tiles, weight, POND_OVERLAP_MM, keep=alike, costs=costs)
    if combo not in costs:
        return []
    own = costs[combo][0]
    return [
        (c, gap)
        for cost, c, gap in sorted((cost, c, gap) for c, (cost, gap) in costs.items())
        if c != combo and cost <= own + RUNNER_UP_COST
    ]


# A run of one tile may be this much longer or shorter than the tile; one between an upright and a sideways
# tile's length is told by its fill (a sideways tile is shallower across its row). A meld's sideways tile at
# a steep camera's far corner, apart from the rest by a gap, measured 31 px for 37.5 at face height (the
# face-height view trims each face by its side as the camera's pose gives it, a few mm more than it shows
# there: seed 533, wood felt, 40 degrees, seat 2's pon of white dragons lost).
LONE_SLACK_MM = 7.0
LONE_UPRIGHT_SHORT_MM = 4.0  # an upright face measures at least its long side less this across its row
LONE_BAND_SLACK_MM = 2.0  # a lone cell this near its row's band in depth fills it
# On white cloth a lone upright tile's run, its rims at both ends, measures 29-34 px for 26 mm (the mode 31).
# Over 21 white clips with a riichi, the 70 cuts turned sideways by their length at 33-34 px were all of tiles
# lying upright in most readings of the hand; lone sideways tiles measured 38-41. Seed 8501, white cloth,
# green backs, 40 degrees, light 0.55: seat 2's 1p, alone in a far row, 32-33 px long, was cut sideways in
# five of its first six readings and counted as a riichi nobody declared.
LONE_RIMS_MM = 4.0
WIDE_GAP_MM = 3.5  # upright tiles this far apart along a pond row leave room for a sideways one
# Upright tiles this far into each other (a negative gap) along a pond row on white cloth are a row with a
# sideways tile in it measured long: seat 3's four upright tiles and its riichi 5s measured 155-157 px, where
# six upright tiles fit at -1.4 to -1.0 mm and the riichi was never read (seed 2531, white cloth, 37 degrees;
# seed 318's seat 1 row of five with its riichi 1m measured the same). Rows of six upright tiles on that cloth
# measured 169-179 px (gaps 1.4-3.4 mm), and one at -0.8 mm (seed 318) was no riichi row.
OVERLAP_GAP_MM = 0.9


def _unlike_upright_row(total: float, upright: float, ppm: float, most_tiles: int | None) -> bool:
    """Whether the row of upright tiles (`upright` px each, `most_tiles` at most) that best fits a run of
    `total` px, at a gap between -1.5 and 5 mm, lies wider apart than WIDE_GAP_MM or further into each other
    than OVERLAP_GAP_MM: no row a player lays, where a sideways tile's cost would keep it upright (False
    where none fits).

    A row on white cloth at face height is measured short as often as not (its faces' far ends do not show,
    the tiles' sides cover the gaps), so a row as long as five upright tiles and a sideways one, where six
    upright tiles would need 4.4-4.6 mm between them, holds the riichi tile (seed 533 and seed 881, white
    cloth, 37 degrees: each seat's riichi tile was cut upright and recorded without its riichi); where the
    rims at its ends make it long, a row of four upright tiles and a sideways one fits six upright tiles
    overlapping (`OVERLAP_GAP_MM`)."""
    gaps = ((total - k * upright) / (k - 1) for k in range(2, (most_tiles or 17) + 1))
    fits = [g for g in gaps if -1.5 * ppm <= g <= 5 * ppm]
    if not fits:
        return False
    best = min(fits, key=lambda g: abs(g - 1.5 * ppm))
    return best > WIDE_GAP_MM * ppm or best < -OVERLAP_GAP_MM * ppm


@functools.cache
def _combos_by_shape() -> dict[tuple[int, int], list[tuple[int, tuple[int, ...]]]]:
    """`_width_combos`, with their order, by shape: (tiles, sideways tiles) -> [(order, combo)]."""
    out: dict[tuple[int, int], list[tuple[int, tuple[int, ...]]]] = {}
    for order, combo in enumerate(_width_combos()):
        out.setdefault((len(combo), sum(combo)), []).append((order, combo))
    return out


@functools.cache
def _width_combos() -> tuple[tuple[int, ...], ...]:
    """Rows of tiles as 0 (upright) / 1 (sideways): any mix up to 4, two sideways up to 8, one up to 17."""
    out: list[tuple[int, ...]] = []
    for k in range(1, 9):
        for combo in itertools.product((0, 1), repeat=k):
            if k <= 4 or sum(combo) <= 2:
                out.append(combo)
    for k in range(9, 18):  # an open hand: upright tiles, perhaps one sideways
        out.append((0,) * k)
        out.extend(tuple(1 if i == j else 0 for i in range(k)) for j in range(k))
    return tuple(out)


def cut_dead_wall(
    blob: NDArray[np.bool_],
    back: NDArray[np.uint8],
    x0: int,
    y0: int,
    boxes: list[tuple[int, int, int, int]],
    geo: TableGeometry,
    ppm: float,
    grey: NDArray[np.uint8] | None = None,
    side: float = 0.0,
) -> None:
    """The dead wall (a row across seat 0's view): runs of back colour are face-down stacks, the runs
    between them turned indicators (with the ura dora row under them at the end of a hand). `grey`, the
    view's grey levels over the blob, finds the line where an indicator and its ura dora touch; `side`
    (mm, signed towards larger y) is how far a lying tile's side shows beyond its face there.

    A stack is two tiles high: seen from a camera at an angle, its upper tile lies shifted away from the
    camera, and the stack looks up to twice as deep as one tile. So a run of back colour is one row of
    stacks whatever its depth (one face-down tile per tile pitch); only face-up runs are cut into rows,
    where their face shows two tiles (an indicator and its ura dora) one under the other.
    """
    w = blob.shape[1]
    share = (back * blob).sum(axis=0) / np.maximum(blob.sum(axis=0), 1)
    # Averaged over a third of a tile's width: an indicator inked in the backs' colour (7s on green backs)
    # has columns of ink as back-coloured as a stack's edge, with ivory between; column by column its run
    # broke into slivers and no indicator was cut (seed 619, wood felt, green backs, 40 degrees: no hand
    # started). A stack's columns are back colour all across, a face's are so only in its ink.
    k = max(1, round(geo.tile_w * ppm / 3))
    red = np.convolve(share, np.ones(k) / k, mode="same") > 0.4
    filled = blob.mean(axis=0) > 0.3
    pitch = (geo.tile_w + 1.0) * ppm
    red = _without_ink_blips(red, filled, pitch / 2)
    red &= ~_shallow_inked_faces(np.convolve(share, np.ones(k) / k, mode="same"), blob.mean(axis=0), geo, ppm)
    col = 0
    while col < w:
        if not filled[col]:
            col += 1
            continue
        end = col
        while end < w and filled[end] and red[end] == red[col]:
            end += 1
        count = round((end - col) / pitch)
        for k in range(count):
            a = col + round(k * (end - col) / count)
            b = col + round((k + 1) * (end - col) / count)
            if red[col]:
                rows = np.nonzero(blob[:, a:b].mean(axis=1) > 0.5)[0]
                if len(rows):
                    boxes.append((x0 + a, y0 + int(rows[0]), b - a, int(rows[-1]) + 1 - int(rows[0])))
                continue
            face = blob[:, a:b] & (back[:, a:b] == 0)
            # Grey level per row across the middle of the column (away from the stacks' edges on either side).
            inner = slice(a + (b - a) // 4, b - (b - a) // 4)
            shade = None if grey is None else grey[:, inner].mean(axis=1)
            # A face's row is face where a third of it is no back colour: ink of the backs' colour (7s on
            # green backs) covers up to about 0.6 of a row, a stack's side or body all of it.
            rows = _through_ink(face.mean(axis=1) > 0.3, blob[:, a:b].mean(axis=1), ppm, geo)
            for r0, r1 in _face_rows(rows, geo, ppm, shade, side):
                boxes.append((x0 + a, y0 + r0, b - a, r1 - r0))
        col = end


# A face-up dead-wall tile inked densely in its backs' colour, lying lower than the stacks beside it: its
# columns are back-coloured at most this share, and filled at most FACE_SHALLOWER of the wall's fullest.
INKED_FACE_SHARE = 0.8
FACE_SHALLOWER = 0.85
INKED_FACE_WIDE = 0.6  # of a tile's width, at least


def _shallow_inked_faces(
    share: NDArray[np.float64], fill: NDArray[np.float64], geo: TableGeometry, ppm: float
) -> NDArray[np.bool_]:
    """The dead wall's columns that are a face inked in the backs' colour, not a stack: runs at least
    INKED_FACE_WIDE of a tile wide where the back colour's share (`share`, averaged as the wall's cut does)
    stays under INKED_FACE_SHARE and the column's fill under FACE_SHALLOWER of the wall's fullest. A stack is
    two tiles high, deeper than one tile seen at an angle, and its back colour fills it all across.

    Blue felt, green backs, 44 degrees, light 0.55 (seed 6607): the 8s indicator, its face dark green with
    strokes in the dim light, showed back colour over 0.4-0.7 of its columns, 0.71 deep against the
    stacks' 0.99; taken for a stack, the wall was cut into six cells for its seven stacks, and no indicator
    was read for 130 frames: the hand began late, after a kan, with the kan's dora as its indicator."""
    out = np.zeros(len(share), bool)
    if not len(fill):
        return out
    low = (share < INKED_FACE_SHARE) & (fill < FACE_SHALLOWER * float(fill.max()))
    edges = np.flatnonzero(np.diff(np.concatenate(([False], low, [False])).astype(np.int8)))
    for a, b in zip(edges[::2].tolist(), edges[1::2].tolist(), strict=True):
        if b - a >= INKED_FACE_WIDE * geo.tile_w * ppm:
            out[a:b] = True
    return out


def _without_ink_blips(red: NDArray[np.bool_], filled: NDArray[np.bool_], short: float) -> NDArray[np.bool_]:
    """The dead wall's back-coloured columns (`red`) without runs shorter than `short` px with face columns
    on both sides: a face's broad stroke inked near the backs' colour, no stack (a stack is a tile wide).

    On blue backs an east wind's navy stroke down the middle of the indicator parted its face into two
    runs too narrow for a tile each, and no indicator was cut: no hand ever started (seed 4673, black felt,
    blue backs, 40 degrees)."""
    out = red.copy()
    edges = np.flatnonzero(np.diff(np.concatenate(([False], red, [False])).astype(np.int8)))
    for a, b in zip(edges[::2].tolist(), edges[1::2].tolist(), strict=True):
        inside = a > 0 and b < len(red) and filled[a - 1] and filled[b]
        if inside and b - a < short:
            out[a:b] = False
    return out


SIDE_SHOWS_MM = 2.0  # a lying tile's side shorter than this beyond its face (a camera overhead) is none
INK_BAND_MM = 7.0  # a band of back-coloured ink across a face (an 8s's strokes on green backs) is no deeper
WHOLE_ROW = 0.8  # a face's rows fill its column at least this share of the column's fullest row
# Between an indicator and its ura dora, a band of face rows the mask fills thinly (white cloth: a face's
# ivory between its numeral and its suit) is face up to this deep: under half a face, so a rim stays a cut.
FACE_BAND_MM = 16.0


def _through_ink(
    rows: NDArray[np.bool_], filled: NDArray[np.float64], ppm: float, geo: TableGeometry
) -> NDArray[np.bool_]:
    """A face-up dead-wall column's face rows (`rows`), with rows the column is not whole in (`filled`, the
    share of each row in the blob, under WHOLE_ROW of its fullest) left out, and each band of whole rows no
    deeper than INK_BAND_MM between two face rows taken as face.

    On green backs an 8s indicator's strokes and the 1s bird of the ura dora under it are back-coloured
    across the whole face: the column's face broke into pieces 10-24 px deep, the ura dora was cut from
    the indicator's lower strokes and its own head, and it was never read (seed 2531, wood felt, green
    backs, 40 degrees: the riichi's ura dora lost, and its han). The felt in the wall's shade, as grey as a
    face's edge, filled only part of the column's rows above the indicator, and had lengthened it there.

    In a run of face rows two faces deep (an ura dora laid under its indicator at a hand's end), a band of
    them the column is not whole in, between two kept face rows, is face too: on white cloth a face's ivory
    between its symbols is the cloth's lightness, and the mask fills it only where the ink encloses it.
    Seed 6471, white cloth, blue backs, 40 degrees: the ura dora 5p's rows beside its centre circle filled
    0.79 of the column in one frame (0.90 in the one before); left out, they parted the 5p, the indicator
    was cut with the 5p's upper half and the ura dora from its lower half and side, and recorded 4p. A
    lone indicator keeps the rule as it was: on every column, seed 104's blank white dragon indicator on
    white cloth was found a frame earlier, its hand (started late, its discards read from the ponds at once)
    began before a pon was read, and the pon went in three rounds late. Seed 8093, white cloth, blue
    backs, 40 degrees: the ura dora 6m's ivory between its numeral and its suit filled 0.59-0.69 of the
    column over 12 mm, deeper than an ink band; left out, the 6m was cut from its lower half and side
    alone, seen wider than deep, read sideways as 8p, and the riichi's three ura dora lost (7800 for
    20000): such bands join a two-deep run up to FACE_BAND_MM."""
    whole = filled >= WHOLE_ROW * float(filled.max()) if filled.size else np.zeros(0, bool)
    out = rows & whole
    idx = np.flatnonzero(out)
    two_deep = 1.6 * (geo.tile_h + 2.5) * ppm  # as `_face_rows` tells a run two faces deep
    for r0, r1 in itertools.pairwise(idx.tolist()):
        if r1 - r0 <= 1:
            continue
        ink = r1 - r0 <= INK_BAND_MM * ppm + 1 and whole[r0:r1].all()
        # Face rows thinly filled inside an indicator and its ura dora: as deep as the ivory between a
        # face's symbols (FACE_BAND_MM).
        ivory = r1 - r0 <= FACE_BAND_MM * ppm + 1 and rows[r0:r1].all() and _run_around(rows, r0) > two_deep
        if ink or ivory:
            out[r0:r1] = True
    return out


def _run_around(rows: NDArray[np.bool_], r: int) -> int:
    """The length of the run of True in `rows` holding row `r`."""
    lo, hi = r, r
    while lo > 0 and rows[lo - 1]:
        lo -= 1
    while hi < len(rows) and rows[hi]:
        hi += 1
    return hi - lo


def _face_rows(
    rows: NDArray[np.bool_],
    geo: TableGeometry,
    ppm: float,
    shade: NDArray[np.float64] | None = None,
    side: float = 0.0,
) -> list[tuple[int, int]]:
    """(start, end) of the face-up tiles in a dead-wall column: runs of face rows a tile deep; a run two
    tiles deep (the ura dora touching its indicator) is cut in two.

    With `shade` (the column's grey level per row) the cut goes along the darkest row a tile deep from
    either end (the rims where the two faces touch), and each face keeps a tile's depth from there: a run
    seen deeper than two faces (a lying tile's body toward the camera, the felt inside white cloth's
    outline) put a middle cut a few mm into the ura dora, whose crop then lost its numeral's top (seed 211,
    white cloth, 37 degrees: its 3m read as 6m). Without it, the cut is the run's middle.

    The end of the run on the camera's side holds the nearer tile's side as well (`side`, signed: which end
    that is), by as much as the camera's pose gives it only roughly (14.8 mm for 9 seen): the rim is
    looked for a tile's depth from the far end alone. Looked for from both ends, the window reached a
    side's depth into the ura dora, where a 4p's upper circles lay darker than the rim, and its crop showed
    only the lower two (seed 1234, wood felt and blue felt, 37-44 degrees: the riichi's ura dora read 2p)."""
    out: list[tuple[int, int]] = []
    tile = (geo.tile_h + 2.5) * ppm
    padded = np.concatenate(([False], rows, [False])).astype(np.int8)
    edges = np.flatnonzero(np.diff(padded))
    for r0, r1 in zip(edges[0::2], edges[1::2], strict=True):
        r0, r1 = int(r0), int(r1)
        if r1 - r0 < (geo.tile_w - 5) * ppm:
            continue  # a sliver: a stack's edge, the shade between tiles
        if r1 - r0 > 1.6 * tile:
            mid = (r0 + r1) // 2
            ends = (r0 + tile, r1 - tile)
            if abs(side) > SIDE_SHOWS_MM:  # counted from the far end alone: the near end holds a side
                ends = (ends[0],) * 2 if side > 0 else (ends[1],) * 2
            lo, hi = max(r0, round(min(ends) - 3 * ppm)), min(r1, round(max(ends) + 3 * ppm) + 1)
            if shade is not None and lo < hi:
                mid = lo + int(np.argmin(shade[lo:hi]))
                if (mid == lo and lo > r0 and shade[lo - 1] < shade[lo]) or (
                    mid == hi - 1 and hi < r1 and shade[hi] < shade[mid]
                ):
                    # No rim in the window, only the edge of a face's ink darkening past it (the 1s bird's
                    # head under an 8s, seed 2531): the faces' depth alone says where they meet.
                    mid = round(sum(ends) / 2)
                out += [(max(r0, round(mid - tile)), mid), (mid, min(r1, round(mid + tile)))]
            else:
                out += [(r0, mid), (mid, r1)]
        elif abs(side) > SIDE_SHOWS_MM and r1 - r0 > (geo.tile_h + SIDE_SHOWS_MM) * ppm:
            # One face and the side below it on the camera's side (the indicator's own and its stack's):
            # the face is a tile's depth from the far end. Kept whole, the crop was centred 8 mm towards
            # the camera and a 4p's upper circles fell outside it: read 2p in most readings, the hand's first
            # indicator recorded 2p (seed 946 at 37-44 degrees, seed 2417 on white cloth and wood).
            face = round(geo.tile_h * ppm)
            out.append((r0, r0 + face) if side > 0 else (r1 - face, r1))
        else:
            out.append((r0, r1))
    return out


# A hand row's face with a corner missing from its mask (a stroke of the backs' colour at its edge) is
# measured whole: rows filled over this share of the cell's width at either end of its span are its face's.
NOTCH_FILL = 1 / 3


def _notched_span(per_row: NDArray[np.int32], width: int, r0: int, r1: int, longest: int) -> tuple[int, int]:
    """A hand row cell's span across the row [r0, r1), its rows filled over half its width, grown at either
    end over rows filled over NOTCH_FILL of it, to `longest` rows at most (a lying tile's long side).

    Seed 5101, wood felt, red backs, 37 degrees, light 0.55: seat 2's winning 4m, laid apart from its hand on
    the far side, lost a 13 x 8 mm corner of its mask, its rows there 9 of 22 pixels filled; measured 26 mm
    across the row it was taken for a standing tile's top (shorter than a lying tile's long side) and the
    win was not read."""
    while r0 > 0 and r1 - r0 < longest and per_row[r0 - 1] > NOTCH_FILL * width:
        r0 -= 1
    while r1 < len(per_row) and r1 - r0 < longest and per_row[r1] > NOTCH_FILL * width:
        r1 += 1
    return r0, r1


def _longest_run(flags: NDArray[np.bool_]) -> tuple[int, int] | None:
    """(start, end) of the longest run of True, or None when there is none.

    A cell's extent across its row: the edge of a tile in the next row that reaches into the cell past a
    gap must not count, or a sideways tile looks as deep as an upright one (and is read upright).
    """
    padded = np.concatenate(([False], np.asarray(flags, bool), [False]))
    edges = np.flatnonzero(np.diff(padded.astype(np.int8)))
    if len(edges) == 0:
        return None
    starts, ends = edges[0::2], edges[1::2]
    best = int(np.argmax(ends - starts))
    return int(starts[best]), int(ends[best])

"""A lone lying tile's face on a cloth as pale as the faces, completed from its side (docs/live.md, "A lone
pond tile on white cloth at face height").

On white cloth a face is the cloth's lightness: the tile mask finds it by its outline, and a lying tile's two
edges away from the camera show none (face against cloth, both at L 252 in a bright frame), so only the ink
and the near edges are found and the face is never filled as a tile. At face height the tile's side shows
towards the camera, and its back layer (at the felt, in the back colour) is a thin strip along the
footprint's near edge that the cloth never shows. From that strip the tile's footprint follows (its near
edges, its length along the strip telling upright from sideways), and the face lies one side's length away
from the camera (`vision.face_height`): the body between footprint and face is filled into the tile mask,
and the faces are found from it as for any tile. A hand laid open in a row of such strips, on the side of the
table away from the camera, is filled tile by tile the same way. Where no back layer shows (a far pond's is
too thin to see), a face whose ink alone is in the mask is filled around its glyph (`inked_faces`).
"""

from __future__ import annotations

import itertools

import cv2
import numpy as np
from numpy.typing import NDArray
from riichi_table.vision.blobs import blobs
from riichi_table.vision.face_height import LYING_FACE_MM, CameraPose
from riichi_table.vision.zones import TableGeometry

LENGTH_SLACK_MM = 5.0  # a strip this close to a face's side's length is one tile's
FILLED = 0.9  # a face already this full in the tile mask is found: left as it is
ROUNDED_PX = 4.0  # a back layer shows this much shorter than its face's side (the body's rounded edges)
BEYOND_PX = 6  # how far past a back layer's near edge the cloth is looked for (past its outline)
BEYOND_SHARE = 0.25  # more of the tile mask there than this: the strip is no lone tile's near side
# A back layer lies along its footprint's near edge: of its RIM_ROWS rows nearest the camera, one runs at
# least RIM_SHARE of the strip's length. Ink of the backs' colour on a face does not, and the face it lies on
# is filled around it instead: an east's navy strokes on blue backs (15 rows deep, its nearest rows the
# strokes' feet, under 0.3 of its length) were taken for a lone tile's back layer, and a face filled beyond
# them into the empty place of the seat's next discard: read as a white dragon, the riichi 1s laid there
# later was recorded as one (seed 7007, white cloth, blue backs, 40 degrees). Left as it was, the east's face
# was its ink alone, and the column it ends was cut a place off. Over six clips of that look, every strip
# no deeper than 0.6 of the side had such a row (0.5 of its length or more), and a back layer joined to a
# stroke beyond it keeps its own.
RIM_ROWS = 4
RIM_SHARE = 0.5
# A face's ink: darker than this share of the cloth's lightness (a lying tile's ivory side in shade, L 235-245
# on cloth at 252, is not; the strokes of a character, L 86-135, are). A glyph measured for a face of its own
# spans at least these shares of the face's width and length, and is taller than wide by INK_TALLER
# (sideways it would be a riichi tile's, whose face this rule leaves as it is).
INK_L = 0.85
INK_WIDE = 0.45
INK_LONG = 0.6
INK_TALLER = 1.15
INK_JOIN_MM = 11.0
# A face this full in the tile mask around its glyph is found, its rims seen: the cut measures it as it is.
# A face centred on its glyph may lie a few pixels off the face itself, and filled over a face nearly whole
# it juts out of its row (seed 707, white cloth, blue backs, 40 degrees: seat 2's east, 0.87 full, filled 3 px
# beyond its row's far edge: the row was cut as none for a frame, and its next readings as a sideways 1s).
INK_FOUND = 0.7


def complete_faces(
    solid: NDArray[np.uint8], back: NDArray[np.uint8], pose: CameraPose, geo: TableGeometry, ppm: float
) -> NDArray[np.uint8]:
    """The tile mask with each lone pond tile's body filled where a back-coloured strip, one tile's side
    long and no thicker than the side the camera sees there, lies along its near edge and the face beyond
    it is not yet filled; where the strip is ink of the backs' colour (`_inked`), the face it lies on.

    In a hand row away from the camera, each upright tile's body on a strip one or two faces' sides long
    (`_hand_row_parts`): a hand laid open lies in a row of such strips, each tile's its own but where two
    touch (seed 946, white cloth, blue backs, 40 degrees: seat 2's tsumo, nine of its fourteen tiles ink
    alone in the mask, never cut, the win never read). A standing hand there shows its backs, deeper than a
    side, and is left. Anything else (rows of pond tiles, the dead wall, red ink) unchanged."""
    out = solid
    n, labels, stats, _ = blobs((back > 0).astype(np.uint8), 8)
    fx, fy = pose.foot[0] * ppm, pose.foot[1] * ppm
    k = LYING_FACE_MM / pose.height_mm
    sizes = (geo.tile_w * ppm, geo.tile_h * ppm)
    for i in range(1, n):
        x, y, w, h, _ = (int(v) for v in stats[i])
        cx, cy = x + w / 2, y + h / 2
        lx, ly = (cx - fx) * k / (1 - k), (cy - fy) * k / (1 - k)  # the face's lift from its footprint
        side = float(np.hypot(lx, ly))
        slack = LENGTH_SLACK_MM * ppm
        if max(w, h) < sizes[0] - slack or max(w, h) > sizes[1] + side + slack:
            continue
        strip = labels[y : y + h, x : x + w] == i
        seat, area, _, v = geo.area_of(cx / ppm, cy / ppm)
        if area == "hand":
            # Only a row whose standing hand shows its backs to the camera (the lift away from the camera
            # points to its player): a standing hand facing the camera shows its tops' back layers as strips
            # like these, and faces filled beyond them were read as a hand laid open and as melds (seeds
            # 5927, 6199 and 6471, white cloth, blue backs, 40 degrees: seat 0's standing hand).
            if geo.to_seat(seat, (cx + lx) / ppm, (cy + ly) / ppm)[1] <= v:
                continue
            for part, px, py in _hand_row_parts(strip, x, y, lx, ly, sizes[0], slack):
                foot_quad = _footprint(part, px, py, lx, ly, side, sizes, slack)
                if foot_quad is not None and not _beyond(out, foot_quad, lx, ly):
                    out = _fill(out, solid, foot_quad, lx, ly, geo, ppm, "hand")
            continue
        if _inked(strip, lx, ly):
            face = _inked_face(x + w / 2, y + h / 2, geo, ppm)
            if face is not None and _filled(out, face) < FILLED:
                out = _filled_in(out, solid, np.round(face).astype(np.int32))
            continue
        foot_quad = _footprint(strip, x, y, lx, ly, side, sizes, slack)
        if foot_quad is None or _beyond(out, foot_quad, lx, ly):
            continue
        out = _fill(out, solid, foot_quad, lx, ly, geo, ppm, "pond")
    return out


def inked_faces(
    solid: NDArray[np.uint8], lightness: NDArray[np.float32], cloth_l: float, geo: TableGeometry, ppm: float
) -> NDArray[np.uint8]:
    """The tile mask with each pond face whose ink alone is in it filled around that ink: an upright face
    centred on a glyph of a face's size (`INK_WIDE`, `INK_LONG`, `INK_TALLER`) where the face there is not
    found yet (`INK_FOUND`). A glyph in parts along the face (a 1m's bar under its red character) is joined
    across up to INK_JOIN_MM; measured whole, each part's own glyph too (two faces' glyphs joined across their
    rows' gap are too long for one).

    On white cloth a row's end tile whose far and outer edges show no outline is its ink in the mask, and
    where no back layer shows at its near edge (a far pond, its side's back layer too thin to see) nothing
    else completes it (seed 4801, white cloth, blue backs, 40 degrees: seat 2's east at the end of its third
    row, its glyph 17-20 px wide in the mask, never cut; a white dragon was guessed at its turn). A face's
    ink is centred on it, so the glyph places the face."""
    # The ponds lie within the hand rows' nearest reach of the centre: only that square is searched.
    cx, cy = (c * ppm for c in geo.centre)
    reach = geo.hand_v_min * ppm
    x0, y0 = max(0, int(cx - reach)), max(0, int(cy - reach))
    x1, y1 = min(solid.shape[1], int(cx + reach) + 1), min(solid.shape[0], int(cy + reach) + 1)
    ink = (lightness[y0:y1, x0:x1] < INK_L * cloth_l).astype(np.uint8)
    join = max(3, round(INK_JOIN_MM * ppm) | 1)
    tw, th = geo.tile_w * ppm, geo.tile_h * ppm
    out = solid
    for kernel, seats in (((3, 3), (0, 1, 2, 3)), ((join, 3), (0, 2)), ((3, join), (1, 3))):
        glyphs = cv2.morphologyEx(ink, cv2.MORPH_CLOSE, np.ones(kernel, np.uint8))
        # Each glyph's box (its outer contour: 8-connected; a quarter of a labelling's time).
        contours, _ = cv2.findContours(glyphs, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
        if not contours:
            continue
        boxes = np.array([cv2.boundingRect(c) for c in contours]) + np.array([x0, y0, 0, 0])
        w, h = boxes[:, 2], boxes[:, 3]
        along_y, along_x = _glyph_fits(w, h, tw, th), _glyph_fits(h, w, tw, th)  # seats 0 and 2; 1 and 3
        for i in np.flatnonzero(along_y | along_x):
            x, y, bw, bh = boxes[i].tolist()
            centre = (x + bw / 2, y + bh / 2)
            seat, area, _, _ = geo.area_of(centre[0] / ppm, centre[1] / ppm)
            if area != "pond" or seat not in seats or not (along_y if seat in (0, 2) else along_x)[i]:
                continue
            face = _inked_face(*centre, geo, ppm)
            if face is not None and _filled(out, face) < INK_FOUND:
                out = _filled_in(out, solid, np.round(face).astype(np.int32))
    return out


def _glyph_fits(wide: NDArray[np.int_], long: NDArray[np.int_], tw: float, th: float) -> NDArray[np.bool_]:
    """Per glyph, whether one `wide` across a face and `long` along it (px) is a face's own glyph
    (`INK_WIDE`, `INK_LONG`, `INK_TALLER` of a face `tw` x `th` px)."""
    return (
        (INK_WIDE * tw <= wide)
        & (wide <= tw)
        & (INK_LONG * th <= long)
        & (long <= th)
        & (long >= INK_TALLER * wide)
    )


def _fill(
    out: NDArray[np.uint8],
    solid: NDArray[np.uint8],
    foot_quad: NDArray[np.float64],
    lx: float,
    ly: float,
    geo: TableGeometry,
    ppm: float,
    area: str,
) -> NDArray[np.uint8]:
    """`out` (a copy of `solid` once anything is filled) with a tile's body filled from its footprint to its
    face, where the face lies in `area` and, in a pond, is not yet filled. In a hand row the body is filled
    under a face its ink filled too: a hole left in the side took the face with it (`faces_only`)."""
    face_quad = foot_quad + np.array([lx, ly])
    centre = face_quad.mean(axis=0) / ppm
    if geo.area_of(float(centre[0]), float(centre[1]))[1] != area:
        return out
    if area == "pond" and _filled(out, face_quad) >= FILLED:
        return out
    hull = cv2.convexHull(np.round(np.vstack([foot_quad, face_quad])).astype(np.int32))
    return _filled_in(out, solid, hull)


def _filled_in(
    out: NDArray[np.uint8], solid: NDArray[np.uint8], polygon: NDArray[np.int32]
) -> NDArray[np.uint8]:
    """`out` with a convex polygon (view px) filled, copied from `solid` first where it is still `solid`
    (the caller's mask is never written)."""
    if out is solid:
        out = solid.copy()
    cv2.fillConvexPoly(out, polygon, 255)
    return out


def _hand_row_parts(
    strip: NDArray[np.bool_], x: int, y: int, lx: float, ly: float, width: float, slack: float
) -> list[tuple[NDArray[np.bool_], int, int]]:
    """A hand row's back-coloured strip (a box's mask at x, y) in as many equal parts along it as upright
    tiles `width` px wide laid side by side its length holds, each with its box's corner; none when its
    length is no whole number of them within `slack`."""
    across_y = abs(ly) >= abs(lx)
    length = strip.shape[1] if across_y else strip.shape[0]
    count = round(length / width)
    if count < 1 or abs(length - count * width) > slack:
        return []
    edges = [round(k * length / count) for k in range(count + 1)]
    if across_y:
        return [(strip[:, a:b], x + a, y) for a, b in itertools.pairwise(edges)]
    return [(strip[a:b], x, y + a) for a, b in itertools.pairwise(edges)]


def _footprint(
    strip: NDArray[np.bool_],
    x: int,
    y: int,
    lx: float,
    ly: float,
    side: float,
    sizes: tuple[float, float],
    slack: float,
) -> NDArray[np.float64] | None:
    """The footprint's corners (view px) of the tile whose back layer is `strip` (a box's mask at x, y), or
    None when the strip is no single tile's: thicker than the side seen there, or not one face's side long.
    The strip runs along the footprint's near edge across the lift's main axis; its near side is that edge."""
    across_y = abs(ly) >= abs(lx)
    mask = strip if across_y else strip.T  # rows: across the strip; columns: along it
    lift_across, lift_along = (ly, lx) if across_y else (lx, ly)
    rows = np.nonzero(mask.any(axis=1))[0]
    near = int(rows[-1]) if lift_across < 0 else int(rows[0])  # the camera is on the strip's near side
    lo, hi = (max(0, near - int(side) - 1), near + 1) if lift_across < 0 else (near, near + int(side) + 2)
    band = mask[lo:hi]
    if mask.shape[0] > abs(lift_across) + 3 and band.sum() < 0.8 * mask.sum():
        return None  # more than a side's strip: a standing tile's back, a meld's, ink
    cols = np.nonzero(band.any(axis=0))[0]
    length = float(cols[-1] - cols[0] + 1) - abs(lift_along) * 0.5 + ROUNDED_PX
    along, deep = min((sizes, sizes[::-1]), key=lambda d: abs(length - d[0]))
    if abs(length - along) > slack:
        return None
    # The footprint's end towards the camera along the strip is where the strip ends on that side (its rounded
    # corner half the shortfall inside).
    a0 = float(cols[-1] + 1) + ROUNDED_PX / 2 - along if lift_along < 0 else float(cols[0]) - ROUNDED_PX / 2
    n0 = float(near + 1) - deep if lift_across < 0 else float(near)
    corners = np.array([[a0, n0], [a0 + along, n0], [a0 + along, n0 + deep], [a0, n0 + deep]])
    if not across_y:
        corners = corners[:, ::-1]
    return corners + np.array([x, y], np.float64)


def _inked(strip: NDArray[np.bool_], lx: float, ly: float) -> bool:
    """Whether a back-coloured strip (a box's mask) is ink on a face, not a back layer: none of its RIM_ROWS
    rows nearest the camera, across the lift's main axis, runs RIM_SHARE of its length."""
    across_y = abs(ly) >= abs(lx)
    mask = strip if across_y else strip.T  # rows: across the strip; columns: along it
    rows = np.nonzero(mask.any(axis=1))[0]
    cols = np.nonzero(mask.any(axis=0))[0]
    near = mask[rows[-RIM_ROWS:]] if (ly if across_y else lx) < 0 else mask[rows[:RIM_ROWS]]
    return bool(near.sum(axis=1).max() < RIM_SHARE * (cols[-1] - cols[0] + 1))


def _inked_face(cx: float, cy: float, geo: TableGeometry, ppm: float) -> NDArray[np.float64] | None:
    """The corners (view px) of the face centred on ink at (cx, cy), lying upright in the pond it is in (a
    face's ink is centred on it), or None outside the ponds."""
    seat, area, _, _ = geo.area_of(cx / ppm, cy / ppm)
    if area != "pond":
        return None
    half = np.array([geo.tile_w, geo.tile_h] if seat in (0, 2) else [geo.tile_h, geo.tile_w]) * ppm / 2
    return np.array([cx, cy]) + half * np.array([[-1, -1], [1, -1], [1, 1], [-1, 1]])


def _beyond(solid: NDArray[np.uint8], foot: NDArray[np.float64], lx: float, ly: float) -> bool:
    """Whether the tile mask holds more than a trace just past the footprint's near edge, towards the
    camera: a lone tile's back layer has the cloth there; red ink inside a face has more of the tile (its
    ink, its own back layer)."""
    (x0, y0), (x1, y1) = foot.min(axis=0), foot.max(axis=0)
    d = np.arange(BEYOND_PX, BEYOND_PX + 5)
    if abs(ly) >= abs(lx):
        xs = np.arange(round(x0) + 3, round(x1) - 3)
        rows = np.round(y1 + d) if ly < 0 else np.round(y0 - d)
        py, px = np.meshgrid(rows.astype(int), xs, indexing="ij")
    else:
        ys = np.arange(round(y0) + 3, round(y1) - 3)
        cols = np.round(x1 + d) if lx < 0 else np.round(x0 - d)
        px, py = np.meshgrid(cols.astype(int), ys, indexing="ij")
    ok = (px >= 0) & (py >= 0) & (px < solid.shape[1]) & (py < solid.shape[0])
    if not ok.any():
        return True
    return float((solid[py[ok], px[ok]] > 0).mean()) > BEYOND_SHARE


def _filled(mask: NDArray[np.uint8], quad: NDArray[np.float64]) -> float:
    """Share of the quad's pixels set in the mask (1.0 when the quad lies outside the view)."""
    h, w = mask.shape
    x0, y0 = np.floor(quad.min(axis=0)).astype(int)
    x1, y1 = np.ceil(quad.max(axis=0)).astype(int)
    x0, y0, x1, y1 = max(x0, 0), max(y0, 0), min(x1, w), min(y1, h)
    if x1 <= x0 or y1 <= y0:
        return 1.0
    return float((mask[y0:y1, x0:x1] > 0).mean())

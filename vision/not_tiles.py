"""What looks like tiles in the top-down view but is no lying tile (docs/live.md, "What is not a tile").

A standing hand (deeper than a lying tile once straightened, back beside face along its row, or backs to the
namer), point sticks (thinner than any tile) and the two-high dead wall's edge where a pond tile touches it.
Each rejection is noted with its reason (`LiveReader.rejected`). Masks are rectified-view pixels at `ppm`
pixels per mm; positions are table mm.
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np
from numpy.typing import NDArray
from riichi_table.engine.tiles import BACK_CLASS
from riichi_table.vision.blobs import blobs
from riichi_table.vision.tile_reading import TileReading
from riichi_table.vision.zones import TableGeometry

STANDING = "standing hand"  # Rejected.reason: the tops and backs of a standing hand
STICK = "point stick"  # Rejected.reason: a scoring stick (tenbou)
STICK_MAX_MM = 15  # thinner than this is no tile (a lying tile is 26 mm across at least)
PIECE_MM = 5  # a face's piece the stick opening took is put back when at least this wide both ways


@dataclass(frozen=True)
class Rejected:
    """Something in the view that looks like tiles but is no lying tile: x, y table mm, seat (-1: unknown),
    and the reason, a STANDING/... constant."""

    x: float
    y: float
    seat: int
    reason: str


EDGE_MM = 3.0  # the rim of a cell where a back beside a face shows, and a face's ink does not
BACK_EDGE = 0.06  # share of the rim in the back colour that makes a cell part back (or a face-down tile)
TOP_EDGE = 0.2  # a hand row's cell at face height is a standing top without a band only with this much rim
# Share of a cell in the back colour that makes it a face-down tile; with backs of an ink's colour (green,
# blue), more: a lying 8s on green backs at 40 degrees shows 0.50-0.56 (its bamboo and its side's back
# layer), a face-down tile 0.67 and up, mostly 0.8 (seed 402, wood felt, green backs: seat 0's 8s in the
# hand laid open at a draw read as a back, the hand not read).
FACE_DOWN_SHARE = 0.5
INK_FACE_DOWN_SHARE = 0.62


def without_sticks(
    solid: NDArray[np.uint8], geo: TableGeometry, ppm: float, rejected: list[Rejected]
) -> NDArray[np.uint8]:
    """The solid mask without anything thinner than a lying tile is deep: point sticks (about 9 mm wide)
    beside a pond or a hand would join tiles into one blob, or read as tiles. What goes and is long is
    noted as a point stick."""
    k = round(STICK_MAX_MM * ppm)
    kept = cv2.morphologyEx(solid, cv2.MORPH_OPEN, np.ones((k, k), np.uint8))
    gone = cv2.subtract(solid, kept)
    n, labels, stats, centroids = blobs(gone, 8)
    for i in range(1, n):
        if max(int(stats[i, 2]), int(stats[i, 3])) > 50 * ppm:
            x, y = (float(v) / ppm for v in centroids[i])
            rejected.append(Rejected(x, y, geo.seat_of(x, y), STICK))
    # A short piece touching what stays is part of a face a notch of the felt's colour narrowed: red ink
    # close to a wood felt (a 7s's red bamboo cut its top into two strips, which went, and the rest was too
    # short for a lying tile: seed 1013, wood felt, 40 degrees). Not the slivers the opening takes off every
    # blob's rims and corners: put back, they joined a meld at a steep camera's far corner to what lies
    # beside it (seed 881, 44 degrees: the pon was lost); nor do they count in a piece's size (a red
    # dragon's top strip, 11 x 11 mm, joined to a sliver down the face's rim measured 20 mm and went: seed
    # 533, wood felt, 40 degrees).
    pieces = cv2.morphologyEx(gone, cv2.MORPH_OPEN, np.ones((3, 3), np.uint8))
    m, labels, stats, _ = blobs(pieces, 8)
    near = cv2.dilate(kept, np.ones((5, 5), np.uint8))
    back: list[int] = []
    for j in range(1, m):
        x0, y0, w, h = (int(v) for v in stats[j, :4])
        box = (slice(y0, y0 + h), slice(x0, x0 + w))
        if (
            max(w, h) <= k
            and min(w, h) >= PIECE_MM * ppm
            and stats[j, 4] >= k * k / 4
            and near[box][labels[box] == j].any()
        ):
            back.append(j)
    if back:
        restore = np.zeros(m, bool)
        restore[back] = True
        kept = np.where(restore[labels], solid, kept)
    return np.asarray(kept, np.uint8)


def part_dead_wall(solid: NDArray[np.uint8], geo: TableGeometry, ppm: float) -> NDArray[np.uint8]:
    """The solid mask with a thin cut around the dead wall's square: a pond tile touching the dead wall
    (a shadow, dim light, a face's parallax closing the gap) must not join it into one blob."""
    out = solid.copy()
    c = np.asarray(geo.centre) * ppm
    r = geo.dora_radius * ppm
    x0, y0, x1, y1 = (round(float(v)) for v in (c[0] - r, c[1] - r, c[0] + r, c[1] + r))
    out[y0 - 1 : y0 + 1, x0:x1] = 0
    out[y1 - 1 : y1 + 1, x0:x1] = 0
    out[y0:y1, x0 - 1 : x0 + 1] = 0
    out[y0:y1, x1 - 1 : x1 + 1] = 0
    return out


def part_hand_rows(
    solid: NDArray[np.uint8],
    labels: NDArray[np.int32],
    stats: NDArray[np.int32],
    geo: TableGeometry,
    ppm: float,
    limit: float,
) -> NDArray[np.uint8] | None:
    """The solid mask with blobs over `limit` px (a box's w * h) that lie wholly in the hand rows' ring
    parted along the seats' boundaries (`TableGeometry.seat_of`), or None when there is none.

    Seen at 37-44 degrees, a standing hand's tops lie far from its row, and at a corner they touch the
    next seat's melds (a far seat's pon beside a side seat's hand): one blob too big for anything but an
    arm, skipped whole. In the ring no arm is that whole blob (an arm reaches in from the table's edge over
    a pond); parted, the hand is left out as standing and the meld is read."""
    parted = None
    for i in range(1, len(stats)):
        x, y, w, h = (int(v) for v in stats[i, :4])
        if w * h <= limit:
            continue
        seats, ring = _seat_map(solid.shape[:2], geo, ppm)
        box = (slice(y, y + h), slice(x, x + w))
        blob = labels[box] == i
        if not ring[box][blob].all():
            continue
        s = seats[y : y + h + 1, x : x + w + 1]
        edge = np.zeros((h, w), bool)
        edge |= s[:h, :w] != s[1 : h + 1, :w]
        edge |= s[:h, :w] != s[:h, 1 : w + 1]
        if not (edge & blob).any():
            continue
        parted = solid.copy() if parted is None else parted
        parted[box][blob & edge] = 0
    return parted


_SEAT_MAPS: dict[tuple[int, int, float, TableGeometry], tuple[NDArray[np.int8], NDArray[np.bool_]]] = {}


def _seat_map(
    shape: tuple[int, ...], geo: TableGeometry, ppm: float
) -> tuple[NDArray[np.int8], NDArray[np.bool_]]:
    """Per view pixel (one more row and column, for neighbours): its seat (`seat_of`), and whether it
    lies in the hand rows' ring (beyond `hand_v_min` from the centre, along x or y)."""
    key = (int(shape[0]), int(shape[1]), ppm, geo)
    if key not in _SEAT_MAPS:
        h, w = key[0] + 1, key[1] + 1
        ys, xs = np.mgrid[0:h, 0:w].astype(np.float32) / np.float32(ppm)
        dx, dy = xs - geo.centre[0], ys - geo.centre[1]
        seats = np.where(np.abs(dy) >= np.abs(dx), np.where(dy >= 0, 0, 2), np.where(dx >= 0, 1, 3))
        corner = np.minimum(np.abs(dx), np.abs(dy)) > geo.corner_min
        # A corner holds the melds of the seat whose right-hand side it is (as `seat_of`).
        corner_seat = np.where(dx > 0, np.where(dy > 0, 0, 1), np.where(dy > 0, 3, 2))
        seats = np.where(corner, corner_seat, seats).astype(np.int8)
        ring = np.maximum(np.abs(dx), np.abs(dy)) >= geo.hand_v_min
        _SEAT_MAPS.clear()  # one view size at a time
        _SEAT_MAPS[key] = (seats, ring[: key[0], : key[1]])
    return _SEAT_MAPS[key]


def standing_hand(
    blob: NDArray[np.bool_],
    back: NDArray[np.uint8],
    seat: int,
    geo: TableGeometry,
    ppm: float,
    side: tuple[float, float] = (0.0, 0.0),
) -> bool:
    """Whether a blob in a seat's hand row is its standing hand (docs/live.md, "What is not a tile").

    A standing tile seen at an angle is deeper than a lying one once the view is straightened (its top is
    35 mm up and lies shifted away from the camera), or shows its back colour beside its face or top
    along the whole row, or (seen from the side) its backs along a row longer than any meld. Lying
    tiles in the hand row (a hand laid open, melds) are one tile deep, and a
    face-down tile of a meld is back-coloured across its whole depth. `side`: how far (mm, along the view's
    x and y) a lying tile's side shows beside its face in a face-height view (vision.face_height); a lying
    tile is that much deeper.
    """
    across_side = side[1]
    if seat in (1, 3):
        blob, back = blob.T, back.T  # rows along the seat's u axis become columns
        across_side = side[0]
    filled = blob.sum(axis=0)
    cols = filled >= (geo.tile_w - 6) * ppm
    if cols.sum() < 2 * geo.tile_w * ppm:
        return False  # shorter than two tiles: a meld's part, a single tile
    depth = float(np.median(filled[cols]))
    if depth > (geo.tile_h + 9 + across_side) * ppm:
        return True
    back_px = back.astype(bool) & blob
    backs = back_px.sum(axis=0)[cols]
    share = backs / filled[cols]
    one_run = _one_run(back_px[:, cols])
    mixed = (share > 0.22) & (share < 0.78) & one_run
    if float(mixed.mean()) > 0.6:
        return True
    if across_side:
        # Seen from the camera's own side, a standing hand shows its fronts and, beyond them, its tops' back
        # layer: one band at each column's far end, however thin. A lying tile's back layer shows on its
        # side, at the near end. Seed 9055, white cloth, blue backs, 40 degrees: seat 0's standing hand,
        # its band 10 mm of 44 (a share of 0.15-0.23, at the mixed share's edge), was read as ten lying
        # tiles in one frame in three, and once as a hand laid open for a tsumo nobody won.
        rows = np.arange(blob.shape[0])[:, None]
        centre = (np.where(back_px, rows, 0).sum(axis=0) / np.maximum(back_px.sum(axis=0), 1))[cols]
        far = centre < blob.shape[0] / 2 if across_side > 0 else centre > blob.shape[0] / 2
        far_band = (share > FAR_BAND_SHARE) & (share < 0.78) & one_run & far
        if float(far_band.mean()) > 0.6:
            return True
    # Seen from the side (a seat left or right of the camera) the row shows mostly its backs and tops:
    # no meld has more than two face-down tiles side by side, so a long back-coloured row is a hand. A
    # concealed kan shows its two end tiles' faces, whole columns without the backs' colour: a hand's
    # columns each cross a back (seed 2767, black felt, blue backs, 40 degrees: seat 3's kan of 2p lay at
    # its corner 4.6 tiles long with its sides, half of it back, and was left out as standing for eight of
    # the seat's turns).
    faces = float((share < FACE_COLUMN_SHARE).mean())
    return cols.sum() > 4.5 * geo.tile_w * ppm and float(share.mean()) > 0.5 and faces < KAN_FACES_SHARE


# A column of a hand-row blob with less than this share of it in the backs' colour is a lying face's.
FACE_COLUMN_SHARE = 0.22
# A standing tile's top seen beyond its front, from the camera's side: its back layer's band at least this
# share of the column.
FAR_BAND_SHARE = 0.12
# Seen from the side, a standing hand's columns all cross its backs; a concealed kan's two end faces make
# a third of its columns or more (its faces' ink of the backs' colour, 2p's blue circles, hides some).
KAN_FACES_SHARE = 0.2


# A standing tile's back (or its top's) is one band down each column; a lying face's ink of the backs' colour
# is several (an 8s's two rows of bamboo and its side's back layer): a column counts as part back when its
# back-coloured pixels fill this share of the span from the first to the last of them.
BAND_FILL = 0.7


def _one_run(back: NDArray[np.bool_]) -> NDArray[np.bool_]:
    """Per column of a mask, whether its set pixels lie as one band (BAND_FILL of their span)."""
    rows = np.arange(back.shape[0])[:, None]
    first = np.where(back, rows, back.shape[0]).min(axis=0)
    last = np.where(back, rows, -1).max(axis=0)
    span = np.maximum(last - first + 1, 1)
    return np.asarray(back.sum(axis=0) >= BAND_FILL * span)


def drop_standing(
    tiles: list[TileReading],
    named: list[int],
    owners: list[int],
    rejected: list[Rejected],
    tops: dict[int, int] | None = None,
) -> list[TileReading]:
    """Leave out hand-row cells that are a standing tile's top and back seen from the side: a face-up
    cell the namer sees as a back, and every cell of a blob where most cells are a standing tile's parts:
    named backs, and the cells already left out as a standing tile's top (`tops`, per blob). A standing
    hand on white cloth can show its tiles' ivory bodies above its row of backs: cut into a second row of
    cells, they were named white dragons, and four of them, one cut sideways, a kan (seed 318, white cloth,
    black backs, 37 degrees); its row of backs beside them, left out cell by cell, says what they are."""
    tops = tops or {}
    by_blob: dict[int, list[int]] = {}
    for row in named:
        if tiles[row].area == "hand":
            by_blob.setdefault(owners[row], []).append(row)
    drop: set[int] = set()
    for blob, rows in by_blob.items():
        backs = [r for r in rows if int(np.argmax(tiles[r].scores)) == BACK_CLASS]
        parts, cells = len(backs) + tops.get(blob, 0), len(rows) + tops.get(blob, 0)
        if 2 * parts >= cells and cells >= 2:
            drop.update(k for k, o in enumerate(owners) if o == blob)
        else:
            drop.update(backs)
    for k in sorted(drop):
        rejected.append(Rejected(tiles[k].x, tiles[k].y, tiles[k].seat, STANDING))
    return [t for k, t in enumerate(tiles) if k not in drop]


def edge_share(cell: NDArray[np.uint8], k: int) -> float:
    """The share of a cell's rim, `k` pixels wide, that is set in a 0/1 mask (the whole cell when small)."""
    if min(cell.shape[:2]) <= 2 * k + 1:
        return float(cell.mean()) if cell.size else 0.0
    inner = int(cell[k:-k, k:-k].sum())
    return (float(cell.sum()) - inner) / (cell.size - cell[k:-k, k:-k].size)


def back_band(cell: NDArray[np.uint8]) -> bool:
    """Whether a cell's back colour lies as a band on one side (a standing tile's top: its back on one side,
    its face on the other), not spread over it as a face's ink of the backs' colour is (8s or hatsu with
    green backs)."""
    h, w = cell.shape[:2]
    for one, other in ((cell[: h // 2], cell[h - h // 2 :]), (cell[:, : w // 2], cell[:, w - w // 2 :])):
        a, b = float(one.mean()), float(other.mean())
        if max(a, b) > 0.55 and min(a, b) < 0.25:
            return True
    return False


def without_side(cell: NDArray[np.uint8], dx: int, dy: int) -> NDArray[np.uint8]:
    """A cell without the strip where a lying tile's side shows at face height: `dx` (`dy`) pixels of its
    columns (rows), at its end when positive (the side shows towards larger x or y), at its start when
    negative. A strip a third of the cell or more is no side: the cell itself is returned then, and when
    there is nothing to take off."""
    h, w = cell.shape[:2]
    out = cell
    if 0 < abs(dy) < h // 3:
        out = out[: h - dy] if dy > 0 else out[-dy:]
    if 0 < abs(dx) < w // 3:
        out = out[:, : w - dx] if dx > 0 else out[:, -dx:]
    return out


def face_down(share: float, edge: float, ink_backs: bool) -> bool:
    """Whether a lying cell with `share` of it and `edge` of its rim (`edge_share`) in the back colour is a
    tile lying face down; `ink_backs`: the backs have a colour faces are inked in (`FACE_DOWN_SHARE`)."""
    return share > (INK_FACE_DOWN_SHARE if ink_backs else FACE_DOWN_SHARE) and edge >= BACK_EDGE


def half_back(cell: NDArray[np.uint8], share: float, edge: float, band_needed: bool) -> bool:
    """Whether a cell of the back-colour mask is a standing tile's top, half face and half back: `share` of
    it and `edge` of its rim (`edge_share`) in the back colour, and, where `band_needed`, that colour as a
    band on one side (`back_band`), not spread over a face as ink is."""
    if not (0.2 < share < 0.7 and edge >= BACK_EDGE):
        return False
    return not band_needed or back_band(cell)


LIT_SHARE = 0.88  # below this share of a face's grey level: a lying tile's side, lit from above, seen edge-on
LIT_INK_MM = 11.0  # a face's ink strokes are thinner: closed over before the grey levels are compared
LIT_SPAN_MM = 23.0  # along the row, dark ink between lit rims this close is face
LIT_SLIVER_MM = 5.0  # a lit strip narrower than this is a rim, not a face
LIT_ACROSS_MM = 15.0  # across the row, dark ink between lit parts this close is face ...
LIT_DEEPEST_MM = 39.0  # ... where what it closes is no deeper than a tile's long side and 4 mm
# A face-down tile of a concealed kan shows its back, as dark as a side: a stretch of the backs' colour this
# wide both ways is a back, not a side's back layer (a strip a side's height deep).
BACK_FACE_MM = 18.0


def lit_faces(
    face: NDArray[np.bool_],
    grey: NDArray[np.uint8],
    ppm: float,
    along_x: bool = True,
    back: NDArray[np.uint8] | None = None,
) -> NDArray[np.bool_]:
    """The part of a meld's face mask (a piece parted off a standing hand, `part_hand_rows`) as bright as
    its faces are: a lying tile's face is lit from above, its side, seen edge-on, is a fifth darker.

    `faces_only` keeps a pixel whose side-length reach towards the camera lies on tiles. Where the next
    seat's standing hand and a point stick lie just beyond a meld at a corner, an upright tile's side
    reaches them and is kept as face, 20 mm deeper than the tile (seed 104, 37 degrees); parted first, the
    part's cut line breaks the added kan tile's face, whose own side runs on over the cut (seed 147, 37
    degrees: no kakan read). The lit faces keep the added tile and leave the sides out; a face's ink,
    darker, is inside its lit rim and filled back. `grey`: the view's grey level over the same box.

    `back` (the backs' colour mask over the box, when known): a concealed kan's face-down tiles show their
    backs, darker than a side, and are kept where the backs' colour fills BACK_FACE_MM both ways (seed 2293,
    black felt, blue backs, 40 degrees: seat 2's kan of 8p lost its two backs, and with them its kan and kan
    dora)."""
    if not face.any():
        return face
    k = max(3, round(LIT_INK_MM * ppm)) | 1
    smooth = cv2.morphologyEx(np.ascontiguousarray(grey), cv2.MORPH_CLOSE, np.ones((k, k), np.uint8))
    level = float(np.percentile(smooth[face], 75))
    lit = (face & (smooth >= LIT_SHARE * level)).astype(np.uint8)
    if back is not None:
        b = max(3, round(BACK_FACE_MM * ppm)) | 1
        backs = cv2.morphologyEx(
            (face & (back > 0)).astype(np.uint8), cv2.MORPH_OPEN, np.ones((b, b), np.uint8)
        )
        lit |= backs
    # Large ink (3m's red character, seed 135) between a face's lit rims along the row is face too; a called
    # tile's side between two upright faces is wider than LIT_SPAN_MM and stays out.
    n = max(3, round(LIT_SPAN_MM * ppm)) | 1
    span = cv2.morphologyEx(lit, cv2.MORPH_CLOSE, np.ones((1, n) if along_x else (n, 1), np.uint8))
    lit = ((span > 0) & face).astype(np.uint8)
    lit |= _ink_across(lit, face, ppm, along_x)
    # Fill what the lit face encloses (ink), flooding the outside from a one-pixel frame around the box.
    framed = cv2.copyMakeBorder(lit, 1, 1, 1, 1, cv2.BORDER_CONSTANT, value=0)
    flood = np.zeros((framed.shape[0] + 2, framed.shape[1] + 2), np.uint8)
    cv2.floodFill(framed, flood, (0, 0), 2)
    enclosed = framed[1:-1, 1:-1] == 0
    filled = ((lit > 0) | (enclosed & face)).astype(np.uint8)
    # Slivers narrower than LIT_SLIVER_MM either way (a bright rim down a side) are no face.
    j = max(3, round(LIT_SLIVER_MM * ppm)) | 1
    return np.asarray(cv2.morphologyEx(filled, cv2.MORPH_OPEN, np.ones((j, j), np.uint8)) > 0)


def _ink_across(
    lit: NDArray[np.uint8], face: NDArray[np.bool_], ppm: float, along_x: bool
) -> NDArray[np.uint8]:
    """The face's pixels between lit parts LIT_ACROSS_MM or less apart across the row, where the run they
    close is no deeper than a face (LIT_DEEPEST_MM): ink reaching a face's edge whose rim, rounded and in a
    dim corner, is not lit either (seed 8369, black felt, green backs, 44 degrees, light 0.55: a sideways
    2p's circles at seat 2's corner, its rim 0.85 of the faces' level; the meld's first 16 mm were opened
    off and it was read as two sideways tiles, its pon lost). A side seen edge-on lies at a face's end, with
    nothing lit beyond it closer than its length, or beyond a run deeper than a face."""
    n = max(3, round(LIT_ACROSS_MM * ppm)) | 1
    kernel = np.ones((n, 1) if along_x else (1, n), np.uint8)
    closed = cv2.morphologyEx(lit, cv2.MORPH_CLOSE, kernel)
    deep = max(3, round(LIT_DEEPEST_MM * ppm) + 1)
    # Beyond the box is no face: a run reaching its edge is as deep as it shows.
    too_deep = cv2.morphologyEx(
        closed,
        cv2.MORPH_OPEN,
        np.ones((deep, 1) if along_x else (1, deep), np.uint8),
        borderType=cv2.BORDER_CONSTANT,
        borderValue=0,
    )
    return ((closed > 0) & ~(too_deep > 0) & face & ~(lit > 0)).astype(np.uint8)

"""Per-frame tile readings in the rectified table view: where each lying tile is, how it lies, what it may be.

Tiles are found by colour in the top-down view (ivory faces, coloured backs, against the mat), split where
neighbours touch, placed with `vision.zones`, and named by a template classifier (faces of the club's set,
see `datasets.game_templates`) that compares each face, turned the way its seat reads it, with every kind.
Standing hand tiles show only their top edge from above and are too small to count as lying tiles.

Everything is in rectified-view pixels at `px_per_mm` (1.0 by default: pixels are millimetres).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path

import cv2
import numpy as np
from numpy.typing import NDArray

from engine.tiles import BACK_CLASS
from vision.errors import VisionError
from vision.zones import Area, TableGeometry

TEMPLATE_SIZE = (24, 32)  # w, h of a face crop
N_CLASSES = 38
ERODE = 1  # px


@dataclass(frozen=True)
class TileReading:
    """One lying tile seen in one frame. x, y: centre in table mm; u, v: in its seat's frame.

    scores: (38,) float32 probabilities over detector classes (0..36 faces, 37 back).
    """

    x: float
    y: float
    seat: int
    area: Area
    u: float
    v: float
    sideways: bool
    face_down: bool
    scores: NDArray[np.float32]

    @property
    def class_id(self) -> int:
        return int(np.argmax(self.scores))

    @property
    def width_u(self) -> float:
        """Extent along the seat's u axis in mm (a sideways tile is long along u)."""
        return 35.0 if self.sideways else 26.0


@dataclass(frozen=True)
class FrameReading:
    """All tiles of one rectified frame, and a quarter-resolution mask of bare mat (True = mat is seen)."""

    tiles: tuple[TileReading, ...]
    mat: NDArray[np.bool_]
    mat_scale: float  # mat mask pixels per mm


class TileTemplates:
    """Normalised face templates (N, D) with their detector classes; see datasets.game_templates."""

    def __init__(self, images: NDArray[np.uint8], classes: NDArray[np.int32]) -> None:
        if images.ndim != 4 or images.shape[1:] != (TEMPLATE_SIZE[1], TEMPLATE_SIZE[0], 3):
            raise VisionError(f"templates must be (N, {TEMPLATE_SIZE[1]}, {TEMPLATE_SIZE[0]}, 3), got {images.shape}")
        self.classes = np.asarray(classes, np.int32)
        face = np.nonzero(self.classes != BACK_CLASS)[0]
        order = face[np.argsort(self.classes[face], kind="stable")]
        self.vectors = np.stack([_normalise(img) for img in images[order]])
        self.face_classes = self.classes[order]
        # Where each class's run of templates starts, for a per-class maximum.
        self._starts = np.nonzero(np.r_[True, np.diff(self.face_classes) != 0])[0]
        self._class_of_start = self.face_classes[self._starts]

    @classmethod
    def load(cls, path: Path) -> TileTemplates:
        if not path.is_file():
            raise VisionError(f"tile templates {path} not found (make them with datasets.game_templates)")
        data = np.load(path)
        return cls(data["images"], data["classes"])

    def scores(self, crops: list[list[NDArray[np.uint8]]]) -> NDArray[np.float32]:
        """Class probabilities (len(crops), 38), one row per tile from its candidate crops (orientations).

        Each class scores its best template over every orientation; then a sharp softmax over the classes.
        """
        out = np.zeros((len(crops), N_CLASSES), np.float32)
        if not crops:
            return out
        counts = [len(c) for c in crops]
        flat = np.stack([c for group in crops for c in group]).astype(np.float32)
        flat = flat.reshape(len(flat), -1, 3)
        flat -= flat.mean(axis=1, keepdims=True)
        flat = flat.reshape(len(flat), -1)
        flat /= np.linalg.norm(flat, axis=1, keepdims=True) + 1e-3
        sims = flat @ self.vectors.T  # (all crops, templates), templates sorted by class
        start = 0
        for row, n in enumerate(counts):
            per_template = sims[start : start + n].max(axis=0)
            start += n
            per_class = np.maximum.reduceat(per_template, self._starts)
            logits = per_class * 40.0
            logits -= logits.max()
            e = np.exp(logits)
            out[row, self._class_of_start] = e / e.sum()
        return out


def _normalise(image: NDArray[np.uint8]) -> NDArray[np.float32]:
    v = image.astype(np.float32).reshape(-1, 3)
    v -= v.mean(axis=0, keepdims=True)
    flat = v.ravel()
    return flat / (float(np.linalg.norm(flat)) + 1e-3)


class LiveReader:
    """Finds and names lying tiles in rectified views."""

    def __init__(self, templates: TileTemplates, geometry: TableGeometry | None = None, px_per_mm: float = 1.0):
        self.templates = templates
        self.geo = geometry or TableGeometry()
        self.ppm = px_per_mm

    def masks(self, view: NDArray[np.uint8]) -> tuple[NDArray[np.uint8], NDArray[np.uint8], NDArray[np.bool_]]:
        """Object mask (anything not mat, holes filled), back-colour mask and bare-mat mask of a rectified view."""
        hsv = cv2.cvtColor(view, cv2.COLOR_BGR2HSV)
        h, s, v = cv2.split(hsv)
        felt = (h > 35) & (h < 95) & (s > 60) & (v > 25)
        felt_v = float(np.median(v[felt])) if felt.any() else 100.0
        felt_s = float(np.median(s[felt])) if felt.any() else 150.0
        # Green symbols seen through a camera are paler (mixed with the ivory face) than the felt.
        mat = felt & (v < felt_v * 1.35) & (s > felt_s * 0.8)
        # A tile's bamboo symbols look like mat and leak into the thin gaps around it: fill tiles as solid
        # blobs from the mat without its thin parts, then cut them apart again along the visible gaps.
        solid = _fill_holes((~cv2.morphologyEx(mat.astype(np.uint8), cv2.MORPH_OPEN, np.ones((3, 3), np.uint8)).astype(bool)).astype(np.uint8) * 255)
        objects = np.asarray(solid & ~(mat.astype(np.uint8) * 255), np.uint8)
        back = (((h < 9) | (h > 170)) & (s > 150)).astype(np.uint8)
        self._solid = solid
        return objects, back, mat

    def read(self, view: NDArray[np.uint8], known: Callable[[float, float, bool], bool] | None = None) -> FrameReading:
        """Every lying tile in the view, placed and scored.

        `known(x, y, sideways)` may say a tile there is already read with confidence: it is then not
        classified again (its scores stay zero), which keeps a full table cheap.
        """
        objects, back, mat = self.masks(view)
        # Eroding 2 px breaks the thin contacts between neighbouring tiles; boxes grow back by ERODE below.
        objects = cv2.erode(objects, np.ones((2 * ERODE + 1, 2 * ERODE + 1), np.uint8), iterations=1)
        n, labels, stats, _ = cv2.connectedComponentsWithStats(objects, connectivity=4)
        boxes: list[tuple[int, int, int, int]] = []
        min_side = (self.geo.tile_w - 8) * self.ppm
        for i in range(1, n):
            x, y, w, h, _ = (int(v) for v in stats[i])
            if w < min_side or h < min_side:
                continue
            self._cut(labels[y : y + h, x : x + w] == i, self._solid[y : y + h, x : x + w] > 0, x, y, boxes)
        tiles: list[TileReading] = []
        crops: list[list[NDArray[np.uint8]]] = []
        rows: list[int] = []
        for x, y, w, h in boxes:
            x, y, w, h = x - ERODE, y - ERODE, w + 2 * ERODE, h + 2 * ERODE
            cell = back[max(0, y) : y + h, max(0, x) : x + w]
            red = float(cell.mean()) if cell.size else 0.0
            cx, cy = (x + w / 2) / self.ppm, (y + h / 2) / self.ppm
            reading = self._reading(cx, cy, w / self.ppm, h / self.ppm, red > 0.5)
            if reading is None:
                continue
            if not reading.face_down and (known is None or not known(reading.x, reading.y, reading.sideways)):
                crops.append(self._crops(view, reading.x, reading.y, reading.seat, reading.sideways))
                rows.append(len(tiles))
            tiles.append(reading)
        for row, scores in zip(rows, self.templates.scores(crops), strict=True):
            tiles[row] = replace(tiles[row], scores=scores)
        quarter = cv2.resize(
            mat.astype(np.uint8), (view.shape[1] // 4, view.shape[0] // 4), interpolation=cv2.INTER_AREA
        )
        return FrameReading(tuple(tiles), quarter > 0, self.ppm / 4.0)

    def _cut(
        self, m: NDArray[np.bool_], solid: NDArray[np.bool_], x0: int, y0: int, boxes: list[tuple[int, int, int, int]]
    ) -> None:
        """Split a blob of touching tiles into a grid of tile boxes (eroded pixels, like the blob).

        Both ways a tile can lie (long side along x or along y) are tried; the grid that explains the blob's
        size best wins. A blob that no grid explains (an arm, a stick) yields nothing.
        """
        h, w = m.shape
        ppm = self.ppm
        gap = 3.0 * ppm
        grow = 2 * ERODE
        best: tuple[float, int, int] | None = None
        # As seen from above a lying tile also shows a sliver of its body: a little wider and longer.
        short, long_ = self.geo.tile_w + 1.0, self.geo.tile_h + 2.5
        for a, b in ((short, long_), (long_, short)):
            a, b = a * ppm, b * ppm
            nx = max(1, int(round((w + grow + gap) / (a + gap))))
            ny = max(1, int(round((h + grow + gap) / (b + gap))))
            err_x = abs(w + grow - (nx * a + (nx - 1) * gap)) / nx
            err_y = abs(h + grow - (ny * b + (ny - 1) * gap)) / ny
            # Both sides must fit: a standing tile's top (20 mm deep) is no lying tile (26 mm).
            if max(err_x, err_y) > 4.5 * ppm:
                continue
            if best is None or err_x + err_y < best[0]:
                best = (err_x + err_y, nx, ny)
        if best is None:
            return
        err, nx, ny = best
        if nx * ny > 40:
            return
        step_x, step_y = (w + grow) / nx, (h + grow) / ny
        for iy in range(ny):
            for ix in range(nx):
                bx = int(round(ix * step_x))
                by = int(round(iy * step_y))
                bw = int(round(step_x)) - grow
                bh = int(round(step_y)) - grow
                cell = solid[by : by + bh, bx : bx + bw]
                if cell.size and cell.mean() > 0.6:
                    boxes.append((x0 + bx, y0 + by, bw, bh))

    def _reading(self, x: float, y: float, w: float, h: float, is_back: bool) -> TileReading | None:
        seat, area, u, v = self.geo.area_of(x, y)
        if area == "outside":
            return None
        wide = w > h
        sideways = wide if seat in (0, 2) else not wide
        scores = np.zeros(N_CLASSES, np.float32)
        if is_back:
            scores[BACK_CLASS] = 1.0
        return TileReading(x, y, seat, area, u, v, sideways, is_back, scores)

    def _crops(self, view: NDArray[np.uint8], x: float, y: float, seat: int, sideways: bool) -> list[NDArray[np.uint8]]:
        r = np.array(_seat_right(seat))
        out_v = np.array(_seat_out(seat))
        bases = [(r, out_v), (-r, -out_v)] if not sideways else [(out_v, -r), (-out_v, r)]
        tw, th = TEMPLATE_SIZE
        crops = []
        for a, b in bases:
            sx = self.geo.tile_w * self.ppm / tw
            sy = self.geo.tile_h * self.ppm / th
            c = np.array([x, y]) * self.ppm
            origin = c - (tw / 2) * sx * a - (th / 2) * sy * b
            m = np.array([[a[0] * sx, b[0] * sy, origin[0]], [a[1] * sx, b[1] * sy, origin[1]]], np.float32)
            crops.append(cv2.warpAffine(view, m, (tw, th), flags=cv2.INTER_LINEAR | cv2.WARP_INVERSE_MAP))
        return crops


def _fill_holes(mask: NDArray[np.uint8]) -> NDArray[np.uint8]:
    """The mask with every enclosed hole (a tile's symbols) filled."""
    h, w = mask.shape
    flood = np.zeros((h + 2, w + 2), np.uint8)
    outside = mask.copy()
    outside[0, :] = 0
    outside[-1, :] = 0
    outside[:, 0] = 0
    outside[:, -1] = 0
    cv2.floodFill(outside, flood, (0, 0), 255)
    return np.asarray(mask | cv2.bitwise_not(outside), np.uint8)


def _seat_right(seat: int) -> tuple[float, float]:
    return ((1.0, 0.0), (0.0, -1.0), (-1.0, 0.0), (0.0, 1.0))[seat]


def _seat_out(seat: int) -> tuple[float, float]:
    return ((0.0, 1.0), (1.0, 0.0), (0.0, -1.0), (-1.0, 0.0))[seat]

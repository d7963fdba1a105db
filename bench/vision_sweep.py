"""The scale-sweep and close-up hand sets built from labelled real photos (used by bench/vision.py).

Scale sweep: every photo as it is, zoomed crops where a chosen tile is 20-50 % of the width (a close-up),
and mosaics of 3x3 / 5x5 photos where tiles are 2-5 % of the width (a whole table in a wide frame). Tiles cut
by a crop's border count as truths when at least `KEEP_VISIBLE` of them is inside, else neither right nor
wrong. Close-up hand set: crops of one row of tiles (a photo's tiles in one line, upright, no rotated copy).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import cv2
import numpy as np

KEEP_VISIBLE = 0.6
BANDS = ((0.02, 0.05), (0.05, 0.10), (0.10, 0.20), (0.20, 0.55))


@dataclass(frozen=True)
class Sample:
    """One test image: BGR image, truth boxes xyxy and kinds, ignore boxes, tile width share, kind of set."""

    image: np.ndarray
    boxes: np.ndarray
    kinds: np.ndarray
    ignore: np.ndarray
    name: str

    @property
    def tile_share(self) -> float:
        if not len(self.boxes):
            return 0.0
        return float(np.median(self.boxes[:, 2] - self.boxes[:, 0])) / self.image.shape[1]


def band_of(share: float) -> str | None:
    for lo, hi in BANDS:
        if lo <= share < hi:
            return f"{lo * 100:.0f}-{hi * 100:.0f} %"
    return None


def _crop(sample: Sample, x1: int, y1: int, x2: int, y2: int, out_w: int, name: str) -> Sample:
    image = sample.image[y1:y2, x1:x2]
    scale = out_w / max(1, x2 - x1)
    image = cv2.resize(image, (out_w, max(1, round((y2 - y1) * scale))), interpolation=cv2.INTER_LINEAR)
    off = np.array([x1, y1, x1, y1], np.float32)

    def clip(boxes: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        if not len(boxes):
            return boxes.reshape(0, 4), np.zeros(0)
        c = np.clip(boxes, [x1, y1, x1, y1], [x2, y2, x2, y2])
        area = np.prod(boxes[:, 2:] - boxes[:, :2], 1)
        vis = np.prod(np.clip(c[:, 2:] - c[:, :2], 0, None), 1) / np.maximum(area, 1e-9)
        return (c - off) * scale, vis

    boxes, vis = clip(sample.boxes)
    ign, ivis = clip(sample.ignore)
    keep = vis >= KEEP_VISIBLE
    cut = (vis > 0) & ~keep
    ignore = np.concatenate([boxes[cut], ign[ivis > 0]]).reshape(-1, 4)
    return Sample(image, boxes[keep], sample.kinds[keep], ignore, name)


def zoomed(samples: Sequence[Sample], shares: Sequence[float], seed: int = 0) -> list[Sample]:
    """Crops (4:3, resized to 1024 px wide) where a random tile of each photo is `share` of the width."""
    rng = np.random.default_rng(seed)
    out = []
    for s in samples:
        if not len(s.boxes):
            continue
        h, w = s.image.shape[:2]
        for share in shares:
            i = int(rng.integers(len(s.boxes)))
            bx1, by1, bx2, by2 = s.boxes[i]
            cw = (bx2 - bx1) / share
            ch = cw * 0.75
            if cw > w or ch > h or cw < 16:
                continue
            cx = rng.uniform(*sorted((max(0, bx2 - cw), min(w - cw, bx1))))
            cy = rng.uniform(*sorted((max(0, by2 - ch), min(h - ch, by1))))
            x1, y1 = int(np.clip(cx, 0, w - cw)), int(np.clip(cy, 0, h - ch))
            crop = _crop(s, x1, y1, int(x1 + cw), int(y1 + ch), 1024, f"{s.name}@zoom{share:.2f}")
            if len(crop.boxes):
                out.append(crop)
    return out


def mosaics(samples: Sequence[Sample], grid: int, count: int, seed: int = 0) -> list[Sample]:
    """`count` images of grid x grid photos side by side (tiles 1/grid of their share in one photo)."""
    rng = np.random.default_rng(seed + grid)
    out = []
    for n in range(count):
        pick = rng.choice(len(samples), grid * grid, replace=False)
        size = samples[0].image.shape[0]
        canvas = np.zeros((size * grid, size * grid, 3), np.uint8)
        boxes, kinds, ignore = [], [], []
        for k, j in enumerate(pick):
            s = samples[int(j)]
            img = cv2.resize(s.image, (size, size))
            sy, sx = size / s.image.shape[0], size / s.image.shape[1]
            r, c = divmod(k, grid)
            canvas[r * size : (r + 1) * size, c * size : (c + 1) * size] = img
            off = np.array([c * size, r * size, c * size, r * size], np.float32)
            sc = np.array([sx, sy, sx, sy], np.float32)
            boxes.append(s.boxes * sc + off)
            kinds.append(s.kinds)
            ignore.append(s.ignore.reshape(-1, 4) * sc + off)
        out.append(
            Sample(
                canvas,
                np.concatenate(boxes),
                np.concatenate(kinds),
                np.concatenate(ignore),
                f"mosaic{grid}x{grid}-{n}",
            )
        )
    return out


def rows(samples: Sequence[Sample], min_tiles: int = 6, seed: int = 0) -> list[Sample]:
    """Close-ups of one row of tiles: crops around a line of >= min_tiles upright tiles, 1024 px wide."""
    rng = np.random.default_rng(seed)
    out = []
    for s in samples:
        if len(s.boxes) < min_tiles:
            continue
        b = s.boxes
        cy = (b[:, 1] + b[:, 3]) / 2
        hgt = float(np.median(b[:, 3] - b[:, 1]))
        order = np.argsort(cy)
        groups: list[list[int]] = []
        for i in order:
            if groups and abs(cy[i] - np.mean(cy[groups[-1]])) < 0.35 * hgt:
                groups[-1].append(int(i))
            else:
                groups.append([int(i)])
        for g in groups:
            if len(g) < min_tiles:
                continue
            gb = b[g]
            # an upright row: boxes of similar height, tops in line (a rotated copy has a slanted row)
            if np.ptp(gb[:, 1]) > 0.3 * hgt or np.ptp(gb[:, 3] - gb[:, 1]) > 0.4 * hgt:
                continue
            tw = float(np.median(gb[:, 2] - gb[:, 0]))
            mx, my = rng.uniform(0.3, 1.2) * tw, rng.uniform(0.3, 1.0) * hgt
            x1, y1 = int(max(0, gb[:, 0].min() - mx)), int(max(0, gb[:, 1].min() - my))
            x2 = int(min(s.image.shape[1], gb[:, 2].max() + mx))
            y2 = int(min(s.image.shape[0], gb[:, 3].max() + my))
            crop = _crop(s, x1, y1, x2, y2, 1024, f"{s.name}@row{g[0]}")
            # only rows that stand alone: every truth in the crop is one of the row's tiles
            if len(crop.boxes) == len(g) and not len(crop.ignore):
                out.append(crop)
    return out

"""Zoomed close-up crops cut from the real TRAINING photos, with their boxes re-cut, for the localizer.

The real photos (`hk-real-train`) show tiles at ~12 % of the width; a user's close-up of one hand shows
them at 20-50 %. Each crop here is a window of a training photo around a chosen tile, sized so that the
tile is `share` of the window's width (drawn log-uniformly between `min_share` and `max_share`, up to a
tile filling half the frame), with a random aspect ratio, resized so that its long side is `out_size` px.

Boxes are re-cut as `bench/vision_sweep.py` cuts its sweep: a tile at least `KEEP_VISIBLE` (60 %) inside the
window stays a tile (its box clipped to the window); a tile cut by the border with less inside is neither a
tile nor background: its visible part is painted over in the letterbox grey (114) so that the localizer is
neither taught to find a sliver nor to call one background, and it is returned in `ignore`. Flower and
season tiles (the data set's `ignore/`) are tiles to a localizer, as in `hk_real.write_yolo_split`.

Only training photos are used: `write_closeups` takes a `Split` and cuts from `split.train`, refusing a photo
whose source is on the validation side (the split is by source photo, `datasets/hk_real.py`).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

import cv2
import numpy as np
from numpy.typing import NDArray
from riichi_table.datasets.errors import DatasetError
from riichi_table.datasets.hk_real import LabelledPhoto, Split

KEEP_VISIBLE = 0.6
GREY = 114
_ASPECTS = (4 / 3, 1.0, 3 / 4, 16 / 9)


@dataclass(frozen=True)
class CloseUp:
    """One crop: BGR image, tile boxes xyxy in its pixels, their class ids (-1: flower/season), cut tiles."""

    image: NDArray[np.uint8]
    boxes: NDArray[np.float32]  # (N, 4) xyxy, crop pixels, clipped to the crop
    class_id: NDArray[np.int64]  # (N,)
    ignore: NDArray[np.float32]  # (M, 4) xyxy: tiles cut by the border, painted grey in `image`
    name: str

    def yolo_lines(self, agnostic: bool = True) -> list[str]:
        """`class xc yc w h` rows normalised to the crop (class 0 for every tile when `agnostic`)."""
        h, w = self.image.shape[:2]
        rows = []
        for cid, (x1, y1, x2, y2) in zip(self.class_id, self.boxes, strict=True):
            c = 0 if agnostic else int(cid)
            xc, yc = (x1 + x2) / 2 / w, (y1 + y2) / 2 / h
            rows.append(f"{c} {xc:.6f} {yc:.6f} {(x2 - x1) / w:.6f} {(y2 - y1) / h:.6f}")
        return rows


def _pixels(photo: LabelledPhoto, w: int, h: int) -> tuple[NDArray[np.float32], NDArray[np.int64]]:
    """Every tile of the photo as xyxy pixels (faces with their class, flower/season tiles as -1)."""
    rows = np.concatenate([photo.boxes_xywhn, photo.ignore_xywhn.reshape(-1, 4)]).astype(np.float32)
    ids = np.concatenate([photo.class_id, np.full(len(photo.ignore_xywhn), -1, np.int64)])
    xc, yc, bw, bh = rows.T
    xyxy = np.stack([(xc - bw / 2) * w, (yc - bh / 2) * h, (xc + bw / 2) * w, (yc + bh / 2) * h], 1)
    return xyxy.astype(np.float32).reshape(-1, 4), ids


def cut(
    image: NDArray[np.uint8],
    boxes: NDArray[np.float32],
    class_id: NDArray[np.int64],
    window: tuple[int, int, int, int],
    out_size: int,
    name: str,
) -> CloseUp:
    """The crop of `image` inside `window` (x1, y1, x2, y2 pixels) resized so its long side is `out_size`.

    Tiles >= KEEP_VISIBLE inside keep their clipped box; tiles partly inside with less are painted grey (where
    no kept tile's box lies) and listed in `ignore`; tiles wholly outside are dropped.
    """
    x1, y1, x2, y2 = window
    if not (0 <= x1 < x2 <= image.shape[1] and 0 <= y1 < y2 <= image.shape[0]):
        h, w = image.shape[:2]
        raise DatasetError(f"{name}: window {window} is not inside the {w}x{h} image")
    crop = image[y1:y2, x1:x2].copy()
    lo = np.array([x1, y1, x1, y1], np.float32)
    clipped = np.clip(boxes, lo, [x2, y2, x2, y2]).reshape(-1, 4)
    area = np.prod(np.clip(boxes[:, 2:] - boxes[:, :2], 0, None), 1)
    seen = np.prod(np.clip(clipped[:, 2:] - clipped[:, :2], 0, None), 1)
    visible = seen / np.maximum(area, 1e-9)
    keep = visible >= KEEP_VISIBLE
    partial = (seen > 0) & ~keep
    local = clipped - lo
    # paint the cut tiles, but never over a kept tile (neighbours' boxes overlap in a packed row)
    paint = np.zeros(crop.shape[:2], bool)
    for bx1, by1, bx2, by2 in local[partial]:
        paint[int(by1) : int(np.ceil(by2)), int(bx1) : int(np.ceil(bx2))] = True
    for bx1, by1, bx2, by2 in local[keep]:
        paint[int(by1) : int(np.ceil(by2)), int(bx1) : int(np.ceil(bx2))] = False
    crop[paint] = GREY
    scale = out_size / max(x2 - x1, y2 - y1)
    size = (max(1, round((x2 - x1) * scale)), max(1, round((y2 - y1) * scale)))
    interp = cv2.INTER_AREA if scale < 1 else cv2.INTER_LINEAR
    resized = cv2.resize(crop, size, interpolation=interp)
    # per-axis scale of the rounded output size, so that a box at the far edge stays inside the image
    axes = np.array([size[0] / (x2 - x1), size[1] / (y2 - y1)] * 2, np.float32)
    return CloseUp(
        resized,
        (local[keep] * axes).astype(np.float32),
        class_id[keep],
        (local[partial] * axes).astype(np.float32),
        name,
    )


def closeups_of(
    photo: LabelledPhoto,
    count: int,
    rng: np.random.Generator,
    min_share: float = 0.12,
    max_share: float = 0.5,
    out_size: int = 640,
) -> Iterator[CloseUp]:
    """`count` close-ups of one photo, each around a random tile `share` of the window's width."""
    if not 0.0 < min_share <= max_share < 1.0:
        raise DatasetError(f"tile shares must satisfy 0 < min <= max < 1, got {min_share}..{max_share}")
    image = cv2.imread(str(photo.image))
    if image is None:
        raise DatasetError(f"cannot read {photo.image}")
    h, w = image.shape[:2]
    boxes, ids = _pixels(photo, w, h)
    if not len(boxes):
        return
    for n in range(count):
        i = int(rng.integers(len(boxes)))
        bx1, by1, bx2, by2 = boxes[i]
        share = float(np.exp(rng.uniform(np.log(min_share), np.log(max_share))))
        cw = (bx2 - bx1) / share
        ch = cw / _ASPECTS[int(rng.integers(len(_ASPECTS)))]
        cw, ch = min(cw, w), min(ch, h)
        if cw < 32 or ch < 32:
            continue
        # a window that holds the chosen tile where it can (it may be cut when the window is smaller)
        x1 = rng.uniform(*sorted((max(0.0, min(bx2 - cw, w - cw)), max(0.0, min(bx1, w - cw)))))
        y1 = rng.uniform(*sorted((max(0.0, min(by2 - ch, h - ch)), max(0.0, min(by1, h - ch)))))
        window = (int(x1), int(y1), int(min(w, x1 + cw)), int(min(h, y1 + ch)))
        close = cut(image, boxes, ids, window, out_size, f"{photo.image.stem}_close{n}")
        if len(close.boxes):
            yield close


def write_closeups(
    split: Split,
    out: Path,
    per_photo: int = 1,
    seed: int = 0,
    out_size: int = 640,
    min_share: float = 0.12,
    max_share: float = 0.5,
    part: str = "train",
) -> tuple[int, int]:
    """Write close-ups of every training image as a YOLO set (`out/images/<part>`, `out/labels/<part>`, one
    class); returns (images, tiles). Deterministic from `seed`."""
    val_sources = {p.source for p in split.val}
    leaked = sorted({p.source for p in split.train} & val_sources)
    if leaked:
        raise DatasetError(f"the split puts source photos on both sides: {', '.join(leaked[:5])}")
    images = out / "images" / part
    labels = out / "labels" / part
    images.mkdir(parents=True, exist_ok=True)
    labels.mkdir(parents=True, exist_ok=True)
    made = tiles = 0
    for k, photo in enumerate(split.train):
        rng = np.random.default_rng([seed, k])
        for close in closeups_of(photo, per_photo, rng, min_share, max_share, out_size):
            cv2.imwrite(str(images / f"{close.name}.jpg"), close.image, [cv2.IMWRITE_JPEG_QUALITY, 92])
            rows = close.yolo_lines()
            (labels / f"{close.name}.txt").write_text("\n".join(rows) + ("\n" if rows else ""))
            made, tiles = made + 1, tiles + len(rows)
    return made, tiles


def sources_in(folder: Path) -> set[str]:
    """The source-photo stems a written close-up folder was cut from (for checks: no validation photo)."""
    from riichi_table.datasets.hk_real import source_of

    return {source_of(p.name.rsplit("_close", 1)[0] + ".jpg") for p in folder.rglob("*.jpg")}


def tile_shares(closeups: Sequence[CloseUp]) -> NDArray[np.float64]:
    """Median tile width / crop width of each close-up."""
    return np.array([np.median(c.boxes[:, 2] - c.boxes[:, 0]) / c.image.shape[1] for c in closeups])

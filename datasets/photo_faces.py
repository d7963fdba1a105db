"""Tile faces cut from real photos (the labelled `hk-real-train` set), as a `TileArt` the renderer draws.

The public-domain art is clean vector drawing; a camera over a real table sees printed, worn, unevenly lit
faces. This module cuts one face per kind out of the labelled photos and hands them to the renderer in the
art's own form (`datasets.tile_art.TileArt`), so a game clip can be drawn with real faces (docs/live.md,
"Real photographed faces").

Only the validation split's photos (`datasets.hk_real.split_photos`) are used: the classifiers were trained
on the training split, and faces they learned from would flatter them. Per kind the best crop is kept:

- upright boxes only (taller than wide, as a face seen from above at its own seat is; the photos are
  stretched to 640x640, so the aspect allowed is wide), away from the photo's edge and not overlapped by
  another box (a covered face);
- trimmed to the face: the box is narrowed to the bright, low-saturation face it holds (boxes also hold a bit
  of the tile's side or of the mat); a face that fills its upright bounding box badly lies tilted (a rotated
  copy of a photo) and is left out;
- scored by size times sharpness (variance of the Laplacian; a grey photo scores less), so a large, focused
  face wins;
- upside down or not: a face whose ink layout matches the drawn art of its kind (`base`) better turned half
  round is turned (the set holds flipped copies); a face the check calls upright wins over a turned one.

The set is Hong Kong style: it has no red fives, so `0m 0p 0s` are the plain fives with their ink turned red
(as a real red five is printed), and its white dragon is a blue frame, not blank. The back and the colours
of the tile body come from the `base` art (the project's red backs), so only the faces change.

API: `load_photo_art(folder, base) -> TileArt`, cached per process. Raises `DatasetError` naming the folder
when it is missing or not the labelled-photo layout, and naming the kinds no usable crop was found for.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from pathlib import Path

import cv2
import numpy as np
from numpy.typing import NDArray
from riichi_table.datasets.errors import DatasetError
from riichi_table.datasets.hk_real import LabelledPhoto, load_photos, split_photos
from riichi_table.datasets.tile_art import FACE_ASPECT, TileArt, _pyramid, _rounded_mask
from riichi_table.engine.tiles import KIND_COUNT, tile_from_class

# The art's face canvas (width, height) a crop is resized to.
FACE_SIZE = (round(800 * FACE_ASPECT), 800)
# Crops smaller than this (pixels, the box's long side in the 640x640 photo) are too soft to draw from.
MIN_HEIGHT = 48
# Upright: height / width of the box (a real face is 1.33; the photos' stretching moves it both ways).
ASPECT = (1.1, 1.9)
EDGE = 4  # px a box must keep from the photo's border
RED_FIVES = {"0m": "5m", "0p": "5p", "0s": "5s"}


@dataclass(frozen=True)
class Crop:
    """A candidate face: the photo, its box in pixels (x0, y0, x1, y1) and its score."""

    photo: Path
    box: tuple[int, int, int, int]
    score: float
    turned: bool = False  # upside down in the photo: turned half round when cut


def _pixel_boxes(photo: LabelledPhoto, w: int, h: int) -> NDArray[np.float32]:
    xc, yc, bw, bh = photo.boxes_xywhn.T if len(photo.boxes_xywhn) else np.zeros((4, 0), np.float32)
    return np.stack([(xc - bw / 2) * w, (yc - bh / 2) * h, (xc + bw / 2) * w, (yc + bh / 2) * h], axis=1)


def _overlapped(boxes: NDArray[np.float32], i: int) -> bool:
    x0, y0, x1, y1 = boxes[i]
    area = max((x1 - x0) * (y1 - y0), 1.0)
    for j, (a0, b0, a1, b1) in enumerate(boxes):
        if j != i:
            inter = max(0.0, min(x1, a1) - max(x0, a0)) * max(0.0, min(y1, b1) - max(y0, b0))
            if inter > 0.12 * area:
                return True
    return False


def _ivory(crop: NDArray[np.uint8]) -> NDArray[np.uint8]:
    """The bright, low-saturation (ivory) part of a crop as a 0/1 mask, small gaps (the ink) closed."""
    hsv = cv2.cvtColor(crop, cv2.COLOR_BGR2HSV)
    v = hsv[..., 2].astype(np.float32)
    ivory = ((hsv[..., 1] < 90) & (v > np.percentile(v, 35))).astype(np.uint8)
    return cv2.morphologyEx(ivory, cv2.MORPH_CLOSE, np.ones((5, 5), np.uint8))


def _face_box(crop: NDArray[np.uint8]) -> tuple[int, int, int, int] | None:
    """(x, y, w, h) of the face inside a box: the largest ivory part when it is most of the box; `None`
    when that part is tilted (a rotated copy of a photo, a tile lying askew), since its corners would show
    the mat."""
    n, labels, stats, _ = cv2.connectedComponentsWithStats(_ivory(crop))
    h, w = crop.shape[:2]
    if n < 2:
        return (0, 0, w, h)
    best = 1 + int(np.argmax(stats[1:, cv2.CC_STAT_AREA]))
    x, y, bw, bh, _ = (int(v) for v in stats[best])
    if bw * bh < 0.55 * w * h:
        return (0, 0, w, h)
    # The part with its holes (the ink) filled: an upright face fills its bounding box but for the corners.
    part = (labels == best).astype(np.uint8)
    outline, _ = cv2.findContours(part, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    area = max(cv2.contourArea(c) for c in outline)
    if area < 0.88 * bw * bh:
        return None  # a tilted face fills its upright bounding box badly
    return (x, y, bw, bh)


def _ink(face: NDArray[np.uint8]) -> NDArray[np.float32]:
    """A coarse, zero-mean, unit-norm map of where a face's ink is (BGR or BGRA input)."""
    small = cv2.resize(np.ascontiguousarray(face[..., :3]), (24, 32), interpolation=cv2.INTER_AREA)
    hsv = cv2.cvtColor(small, cv2.COLOR_BGR2HSV).astype(np.float32)
    paper = float(np.percentile(hsv[..., 2], 90))
    ink = np.maximum((paper - hsv[..., 2]) / 120.0, (hsv[..., 1] - 40.0) / 100.0).clip(0, 1)
    ink = cv2.GaussianBlur(ink, (0, 0), 1.0)
    ink -= ink.mean()
    return ink / max(float(np.linalg.norm(ink)), 1e-6)


def _upside_down(face: NDArray[np.uint8], reference: NDArray[np.uint8]) -> bool:
    """Whether a face matches the drawn art of its kind better turned half round (a photo's flipped copy, a
    tile seen from across the table): the ink's layout (a character above its suit sign, the dots' pattern,
    a corner index) says which way up it is."""
    ink, ref = _ink(face), _ink(reference)
    return float((ink[::-1, ::-1] * ref).sum()) > float((ink * ref).sum())


def _candidates(photos: tuple[LabelledPhoto, ...], base: TileArt) -> dict[int, list[Crop]]:
    out: dict[int, list[Crop]] = {k: [] for k in range(KIND_COUNT)}
    for photo in photos:
        image = cv2.imread(str(photo.image), cv2.IMREAD_COLOR)
        if image is None:
            raise DatasetError(f"photo {photo.image} cannot be read")
        h, w = image.shape[:2]
        boxes = _pixel_boxes(photo, w, h)
        for i, kind in enumerate(photo.class_id):
            x0, y0, x1, y1 = boxes[i]
            bw, bh = x1 - x0, y1 - y0
            upright = ASPECT[0] <= bh / max(bw, 1) <= ASPECT[1]
            if not (0 <= kind < KIND_COUNT) or bh < MIN_HEIGHT or not upright:
                continue
            if x0 < EDGE or y0 < EDGE or x1 > w - EDGE or y1 > h - EDGE or _overlapped(boxes, i):
                continue
            bx0, by0 = int(x0), int(y0)
            crop = image[by0 : int(np.ceil(y1)), bx0 : int(np.ceil(x1))]
            inner = _face_box(crop)
            if inner is None:
                continue
            fx, fy, fw, fh = inner
            face = crop[fy : fy + fh, fx : fx + fw]
            if fh < MIN_HEIGHT:
                continue
            turned = _upside_down(face, base.faces[tile_from_class(int(kind)).name][100])
            patch = cv2.resize(cv2.cvtColor(face, cv2.COLOR_BGR2GRAY), (60, 80), interpolation=cv2.INTER_AREA)
            sharp = float(cv2.Laplacian(patch, cv2.CV_32F).var())
            colour = float(cv2.cvtColor(face, cv2.COLOR_BGR2HSV)[..., 1].mean())  # a grey photo scores lower
            box = (bx0 + fx, by0 + fy, bx0 + fx + fw, by0 + fy + fh)
            score = fh * np.sqrt(sharp) * min(1.0, 0.5 + colour / 40)
            out[int(kind)].append(Crop(photo.image, box, float(score), turned))
    return out


def _face(crop: NDArray[np.uint8]) -> NDArray[np.uint8]:
    """A trimmed BGR crop as a BGRA face of the art's size, with the art's rounded corners."""
    face = cv2.resize(crop, FACE_SIZE, interpolation=cv2.INTER_CUBIC)
    w, h = FACE_SIZE
    alpha = _rounded_mask(w, h, round(min(w, h) * 0.09))
    return np.dstack([face, alpha])


def _reddened(face: NDArray[np.uint8]) -> NDArray[np.uint8]:
    """A plain five's face with its ink (what is darker or more coloured than the ivory) printed red."""
    hsv = cv2.cvtColor(face[..., :3], cv2.COLOR_BGR2HSV).astype(np.float32)
    paper = float(np.percentile(hsv[..., 2], 90))
    ink = np.clip(np.maximum((paper - hsv[..., 2]) / 120.0, (hsv[..., 1] - 40.0) / 100.0), 0.0, 1.0)
    h, w = ink.shape
    inner = np.zeros_like(ink)
    inner[h // 12 : h - h // 12, w // 10 : w - w // 10] = 1.0  # the rim and what the crop kept of the side
    ink *= inner
    red = np.empty_like(face[..., :3], dtype=np.float32)
    red[:] = (40.0, 40.0, 200.0)
    out = face.copy()
    mixed = face[..., :3].astype(np.float32) * (1 - ink[..., None]) + red * ink[..., None]
    out[..., :3] = np.clip(mixed, 0, 255).astype(np.uint8)
    return out


def _border_colour(faces: list[NDArray[np.uint8]]) -> tuple[int, int, int]:
    """The faces' ivory: the median colour of a band just inside their edges."""
    rims = []
    for face in faces:
        m = face.shape[0] // 12
        rims += [face[m : 2 * m, m:-m, :3].reshape(-1, 3), face[-2 * m : -m, m:-m, :3].reshape(-1, 3)]
    b, g, r = (int(v) for v in np.median(np.concatenate(rims), axis=0))
    return (b, g, r)


def best_crops(folder: Path, base: TileArt) -> dict[str, Crop]:
    """The chosen crop per kind name (`1m` .. `7z`) from the validation split of the photos in `folder`;
    `base` (the drawn art) tells which way up a face is."""
    photos = split_photos(load_photos(folder)).val
    candidates = _candidates(photos, base)
    missing = [tile_from_class(k).name for k, crops in candidates.items() if not crops]
    if missing:
        raise DatasetError(
            f"{folder}: no usable face crop (upright, at least {MIN_HEIGHT} px, uncovered) in the validation "
            f"photos for {' '.join(missing)}"
        )
    # A face the art check calls upright wins over a turned one (most photos show faces upright; the check
    # is a coarse one and is trusted where it agrees with the photo).
    return {
        tile_from_class(k).name: max(crops, key=lambda c: (not c.turned, c.score))
        for k, crops in candidates.items()
    }


@functools.lru_cache(maxsize=4)
def _load(folder: Path, base: TileArt) -> TileArt:
    faces: dict[str, NDArray[np.uint8]] = {}
    for name, crop in best_crops(folder, base).items():
        image = cv2.imread(str(crop.photo), cv2.IMREAD_COLOR)
        x0, y0, x1, y1 = crop.box
        cut = image[y0:y1, x0:x1]
        faces[name] = _face(cut[::-1, ::-1] if crop.turned else cut)
    colour = _border_colour(list(faces.values()))
    for red, plain in RED_FIVES.items():
        faces[red] = _reddened(faces[plain])
    return TileArt(
        style=base.style,
        folder=folder,
        faces={name: _pyramid(face) for name, face in faces.items()},
        back=base.back,
        face_colour=colour,
        back_colour=base.back_colour,
    )


def load_photo_art(folder: str | Path, base: TileArt) -> TileArt:
    """Faces cut from the labelled photos in `folder` (the hk-real-train layout), back and body from `base`;
    cached per process."""
    path = Path(folder).expanduser().resolve()
    if not path.is_dir():
        raise DatasetError(f"photo faces folder {folder} does not exist (expected the hk-real-train photos)")
    return _load(path, base)

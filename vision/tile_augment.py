"""Altered copies of enrolled tile crops, so a profile's prototypes cover how tiles look on a table.

`augmented` alters a crop in place (a few degrees of turn, shift, scale, squash, light, blur, noise): for
crops already cut from table photos. `scene_augmented` rebuilds a table's view of an upright crop from the
layout sheet: the tile beside other tiles, turned any way, cut by its axis-aligned box (a wide box turned
upright, as `vision.crops` does), shrunk to the few dozen pixels a tile has in a table photo, under another
light. Measured with `bench/enroll.py` (docs/vision.md): on the recoloured set it lifts prototypes from
73-75 % to 77-78 %; on real photo crops it costs points, so `--labelled` photos keep `augmented`.
"""

from __future__ import annotations

import cv2
import numpy as np
from numpy.typing import NDArray

_TILE_W, _TILE_H = 48, 64  # a tile's face at its real aspect (about 26.5 x 35 mm)


def augmented(crops: NDArray[np.uint8], copies: int, seed: int = 0) -> NDArray[np.uint8]:
    """`copies` altered copies of each crop, as photos of a table alter a tile: a few degrees of turn, a
    little shift and scale, a squashed (oblique) view, light, white balance, blur and noise.
    """
    rng = np.random.default_rng(seed)
    out = []
    for _ in range(copies):
        for crop in crops:
            s = crop.shape[0]
            centre = (s / 2 + rng.normal(0, 1.5), s / 2 + rng.normal(0, 1.5))
            turn = cv2.getRotationMatrix2D(centre, float(rng.normal(0, 4)), float(rng.uniform(0.92, 1.12)))
            x = cv2.warpAffine(crop, turn, (s, s), borderMode=cv2.BORDER_REPLICATE).astype(np.float32)
            x = _light(rng, x)
            if rng.random() < 0.5:
                x = cv2.GaussianBlur(x, (0, 0), float(rng.uniform(0.5, 1.5)))
            if rng.random() < 0.5:
                x = cv2.resize(cv2.resize(x, (s, int(s * rng.uniform(0.75, 1.0)))), (s, s))
            out.append(np.clip(x + rng.normal(0, 4, x.shape), 0, 255).astype(np.uint8))
    return np.stack(out) if out else crops[:0]


def _light(rng: np.random.Generator, x: NDArray[np.float32]) -> NDArray[np.float32]:
    """Brightness, contrast and white balance of another lamp."""
    return (x * rng.uniform(0.6, 1.3) + rng.uniform(-25, 25)) * rng.uniform(0.85, 1.15, 3)


def _neighbours(rng: np.random.Generator, tiles: list[NDArray[np.uint8]], i: int) -> NDArray[np.float32]:
    """A 3 x 3 tile canvas on a cloth colour: tile `i` in the middle, maybe other tiles beside, above or
    below it (a row of a pond, a hand), a gap of a few pixels or none."""
    w, h = _TILE_W, _TILE_H
    canvas = np.empty((3 * h, 3 * w, 3), np.float32)
    canvas[:] = rng.integers(20, 200, 3)
    canvas[h : 2 * h, w : 2 * w] = tiles[i]
    gap = int(rng.integers(0, 4))
    if rng.random() < 0.6:
        canvas[h : 2 * h, : w - gap] = tiles[int(rng.integers(len(tiles)))][:, gap:]
    if rng.random() < 0.6:
        canvas[h : 2 * h, 2 * w + gap :] = tiles[int(rng.integers(len(tiles)))][:, : w - gap]
    if rng.random() < 0.3:
        row = int(rng.integers(2)) * 2 * h
        canvas[row : row + h, w : 2 * w] = tiles[int(rng.integers(len(tiles)))]
    return canvas


def _box_crop(rng: np.random.Generator, canvas: NDArray[np.float32]) -> NDArray[np.float32]:
    """The middle tile turned by a random angle and cut by its (a little noisy) axis-aligned box."""
    w, h = _TILE_W, _TILE_H
    # Half of the tiles at any angle, the rest near upright or lying sideways (riichi discards, calls).
    if rng.random() < 0.5:
        angle = float(rng.uniform(-90, 90))
    else:
        angle = float(rng.normal(0, 6)) + (90.0 if rng.random() < 0.25 else 0.0)
    side = 3 * h
    turn = cv2.getRotationMatrix2D((1.5 * w, 1.5 * h), angle, 1.0)
    turn[:, 2] += np.array([1.5 * h - 1.5 * w, 0.0])  # centred in a square canvas
    turned = cv2.warpAffine(canvas, turn, (side, side), borderMode=cv2.BORDER_REPLICATE)
    corners = np.array([[w, h, 1], [2 * w, h, 1], [2 * w, 2 * h, 1], [w, 2 * h, 1]], np.float32) @ turn.T
    (x1, y1), (x2, y2) = corners.min(0), corners.max(0)
    jx, jy = (x2 - x1) * 0.06, (y2 - y1) * 0.06  # a localizer's box is off by a few per cent
    xa, xb = (int(max(0.0, v + rng.normal(0, jx))) for v in (x1, x2))
    ya, yb = (int(max(0.0, v + rng.normal(0, jy))) for v in (y1, y2))
    crop = turned[ya : max(ya + 4, yb), xa : max(xa + 4, xb)]
    return cv2.rotate(crop, cv2.ROTATE_90_CLOCKWISE) if crop.shape[1] > crop.shape[0] else crop


def scene_augmented(crops: NDArray[np.uint8], copies: int, seed: int = 0) -> NDArray[np.uint8]:
    """`copies` table views of each upright sheet crop (see the module docstring), same size as the crops."""
    if not len(crops):
        return crops[:0]
    rng = np.random.default_rng(seed)
    size = crops.shape[1]
    tiles = [cv2.resize(c, (_TILE_W, _TILE_H), interpolation=cv2.INTER_AREA) for c in crops]
    out = []
    for _ in range(copies):
        for i in range(len(crops)):
            crop = _box_crop(rng, _neighbours(rng, tiles, i))
            tall = int(rng.uniform(16, 56))  # pixels a tile has in a table photo
            wide = max(6, int(tall * crop.shape[1] / crop.shape[0]))
            x = cv2.resize(cv2.resize(crop, (wide, tall), interpolation=cv2.INTER_AREA), (size, size))
            x = _light(rng, x)
            if rng.random() < 0.4:
                x = cv2.GaussianBlur(x, (0, 0), float(rng.uniform(0.5, 1.2)))
            out.append(np.clip(x + rng.normal(0, 4, x.shape), 0, 255).astype(np.uint8))
    return np.stack(out)

"""Cutting tile crops for the classifier, the same way in training and at inference."""

from __future__ import annotations

import cv2
import numpy as np

CROP_MARGIN = 0.06  # fraction of the box size added on each side, so a slightly tight box keeps the face
# The margin for naming a localizer's box at run time. Training crops are cut from true boxes with
# CROP_MARGIN; the localizer's boxes are noisier, and on real validation photos a tight crop names them best
# (docs/vision.md).
BOX_MARGIN = 0.0


def cut_crop(frame: np.ndarray, box: np.ndarray, size: int, margin: float = CROP_MARGIN) -> np.ndarray:
    """One upright size x size BGR crop of an xyxy box (pixels); a wide box is turned a quarter turn."""
    h, w = frame.shape[:2]
    x1, y1, x2, y2 = (float(v) for v in box)
    mx, my = (x2 - x1) * margin, (y2 - y1) * margin
    xa, ya = int(max(0, np.floor(x1 - mx))), int(max(0, np.floor(y1 - my)))
    xb, yb = int(min(w, np.ceil(x2 + mx))), int(min(h, np.ceil(y2 + my)))
    if xb - xa < 2 or yb - ya < 2:
        return np.zeros((size, size, 3), np.uint8)
    crop = frame[ya:yb, xa:xb]
    if crop.shape[1] > crop.shape[0]:
        crop = cv2.rotate(crop, cv2.ROTATE_90_CLOCKWISE)
    return cv2.resize(crop, (size, size), interpolation=cv2.INTER_AREA)


def cut_crops(frame: np.ndarray, boxes: np.ndarray, size: int, margin: float = CROP_MARGIN) -> np.ndarray:
    """(N, size, size, 3) crops of N xyxy boxes."""
    if not len(boxes):
        return np.zeros((0, size, size, 3), np.uint8)
    return np.stack([cut_crop(frame, b, size, margin) for b in boxes])


# Under this `tile_sharpness` a crop is too blurred to learn from. Measured with bench/teach_checks.py on the
# real Hong Kong validation photos (one image per source photo, 704 true-box crops at 64 px): sharp
# crops have sharpness 266 at the 5th percentile (0.6 % under 60; the plainest faces, white dragon and
# backs, of the rendered art sets 450 and up); with the photo blurred by 2 % of a tile's width (the base
# classifier names 3 points fewer right) 9 % fall under 60, at 3.5 % (17 points fewer) 85 %, at 5 % 95 %.
TILE_MIN_SHARPNESS = 60.0


def tile_sharpness(crop: np.ndarray) -> float:
    """Variance of the Laplacian of a crop's grey image, as the classifier sees it (a `cut_crop` crop at the
    model's input size, 64 px): sharp tile faces score hundreds to thousands, blurred ones tens."""
    grey = cv2.cvtColor(crop, cv2.COLOR_BGR2GRAY).astype(np.float32)
    return float(cv2.Laplacian(grey, cv2.CV_32F).var())

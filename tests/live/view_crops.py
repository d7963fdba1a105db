"""A picture cut from a straightened view, put back at its place on a view of the mat's colour."""

from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np


def view_around(picture: Path, at: tuple[int, int], mat_rows: int = 3) -> np.ndarray:
    """The 900 x 900 px view holding `picture` with its top-left corner at `at` (x, y), elsewhere the median
    colour of the picture's first `mat_rows` rows (the mat there)."""
    crop = cv2.imread(str(picture))
    assert crop is not None, picture
    out = np.empty((900, 900, 3), np.uint8)
    out[:] = np.median(crop[:mat_rows].reshape(-1, 3), axis=0).astype(np.uint8)
    x, y = at
    out[y : y + crop.shape[0], x : x + crop.shape[1]] = crop
    return out

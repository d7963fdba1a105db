"""A hand laid open on white cloth whose mask parts where a photographed face's bare end meets the gap
beside it is still cut one cell per tile, at one pitch (vision/tile_cuts.py `_across_bare_bands`).

The row is seat 1's thirteen tiles shown at an exhaustive draw (seed 9599, white cloth, blue backs, 40
degrees, photographed faces), as the reader's tile mask held it in the straightened view (1 px per mm):
tests/live/data/hand_row_bare_band.png, the mask in its blue channel, the outline evidence (`gaps`, in
ninths) in its green one. Cut as two runs, nine tiles and four, the cells jumped 10 px between the 6m and
the 3p and the reader read twelve tiles: the tenpai hand was never shown.
"""

from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np
from riichi_table.vision.tile_cuts import cut_blob
from riichi_table.vision.zones import TableGeometry

ROW = Path(__file__).parent / "data" / "hand_row_bare_band.png"
X0, Y0 = 791, 379  # the row's place in the view
SIDE_MM = (0.0, 10.98)  # each face's side towards the camera, as the clip's camera showed it


def _row() -> tuple[np.ndarray, np.ndarray]:
    image = cv2.imread(str(ROW))
    return image[:, :, 0] > 0, (image[:, :, 1] / 9.0).astype(np.float32)


def _starts(blob: np.ndarray, gaps: np.ndarray) -> list[int]:
    boxes: list[tuple[int, int, int, int]] = []
    cut_blob(blob, gaps, X0, Y0, boxes, TableGeometry(), 1.0, rims=True, side_mm=SIDE_MM)
    return sorted(y for _, y, _, _ in boxes)


def test_the_row_parted_by_a_bare_band_is_thirteen_cells_at_one_pitch() -> None:
    blob, gaps = _row()
    assert (blob.mean(axis=1)[248:254] <= 0.08).all()  # the band: next to nothing of the mask across the row
    starts = _starts(blob, gaps)
    assert len(starts) == 13, starts
    pitches = np.diff(starts)
    assert pitches.min() >= 27 and pitches.max() <= 31, pitches


def test_a_winning_tile_set_apart_by_a_band_as_wide_stays_apart() -> None:
    # The same row with its band filled, and its last tile moved 10 px further off: a lone tile that fits
    # at its usual size is a tile set apart (a winning tile), and the row is not joined across its gap.
    blob, gaps = _row()
    blob[248:254] = blob[247]
    last = blob.shape[0] - 27
    apart = np.concatenate((blob[:last], np.zeros((10, blob.shape[1]), bool), blob[last:]))
    starts = _starts(
        apart, np.concatenate((gaps[:last], np.ones((10, gaps.shape[1]), np.float32), gaps[last:]))
    )
    assert len(starts) == 13, starts
    assert starts[-1] - starts[-2] >= 36, starts  # the apart tile keeps its own place

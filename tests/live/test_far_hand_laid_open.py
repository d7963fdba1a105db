"""A far hand laid open on wood felt, read whole (docs/live.md, "Shaded ivory, inked faces and a far hand").

Seed 533, wood felt, green backs, 40 degrees, hard: at the ron seat 2 (the far side) laid its hand open, and
it was read whole only in its last frames before the table was swept, too late to settle. Two faults, each
shown here on the masks the reader had then (1 px/mm, the view at face height):
- its 4s and 3s touched, their faces trimmed a little narrower than they are (the camera's pose makes a
  far tile's side longer than it shows): 52 px for two tiles of 27, and no sequence of widths fitted
  (`tile_cuts.HAND_OVERLAP_MM`);
- a red dragon's 中, its stroke near the wood's colour, cut a notch from the face's top edge; the stick
  opening took the strip beside it, which measured 20 mm with a sliver down the face's rim and was not put
  back, and the face was left out as too short (`not_tiles.without_sticks`).
"""

from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np
from riichi_table.vision.not_tiles import without_sticks
from riichi_table.vision.tile_cuts import cut_blob
from riichi_table.vision.zones import TableGeometry

DATA = Path(__file__).parent / "data"
GEO = TableGeometry()


def _mask(name: str) -> np.ndarray:
    return (cv2.imread(str(DATA / name), cv2.IMREAD_GRAYSCALE) > 0).astype(np.uint8)


def test_two_far_faces_trimmed_narrow_and_touching_are_cut_as_two_tiles() -> None:
    # Seat 2's 4s 3s 2s 8p 7p 6p 9m 8m, faces only, at view (525, 74); each tile's side shows 3.4 mm along
    # the row, more than the gap between two tiles, so no mat is looked for there.
    blob = _mask("far_hand_faces.png").astype(bool)
    boxes: list[tuple[int, int, int, int]] = []
    cut_blob(blob, np.ones(blob.shape, np.float32), 525, 74, boxes, GEO, 1.0, side_mm=(-3.4, 0.0))
    starts = sorted(x for x, _, _, _ in boxes)
    assert starts[0] <= 527 and 549 <= starts[1] <= 553  # the 4s and the 3s
    assert len(boxes) >= 7


def test_a_faces_top_strip_beside_a_notch_is_put_back_and_a_stick_still_goes() -> None:
    solid = _mask("far_red_dragons_solid.png")  # seat 2's 7m, two red dragons and a 4s, at view (415, 60)
    top_left = (slice(15, 25), slice(53, 63))  # the first dragon's face beside its 中's stroke
    assert solid[top_left].mean() > 0.95
    kept = without_sticks(solid, GEO, 1.0, [])
    assert kept[top_left].mean() > 0.95
    with_stick = np.pad(solid, ((0, 20), (0, 0)))
    with_stick[82:91, 5:110] = 1  # a point stick, 9 mm wide, lying a few mm below the row
    rejected: list = []
    kept = without_sticks(with_stick, GEO, 1.0, rejected)
    assert kept[82:91].sum() == 0 and any(r.reason == "point stick" for r in rejected)
    assert kept[top_left].mean() > 0.95


# Seed 5101, wood felt, red backs, 37 degrees, light 0.55: seat 2's winning 4m, laid apart from its hand, its
# face mask at view (342, 74) with a 13 x 8 mm corner missing (1 px/mm).
NOTCHED_4M = (
    ["." * 13 + "#" * 9] * 8
    + ["#" * 22] * 13
    + ["#" * 21 + "."] * 11
    + [
        ".####################.",
        ".####.###############.",
    ]
)


def test_a_lone_far_face_with_a_corner_missing_is_measured_a_lying_tiles_length() -> None:
    # Rows over half filled span 26 mm, shorter than a lying tile's long side: the reader took it for a
    # standing tile's top and the win was not read (`tile_cuts.NOTCH_FILL`).
    blob = np.array([[c == "#" for c in row] for row in NOTCHED_4M])
    assert blob.shape == (34, 22)
    boxes: list[tuple[int, int, int, int]] = []
    cut_blob(blob, np.ones(blob.shape, np.float32), 342, 74, boxes, GEO, 1.0)
    ((_, y, _, h),) = boxes
    assert h >= GEO.tile_h - 3 and y == 74

"""A dead-wall indicator inked densely in its backs' colour is a face, not a stack (`vision.tile_cuts`,
`_shallow_inked_faces`): recorded from a render of blue felt, green backs, 44 degrees, light 0.55 (seed
6607), seat 0's view of the dead wall at the hand's start: seven stacks, the third an 8s indicator whose
dark green strokes filled 0.4-0.7 of its columns with back colour. Green: the wall's mask; red: back
colour; blue: grey levels."""

from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np
from riichi_table.vision import tile_cuts
from riichi_table.vision.tile_cuts import cut_dead_wall
from riichi_table.vision.zones import TableGeometry

GEO = TableGeometry()
DATA = Path(__file__).parent / "data"
AT = (353, 411)
SIDE = 17.6


def _wall() -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    image = cv2.imread(str(DATA / "inked_indicator_wall.png"))
    return image[..., 1] > 127, (image[..., 2] > 127).astype(np.uint8), image[..., 0]


def test_the_inked_indicator_is_cut_as_a_face_between_seven_stacks() -> None:
    blob, back, grey = _wall()
    boxes: list[tuple[int, int, int, int]] = []
    cut_dead_wall(blob, back, *AT, boxes, GEO, 1.0, grey, SIDE)
    boxes.sort()
    assert len(boxes) == 7, boxes
    widths = [w for _, _, w, _ in boxes]
    assert all(abs(w - GEO.tile_w) <= 3 for w in widths), boxes
    depths = [h for _, _, _, h in boxes]
    # The third is a face, a tile deep; the others stacks, two tiles deep as seen.
    assert abs(depths[2] - GEO.tile_h) <= 4, boxes
    assert all(d > 1.8 * GEO.tile_h for k, d in enumerate(depths) if k != 2), boxes


def test_a_stack_shallower_than_the_rest_stays_a_stack() -> None:
    # A stack one tile high (its upper tile drawn after a kan) is shallower, but back-coloured all across.
    blob, back, _ = _wall()
    share = (back * blob).sum(axis=0) / np.maximum(blob.sum(axis=0), 1)
    fill = blob.mean(axis=0)
    faces = tile_cuts._shallow_inked_faces(share, fill, GEO, 1.0)
    assert 18 <= faces.sum() <= 30 and faces[410 - AT[0] : 430 - AT[0]].all(), np.flatnonzero(faces)
    shallow = fill.copy()
    shallow[100:130] = 0.6  # the fifth stack, half as deep, its share unchanged
    assert not tile_cuts._shallow_inked_faces(share, shallow, GEO, 1.0)[100:130].any()

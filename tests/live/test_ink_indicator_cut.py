"""A dora indicator inked in the backs' colour (7s on green backs) is cut between the face-down stacks.

Column by column its bamboo is as back-coloured as a stack's edge and row by row it covers about half the
face: the face-up run broke into slivers and no indicator was cut, so no hand started (seed 619, wood felt,
green backs, 40 degrees). The dead wall's columns are judged averaged over a third of a tile's width, and a
face's rows where a third of them is ivory (`vision.tile_cuts.cut_dead_wall`)."""

from __future__ import annotations

import numpy as np
from riichi_table.vision.tile_cuts import cut_dead_wall
from riichi_table.vision.zones import TableGeometry

GEO = TableGeometry()
PITCH = 27  # a stack's width in the view (px at 1 px/mm)


def _dead_wall(stacks_before: int, stacks_after: int) -> tuple[np.ndarray, np.ndarray, int]:
    """A dead wall's row at 1 px/mm, 44 px deep: stacks (all back colour, their side included), then an
    indicator whose face (rows 0-37) carries three sticks of back-coloured ink 4 px wide in two rows (about
    half of a column's depth, as the 7s showed), with
    its side (rows 38-43) in the back colour; returns the blob, the back mask and the indicator's column."""
    width = (stacks_before + 1 + stacks_after) * PITCH
    blob = np.ones((44, width), bool)
    back = np.ones((44, width), np.uint8)
    a = stacks_before * PITCH
    back[:38, a : a + PITCH] = 0
    for col in (4, 11, 18):
        for r0 in (8, 24):
            back[r0 : r0 + 8, a + col : a + col + 4] = 1
    return blob, back, a


def test_an_indicator_inked_in_the_backs_colour_is_cut_as_one_face_up_tile() -> None:
    blob, back, a = _dead_wall(2, 3)
    boxes: list[tuple[int, int, int, int]] = []
    cut_dead_wall(blob, back, 0, 0, boxes, GEO, 1.0)
    faces = [b for b in boxes if back[b[1] : b[1] + b[3], b[0] : b[0] + b[2]].mean() < 0.5]
    assert len(faces) == 1, boxes
    x, y, w, h = faces[0]
    assert abs(x + w / 2 - (a + PITCH / 2)) <= 2 and w >= PITCH - 8  # centred on the face
    assert y == 0 and h >= GEO.tile_h - 3  # the whole face, not a sliver between its sticks
    assert len(boxes) == 6  # and a box per stack, two before it and three after


def test_an_indicator_with_a_broad_stroke_of_the_backs_colour_down_its_middle_is_one_face_up_tile() -> None:
    # An east wind on blue backs: its navy stroke, 8 px wide down the face, read as back colour
    # (seed 4673, black felt, blue backs, 40 degrees: the face parted in two, neither cut, no hand started).
    blob, back, a = _dead_wall(2, 4)
    back[:38, a : a + PITCH] = 0
    back[2:36, a + 10 : a + 18] = 1
    back[6:12, a + 3 : a + 24] = 1  # and a bar across its top
    boxes: list[tuple[int, int, int, int]] = []
    cut_dead_wall(blob, back, 0, 0, boxes, GEO, 1.0)
    faces = [b for b in boxes if back[b[1] : b[1] + b[3], b[0] : b[0] + b[2]].mean() < 0.6]
    assert len(faces) == 1, boxes
    x, _, w, _ = faces[0]
    assert abs(x + w / 2 - (a + PITCH / 2)) <= 3 and w >= PITCH - 8
    assert len(boxes) == 7

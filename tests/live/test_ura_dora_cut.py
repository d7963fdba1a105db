"""The ura dora laid under its indicator (docs/live.md, "What is not a tile": the dead wall's face shows two
tiles, an indicator and its ura dora under it) is cut where the two faces touch, each a tile deep, however
deep the run looks: on white cloth, seen at 37 degrees, the run was 83 px for two 37.5 px faces (the lying
tile's body toward the camera, the felt inside the outline) and a middle cut put the ura dora's crop 5 px
low, its 3m read as 6m (seed 211, white cloth, black backs, 37 degrees: the ron's ura dora, so its score)."""

from __future__ import annotations

import numpy as np
import pytest
from riichi_table.vision.tile_cuts import cut_dead_wall
from riichi_table.vision.zones import TableGeometry

GEO = TableGeometry()
FACE = GEO.tile_h + 2.5  # a face-up tile's depth in the view (px at 1 px/mm)


def _column(depth: int, touch: int, symbols: tuple[int, ...]) -> tuple[np.ndarray, np.ndarray]:
    """A face-up dead-wall column 29 px wide and `depth` deep; the two faces' rims meet at row `touch`;
    `symbols` are rows of dark ink inside the faces (darker at their darkest pixel, not across the row)."""
    blob = np.ones((depth, 29), bool)
    grey = np.full((depth, 29), 200, np.uint8)
    grey[touch, :] = 70  # the rims where the faces touch: dark across the whole column
    for r in symbols:
        grey[r, 10:19] = 30
    grey[depth - 5 :, :] = 190  # felt inside white cloth's outline
    return blob, grey


@pytest.mark.parametrize(("depth", "touch"), [(83, 38), (80, 37), (76, 38)], ids=["83px", "80px", "76px"])
def test_the_ura_dora_is_cut_where_it_touches_its_indicator(depth: int, touch: int) -> None:
    blob, grey = _column(depth, touch, symbols=(12, 30, 44, 52))
    back = np.zeros(blob.shape, np.uint8)
    boxes: list[tuple[int, int, int, int]] = []
    cut_dead_wall(blob, back, 436, 420, boxes, GEO, 1.0, grey)
    assert len(boxes) == 2, boxes
    (_, y1, _, h1), (_, y2, _, h2) = sorted(boxes, key=lambda b: b[1])
    assert y2 == 420 + touch and y1 + h1 == y2, boxes
    assert abs(h1 - FACE) <= 1.5 and abs(h2 - FACE) <= 1.5, boxes


def test_without_the_view_the_two_deep_run_is_cut_at_its_middle() -> None:
    blob, _ = _column(80, 37, symbols=())
    boxes: list[tuple[int, int, int, int]] = []
    cut_dead_wall(blob, np.zeros(blob.shape, np.uint8), 436, 420, boxes, GEO, 1.0)
    assert sorted(b[1] for b in boxes) == [420, 460]

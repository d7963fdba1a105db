"""An upright tile and a sideways one side by side in a pond row (a riichi tile after an ordinary discard,
seed 002 3.3.7 / docs/live.md pond layout): on white cloth the rims show everywhere, so only the depth
across the row tells which is which. A camera at 37-40 degrees shows both deeper than they are (a face stands
above the table plane): the deeper one is the upright tile whatever its depth (seed 211, white cloth, black
backs, 37 degrees: the riichi tile was cut upright-first and the riichi was lost)."""

from __future__ import annotations

import numpy as np
import pytest
from riichi_table.vision.tile_cuts import cut_blob
from riichi_table.vision.zones import TableGeometry

GEO = TableGeometry()


def _row(first_sideways: bool, upright_depth: int, sideways_depth: int) -> list[tuple[int, int, int, int]]:
    """One pond row of seat 0 (rows along x) holding an upright and a sideways tile touching, 42 px deep,
    flat rim evidence; returns the boxes cut from it."""
    height, up_w, side_w = 42, 29, 39  # touching: the tiles' sides fill the gap between them
    widths = (side_w, up_w) if first_sideways else (up_w, side_w)
    depths = (sideways_depth, upright_depth) if first_sideways else (upright_depth, sideways_depth)
    blob = np.zeros((height, sum(widths)), bool)
    at = 0
    for w, d in zip(widths, depths, strict=True):
        blob[height - d :, at : at + w] = True  # both tiles lie against the row's outer edge
        at += w
    gaps = np.full(blob.shape, 0.9, np.float32)
    x0, y0 = 450 - blob.shape[1] // 2, 450 + round(GEO.pond_v0) - height // 2
    boxes: list[tuple[int, int, int, int]] = []
    cut_blob(blob, gaps, x0, y0, boxes, GEO, 1.0)
    return boxes


@pytest.mark.parametrize(
    "first_sideways", [False, True], ids=["upright-then-sideways", "sideways-then-upright"]
)
@pytest.mark.parametrize(
    ("upright", "sideways"),
    [(41, 36), (42, 37), (35, 26)],
    ids=["41-over-36px", "42-over-37px", "35-over-26px"],
)
def test_the_shallower_of_two_touching_pond_tiles_is_cut_sideways(
    first_sideways: bool, upright: int, sideways: int
) -> None:
    boxes = _row(first_sideways, upright, sideways)
    assert len(boxes) == 2, boxes
    wide = [w > (GEO.tile_w + GEO.tile_h) / 2 for _, _, w, _ in sorted(boxes)]
    assert wide == ([True, False] if first_sideways else [False, True]), boxes


def test_a_row_of_upright_tiles_as_deep_as_its_blob_has_no_sideways_tile() -> None:
    height = 42
    blob = np.zeros((height, 6 * 27 + 5 * 3 + 4), bool)
    for k in range(6):
        blob[1:, 2 + 30 * k : 2 + 30 * k + 27] = True
    blob[:, :] |= blob.any(axis=0)[None, :] & (np.arange(height) >= 1)[:, None]
    gaps = np.full(blob.shape, 0.9, np.float32)
    boxes: list[tuple[int, int, int, int]] = []
    cut_blob(blob, gaps, 450 - blob.shape[1] // 2, 450 + 125 - height // 2, boxes, GEO, 1.0)
    assert len(boxes) == 6 and all(w < 32 for _, _, w, _ in boxes), boxes

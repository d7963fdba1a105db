"""A pond row's one tile, cut sideways, is read sideways though it shows a few mm deeper across its row than
it is long (`tile_cuts._sideways_depth`).

Blue felt, green backs, 44 degrees, light 0.55 (seed 6743): seat 2's riichi 3p, alone in its far third row,
was cut sideways 37 px long and 35-39 deep (its side, beyond what the face-height view took away); the reader
takes a cell deeper than long for an upright tile, so it was read upright whenever it showed 39, and its
riichi was never read. A sideways cell in a row of others keeps its depth: a tile being laid beside the row's
last one made the two one sideways cell for a few frames (seed 5927, wood felt), and read upright it stayed
the tile it covered.
"""

from __future__ import annotations

import numpy as np
from riichi_table.vision.tile_cuts import cut_blob
from riichi_table.vision.tile_reading import lies_sideways
from riichi_table.vision.zones import TableGeometry

GEO = TableGeometry()
AT = (365, 235)  # seat 2's third pond row's corner in the 900 px view (1 px per mm)


def _read(blob: np.ndarray) -> list[tuple[float, bool]]:
    """(u mm, read sideways) of each cell cut from a seat 2 pond row."""
    boxes: list[tuple[int, int, int, int]] = []
    cut_blob(blob, np.zeros(blob.shape, np.float32), *AT, boxes, GEO, 1.0)
    out = []
    for x, y, w, h in boxes:
        seat, area, u, _ = GEO.area_of(x + w / 2, y + h / 2)
        assert (seat, area) == (2, "pond")
        out.append((u, lies_sideways(seat, area, w, h)))
    return sorted(out)


def test_a_rows_only_tile_cut_sideways_and_seen_a_little_deep_is_read_sideways() -> None:
    for depth in (35, 37, 39, 40):
        blob = np.zeros((depth, 172), bool)
        blob[:, 135:172] = True  # 37 px along the row
        assert [side for _, side in _read(blob)] == [True], depth


def test_a_rows_only_tile_much_deeper_than_long_is_left_as_it_was() -> None:
    blob = np.zeros((46, 172), bool)
    blob[:, 135:172] = True  # 9 px deeper than long: something touches it, the cut does not judge it
    assert [side for _, side in _read(blob)] == [False]


def test_a_sideways_cell_among_upright_ones_keeps_its_depth() -> None:
    blob = np.zeros((39, 172), bool)
    for k in range(3):
        blob[:, 2 + 29 * k : 29 + 29 * k] = True  # three upright tiles, 27 px apart by 2
    blob[:, 90:127] = True  # then a 37 px cell, as deep as they are
    cells = _read(blob)
    assert len(cells) == 4 and not any(side for _, side in cells), cells

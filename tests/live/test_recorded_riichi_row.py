"""A pond row holding the riichi tile the game has recorded is cut with that tile sideways at no cost
(`tile_cuts.cut_blob`'s `riichi`, fed by `TableReader.riichi_tiles`).

On white cloth at face height a pond row's fill is ragged (its faces' far edges show no edge on the cloth),
and every sideways tile there costs POND_SIDEWAYS_COST: the rare riichi tile. Recorded from a render of white
cloth, blue backs, 40 degrees (seed 6471), frame 741: the face mask (green) and the outline evidence (blue)
of seat 2's pond as the reader cut it. Its third row holds 7m, 5m, the riichi 3m laid sideways and a 2p:
118 px long, where four upright tiles fit 3.3 mm apart. The 3m, cut sideways while it was the row's last
tile, was cut upright once the 2p lay beside it, and its riichi was taken back before the win.
"""

from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np
from riichi_table.vision.tile_cuts import cut_blob
from riichi_table.vision.zones import TableGeometry

from tests.live.test_live_events import _start

DATA = Path(__file__).parent / "data"
GEO = TableGeometry()
AT = (364, 231)  # the blob's corner in the 900 px view (1 px per mm)
SIDE_MM = (-0.72, 20.08)  # how far a lying tile's side shows there along x and y (`cut_side`)
RIICHI_3M = (461.7, 251.1)  # where the 3m's track lay (view px)
THIRD_ROW_V = 190.0  # seat 2's third row lies beyond this (mm from the table's centre)


def _third_row(
    riichi: tuple[tuple[float, float], ...], held: list[int] | None = None
) -> list[tuple[float, bool]]:
    """Seat 2's third pond row as cut: (u mm, sideways) along the row; with `held`, its cells' places
    in it (as `_third_row` sorts them) that the record alone cut so."""
    img = cv2.imread(str(DATA / "riichi_row_white_cloth.png"))
    blob, gaps = img[..., 1] > 127, img[..., 0].astype(np.float32) / 255
    boxes: list[tuple[int, int, int, int]] = []
    indices: list[int] = []
    cut_blob(blob, gaps, *AT, boxes, GEO, 1.0, True, SIDE_MM, riichi, indices)
    cells = []
    for k, (x, y, w, h) in enumerate(boxes):
        u, v = GEO.to_seat(2, x + w / 2, y + h / 2)
        if v > THIRD_ROW_V:
            cells.append((u, w > (GEO.tile_w + GEO.tile_h) / 2, k in indices))  # seat 2's rows run along x
        else:
            assert k not in indices  # rows without the riichi tile are cut alike either way
    cells.sort()
    if held is not None:
        held += [n for n, (_, _, by_record) in enumerate(cells) if by_record]
    return [(u, sideways) for u, sideways, _ in cells]


def test_without_the_record_the_riichi_row_is_cut_as_four_upright_tiles() -> None:
    assert [sideways for _, sideways in _third_row(())] == [False] * 4


def test_with_the_recorded_riichi_tile_its_row_is_cut_with_it_sideways_where_it_lies() -> None:
    cells = _third_row((RIICHI_3M,))
    # From seat 2's left: 7m, 5m, the 3m sideways, 2p.
    assert [sideways for _, sideways in cells] == [False, False, True, False]
    u, _ = cells[2]
    # The sideways 3m lies after two upright tiles (centres 29 mm apart from -72.5) and a gap: about -10.
    assert abs(u - (-43.5 + GEO.tile_w / 2 + 3.0 + GEO.tile_h / 2)) <= 4.0


def test_the_cells_of_a_row_cut_so_by_the_record_alone_are_told_held() -> None:
    # Their readings are no evidence of the riichi tile's orientation (vision/riichi_reread.py, `counted`).
    held: list[int] = []
    _third_row((RIICHI_3M,), held)
    assert held == [0, 1, 2, 3]
    held = []
    _third_row((), held)
    assert held == []


def test_the_riichi_tiles_recorded_are_where_their_tracks_lie() -> None:
    table = _start()
    table.discard(0, 0, 27)
    riichi = table.discard(1, 0, 5, sideways=True)
    assert [e["type"] for e in table.events][-3:] == ["tsumo", "reach", "dahai"]
    assert table.reader.riichi_tiles() == [(riichi.x, riichi.y)]

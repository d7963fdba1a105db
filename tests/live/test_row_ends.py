"""A side seat's pond row whose end does not show where its tile ends is still cut one cell per tile
(vision/tile_cuts.py `_cut_row`: FAR_EDGE_MM on white cloth, the near end's side residue otherwise).

Seen from a camera at the table's side, a side seat's pond row runs towards the camera: each lying tile's
side shows beyond its face on the camera's side (`side_mm`), and the reader keeps the faces alone
(`vision.face_height.faces_only`). Two ends may then be measured wrong:

- White cloth with photographed faces (seed 8647, blue backs, 40 degrees): a face's ivory end is the cloth's
  colour, with no drawn rim, and the row's far end is lost. Seat 1's three pond tiles measured 77 px for
  81; no cut fitted and the row went unread for forty frames.
- Black backs on wood felt (seed 8919, 37 degrees, full light): the backs lie near the felt's colour and
  the faces are kept by the side's ivory part alone, which leaves part of the nearest tile's side. Seat 3's
  two tiles of its second pond row measured 61 px; no cut fitted and its 2p was never read.

And a pond row's tiles that touch, measured as wide as they are, are still one cell each
(`POND_OVERLAP_MM`).

Rows here are synthetic blobs (1 px per mm) at the clips' places.
"""

from __future__ import annotations

import numpy as np
from riichi_table.vision.tile_cuts import cut_blob
from riichi_table.vision.zones import TableGeometry

GEO = TableGeometry()
DEPTH = 34  # a side seat's upright tile across its row (its face's long side)
PITCH = 29  # tile (26) and gap (3) along the row


def _cells(tiles: int, far_lost: int, near_extra: int, x0: int, y0: int, rims: bool, side: float) -> list:
    """Cut a row of `tiles` upright tiles along y whose first (far) `far_lost` px do not show and whose last
    tile reaches `near_extra` px past its face; the cells' centres along the row, from the first tile's
    true far edge."""
    length = tiles * PITCH - 3 - far_lost + near_extra
    blob = np.ones((length, DEPTH), bool)
    gaps = np.ones((length, DEPTH), np.float32)
    boxes: list[tuple[int, int, int, int]] = []
    cut_blob(blob, gaps, x0, y0 + far_lost, boxes, GEO, 1.0, rims=rims, side_mm=(3.0, side))
    return sorted(y + h / 2 - y0 for _, y, _, h in boxes)


def test_a_row_on_white_cloth_whose_far_end_is_lost_is_cut_from_its_near_end() -> None:
    centres = _cells(3, far_lost=7, near_extra=0, x0=557, y0=456, rims=True, side=13.8)
    assert len(centres) == 3, centres
    assert all(abs(c - (13 + i * PITCH)) <= 3 for i, c in enumerate(centres)), centres


def test_a_row_on_white_cloth_with_both_ends_seen_is_cut_as_before() -> None:
    centres = _cells(3, far_lost=0, near_extra=0, x0=557, y0=456, rims=True, side=13.8)
    assert len(centres) == 3 and all(abs(c - (13 + i * PITCH)) <= 2 for i, c in enumerate(centres)), centres


def test_a_row_whose_nearest_tile_keeps_part_of_its_side_is_cut_short_of_it() -> None:
    centres = _cells(2, far_lost=0, near_extra=6, x0=268, y0=364, rims=False, side=13.4)
    assert len(centres) == 2, centres
    assert all(abs(c - (13 + i * PITCH)) <= 3 for i, c in enumerate(centres)), centres


def test_a_run_too_long_for_its_tiles_by_more_than_a_sides_residue_is_not_cut() -> None:
    # 76 px: too long for an upright tile and a sideways one, too short for three upright ones, with or
    # without the side's residue (5 px here): no cell is made up.
    assert _cells(2, far_lost=0, near_extra=21, x0=268, y0=364, rims=False, side=13.4) == []


def test_two_touching_pond_tiles_measured_as_wide_as_they_are_are_two_cells() -> None:
    # Seed 9055, wood felt, red backs, 37 degrees, light 0.55: the far seat's last two discards touching in
    # its third row, 52 px for two cells of 27 (a tile's width and 1 mm); no cut fitted and its last discard
    # was never read.
    blob = np.ones((35, 52), bool)
    boxes: list[tuple[int, int, int, int]] = []
    cut_blob(blob, np.ones(blob.shape, np.float32), 483, 235, boxes, GEO, 1.0, side_mm=(-2.0, 17.4))
    centres = sorted(x + w / 2 - 483 for x, _, w, _ in boxes)
    assert len(centres) == 2, boxes
    assert abs(centres[0] - 13) <= 2 and abs(centres[1] - 39) <= 2, centres

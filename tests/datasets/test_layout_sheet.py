"""datasets.layout_sheet: the printable enroll sheet, its geometry, and finding it in a photo."""

from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np
import pytest
from riichi_table.datasets.errors import DatasetError
from riichi_table.datasets.layout_sheet import SHEET, find_sheet, render_sheet
from riichi_table.datasets.tile_art import load_art, paste_tile, render_tile
from riichi_table.engine.tiles import parse_tile, parse_tiles, tile


def test_sheet_has_one_cell_for_each_kind_and_red_five() -> None:
    tiles = [cell.tile for cell in SHEET.cells]
    assert len(tiles) == 37 == len(set(tiles))
    assert set(tiles) == {tile(k) for k in range(34)} | set(parse_tiles("0m0p0s"))
    assert [c.tile for c in SHEET.cells[:10]] == parse_tiles("1234567890m")


def test_cells_and_markers_stay_on_the_page_and_apart() -> None:
    boxes = [c.corners_mm() for c in SHEET.cells] + [m.corners_mm() for m in SHEET.markers]
    for b in boxes:
        assert b.min() >= 5.0 and b[:, 0].max() <= SHEET.width_mm - 5 and b[:, 1].max() <= SHEET.height_mm - 5
    for m in SHEET.markers:
        mx0, my0 = m.corners_mm().min(axis=0) - 3  # a quiet zone round each marker
        mx1, my1 = m.corners_mm().max(axis=0) + 3
        for c in SHEET.cells:
            cx0, cy0 = c.corners_mm().min(axis=0)
            cx1, cy1 = c.corners_mm().max(axis=0)
            assert cx1 <= mx0 or cx0 >= mx1 or cy1 <= my0 or cy0 >= my1
    assert sorted(m.marker_id for m in SHEET.markers) == [0, 1, 2, 3]


def test_sheet_is_found_in_a_tilted_photo_with_tiles_on_it(tile_art_dir: Path) -> None:
    dpi = 100
    px = dpi / 25.4
    page = cv2.cvtColor(render_sheet(dpi), cv2.COLOR_GRAY2BGR)
    art = load_art(tile_art_dir, "Regular")
    for cell in SHEET.cells:
        cx, cy = cell.centre_mm
        paste_tile(page, render_tile(art, cell.tile, height=round(34 * px)), (cx * px, cy * px))
    h, w = page.shape[:2]
    src = np.array([[0, 0], [w, 0], [w, h], [0, h]], np.float32)
    dst = np.array([[60, 40], [w + 10, 80], [w - 40, h + 20], [30, h - 10]], np.float32)
    photo_h = cv2.getPerspectiveTransform(src, dst)
    photo = cv2.warpPerspective(page, photo_h, (w + 80, h + 80), borderValue=(40, 90, 40))
    to_mm = find_sheet(photo)
    cell = SHEET.cell_for(parse_tile("0p"))
    where = cv2.perspectiveTransform(np.array([[cell.centre_mm]], np.float64) * px, photo_h)
    back = cv2.perspectiveTransform(where, to_mm)[0, 0]
    assert np.allclose(back, cell.centre_mm, atol=1.0)


def test_photo_without_the_sheet_raises_dataset_error() -> None:
    with pytest.raises(DatasetError, match="markers"):
        find_sheet(np.full((300, 400, 3), 128, np.uint8))


def test_sheet_dpi_out_of_range_raises_dataset_error() -> None:
    with pytest.raises(DatasetError, match="dpi"):
        render_sheet(5)

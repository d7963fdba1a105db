"""vision.layout_sheet: the printable enroll sheet, its geometry, and finding it in a photo."""

from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np
import pytest
from riichi_table.datasets.tile_art import load_art, paste_tile, render_tile
from riichi_table.engine.tiles import parse_tile, parse_tiles, tile
from riichi_table.vision.errors import VisionError
from riichi_table.vision.layout_sheet import SHEET, find_sheet, render_sheet


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
    with pytest.raises(VisionError, match="markers"):
        find_sheet(np.full((300, 400, 3), 128, np.uint8))


def test_sheet_dpi_out_of_range_raises_dataset_error() -> None:
    with pytest.raises(VisionError, match="dpi"):
        render_sheet(5)


def test_sheet_has_two_cells_for_face_down_tiles_clear_of_the_face_cells() -> None:
    from riichi_table.vision.layout_sheet import CELL_H, CELL_W

    assert len(SHEET.back_cells) == 2
    for x, y in SHEET.back_cells:
        assert x + CELL_W <= SHEET.width_mm - 5 and y + CELL_H <= SHEET.height_mm - 5
        for c in SHEET.cells:
            cx0, cy0 = c.corners_mm().min(axis=0)
            cx1, cy1 = c.corners_mm().max(axis=0)
            assert cx1 <= x or cx0 >= x + CELL_W or cy1 <= y or cy0 >= y + CELL_H


def _photo(tile_art_dir: Path, **kw: object) -> np.ndarray:
    from riichi_table.datasets.render_layout import render_sheet_photo

    return render_sheet_photo(str(tile_art_dir), "Black", 3, **kw)  # type: ignore[arg-type]


def test_an_upside_down_sheet_photo_still_labels_every_cell(tile_art_dir: Path) -> None:
    from riichi_table.vision.layout_sheet import read_sheet_photo

    photo = read_sheet_photo(_photo(tile_art_dir, upside_down=True), "upside-down.jpg")
    assert len(photo.crops) == 39 and not photo.empty  # 37 faces (red fives included) and 2 backs
    assert sorted(photo.class_id.tolist()) == sorted([c.tile.detector_class for c in SHEET.cells] + [37, 37])
    # The Black style's backs are blue, its faces black: the crops labelled 37 are the blue ones.
    blue = photo.crops[..., 0].mean(axis=(1, 2)) - photo.crops[..., 2].mean(axis=(1, 2))
    assert set(np.argsort(blue)[-2:]) == set(np.flatnonzero(photo.class_id == 37))


def test_an_empty_cell_is_left_out_and_named(tile_art_dir: Path) -> None:
    from riichi_table.vision.layout_sheet import read_sheet_photo

    photo = read_sheet_photo(_photo(tile_art_dir, empty=("7z", "0m")), "two-missing.jpg")
    assert set(photo.empty) == {"7z", "0m"} and len(photo.crops) == 37
    assert 33 not in photo.class_id and 34 not in photo.class_id


def test_a_sheet_photo_without_markers_is_an_error_naming_the_photo() -> None:
    from riichi_table.vision.layout_sheet import SheetPhotoError, read_sheet_photo

    with pytest.raises(
        SheetPhotoError, match=r"table.jpg: layout sheet not found: saw 0 of its 4 corner markers"
    ):
        read_sheet_photo(np.full((600, 800, 3), 128, np.uint8), "table.jpg")


def test_a_blurred_sheet_photo_is_an_error_naming_the_photo(tile_art_dir: Path) -> None:
    from riichi_table.vision.layout_sheet import SheetPhotoError, read_sheet_photo

    blurred = cv2.GaussianBlur(_photo(tile_art_dir), (0, 0), 2.8)
    with pytest.raises(SheetPhotoError, match=r"shaky.jpg: too blurred"):
        read_sheet_photo(blurred, "shaky.jpg")


def test_markers_in_the_wrong_places_are_the_wrong_sheet(tile_art_dir: Path) -> None:
    """The same four marker ids on another page (a table's calibration card, an old sheet) are refused."""
    from riichi_table.vision.layout_sheet import ARUCO_DICT, SheetPhotoError, read_sheet_photo

    page = np.full((700, 1000), 255, np.uint8)
    dictionary = cv2.aruco.getPredefinedDictionary(getattr(cv2.aruco, ARUCO_DICT))
    for marker_id, (x, y) in enumerate([(40, 40), (860, 40), (860, 560), (300, 560)]):  # not the sheet's
        page[y : y + 100, x : x + 100] = cv2.aruco.generateImageMarker(dictionary, marker_id, 100)
    with pytest.raises(SheetPhotoError, match=r"card.jpg: wrong sheet"):
        read_sheet_photo(cv2.cvtColor(page, cv2.COLOR_GRAY2BGR), "card.jpg")


def test_a_sheet_with_no_tiles_on_it_is_an_error_naming_the_photo() -> None:
    from riichi_table.vision.layout_sheet import SheetPhotoError, read_sheet_photo

    blank = cv2.cvtColor(render_sheet(100), cv2.COLOR_GRAY2BGR)
    with pytest.raises(SheetPhotoError, match=r"blank.jpg: only 0 cells hold a tile"):
        read_sheet_photo(blank, "blank.jpg")

"""A white dragon recorded in a pond on white cloth is a tile of its row again: the reader fills its blank
face into the tile mask where its track lies (`TableReader.blank_faces`, `LiveReader._with_blank_faces`).

Recorded from a render of white cloth, blue backs, 40 degrees (seed 5927, `bench/live.py --matrix`), frame
191: the reader's tile mask (green) around seat 1's second pond row, from the camera's side outwards 1m, P,
9p, 6p, 9p, 4m, all upright. The P's face is the cloth's colour and not in the mask. At face height a pixel
is kept as face only where the mask goes on towards the camera for a side's length (`faces_only`), so the
9p laid after the P lost its near 8 mm, its run of four measured 100 mm for 113, and the cut made the 4m a
sideways cell across the 9p and the 4m: read as a riichi nobody declared.
"""

from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np
from riichi_table.vision.face_height import CameraPose, faces_only
from riichi_table.vision.live_reader import LiveReader, TileTemplates
from riichi_table.vision.tile_cuts import cut_blob
from riichi_table.vision.zones import TableGeometry

from tests.live.test_live_events import _start

DATA = Path(__file__).parent / "data"
GEO = TableGeometry()
# The clip's camera, recovered from its markers (table mm; 1 px per mm in the view).
POSE = CameraPose(foot=(421.71, 1153.68), height_mm=817.14, focal_px=873.18)
AT = (530, 350)  # where the recorded crop lies in the 900 px view
SIDE_MM = (-3.37, 15.25)  # how far a lying tile's side shows there along x and y (`cut_side`)
DRAGON = (561.99, 482.82, 35.0, 26.0)  # the P's box (x, y, w, h mm) as its track gave it at that frame
SPOTS = [-72.5 + 29.0 * k for k in range(6)]  # where the row's six tiles lie along seat 1's u (the render's)
WHITE_DRAGON = 31  # 5z


def _tile_mask() -> np.ndarray:
    crop = cv2.imread(str(DATA / "blank_dragon_row_masks.png"))
    solid = np.zeros((900, 900), np.uint8)
    h, w = crop.shape[:2]
    solid[AT[1] : AT[1] + h, AT[0] : AT[0] + w] = (crop[..., 1] > 127) * 255
    return solid


def _cells(solid: np.ndarray) -> list[tuple[float, bool]]:
    """Seat 1's pond cells as the reader cuts them from a tile mask: (u mm, sideways), along the row."""
    faces = faces_only(solid, POSE, 1.0, np.zeros_like(solid))
    n, labels, stats, _ = cv2.connectedComponentsWithStats(solid, connectivity=4)
    boxes: list[tuple[int, int, int, int]] = []
    for i in range(1, n):
        x, y, w, h, _ = (int(v) for v in stats[i])
        seat, area, _, _ = GEO.area_of(x + w / 2, y + h / 2)
        if seat != 1 or area != "pond":
            continue
        face = (labels[y : y + h, x : x + w] == i) & (faces[y : y + h, x : x + w] > 0)
        rows, cols = np.nonzero(face.any(axis=1))[0], np.nonzero(face.any(axis=0))[0]
        sub = (slice(rows[0], rows[-1] + 1), slice(cols[0], cols[-1] + 1))
        gaps = np.ones(face[sub].shape, np.float32)  # the sides hide the gaps along this row
        cut_blob(face[sub], gaps, x + int(cols[0]), y + int(rows[0]), boxes, GEO, 1.0, True, SIDE_MM)
    # Seat 1's rows run along y: a sideways tile's cell is longer along y than an upright one's.
    long_along = (GEO.tile_w + GEO.tile_h) / 2
    return sorted((GEO.to_seat(1, x + w / 2, y + h / 2)[0], h > long_along) for x, y, w, h in boxes)


def _reader() -> LiveReader:
    from riichi_table.assistant.session import DEMO_DIR

    return LiveReader(TileTemplates.load(DEMO_DIR / "templates.npz"), namer="templates")


def test_without_the_dragon_the_row_after_it_is_cut_short_with_a_sideways_cell() -> None:
    cells = _cells(_tile_mask())
    assert any(sideways for _, sideways in cells)
    assert len(cells) < 5  # the P unseen, and the four after it cut as three


def test_with_the_recorded_dragon_filled_in_the_row_is_six_upright_tiles_at_their_places() -> None:
    reader = _reader()
    reader.blank_faces = [DRAGON]
    cells = _cells(reader._with_blank_faces(_tile_mask()))
    assert [sideways for _, sideways in cells] == [False] * 6
    # Each cell within 7 mm of its tile (the crop is named from its middle; the row is measured a few mm
    # short at its far end, where the 4m's edge shows no outline on the cloth).
    assert all(abs(u - spot) <= 7.0 for (u, _), spot in zip(cells, SPOTS, strict=True))


def test_no_dragon_recorded_leaves_the_tile_mask_as_it_is() -> None:
    solid = _tile_mask()
    assert _reader()._with_blank_faces(solid) is solid


def test_the_white_dragons_recorded_are_where_their_tracks_lie_on_white_cloth_only() -> None:
    table = _start()
    table.reader.pale_felt = True
    table.discard(0, 0, 27)
    dragon = table.discard(1, 0, WHITE_DRAGON)
    table.discard(2, 0, 5)
    assert table.reader.hand.ponds[1] == [dragon.id]
    (box,) = table.reader.blank_faces()
    x, y, w, h = box
    assert (x + w / 2, y + h / 2) == (dragon.x, dragon.y)
    assert (w, h) == (GEO.tile_h, GEO.tile_w)  # seat 1's upright tile: its long side across its row (x)
    table.reader.pale_felt = False  # on felt a white dragon's face is found like any other
    assert table.reader.blank_faces() == []

"""A pond face whose ink alone is in the tile mask is filled around its glyph (vision/lone_faces.py,
`inked_faces`).

Recorded from renders of white cloth, blue backs, 40 degrees, full light: the reader's lightness (blue
channel) and tile mask (green channel) of seat 2's far pond rows, cropped, at the frame the fault showed.
Seed 4801: the east at the left end of the third row, its face's far and outer edges as white as the
cloth; seed 7683: the 1m in the second row, its red character and its bar two pieces of ink 7 px apart.
"""

from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np
import pytest
from riichi_table.vision import lone_faces
from riichi_table.vision.lone_faces import inked_faces
from riichi_table.vision.zones import TableGeometry

DATA = Path(__file__).parent / "data"
GEO = TableGeometry()
VIEW = (900, 900)
CLOTH_L = 241.5  # the cloth's lightness the reader learned in both clips


def _view(name: str, at: tuple[int, int]) -> tuple[np.ndarray, np.ndarray]:
    """The recorded crop's tile mask and lightness, placed at `at` (x, y) in a view of bare cloth."""
    crop = cv2.imread(str(DATA / f"{name}.png"))
    solid = np.zeros(VIEW, np.uint8)
    lightness = np.full(VIEW, CLOTH_L + 10, np.float32)
    h, w = crop.shape[:2]
    solid[at[1] : at[1] + h, at[0] : at[0] + w] = (crop[..., 1] > 127) * 255
    lightness[at[1] : at[1] + h, at[0] : at[0] + w] = crop[..., 0]
    return solid, lightness


def _share(mask: np.ndarray, box: tuple[int, int, int, int]) -> float:
    x0, y0, x1, y1 = box
    return float((mask[y0:y1, x0:x1] > 0).mean())


# Where the faces lie in the view (x0, y0, x1, y1), read off the frames: the rims beside them and the near
# edge above the side's ivory band, 26 x 35 mm.
EAST_FACE = (367, 231, 392, 264)
FOUR_MAN_FACE = (398, 233, 423, 262)  # the east's neighbour, found by its rims
ONE_MAN_FACE = (453, 270, 477, 302)


def test_the_east_at_a_rows_end_gets_its_face_around_its_ink() -> None:
    solid, lightness = _view("far_row_east_ink", (355, 225))
    assert _share(solid, EAST_FACE) < 0.7  # its ink and a little of its side: too narrow to be cut
    after = inked_faces(solid, lightness, CLOTH_L, GEO, 1.0)
    assert _share(after, EAST_FACE) > 0.95
    # Its neighbour, found already, is left as it was.
    x0, y0, x1, y1 = FOUR_MAN_FACE
    assert np.array_equal(after[y0:y1, x0:x1], solid[y0:y1, x0:x1])


def test_a_glyph_in_two_pieces_is_joined_along_its_face() -> None:
    solid, lightness = _view("far_row_one_man_ink", (400, 262))
    assert _share(solid, ONE_MAN_FACE) < 0.65  # its character filled by its strokes, its bar, no more
    assert _share(inked_faces(solid, lightness, CLOTH_L, GEO, 1.0), ONE_MAN_FACE) > 0.95


def test_the_pieces_are_no_face_each(monkeypatch: pytest.MonkeyPatch) -> None:
    """Measured apart, the 1m's character and its bar are each too short for a face: nothing is filled."""
    monkeypatch.setattr(lone_faces, "INK_JOIN_MM", 1.0)
    solid, lightness = _view("far_row_one_man_ink", (400, 262))
    after = inked_faces(solid, lightness, CLOTH_L, GEO, 1.0)
    assert _share(after, ONE_MAN_FACE) == pytest.approx(_share(solid, ONE_MAN_FACE))


def _glyph(at: tuple[int, int], size: tuple[int, int]) -> tuple[np.ndarray, np.ndarray]:
    """A view of bare cloth with one dark glyph of `size` (w, h) px centred at `at`, its ink in the mask."""
    solid = np.zeros(VIEW, np.uint8)
    lightness = np.full(VIEW, CLOTH_L + 10, np.float32)
    (x, y), (w, h) = at, size
    box = (slice(y - h // 2, y - h // 2 + h), slice(x - w // 2, x - w // 2 + w))
    lightness[box] = 90.0
    solid[box] = 255
    return solid, lightness


def test_a_glyph_wider_than_tall_is_left_to_the_cut() -> None:
    """Sideways (a riichi tile's), an upright face around it would be the wrong shape."""
    solid, lightness = _glyph((440, 585), (30, 20))  # seat 0's first pond row
    assert np.array_equal(inked_faces(solid, lightness, CLOTH_L, GEO, 1.0), solid)


def test_only_pond_faces_are_filled() -> None:
    for v in (125 + 35 / 2, 360):  # seat 0's first pond row, then its hand row
        solid, lightness = _glyph((440, round(450 + v)), (20, 28))
        filled = not np.array_equal(inked_faces(solid, lightness, CLOTH_L, GEO, 1.0), solid)
        assert filled == (v < 300)


def test_a_face_found_already_is_left() -> None:
    solid, lightness = _glyph((440, 593), (20, 28))
    solid[593 - 16 : 593 + 14, 440 - 13 : 440 + 12] = 255  # the face itself, a little off its glyph
    assert np.array_equal(inked_faces(solid, lightness, CLOTH_L, GEO, 1.0), solid)

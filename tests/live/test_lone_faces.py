"""A lone pond tile on white cloth at face height is completed from its side (vision/lone_faces.py).

Recorded from a render of white cloth, red backs, the old camera, hard (seed 318): the tile mask and the
back-colour mask of the reader at two frames, cropped (green: tile mask, red: back mask). At the first, seat
3's west lies alone in its pond: its face is the cloth's lightness, only its ink and its near edges were
in the tile mask, and it was never read (its pon read with the 2p laid after it, seat 3's turns shifted by
one). At the second, seat 1's 9s has a red middle row of bamboo ink just above its own back layer: that ink
is no tile's near side.
"""

from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np
import pytest
from riichi_table.vision import lone_faces
from riichi_table.vision.face_height import CameraPose, faces_only
from riichi_table.vision.lone_faces import complete_faces
from riichi_table.vision.zones import TableGeometry

DATA = Path(__file__).parent / "data"
GEO = TableGeometry()
VIEW = (900, 900)
# The clip's camera, recovered from its markers (table mm; 1 px per mm in the view).
POSE = CameraPose(foot=(480.19, 1427.55), height_mm=1534.66, focal_px=1361.27)


def _masks(name: str, at: tuple[int, int]) -> tuple[np.ndarray, np.ndarray]:
    """The recorded crop's tile mask and back mask, placed at `at` (x, y) in an empty view."""
    crop = cv2.imread(str(DATA / f"{name}_masks.png"))
    solid, back = np.zeros(VIEW, np.uint8), np.zeros(VIEW, np.uint8)
    h, w = crop.shape[:2]
    solid[at[1] : at[1] + h, at[0] : at[0] + w] = (crop[..., 1] > 127) * 255
    back[at[1] : at[1] + h, at[0] : at[0] + w] = (crop[..., 2] > 127) * 255
    return solid, back


def _face_box(mask: np.ndarray) -> tuple[int, int, int, int]:
    """The largest blob's box (x, y, w, h)."""
    _, _, stats, _ = cv2.connectedComponentsWithStats(mask, connectivity=4)
    i = 1 + int(np.argmax(stats[1:, cv2.CC_STAT_AREA]))
    return tuple(int(v) for v in stats[i, :4])  # type: ignore[return-value]


# Where the west's face lies in the view (x0, y0, x1, y1), read off the frame: its left edge, its near edge
# above the side's ivory band, 35 x 26 mm.
WEST_FACE = (310, 363, 344, 389)


def _share(mask: np.ndarray, box: tuple[int, int, int, int]) -> float:
    x0, y0, x1, y1 = box
    return float((mask[y0:y1, x0:x1] > 0).mean())


def test_a_lone_tile_gets_its_whole_face() -> None:
    solid, back = _masks("lone_west", (290, 340))
    assert _share(faces_only(solid, POSE, 1.0), WEST_FACE) < 0.6  # its ink and near edges: no face
    after = faces_only(complete_faces(solid, back, POSE, GEO, 1.0), POSE, 1.0)
    assert _share(after, WEST_FACE) > 0.9
    x, y, w, h = _face_box(after)
    # Seat 3's upright tile lies with its long side along x; nothing is added beyond its far edges.
    assert w > h
    assert y >= WEST_FACE[1] - 3
    assert x >= WEST_FACE[0] - 4


def test_red_ink_inside_a_face_adds_nothing() -> None:
    solid, back = _masks("nine_bamboo", (545, 490))
    assert (back > 0).sum() > 60  # the ink's row and the back layer
    after = complete_faces(solid, back, POSE, GEO, 1.0)
    _, _, w, h = _face_box(faces_only(after, POSE, 1.0))
    # Seat 1's 9s stays upright for its seat (its long side along x), not grown into a sideways tile.
    assert w > h


def test_nothing_changes_without_a_back_layer() -> None:
    solid, back = _masks("lone_west", (290, 340))
    after = complete_faces(solid, np.zeros_like(back), POSE, GEO, 1.0)
    assert np.array_equal(after, solid)


def test_a_strip_outside_the_ponds_is_left() -> None:
    # The same tile and strip moved into seat 3's hand row: a standing hand's or a meld's, not filled here.
    solid, back = _masks("lone_west", (60, 340))
    after = complete_faces(solid, back, POSE, GEO, 1.0)
    assert np.array_equal(after, solid)


def test_ink_of_the_backs_colour_fills_its_own_face_not_one_beyond(monkeypatch: pytest.MonkeyPatch) -> None:
    # Seat 1's pond on white cloth with blue backs (seed 7007, 40 degrees, frame 590), the masks as the reader
    # had them, white dragons filled in: the east's navy strokes are in the back mask, a strip about a face's
    # side long and deep, its nearest rows the strokes' feet. Taken for a lone tile's back layer, they grew a
    # face into the empty place beyond them, the seat's next discard's: read as a white dragon, the riichi 1s
    # laid there later was recorded as one. The east's own face, its ink alone in the mask, is filled.
    solid, back = _masks("east_ink", (560, 400))
    pose = CameraPose(foot=(460.31, 1161.21), height_mm=814.47, focal_px=859.73)  # that clip's camera
    next_place = (600, 425, 632, 450)  # above the east, away from the camera
    east = (600, 457, 628, 476)  # the east's face, read off the frame

    def added() -> np.ndarray:
        return ((complete_faces(solid, back, pose, GEO, 1.0) > 0) & ~(solid > 0)).astype(np.uint8)

    assert _share(solid, east) < 0.8  # its ink alone, blurred
    assert _share(added(), next_place) == 0.0
    assert _share(added() | (solid > 0), east) == 1.0
    monkeypatch.setattr(lone_faces, "RIM_SHARE", 0.0)  # any strip taken for a back layer
    assert _share(added(), next_place) > 0.5  # the fault


# Seat 2's tsumo laid open on white cloth with blue backs (seed 946, 40 degrees, frame 590), the masks as the
# reader had them, and that clip's camera: each tile's back layer is its own strip (two of them joined), the
# faces are the cloth's lightness, and the tile mask held little but ink: nine of the fourteen tiles were
# never cut and the win was never read. A face its ink fills (the fourth) has its body filled too.
FAR_HAND_POSE = CameraPose(foot=(388.90, 1122.77), height_mm=752.75, focal_px=811.85)
FAR_HAND_TILES = [341, 380, 408, 436, 464, 493, 521, 550, 578, 607, 635, 664, 692, 721]  # faces' left edges


def test_a_far_hand_laid_open_on_the_cloth_gets_every_face_and_nothing_beyond() -> None:
    solid, back = _masks("far_hand_open", (330, 40))
    after = complete_faces(solid, back, FAR_HAND_POSE, GEO, 1.0)
    faces_before = faces_only(solid, FAR_HAND_POSE, 1.0)
    faces_after = faces_only(after, FAR_HAND_POSE, 1.0)
    boxes = [(x + 3, 76, x + 24, 108) for x in FAR_HAND_TILES]
    assert sum(_share(faces_before, b) > 0.9 for b in boxes) <= 6
    assert all(_share(faces_after, b) > 0.9 for b in boxes)
    beyond = (330, 40, 760, 68)  # the cloth past the faces' far edges
    assert _share(after, beyond) == _share(solid, beyond)


def test_strips_in_the_near_seats_hand_row_are_left_its_standing_tops_face_the_camera() -> None:
    # The same strips in seat 0's hand row, by the camera: there the standing hand shows the camera its tops,
    # whose back layers are strips like these, and faces filled beyond them were read as a hand laid open and
    # as melds (seeds 5927, 6199 and 6471, white cloth, blue backs, 40 degrees).
    solid, back = _masks("far_hand_open", (330, 770))
    assert GEO.area_of(540, 830)[:2] == (0, "hand")
    assert np.array_equal(complete_faces(solid, back, FAR_HAND_POSE, GEO, 1.0), solid)

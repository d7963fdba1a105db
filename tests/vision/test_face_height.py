"""The view at face height: the camera placed from the felt's homography, and face points mapped home."""

from __future__ import annotations

import math

import numpy as np
import pytest
from riichi_table.vision.calibrate import from_corners
from riichi_table.vision.face_height import LYING_FACE_MM

SIDE = 900.0
FRAME = (1280, 720)
MARKERS = np.array([[0, SIDE], [SIDE, SIDE], [SIDE, 0], [0, 0]], np.float64)  # table mm, ids 0..3


def _camera(tilt: float, distance: float, focal: float, aim: tuple[float, float] = (450.0, 470.0)):
    """A pinhole camera `distance` mm from the table point `aim`, `tilt` degrees off overhead on seat 0's
    side, principal point at the frame's centre; returns (eye in table mm and height, project(xyz))."""
    t = math.radians(tilt)
    eye = np.array([aim[0], aim[1] + distance * math.sin(t), distance * math.cos(t)])
    forward = np.array([aim[0], aim[1], 0.0]) - eye
    forward /= np.linalg.norm(forward)
    right = np.array([1.0, 0.0, 0.0])
    down = np.cross(right, forward)  # seat 0's edge at the frame's bottom, as vision.calibrate expects
    down /= np.linalg.norm(down)

    def project(points: np.ndarray) -> np.ndarray:
        rel = np.asarray(points, np.float64) - eye
        cam = np.stack([rel @ right, rel @ down, rel @ forward], axis=1)
        return cam[:, :2] / cam[:, 2:3] * focal + np.array(FRAME) / 2.0

    return eye, project


def _on_table(xy: np.ndarray, z: float) -> np.ndarray:
    return np.c_[xy, np.full(len(xy), z)]


# Tiles of the far pond and hand row (seat 2), of a side pond (seat 1) and of the near pond (seat 0).
TILES = np.array([[450.0, 325.0], [380.0, 208.0], [520.0, 90.0], [700.0, 450.0], [450.0, 640.0]])


@pytest.mark.parametrize("tilt", [30.0, 37.0, 44.0], ids=lambda t: f"{t:g}deg")
def test_the_camera_is_placed_from_the_four_markers_alone(tilt: float) -> None:
    eye, project = _camera(tilt, 1150.0, 900.0)
    calib = from_corners(project(_on_table(MARKERS, 0.0)), frame_size=FRAME)
    assert calib.camera is not None
    assert calib.camera.focal_px == pytest.approx(900.0, rel=0.01)
    assert calib.camera.height_mm == pytest.approx(eye[2], abs=5.0)
    assert calib.camera.foot == pytest.approx((eye[0], eye[1]), abs=5.0)


@pytest.mark.parametrize("tilt", [30.0, 40.0, 44.0], ids=lambda t: f"{t:g}deg")
def test_a_lying_tiles_face_maps_to_its_place_on_the_table(tilt: float) -> None:
    _, project = _camera(tilt, 1150.0, 900.0)
    calib = from_corners(project(_on_table(MARKERS, 0.0)), frame_size=FRAME)
    faces = project(_on_table(TILES, LYING_FACE_MM)).astype(np.float32)
    at_face = _to_view(calib.face_homography, faces)
    assert np.abs(at_face - TILES).max() < 1.0
    # The felt's plane puts the far faces many millimetres off (what the face-height view is for).
    on_felt = _to_view(calib.homography, faces)
    assert np.abs(on_felt - TILES).max() > 10.0


def test_without_the_frame_size_the_face_view_is_the_felts() -> None:
    _, project = _camera(40.0, 1150.0, 900.0)
    calib = from_corners(project(_on_table(MARKERS, 0.0)))
    assert calib.camera is None
    assert np.array_equal(calib.face_homography, calib.homography)


def test_a_camera_straight_overhead_is_not_placed() -> None:
    # Straight above, focal length and height trade off exactly: the felt's view is kept.
    corners = [[340, 660], [940, 660], [940, 60], [340, 60]]
    calib = from_corners(corners, frame_size=FRAME)
    assert calib.camera is None


def _to_view(homography: np.ndarray, points: np.ndarray) -> np.ndarray:
    pts = np.c_[points, np.ones(len(points))] @ homography.T
    return pts[:, :2] / pts[:, 2:3]


def test_a_lying_tiles_side_is_left_out_of_the_mask_and_its_face_kept() -> None:
    from riichi_table.vision.face_height import CameraPose, faces_only

    # Camera 800 mm up above (450, 1250): a far tile's face (y 290-325) shows its side down to y 345.
    pose = CameraPose((450.0, 1250.0), 800.0, 900.0)
    mask = np.zeros((900, 900), np.uint8)
    side = round((1250 - 325) * LYING_FACE_MM / 800.0)
    mask[290 : 325 + side, 437:463] = 255
    faces = faces_only(mask, pose, 1.0)
    rows = np.nonzero(faces[:, 450])[0]
    assert (rows.min(), rows.max()) == (290, pytest.approx(324, abs=1))


def _far_tile_and_back_layer(tile_short_by: int):
    """A far lying tile's mask (face 290-325, then its side) ending `tile_short_by` px short of the side's
    end, and a back mask holding the side's last 6 px (its back layer), with the camera's pose."""
    from riichi_table.vision.face_height import CameraPose

    pose = CameraPose((450.0, 1250.0), 800.0, 900.0)
    side = round((1250 - 325) * LYING_FACE_MM / 800.0)
    mask = np.zeros((900, 900), np.uint8)
    mask[290 : 325 + side - tile_short_by, 437:463] = 255
    back = np.zeros((900, 900), np.uint8)
    back[325 + side - 6 : 325 + side, 437:463] = 1
    return pose, mask, back


def test_a_side_whose_back_layer_is_the_felts_colour_leaves_the_face_whole_looked_at_its_ivory_part() -> None:
    from riichi_table.vision.face_height import IVORY_SIDE, faces_only

    # Black backs on black felt (seed 7955, 40 degrees): the side's last third, its back layer, is no tile and
    # no back either. Looked for over the whole side, the face's near edge (7 px) went with the side.
    pose, mask, _ = _far_tile_and_back_layer(tile_short_by=7)
    whole = np.nonzero(faces_only(mask, pose, 1.0)[:, 450])[0]
    assert whole.min() == 290 and whole.max() < 324 - 5
    ivory = np.nonzero(faces_only(mask, pose, 1.0, None, IVORY_SIDE)[:, 450])[0]
    assert ivory.min() == 290 and 324 <= ivory.max() <= 324 + 2  # the face whole, its side gone


def test_a_sides_back_layer_blurred_into_the_felt_still_holds_the_face_before_it() -> None:
    from riichi_table.vision.face_height import faces_only

    # The far tile above, its side's last 6 mm (the back layer, blurred into the felt by the camera's motion)
    # no tile in the mask but in the backs' colour.
    pose, mask, back = _far_tile_and_back_layer(tile_short_by=6)
    trimmed = np.nonzero(faces_only(mask, pose, 1.0)[:, 450])[0]
    held = np.nonzero(faces_only(mask, pose, 1.0, back)[:, 450])[0]
    assert trimmed.max() < 320  # the face lost the length of the back layer
    assert (held.min(), held.max()) == (290, pytest.approx(324, abs=1))


def test_a_seam_of_felt_colour_before_a_sides_back_layer_still_holds_the_face() -> None:
    from riichi_table.vision.face_height import faces_only

    # The far tile above under a dim light: its side's grey, then 3 mm that are neither the tiles' colour nor
    # the backs' (the two blurred together), then the back layer.
    pose, mask, back = _far_tile_and_back_layer(tile_short_by=9)
    rows = np.nonzero(faces_only(mask, pose, 1.0, back)[:, 450])[0]
    assert (rows.min(), rows.max()) == (290, pytest.approx(324, abs=1))
    assert np.all(np.diff(rows) == 1)  # one face, not two pieces


def test_a_gap_before_the_next_tiles_face_does_not_keep_a_side_as_face() -> None:
    from riichi_table.vision.face_height import CameraPose, faces_only

    # The far tile above, its back layer, 3 mm of felt, then a second tile nearer the camera (a winning tile
    # set apart): the felt between is no seam of a side, and the side's first millimetres, whose points fall
    # in it, are no face. (Its later ones, whose points fall on the second tile, are kept either way.)
    pose = CameraPose((450.0, 1250.0), 800.0, 900.0)
    side = round((1250 - 325) * LYING_FACE_MM / 800.0)
    mask = np.zeros((900, 900), np.uint8)
    mask[290 : 325 + side - 6, 437:463] = 255
    near = 325 + side + 3
    mask[near : near + 35 + side, 437:463] = 255
    back = np.zeros((900, 900), np.uint8)
    back[325 + side - 6 : 325 + side, 437:463] = 1
    rows = np.nonzero(faces_only(mask, pose, 1.0, back)[:, 450])[0]
    assert rows.min() == 290 and 324 in rows
    assert not {325, 326, 327} & set(rows.tolist())


@pytest.mark.parametrize(
    ("depth", "shows"),
    [(42.0, False), (62.0, True), (102.0, False)],
    ids=["a flat wall", "a two-high wall", "an arm over the wall"],
)
def test_the_dead_walls_depth_tells_whether_the_tiles_show_their_height(depth: float, shows: bool) -> None:
    from riichi_table.vision.face_height import CameraPose, shows_height

    # The old fixed camera of the renders, seen as a pinhole: 1.67 m up, its foot 1 m from the centre.
    pose = CameraPose((595.0, 1390.0), 1667.0, 1450.0)
    assert shows_height(pose, depth, (450.0, 450.0), 35.0) is shows

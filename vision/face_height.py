"""The view at the height of a lying tile's face: the camera's place from the felt's homography.

The four table markers lie on the felt, so the calibration's homography straightens the felt's plane. A lying
tile's face is LYING_FACE_MM above it: a camera off to one side sees that face where the felt would be
farther from the camera's foot point (the point of the table straight below it), by face height / (camera
height - face height) of the distance. At 40 degrees off overhead that is some 20 mm on the far side of the
table: a far row of tiles shows a body side as deep as half a tile before its faces, and the faces' rows lie
where the felt's rows are not.

`camera_pose` recovers the camera from the felt's homography alone, assuming square pixels and the principal
point at the frame's centre (any webcam near enough): the homography's first two columns, with the intrinsic
matrix taken out, are two rotation columns scaled alike, so they must be orthogonal and of equal length; that
gives the focal length (the orthogonality says nothing when the camera tilts about an axis along the table's
side, the equal lengths then decide), then the rotation and the camera's centre in table millimetres.
`raised` turns the felt's homography into the plane `height_mm` above it: the felt view scaled about the
camera's foot by (camera height - height) / camera height.
"""

from __future__ import annotations

import functools
import math
from dataclasses import dataclass

import cv2
import numpy as np
from numpy.typing import NDArray

LYING_FACE_MM = 18.0  # height of a lying tile's face above the felt (a real tile's thickness)
DEAD_WALL_MM = 2 * LYING_FACE_MM  # the dead wall: two tiles high
# A tile's side and its back layer, blurred into each other and the felt between, may leave a strip this thin
# that is neither the tiles' colour nor the backs' (`faces_only`).
SIDE_SEAM_MM = 4.0
# A face-up tile alone in the dead wall's square shows at least this share of its side's depth: its back
# layer, the felt's colour, does not show (seed 7955, black felt and backs, 40 degrees: 10 mm of 14.8 mm).
LONE_SIDE_SHOWS = 0.5
IVORY_SIDE = 0.6  # ... and the points `faces_only` looks for lie this share of a side's length away
MIN_HEIGHT_MM = 300.0  # a camera recovered lower than this, or farther than MAX_HEIGHT_MM, is not believed
MAX_HEIGHT_MM = 5000.0


@dataclass(frozen=True)
class CameraPose:
    """Where the camera is, in the rectified view's table millimetres (x right, y down from the top-left
    marker's centre; vision.calibrate): `foot` is the table point straight below it, `height_mm` its height
    above the felt, `focal_px` its focal length in camera pixels."""

    foot: tuple[float, float]
    height_mm: float
    focal_px: float


def camera_pose(table_to_image: NDArray[np.float64], frame_size: tuple[int, int]) -> CameraPose | None:
    """The camera that sees the felt through `table_to_image` (table mm -> camera pixels), or None when the
    homography does not tell it: a camera straight overhead (its focal length and height trade off exactly),
    or a result no table camera has (below MIN_HEIGHT_MM or above MAX_HEIGHT_MM).

    frame_size: the camera frame's (width, height) in pixels; its centre is taken as the principal point.
    """
    w, h = frame_size
    centred = np.array([[1.0, 0.0, -w / 2.0], [0.0, 1.0, -h / 2.0], [0.0, 0.0, 1.0]]) @ table_to_image
    g = centred / np.linalg.norm(centred[:, :2])
    (a11, a12), (a21, a22), (a31, a32) = g[:, :2]
    # With K = diag(f, f, 1): r1 ~ (a11 / f, a21 / f, a31), r2 ~ (a12 / f, a22 / f, a32). Each condition is
    # linear in u = 1 / f^2: orthogonal columns, and columns of equal length.
    lhs = np.array([a11 * a12 + a21 * a22, a11**2 + a21**2 - a12**2 - a22**2])
    rhs = -np.array([a31 * a32, a31**2 - a32**2])
    denom = float(lhs @ lhs)
    if denom <= 0:
        return None
    u = float(lhs @ rhs) / denom
    if u <= 0 or not math.isfinite(u):
        return None
    f = 1.0 / math.sqrt(u)
    k_inv = np.array([[1.0 / f, 0.0, 0.0], [0.0, 1.0 / f, 0.0], [0.0, 0.0, 1.0]])
    m = k_inv @ centred
    m = m * (2.0 / (np.linalg.norm(m[:, 0]) + np.linalg.norm(m[:, 1])))
    if m[2, 2] < 0:  # the table's origin (a marker) lies in front of the camera
        m = -m
    r1, r2, t = m[:, 0], m[:, 1], m[:, 2]
    rot = np.c_[r1, r2, np.cross(r1, r2)]
    left, _, right = np.linalg.svd(rot)
    rot = left @ right
    centre = -rot.T @ t
    height = abs(float(centre[2]))
    if not MIN_HEIGHT_MM <= height <= MAX_HEIGHT_MM:
        return None
    return CameraPose((float(centre[0]), float(centre[1])), height, f)


def shows_height(
    pose: CameraPose,
    dead_wall_depth_mm: float,
    centre: tuple[float, float],
    tile_mm: float,
    top_mm: float = DEAD_WALL_MM,
    least: float = 0.75,
) -> bool:
    """Whether a felt view's dead wall row (at the table's `centre`, `dead_wall_depth_mm` deep) shows the
    height of real tiles: deeper than a tile by more than `least` (three quarters) of what a two-high
    wall's top adds from this camera, and not so much deeper that something else lies against it. A render
    of flat tiles (the old clips) shows a wall one tile deep and is read on the felt's plane as before; a
    table of real tiles is read at face height. `top_mm`: how high the row's top lies (LYING_FACE_MM for a
    face-up tile alone, where the wall's backs are the felt's colour: its side's back layer is the felt's
    colour too, and only the ivory part of its side shows, LONE_SIDE_SHOWS of the shift)."""
    distance = math.hypot(centre[0] - pose.foot[0], centre[1] - pose.foot[1])
    top_shift = distance * top_mm / (pose.height_mm - top_mm)
    return tile_mm + least * top_shift < dead_wall_depth_mm < tile_mm + 1.5 * top_shift + 10.0


def raised(
    homography: NDArray[np.float64], pose: CameraPose, px_per_mm: float, height_mm: float = LYING_FACE_MM
) -> NDArray[np.float64]:
    """The homography (camera pixels -> rectified pixels) of the plane `height_mm` above the felt, from the
    felt's (`homography`): a camera ray that meets the felt at felt-view point q meets that plane above
    foot + (q - foot) * (camera height - height_mm) / camera height."""
    k = (pose.height_mm - height_mm) / pose.height_mm
    fx, fy = (c * px_per_mm for c in pose.foot)
    scale = np.array([[k, 0.0, fx * (1 - k)], [0.0, k, fy * (1 - k)], [0.0, 0.0, 1.0]])
    return np.asarray(scale @ homography, np.float64)


def faces_only(
    solid: NDArray[np.uint8],
    pose: CameraPose,
    px_per_mm: float,
    held: NDArray[np.uint8] | None = None,
    reach: float = 1.0,
) -> NDArray[np.uint8]:
    """The tile mask of a face-height view without the lying tiles' visible sides.

    In the face-height view a lying tile's face lies at its place, and its body's side shows between the face
    and the camera: from the face's edge towards the camera's foot, (distance from the foot) * face height /
    camera height long (some 20 mm across the table from a camera at 40 degrees). A mask pixel is kept when
    the mask also holds the points half and all of that length towards the foot: faces stay, sides and
    anything else as flat (point sticks) go. Rows of tiles then keep their depth and pitch.

    `held` (the backs' colour) holds those points too: a side's back layer, blurred into the felt beside it,
    is mat colour and no tile, and the face before it lost a side's length (seed 3163, wood felt, green
    backs, 40 degrees, the camera's motion blur: a pon's near tile cut to a third, its three tiles read as
    two sideways ones for 14 frames, and the call read after the next seat's discard).

    A seam up to SIDE_SEAM_MM wide before a side's back layer, on the face's side of it, holds the points too:
    where a dim side's grey meets its dark back layer the pixels between are felt colour, and a row of faces
    was cut short by that strip's side length (seed 211, wood felt, red backs, 37 degrees, dim: seat 2's first
    row cut 27 mm long, three of its tiles left out as standing tops, its C never read and every later discard
    of the seat late). Only there: a gap before the next tile's face (a winning tile set apart) stays a gap,
    or the side before it would be kept as face.

    Where the backs are the felt's colour (black on black felt), no `held` tells a back layer from the felt,
    and only the side's ivory part shows: the points are looked for `reach` (IVORY_SIDE) of the side's
    length away, so a face keeps its near edge and its side still goes."""
    ref = solid
    if held is not None:
        ref = solid.copy()
        ref[held > 0] = 255
        for map_x, map_y in _seam_maps(pose, solid.shape, px_per_mm):
            ref[cv2.remap(held, map_x, map_y, cv2.INTER_NEAREST, borderValue=0) > 0] = 255
    out = solid.copy()
    for map_x, map_y in _side_maps(pose, solid.shape, px_per_mm, reach):
        out &= cv2.remap(ref, map_x, map_y, cv2.INTER_NEAREST, borderValue=0)
    return out


@functools.lru_cache(maxsize=4)
def _seam_maps(
    pose: CameraPose, shape: tuple[int, ...], px_per_mm: float
) -> tuple[tuple[NDArray[np.float32], NDArray[np.float32]], ...]:
    """Per view pixel, the points half and all of SIDE_SEAM_MM towards the camera's foot."""
    xx, yy, dx, dy = _towards_foot(pose, shape, px_per_mm)
    scale = np.float32(SIDE_SEAM_MM * px_per_mm) / np.maximum(np.hypot(dx, dy), np.float32(1))
    return tuple((xx + dx * scale * share, yy + dy * scale * share) for share in (np.float32(0.5), 1))


@functools.lru_cache(maxsize=4)
def _side_maps(
    pose: CameraPose, shape: tuple[int, ...], px_per_mm: float, reach: float = 1.0
) -> tuple[tuple[NDArray[np.float32], NDArray[np.float32]], ...]:
    """Per view pixel, the points half and all of `reach` of a lying tile's side length towards the camera's
    foot."""
    xx, yy, dx, dy = _towards_foot(pose, shape, px_per_mm)
    k = np.float32(LYING_FACE_MM / pose.height_mm)
    shares = (np.float32(reach / 2), np.float32(reach))
    return tuple((xx + dx * k * share, yy + dy * k * share) for share in shares)


def _towards_foot(
    pose: CameraPose, shape: tuple[int, ...], px_per_mm: float
) -> tuple[NDArray[np.float32], NDArray[np.float32], NDArray[np.float32], NDArray[np.float32]]:
    """Per view pixel its x and y, and the way from it to the camera's foot (dx, dy), in view pixels."""
    h, w = shape[:2]
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    fx, fy = (np.float32(c * px_per_mm) for c in pose.foot)
    return xx, yy, fx - xx, fy - yy

"""Calibration: camera frame -> rectified top-down table view, and checks that the view is still good.

The table is marked by four ArUco markers (dictionary 4x4_50, ids 0..3) whose centres are the corners of a
square of `side_mm` millimetres. Seen from above with seat 0 at the bottom edge (ARCHITECTURE.md), id 0 lies
at the bottom-left corner, then counter-clockwise like the seats: id 1 bottom-right, id 2 top-right, id 3
top-left. `marker_sheet()` renders the printable sheet. Without markers, four corners picked by hand (same
order) work too.

The rectified view is `side_mm * px_per_mm` pixels square; its pixel (x, y) is x / px_per_mm millimetres
right of the bottom-left marker's centre line and y / px_per_mm millimetres below the top edge's.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

import cv2
import numpy as np
from numpy.typing import NDArray
from riichi_table.vision.errors import VisionError
from riichi_table.vision.face_height import LYING_FACE_MM, CameraPose, camera_pose, raised

MARKER_DICT = cv2.aruco.DICT_4X4_50
MARKER_IDS = (0, 1, 2, 3)
DEFAULT_SIDE_MM = 900.0
DEFAULT_MARKER_MM = 60.0

# Limits of check_view (empirical; see docs/live.md).
MAX_OBLIQUE = 3.0  # ratio of the longest to the shortest side of the table quadrilateral in the frame
MIN_SHARPNESS = 15.0  # variance of the Laplacian of the rectified view
MIN_BRIGHTNESS = 35.0  # grey level of the view's brightest parts (99.5th percentile: tile faces, markers)
# An empty table of black felt has no bright parts but the markers' white, a thousandth of the view: when the
# brightest thousandth is this bright, the light is enough and the table is dark, not the view.
LIT_WHITE = 60.0
MOVED_PX = 6.0  # a marker this far from where calibration saw it means the camera moved


class CalibrationError(VisionError):
    """Calibration failed: markers not found, or corners that do not make a table."""


@dataclass(frozen=True)
class Calibration:
    """A homography from camera pixels to rectified table pixels.

    corners: the four table corners in camera pixels (order of MARKER_IDS), float32 (4, 2).
    camera: where the camera is (vision.face_height), when the frame's size was given and the homography
    tells it; `face_homography` then straightens the plane of a lying tile's face instead of the felt.
    """

    homography: NDArray[np.float64]
    corners: NDArray[np.float32]
    side_mm: float
    px_per_mm: float
    method: Literal["aruco", "manual"]
    camera: CameraPose | None = None

    @property
    def face_homography(self) -> NDArray[np.float64]:
        """Camera pixels -> rectified pixels of the plane LYING_FACE_MM above the felt, where a lying tile's
        face is (the felt's homography when the camera is not known)."""
        if self.camera is None:
            return self.homography
        return raised(self.homography, self.camera, self.px_per_mm, LYING_FACE_MM)

    @property
    def size(self) -> int:
        """Width and height of the rectified view in pixels."""
        return round(self.side_mm * self.px_per_mm)

    def rectify(self, image: NDArray[np.uint8], at_face: bool = False) -> NDArray[np.uint8]:
        """The top-down table view of a camera frame: the felt's plane, or with `at_face` the plane of a lying
        tile's face (docs/live.md, "The view at face height")."""
        homography = self.face_homography if at_face else self.homography
        out = cv2.warpPerspective(image, homography, (self.size, self.size), flags=cv2.INTER_LINEAR)
        return np.asarray(out, dtype=np.uint8)

    def to_camera(self, points: NDArray[np.float32]) -> NDArray[np.float32]:
        """Rectified-view pixels (N, 2) -> camera pixels (N, 2)."""
        inv = np.linalg.inv(self.homography)
        pts = np.asarray(points, dtype=np.float64).reshape(-1, 1, 2)
        return np.asarray(cv2.perspectiveTransform(pts, inv).reshape(-1, 2), dtype=np.float32)


@dataclass(frozen=True)
class ViewCheck:
    """What is wrong with the current view, if anything: each problem a short sentence."""

    problems: tuple[str, ...]
    sharpness: float
    brightness: float
    oblique: float
    moved_px: float | None

    @property
    def ok(self) -> bool:
        return not self.problems

    @property
    def moved(self) -> bool:
        return self.moved_px is not None and self.moved_px > MOVED_PX


def _rect_corners(size: float) -> NDArray[np.float32]:
    # Marker centres in the rectified view, order of MARKER_IDS: bottom-left, bottom-right, top-right,
    # top-left.
    return np.array([[0, size], [size, size], [size, 0], [0, 0]], dtype=np.float32)


def from_corners(
    corners_px: NDArray[np.float32] | list[list[float]],
    side_mm: float = DEFAULT_SIDE_MM,
    px_per_mm: float = 1.0,
    method: Literal["aruco", "manual"] = "manual",
    frame_size: tuple[int, int] | None = None,
) -> Calibration:
    """Calibration from four table corners in camera pixels (bottom-left, bottom-right, top-right, top-left).

    frame_size: the camera frame's (width, height), which places the camera (`Calibration.camera`); without
    it the view at face height is the felt's.
    Raises CalibrationError when the corners are not four points forming a convex quadrilateral.
    """
    pts = np.asarray(corners_px, dtype=np.float32)
    if pts.shape != (4, 2):
        raise CalibrationError(f"expected four corners as (x, y) pairs, got an array of shape {pts.shape}")
    if not np.all(np.isfinite(pts)):
        raise CalibrationError("corner coordinates must be finite numbers")
    if not cv2.isContourConvex(pts.reshape(-1, 1, 2)) or cv2.contourArea(pts) < 100:
        raise CalibrationError(
            "the four corners do not form a convex table outline (give them in order: "
            "bottom-left, bottom-right, top-right, top-left as seen from seat 0)"
        )
    if side_mm <= 0 or px_per_mm <= 0:
        raise CalibrationError(f"side_mm and px_per_mm must be positive, got {side_mm} and {px_per_mm}")
    size = side_mm * px_per_mm
    h = np.asarray(cv2.getPerspectiveTransform(pts, _rect_corners(size)), np.float64)
    camera = None
    if frame_size is not None:
        to_mm = np.diag([1.0 / px_per_mm, 1.0 / px_per_mm, 1.0])
        camera = camera_pose(np.linalg.inv(to_mm @ h), frame_size)
    return Calibration(h, pts, float(side_mm), float(px_per_mm), method, camera)


def find_markers(image: NDArray[np.uint8]) -> dict[int, NDArray[np.float32]]:
    """Centres of the table markers found in a camera frame, by id (only ids 0..3)."""
    detector = cv2.aruco.ArucoDetector(cv2.aruco.getPredefinedDictionary(MARKER_DICT))
    grey = image if image.ndim == 2 else cv2.cvtColor(image, cv2.COLOR_BGR2GRAY)
    corners, ids, _ = detector.detectMarkers(grey)
    found: dict[int, NDArray[np.float32]] = {}
    if ids is None:
        return found
    for quad, marker_id in zip(corners, ids.ravel(), strict=True):
        if int(marker_id) in MARKER_IDS:
            found[int(marker_id)] = np.asarray(quad.reshape(4, 2).mean(axis=0), dtype=np.float32)
    return found


def from_markers(
    image: NDArray[np.uint8], side_mm: float = DEFAULT_SIDE_MM, px_per_mm: float = 1.0
) -> Calibration:
    """Calibrate from the four ArUco markers in a frame; raises CalibrationError naming the missing ids."""
    found = find_markers(image)
    missing = [i for i in MARKER_IDS if i not in found]
    if missing:
        raise CalibrationError(
            f"table markers {missing} not found in the frame (need ids 0..3 of ArUco 4x4_50 at the corners; "
            "print the sheet from `marker_sheet`, or pick the four corners by hand)"
        )
    corners = np.stack([found[i] for i in MARKER_IDS])
    size = (image.shape[1], image.shape[0])
    return from_corners(corners, side_mm, px_per_mm, "aruco", size)


def oblique_ratio(corners: NDArray[np.float32]) -> float:
    """Longest over shortest side of the table outline in the frame (1.0 = straight from above)."""
    sides = [float(np.linalg.norm(corners[i] - corners[(i + 1) % 4])) for i in range(4)]
    return max(sides) / max(1e-6, min(sides))


def check_view(
    image: NDArray[np.uint8],
    calib: Calibration,
    rectified: NDArray[np.uint8] | None = None,
    look_for_markers=True,
) -> ViewCheck:
    """Say whether a frame is fit to read: camera moved, view too oblique, blurred or dark."""
    view = calib.rectify(image) if rectified is None else rectified
    grey = cv2.cvtColor(view, cv2.COLOR_BGR2GRAY)
    small = cv2.resize(grey, (grey.shape[1] // 2, grey.shape[0] // 2), interpolation=cv2.INTER_AREA)
    sharpness = float(cv2.Laplacian(small, cv2.CV_32F).var())
    # The brightest parts, not the mean: a black felt is dark, yet its tiles and markers are plain to see.
    brightness, whitest = (float(v) for v in np.percentile(small, (99.5, 99.9)))
    oblique = oblique_ratio(calib.corners)
    moved_px: float | None = None
    if look_for_markers and calib.method == "aruco":
        found = find_markers(image)
        if found:
            moved_px = max(float(np.linalg.norm(found[i] - calib.corners[i])) for i in found)
    problems: list[str] = []
    if moved_px is not None and moved_px > MOVED_PX:
        problems.append(f"camera moved ({moved_px:.0f} px): recalibrate")
    if oblique > MAX_OBLIQUE:
        problems.append(f"view too oblique (table sides differ {oblique:.1f}x): mount the camera higher")
    if sharpness < MIN_SHARPNESS:
        problems.append(f"view blurred (sharpness {sharpness:.0f} < {MIN_SHARPNESS:.0f})")
    if brightness < MIN_BRIGHTNESS and whitest < LIT_WHITE:
        problems.append(f"view too dark (brightness {brightness:.0f} < {MIN_BRIGHTNESS:.0f})")
    return ViewCheck(tuple(problems), sharpness, brightness, oblique, moved_px)


def marker_image(marker_id: int, pixels: int) -> NDArray[np.uint8]:
    """One table marker as a black-on-white image with a white quiet zone, `pixels` wide."""
    if marker_id not in MARKER_IDS:
        raise CalibrationError(f"marker id {marker_id} is not a table marker (expected 0..3)")
    inner = int(pixels * 0.8)
    code = cv2.aruco.generateImageMarker(cv2.aruco.getPredefinedDictionary(MARKER_DICT), marker_id, inner)
    out = np.full((pixels, pixels), 255, np.uint8)
    off = (pixels - inner) // 2
    out[off : off + inner, off : off + inner] = code
    return out


def marker_sheet(
    marker_mm: float = DEFAULT_MARKER_MM, dpi: int = 300, side_mm: float = DEFAULT_SIDE_MM
) -> NDArray:
    """A printable A4 page (portrait, `dpi`) with the four markers, their size in mm and where each goes.

    Each marker square (quiet zone included) is `marker_mm` wide when printed at 100 %; a 100 mm scale bar
    checks
    the printer did not scale it.
    """
    if not 20 <= marker_mm <= 90:
        raise CalibrationError(f"marker size {marker_mm} mm is outside 20..90 mm (two must fit across A4)")
    px_mm = dpi / 25.4
    page = np.full((int(297 * px_mm), int(210 * px_mm)), 255, np.uint8)
    size = round(marker_mm * px_mm)
    where = {0: "bottom-left (seat 0's left)", 1: "bottom-right", 2: "top-right", 3: "top-left"}
    font = cv2.FONT_HERSHEY_SIMPLEX
    scale = dpi / 300
    for i in MARKER_IDS:
        col, row = i % 2, i // 2
        x = int((25 + col * 95) * px_mm)
        y = int((40 + row * 120) * px_mm)
        page[y : y + size, x : x + size] = marker_image(i, size)
        cv2.putText(page, f"id {i}: {where[i]}", (x, y + size + int(8 * px_mm)), font, 1.0 * scale, 0, 2)
    lines = [
        f"riichi-table markers: each square {marker_mm:.0f} mm incl. white border. Print at 100 %.",
        f"Cut out; put the centres at the corners of a {side_mm:.0f} mm square around the play area.",
    ]
    for n, text in enumerate(lines):
        cv2.putText(page, text, (int(15 * px_mm), int((15 + n * 8) * px_mm)), font, 0.9 * scale, 0, 2)
    y_bar = int(280 * px_mm)
    x0 = int(15 * px_mm)
    cv2.rectangle(page, (x0, y_bar), (x0 + int(100 * px_mm), y_bar + int(3 * px_mm)), 0, -1)
    cv2.putText(page, "100 mm", (x0, y_bar - int(2 * px_mm)), font, 0.9 * scale, 0, 2)
    return page

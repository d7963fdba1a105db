"""The printable enroll layout sheet: where to lay each of the 34 kinds and the 3 red fives, with ArUco
markers at the corners so a photo of the sheet can be rectified and every tile's label comes free.

Print it at 100 % scale on A4 landscape (`riichi-table synth --sheet sheet.pdf`). Geometry is in sheet
millimetres, origin at the page's top-left corner, x to the right, y down:

- `SHEET.cells`: one `SheetCell` per tile, its rectangle (a tile lies upright, face up, inside it).
  Rows: 1m..9m 0m / 1p..9p 0p / 1s..9s 0s / East South West North White Green Red. The red fives have
  their own cells (the last of each suit row).
- `SHEET.back_cells`: two more cells at the end of the honour row where a tile lies face down (its back,
  detector class 37).
- `SHEET.markers`: four `SheetMarker`s (ArUco `DICT_4X4_50`, ids 0..3: top-left, top-right, bottom-right,
  bottom-left), each a black square of `size_mm` whose outer corners are listed clockwise from top-left
  (the order OpenCV's detector reports).
- `find_sheet(image) -> NDArray (3x3)`: homography from image pixels to sheet mm, from the markers it sees
  (at least two); `VisionError` if it sees fewer.
- `read_sheet_photo(path_or_image, name) -> SheetPhoto`: the labelled crop of every cell that holds a tile,
  after checking the photo (markers, marker geometry, sharpness, tiles laid); `SheetPhotoError` naming the
  photo and what is wrong otherwise.
- `render_sheet(dpi) -> grey image`, `write_sheet(path)`: the page as PNG or PDF (one page, exact size).
"""

from __future__ import annotations

import zlib
from dataclasses import dataclass
from pathlib import Path

import cv2
import numpy as np
from numpy.typing import NDArray
from riichi_table.engine.tiles import Tile, parse_tiles
from riichi_table.vision.errors import VisionError

PAGE_W, PAGE_H = 297.0, 210.0  # A4 landscape, mm
CELL_W, CELL_H = 27.5, 38.5  # fits a tile up to about 26.5 x 36 mm with a little slack
ARUCO_DICT = "DICT_4X4_50"
_ROWS = ("1234567890m", "1234567890p", "1234567890s", "1234567z")
_GRID_X, _GRID_Y = (PAGE_W - 10 * CELL_W) / 2, 26.0
_MARKER = 16.0


@dataclass(frozen=True)
class SheetCell:
    """Where one tile goes: its rectangle in sheet mm (top-left corner, width, height)."""

    tile: Tile
    x_mm: float
    y_mm: float
    w_mm: float = CELL_W
    h_mm: float = CELL_H

    @property
    def centre_mm(self) -> tuple[float, float]:
        return (self.x_mm + self.w_mm / 2, self.y_mm + self.h_mm / 2)

    def corners_mm(self) -> NDArray[np.float32]:
        """(4, 2) corners clockwise from top-left."""
        x0, y0, x1, y1 = self.x_mm, self.y_mm, self.x_mm + self.w_mm, self.y_mm + self.h_mm
        return np.array([[x0, y0], [x1, y0], [x1, y1], [x0, y1]], np.float32)


@dataclass(frozen=True)
class SheetMarker:
    """One ArUco marker: its id and its black square's top-left corner and side, sheet mm."""

    marker_id: int
    x_mm: float
    y_mm: float
    size_mm: float = _MARKER

    def corners_mm(self) -> NDArray[np.float32]:
        """(4, 2) outer corners clockwise from top-left, as `cv2.aruco` reports them."""
        x0, y0, s = self.x_mm, self.y_mm, self.size_mm
        return np.array([[x0, y0], [x0 + s, y0], [x0 + s, y0 + s], [x0, y0 + s]], np.float32)


@dataclass(frozen=True)
class SheetLayout:
    """The whole sheet: page size, tile cells and corner markers (all mm)."""

    width_mm: float
    height_mm: float
    cells: tuple[SheetCell, ...]
    markers: tuple[SheetMarker, ...]
    back_cells: tuple[tuple[float, float], ...] = ()  # top-left corners (mm) of the face-down cells
    aruco_dict: str = ARUCO_DICT

    def cell_for(self, tile: Tile) -> SheetCell:
        for cell in self.cells:
            if cell.tile == tile:
                return cell
        raise VisionError(f"tile {tile} has no cell on the layout sheet")


def _layout() -> SheetLayout:
    cells = []
    for r, row in enumerate(_ROWS):
        for c, t in enumerate(parse_tiles(row)):
            cells.append(SheetCell(t, _GRID_X + c * CELL_W, _GRID_Y + r * CELL_H))
    m = _MARKER
    edge_x, top_y, bottom_y = 10.0, 6.0, PAGE_H - 6.0 - m  # 6 mm from the page edge
    markers = (
        SheetMarker(0, edge_x, top_y),
        SheetMarker(1, PAGE_W - edge_x - m, top_y),
        SheetMarker(2, PAGE_W - edge_x - m, bottom_y),
        SheetMarker(3, edge_x, bottom_y),
    )
    last = len(_ROWS) - 1
    backs = tuple((_GRID_X + c * CELL_W, _GRID_Y + last * CELL_H) for c in (8, 9))
    return SheetLayout(PAGE_W, PAGE_H, tuple(cells), markers, backs)


SHEET = _layout()


def _dictionary() -> cv2.aruco.Dictionary:
    return cv2.aruco.getPredefinedDictionary(getattr(cv2.aruco, ARUCO_DICT))


def render_sheet(dpi: int = 300) -> NDArray[np.uint8]:
    """The sheet as a greyscale image at `dpi` (A4 landscape: 3508 x 2480 px at 300 dpi)."""
    if not 50 <= dpi <= 1200:
        raise VisionError(f"sheet dpi {dpi} is outside 50..1200")
    px = dpi / 25.4
    img = np.full((round(PAGE_H * px), round(PAGE_W * px)), 255, np.uint8)

    def pt(x: float, y: float) -> tuple[int, int]:
        return round(x * px), round(y * px)

    for marker in SHEET.markers:
        side = round(marker.size_mm * px)
        x, y = pt(marker.x_mm, marker.y_mm)
        img[y : y + side, x : x + side] = cv2.aruco.generateImageMarker(_dictionary(), marker.marker_id, side)
    scale = 0.1 * px
    for cell in SHEET.cells:
        x0, y0 = pt(cell.x_mm, cell.y_mm)
        x1, y1 = pt(cell.x_mm + cell.w_mm, cell.y_mm + cell.h_mm)
        cv2.rectangle(img, (x0, y0), (x1, y1), 150, max(1, round(0.3 * px)))
        name = cell.tile.name
        (tw, th), _ = cv2.getTextSize(name, cv2.FONT_HERSHEY_SIMPLEX, scale, max(1, round(0.4 * px)))
        cx, cy = pt(*cell.centre_mm)
        cv2.putText(img, name, (cx - tw // 2, cy + th // 2), cv2.FONT_HERSHEY_SIMPLEX, scale, 190,
                    max(1, round(0.4 * px)), cv2.LINE_AA)  # fmt: skip
    for x_mm, y_mm in SHEET.back_cells:
        x0, y0 = pt(x_mm, y_mm)
        x1, y1 = pt(x_mm + CELL_W, y_mm + CELL_H)
        cv2.rectangle(img, (x0, y0), (x1, y1), 150, max(1, round(0.3 * px)))
        (tw, th), _ = cv2.getTextSize("back", cv2.FONT_HERSHEY_SIMPLEX, scale, max(1, round(0.4 * px)))
        cx, cy = pt(x_mm + CELL_W / 2, y_mm + CELL_H / 2)
        cv2.putText(img, "back", (cx - tw // 2, cy + th // 2), cv2.FONT_HERSHEY_SIMPLEX, scale, 190,
                    max(1, round(0.4 * px)), cv2.LINE_AA)  # fmt: skip
    title = "riichi-table enroll sheet: print at 100% on A4, each tile face up on its name, 2 face down"
    cv2.putText(
        img, title, pt(32, 16), cv2.FONT_HERSHEY_SIMPLEX, 0.09 * px, 60, max(1, round(0.25 * px)), cv2.LINE_AA
    )
    return img


def _pdf(gray: NDArray[np.uint8]) -> bytes:
    """A one-page PDF of the page size with the image filling it (lossless, Flate-compressed grey)."""
    h, w = gray.shape
    pw, ph = PAGE_W / 25.4 * 72, PAGE_H / 25.4 * 72
    data = zlib.compress(gray.tobytes(), 9)
    content = f"q {pw:.2f} 0 0 {ph:.2f} 0 0 cm /Im0 Do Q".encode()
    objects = [
        b"<< /Type /Catalog /Pages 2 0 R >>",
        b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        f"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 {pw:.2f} {ph:.2f}] "
        f"/Resources << /XObject << /Im0 4 0 R >> >> /Contents 5 0 R >>".encode(),
        f"<< /Type /XObject /Subtype /Image /Width {w} /Height {h} /ColorSpace /DeviceGray "
        f"/BitsPerComponent 8 /Filter /FlateDecode /Length {len(data)} >>\nstream\n".encode()
        + data
        + b"\nendstream",
        f"<< /Length {len(content)} >>\nstream\n".encode() + content + b"\nendstream",
    ]
    out = bytearray(b"%PDF-1.4\n")
    offsets = []
    for i, body in enumerate(objects, 1):
        offsets.append(len(out))
        out += f"{i} 0 obj\n".encode() + body + b"\nendobj\n"
    xref = len(out)
    out += f"xref\n0 {len(objects) + 1}\n0000000000 65535 f \n".encode()
    out += b"".join(f"{o:010d} 00000 n \n".encode() for o in offsets)
    out += f"trailer\n<< /Size {len(objects) + 1} /Root 1 0 R >>\nstartxref\n{xref}\n%%EOF\n".encode()
    return bytes(out)


def write_sheet(path: str | Path, dpi: int = 300) -> None:
    """Write the sheet as `.pdf` (exact A4 page) or `.png`."""
    target = Path(path)
    suffix = target.suffix.lower()
    if suffix not in (".pdf", ".png"):
        raise VisionError(f"sheet file {path} must end in .pdf or .png")
    img = render_sheet(dpi)
    if suffix == ".pdf":
        target.write_bytes(_pdf(img))
    elif not cv2.imwrite(str(target), img):
        raise VisionError(f"could not write the sheet to {path}")


def _marker_corners(gray: NDArray[np.uint8]) -> tuple[list[NDArray[np.float32]], list[NDArray[np.float64]]]:
    """The sheet's corner markers found in a grey image: their corners in image px and on the sheet in mm."""
    detector = cv2.aruco.ArucoDetector(_dictionary(), cv2.aruco.DetectorParameters())
    corners, ids, _ = detector.detectMarkers(gray)
    known = {m.marker_id: m for m in SHEET.markers}
    src, dst = [], []
    for quad, mid in zip(corners, [] if ids is None else ids.ravel(), strict=False):
        if int(mid) in known:
            src.append(quad.reshape(4, 2))
            dst.append(known[int(mid)].corners_mm())
    return src, dst


def find_sheet(image: NDArray[np.uint8]) -> NDArray[np.float64]:
    """Homography from `image` pixels (BGR or grey) to sheet mm, fitted to the corner markers it finds."""
    gray = image if image.ndim == 2 else cv2.cvtColor(image, cv2.COLOR_BGR2GRAY)
    src, dst = _marker_corners(gray)
    if len(src) < 2:
        raise VisionError(f"layout sheet not found: saw {len(src)} of its 4 corner markers (need at least 2)")
    hom, _ = cv2.findHomography(np.concatenate(src), np.concatenate(dst), 0)
    if hom is None:
        raise VisionError("layout sheet markers found but their positions do not fit a sheet")
    return hom


class SheetPhotoError(VisionError):
    """A sheet photo that cannot be enrolled from; the message names the photo and what is wrong."""


@dataclass(frozen=True)
class SheetPhoto:
    """The labelled crops of one sheet photo: upright `size` x `size` BGR crops of the cells holding a tile.

    `class_id` is the detector class of each crop (ARCHITECTURE.md: 0..36 faces, 37 back); `empty` names the
    cells left empty; `sharpness` is the marker-edge measure `read_sheet_photo` checked.
    """

    name: str
    crops: NDArray[np.uint8]
    class_id: NDArray[np.int64]
    empty: tuple[str, ...]
    sharpness: float


_RECT_PX = 4.0  # px per mm of the rectified sheet the checks look at
MAX_MARKER_ERROR_MM = 2.5  # markers further than this from where the sheet has them: not this sheet
MIN_SHARPNESS = 0.3  # marker-edge sharpness (see _sharpness) under which a photo is too blurred
EMPTY_CORRELATION = 0.55  # a cell this like the blank printed cell holds no tile
MIN_TILES = 10  # fewer tiles than this on a photo: not a filled sheet


def cell_names() -> tuple[str, ...]:
    """Every cell's name (tile notation, `back1`, `back2`) in the order `read_sheet_photo` cuts them: a
    photo's crops are the cells of this list that are not in its `empty`."""
    return tuple(name for name, _, _, _ in _all_cells())


def _all_cells() -> list[tuple[str, int, float, float]]:
    """(name, class id, x mm, y mm) of every cell, faces then backs."""
    cells = [(c.tile.name, c.tile.detector_class, c.x_mm, c.y_mm) for c in SHEET.cells]
    cells += [(f"back{i + 1}", 37, x, y) for i, (x, y) in enumerate(SHEET.back_cells)]
    return cells


def _locate(gray: NDArray[np.uint8], name: str) -> tuple[NDArray[np.float64], float]:
    """Homography image px -> sheet mm and the largest marker-corner misfit (mm)."""
    src, dst = _marker_corners(gray)
    if len(src) < 2:
        raise SheetPhotoError(
            f"{name}: layout sheet not found: saw {len(src)} of its 4 corner markers (need at least 2; "
            "keep the whole sheet in the picture)"
        )
    pts, ref = np.concatenate(src).astype(np.float64), np.concatenate(dst).astype(np.float64)
    hom, _ = cv2.findHomography(pts, ref, 0)
    if hom is None:
        raise SheetPhotoError(f"{name}: markers found but their positions do not fit a sheet")
    fitted = cv2.perspectiveTransform(pts[None], hom)[0]
    return hom, float(np.abs(fitted - ref).max())


def _rectified(image: NDArray[np.uint8], hom: NDArray[np.float64]) -> NDArray[np.uint8]:
    scale = np.diag([_RECT_PX, _RECT_PX, 1.0])
    size = (round(PAGE_W * _RECT_PX), round(PAGE_H * _RECT_PX))
    return cv2.warpPerspective(image, scale @ hom, size, flags=cv2.INTER_AREA)


def _sharpness(rect: NDArray[np.uint8]) -> float:
    """Mean of (strongest gradient across each marker's edge / the marker's contrast), 0..~0.5.

    A sharp black-white edge at 4 px/mm steps within a pixel or two; blur spreads it, lowering the peak
    gradient for the same contrast, whatever the light.
    """
    gray = rect if rect.ndim == 2 else cv2.cvtColor(rect, cv2.COLOR_BGR2GRAY)
    values = []
    for m in SHEET.markers:
        x0, y0 = (round(v * _RECT_PX) for v in (m.x_mm - 2, m.y_mm - 2))
        side = round((m.size_mm + 4) * _RECT_PX)
        patch = gray[y0 : y0 + side, x0 : x0 + side].astype(np.float32)
        if patch.size == 0:
            continue
        lo, hi = np.percentile(patch, 5), np.percentile(patch, 95)
        if hi - lo < 20:
            continue
        gx = np.abs(cv2.Sobel(patch, cv2.CV_32F, 1, 0, ksize=3)) / 4
        gy = np.abs(cv2.Sobel(patch, cv2.CV_32F, 0, 1, ksize=3)) / 4
        values.append(float(np.percentile(np.maximum(gx, gy), 99)) / (hi - lo))
    return float(np.median(values)) if values else 0.0


def _blank_cells(size: int) -> NDArray[np.float32]:
    """The printed (empty) cells of the sheet as size x size grey crops, in `_all_cells` order."""
    page = render_sheet(100)
    px = 100 / 25.4
    square = np.array([[0, 0], [size, 0], [size, size], [0, size]], np.float32)
    out = []
    for _, _, x, y in _all_cells():
        quad = np.array([[x, y], [x + CELL_W, y], [x + CELL_W, y + CELL_H], [x, y + CELL_H]], np.float32)
        warp = cv2.getPerspectiveTransform(quad * px, square)
        out.append(cv2.warpPerspective(page, warp, (size, size), flags=cv2.INTER_AREA))
    return np.stack(out).astype(np.float32)


def _correlation(a: NDArray[np.float32], b: NDArray[np.float32]) -> float:
    """Correlation of two grey crops, blurred first so that a pixel or two of misfit does not count."""
    a, b = (cv2.GaussianBlur(v, (0, 0), 2.5) for v in (a, b))
    a, b = a - a.mean(), b - b.mean()
    return float((a * b).sum() / max(1e-6, np.sqrt((a * a).sum() * (b * b).sum())))


def read_sheet_photo(
    photo: str | Path | NDArray[np.uint8], name: str | None = None, size: int = 64
) -> SheetPhoto:
    """Check a photo of the filled sheet and cut the crop of every cell that holds a tile.

    Works at any angle the markers are seen at, the sheet upside down included (markers are told apart by
    their ids). Raises `SheetPhotoError` (naming the photo) for: an unreadable file, fewer than 2 markers,
    markers that do not sit where this sheet has them (another sheet, a table's calibration markers), a
    blurred photo, or fewer than `MIN_TILES` tiles laid on it.
    """
    if isinstance(photo, np.ndarray):
        image, label = photo, name or "photo"
    else:
        label = name or str(photo)
        image = cv2.imread(str(photo), cv2.IMREAD_COLOR)
        if image is None:
            raise SheetPhotoError(f"{label}: not a readable image")
    if image.ndim == 2:
        image = cv2.cvtColor(image, cv2.COLOR_GRAY2BGR)
    hom, misfit = _locate(cv2.cvtColor(image, cv2.COLOR_BGR2GRAY), label)
    if misfit > MAX_MARKER_ERROR_MM:
        raise SheetPhotoError(
            f"{label}: wrong sheet: its markers sit up to {misfit:.0f} mm from where the enroll sheet has "
            "them (print it with `riichi-table synth --sheet`, at 100 % scale)"
        )
    sharp = _sharpness(_rectified(image, hom))
    if sharp < MIN_SHARPNESS:
        raise SheetPhotoError(
            f"{label}: too blurred to learn from (marker edge sharpness {sharp:.2f}, need {MIN_SHARPNESS}); "
            "hold the camera still and let it focus"
        )
    to_image = np.linalg.inv(hom)
    square = np.array([[0, 0], [size, 0], [size, size], [0, size]], np.float32)
    blanks = _blank_cells(size)
    crops, ids, empty = [], [], []
    for (cell_name, cid, x, y), blank in zip(_all_cells(), blanks, strict=True):
        quad_mm = np.array([[[x, y], [x + CELL_W, y], [x + CELL_W, y + CELL_H], [x, y + CELL_H]]], np.float32)
        quad = cv2.perspectiveTransform(quad_mm, to_image)[0].astype(np.float32)
        crop = cv2.warpPerspective(image, cv2.getPerspectiveTransform(quad, square), (size, size),
                                   flags=cv2.INTER_AREA)  # fmt: skip
        if _correlation(cv2.cvtColor(crop, cv2.COLOR_BGR2GRAY).astype(np.float32), blank) > EMPTY_CORRELATION:
            empty.append(cell_name)
            continue
        crops.append(crop)
        ids.append(cid)
    if len(crops) < MIN_TILES:
        raise SheetPhotoError(
            f"{label}: only {len(crops)} cells hold a tile (need at least {MIN_TILES}): lay the tiles on "
            "the sheet before photographing it"
        )
    return SheetPhoto(label, np.stack(crops), np.asarray(ids, np.int64), tuple(empty), sharp)

"""The printable enroll layout sheet: where to lay each of the 34 kinds and the 3 red fives, with ArUco
markers at the corners so a photo of the sheet can be rectified and every tile's label comes free.

Print it at 100 % scale on A4 landscape (`riichi-table synth --sheet sheet.pdf`). Geometry is in sheet
millimetres, origin at the page's top-left corner, x to the right, y down:

- `SHEET.cells`: one `SheetCell` per tile, its rectangle (a tile lies upright, face up, inside it).
  Rows: 1m..9m 0m / 1p..9p 0p / 1s..9s 0s / East South West North White Green Red.
- `SHEET.markers`: four `SheetMarker`s (ArUco `DICT_4X4_50`, ids 0..3: top-left, top-right, bottom-right,
  bottom-left), each a black square of `size_mm` whose outer corners are listed clockwise from top-left
  (the order OpenCV's detector reports).
- `find_sheet(image) -> NDArray (3x3)`: homography from image pixels to sheet mm, from the markers it sees
  (at least two); `DatasetError` if it sees fewer.
- `render_sheet(dpi) -> grey image`, `write_sheet(path)`: the page as PNG or PDF (one page, exact size).
"""

from __future__ import annotations

import zlib
from dataclasses import dataclass
from pathlib import Path

import cv2
import numpy as np
from numpy.typing import NDArray
from riichi_table.datasets.errors import DatasetError
from riichi_table.engine.tiles import Tile, parse_tiles

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
    aruco_dict: str = ARUCO_DICT

    def cell_for(self, tile: Tile) -> SheetCell:
        for cell in self.cells:
            if cell.tile == tile:
                return cell
        raise DatasetError(f"tile {tile} has no cell on the layout sheet")


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
    return SheetLayout(PAGE_W, PAGE_H, tuple(cells), markers)


SHEET = _layout()


def _dictionary() -> cv2.aruco.Dictionary:
    return cv2.aruco.getPredefinedDictionary(getattr(cv2.aruco, ARUCO_DICT))


def render_sheet(dpi: int = 300) -> NDArray[np.uint8]:
    """The sheet as a greyscale image at `dpi` (A4 landscape: 3508 x 2480 px at 300 dpi)."""
    if not 50 <= dpi <= 1200:
        raise DatasetError(f"sheet dpi {dpi} is outside 50..1200")
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
    title = "riichi-table enroll sheet: print at 100% on A4, lay each tile face up on its name"
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
        raise DatasetError(f"sheet file {path} must end in .pdf or .png")
    img = render_sheet(dpi)
    if suffix == ".pdf":
        target.write_bytes(_pdf(img))
    elif not cv2.imwrite(str(target), img):
        raise DatasetError(f"could not write the sheet to {path}")


def find_sheet(image: NDArray[np.uint8]) -> NDArray[np.float64]:
    """Homography from `image` pixels (BGR or grey) to sheet mm, fitted to the corner markers it finds."""
    gray = image if image.ndim == 2 else cv2.cvtColor(image, cv2.COLOR_BGR2GRAY)
    detector = cv2.aruco.ArucoDetector(_dictionary(), cv2.aruco.DetectorParameters())
    corners, ids, _ = detector.detectMarkers(gray)
    known = {m.marker_id: m for m in SHEET.markers}
    src, dst = [], []
    for quad, mid in zip(corners, [] if ids is None else ids.ravel(), strict=False):
        if int(mid) in known:
            src.append(quad.reshape(4, 2))
            dst.append(known[int(mid)].corners_mm())
    if len(src) < 2:
        raise DatasetError(
            f"layout sheet not found: saw {len(src)} of its 4 corner markers (need at least 2)"
        )
    hom, _ = cv2.findHomography(np.concatenate(src), np.concatenate(dst), 0)
    if hom is None:
        raise DatasetError("layout sheet markers found but their positions do not fit a sheet")
    return hom

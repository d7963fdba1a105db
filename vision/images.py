"""Reading photos from disk with a clear error for each way a file can be bad."""

from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np
from riichi_table.vision.errors import VisionError

MAX_FILE_BYTES = 64 * 1024 * 1024
MAX_PIXELS = 50_000_000  # a 50-megapixel photo; anything bigger is refused before decoding
MIN_SIDE = 16


class BadImageError(VisionError):
    """An image file that cannot be used: missing, empty, not an image, too big or too small."""


def _header_size(data: bytes) -> tuple[int, int] | None:
    """(width, height) from a PNG or JPEG header without decoding pixels, or None if unknown."""
    if data[:8] == b"\x89PNG\r\n\x1a\n" and len(data) >= 24:
        return int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big")
    if data[:2] == b"\xff\xd8":
        i = 2
        while i + 9 < len(data):
            if data[i] != 0xFF:
                i += 1
                continue
            marker = data[i + 1]
            if marker in (0xC0, 0xC1, 0xC2, 0xC3, 0xC5, 0xC6, 0xC7, 0xC9, 0xCA, 0xCB, 0xCD, 0xCE, 0xCF):
                return int.from_bytes(data[i + 7 : i + 9], "big"), int.from_bytes(data[i + 5 : i + 7], "big")
            if marker in (0xD8, 0x01) or 0xD0 <= marker <= 0xD7:
                i += 2
                continue
            i += 2 + int.from_bytes(data[i + 2 : i + 4], "big")
    return None


def read_image(path: str | Path) -> np.ndarray:
    """Read a photo as a BGR uint8 array (H, W, 3); raise BadImageError naming the file and the problem."""
    p = Path(path)
    if not p.exists():
        raise BadImageError(f"{p}: no such file")
    if not p.is_file():
        raise BadImageError(f"{p}: not a file")
    size = p.stat().st_size
    if size == 0:
        raise BadImageError(f"{p}: empty file (0 bytes)")
    if size > MAX_FILE_BYTES:
        raise BadImageError(
            f"{p}: file is {size / 1e6:.0f} MB, more than the {MAX_FILE_BYTES / 1e6:.0f} MB allowed"
        )
    data = p.read_bytes()
    dims = _header_size(data)
    if dims is not None and dims[0] * dims[1] > MAX_PIXELS:
        raise BadImageError(
            f"{p}: {dims[0]}x{dims[1]} pixels is more than the {MAX_PIXELS // 10**6} MP allowed"
        )
    image = cv2.imdecode(np.frombuffer(data, np.uint8), cv2.IMREAD_COLOR)
    if image is None:
        raise BadImageError(f"{p}: not a readable image (expected JPEG, PNG, BMP or WebP)")
    return check_frame(image, str(p))


def check_frame(frame: np.ndarray, name: str = "frame") -> np.ndarray:
    """Check an in-memory frame is BGR uint8 (H, W, 3) of a usable size; grey or BGRA frames are converted."""
    if not isinstance(frame, np.ndarray):
        raise BadImageError(f"{name}: expected a numpy image array, got {type(frame).__name__}")
    if frame.dtype != np.uint8:
        raise BadImageError(f"{name}: expected uint8 pixels, got {frame.dtype}")
    if frame.ndim == 2:
        frame = cv2.cvtColor(frame, cv2.COLOR_GRAY2BGR)
    elif frame.ndim == 3 and frame.shape[2] == 4:
        frame = cv2.cvtColor(frame, cv2.COLOR_BGRA2BGR)
    if frame.ndim != 3 or frame.shape[2] != 3:
        raise BadImageError(f"{name}: expected shape (H, W, 3), got {frame.shape}")
    h, w = frame.shape[:2]
    if min(h, w) < MIN_SIDE:
        raise BadImageError(f"{name}: {w}x{h} pixels is too small (at least {MIN_SIDE} a side)")
    if h * w > MAX_PIXELS:
        raise BadImageError(f"{name}: {w}x{h} pixels is more than the {MAX_PIXELS // 10**6} MP allowed")
    return frame

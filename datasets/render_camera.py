"""What the camera does to a rendered table: light and shadows, perspective and crop, blur, noise, JPEG.

Geometry is carried along as a 3x3 homography from the top-down canvas to the output image, so labels
are exact: transform the tiles' quadrilaterals with it (`cv2.perspectiveTransform`).
"""

from __future__ import annotations

from collections.abc import Sequence

import cv2
import numpy as np
from numpy.typing import NDArray

Image = NDArray[np.uint8]


def cast_shadows(
    img: Image,
    quads: Sequence[NDArray[np.float32]],
    offset: tuple[float, float],
    softness: float,
    strength: float,
) -> None:
    """Darken the surface under and beside each quad as a soft shadow thrown by a light at `-offset`."""
    if not quads or strength <= 0:
        return
    h, w = img.shape[:2]
    mask = np.zeros((h, w), np.uint8)
    shift = np.array(offset, np.float32)
    for quad in quads:
        cv2.fillConvexPoly(mask, np.round(quad + shift).astype(np.int32), 255, lineType=cv2.LINE_AA)
    soft = _blur_small(mask, softness)
    img[:] = (img * (1.0 - strength * soft[..., None])).astype(np.uint8)


def _blur_small(mask: NDArray[np.uint8], sigma: float) -> NDArray[np.float32]:
    """A wide Gaussian blur of a mask, done at a quarter of the size (the result is smooth anyway), 0..1."""
    h, w = mask.shape
    f = 4 if sigma > 6 else 1
    small = cv2.resize(mask, (w // f, h // f), interpolation=cv2.INTER_AREA) if f > 1 else mask
    blurred = cv2.GaussianBlur(small, (0, 0), max(0.5, sigma / f))
    if f > 1:
        blurred = cv2.resize(blurred, (w, h), interpolation=cv2.INTER_LINEAR)
    return blurred.astype(np.float32) * (1.0 / 255.0)


def light(rng: np.random.Generator, img: Image) -> None:
    """Uneven light: a linear gradient across the frame, a soft hot spot and a colour cast (white balance)."""
    h, w = img.shape[:2]
    n = 48  # the light field is smooth: compute it on a small grid and resize
    yy, xx = np.mgrid[0:n, 0:n].astype(np.float32) / (n - 1)
    theta = rng.uniform(0, 2 * np.pi)
    grad = (xx - 0.5) * np.cos(theta) + (yy - 0.5) * np.sin(theta)
    field = 1.0 + rng.uniform(0.0, 0.6) * grad
    sx, sy = rng.uniform(0, 1, 2)
    radius = rng.uniform(0.3, 0.8)
    field += rng.uniform(0.0, 0.35) * np.exp(-((xx - sx) ** 2 + (yy - sy) ** 2) / (2 * radius**2))
    field *= rng.uniform(0.65, 1.15)
    cast = np.array([rng.uniform(0.85, 1.12), rng.uniform(0.95, 1.05), rng.uniform(0.85, 1.12)], np.float32)
    big = cv2.resize(field[..., None] * cast, (w, h), interpolation=cv2.INTER_LINEAR)
    img[:] = cv2.multiply(img, big, dtype=cv2.CV_8U)


def camera_homography(
    rng: np.random.Generator, canvas: int, size: int, max_rotation: float, zoom: float
) -> NDArray[np.float64]:
    """A homography from a square canvas (side `canvas`) to the output (side `size`).

    The output sees a rotated, perspective-tilted quadrilateral around the canvas centre: the far (top) edge
    of the view is wider on the table than the near one, as for a camera looking down at a slant. The
    quadrilateral is shrunk until it fits inside the canvas, so the output never shows what was not drawn.
    """
    tilt = rng.uniform(0.0, 0.35)
    angle = np.radians(rng.uniform(-max_rotation, max_rotation))
    jitter = rng.uniform(-0.04, 0.04, (4, 2))
    shift = rng.uniform(-0.06, 0.06, 2) * canvas
    base = np.array([[-1 - tilt, -1], [1 + tilt, -1], [1 - tilt * 0.2, 1], [-1 + tilt * 0.2, 1]], np.float64)
    base += jitter
    rot = np.array([[np.cos(angle), -np.sin(angle)], [np.sin(angle), np.cos(angle)]])
    centre = np.array([canvas / 2, canvas / 2]) + shift
    half = size / 2 / zoom
    for _ in range(40):
        src = (base * half) @ rot.T + centre
        if src.min() >= 0 and src.max() <= canvas - 1:
            break
        half *= 0.95
        centre = centre * 0.9 + np.array([canvas / 2, canvas / 2]) * 0.1
    dst = np.array([[0, 0], [size, 0], [size, size], [0, size]], np.float64)
    return cv2.getPerspectiveTransform(src.astype(np.float32), dst.astype(np.float32))


def degrade(rng: np.random.Generator, img: Image) -> Image:
    """Focus blur or motion blur, sensor noise, contrast/gamma changes and JPEG compression (a new image)."""
    out = img
    r = rng.random()
    if r < 0.35:
        out = cv2.GaussianBlur(out, (0, 0), rng.uniform(0.4, 1.6))
    elif r < 0.45:
        k = int(rng.integers(3, 8))
        kernel = np.zeros((k, k), np.float32)
        kernel[k // 2, :] = 1.0 / k
        rot = cv2.getRotationMatrix2D((k / 2 - 0.5, k / 2 - 0.5), rng.uniform(0, 180), 1.0)
        kernel = cv2.warpAffine(kernel, rot, (k, k))
        out = cv2.filter2D(out, -1, kernel / max(kernel.sum(), 1e-6))
    gamma = rng.uniform(0.75, 1.3)
    contrast = rng.uniform(0.8, 1.15)
    levels = 255.0 * (np.arange(256, dtype=np.float32) / 255.0) ** gamma
    lut = np.clip((levels - 128.0) * contrast + 128.0, 0, 255).astype(np.uint8)
    out = cv2.LUT(out, lut)
    sigma = rng.uniform(0, 8) if rng.random() < 0.7 else 0.0
    if sigma:
        h, w = out.shape[:2]
        noise = rng.standard_normal((h, w, 3), dtype=np.float32) * np.float32(sigma)
        out = np.clip(out + noise, 0, 255).astype(np.uint8)
    quality = int(rng.integers(35, 96))
    ok, buf = cv2.imencode(".jpg", out, [cv2.IMWRITE_JPEG_QUALITY, quality])
    assert ok
    decoded = cv2.imdecode(buf, cv2.IMREAD_COLOR)
    assert decoded is not None
    return decoded

"""Table tops and distractors for the synthetic scenes: felt mats, wood, automatic-table panels, point
sticks, dice, and hands/arms as skin-coloured blobs. All drawing is in canvas pixels, BGR uint8, and every
random choice comes from the `numpy.random.Generator` passed in.
"""

from __future__ import annotations

import cv2
import numpy as np
from numpy.typing import NDArray

Image = NDArray[np.uint8]

# BGR felt colours seen on mahjong tables: greens, blues, greys, wine, black, beige.
FELTS = [
    (60, 120, 40), (40, 95, 30), (90, 140, 60), (120, 80, 30), (140, 100, 40), (70, 70, 70),
    (40, 40, 40), (50, 40, 110), (150, 170, 180), (30, 30, 30), (100, 110, 60), (160, 120, 90),
]  # fmt: skip
WOODS = [(40, 80, 140), (30, 60, 110), (70, 120, 170), (20, 40, 70), (90, 140, 190)]
SKINS = [(150, 180, 225), (120, 160, 210), (90, 130, 185), (60, 95, 150), (40, 65, 110), (170, 195, 235)]


def _soft(mask: NDArray[np.uint8], sigma: float) -> NDArray[np.float32]:
    """A wide blur of a mask at a quarter of the size, 0..1."""
    h, w = mask.shape
    small = cv2.resize(mask, (max(1, w // 4), max(1, h // 4)), interpolation=cv2.INTER_AREA)
    small = cv2.GaussianBlur(small, (0, 0), max(0.5, sigma / 4))
    return cv2.resize(small, (w, h), interpolation=cv2.INTER_LINEAR).astype(np.float32) * (1.0 / 255.0)


def _smooth_noise(rng: np.random.Generator, h: int, w: int, cells: int) -> NDArray[np.float32]:
    """Low-frequency noise in [-1, 1]: a small random grid, resized up with cubic interpolation."""
    grid = rng.uniform(-1, 1, (cells, cells)).astype(np.float32)
    return cv2.resize(grid, (w, h), interpolation=cv2.INTER_CUBIC)


def felt(rng: np.random.Generator, h: int, w: int) -> Image:
    """A felt or cloth mat: one colour, mottled, with fine grain."""
    base = np.array(FELTS[int(rng.integers(len(FELTS)))], np.float32) * rng.uniform(0.75, 1.2)
    mottle = 1.0 + 0.08 * _smooth_noise(rng, h, w, int(rng.integers(3, 9)))
    img = base[None, None, :] * (mottle + _grain(rng, h, w, rng.uniform(0.01, 0.03)))[..., None]
    return np.clip(img, 0, 255).astype(np.uint8)


def _grain(rng: np.random.Generator, h: int, w: int, sigma: float) -> NDArray[np.float32]:
    """Fine multiplicative grain, drawn at half size (cheaper) and resized."""
    small = rng.standard_normal((h // 2 + 1, w // 2 + 1), dtype=np.float32) * np.float32(sigma)
    return cv2.resize(small, (w, h), interpolation=cv2.INTER_LINEAR)


def wood(rng: np.random.Generator, h: int, w: int) -> Image:
    """A wooden table top: warped stripes of grain in two wood tones, planks along x or y."""
    full_h, full_w = h, w
    h, w = h // 2, w // 2  # drawn at half size; the grain is smooth along the stripes
    dark = np.array(WOODS[int(rng.integers(len(WOODS)))], np.float32)
    light = dark * rng.uniform(1.2, 1.6)
    yy = np.arange(h, dtype=np.float32)[:, None]
    warp = _smooth_noise(rng, h, w, 3) * rng.uniform(5, 20)
    freq = rng.uniform(0.05, 0.2)
    # Phase noise varies fast across the grain and slowly along it, so the stripes stay long and thin.
    phase = cv2.resize(rng.uniform(-1, 1, (48, 3)).astype(np.float32), (w, h), interpolation=cv2.INTER_CUBIC)
    stripes = 0.5 + 0.5 * np.sin((yy + warp) * freq + phase * 1.5)
    planks = rng.uniform(60, 200)
    seam = (np.mod(yy + rng.uniform(0, planks), planks) < 2).astype(np.float32) * 0.35
    t = np.clip(stripes - seam, 0, 1)[..., None]
    img = dark * (1 - t) + light * t
    img *= 1.0 + _grain(rng, h, w, 0.03)[..., None]
    if rng.random() < 0.5:
        img = np.ascontiguousarray(np.transpose(img, (1, 0, 2)))
    img = cv2.resize(img, (full_w, full_h), interpolation=cv2.INTER_LINEAR)
    return np.clip(img, 0, 255).astype(np.uint8)


def table_top(
    rng: np.random.Generator, h: int, w: int, centre: tuple[float, float], px_per_mm: float
) -> Image:
    """The surface under the tiles: a felt mat (often with a wood rim and an automatic table's centre
    panel), a bare wooden table or a plain cloth. `centre` is the table centre in canvas pixels."""
    kind = rng.choice(3, p=[0.6, 0.25, 0.15])
    img = wood(rng, h, w) if kind == 1 else felt(rng, h, w)
    cx, cy = centre
    if kind == 0 and rng.random() < 0.6:
        # A wooden rim around the mat, out at the table's edge.
        half = rng.uniform(350, 420) * px_per_mm
        rim = wood(rng, h, w)
        mask = np.ones((h, w), np.uint8)
        x0, y0, x1, y1 = (int(v) for v in (cx - half, cy - half, cx + half, cy + half))
        cv2.rectangle(mask, (x0, y0), (x1, y1), 0, -1)
        img[mask > 0] = rim[mask > 0]
    if kind == 0 and rng.random() < 0.5:
        _centre_panel(rng, img, centre, px_per_mm)
    return img


def _centre_panel(
    rng: np.random.Generator, img: Image, centre: tuple[float, float], px_per_mm: float
) -> None:
    """An automatic table's centre: a dark square with a score display and four wind lamps."""
    half = rng.uniform(55, 75) * px_per_mm
    cx, cy = centre
    colour = tuple(int(v) for v in rng.integers(10, 60, 3))
    cv2.rectangle(img, (int(cx - half), int(cy - half)), (int(cx + half), int(cy + half)), colour, -1)
    lamp = max(1, int(half * 0.12))
    for dx, dy in ((0, 0.7), (0.7, 0), (0, -0.7), (-0.7, 0)):
        on = rng.random() < 0.3
        c = (40, 40, 230) if on else (60, 60, 60)
        cv2.circle(img, (int(cx + dx * half), int(cy + dy * half)), lamp, c, -1, lineType=cv2.LINE_AA)
    digits = (60, 200, 255) if rng.random() < 0.5 else (80, 255, 120)
    for i in range(3):
        x = int(cx - half * 0.4 + i * half * 0.3)
        cv2.putText(img, str(int(rng.integers(10))), (x, int(cy + half * 0.15)), cv2.FONT_HERSHEY_SIMPLEX,
                    max(0.3, half / 120), digits, max(1, int(half / 60)), cv2.LINE_AA)  # fmt: skip


def point_stick(
    rng: np.random.Generator, img: Image, x: float, y: float, angle: float, px_per_mm: float
) -> None:
    """A scoring stick (tenbou), about 80 x 9 mm, white with dot patterns."""
    length, width = 80 * px_per_mm, 9 * px_per_mm
    rect = ((x, y), (length, width), angle)
    box = cv2.boxPoints(rect).astype(np.int32)
    cv2.fillConvexPoly(img, box, (235, 240, 240), lineType=cv2.LINE_AA)
    cv2.polylines(img, [box], True, (170, 175, 175), 1, cv2.LINE_AA)
    pattern = int(rng.integers(4))
    ca, sa = np.cos(np.radians(angle)), np.sin(np.radians(angle))
    dots = {0: [(0.0, 0.0)], 1: [(-0.2, 0), (0.2, 0)], 2: [(f, 0) for f in np.linspace(-0.3, 0.3, 8)]}.get(
        pattern, [(-0.3, -0.2), (-0.3, 0.2), (0.0, 0.0), (0.3, -0.2), (0.3, 0.2)]
    )
    colour = (40, 40, 200) if pattern == 0 else (30, 30, 30)
    r = max(1, int(width * (0.3 if pattern == 0 else 0.12)))
    for fx, fy in dots:
        px = x + fx * length * ca - fy * width * sa
        py = y + fx * length * sa + fy * width * ca
        cv2.circle(img, (int(px), int(py)), r, colour, -1, lineType=cv2.LINE_AA)


_PIPS = {
    1: [(0, 0)],
    2: [(-1, -1), (1, 1)],
    3: [(-1, -1), (0, 0), (1, 1)],
    4: [(-1, -1), (1, -1), (-1, 1), (1, 1)],
    5: [(-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)],
    6: [(-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)],
}


def die(rng: np.random.Generator, img: Image, x: float, y: float, angle: float, px_per_mm: float) -> None:
    """A 12 mm die seen from above, showing a random face."""
    side = 12 * px_per_mm
    box = cv2.boxPoints(((x, y), (side, side), angle)).astype(np.int32)
    cv2.fillConvexPoly(img, box, (225, 235, 240), lineType=cv2.LINE_AA)
    cv2.polylines(img, [box], True, (150, 160, 165), 1, cv2.LINE_AA)
    value = int(rng.integers(1, 7))
    ca, sa = np.cos(np.radians(angle)), np.sin(np.radians(angle))
    for fx, fy in _PIPS[value]:
        dx, dy = fx * side * 0.27, fy * side * 0.27
        px, py = x + dx * ca - dy * sa, y + dx * sa + dy * ca
        r = side * (0.16 if value == 1 else 0.09)
        colour = (30, 30, 200) if value in (1, 4) else (30, 30, 30)
        cv2.circle(img, (int(px), int(py)), max(1, int(r)), colour, -1, lineType=cv2.LINE_AA)


def arm(
    rng: np.random.Generator,
    img: Image,
    id_map: NDArray[np.uint16] | None,
    tip: tuple[float, float],
    px_per_mm: float,
) -> NDArray[np.uint8]:
    """A hand reaching in from the nearest canvas edge to `tip`: a skin-coloured arm, palm and fingers.

    Drawn over whatever is there (tiles included); clears `id_map` where it covers. Returns its mask.
    """
    h, w = img.shape[:2]
    tx, ty = tip
    edges = [(tx, h + 50.0), (tx, -50.0), (-50.0, ty), (w + 50.0, ty)]
    dist = [h - ty, ty, tx, w - tx]
    ex, ey = edges[int(np.argmin(dist))]
    ex += rng.normal(0, w * 0.1)
    mask = np.zeros((h, w), np.uint8)
    direction = np.array([tx - ex, ty - ey], np.float64)
    direction /= max(np.linalg.norm(direction), 1e-6)
    normal = np.array([-direction[1], direction[0]])
    arm_w = rng.uniform(55, 75) * px_per_mm
    palm = np.array([tx, ty]) - direction * 45 * px_per_mm
    cv2.line(mask, (int(ex), int(ey)), (int(palm[0]), int(palm[1])), 255, max(2, int(arm_w)), cv2.LINE_AA)
    axes = (max(1, int(45 * px_per_mm)), max(1, int(40 * px_per_mm)))
    ang = float(np.degrees(np.arctan2(direction[1], direction[0])))
    cv2.ellipse(mask, (int(palm[0]), int(palm[1])), axes, ang, 0, 360, 255, -1, cv2.LINE_AA)
    finger_w = max(2, int(rng.uniform(14, 19) * px_per_mm))
    for k in range(int(rng.integers(2, 6))):
        off = (k - 2) * 18 * px_per_mm
        base = palm + normal * off + direction * 30 * px_per_mm
        spread = direction + normal * (k - 2) * 0.15 + rng.normal(0, 0.1, 2)
        end = base + spread / max(np.linalg.norm(spread), 1e-6) * rng.uniform(35, 70) * px_per_mm
        cv2.line(mask, (int(base[0]), int(base[1])), (int(end[0]), int(end[1])), 255, finger_w, cv2.LINE_AA)
    skin = np.array(SKINS[int(rng.integers(len(SKINS)))], np.float32)
    sleeve = np.array(rng.integers(20, 230, 3), np.float32) if rng.random() < 0.4 else None
    x, y, bw, bh = cv2.boundingRect(mask)
    if bw == 0 or bh == 0:
        return mask
    roi = (slice(y, y + bh), slice(x, x + bw))
    m = mask[roi]
    shade = _soft(m, max(1.0, 8 * px_per_mm))[..., None]
    a = m.astype(np.float32)[..., None] / 255.0
    colour = skin[None, None, :] * (0.65 + 0.4 * shade)
    if sleeve is not None:
        yy, xx = np.mgrid[y : y + bh, x : x + bw]
        far = np.hypot(xx - palm[0], yy - palm[1]) > 110 * px_per_mm
        colour = np.where(far[..., None], sleeve * (0.6 + 0.4 * shade), colour)
    img[roi] = np.clip(img[roi] * (1 - a) + colour * a, 0, 255).astype(np.uint8)
    if id_map is not None:
        id_map[mask >= 128] = 0
    return mask

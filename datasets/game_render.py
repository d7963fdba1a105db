"""Draw a table layout as a camera above the table would see it.

The scene is drawn flat in the table plane (1 px per mm, a margin around the marker square) with tiles from
`datasets.tile_art`, then each frame adds what a camera adds: a hand and arm reaching in (with a shadow),
perspective (a homography to 1280x720 or another size), slow lighting changes, sensor noise and, once, a
short bump that leaves the camera slightly moved.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass

import cv2
import numpy as np
from numpy.typing import NDArray
from riichi_table.datasets.game_play import MeldShape, SeatLayout, TableLayout
from riichi_table.datasets.tile_art import TileArt, TileBody, paste_tile, render_tile
from riichi_table.engine.tiles import Tile
from riichi_table.vision.calibrate import DEFAULT_MARKER_MM, marker_image
from riichi_table.vision.zones import TableGeometry

MARGIN_MM = 90
BODY = TileBody(view=0.12, thickness=0.6)
SKIN = (112, 150, 205)


@dataclass(frozen=True)
class Arm:
    """A hand reaching from `seat`'s edge to seat-frame point (u, v) mm; `reach` 0..1 how far it is in."""

    seat: int
    u: float
    v: float
    reach: float


class TableRenderer:
    """Renders layouts to camera frames; deterministic for a seed."""

    def __init__(
        self, art: TileArt, seed: int, size: tuple[int, int] = (1280, 720), noise: float = 3.0
    ) -> None:
        self.art = art
        self.geo = TableGeometry()
        self.rng = random.Random(seed)
        self.size = size
        self.noise = noise
        side = int(self.geo.side_mm) + 2 * MARGIN_MM
        self.canvas_side = side
        self._base = self._mat(side)
        self.homography = self._camera()
        self._bump: tuple[int, int] | None = None
        self._np_rng = np.random.default_rng(seed)
        self._noise = np.zeros((size[1], size[0], 3), np.int16)

    # --- the table plane ----------------------------------------------------------------------------------
    def _mat(self, side: int) -> NDArray[np.uint8]:
        rng = np.random.default_rng(self.rng.randrange(1 << 30))
        wood = np.full((side, side, 3), (40, 62, 92), np.uint8)
        m = MARGIN_MM - 30
        felt_colour = np.array(
            (58 + self.rng.randint(-8, 8), 112 + self.rng.randint(-10, 10), 46), np.float32
        )
        texture = cv2.GaussianBlur(rng.normal(0, 1, (side // 8, side // 8)).astype(np.float32), (0, 0), 2)
        texture = cv2.resize(texture, (side, side))
        felt = np.clip(felt_colour[None, None, :] * (1 + 0.06 * texture[..., None]), 0, 255).astype(np.uint8)
        wood[m : side - m, m : side - m] = felt[m : side - m, m : side - m]
        px = int(DEFAULT_MARKER_MM)
        marker = cv2.cvtColor(marker_image(0, px), cv2.COLOR_GRAY2BGR)
        corners = {0: (0, 1), 1: (1, 1), 2: (1, 0), 3: (0, 0)}
        for marker_id, (cx, cy) in corners.items():
            marker = cv2.cvtColor(marker_image(marker_id, px), cv2.COLOR_GRAY2BGR)
            x = MARGIN_MM + int(cx * self.geo.side_mm) - px // 2
            y = MARGIN_MM + int(cy * self.geo.side_mm) - px // 2
            wood[y : y + px, x : x + px] = marker
        return wood

    def _paste(
        self, canvas: NDArray[np.uint8], t: Tile | None, seat: int, u: float, v: float, sideways: bool
    ) -> None:
        sprite = render_tile(self.art, t, height=int(self.geo.tile_h), sideways=sideways, body=BODY)
        x, y = self.geo.to_table(seat, u, v)
        jitter = self.rng.uniform(-1.5, 1.5)
        paste_tile(canvas, sprite, (x + MARGIN_MM, y + MARGIN_MM), self.geo.seat_angle(seat) + jitter)

    def _standing(self, canvas: NDArray[np.uint8], seat: int, u: float) -> None:
        w, d = self.geo.tile_w, 20.0
        v = self.geo.hand_v + 6
        pts_face = [(u - w / 2, v), (u + w / 2, v), (u + w / 2, v + d * 0.55), (u - w / 2, v + d * 0.55)]
        pts_back = [(u - w / 2, v - d * 0.45), (u + w / 2, v - d * 0.45), (u + w / 2, v), (u - w / 2, v)]
        for pts, colour in ((pts_face, self.art.face_colour), (pts_back, self.art.back_colour)):
            poly = np.array([self.geo.to_table(seat, a, b) for a, b in pts], np.float32) + MARGIN_MM
            cv2.fillConvexPoly(
                canvas, np.round(poly).astype(np.int32), tuple(int(c) for c in colour), cv2.LINE_AA
            )

    def _melds(self, canvas: NDArray[np.uint8], seat: int, melds: list[MeldShape]) -> None:
        geo = self.geo
        right = geo.meld_u_right
        bottom = geo.hand_v + geo.tile_h / 2
        for meld in melds:
            widths = [geo.tile_h if s else geo.tile_w for s in meld.sideways]
            total = sum(widths) + 2.5 * (len(widths) - 1)
            u = right - total
            for i, (t, s, down) in enumerate(zip(meld.tiles, meld.sideways, meld.face_down, strict=False)):
                w = widths[i]
                v = bottom - (geo.tile_w if s else geo.tile_h) / 2
                self._paste(canvas, None if down else t, seat, u + w / 2, v, s)
                if i == meld.stacked and len(meld.tiles) > len(meld.sideways):
                    self._paste(canvas, meld.tiles[-1], seat, u + w / 2, v - geo.tile_w - 2.5, True)
                u += w + 2.5
            right -= total + 10.0

    def _seat(self, canvas: NDArray[np.uint8], seat: int, s: SeatLayout) -> None:
        geo = self.geo
        for i, (t, sideways) in enumerate(s.pond):
            row, col = divmod(i, 6)
            row = min(row, 3)
            if i >= 24:
                col = i - 18
            before = s.pond[row * 6 : row * 6 + col]
            u = -2.5 * geo.pitch + col * geo.pitch + sum(geo.tile_h - geo.tile_w for _, sw in before if sw)
            u += (geo.tile_h - geo.tile_w) / 2 if sideways else 0
            self._paste(canvas, t, seat, u, geo.pond_v0 + row * geo.row_pitch, sideways)
        if s.revealed is not None:
            n = len(s.revealed)
            for i, t in enumerate(s.revealed):
                apart = 12.0 if (s.win_apart and i == n - 1) else 0.0
                self._paste(canvas, t, seat, geo.hand_u0 + i * (geo.tile_w + 2.5) + apart, geo.hand_v, False)
        else:
            for i in range(s.hand_count):
                self._standing(canvas, seat, geo.hand_u0 + i * (geo.tile_w + 2.5))
        self._melds(canvas, seat, s.melds)

    def scene(self, layout: TableLayout) -> NDArray[np.uint8]:
        """The table plane with every tile of the layout (1 px per mm, MARGIN_MM around the markers)."""
        canvas = self._base.copy()
        if layout.empty:
            return canvas
        geo = self.geo
        cx, cy = geo.centre
        for i in range(7):
            u = (i - 3) * (geo.tile_w + 1.0)
            shown = i - 2
            t = layout.dora[shown] if 0 <= shown < len(layout.dora) else None
            self._paste(canvas, t, 0, u, 0.0, False)
            if 0 <= shown < len(layout.ura):
                self._paste(canvas, layout.ura[shown], 0, u, geo.tile_h + 4, False)
        del cx, cy
        for seat, s in enumerate(layout.seats):
            self._seat(canvas, seat, s)
        return canvas

    # --- the camera ---------------------------------------------------------------------------------------
    def _camera(self) -> NDArray[np.float64]:
        w, _h = self.size
        k = w / 1280.0
        m, side = MARGIN_MM, self.geo.side_mm
        src = np.array([[m, m + side], [m + side, m + side], [m + side, m], [m, m]], np.float32)
        dst = np.array([[255, 655], [1025, 655], [935, 62], [345, 62]], np.float32) * k
        dst += np.array([[self.rng.uniform(-15, 15) * k for _ in range(2)] for _ in range(4)], np.float32)
        return np.asarray(cv2.getPerspectiveTransform(src, dst), np.float64)

    def schedule_bump(self, frame_index: int) -> None:
        """Shake the camera for a few frames from `frame_index`; it then stays a little moved."""
        self._bump = (frame_index, 5)

    def _shift(self, dx: float, dy: float, angle: float) -> NDArray[np.float64]:
        w, h = self.size
        r = cv2.getRotationMatrix2D((w / 2, h / 2), angle, 1.0)
        r[0, 2] += dx
        r[1, 2] += dy
        return np.vstack([r, [0, 0, 1]])

    def frame(self, scene: NDArray[np.uint8], index: int, arm: Arm | None, fps: float) -> NDArray[np.uint8]:
        """One camera frame of `scene` at frame `index`."""
        plane = scene if arm is None else self._with_arm(scene, arm)
        h_cam = self.homography
        blur = 0
        if self._bump is not None:
            start, length = self._bump
            k = index - start
            if 0 <= k < length:
                amp = 22.0 * (1.0 - k / length)
                shake = self._shift(amp * math.sin(k * 2.1), amp * math.cos(k * 1.7), amp * 0.08)
                h_cam = shake @ h_cam
                blur = 9
            elif k >= length:
                self.homography = self._shift(9.0, -6.0, 0.6) @ self.homography
                h_cam = self.homography
                self._bump = None
        image = cv2.warpPerspective(plane, h_cam, self.size, flags=cv2.INTER_LINEAR, borderValue=(30, 30, 30))
        if blur:
            kernel = np.zeros((blur, blur), np.float32)
            kernel[blur // 2, :] = 1.0 / blur
            image = cv2.filter2D(image, -1, kernel)
        t = index / fps
        gain = 0.92 + 0.12 * math.sin(t * 0.35) - (0.25 if 14.0 < (t % 40.0) < 17.0 else 0.0)
        image = cv2.convertScaleAbs(image, alpha=gain, beta=0)
        if self.noise > 0:
            cv2.randn(self._noise, 0, self.noise)
            image = cv2.add(image, self._noise, dtype=cv2.CV_8U)
        return np.asarray(image, np.uint8)

    def _with_arm(self, scene: NDArray[np.uint8], arm: Arm) -> NDArray[np.uint8]:
        geo = self.geo
        out = scene.copy()
        tx, ty = geo.to_table(arm.seat, arm.u, arm.v)
        sx, sy = geo.to_table(arm.seat, arm.u * 0.6, geo.side_mm / 2 + MARGIN_MM)
        hx = sx + (tx - sx) * arm.reach
        hy = sy + (ty - sy) * arm.reach
        pts = [(sx + MARGIN_MM, sy + MARGIN_MM), (hx + MARGIN_MM, hy + MARGIN_MM)]
        shadow = out.copy()
        off = 18
        a = tuple(int(c + off) for c in pts[0])
        b = tuple(int(c + off) for c in pts[1])
        cv2.line(shadow, a, b, (0, 0, 0), 75)
        cv2.circle(shadow, b, 48, (0, 0, 0), -1)
        cv2.addWeighted(shadow, 0.35, out, 0.65, 0, out)
        a = tuple(int(c) for c in pts[0])
        b = tuple(int(c) for c in pts[1])
        cv2.line(out, a, b, (SKIN[0] - 15, SKIN[1] - 15, SKIN[2] - 15), 75, cv2.LINE_AA)
        angle = math.degrees(math.atan2(b[1] - a[1], b[0] - a[0]))
        cv2.ellipse(out, b, (55, 42), angle, 0, 360, SKIN, -1, cv2.LINE_AA)
        return out

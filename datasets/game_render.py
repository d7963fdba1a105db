"""Draw a table layout as a camera above the table would see it.

The scene is drawn flat in the table plane (1 px per mm, a margin around the marker square) with tiles from
`datasets.tile_art`, then each frame adds what a camera adds: a hand and arm reaching in (with a shadow),
perspective (a homography to 1280x720 or another size), slow lighting changes, sensor noise and, once, a
short bump that leaves the camera slightly moved.

A `Look` makes the renderer a harder teacher (docs/live.md, "Harder renders"): the felt (green, blue, black,
wood, white cloth), the tiles' back colour, a pinhole camera tilted up to ~45 degrees off overhead from seat
0's side, dim and uneven light, a lamp's colour (warm or tinted) and its straight fall-off across the table,
and with `hard` the things a real table adds: standing hands and the two-high dead wall drawn with their
height seen from the camera, point sticks beside the ponds, lying tiles with their thickness (the face is
drawn where the camera sees it, shifted away from the camera), tinted faces, specular highlights, motion blur
while an arm moves, exposure steps and arm shadows. The default `Look()` draws exactly the old clips (the
regression set).
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, replace

import cv2
import numpy as np
from numpy.typing import NDArray
from riichi_table.datasets.game_play import MeldShape, SeatLayout, TableLayout
from riichi_table.datasets.render_table import point_stick
from riichi_table.datasets.render_table import wood as wood_top
from riichi_table.datasets.tile_art import (
    TileArt,
    TileBody,
    TileSprite,
    paste_tile,
    render_tile,
    sprite_transform,
)
from riichi_table.engine.tiles import Tile
from riichi_table.vision.calibrate import DEFAULT_MARKER_MM, marker_image
from riichi_table.vision.face_height import camera_pose
from riichi_table.vision.zones import TableGeometry

MARGIN_MM = 90
BODY = TileBody(view=0.12, thickness=0.6)
SKIN = (112, 150, 205)

# BGR colours of the felts and tile backs a Look names (what clubs use).
FELT_COLOURS = {
    "green": (58, 112, 46),
    "blue": (120, 62, 28),
    "black": (30, 29, 28),
    "white": (212, 218, 220),
}
BACK_COLOURS = {
    "yellow": (40, 185, 225),
    "blue": (165, 95, 35),
    "green": (70, 140, 50),
    "red": (45, 45, 185),
    "black": (35, 33, 32),
}
FACES = ("art", "photo")  # where the tile faces come from (Look.faces)
# Per-channel (B, G, R) gain of a light one unit warm (Look.warm = 1): a tungsten lamp as a phone camera's
# white balance leaves it, short of neutral; ivory faces turn a pale orange. A negative warmth is a cool,
# bluish light (1 / the gains, scaled so no channel gains).
WARM_GAIN = (0.58, 0.84, 1.0)
TINT_GAIN = 0.2  # Look.tint = 1: red and blue at 1 - this (a green fluorescent cast); -1: green at 1 - this
CAMERA_MM = 1150.0  # camera distance from the table centre for a tilted Look
LYING_FACE_MM = 18.0  # height of a lying tile's face (a real tile's thickness)
STANDING_MM = 35.0  # height of a standing tile


@dataclass(frozen=True)
class Look:
    """How a clip looks. felt: green|blue|black|wood|white; back: a BACK_COLOURS name or None (the art's own);
    tilt: camera degrees off overhead (None: the old fixed camera); light: exposure factor (1 = as before);
    faces: "art" (the drawn tile art) or "photo" (faces cut from real photos, datasets.photo_faces; the
    caller loads that art and passes it to the renderer); warm: the light's colour temperature (0 white,
    1 a tungsten lamp: WARM_GAIN; negative: cool daylight), tint: its green (positive) or magenta (negative)
    cast (TINT_GAIN); falloff: how much darker the light is on the far side of a straight fall-off across the
    table than on its lit side (0 none, 0.5 half as bright). Their defaults draw the old clips."""

    felt: str = "green"
    back: str | None = None
    tilt: float | None = None
    light: float = 1.0
    hard: bool = False
    faces: str = "art"
    warm: float = 0.0
    tint: float = 0.0
    falloff: float = 0.0

    @property
    def name(self) -> str:
        tilt = "old-camera" if self.tilt is None else f"{self.tilt:g}deg"
        hard = "/hard" if self.hard else ""
        photo = "/photo" if self.faces == "photo" else ""
        warm = "" if self.warm == 0 else "/warm" if self.warm == 1 else f"/warm{self.warm:g}"
        tint = "" if self.tint == 0 else f"/tint{self.tint:g}"
        falloff = "" if self.falloff == 0 else f"/falloff{self.falloff:g}"
        light = f"light{self.light:g}{warm}{tint}{falloff}"
        return f"{self.felt}/{self.back or 'red'}/{tilt}/{light}{hard}{photo}"

    def colour_gain(self) -> tuple[float, float, float] | None:
        """The light's (B, G, R) gain for `warm` and `tint`; None for white light (the old clips)."""
        if self.warm == 0 and self.tint == 0:
            return None
        gain = np.ones(3)
        if self.warm:
            gain *= np.power(np.array(WARM_GAIN), self.warm)
        if self.tint > 0:
            gain *= (1 - TINT_GAIN * self.tint, 1.0, 1 - TINT_GAIN * self.tint)
        elif self.tint < 0:
            gain *= (1.0, 1 + TINT_GAIN * self.tint, 1.0)
        gain /= gain.max()  # a coloured light takes from the channels it lacks; none is brighter than white
        b, g, r = (float(v) for v in gain)
        return b, g, r


@dataclass(frozen=True)
class Arm:
    """A hand reaching from `seat`'s edge to seat-frame point (u, v) mm; `reach` 0..1 how far it is in."""

    seat: int
    u: float
    v: float
    reach: float


def pond_slots(geo: TableGeometry, pond: list[tuple[Tile, bool]]) -> list[tuple[float, float]]:
    """Where each pond tile's centre is drawn, in its seat's frame (u, v mm): rows of six, the fourth row
    running on, a sideways (riichi) tile pushing the rest of its row along."""
    out = []
    for i, (_, sideways) in enumerate(pond):
        row, col = divmod(i, 6)
        row = min(row, 3)
        if i >= 24:
            col = i - 18
        before = pond[row * 6 : row * 6 + col]
        u = -2.5 * geo.pitch + col * geo.pitch + sum(geo.tile_h - geo.tile_w for _, sw in before if sw)
        u += (geo.tile_h - geo.tile_w) / 2 if sideways else 0
        out.append((u, geo.pond_v0 + row * geo.row_pitch))
    return out


class TableRenderer:
    """Renders layouts to camera frames; deterministic for a seed."""

    def __init__(
        self,
        art: TileArt,
        seed: int,
        size: tuple[int, int] = (1280, 720),
        noise: float = 3.0,
        look: Look | None = None,
    ) -> None:
        self.art = art
        self.look = look or Look()
        if self.look.felt not in (*FELT_COLOURS, "wood"):
            raise ValueError(f"felt {self.look.felt!r}: expected one of {[*FELT_COLOURS, 'wood']}")
        if not (
            -1.5 <= self.look.warm <= 1.5 and -1.0 <= self.look.tint <= 1.0 and 0 <= self.look.falloff < 1
        ):
            raise ValueError(
                f"warm {self.look.warm:g}, tint {self.look.tint:g}, falloff {self.look.falloff:g}: expected "
                "warm in -1.5..1.5, tint in -1..1 and falloff in 0..1 (below 1)"
            )
        if self.look.faces not in FACES:
            raise ValueError(f"faces {self.look.faces!r}: expected one of {list(FACES)}")
        if self.look.back is not None and self.look.back not in BACK_COLOURS:
            raise ValueError(f"back {self.look.back!r}: expected one of {list(BACK_COLOURS)}")
        back = BACK_COLOURS[self.look.back] if self.look.back else None
        self.body = BODY if back is None else TileBody(view=0.12, thickness=0.6, back_colour=back)
        self.back_colour = back or art.back_colour
        self.geo = TableGeometry()
        self.rng = random.Random(seed)
        self.size = size
        self.noise = noise
        side = int(self.geo.side_mm) + 2 * MARGIN_MM
        self.canvas_side = side
        self._base = self._mat(side)
        self.homography = self._camera()
        self._seen_from = self._viewpoint()
        self._bump: tuple[int, int] | None = None
        self._np_rng = np.random.default_rng(seed)
        # Sensor noise from the renderer's own generator, not OpenCV's process-wide one (cv2.randn): a clip
        # must not depend on what the process drew before it (a test suite renders many), or one seed
        # renders different clips from run to run.
        self._noise_rng = np.random.default_rng([seed, 1])
        self._shade = self._light_field() if (self.look.light != 1.0 or self.look.hard) else None
        if self.look.falloff:
            fall = self._falloff(np.random.default_rng([seed, 2]))
            self._shade = fall if self._shade is None else self._shade * fall
        gain = self.look.colour_gain()
        self._colour = None if gain is None else np.array(gain, np.float32)
        self._exposure = 1.0
        # While a scene is drawn with `hard`: its lying tiles, drawn last, farthest from the camera first.
        self._lying: list[tuple[TileSprite, float, float, float, bool]] | None = None

    # --- the table plane ----------------------------------------------------------------------------------
    def _mat(self, side: int) -> NDArray[np.uint8]:
        rng = np.random.default_rng(self.rng.randrange(1 << 30))
        wood = np.full((side, side, 3), (40, 62, 92), np.uint8)
        m = MARGIN_MM - 30
        felt_colour = np.array(
            (58 + self.rng.randint(-8, 8), 112 + self.rng.randint(-10, 10), 46), np.float32
        )
        if self.look.felt != "green":
            felt_colour = np.array(FELT_COLOURS.get(self.look.felt, (0, 0, 0)), np.float32)
        texture = cv2.GaussianBlur(rng.normal(0, 1, (side // 8, side // 8)).astype(np.float32), (0, 0), 2)
        texture = cv2.resize(texture, (side, side))
        felt = np.clip(felt_colour[None, None, :] * (1 + 0.06 * texture[..., None]), 0, 255).astype(np.uint8)
        if self.look.felt == "wood":
            felt = wood_top(rng, side, side)
        wood[m : side - m, m : side - m] = felt[m : side - m, m : side - m]
        if self.look.felt == "black":
            wood[:] = felt  # a black cloth over the whole table, markers printed on white
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
        body = replace(self.body, view=0.0) if self.look.hard else self.body  # hard: the side is drawn
        sprite = render_tile(self.art, t, height=int(self.geo.tile_h), sideways=sideways, body=body)
        x, y = self.geo.to_table(seat, u, v)
        jitter = self.rng.uniform(-1.5, 1.5)
        if self.look.hard and self._lying is not None:
            # Drawn once the scene's tiles are all known, farthest from the camera first (`_draw_lying`).
            self._lying.append((sprite, x, y, self.geo.seat_angle(seat) + jitter, t is None))
            return
        paste_tile(canvas, sprite, (x + MARGIN_MM, y + MARGIN_MM), self.geo.seat_angle(seat) + jitter)

    def _draw_lying(
        self, canvas: NDArray[np.uint8], sprite: TileSprite, x: float, y: float, angle: float, down: bool
    ) -> None:
        """A lying tile at footprint centre (x, y) as the camera sees it: its face LYING_FACE_MM up, shifted
        its whole parallax away from the camera, and the body's side between footprint and face (the back
        layer at the felt, the ivory above; reversed for a face-down tile)."""
        dx, dy = self._parallax(x, y, LYING_FACE_MM)
        centre = (x + dx + MARGIN_MM, y + dy + MARGIN_MM)
        m = sprite_transform(sprite, centre, angle)
        face = sprite.face_quad @ m[:, :2].T + m[:, 2]
        # The body's rounded edges: its side shows a millimetre inside the face's outline, so the mat still
        # shows between two lying tiles a gap apart.
        towards = face.mean(axis=0) - face
        face = face + towards / np.linalg.norm(towards, axis=1, keepdims=True) * math.sqrt(2.0)
        lift = np.array([dx, dy])
        foot = face - lift
        share = self.body.back_share
        low, high = (
            (self.art.face_colour, self.back_colour) if down else (self.back_colour, self.art.face_colour)
        )
        for a, b, colour, shade in (
            (foot, foot + share * lift, low, 0.7),
            (foot + share * lift, face, high, 0.8),
        ):
            hull = cv2.convexHull(np.round(np.vstack([a, b])).astype(np.int32))
            cv2.fillConvexPoly(canvas, hull, tuple(int(c * shade) for c in colour), cv2.LINE_AA)
        paste_tile(canvas, sprite, centre, angle)

    def _standing(self, canvas: NDArray[np.uint8], seat: int, u: float) -> None:
        w, d = self.geo.tile_w, 20.0
        v = self.geo.hand_v + 6
        pts_face = [(u - w / 2, v), (u + w / 2, v), (u + w / 2, v + d * 0.55), (u - w / 2, v + d * 0.55)]
        pts_back = [(u - w / 2, v - d * 0.45), (u + w / 2, v - d * 0.45), (u + w / 2, v), (u - w / 2, v)]
        if self.look.hard:
            self._standing_seen(canvas, seat, pts_face, pts_back)
            return
        for pts, colour in ((pts_face, self.art.face_colour), (pts_back, self.back_colour)):
            poly = np.array([self.geo.to_table(seat, a, b) for a, b in pts], np.float32) + MARGIN_MM
            cv2.fillConvexPoly(
                canvas, np.round(poly).astype(np.int32), tuple(int(c) for c in colour), cv2.LINE_AA
            )

    def _standing_seen(
        self,
        canvas: NDArray[np.uint8],
        seat: int,
        pts_face: list[tuple[float, float]],
        pts_back: list[tuple[float, float]],
    ) -> None:
        """A standing tile as the camera sees it: its body from the footprint to the top STANDING_MM up, the
        upright side that faces the camera (the face when the camera is on the player's side of the tile,
        else the back) and the top (ivory on the face's side, the back colour on the other)."""
        foot = [self.geo.to_table(seat, a, b) for a, b in (*pts_back[:2], *pts_face[2:])]
        dx, dy = self._parallax(*foot[0], STANDING_MM)
        body = np.array([*foot, *((x + dx, y + dy) for x, y in foot)], np.float32) + MARGIN_MM
        side = tuple(int(c * 0.8) for c in self.back_colour)
        cv2.fillConvexPoly(canvas, cv2.convexHull(np.round(body).astype(np.int32)), side, cv2.LINE_AA)
        ex, ey, _ = self._seen_from
        (ox, oy), (cx, cy) = self.geo.to_table(seat, 0.0, 1.0), self.geo.centre  # the player's direction
        face_seen = (ex - foot[0][0]) * (ox - cx) + (ey - foot[0][1]) * (oy - cy) > 0
        edge = [self.geo.to_table(seat, a, b) for a, b in (pts_face[2:] if face_seen else pts_back[:2])]
        upright = np.array([*edge, *((x + dx, y + dy) for x, y in edge[::-1])], np.float32) + MARGIN_MM
        colour = self.art.face_colour if face_seen else self.back_colour
        cv2.fillConvexPoly(
            canvas,
            cv2.convexHull(np.round(upright).astype(np.int32)),
            tuple(int(c * 0.9) for c in colour),
            cv2.LINE_AA,
        )
        for pts, colour in ((pts_face, self.art.face_colour), (pts_back, self.back_colour)):
            top = np.array([self.geo.to_table(seat, a, b) for a, b in pts], np.float32) + MARGIN_MM
            top += np.array([dx, dy], np.float32)
            paint = tuple(int(c) for c in colour)
            cv2.fillConvexPoly(canvas, np.round(top).astype(np.int32), paint, cv2.LINE_AA)

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
        for (t, sideways), (u, v) in zip(s.pond, pond_slots(geo, s.pond), strict=True):
            self._paste(canvas, t, seat, u, v, sideways)
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
        self._lying = [] if self.look.hard else None
        geo = self.geo
        cx, cy = geo.centre
        for i in range(7):
            u = (i - 3) * (geo.tile_w + 1.0)
            shown = i - 2
            t = layout.dora[shown] if 0 <= shown < len(layout.dora) else None
            if self.look.hard and t is None:
                self._stack(canvas, u)
                continue
            self._paste(canvas, t, 0, u, 0.0, False)
            if 0 <= shown < len(layout.ura):
                self._paste(canvas, layout.ura[shown], 0, u, geo.tile_h + 4, False)
        del cx, cy
        for seat, s in enumerate(layout.seats):
            self._seat(canvas, seat, s)
            if self.look.hard:
                # Point sticks beside the pond and at the player's edge: never tiles.
                for su, sv, angle in ((-150.0, 262.0, 0.0), (-300.0, 395.0, 0.0), (300.0, 270.0, 90.0)):
                    x, y = geo.to_table(seat, su, sv)
                    rng = np.random.default_rng(seat * 1000 + int(su) + 500)
                    point_stick(rng, canvas, x + MARGIN_MM, y + MARGIN_MM, angle + 90.0 * seat, 1.0)
        lying, self._lying = self._lying or [], None
        ex, ey, _ = self._seen_from
        for sprite, x, y, angle, down in sorted(lying, key=lambda p: -math.hypot(p[1] - ex, p[2] - ey)):
            self._draw_lying(canvas, sprite, x, y, angle, down)
        return canvas

    def _stack(self, canvas: NDArray[np.uint8], u: float) -> None:
        """A two-high stack of the dead wall, face down: the upper tile is drawn where the camera sees it."""
        sprite = render_tile(self.art, None, height=int(self.geo.tile_h), body=self.body)
        x, y = self.geo.to_table(0, u, 0.0)
        paste_tile(canvas, sprite, (x + MARGIN_MM, y + MARGIN_MM), 0.0)
        dx, dy = self._parallax(x, y, 2 * LYING_FACE_MM)
        top = render_tile(self.art, None, height=int(self.geo.tile_h), body=replace(self.body, light=1.08))
        paste_tile(canvas, top, (x + dx + MARGIN_MM, y + dy + MARGIN_MM), 0.0)

    def _eye(self) -> tuple[float, float, float]:
        """The camera's position in table mm (x, y) and height; the old camera: about 1.1 m above seat 0's
        side of the centre."""
        tilt = math.radians(self.look.tilt if self.look.tilt is not None else 12.0)
        cx, cy = self.geo.centre
        return cx, cy + CAMERA_MM * math.sin(tilt), CAMERA_MM * math.cos(tilt)

    def _viewpoint(self) -> tuple[float, float, float]:
        """The camera's position (table mm x, y, and height) that the frame's homography is the view of: the
        pinhole with square pixels and its principal point at the frame's centre (vision.face_height), so
        that what stands above the felt is drawn as that camera sees it; `_eye` when it cannot be told."""
        to_table = np.array([[1.0, 0.0, MARGIN_MM], [0.0, 1.0, MARGIN_MM], [0.0, 0.0, 1.0]])
        pose = camera_pose(self.homography @ to_table, self.size)
        return self._eye() if pose is None else (*pose.foot, pose.height_mm)

    def _parallax(self, x: float, y: float, height: float) -> tuple[float, float]:
        """Table-plane shift (mm) of a point `height` mm above (x, y) as the camera sees it: away from the
        camera's foot, by height / (camera height - height) of the distance."""
        ex, ey, ez = self._seen_from
        k = height / max(ez - height, 1.0)
        return (x - ex) * k, (y - ey) * k

    # --- the camera ---------------------------------------------------------------------------------------
    def _camera(self) -> NDArray[np.float64]:
        w, h = self.size
        k = w / 1280.0
        m, side = MARGIN_MM, self.geo.side_mm
        src = np.array([[m, m + side], [m + side, m + side], [m + side, m], [m, m]], np.float32)
        dst = np.array([[255, 655], [1025, 655], [935, 62], [345, 62]], np.float32) * k
        if self.look.tilt is not None:
            dst = self._pinhole(src - MARGIN_MM, w, h)
        dst += np.array([[self.rng.uniform(-15, 15) * k for _ in range(2)] for _ in range(4)], np.float32)
        return np.asarray(cv2.getPerspectiveTransform(src, dst), np.float64)

    def _pinhole(self, pts: NDArray[np.float32], w: int, h: int) -> NDArray[np.float32]:
        """Where table points (mm) land in a w x h frame from a camera tilted `look.tilt` degrees off overhead
        towards seat 0, looking at the centre; scaled so the markers (and their margin) fill the frame."""
        ex, ey, ez = self._eye()
        eye = np.array([ex, ey, ez])
        cx, cy = self.geo.centre
        forward = np.array([cx, cy, 0.0]) - eye
        forward /= np.linalg.norm(forward)
        right = np.array([1.0, 0.0, 0.0])
        down = np.cross(right, forward)
        down /= np.linalg.norm(down)
        world = np.c_[pts.astype(np.float64), np.zeros(len(pts))] - eye
        cam = np.stack([world @ right, world @ down, world @ forward], axis=1)
        flat = cam[:, :2] / cam[:, 2:3]
        # Fit the marker square grown by the markers' half size into the frame, keeping the aspect.
        grow = (DEFAULT_MARKER_MM / 2 + 25) / self.geo.side_mm
        centre = flat.mean(axis=0)
        span = (flat - centre) * (1 + 2 * grow)
        scale = min((w - 60) / np.ptp(span[:, 0]), (h - 60) / np.ptp(span[:, 1]))
        out = (flat - centre) * scale + np.array([w / 2, h / 2])
        return out.astype(np.float32)

    def _light_field(self) -> NDArray[np.float32]:
        """Uneven light: brighter where a lamp hangs, darker towards one corner, times the Look's exposure."""
        w, h = self.size
        rng = np.random.default_rng(self.rng.randrange(1 << 30))
        yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
        lx, ly = rng.uniform(0.2, 0.8) * w, rng.uniform(0.1, 0.6) * h
        fall = np.exp(-((xx - lx) ** 2 + (yy - ly) ** 2) / (2 * (0.7 * w) ** 2))
        return (self.look.light * (0.7 + 0.35 * fall)).astype(np.float32)

    def _falloff(self, rng: np.random.Generator) -> NDArray[np.float32]:
        """A straight fall-off of the light across the frame, from 1 on its lit side to 1 - `look.falloff` on
        the other, in a direction drawn from `rng` (a lamp off to one side of the table)."""
        w, h = self.size
        angle = rng.uniform(0, 2 * math.pi)
        yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
        along = (xx - w / 2) * math.cos(angle) + (yy - h / 2) * math.sin(angle)
        reach = abs(w / 2 * math.cos(angle)) + abs(h / 2 * math.sin(angle))
        share = (along / reach + 1) / 2  # 0 on the lit side, 1 on the far side
        return (1 - self.look.falloff * share).astype(np.float32)

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
        if self.look.hard and arm is not None and arm.reach > 0.9:
            image = cv2.blur(image, (5, 1))  # the camera's shutter while a hand moves fast
        t = index / fps
        gain = 0.92 + 0.12 * math.sin(t * 0.35) - (0.25 if 14.0 < (t % 40.0) < 17.0 else 0.0)
        if self.look.hard and self.rng.random() < 0.03:
            self._exposure = self.rng.uniform(0.85, 1.15)  # the camera's auto exposure steps
        gain *= self._exposure
        if self._shade is not None or self._colour is not None:
            shade = gain if self._shade is None else self._shade * gain
            lit = image.astype(np.float32) * np.asarray(shade, np.float32)[..., None]
            if self.look.hard:
                lit += self._glare(image)
            if self._colour is not None:
                lit *= self._colour  # the light's colour: glare is the lamp's too
            image = np.clip(lit, 0, 255).astype(np.uint8)
        else:
            image = cv2.convertScaleAbs(image, alpha=gain, beta=0)
        if self.noise > 0:
            noise = self._noise_rng.standard_normal(image.shape, dtype=np.float32)
            np.rint(noise * self.noise, out=noise)
            image = cv2.add(image, noise.astype(np.int16), dtype=cv2.CV_8U)
        return np.asarray(image, np.uint8)

    def _glare(self, image: NDArray[np.uint8]) -> NDArray[np.float32]:
        """Specular highlights: glossy faces under a lamp shine near the lamp's reflection."""
        if not hasattr(self, "_glare_map"):
            w, h = self.size
            yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
            spot = np.exp(-((xx - 0.55 * w) ** 2 + (yy - 0.35 * h) ** 2) / (2 * (0.12 * w) ** 2))
            self._glare_map = (40.0 * spot).astype(np.float32)
        bright = (image.min(axis=2) > 150).astype(np.float32)
        return (self._glare_map * bright)[..., None]

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

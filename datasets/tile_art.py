"""Tile images with a real body, built from the public-domain tile artwork, and pasting them into frames.

The artwork folder (e.g. `../shared/tile-art/fluffystuff-riichi`, always passed in by the caller) holds
`png/<style>/<file>.png`, 600x800 RGBA, for the styles `Regular` (ivory face, red back) and `Black`. A face
file is a transparent overlay of symbols: it is composed over `Front`; the white dragon (`Haku`) is `Front`
alone; `Back` is the face-down side. The art has no thickness, so this module adds the body: a band along one
long edge showing the tile's depth in two layers (the face-coloured front layer and the coloured back
layer, as two-layer riichi tiles are made), rounded corners and shading.

API (all sizes in pixels, all corner arrays float32 (4, 2) as (x, y)):

- `load_art(folder, style) -> TileArt`: the composed faces and back of one style, cached per process.
  Raises `DatasetError` naming the folder or file when the art is missing or unreadable.
- `render_tile(art, tile, height, standing=False, face_up=True, sideways=False, body=TileBody(), turns=0)
  -> TileSprite`: one tile as a straight-alpha BGRA image. `tile` is an `engine.tiles.Tile` (red fives
  included) or `None` for a face-down tile (only the back shows; `face_up` is then ignored). `height` is
  the face's long side. Lying (`standing=False`): seen from above, face (or back) up, the near side band
  below the face. Standing: the face turned to the viewer, the top of the tile seen as a band above the face.
  `face_up=False` shows the back (a lying tile turned over, or a standing tile seen from behind; class 37).
  `sideways=True` turns the tile 90 degrees (a called tile or a riichi discard) before the band is added,
  so the band still lies along the sprite's bottom (or top) edge, as the camera sees it; `turns` adds more
  quarter turns counter-clockwise (a tile of the seat on the right is turned once, across twice).
  Cached per process.
- `paste_tile(canvas, sprite, center, angle=0, scale=1, id_map=None, instance=0) -> Placement`: alpha-blend
  the sprite into a BGR uint8 canvas in place, rotated by `angle` degrees (counter-clockwise as seen on the
  screen) about `center` and scaled; returns the sprite's outline quadrilateral (`quad`, order: the sprite's
  top-left, top-right, bottom-right, bottom-left), the face's quadrilateral (`face_quad`) and the axis-aligned
  box (`box`, x0 y0 x1 y1, not clipped to the canvas) in canvas pixels. With `id_map` (an int32 array of the
  canvas's height and width) the covered pixels (alpha >= 0.5) are set to `instance`, so a caller can tell
  later how much of each tile stays visible.

Example::

    art = load_art(Path("../shared/tile-art/fluffystuff-riichi"), "Regular")
    sprite = render_tile(art, parse_tile("0p"), height=64, sideways=True)
    placement = paste_tile(frame, sprite, center=(320.0, 240.0), angle=12.0)
    x0, y0, x1, y1 = placement.box   # sprite.class_id == 35
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal

import cv2
import numpy as np
from numpy.typing import NDArray
from riichi_table.datasets.errors import DatasetError
from riichi_table.engine.tiles import BACK_CLASS, Tile

Style = Literal["Regular", "Black"]
STYLES: tuple[Style, ...] = ("Regular", "Black")
# Face width / height of the artwork (300x400 canvas).
FACE_ASPECT = 0.75
_ART_SIZE = (600, 800)
# Pyramid levels (face heights) kept in memory; a render resizes from the smallest level at least as big.
_LEVELS = (800, 400, 200, 100)

_FILES = {
    **{f"{n}m": f"Man{n}" for n in range(1, 10)},
    **{f"{n}p": f"Pin{n}" for n in range(1, 10)},
    **{f"{n}s": f"Sou{n}" for n in range(1, 10)},
    "1z": "Ton",
    "2z": "Nan",
    "3z": "Shaa",
    "4z": "Pei",
    "5z": "Haku",
    "6z": "Hatsu",
    "7z": "Chun",
    "0m": "Man5-Dora",
    "0p": "Pin5-Dora",
    "0s": "Sou5-Dora",
}
# The Black style's back is drawn like its front; a coloured back keeps a face-down tile apart from haku.
_DEFAULT_BACK = {"Regular": None, "Black": (120, 70, 25)}

Colour = tuple[int, int, int]


@dataclass(frozen=True, eq=False)
class TileArt:
    """The faces (composed over Front) and the back of one style, as BGRA pyramids keyed by face height."""

    style: Style
    folder: Path
    faces: dict[str, dict[int, NDArray[np.uint8]]] = field(repr=False)
    back: dict[int, NDArray[np.uint8]] = field(repr=False)
    face_colour: Colour
    back_colour: Colour


@dataclass(frozen=True)
class TileBody:
    """How a tile's body looks. Colours are BGR; `None` takes the style's own colour.

    thickness: tile depth / face height (real riichi tiles: about 0.55..0.65).
    back_share: part of the depth made of the coloured back layer (0..1).
    view: part of the depth the camera sees as a band (0 = straight above, ~0.5 = steep oblique view).
    back_colour: tints the back art and the back layer (real sets: orange, yellow, blue, green...).
    shade: brightness of the side band relative to the face (side faces get less light).
    light: brightness factor of the whole tile.
    """

    thickness: float = 0.6
    back_share: float = 0.4
    view: float = 0.25
    face_colour: Colour | None = None
    back_colour: Colour | None = None
    shade: float = 0.8
    light: float = 1.0


@dataclass(frozen=True, eq=False)
class TileSprite:
    """A rendered tile: straight-alpha BGRA uint8 image, the face's corners in it, and its detector class."""

    image: NDArray[np.uint8] = field(repr=False)
    face_quad: NDArray[np.float32] = field(repr=False)
    class_id: int


@dataclass(frozen=True)
class Placement:
    """Where a pasted sprite landed, in canvas pixels (x, y)."""

    quad: NDArray[np.float32]
    face_quad: NDArray[np.float32]
    box: tuple[float, float, float, float]


def _read_png(path: Path) -> NDArray[np.uint8]:
    if not path.is_file():
        raise DatasetError(f"tile art file {path} is missing (expected a 600x800 RGBA PNG)")
    image = cv2.imread(str(path), cv2.IMREAD_UNCHANGED)
    if image is None or image.ndim != 3 or image.shape[2] != 4:
        raise DatasetError(f"tile art file {path} is not an RGBA PNG")
    if image.shape[:2] != (_ART_SIZE[1], _ART_SIZE[0]):
        image = cv2.resize(image, _ART_SIZE, interpolation=cv2.INTER_AREA)
    return image


def _over(top: NDArray[np.uint8], bottom: NDArray[np.uint8]) -> NDArray[np.uint8]:
    """Straight-alpha `top` over an opaque-ish `bottom`, keeping the bottom's alpha."""
    a = top[..., 3:4].astype(np.float32) / 255.0
    out = bottom.copy()
    out[..., :3] = (top[..., :3] * a + bottom[..., :3] * (1.0 - a) + 0.5).astype(np.uint8)
    return out


def _pyramid(image: NDArray[np.uint8]) -> dict[int, NDArray[np.uint8]]:
    levels: dict[int, NDArray[np.uint8]] = {}
    for h in _LEVELS:
        w = round(h * FACE_ASPECT)
        img = image if h == image.shape[0] else cv2.resize(image, (w, h), interpolation=cv2.INTER_AREA)
        img.flags.writeable = False
        levels[h] = img
    return levels


def _mean_colour(image: NDArray[np.uint8]) -> Colour:
    opaque = image[image[..., 3] > 200][:, :3]
    b, g, r = (int(v) for v in opaque.mean(axis=0))
    return (b, g, r)


def _tint(back: NDArray[np.uint8], colour: Colour) -> NDArray[np.uint8]:
    """Recolour the back art to `colour`, keeping its shading (highlights and the darker rim)."""
    lum = cv2.cvtColor(back[..., :3], cv2.COLOR_BGR2GRAY).astype(np.float32)
    mask = back[..., 3] > 200
    rel = lum / max(float(np.median(lum[mask])), 1.0)
    out = back.copy()
    for c in range(3):
        out[..., c] = np.clip(rel * colour[c] + np.maximum(rel - 1.0, 0) * 120, 0, 255).astype(np.uint8)
    return out


@functools.lru_cache(maxsize=8)
def _load(folder: Path, style: str) -> TileArt:
    if style not in STYLES:
        raise DatasetError(f"unknown tile art style {style!r} (expected one of {', '.join(STYLES)})")
    base = folder / "png" / style
    if not base.is_dir():
        raise DatasetError(f"tile art folder {folder} has no png/{style}/ (expected fluffystuff-riichi art)")
    front = _read_png(base / "Front.png")
    faces = {name: _pyramid(_over(_read_png(base / f"{file}.png"), front)) for name, file in _FILES.items()}
    back_art = _read_png(base / "Back.png")
    tint = _DEFAULT_BACK[style]
    if tint is not None:
        back_art = _tint(back_art, tint)
    return TileArt(
        style=style,  # type: ignore[arg-type]
        folder=folder,
        faces=faces,
        back=_pyramid(back_art),
        face_colour=_mean_colour(front),
        back_colour=_mean_colour(back_art),
    )


def load_art(folder: str | Path, style: str = "Regular") -> TileArt:
    """The art of one style from the artwork folder; cached per process (per resolved folder and style)."""
    path = Path(folder).expanduser().resolve()
    if not path.is_dir():
        raise DatasetError(f"tile art folder {folder} does not exist (pass --art PATH to the tile art)")
    return _load(path, style)


def _level(pyramid: dict[int, NDArray[np.uint8]], height: int) -> NDArray[np.uint8]:
    for h in reversed(_LEVELS):
        if h >= height:
            return pyramid[h]
    return pyramid[_LEVELS[0]]


def _resized(pyramid: dict[int, NDArray[np.uint8]], w: int, h: int) -> NDArray[np.uint8]:
    src = _level(pyramid, h)
    interp = cv2.INTER_AREA if src.shape[0] > h else cv2.INTER_LINEAR
    return cv2.resize(src, (w, h), interpolation=interp)


def _rounded_mask(w: int, h: int, radius: int) -> NDArray[np.uint8]:
    mask = np.zeros((h, w), np.uint8)
    r = max(0, min(radius, w // 2, h // 2))
    cv2.rectangle(mask, (r, 0), (w - 1 - r, h - 1), 255, -1)
    cv2.rectangle(mask, (0, r), (w - 1, h - 1 - r), 255, -1)
    for cx, cy in ((r, r), (w - 1 - r, r), (r, h - 1 - r), (w - 1 - r, h - 1 - r)):
        cv2.circle(mask, (cx, cy), r, 255, -1, lineType=cv2.LINE_AA)
    return mask


def _scaled(colour: Colour, factor: float) -> NDArray[np.float32]:
    return np.clip(np.array(colour, np.float32) * factor, 0, 255)


def _band(
    w: int, h: int, near: Colour, far: Colour, near_share: float, shade: float, far_at_top: bool
) -> NDArray[np.float32]:
    """The body band (BGR float): the layer next to the visible face, then the other layer, shaded."""
    rows = np.arange(h, dtype=np.float32) / max(h - 1, 1)
    dist = 1.0 - rows if far_at_top else rows  # 0 next to the face, 1 at the far edge
    layer_far = (dist >= near_share)[:, None]
    colour = np.where(layer_far, _scaled(far, 1.0), _scaled(near, 1.0))  # (h, 3)
    # A soft darkening away from the face plus a thin seam line between the two layers.
    fade = (shade * (1.0 - 0.18 * dist))[:, None]
    band = np.repeat((colour * fade)[:, None, :], w, axis=1)
    seam = np.abs(dist - near_share) < 0.6 / max(h, 1)
    band[seam] *= 0.85
    # Rounded side edges catch less light.
    cols = np.abs(np.arange(w, dtype=np.float32) / max(w - 1, 1) - 0.5) * 2
    band *= (1.0 - 0.15 * cols**6)[None, :, None]
    return band


@functools.lru_cache(maxsize=4096)
def render_tile(
    art: TileArt,
    tile: Tile | None,
    height: int = 64,
    standing: bool = False,
    face_up: bool = True,
    sideways: bool = False,
    body: TileBody = TileBody(),
    turns: int = 0,
) -> TileSprite:
    """One tile with its body as a BGRA sprite; see the module docstring. Cached per process."""
    if height < 4:
        raise DatasetError(f"tile height {height} px is too small (expected >= 4)")
    show_back = tile is None or not face_up
    fw, fh = max(2, round(height * FACE_ASPECT)), int(height)
    back_colour = body.back_colour or art.back_colour
    if show_back:
        pyramid = art.back
        if body.back_colour is not None:
            face = _tint(_resized(art.back, fw, fh), body.back_colour)
        else:
            face = _resized(pyramid, fw, fh)
    else:
        assert tile is not None
        face = _resized(art.faces[tile.name], fw, fh)
    quarter = (turns + int(sideways)) % 4
    if quarter:
        face = np.ascontiguousarray(np.rot90(face, quarter))
    face_h, face_w = face.shape[:2]
    band_h = max(0, round(fh * body.thickness * body.view))
    total_h = face_h + band_h
    face_colour = body.face_colour or art.face_colour
    near, far = (back_colour, face_colour) if show_back else (face_colour, back_colour)
    near_share = body.back_share if show_back else 1.0 - body.back_share
    radius = max(1, round(min(face_w, face_h) * 0.09))

    out = np.zeros((total_h, face_w, 4), np.float32)
    face_y = band_h if standing else 0
    if band_h:
        shade = 1.05 if standing else body.shade  # a standing tile's top faces the light
        band = _band(face_w, band_h, near, far, near_share, shade, far_at_top=standing)
        # The body also fills in under the face's rounded corners, so it reads as one solid block.
        if standing:
            out[0:band_h, :, :3] = band
            out[band_h : band_h + face_h // 2, :, :3] = band[-1]
        else:
            out[face_h // 2 : face_h, :, :3] = band[0]
            out[face_h:, :, :3] = band
    # Opaque where the body shows, the art's own rounded outline elsewhere, all inside a rounded block.
    alpha = np.zeros((total_h, face_w), np.float32)
    if band_h:
        body_rows = slice(0, band_h + face_h // 2) if standing else slice(face_h // 2, total_h)
        alpha[body_rows] = 255.0
    face_f = face.astype(np.float32)
    fa = face_f[..., 3:4] / 255.0
    region = out[face_y : face_y + face_h]
    region[..., :3] = face_f[..., :3] * fa + region[..., :3] * (1.0 - fa)
    alpha[face_y : face_y + face_h] = np.maximum(alpha[face_y : face_y + face_h], face_f[..., 3])
    alpha = np.minimum(alpha, _rounded_mask(face_w, total_h, radius).astype(np.float32))
    out[..., 3] = alpha
    out[..., :3] *= body.light
    image = np.clip(out + 0.5, 0, 255).astype(np.uint8)
    image.flags.writeable = False
    fq = np.array(
        [[0, face_y], [face_w, face_y], [face_w, face_y + face_h], [0, face_y + face_h]], np.float32
    )
    fq.flags.writeable = False
    return TileSprite(image=image, face_quad=fq, class_id=BACK_CLASS if show_back else tile.detector_class)


def sprite_transform(
    sprite: TileSprite, center: tuple[float, float], angle: float = 0.0, scale: float = 1.0
) -> NDArray[np.float64]:
    """The 2x3 affine map from sprite pixels to canvas pixels used by `paste_tile`."""
    h, w = sprite.image.shape[:2]
    m = cv2.getRotationMatrix2D((w / 2.0, h / 2.0), angle, scale)
    m[0, 2] += center[0] - w / 2.0
    m[1, 2] += center[1] - h / 2.0
    return m


def _apply(m: NDArray[np.float64], pts: NDArray[np.float32]) -> NDArray[np.float32]:
    return (pts @ m[:, :2].T + m[:, 2]).astype(np.float32)


def paste_tile(
    canvas: NDArray[np.uint8],
    sprite: TileSprite,
    center: tuple[float, float],
    angle: float = 0.0,
    scale: float = 1.0,
    id_map: NDArray[np.int32] | None = None,
    instance: int = 0,
) -> Placement:
    """Alpha-blend `sprite` into the BGR `canvas` in place and say where it landed (see module docstring)."""
    if canvas.ndim != 3 or canvas.shape[2] != 3 or canvas.dtype != np.uint8:
        raise DatasetError(f"canvas must be a BGR uint8 image (H, W, 3), got {canvas.dtype} {canvas.shape}")
    h, w = sprite.image.shape[:2]
    m = sprite_transform(sprite, center, angle, scale)
    quad = _apply(m, np.array([[0, 0], [w, 0], [w, h], [0, h]], np.float32))
    face_quad = _apply(m, sprite.face_quad)
    box = (float(quad[:, 0].min()), float(quad[:, 1].min()), float(quad[:, 0].max()), float(quad[:, 1].max()))
    ch, cw = canvas.shape[:2]
    x0, y0 = max(0, int(np.floor(box[0]))), max(0, int(np.floor(box[1])))
    x1, y1 = min(cw, int(np.ceil(box[2])) + 1), min(ch, int(np.ceil(box[3])) + 1)
    if x1 > x0 and y1 > y0:
        local = m.copy()
        local[0, 2] -= x0
        local[1, 2] -= y0
        warped = cv2.warpAffine(
            _premultiplied(sprite), local, (x1 - x0, y1 - y0), flags=cv2.INTER_LINEAR, borderValue=0
        )
        a = warped[..., 3:4] * (1.0 / 255.0)
        roi = canvas[y0:y1, x0:x1]
        roi[:] = np.clip(warped[..., :3] + roi * (1.0 - a) + 0.5, 0, 255).astype(np.uint8)
        if id_map is not None:
            id_map[y0:y1, x0:x1][a[..., 0] >= 0.5] = instance
    return Placement(quad=quad, face_quad=face_quad, box=box)


@functools.lru_cache(maxsize=4096)
def _premultiplied(sprite: TileSprite) -> NDArray[np.float32]:
    img = sprite.image.astype(np.float32)
    img[..., :3] *= img[..., 3:4] / 255.0
    img.flags.writeable = False
    return img

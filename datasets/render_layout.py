"""Where the tiles lie on a riichi table mid-game: hands, ponds, melds, walls and dora indicators.

Coordinates are table millimetres, origin at the table's centre, x to the right and y down as seen from
above with seat 0 at the bottom edge (ARCHITECTURE.md: chairs 0..3 counter-clockwise, so seat 1 is on the
right). Each seat's things are laid out in the seat's own frame (x to the player's right, y toward the
player) and turned into the table frame. Everything is decided by the `numpy.random.Generator` passed in.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

import numpy as np
from riichi_table.engine.tiles import RED_CLASS, Tile, parse_tile, tile

TILE_H = 35.0  # face height, mm (a common riichi tile: about 26 x 35 x 20 mm)
TILE_W = TILE_H * 0.75
GAP = 0.8
POND_START = 3.2 * TILE_W  # from the table's centre to the first pond row
WALL_Y = 232.0
HAND_Y = 300.0
TABLE_HALF = 370.0

Role = Literal["hand", "pond", "meld", "wall", "dora", "loose"]
MeldKind = Literal["chi", "pon", "daiminkan", "ankan", "kakan"]


@dataclass(frozen=True)
class Item:
    """One tile on the table. `tile` None means face-down; `turns` counts quarter turns counter-clockwise."""

    tile: Tile | None
    x: float  # face centre, table mm
    y: float
    turns: int
    standing: bool = False
    face_up: bool = True
    stack: int = 1  # 2 for a wall stack seen from above
    role: Role = "pond"
    seat: int = 0
    sideways: bool = False  # turned relative to its seat's row (riichi discard, called tile)
    jitter: float = 0.0  # extra rotation, degrees counter-clockwise


class TilePool:
    """Tiles drawn from shuffled 136-tile sets (one red five per suit, sometimes more)."""

    def __init__(self, rng: np.random.Generator) -> None:
        self._rng = rng
        self._tiles: list[Tile] = []

    def _refill(self) -> None:
        tiles = [tile(k) for k in range(34) for _ in range(4)]
        reds = 1 + int(self._rng.random() < 0.35)  # some clubs play with two red fives of a suit
        for kind in RED_CLASS:
            for _ in range(reds):
                tiles.remove(tile(kind))
                tiles.append(tile(kind, True))
        self._rng.shuffle(tiles)  # type: ignore[arg-type]
        self._tiles.extend(tiles)

    def draw(self) -> Tile:
        if not self._tiles:
            self._refill()
        return self._tiles.pop()


def _to_table(seat: int, x: float, y: float) -> tuple[float, float]:
    """Seat frame (x to the player's right, y toward the player) -> table frame."""
    return [(x, y), (y, -x), (-x, -y), (-y, x)][seat % 4]


def _place(seat: int, x: float, y: float, **kw: object) -> Item:
    tx, ty = _to_table(seat, x, y)
    sideways = bool(kw.get("sideways", False))
    return Item(x=tx, y=ty, turns=(seat + int(sideways)) % 4, seat=seat, **kw)  # type: ignore[arg-type]


def _jit(rng: np.random.Generator, mm: float) -> float:
    return float(rng.normal(0.0, mm))


def pond(
    rng: np.random.Generator, pool: TilePool, seat: int, count: int, riichi_at: int | None
) -> list[Item]:
    """A discard pond: rows of six from the centre toward the player, the riichi tile sideways."""
    items: list[Item] = []
    x_left = -3 * (TILE_W + GAP)
    x, row = x_left, 0
    for i in range(count):
        if i in (6, 12) and row < 2:
            row += 1
            x = x_left
        sideways = i == riichi_at
        width = TILE_H if sideways else TILE_W
        row_top = POND_START + row * (TILE_H + GAP)
        y = row_top + TILE_H - (TILE_W / 2 if sideways else TILE_H / 2)
        items.append(
            _place(
                seat,
                x + width / 2 + _jit(rng, 0.8),
                y + _jit(rng, 0.8),
                tile=pool.draw(),
                role="pond",
                sideways=sideways,
                jitter=_jit(rng, 2.0),
            )
        )
        x += width + GAP + abs(_jit(rng, 0.6))
    return items


def _meld_tiles(rng: np.random.Generator, pool: TilePool, kind: MeldKind) -> list[Tile]:
    if kind == "chi":
        suit, start = int(rng.integers(3)), int(rng.integers(7))
        return [
            tile(suit * 9 + start + i, suit * 9 + start + i in RED_CLASS and rng.random() < 0.3)
            for i in range(3)
        ]
    base = pool.draw()
    n = 3 if kind == "pon" else 4
    plain = tile(base.kind)
    tiles = [plain] * n
    if base.kind in RED_CLASS and rng.random() < 0.6:
        tiles[int(rng.integers(n))] = tile(base.kind, True)
    return tiles


def meld(
    rng: np.random.Generator, pool: TilePool, seat: int, kind: MeldKind, source: int, x_right: float
) -> tuple[list[Item], float]:
    """One open meld laid from `x_right` leftwards; returns its items and the meld's left edge.

    `source` is the relative seat the tile was called from (1 shimocha, 2 toimen, 3 kamicha): the called
    tile lies sideways at the right, middle or left (seed 002, 3.3.8). An ankan shows its two end tiles
    face down; a kakan stacks the added tile sideways beside the called one, further from the player.
    """
    tiles = _meld_tiles(rng, pool, kind)
    n = len(tiles)
    if kind == "chi":
        source = 3
    called = {1: n - 1, 2: 1, 3: 0}[source] if kind != "ankan" else -1
    widths = [TILE_H if i == called else TILE_W for i in range(n)]
    total = sum(widths) + GAP * (n - 1)
    x = x_right - total
    items: list[Item] = []
    row_bottom = HAND_Y + TILE_H / 2
    for i, t in enumerate(tiles):
        side = i == called
        face_down = kind == "ankan" and i in (0, n - 1)
        y = row_bottom - (TILE_W / 2 if side else TILE_H / 2)
        cx = x + widths[i] / 2
        common = {"role": "meld", "jitter": _jit(rng, 1.0)}
        items.append(_place(seat, cx, y, tile=None if face_down else t, sideways=side, **common))  # type: ignore[arg-type]
        if side and kind == "kakan":
            items.append(_place(seat, cx, y - TILE_W - GAP, tile=t, sideways=True, **common))  # type: ignore[arg-type]
        x += widths[i] + GAP
    return items, x_right - total


HandMode = Literal["standing_face", "standing_back", "lying_face", "lying_back"]


def hand(
    rng: np.random.Generator, pool: TilePool, seat: int, count: int, mode: HandMode, drawn: bool
) -> list[Item]:
    """A hand row in front of the player; a drawn tile set a little apart at the right."""
    standing = mode.startswith("standing")
    face_up = mode.endswith("face")
    x = -7.5 * (TILE_W + GAP) + _jit(rng, 4.0)
    items: list[Item] = []
    for i in range(count + int(drawn)):
        if drawn and i == count:
            x += TILE_W * 0.4
        items.append(
            _place(
                seat,
                x + TILE_W / 2,
                HAND_Y + _jit(rng, 0.5),
                tile=pool.draw(),
                standing=standing,
                face_up=face_up,
                role="hand",
                jitter=_jit(rng, 0.8),
            )
        )
        x += TILE_W + GAP * 0.5
    return items


def wall(
    rng: np.random.Generator, pool: TilePool, seat: int, first: int, stacks: int, dora_at: int | None
) -> list[Item]:
    """Face-down stacks of two along the seat's wall; a dora indicator face up on one stack."""
    items: list[Item] = []
    x0 = -8.5 * (TILE_W + GAP)
    for s in range(first, min(17, first + stacks)):
        x = x0 + s * (TILE_W + GAP) + TILE_W / 2
        if s == dora_at:
            items.append(
                _place(seat, x, WALL_Y, tile=pool.draw(), role="dora", stack=2, jitter=_jit(rng, 1.0))
            )
        else:
            items.append(_place(seat, x, WALL_Y, tile=None, role="wall", stack=2, jitter=_jit(rng, 0.7)))
    return items


_MELD_KINDS: tuple[MeldKind, ...] = ("chi", "pon", "daiminkan", "ankan", "kakan")


def table(rng: np.random.Generator, pool: TilePool) -> list[Item]:
    """A whole table mid-game: every seat's pond, hand, melds and part of the wall, plus the dead wall."""
    items: list[Item] = []
    dead_seat = int(rng.integers(4))
    for seat in range(4):
        n_melds = int(rng.choice(5, p=[0.35, 0.3, 0.2, 0.1, 0.05]))
        x_right = 10.5 * (TILE_W + GAP) + _jit(rng, 5.0)
        for _ in range(n_melds):
            kind = _MELD_KINDS[int(rng.choice(5, p=[0.3, 0.35, 0.1, 0.1, 0.15]))]
            new, x_right = meld(rng, pool, seat, kind, int(rng.integers(1, 4)), x_right)
            items += new
            x_right -= GAP * 3
        discards = int(rng.integers(0, 20))
        riichi = int(rng.integers(discards)) if discards and rng.random() < 0.3 else None
        items += pond(rng, pool, seat, discards, riichi)
        if seat == 0:
            modes: list[HandMode] = ["standing_face", "lying_face", "standing_back", "lying_back"]
            mode = modes[int(rng.choice(4, p=[0.4, 0.4, 0.15, 0.05]))]
        else:
            mode = "lying_face" if rng.random() < 0.3 else "standing_back"
        items += hand(rng, pool, seat, 13 - 3 * n_melds, mode, bool(rng.random() < 0.3))
        if seat == dead_seat:
            items += wall(rng, pool, seat, 10, 7, dora_at=12)
        elif rng.random() < 0.7:
            first = int(rng.integers(0, 12))
            items += wall(rng, pool, seat, first, int(rng.integers(2, 18 - first)), None)
    return items


def loose(rng: np.random.Generator, pool: TilePool, count: int, spread: float) -> list[Item]:
    """Tiles scattered at random angles (a hand being sorted, tiles pushed aside), within `spread` mm."""
    items: list[Item] = []
    for _ in range(count):
        up = rng.random() < 0.85
        items.append(
            Item(
                tile=pool.draw() if up else None,
                x=float(rng.uniform(-spread, spread)),
                y=float(rng.uniform(-spread, spread)),
                turns=int(rng.integers(4)),
                role="loose",
                jitter=float(rng.uniform(-45, 45)),
            )
        )
    return items


# A channel order that gives a tile set inks the shipped models never saw (red ink drawn green, green drawn
# blue, blue drawn red): the "recoloured" style of the enroll benchmark.
RECOLOUR = (1, 2, 0)


def recolour(image: np.ndarray, order: tuple[int, int, int] | None) -> np.ndarray:
    """The image with its BGR channels taken in `order` (None: unchanged)."""
    return image if order is None else np.ascontiguousarray(image[:, :, list(order)])


def render_sheet_photo(
    art_folder: str,
    style: str,
    seed: int,
    dpi: int = 100,
    tilt: float = 0.12,
    upside_down: bool = False,
    recolour_order: tuple[int, int, int] | None = None,
    empty: tuple[str, ...] = (),
    laid: dict[str, str] | None = None,
) -> np.ndarray:
    """A photo of the filled enroll sheet (vision.layout_sheet): every cell's tile laid on it by hand
    (a little off-centre and turned, some upside down), seen askew under uneven light; BGR uint8.

    `tilt` is the largest corner displacement as a share of the page; `empty` names cells left empty;
    `laid` maps a cell's name to the tile laid there instead of its own (a tile put in the wrong cell).
    """
    import cv2
    from riichi_table.datasets.render_camera import light
    from riichi_table.datasets.tile_art import TileBody, load_art, paste_tile, render_tile
    from riichi_table.vision.layout_sheet import CELL_H, CELL_W, SHEET, render_sheet

    rng = np.random.default_rng([seed, 4242])
    art = load_art(art_folder, style)
    px = dpi / 25.4
    page = cv2.cvtColor(render_sheet(dpi), cv2.COLOR_GRAY2BGR)
    body = TileBody(view=float(rng.uniform(0.0, 0.2)), thickness=float(rng.uniform(0.55, 0.65)))
    height = round(float(rng.uniform(32.5, 35.5)) * px)
    swaps = laid or {}
    cells: list[tuple[object, float, float]] = [
        (parse_tile(swaps[c.tile.name]) if c.tile.name in swaps else c.tile, *c.centre_mm)
        for c in SHEET.cells
        if c.tile.name not in empty
    ]
    cells += [(None, x + CELL_W / 2, y + CELL_H / 2) for x, y in SHEET.back_cells]
    for t, cx, cy in cells:
        sprite = render_tile(art, t, height=height, body=body, turns=2 if rng.random() < 0.2 else 0)  # type: ignore[arg-type]
        where = ((cx + rng.normal(0, 0.5)) * px, (cy + rng.normal(0, 0.5)) * px)
        paste_tile(page, sprite, where, angle=float(rng.normal(0, 2.0)))
    if recolour_order is not None:
        page = recolour(page, recolour_order)
    h, w = page.shape[:2]
    pad = round(0.1 * w)
    src = np.float32([[0, 0], [w, 0], [w, h], [0, h]])
    dst = src + pad + rng.uniform(-tilt, tilt, (4, 2)).astype(np.float32) * np.float32([w, h])
    if upside_down:
        dst = dst[[2, 3, 0, 1]]
    warp = cv2.getPerspectiveTransform(src, dst)
    table = tuple(int(v) for v in rng.integers(30, 140, 3))
    photo = cv2.warpPerspective(page, warp, (w + 2 * pad, h + 2 * pad), borderValue=table)
    light(rng, photo)
    photo = np.clip(photo + rng.normal(0, 3, photo.shape), 0, 255).astype(np.uint8)
    ok, buf = cv2.imencode(".jpg", photo, [cv2.IMWRITE_JPEG_QUALITY, 88])
    return cv2.imdecode(buf, cv2.IMREAD_COLOR) if ok else photo

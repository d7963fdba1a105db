"""Synthetic table scenes and YOLO datasets of them, deterministic from a seed.

A scene is a riichi table mid-game (datasets.render_layout: hands standing or lying, ponds of six per row
with a sideways riichi tile, melds with the called tile sideways by the seat it came from, kans with face-
down tiles, walls and a dora indicator), or tiles scattered loose, drawn top-down on a table top
(datasets.render_table) with point sticks, dice and reaching hands, then seen through a camera
(datasets.render_camera): shadows, uneven light, perspective, rotation, zoom, blur, noise and JPEG.

- `render_scene(art_folder, seed, index, size, styles) -> Scene`: one image and its labels. Scene `index` of
  seed `seed` is the same image on every machine and in every process, so datasets render in parallel.
- `write_dataset(out, count, seed, art_folder, ...)`: a YOLO dataset: `images/{train,val}/*.jpg`,
  `labels/{train,val}/*.txt` (`class xc yc w h`, normalised) and `data.yaml` with the 38 class names.
  Every tenth scene (index % 10 == 9) goes to val.

Labels: detector classes of ARCHITECTURE.md (0..33 kinds, 34..36 red fives, 37 face-down back). A box is
the axis-aligned box of the tile's whole visible outline (face plus the body band), clipped to the image.
A tile is labelled only if at least `MIN_VISIBLE` (60 %) of its outline's area is visible in the output
(not cropped away, not under a hand or another tile) and its clipped box is at least `MIN_BOX` px a side;
less visible tiles stay unlabelled. A wall stack of two is one face-down tile (class 37).
"""

from __future__ import annotations

import dataclasses
import multiprocessing
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

import cv2
import numpy as np
from numpy.typing import NDArray
from riichi_table.datasets import render_camera, render_layout, render_table
from riichi_table.datasets.errors import DatasetError
from riichi_table.datasets.tile_art import (
    STYLES,
    TileBody,
    load_art,
    paste_tile,
    render_tile,
    sprite_transform,
)
from riichi_table.engine.tiles import kind_name

MIN_VISIBLE = 0.6
MIN_BOX = 4.0
CLASS_NAMES: tuple[str, ...] = (*(kind_name(k) for k in range(34)), "0m", "0p", "0s", "back")
MODES = ("table", "close", "hand", "loose")
_MODE_P = (0.25, 0.35, 0.25, 0.15)
# Asked for by name only (never drawn at random, so the seeds above keep their images): one player's hand
# seen close, a tile 8-50 % of the width, standing tiles packed side by side, melds beside them.
CLOSEUP = "hand-closeup"
# BGR back colours of real sets (orange, yellow, blue, green, red, teal) for a face-down tile's back.
_BACKS = [(40, 120, 240), (40, 200, 240), (170, 90, 30), (60, 140, 40), (40, 40, 200), (140, 140, 30)]


@dataclass(frozen=True)
class TileLabel:
    """One labelled tile in an output image (pixels)."""

    class_id: int
    quad: NDArray[np.float32]  # (4, 2) the tile's outline, output pixels
    box: tuple[float, float, float, float]  # x0 y0 x1 y1, clipped to the image
    visible: float  # visible share of the outline's area, 0..1
    role: str  # hand, pond, meld, wall, dora, loose
    sideways: bool
    seat: int  # the chair whose hand, pond, meld or wall it belongs to (0 nearest the bottom edge)

    @property
    def turn(self) -> float:
        """How far the tile's outline is turned off the image axes, in degrees, 0..45: 0 for a tile upright
        or lying sideways square to the image, 45 for one on the diagonal. The mean of its four edges'
        directions, each taken modulo a quarter turn (so perspective that leans one pair of edges counts
        half)."""
        edges = np.roll(self.quad, -1, axis=0) - self.quad
        quarter = 4 * np.arctan2(edges[:, 1], edges[:, 0])  # a quarter turn is a full turn of 4x the angle
        mean = np.degrees(np.arctan2(np.sin(quarter).sum(), np.cos(quarter).sum())) / 4
        return float(abs(mean))


@dataclass(frozen=True)
class Scene:
    """A rendered scene: BGR uint8 image (size x size) and the labels of its visible tiles."""

    image: NDArray[np.uint8]
    labels: tuple[TileLabel, ...]
    style: str
    mode: str

    def yolo_lines(self) -> list[str]:
        """`class xc yc w h` lines, normalised to the image size."""
        h, w = self.image.shape[:2]
        lines = []
        for lab in self.labels:
            x0, y0, x1, y1 = lab.box
            xc, yc, bw, bh = (x0 + x1) / 2 / w, (y0 + y1) / 2 / h, (x1 - x0) / w, (y1 - y0) / h
            lines.append(f"{lab.class_id} {xc:.6f} {yc:.6f} {bw:.6f} {bh:.6f}")
        return lines


def _body(rng: np.random.Generator) -> TileBody:
    back = None if rng.random() < 0.4 else _BACKS[int(rng.integers(len(_BACKS)))]
    return TileBody(
        thickness=float(rng.uniform(0.5, 0.68)),
        back_share=float(rng.uniform(0.3, 0.5)),
        view=float(rng.uniform(0.08, 0.42)),
        back_colour=back,
        shade=float(rng.uniform(0.7, 0.9)),
    )


def _items(
    rng: np.random.Generator, mode: str
) -> tuple[list[render_layout.Item], tuple[float, float], float]:
    """The tiles, the focus point (table mm) and the view's width on the table (mm)."""
    pool = render_layout.TilePool(rng)
    if mode == "loose":
        spread = float(rng.uniform(60, 160))
        return render_layout.loose(rng, pool, int(rng.integers(3, 25)), spread), (0.0, 0.0), spread * 2.6
    items = render_layout.table(rng, pool)
    if mode == "table":
        return items, (float(rng.normal(0, 30)), float(rng.normal(0, 30))), float(rng.uniform(600, 850))
    if mode == "hand":
        focus = (float(rng.normal(0, 40)), render_layout.HAND_Y + float(rng.normal(-20, 20)))
        return items, focus, float(rng.uniform(280, 520))
    if mode == CLOSEUP:
        # seat 0's hand mostly standing face-on to the camera (the photo a player takes of their hand)
        if rng.random() < 0.7:
            items = [
                dataclasses.replace(it, standing=True, face_up=True)
                if it.role == "hand" and it.seat == 0
                else it
                for it in items
            ]
        focus = (float(rng.uniform(-160, 200)), render_layout.HAND_Y + float(rng.normal(-5, 12)))
        return items, focus, float(np.exp(rng.uniform(np.log(40.0), np.log(260.0))))
    pick = items[int(rng.integers(len(items)))]
    return (
        items,
        (pick.x + float(rng.normal(0, 30)), pick.y + float(rng.normal(0, 30))),
        float(rng.uniform(180, 420)),
    )


def _distractors_under(rng: np.random.Generator, img: NDArray[np.uint8], to_px, ppm: float) -> None:
    for _ in range(int(rng.choice(5, p=[0.35, 0.2, 0.2, 0.15, 0.1]))):
        seat = int(rng.integers(4))
        x, y = [(0, 1), (1, 0), (0, -1), (-1, 0)][seat]
        along = rng.uniform(-120, 120)
        cx, cy = to_px(x * 270 + y * along, y * 270 + x * along)
        angle = (90 if seat % 2 else 0) + rng.normal(0, 10)
        render_table.point_stick(rng, img, cx, cy, angle, ppm)
    for _ in range(int(rng.choice(3, p=[0.5, 0.2, 0.3]))):
        cx, cy = to_px(*rng.normal(0, 35, 2))
        render_table.die(rng, img, cx, cy, rng.uniform(0, 90), ppm)


def render_scene(
    art_folder: str | Path,
    seed: int,
    index: int = 0,
    size: int = 640,
    styles: Sequence[str] = STYLES,
    mode: str | None = None,
) -> Scene:
    """Scene `index` of the stream that `seed` starts (see module docstring); `mode` forces one of `MODES`
    or `CLOSEUP` (None: drawn at random, the default stream)."""
    if size < 64:
        raise DatasetError(f"scene size {size} px is too small (expected >= 64)")
    rng = np.random.default_rng([seed, index])
    style = str(styles[int(rng.integers(len(styles)))])
    art = load_art(art_folder, style)
    drawn = MODES[int(rng.choice(len(MODES), p=_MODE_P))]
    if mode is not None and mode not in (*MODES, CLOSEUP):
        raise DatasetError(f"unknown scene mode {mode!r} (expected one of {', '.join((*MODES, CLOSEUP))})")
    mode = mode or drawn
    items, focus, view_mm = _items(rng, mode)
    canvas = int(size * 1.3)
    ppm = size / view_mm
    origin = (canvas / 2 - focus[0] * ppm, canvas / 2 - focus[1] * ppm)

    def to_px(x: float, y: float) -> tuple[float, float]:
        return origin[0] + x * ppm, origin[1] + y * ppm

    img = render_table.table_top(rng, canvas, canvas, origin, ppm)
    _distractors_under(rng, img, to_px, ppm)
    body = _body(rng)
    stacked = dataclasses.replace(body, thickness=body.thickness * 2)
    height = max(4, round(render_layout.TILE_H * ppm))
    margin = height * 1.5
    placed = []
    for item in sorted(items, key=lambda it: it.y):  # nearer tiles (lower on screen) drawn last
        cx, cy = to_px(item.x, item.y)
        if not (-margin < cx < canvas + margin and -margin < cy < canvas + margin):
            continue
        sprite = render_tile(
            art,
            item.tile,
            height,
            item.standing,
            item.face_up,
            False,
            stacked if item.stack == 2 else body,
            item.turns,
        )
        # The item's position is its face's centre; the sprite's centre is off it by the body band.
        sh, sw = sprite.image.shape[:2]
        face_c = sprite.face_quad.mean(axis=0)
        off = np.array([sw / 2 - face_c[0], sh / 2 - face_c[1]])
        rad = np.radians(item.jitter)
        rot = np.array([[np.cos(rad), np.sin(rad)], [-np.sin(rad), np.cos(rad)]])
        centre = (cx + float((rot @ off)[0]), cy + float((rot @ off)[1]))
        placed.append((item, sprite, centre))
    quads = []
    for item, sprite, centre in placed:
        m = sprite_transform(sprite, centre, item.jitter)
        h, w = sprite.image.shape[:2]
        quads.append(
            (np.array([[0, 0], [w, 0], [w, h], [0, h]], np.float32) @ m[:, :2].T + m[:, 2]).astype(np.float32)
        )
    light_dir = rng.normal(0, 1, 2)
    shadow_off = tuple(light_dir / max(np.linalg.norm(light_dir), 1e-6) * height * rng.uniform(0.05, 0.25))
    render_camera.cast_shadows(
        img, quads, shadow_off, height * rng.uniform(0.05, 0.25), rng.uniform(0.15, 0.5)
    )
    id_map = np.zeros((canvas, canvas), np.uint16)
    placements = []
    for inst, (item, sprite, centre) in enumerate(placed, start=1):
        placements.append(paste_tile(img, sprite, centre, item.jitter, 1.0, id_map, inst))  # type: ignore[arg-type]
    for _ in range(int(rng.choice(3, p=[0.6, 0.3, 0.1]))):
        if placed:
            tip = placed[int(rng.integers(len(placed)))][2]
            render_table.arm(
                rng, img, id_map, (tip[0] + rng.normal(0, height), tip[1] + rng.normal(0, height)), ppm
            )
    render_camera.light(rng, img)
    max_rot = 25.0 if mode in ("table", "hand", CLOSEUP) else 180.0
    hom = render_camera.camera_homography(rng, canvas, size, max_rot, float(rng.uniform(0.85, 1.15)))
    out = cv2.warpPerspective(img, hom, (size, size), flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)
    ids = cv2.warpPerspective(id_map, hom, (size, size), flags=cv2.INTER_NEAREST, borderValue=0)
    counts = np.bincount(ids.ravel(), minlength=len(placed) + 1)
    labels = []
    for inst, ((item, sprite, _), placement) in enumerate(zip(placed, placements, strict=True), start=1):
        quad = cv2.perspectiveTransform(placement.quad[None].astype(np.float64), hom)[0].astype(np.float32)
        area = abs(cv2.contourArea(quad))
        if area <= 0 or counts[inst] < MIN_VISIBLE * area:
            continue
        x0, y0 = max(0.0, float(quad[:, 0].min())), max(0.0, float(quad[:, 1].min()))
        x1, y1 = min(float(size), float(quad[:, 0].max())), min(float(size), float(quad[:, 1].max()))
        if x1 - x0 < MIN_BOX or y1 - y0 < MIN_BOX:
            continue
        visible = min(1.0, counts[inst] / area)
        labels.append(
            TileLabel(sprite.class_id, quad, (x0, y0, x1, y1), visible, item.role, item.sideways, item.seat)
        )
    return Scene(image=render_camera.degrade(rng, out), labels=tuple(labels), style=style, mode=mode)


def _split(index: int) -> str:
    return "val" if index % 10 == 9 else "train"


def _render_one(job: tuple[str, int, int, int, tuple[str, ...], str, str | None]) -> tuple[int, int]:
    art, seed, index, size, styles, out, mode = job
    scene = render_scene(art, seed, index, size, styles, mode)
    split = _split(index)
    stem = f"synth_{seed}_{index:06d}"
    cv2.imwrite(
        str(Path(out) / "images" / split / f"{stem}.jpg"), scene.image, [cv2.IMWRITE_JPEG_QUALITY, 92]
    )
    text = "\n".join(scene.yolo_lines())
    (Path(out) / "labels" / split / f"{stem}.txt").write_text(text + ("\n" if text else ""))
    return index, len(scene.labels)


def _worker_init() -> None:
    cv2.setNumThreads(1)


def write_dataset(
    out: str | Path,
    count: int,
    seed: int,
    art_folder: str | Path,
    size: int = 640,
    styles: Sequence[str] = STYLES,
    workers: int = 1,
    absolute_yaml: bool = True,
    mode: str | None = None,
) -> Iterator[tuple[int, int]]:
    """Render `count` scenes into a YOLO dataset at `out`; yields (index, labels) as each image is written.

    `data.yaml` names the folder by its absolute path (ultralytics resolves a relative one elsewhere) unless
    `absolute_yaml` is False, for committed samples. `mode` renders every scene in that mode (`CLOSEUP`:
    close-ups of one hand) instead of the default mix.
    """
    if count < 1:
        raise DatasetError(f"--count must be at least 1, got {count}")
    for style in styles:
        if style not in STYLES:
            raise DatasetError(f"unknown style {style!r} (expected one of {', '.join(STYLES)} or both)")
        load_art(art_folder, style)  # fail early, before any worker starts
    root = Path(out)
    for split in ("train", "val"):
        (root / "images" / split).mkdir(parents=True, exist_ok=True)
        (root / "labels" / split).mkdir(parents=True, exist_ok=True)
    path_line = f"path: {root.resolve()}\n" if absolute_yaml else ""
    names = "".join(f"  {i}: {name}\n" for i, name in enumerate(CLASS_NAMES))
    (root / "data.yaml").write_text(
        f"# riichi-table synthetic scenes, seed {seed}, {count} images\n{path_line}"
        f"train: images/train\nval: images/val\nnc: {len(CLASS_NAMES)}\nnames:\n{names}"
    )
    jobs = [(str(art_folder), seed, i, size, tuple(styles), str(root), mode) for i in range(count)]
    if workers <= 1:
        yield from map(_render_one, jobs)
        return
    # spawn, not fork: a forked child can inherit a lock held by one of OpenCV's worker threads and hang.
    ctx = multiprocessing.get_context("spawn")
    with ctx.Pool(workers, initializer=_worker_init) as pool:
        yield from pool.imap(_render_one, jobs, chunksize=4)

"""Crop data sets for the tile classifier: synthetic crops from the tile art, and crops of labelled photos.

The output is the folder layout ultralytics' classifier trains from: `<out>/<part>/<class>/<name>.png` where
`<class>` is the zero-padded detector class id (`00`..`37`), so sorted folder names are class order.
Crops are cut exactly as the reader cuts them (`vision.crops.cut_crop`): upright, stretched to a square.
`localised_crops` cuts the boxes a localizer finds on labelled photos, so the classifier also learns the
localizer's box noise.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from pathlib import Path

import cv2
import numpy as np
from riichi_table.datasets.errors import DatasetError
from riichi_table.datasets.hk_real import LabelledPhoto
from riichi_table.datasets.tile_art import STYLES, TileBody, load_art, paste_tile, render_tile
from riichi_table.engine.tiles import BACK_CLASS, tile_from_class
from riichi_table.vision.crops import BOX_MARGIN, cut_crop
from riichi_table.vision.metrics import iou_matrix

CLASS_COUNT = 38


def class_folder(class_id: int) -> str:
    """`class_folder(5) == '05'`: folder names sort in class order."""
    return f"{class_id:02d}"


def _background(rng: np.random.Generator, h: int, w: int) -> np.ndarray:
    base = rng.integers(20, 230, 3)
    canvas = np.empty((h, w, 3), np.float32)
    canvas[:] = base
    canvas += rng.normal(0, rng.uniform(2, 14), (h, w, 1))
    return np.clip(canvas, 0, 255).astype(np.uint8)


def _photometric(crop: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """Light, white balance, blur, noise and JPEG, as phone photos of a table show them."""
    img = crop.astype(np.float32)
    img = img * rng.uniform(0.55, 1.3) + rng.uniform(-30, 30)
    img *= rng.uniform(0.85, 1.15, 3)  # white balance
    if rng.random() < 0.5:
        k = int(rng.choice([3, 5]))
        img = cv2.GaussianBlur(img, (k, k), 0)
    img += rng.normal(0, rng.uniform(0, 8), img.shape)
    img = np.clip(img, 0, 255).astype(np.uint8)
    if rng.random() < 0.6:
        ok, buf = cv2.imencode(".jpg", img, [cv2.IMWRITE_JPEG_QUALITY, int(rng.integers(35, 95))])
        if ok:
            img = cv2.imdecode(buf, cv2.IMREAD_COLOR)
    return img


def synth_crops(
    art_folder: Path,
    per_class: int,
    size: int,
    seed: int = 0,
    styles: Sequence[str] = STYLES,
    back_colour: tuple[int, int, int] | None = None,
) -> Iterator[tuple[np.ndarray, int]]:
    """Yield `(crop, class_id)`: `per_class` crops of each of the 38 classes for each style.

    Each tile is rendered with a random body (standing or lying, view angle, back colour), turned 0..3
    quarter turns plus a small tilt, pasted among neighbours on a random background, boxed with jitter and
    cut like the reader cuts boxes, then given photometric noise.
    """
    rng = np.random.default_rng(seed)
    for style in styles:
        art = load_art(art_folder, style)
        for class_id in range(CLASS_COUNT):
            tile = None if class_id == BACK_CLASS else tile_from_class(class_id)
            for _ in range(per_class):
                yield _one_crop(art, tile, size, rng, back_colour), class_id


def _one_crop(art, tile, size: int, rng: np.random.Generator, back_colour) -> np.ndarray:  # type: ignore[no-untyped-def]
    height = int(rng.integers(28, 110))
    colour = back_colour or tuple(int(v) for v in rng.integers(0, 256, 3))
    body = TileBody(
        thickness=float(rng.uniform(0.5, 0.7)),
        view=float(rng.choice([0.0, rng.uniform(0.05, 0.5)])),
        back_colour=colour if rng.random() < 0.5 else None,
        shade=float(rng.uniform(0.6, 0.95)),
        light=float(rng.uniform(0.8, 1.1)),
    )
    turns = int(rng.integers(0, 4))
    sprite = render_tile(art, tile, height=height, standing=bool(rng.random() < 0.3), body=body, turns=turns)
    canvas = _background(rng, height * 3, height * 3)
    cx = cy = height * 1.5
    angle = float(rng.normal(0, 6))
    # Neighbours left and right, as in a hand or a pond row, so crops show the edges of the next tiles.
    step = sprite.image.shape[1] * 1.02
    for dx in (-step, step):
        if rng.random() < 0.7:
            other = render_tile(
                art, tile_from_class(int(rng.integers(0, 34))), height, body=body, turns=turns
            )
            paste_tile(canvas, other, (cx + dx, cy), angle=angle)
    placed = paste_tile(canvas, sprite, (cx, cy), angle=angle)
    box = np.array(placed.box, np.float32)
    bw, bh = box[2] - box[0], box[3] - box[1]
    box += rng.normal(0, 0.04, 4).astype(np.float32) * np.array([bw, bh, bw, bh], np.float32)
    return _photometric(cut_crop(canvas, box, size), rng)


def photo_crops(photos: Sequence[LabelledPhoto], size: int) -> Iterator[tuple[np.ndarray, int, str]]:
    """Yield `(crop, class_id, name)` for every labelled box of the photos."""
    for photo in photos:
        image = cv2.imread(str(photo.image), cv2.IMREAD_COLOR)
        if image is None:
            raise DatasetError(f"{photo.image}: not a readable image")
        h, w = image.shape[:2]
        for i, (cid, (xc, yc, bw, bh)) in enumerate(zip(photo.class_id, photo.boxes_xywhn, strict=True)):
            box = np.array([(xc - bw / 2) * w, (yc - bh / 2) * h, (xc + bw / 2) * w, (yc + bh / 2) * h])
            yield cut_crop(image, box, size), int(cid), f"{photo.image.stem}_{i}"


def localised_crops(
    photos: Sequence[LabelledPhoto],
    find_boxes: Callable[[np.ndarray], np.ndarray],
    size: int,
    margin: float = BOX_MARGIN,
    min_iou: float = 0.5,
) -> Iterator[tuple[np.ndarray, int, str]]:
    """Yield `(crop, class_id, name)` for the boxes a localizer finds, named by the labelled box they match.

    `find_boxes(image_bgr) -> (N, 4) xyxy` is the localizer. Crops are cut as the reader cuts them (its box
    margin), so the classifier learns the localizer's real box noise, not only the true boxes. A found box
    is used when its best IoU with a labelled box is at least `min_iou` (boxes on flowers are skipped).
    """
    for photo in photos:
        image = cv2.imread(str(photo.image), cv2.IMREAD_COLOR)
        if image is None:
            raise DatasetError(f"{photo.image}: not a readable image")
        h, w = image.shape[:2]
        scale = np.array([w, h, w, h], np.float32)
        xywh = photo.boxes_xywhn.reshape(-1, 4)
        truth = np.concatenate([xywh[:, :2] - xywh[:, 2:] / 2, xywh[:, :2] + xywh[:, 2:] / 2], 1) * scale
        found = np.asarray(find_boxes(image), np.float32).reshape(-1, 4)
        if not len(found) or not len(truth):
            continue
        iou = iou_matrix(found, truth)
        for i, (best, j) in enumerate(zip(iou.max(1), iou.argmax(1), strict=True)):
            if best >= min_iou:
                yield (
                    cut_crop(image, found[i], size, margin),
                    int(photo.class_id[j]),
                    f"{photo.image.stem}_L{i}",
                )


def write_crops(items: Iterator[tuple[np.ndarray, int, str]], out_dir: Path) -> int:
    """Write crops to `out_dir/<class>/<name>.png` (all 38 class folders made); returns the crop count."""
    for cid in range(CLASS_COUNT):
        (out_dir / class_folder(cid)).mkdir(parents=True, exist_ok=True)
    n = 0
    for crop, cid, name in items:
        cv2.imwrite(str(out_dir / class_folder(cid) / f"{name}.png"), crop)
        n += 1
    return n


def labelled_photos(paths: Sequence[Path]) -> list[LabelledPhoto]:
    """Photos with YOLO txt labels: each path a photo or a folder of photos; the txt sits beside the photo
    or in a sibling `labels/` folder (`x/images/a.jpg` -> `x/labels/a.txt`). Unlabelled photos are skipped.
    """
    from riichi_table.datasets.hk_real import IMAGE_SUFFIXES, _read_rows, source_of

    images: list[Path] = []
    for path in paths:
        if path.is_dir():
            folder = path / "images" if (path / "images").is_dir() else path
            images += sorted(p for p in folder.iterdir() if p.suffix.lower() in IMAGE_SUFFIXES)
        elif path.is_file():
            images.append(path)
        else:
            raise DatasetError(f"{path}: no such photo or folder")
    out = []
    for image in images:
        for txt in (image.with_suffix(".txt"), image.parent.parent / "labels" / f"{image.stem}.txt"):
            if txt.is_file():
                ids, boxes = _read_rows(txt, named=False)
                empty = np.zeros((0, 4), np.float32)
                out.append(LabelledPhoto(image, source_of(image.name), ids, boxes, empty))
                break
    return out


def sheet_crops(photo: Path, size: int) -> Iterator[tuple[np.ndarray, int, str]]:
    """Crops of every cell of a layout-sheet photo (labels from the cell), warped upright to size x size."""
    from riichi_table.vision.layout_sheet import SHEET, find_sheet

    image = cv2.imread(str(photo), cv2.IMREAD_COLOR)
    if image is None:
        raise DatasetError(f"{photo}: not a readable image")
    to_image = np.linalg.inv(find_sheet(image))
    square = np.array([[0, 0], [size, 0], [size, size], [0, size]], np.float32)
    for cell in SHEET.cells:
        x, y, w, h = cell.x_mm, cell.y_mm, cell.w_mm, cell.h_mm
        quad_mm = np.array([[[x, y], [x + w, y], [x + w, y + h], [x, y + h]]], np.float32)
        quad = cv2.perspectiveTransform(quad_mm, to_image)[0].astype(np.float32)
        warp = cv2.getPerspectiveTransform(quad, square)
        crop = cv2.warpPerspective(image, warp, (size, size), flags=cv2.INTER_AREA)
        yield crop, cell.tile.detector_class, f"{photo.stem}_{cell.tile.name}"
        yield cv2.rotate(crop, cv2.ROTATE_180), cell.tile.detector_class, f"{photo.stem}_{cell.tile.name}_r"


def build_enroll_crops(
    sheets: Sequence[Path],
    photos: Sequence[LabelledPhoto],
    art_folder: Path,
    out: Path,
    size: int = 64,
    synth_per_class: int = 10,
    seed: int = 0,
    repeat: int = 4,
) -> dict[str, int]:
    """The crop folder an enrolment trains on: the club's crops, written `repeat` times (each epoch sees
    them more often than the synthetic ones; every fifth is also in val), plus `synth_per_class` synthetic
    crops per class and style, so that no class is forgotten or left empty.
    """
    club = 0
    items: list[tuple[np.ndarray, int, str]] = []
    for sheet in sheets:
        items += list(sheet_crops(sheet, size))
    items += list(photo_crops(photos, size))
    club = len(items)
    for r in range(repeat):
        write_crops(((c, cid, f"{name}_{r}") for c, cid, name in items), out / "train")
    write_crops(iter(items[::5]), out / "val")
    synth = (
        (c, cid, f"syn{i:05d}")
        for i, (c, cid) in enumerate(synth_crops(art_folder, synth_per_class, size, seed))
    )
    n_synth = write_crops(synth, out / "train")
    val = ((c, cid, f"synv{i:05d}") for i, (c, cid) in enumerate(synth_crops(art_folder, 2, size, seed + 1)))
    write_crops(val, out / "val")
    return {"club": club, "synthetic": n_synth}

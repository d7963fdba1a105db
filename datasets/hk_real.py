"""Train/validation split of the real Hong Kong style photos (`hk-real-train`), by source photo.

Roboflow exports each source photo up to three times as augmented copies (flips, rotation, shear); their file
names share the part before `.rf.`. Splitting by that stem keeps every copy of a validation photo out of
training. The split is deterministic: a photo goes to validation when a hash of its stem falls below the
validation fraction, so adding photos later does not move the ones already placed.

The folder layout is the data set's own (SOURCE.md): `images/*.jpg`, `labels/*.txt` in YOLO format with the
37 face classes, `ignore/*.txt` with `name xc yc w h` rows for flower and season tiles.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np
from riichi_table.datasets.errors import DatasetError

ATTRIBUTION = "'Chinese Mahjong Detection' by riichimahjongdetection, Roboflow Universe, CC BY 4.0"
IMAGE_SUFFIXES = (".jpg", ".jpeg", ".png")


@dataclass(frozen=True)
class LabelledPhoto:
    """One image of the set with its boxes in normalised YOLO form (xc, yc, w, h in 0..1)."""

    image: Path
    source: str  # the source photo's stem; all augmented copies share it
    class_id: np.ndarray  # (N,) int
    boxes_xywhn: np.ndarray  # (N, 4) float32
    ignore_xywhn: np.ndarray  # (M, 4) float32, flower/season tiles: neither right nor wrong


@dataclass(frozen=True)
class Split:
    """Photos for training and validation; no source photo is in both."""

    train: tuple[LabelledPhoto, ...]
    val: tuple[LabelledPhoto, ...]


def source_of(name: str) -> str:
    """The source-photo stem of a Roboflow file name (`a_jpg.rf.123.jpg` -> `a_jpg`)."""
    stem = Path(name).name
    return stem.split(".rf.", 1)[0] if ".rf." in stem else Path(stem).stem


def _read_rows(path: Path, named: bool) -> tuple[np.ndarray, np.ndarray]:
    ids: list[int] = []
    boxes: list[list[float]] = []
    if path.exists():
        for lineno, line in enumerate(path.read_text().splitlines(), 1):
            parts = line.split()
            if not parts:
                continue
            if len(parts) < 5:
                raise DatasetError(f"{path}:{lineno}: expected 'class xc yc w h', got {line!r}")
            try:
                ids.append(-1 if named else int(parts[0]))
                boxes.append([float(v) for v in parts[1:5]])
            except ValueError as exc:
                raise DatasetError(f"{path}:{lineno}: not a YOLO row: {line!r}") from exc
    return np.asarray(ids, dtype=np.int64), np.asarray(boxes, dtype=np.float32).reshape(-1, 4)


def load_photos(root: Path) -> list[LabelledPhoto]:
    """Every labelled image under `root` (the data set folder), sorted by file name."""
    images_dir = root / "images"
    if not images_dir.is_dir():
        raise DatasetError(f"{root} has no images/ folder (expected the hk-real-train layout)")
    photos = []
    for image in sorted(p for p in images_dir.iterdir() if p.suffix.lower() in IMAGE_SUFFIXES):
        ids, boxes = _read_rows(root / "labels" / f"{image.stem}.txt", named=False)
        _, ignore = _read_rows(root / "ignore" / f"{image.stem}.txt", named=True)
        photos.append(LabelledPhoto(image, source_of(image.name), ids, boxes, ignore))
    if not photos:
        raise DatasetError(f"{images_dir} holds no .jpg/.png images")
    return photos


def _bucket(source: str) -> float:
    digest = hashlib.sha256(source.encode()).digest()
    return int.from_bytes(digest[:8], "big") / 2**64


def split_photos(photos: Sequence[LabelledPhoto], val_fraction: float = 0.15) -> Split:
    """Split by source photo: all copies of one photo land on the same side."""
    if not 0.0 < val_fraction < 1.0:
        raise DatasetError(f"val_fraction must be in (0, 1), got {val_fraction}")
    train = tuple(p for p in photos if _bucket(p.source) >= val_fraction)
    val = tuple(p for p in photos if _bucket(p.source) < val_fraction)
    return Split(train, val)


def load_split(root: Path, val_fraction: float = 0.15) -> Split:
    """`load_photos` then `split_photos`."""
    return split_photos(load_photos(root), val_fraction)


def write_yolo_split(
    photos: Sequence[LabelledPhoto],
    out_dir: Path,
    part: str,
    agnostic: bool = True,
    with_ignored: bool = True,
) -> int:
    """Write `out_dir/images/<part>` (symlinks) and `out_dir/labels/<part>` for ultralytics; returns boxes.

    `agnostic` writes every box as class 0 (a localizer's "tile"); `with_ignored` adds the flower and season
    tiles as tiles too, since to a localizer they are tiles and leaving them out would teach it otherwise.
    """
    images = out_dir / "images" / part
    labels = out_dir / "labels" / part
    images.mkdir(parents=True, exist_ok=True)
    labels.mkdir(parents=True, exist_ok=True)
    count = 0
    for photo in photos:
        link = images / photo.image.name
        if not link.exists():
            link.symlink_to(photo.image.resolve())
        ids = np.zeros(len(photo.class_id), np.int64) if agnostic else photo.class_id
        rows = [
            f"{c} {x:.6f} {y:.6f} {w:.6f} {h:.6f}"
            for c, (x, y, w, h) in zip(ids, photo.boxes_xywhn, strict=True)
        ]
        if agnostic and with_ignored:
            rows += [f"0 {x:.6f} {y:.6f} {w:.6f} {h:.6f}" for x, y, w, h in photo.ignore_xywhn]
        (labels / f"{photo.image.stem}.txt").write_text("\n".join(rows) + ("\n" if rows else ""))
        count += len(rows)
    return count

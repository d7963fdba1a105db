"""Crops the tile embedder trains on (`vision/embedder_train.py`): both tile-art styles rendered as the
reader cuts them, and the real photos' true boxes with a little box jitter, built in worker processes.

`build_data(art, hk, per_class, copies, workers, seed)` returns `{source: (crops (N, 64, 64, 3) BGR uint8,
class ids (N,))}` for the sources `Regular`, `Black` and `hk-real` (the training split of the real photos
only, `datasets.hk_real.load_split`, so the validation photos stay unseen).
"""

from __future__ import annotations

from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import numpy as np
from riichi_table.vision.embedder_train import SIZE

SOURCES = ("Regular", "Black", "hk-real")


def _synth_part(art: str, style: str, per_class: int, seed: int) -> tuple[np.ndarray, np.ndarray]:
    from riichi_table.datasets.tile_crops import synth_crops

    crops, ids = [], []
    for crop, cid in synth_crops(Path(art), per_class, SIZE, seed, styles=(style,)):
        crops.append(crop)
        ids.append(cid)
    return np.stack(crops), np.asarray(ids, np.int64)


def _photo_part(paths: list[str], hk: str, copies: int, seed: int) -> tuple[np.ndarray, np.ndarray]:
    """Crops of the true boxes of some photos, `copies` per box, each with its box jittered a little."""
    import cv2
    from riichi_table.datasets.hk_real import load_photos
    from riichi_table.vision.crops import cut_crop

    wanted = set(paths)
    rng = np.random.default_rng(seed)
    crops, ids = [], []
    for photo in load_photos(Path(hk)):
        if photo.image.name not in wanted:
            continue
        image = cv2.imread(str(photo.image), cv2.IMREAD_COLOR)
        if image is None:
            continue
        h, w = image.shape[:2]
        for cid, (xc, yc, bw, bh) in zip(photo.class_id, photo.boxes_xywhn, strict=True):
            box = np.array([(xc - bw / 2) * w, (yc - bh / 2) * h, (xc + bw / 2) * w, (yc + bh / 2) * h])
            for c in range(copies):
                jitter = 0 if c == 0 else rng.normal(0, 0.04, 4) * np.array([bw * w, bh * h] * 2)
                crops.append(cut_crop(image, (box + jitter).astype(np.float32), SIZE))
                ids.append(int(cid))
    if not crops:
        return np.zeros((0, SIZE, SIZE, 3), np.uint8), np.zeros(0, np.int64)
    return np.stack(crops), np.asarray(ids, np.int64)


def build_data(
    art: Path, hk: Path | None, per_class: int, copies: int, workers: int, seed: int
) -> dict[str, tuple[np.ndarray, np.ndarray]]:
    """{source: (crops (N, S, S, 3) BGR uint8, class ids (N,))}; no `hk`: the art styles alone."""
    jobs = []
    with ProcessPoolExecutor(max_workers=workers) as pool:
        for style in ("Regular", "Black"):
            chunk = max(1, per_class // workers)
            for k in range(0, per_class, chunk):
                n = min(chunk, per_class - k)
                jobs.append((style, pool.submit(_synth_part, str(art), style, n, seed * 1000 + k)))
        if hk is not None:
            from riichi_table.datasets.hk_real import load_split

            names = [p.image.name for p in load_split(hk).train]
            for k in range(workers):
                part = pool.submit(_photo_part, names[k::workers], str(hk), copies, seed + k)
                jobs.append(("hk-real", part))
        parts: dict[str, list[tuple[np.ndarray, np.ndarray]]] = {}
        for source, job in jobs:
            parts.setdefault(source, []).append(job.result())
    return {
        s: (np.concatenate([p[0] for p in ps]), np.concatenate([p[1] for p in ps]))
        for s, ps in parts.items()
        if sum(len(p[1]) for p in ps)
    }

"""Measure the two checks that guard teaching a profile from a table photo (`vision.profile_add`).

    OMP_NUM_THREADS=1 .venv/bin/python bench/teach_checks.py    # about 2 minutes on one thread

1. Sharpness (`vision.crops.tile_sharpness`) of the true-box crops of real hk-real validation photos (one
   image per source photo), as they are and with the photo blurred by a Gaussian of a fraction of a tile's
   width: percentiles, the share under `TILE_MIN_SHARPNESS`, and how many the base classifier names right.
2. Same-set similarity: a profile of 2 recoloured sheet photos and one of 10 hk-real training photos, each
   against photos of its own set and of others (hk-real validation photos; rendered table scenes of the
   recoloured and Black art cut into photos of 14 tiles): each crop's similarity to its class's prototype,
   the share of crops under `CROP_MIN_SIMILARITY`, and the share of photos whose mean is under
   `PHOTO_MIN_SIMILARITY` (refused whole). Figures in docs/vision.md.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import cv2
import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "bench"))

from enroll import Crops, photo_crops, scene_crops  # noqa: E402
from riichi_table.datasets.hk_real import LabelledPhoto, load_split  # noqa: E402
from riichi_table.datasets.render_layout import RECOLOUR, render_sheet_photo  # noqa: E402
from riichi_table.vision.crops import TILE_MIN_SHARPNESS, cut_crops, tile_sharpness  # noqa: E402
from riichi_table.vision.embedder import EMBEDDER_FILE, Embedder  # noqa: E402
from riichi_table.vision.images import read_image  # noqa: E402
from riichi_table.vision.layout_sheet import read_sheet_photo  # noqa: E402
from riichi_table.vision.profile_add import (  # noqa: E402
    CROP_MIN_SIMILARITY,
    PHOTO_MIN_SIMILARITY,
    _similarities,
)
from riichi_table.vision.profiles import Profile, _mapped, build_profile  # noqa: E402

BLURS = (0.0, 0.02, 0.035, 0.05, 0.08)  # Gaussian sigma as a fraction of the photo's median tile width


def _one_per_source(photos: tuple[LabelledPhoto, ...], count: int, least: int = 1) -> list[LabelledPhoto]:
    first: dict[str, LabelledPhoto] = {}
    for p in photos:
        if len(p.class_id) >= least:
            first.setdefault(p.source, p)
    return list(first.values())[:count]


def sharpness(photos: list[LabelledPhoto], embedder: Embedder) -> None:
    print(f"sharpness of {len(photos)} real validation photos' crops (floor {TILE_MIN_SHARPNESS:.0f})")
    for blur in BLURS:
        values, right, total = [], 0, 0
        for p in photos:
            image = read_image(p.image)
            h, w = image.shape[:2]
            b = p.boxes_xywhn
            boxes = np.stack([(b[:, 0] - b[:, 2] / 2) * w, (b[:, 1] - b[:, 3] / 2) * h,
                              (b[:, 0] + b[:, 2] / 2) * w, (b[:, 1] + b[:, 3] / 2) * h], 1)  # fmt: skip
            tile = float(np.median(np.minimum(boxes[:, 2] - boxes[:, 0], boxes[:, 3] - boxes[:, 1])))
            if blur:
                image = cv2.GaussianBlur(image, (0, 0), blur * tile)
            crops = cut_crops(image, boxes, embedder.size, embedder.margin)
            right += int((embedder.run(crops)[0].argmax(1) == p.class_id).sum())
            total += len(crops)
            values += [tile_sharpness(c) for c in crops]
        v = np.array(values)
        pct = ", ".join(f"{q:.0f}" for q in np.percentile(v, [5, 25, 50, 75, 95]))
        print(f"  blur {blur:.3f} x tile: {total} crops, base names {right / total:.1%} right; "
              f"p5/25/50/75/95 {pct}; under the floor {np.mean(v < TILE_MIN_SHARPNESS):.1%}")  # fmt: skip


def _fourteens(c: Crops) -> list[tuple[np.ndarray, np.ndarray]]:
    return [(c.crops[i : i + 14], c.class_id[i : i + 14]) for i in range(0, len(c.class_id) - 13, 14)]


def same_set(
    profile: Profile, name: str, photos: list[tuple[np.ndarray, np.ndarray]], embedder: Embedder
) -> None:
    per, means = [], []
    for crops, ids in photos:
        sims = _similarities(profile, embedder.run(_mapped(crops, profile.channels))[1], ids)
        sims = sims[~np.isnan(sims)]
        if len(sims):
            per += sims.tolist()
            means.append(float(sims.mean()))
    p, m = np.array(per), np.array(means)
    print(f"  profile {profile.name} on {name}: {len(m)} photos, means {m.min():.2f}-{m.max():.2f} "
          f"(median {np.median(m):.2f}), refused whole {np.mean(m < PHOTO_MIN_SIMILARITY):.0%}; crops under "
          f"{CROP_MIN_SIMILARITY} {np.mean(p < CROP_MIN_SIMILARITY):.1%}")  # fmt: skip


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hk", type=Path, default=ROOT / ".." / "shared" / "datasets" / "hk-real-train")
    parser.add_argument(
        "--art", type=Path, default=ROOT / ".." / "shared" / "tile-art" / "fluffystuff-riichi"
    )
    parser.add_argument("--photos", type=int, default=40, help="validation photos for the sharpness figures")
    args = parser.parse_args()
    embedder = Embedder(ROOT / "models" / EMBEDDER_FILE, threads=1)
    split = load_split(args.hk)
    sharpness(_one_per_source(split.val, args.photos), embedder)
    rendered = [render_sheet_photo(str(args.art), "Regular", s, recolour_order=RECOLOUR) for s in range(2)]
    sheets = [read_sheet_photo(image, f"sheet {s}") for s, image in enumerate(rendered)]
    recoloured, _ = build_profile("recoloured-sheets", sheets, embedder)
    train = [photo_crops(p) for p in _one_per_source(split.train, 10)]
    hk, _ = build_profile("hk-real-photos", train, embedder, sheet=False)
    val = _one_per_source(split.val, 60, 5)
    sets = {
        "hk-real validation photos": [(c.crops, c.class_id) for c in map(photo_crops, val)],
        "recoloured scenes": _fourteens(scene_crops(args.art, "Regular", RECOLOUR, 10)),
        "Black art scenes": _fourteens(scene_crops(args.art, "Black", None, 10)),
    }  # fmt: skip
    floors = f"a photo refused under {PHOTO_MIN_SIMILARITY}, a crop under {CROP_MIN_SIMILARITY}"
    print(f"same-set similarity ({floors})")
    for profile in (recoloured, hk):
        for name, photos in sets.items():
            same_set(profile, name, photos, embedder)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

"""Measure enrolling: classifier accuracy on photos of a tile set before and after enrolling N photos of it.

    .venv/bin/python bench/enroll.py --base work-data/runs/cls-syn/weights/best.pt --n 5 10 20

The "new club set" is the real Hong Kong style set of hk-real (its faces differ from the riichi art: the white
dragon is a blue frame, the characters are drawn differently). `--base` should be a classifier that never saw
it (trained on synthetic crops only). Enrolment photos are N source photos of the hk-real training split (with
their augmented copies, as a club would label a few photos); accuracy is measured with the true boxes on
every validation photo (other source photos), so it isolates the classifier.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from riichi_table.datasets.hk_real import LabelledPhoto, load_split  # noqa: E402
from riichi_table.datasets.tile_crops import build_enroll_crops  # noqa: E402
from riichi_table.vision.enroll import crop_accuracy, fine_tune_classifier  # noqa: E402
from riichi_table.vision.export import export_onnx  # noqa: E402
from riichi_table.vision.images import read_image  # noqa: E402


def samples(photos: list[LabelledPhoto]) -> list[tuple[np.ndarray, np.ndarray, np.ndarray]]:
    out = []
    for photo in photos:
        image = read_image(photo.image)
        h, w = image.shape[:2]
        b = photo.boxes_xywhn
        boxes = np.stack(
            [
                (b[:, 0] - b[:, 2] / 2) * w,
                (b[:, 1] - b[:, 3] / 2) * h,
                (b[:, 0] + b[:, 2] / 2) * w,
                (b[:, 1] + b[:, 3] / 2) * h,
            ],
            1,
        )
        out.append((image, photo.class_id, boxes))
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--base", type=Path, required=True, help="classifier .pt that never saw the set")
    parser.add_argument("--hk", type=Path, default=ROOT / ".." / "shared" / "datasets" / "hk-real-train")
    parser.add_argument(
        "--art", type=Path, default=ROOT / ".." / "shared" / "tile-art" / "fluffystuff-riichi"
    )
    parser.add_argument("--n", type=int, nargs="+", default=[5, 10, 20])
    parser.add_argument("--epochs", type=int, default=10)
    parser.add_argument("--work", type=Path, default=None)
    args = parser.parse_args()
    split = load_split(args.hk)
    test = samples(list(split.val))
    sources = sorted({p.source for p in split.train})
    rng = np.random.default_rng(0)
    order = [sources[i] for i in rng.permutation(len(sources))]
    with tempfile.TemporaryDirectory() as tmp:
        work = args.work or Path(tmp)
        base_onnx = export_onnx(args.base, work / "base.onnx", 64, batch=-1)
        print(f"test: {len(test)} validation photos, {sum(len(s[1]) for s in test)} tiles (true boxes)")
        print(f"before enrolling: accuracy {crop_accuracy(base_onnx, test):.4f}")
        for n in args.n:
            chosen = set(order[:n])
            photos = [p for p in split.train if p.source in chosen]
            t = time.time()
            crops = work / f"crops{n}"
            counts = build_enroll_crops([], photos, args.art, crops)
            best = fine_tune_classifier(args.base, crops, work / f"run{n}", epochs=args.epochs)
            onnx = export_onnx(best, work / f"enrolled{n}.onnx", 64, batch=-1)
            acc = crop_accuracy(onnx, test)
            print(
                f"N = {n:2d} photos ({len(photos)} images with copies, {counts['club']} tiles): "
                f"accuracy {acc:.4f}  ({time.time() - t:.0f} s to enroll on this CPU)"
            )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

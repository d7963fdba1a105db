"""`riichi-table enroll`: adapt the classifier to a club's own tiles from a few photos.

    riichi-table enroll --sheet sheet1.jpg sheet2.jpg --art ../shared/tile-art/fluffystuff-riichi \
        --out models/club.onnx
    riichi-table enroll --labelled photos/ --art ../shared/tile-art/fluffystuff-riichi --out models/club.onnx

`--sheet`: photos of the printed layout sheet (`riichi-table synth --sheet`) with one tile in each cell; the
labels come from the cells. `--labelled`: folders of photos with hand-corrected YOLO txt beside them (or in a
sibling labels/ folder). The result is a classifier .onnx for `riichi-table read/detect --classifier`.
`--test` folders (labelled photos of the same set, not used for enrolling) get accuracy before and after.
"""

from __future__ import annotations

import argparse
import tempfile
from pathlib import Path


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--sheet", type=Path, nargs="*", default=[], help="photos of the filled layout sheet")
    parser.add_argument("--labelled", type=Path, nargs="*", default=[], help="photos with YOLO txt labels")
    parser.add_argument("--test", type=Path, nargs="*", default=[], help="labelled photos to measure on")
    parser.add_argument(
        "--art", type=Path, required=True, help="tile-art folder (synthetic crops of all classes)"
    )
    parser.add_argument("--base", type=Path, default=None, help="classifier weights to start from (.pt)")
    parser.add_argument("--out", type=Path, required=True, help="the enrolled classifier .onnx to write")
    parser.add_argument("--epochs", type=int, default=10)
    parser.add_argument(
        "--work", type=Path, default=None, help="folder for crops and the run (default: temp)"
    )


def _accuracy(classifier: Path, photos: list) -> float:  # type: ignore[type-arg]
    import numpy as np

    from riichi_table.vision.enroll import crop_accuracy
    from riichi_table.vision.images import read_image

    samples = []
    for photo in photos:
        image = read_image(photo.image)
        h, w = image.shape[:2]
        xc, yc, bw, bh = (photo.boxes_xywhn[:, i] for i in range(4))
        boxes = np.stack([(xc - bw / 2) * w, (yc - bh / 2) * h, (xc + bw / 2) * w, (yc + bh / 2) * h], 1)
        samples.append((image, photo.class_id, boxes))
    return crop_accuracy(classifier, samples)


def run(args: argparse.Namespace) -> int:
    from riichi_table.datasets.tile_crops import build_enroll_crops, labelled_photos
    from riichi_table.vision.errors import VisionError

    if not args.sheet and not args.labelled:
        raise VisionError("nothing to enroll from: pass --sheet PHOTO... or --labelled PHOTO/DIR...")
    if args.epochs < 1:
        raise VisionError(f"--epochs must be at least 1, got {args.epochs}")
    from riichi_table.vision.reader import CLASSIFIER_FILE, DEFAULT_MODELS

    base_onnx = DEFAULT_MODELS / CLASSIFIER_FILE
    base = args.base or DEFAULT_MODELS / "classifier.pt"
    tests = labelled_photos(args.test) if args.test else []
    if tests:
        print(f"before: {_accuracy(base_onnx, tests):.4f} on {len(tests)} test photo(s)")
    with tempfile.TemporaryDirectory() as tmp:
        work = args.work or Path(tmp)
        crops = work / "crops"
        counts = build_enroll_crops(args.sheet, labelled_photos(args.labelled), args.art, crops)
        print(f"enroll crops: {counts['club']} from the club's photos, {counts['synthetic']} synthetic")
        from riichi_table.vision.enroll import fine_tune_classifier
        from riichi_table.vision.export import export_onnx

        best = fine_tune_classifier(base, crops, work / "run", epochs=args.epochs)
        export_onnx(best, args.out, 64, batch=-1)
    print(f"wrote {args.out}")
    if tests:
        print(f"after: {_accuracy(args.out, tests):.4f} on {len(tests)} test photo(s)")
    return 0

"""`riichi-table enroll`: teach the reader a club's own tile set from a few photos.

    riichi-table enroll --sheet sheet1.jpg sheet2.jpg --profile our-club      # prototypes, seconds
    riichi-table enroll --labelled photos/ --profile our-club --test held-back/
    riichi-table enroll --list                                                # the profiles there are
    riichi-table enroll --use our-club                                        # reader uses it; --use base
    riichi-table enroll --sheet sheet1.jpg --art ../shared/tile-art/fluffystuff-riichi --out club.onnx

`--sheet`: photos of the printed layout sheet (`riichi-table synth --sheet`) with a tile on each cell (the
two "back" cells take face-down tiles); the cells give the labels. `--labelled`: photos with hand-corrected
YOLO txt beside them (or in a sibling labels/ folder). A photo that cannot be learned from (no markers,
another sheet, blurred, no tiles on it, another tile set mixed in) is named with the reason on stderr and
nothing is learned from it; the others are enrolled.

`--profile NAME` (or a .npz path) writes a tile-set profile (`vision.profiles`: class prototypes from the
embedder, no training) into `--profiles DIR` (default `vision.profiles.profiles_dir()`). `--out X.onnx`
instead fine-tunes the classifier (needs the [train] extra and `--art`, minutes). `--test` folders
(labelled photos of the same set, not enrolled) get accuracy before and after.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--sheet", type=Path, nargs="*", default=[], help="photos of the filled layout sheet")
    parser.add_argument("--labelled", type=Path, nargs="*", default=[], help="photos with YOLO txt labels")
    parser.add_argument("--test", type=Path, nargs="*", default=[], help="labelled photos to measure on")
    parser.add_argument(
        "--profile", default=None, help="write a tile-set profile of this name (or .npz path)"
    )
    parser.add_argument("--profiles", type=Path, default=None, help="folder of profiles (default: user data)")
    parser.add_argument("--list", action="store_true", help="list the profiles and which one is active")
    parser.add_argument("--use", default=None, help="make this profile the active one ('base' for none)")
    parser.add_argument(
        "--models", type=Path, default=None, help="folder with embedder.onnx (default: shipped)"
    )
    parser.add_argument("--art", type=Path, default=None, help="tile-art folder (fine-tuning only)")
    parser.add_argument("--base", type=Path, default=None, help="classifier weights to fine-tune (.pt)")
    parser.add_argument("--out", type=Path, default=None, help="fine-tune and write this classifier .onnx")
    parser.add_argument("--epochs", type=int, default=10)
    parser.add_argument(
        "--work", type=Path, default=None, help="folder for crops and the run (default: temp)"
    )


def _labelled_crops(photos: list[Any]) -> list[Any]:
    """One `LabelledCrops` per labelled photo: the true boxes cut as the reader cuts them."""
    from dataclasses import dataclass

    import numpy as np

    from riichi_table.vision.crops import BOX_MARGIN, cut_crops
    from riichi_table.vision.images import read_image

    @dataclass(frozen=True)
    class _Crops:
        name: str
        crops: Any
        class_id: Any

    out = []
    for photo in photos:
        image = read_image(photo.image)
        h, w = image.shape[:2]
        xc, yc, bw, bh = (photo.boxes_xywhn[:, i] for i in range(4))
        boxes = np.stack([(xc - bw / 2) * w, (yc - bh / 2) * h, (xc + bw / 2) * w, (yc + bh / 2) * h], 1)
        out.append(_Crops(str(photo.image), cut_crops(image, boxes, 64, BOX_MARGIN), photo.class_id))
    return out


def _accuracy(probabilities: Callable[[Any], Any], tests: list[Any]) -> float:
    """Share of the tests' tiles named right by `probabilities(crops) -> (N, 38)`."""
    import numpy as np

    right = sum(int((probabilities(t.crops).argmax(1) == np.asarray(t.class_id)).sum()) for t in tests)
    return right / max(1, sum(len(t.class_id) for t in tests))


def _list(folder: Path | None) -> int:
    from riichi_table.vision.profiles import active_profile, list_profiles, profiles_dir

    where = folder or profiles_dir()
    active = active_profile(where)
    print(f"profiles in {where} (active: {active})")
    for p in list_profiles(where):
        mark = "*" if p.name == active else " "
        print(f"{mark} {p.name}: {len(p.class_id)} classes from {len(p.photos)} photo(s), made {p.created}")
    return 0


def _enroll_profile(args: argparse.Namespace) -> int:
    from riichi_table.datasets.tile_crops import labelled_photos
    from riichi_table.vision.embedder import EMBEDDER_FILE, Embedder
    from riichi_table.vision.errors import VisionError
    from riichi_table.vision.layout_sheet import read_sheet_photo
    from riichi_table.vision.profiles import (
        ProfileClassifier,
        profile_path,
        teach_profile,
    )
    from riichi_table.vision.reader import DEFAULT_MODELS

    target = profile_path(args.profile, args.profiles)
    embedder = Embedder((args.models or DEFAULT_MODELS) / EMBEDDER_FILE)
    start = time.time()
    photos: list[Any] = []
    skipped = 0
    for sheet in args.sheet:
        try:
            photos.append(read_sheet_photo(sheet))
        except VisionError as exc:
            print(f"skipped {exc}", file=sys.stderr)
            skipped += 1
    photos += _labelled_crops(labelled_photos(args.labelled))
    sheet = not args.labelled  # crops cut from table photos are altered less (vision.tile_augment)
    profile, rejected, held = teach_profile(target.stem, photos, embedder, sheet=sheet)
    for r in rejected:
        print(f"skipped {r.photo}: {r.reason}", file=sys.stderr)
    if held is not None:
        print(f"held-back photos ({held.tiles} tiles, each named by a profile of the other photos): "
              f"base {held.base:.4f}, profile {held.profile:.4f}")  # fmt: skip
    profile.save(target)
    tiles = int(profile.counts.sum())
    print(f"wrote profile {profile.name} to {target}: {len(profile.class_id)} classes, {tiles} tiles from "
          f"{len(profile.photos)} photo(s) in {time.time() - start:.1f} s")  # fmt: skip
    if args.test:
        tests = _labelled_crops(labelled_photos(args.test))
        before = _accuracy(lambda crops: embedder.run(crops)[0], tests)
        after = _accuracy(ProfileClassifier(embedder, profile).probabilities, tests)
        print(f"before: {before:.4f} (base)  after: {after:.4f} (profile) on {len(tests)} test photo(s)")
    return 1 if skipped or rejected else 0


def run(args: argparse.Namespace) -> int:
    from riichi_table.vision.errors import VisionError

    if args.list:
        return _list(args.profiles)
    if args.use is not None:
        from riichi_table.vision.profiles import set_active_profile

        set_active_profile(args.use, args.profiles)
        print(f"active profile: {args.use}")
        return 0
    if not args.sheet and not args.labelled:
        raise VisionError("nothing to enroll from: pass --sheet PHOTO... or --labelled PHOTO/DIR...")
    if (args.profile is None) == (args.out is None):
        raise VisionError(
            "say what to make: --profile NAME (prototypes, seconds) or --out X.onnx (fine-tune)"
        )
    if args.profile is not None:
        return _enroll_profile(args)
    return _fine_tune(args)


def _fine_tune(args: argparse.Namespace) -> int:
    from riichi_table.datasets.tile_crops import build_enroll_crops, labelled_photos
    from riichi_table.vision.classify import Classifier
    from riichi_table.vision.errors import VisionError

    if args.epochs < 1:
        raise VisionError(f"--epochs must be at least 1, got {args.epochs}")
    if args.art is None:
        raise VisionError("fine-tuning (--out) needs --art PATH (synthetic crops of every class)")
    from riichi_table.vision.reader import CLASSIFIER_FILE, DEFAULT_MODELS

    base_onnx = DEFAULT_MODELS / CLASSIFIER_FILE
    base = args.base or DEFAULT_MODELS / "classifier.pt"
    tests = _labelled_crops(labelled_photos(args.test)) if args.test else []
    if tests:
        before = _accuracy(Classifier(base_onnx, flip_tta=True).probabilities, tests)
        print(f"before: {before:.4f} on {len(tests)} test photo(s)")
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
        after = _accuracy(Classifier(args.out, flip_tta=True).probabilities, tests)
        print(f"after: {after:.4f} on {len(tests)} test photo(s)")
    return 0

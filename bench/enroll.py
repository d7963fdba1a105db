"""Measure enrolling a tile set: accuracy on new photos of it before and after enrolling N photos, and time.

    OMP_NUM_THREADS=1 .venv/bin/python bench/enroll.py                 # prototypes only (about 2 minutes)
    OMP_NUM_THREADS=1 .venv/bin/python bench/enroll.py --finetune 1 5  # plus today's fine-tune (minutes each)
    OMP_NUM_THREADS=1 .venv/bin/python bench/enroll.py --detection 30  # plus tile F1 of the whole reader

Three tile sets, each with the classifier named on true boxes of new photos (so it isolates naming):

- `recoloured`: the Regular riichi art with its inks swapped (red drawn green, green blue, blue red:
  `datasets.render_layout.RECOLOUR`), a set the shipped classifier never saw. Enrolled from rendered photos of
  the filled layout sheet (any tilt, some upside down); tested on rendered table scenes of the same set.
- `black`: the Black riichi art (the shipped classifier trained on its synthetic crops). Same protocol.
- `hk-real`: the real Hong Kong style photos. Enrolled from N photos of the training split (one image per
  source photo), tested on every validation photo. The shipped classifier trained on this split, so it is a
  seen set: the row shows what choosing a profile costs or gains on a set the base already reads.

Methods: `base` (shipped classifier, no profile); `default` (`vision.profiles.build_profile` and
`ProfileClassifier` with their defaults: for sheet crops 32 table views per enrolled crop, the embedding of
each crop's grey copy beside its embedding (`vision.profile_features`), a rank-64 map of the features trained
with the prototypes as a cosine head (`vision.profile_metric`), and the profile may read the set in another
colour channel order); `no grey copy, old base weight (before)` (the previous default: the embedding alone,
and the base weighed 0.3 where it reads the set badly, now 0); with `--class-means` also the class means of 8
views; each also `colours kept` (`channels=False`: what the profile does alone, the figure for a set that is
no colour swap of a known one); and `fine-tune`
(`vision.enroll.fine_tune_classifier` from models/classifier.pt, `riichi-table enroll --out`), each timed on
this CPU. `--held-back` also prints the before/after on held-back enrolled photos
(`vision.profiles.held_back_accuracy`, the figures the Teach my tiles page shows). `--detection K` also
prints the tile F1 of the whole reader (localizer and namer) on K rendered table scenes: seen art, and
recoloured with the base, with a profile while the localizer reads the frame's own colours (the previous
reader), and with the localizer reading the profile's colours (`TileReader.profile_colours`, the default).
`--by-angle` also prints, for the rendered sets, the base's and each profile's accuracy per band of tile turn
(degrees off the image axes, `datasets.scenes.TileLabel.turn`) and the same with each tile's true outline
warped upright (`_outline`: the best a deskewing crop step could do; docs/vision.md "Turned tiles").
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

import cv2
import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from riichi_table.datasets.hk_real import LabelledPhoto, load_split  # noqa: E402
from riichi_table.datasets.render_layout import RECOLOUR, recolour, render_sheet_photo  # noqa: E402
from riichi_table.datasets.scenes import render_scene  # noqa: E402
from riichi_table.vision.crops import cut_crops  # noqa: E402
from riichi_table.vision.embedder import EMBEDDER_FILE, Embedder  # noqa: E402
from riichi_table.vision.images import read_image  # noqa: E402
from riichi_table.vision.layout_sheet import read_sheet_photo  # noqa: E402
from riichi_table.vision.profiles import ProfileClassifier, build_profile, held_back_accuracy  # noqa: E402

MODELS = ROOT / "models"
# (row name, channel-order step, altered copies per crop, refined, learned metric, grey copy): the default
# first (None: build_profile's default, which for sheet crops is 32 views, refined prototypes, a learned
# metric and the grey copy's embedding beside the embedding, and for crops of real photos the class means of
# 8 copies), then the previous default (the same without the grey copy, the base weighed as before:
# `_old_weight`), each also without the channel-order step; with --class-means also the class means of 8
# views.
METHODS: tuple[tuple[str, bool, int | None, bool | None, bool | None, bool | None], ...] = (
    ("default (grey copy where the base reads a set badly)", True, None, None, None, None),
    ("default, colours kept", False, None, None, None, None),
    ("no grey copy, old base weight (before)", True, None, None, None, False),
    ("no grey copy, old base weight, colours kept (before)", False, None, None, None, False),
    ("class means", True, 8, False, False, None),
    ("class means, colours kept", False, 8, False, False, None),
)


def _old_weight(weight: float) -> float:
    """The base weight the previous default gave (0.3 where the base names at most half of the altered crops
    right, rising to 1.0 at 85 %) from the one `build_profile` gives now (0 there, to 1.0 at 85 %)."""
    return 0.3 + 0.7 * weight


@dataclass(frozen=True)
class Crops:
    """Labelled crops of one photo (the `LabelledCrops` shape `build_profile` takes)."""

    name: str
    crops: np.ndarray
    class_id: np.ndarray
    turn: np.ndarray | None = None  # rendered scenes: degrees each tile is turned off the image axes, 0..45
    outline: np.ndarray | None = None  # rendered scenes: each tile's true outline warped upright (`_outline`)


def _boxes(photo: LabelledPhoto, image: np.ndarray) -> np.ndarray:
    h, w = image.shape[:2]
    b = photo.boxes_xywhn
    return np.stack(
        [(b[:, 0] - b[:, 2] / 2) * w, (b[:, 1] - b[:, 3] / 2) * h, (b[:, 0] + b[:, 2] / 2) * w,
         (b[:, 1] + b[:, 3] / 2) * h], 1)  # fmt: skip


def photo_crops(photo: LabelledPhoto) -> Crops:
    image = read_image(photo.image)
    return Crops(photo.image.name, cut_crops(image, _boxes(photo, image), 64, 0.0), photo.class_id)


def scene_crops(art: Path, style: str, order: tuple[int, int, int] | None, count: int) -> Crops:
    """True-box crops (visible >= 60 %) of `count` rendered table scenes of one style, seed 100, with each
    tile's turn and its outline warped upright."""
    crops, ids, turns, outlines = [], [], [], []
    for i in range(count):
        scene = render_scene(art, 100, i, 640, styles=(style,))
        labels = [lab for lab in scene.labels if lab.visible >= 0.6]
        if labels:
            image = recolour(scene.image, order)
            crops.append(cut_crops(image, np.array([lab.box for lab in labels], np.float32), 64, 0.0))
            outlines += [_outline(image, lab.quad, 64) for lab in labels]
            ids += [lab.class_id for lab in labels]
            turns += [lab.turn for lab in labels]
    return Crops(f"{style} scenes", np.concatenate(crops), np.asarray(ids, np.int64), np.asarray(turns),
                 np.stack(outlines))  # fmt: skip


def _outline(image: np.ndarray, quad: np.ndarray, size: int) -> np.ndarray:
    """The tile's true outline (a rendered label's quadrilateral) warped to a size x size crop, its long axis
    upright: what a perfect deskewing crop step could give the classifier at best."""
    q = np.asarray(quad, np.float32)
    square = np.array([[0, 0], [size, 0], [size, size], [0, size]], np.float32)
    crop = cv2.warpPerspective(image, cv2.getPerspectiveTransform(q, square), (size, size),
                               flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)  # fmt: skip
    wide = np.linalg.norm(q[1] - q[0]) > np.linalg.norm(q[3] - q[0])
    return cv2.rotate(crop, cv2.ROTATE_90_CLOCKWISE) if wide else crop


# Turn bands (degrees off the image axes) of `--by-angle`.
TURN_BANDS = ((0, 5), (5, 10), (10, 20), (20, 30), (30, 45))


def by_turn(probabilities: np.ndarray, test: Crops) -> str:
    """Per turn band: right share and the points of the whole set its errors cost."""
    right = probabilities.argmax(1) == test.class_id
    assert test.turn is not None
    parts = []
    for lo, hi in TURN_BANDS:
        band = (test.turn >= lo) & (test.turn < hi if hi < 45 else test.turn <= hi)
        parts.append(f"{lo}-{hi}: {100 * right[band].mean():.1f} % of {band.sum()} "
                     f"(-{100 * (~right[band]).sum() / len(right):.1f} pts)")  # fmt: skip
    return "; ".join(parts)


def accuracy_of(probabilities: np.ndarray, test: Crops) -> float:
    return float((probabilities.argmax(1) == test.class_id).mean())


def finetune(
    work: Path, n: int, sheets: list[Path], photos: list[LabelledPhoto], art: Path, test: Crops, epochs: int
) -> tuple[float, float]:
    """Today's enroll: fine-tune models/classifier.pt on the enrolled crops; (accuracy, seconds)."""
    from riichi_table.datasets.tile_crops import build_enroll_crops
    from riichi_table.vision.classify import Classifier
    from riichi_table.vision.enroll import fine_tune_classifier
    from riichi_table.vision.export import export_onnx

    t = time.time()
    crops = work / f"crops{n}"
    build_enroll_crops(sheets, photos, art, crops)
    best = fine_tune_classifier(MODELS / "classifier.pt", crops, work / f"run{n}", epochs=epochs)
    onnx = export_onnx(best, work / f"enrolled{n}.onnx", 64, batch=-1)
    seconds = time.time() - t
    return accuracy_of(Classifier(onnx, threads=1, flip_tta=True).probabilities(test.crops), test), seconds


def detection(art: Path, count: int, embedder: Embedder, photos: int = 2) -> list[str]:
    """Tile F1 of the whole reader (localizer + namer) on `count` rendered table scenes of the Regular art,
    as it is (a set the models know) and recoloured (unseen), the latter named by the base and by a profile
    of `photos` sheet photos. One line per run (vision.metrics: IoU >= 0.5 and the right kind)."""
    import os

    from riichi_table.vision.metrics import ImageEval, evaluate, kind_of
    from riichi_table.vision.reader import TileReader

    os.environ["RIICHI_TABLE_PROFILES"] = tempfile.mkdtemp()  # no active profile: the base classifier
    reader = TileReader(MODELS, threads=1)
    base = reader.classifier
    sheets = [read_sheet_photo(render_sheet_photo(str(art), "Regular", s, recolour_order=RECOLOUR), f"s{s}")
              for s in range(photos)]  # fmt: skip
    profile, _ = build_profile("recoloured", sheets, embedder)
    scenes = [render_scene(art, 100, i, 640, styles=("Regular",)) for i in range(count)]
    lines = []
    named = ProfileClassifier(embedder, profile)
    for name, namer, order, colours in (
        ("Regular art (seen), base", base, None, True),
        ("recoloured, base", base, RECOLOUR, True),
        (
            f"recoloured, profile of {photos} sheet photos, localizer in the frame's colours",
            named,
            RECOLOUR,
            False,
        ),
        (
            f"recoloured, profile of {photos} sheet photos, localizer in the profile's colours",
            named,
            RECOLOUR,
            True,
        ),
    ):
        reader.classifier, reader.profile_colours = namer, colours
        evals = []
        for scene in scenes:
            found = reader.detect(recolour(scene.image, order))
            boxes = np.array([lab.box for lab in scene.labels], np.float32).reshape(-1, 4)
            kinds = kind_of(np.array([lab.class_id for lab in scene.labels], np.int64))
            evals.append(ImageEval(found.boxes, kind_of(found.class_id), found.confidence, boxes, kinds,
                                   np.zeros((0, 4), np.float32)))  # fmt: skip
        lines.append(f"{name}: {evaluate(evals).line()}")
        print(lines[-1], flush=True)
    return lines


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hk", type=Path, default=ROOT / ".." / "shared" / "datasets" / "hk-real-train")
    parser.add_argument(
        "--art", type=Path, default=ROOT / ".." / "shared" / "tile-art" / "fluffystuff-riichi"
    )
    parser.add_argument("--n", type=int, nargs="+", default=[1, 2, 5, 10])
    parser.add_argument("--scenes", type=int, default=30, help="test scenes per rendered set")
    parser.add_argument("--finetune", type=int, nargs="*", default=[], help="N values to fine-tune at too")
    parser.add_argument("--epochs", type=int, default=10)
    parser.add_argument("--class-means", action="store_true", help="also the class-means rows (8 views)")
    parser.add_argument("--sets", nargs="+", default=["recoloured", "black", "hk-real"])
    parser.add_argument("--detection", type=int, default=0, help="also tile F1 on this many rendered scenes")
    parser.add_argument(
        "--held-back", action="store_true", help="also the enrolled photos' held-back figures"
    )
    parser.add_argument(
        "--by-angle",
        action="store_true",
        help="rendered sets: also accuracy by tile turn, and with each tile's true outline warped upright",
    )
    parser.add_argument(
        "--embedder", type=Path, default=MODELS / EMBEDDER_FILE,
        help="the embedder to measure (default: the shipped one; e.g. one trained by "
        "vision/embedder_train.py without the set measured)",
    )  # fmt: skip
    args = parser.parse_args()
    embedder = Embedder(args.embedder, threads=1)
    if args.detection:
        detection(args.art, args.detection, embedder)
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        for which in args.sets:
            sheet_files: list[Path] = []
            hk_photos: list[LabelledPhoto] = []
            if which == "hk-real":
                split = load_split(args.hk)
                test = Crops("hk-real val", *_concat([photo_crops(p) for p in split.val]))
                first: dict[str, LabelledPhoto] = {}
                for p in split.train:
                    first.setdefault(p.source, p)
                sources = sorted(first)
                order = np.random.default_rng(0).permutation(len(sources))
                hk_photos = [first[sources[i]] for i in order[: max(args.n)]]
                enrol = [photo_crops(p) for p in hk_photos]
            else:
                style, colours = ("Regular", RECOLOUR) if which == "recoloured" else ("Black", None)
                test = scene_crops(args.art, style, colours, args.scenes)
                enrol = []
                for s in range(max(args.n)):
                    image = render_sheet_photo(
                        str(args.art), style, s, recolour_order=colours, upside_down=s % 3 == 1
                    )
                    sheet_files.append(work / f"{which}-sheet{s}.jpg")
                    cv2.imwrite(str(sheet_files[-1]), image)
                    # Named without the temporary folder: views are seeded by the name, so runs repeat.
                    enrol.append(read_sheet_photo(sheet_files[-1], sheet_files[-1].name))  # type: ignore[arg-type]
            base_probs = embedder.run(test.crops)[0]
            base = accuracy_of(base_probs, test)
            rows.append((which, len(test.class_id), "base (no profile)", 0, base, 0.0))
            print(f"{which}: {len(test.class_id)} test tiles, base {base:.4f}", flush=True)
            by_angle = args.by_angle and test.turn is not None
            if by_angle:
                _print_by_turn("base", base_probs, test, embedder.run(test.outline)[0])
            if (
                which == "recoloured"
            ):  # the ceiling: the same tiles in the art's own colours, which the base knows
                own = np.ascontiguousarray(test.crops[..., list(np.argsort(RECOLOUR))])
                ceiling_probs = embedder.run(own)[0]
                ceiling = accuracy_of(ceiling_probs, test)
                if by_angle:
                    own_outline = np.ascontiguousarray(test.outline[..., list(np.argsort(RECOLOUR))])
                    _print_by_turn("base on the art's own colours", ceiling_probs, test,
                                   embedder.run(own_outline)[0])  # fmt: skip
                rows.append(
                    (which, len(test.class_id), "base on the art's own colours (ceiling)", 0, ceiling, 0.0)
                )
                print(f"  base on the same tiles in the art's own colours: {ceiling:.4f}", flush=True)
            for n in args.n:
                if args.held_back and n >= 2:  # what the Teach my tiles page and `enroll --profile` show
                    held = held_back_accuracy(enrol[:n], embedder, sheet=which != "hk-real")  # type: ignore[arg-type]
                    print(f"  N={n}: held-back photos ({held.tiles} tiles): base {held.base:.4f}, "
                          f"profile {held.profile:.4f}", flush=True)  # fmt: skip
                kept_order = False
                for method, channels, augment, refine, metric, grey in METHODS:
                    if method.startswith("class means") and not args.class_means:
                        continue
                    if not channels and kept_order:
                        print(f"  N={n}: {method}: same as with the channel step (the order was kept)")
                        continue
                    t = time.time()
                    profile, rejected = build_profile(
                        f"{which}-{n}",
                        enrol[:n],  # type: ignore[arg-type]
                        embedder,
                        augment=augment,
                        sheet=which != "hk-real",
                        channels=channels,
                        refine=refine,
                        metric=metric,
                        grey=grey,
                    )
                    seconds = time.time() - t
                    if channels and augment is None:
                        kept_order = profile.channels == (0, 1, 2)
                    weight = _old_weight(profile.base_weight) if grey is False else None
                    named = ProfileClassifier(embedder, profile, base_weight=weight)
                    probs = named.probabilities(test.crops)
                    acc = accuracy_of(probs, test)
                    if by_angle:
                        _print_by_turn(f"N={n}: {method}", probs, test, named.probabilities(test.outline))
                    rows.append((which, len(test.class_id), method, n, acc, seconds))
                    note = f"channels {profile.channels}, base weight {profile.base_weight:.2f}"
                    print(f"  N={n}: {method} {acc:.4f} ({seconds:.1f} s, {len(rejected)} rejected, {note})",
                          flush=True)  # fmt: skip
                if n in args.finetune:
                    acc, seconds = finetune(
                        work, n, sheet_files[:n], hk_photos[:n], args.art, test, args.epochs
                    )
                    rows.append((which, len(test.class_id), "fine-tune (today)", n, acc, seconds))
                    print(f"  N={n}: fine-tune {acc:.4f} ({seconds:.0f} s)", flush=True)
    print("\n| set | test tiles | method | photos | accuracy | seconds to enroll |")
    print("| --- | --- | --- | --- | --- | --- |")
    for which, tiles, method, n, acc, seconds in rows:
        print(f"| {which} | {tiles} | {method} | {n or '-'} | {100 * acc:.1f} % | {seconds:.1f} |")
    return 0


def _print_by_turn(name: str, probs: np.ndarray, test: Crops, outline_probs: np.ndarray) -> None:
    print(f"  by turn, {name}: {by_turn(probs, test)}", flush=True)
    print(f"  by turn, {name}, true outline upright ({100 * accuracy_of(outline_probs, test):.1f} %): "
          f"{by_turn(outline_probs, test)}", flush=True)  # fmt: skip


def _concat(parts: list[Crops]) -> tuple[np.ndarray, np.ndarray]:
    return np.concatenate([p.crops for p in parts]), np.concatenate([p.class_id for p in parts])


if __name__ == "__main__":
    raise SystemExit(main())

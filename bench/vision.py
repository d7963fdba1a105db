"""Benchmark the tile reader against the `mahjong-detector` package (PyPI), in one run on this machine's CPU.

    .venv/bin/python bench/vision.py [--hk ../shared/datasets/hk-real-train] [--synth DIR] [--repeat 30]
    .venv/bin/python bench/vision.py --fit-calibration models/confidence_calibration.json

Prints, for both readers: median milliseconds per image at 640x640 and at 1280x720, and on the real
validation photos (hk-real split by source photo, none of them trained on): localisation recall and
precision, classification accuracy of the localised tiles, tile F1 (IoU >= 0.5 and the right kind) and
mAP50; the same per scale band of the scale sweep built from those photos (bench/vision_sweep.py: the
photos, zoomed crops, mosaics), the close-up hand set's exact rate (every tile of a row found and named, no
extra box), the calibration table (share right among boxes with confidence >= 0.5/0.7/0.9) and the mean ms
per sweep image. --fit-calibration fits the confidence map on the same kind of sweep built from the
TRAINING split (never the validation photos) and writes it.
With --detector, the same for a one-model 38-class detector; with --candidate DIR, the same for the
reader with DIR's models (a retrained localizer measured against the shipped one on the same images).
With --synth (a YOLO scene dataset
from `riichi-table synth`), the same figures on its val images, for our readers and candidates only (the
peer knows no backs or red fives).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

import cv2
import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from riichi_table.datasets.hk_real import LabelledPhoto, load_split  # noqa: E402
from riichi_table.vision.calibration_scores import box_outcomes, fit, reliability  # noqa: E402
from riichi_table.vision.metrics import ImageEval, evaluate, kind_of  # noqa: E402
from riichi_table.vision.reader import TileReader  # noqa: E402
from vision_sweep import Sample, band_of, mosaics, rows, zoomed  # noqa: E402

Predict = Callable[[np.ndarray], tuple[np.ndarray, np.ndarray, np.ndarray]]  # boxes xyxy, kinds, confidences
_PEER_NAMES = {
    **{f"{n}{s}": (n - 1) + 9 * "mps".index(s) for n in range(1, 10) for s in "mps"},
    "tou": 27, "nan": 28, "sha": 29, "pe": 30, "haku": 31, "hatsu": 32, "chun": 33,
}  # fmt: skip


def ours(reader: TileReader) -> Predict:
    def predict(image: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        d = reader.detect(image)
        return d.boxes, kind_of(d.class_id), d.confidence

    return predict


def single_detector(path: Path) -> Predict:
    """A 38-class YOLO detector run alone (the one-model design the split is measured against)."""
    from riichi_table.vision.localize import Localizer

    localizer = Localizer(path, conf=0.25)

    def predict(image: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        found = localizer(image)
        return found.xyxy, kind_of(found.class_id), found.score

    return predict


def peer() -> Predict | None:
    try:
        from mahjong_detector.predict import CLASS_NAMES, predict
        from mahjong_detector.preprocess import preprocess_image
        from PIL import Image
    except ImportError:
        print("mahjong-detector is not installed (pip install mahjong-detector): peer skipped")
        return None
    kinds = np.array([_PEER_NAMES[n] for n in CLASS_NAMES], np.int64)

    def run(image: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        pil = Image.fromarray(cv2.cvtColor(image, cv2.COLOR_BGR2RGB))
        img, padding = preprocess_image(pil)
        found = predict(img, padding)
        if not found:
            return np.zeros((0, 4), np.float32), np.zeros(0, np.int64), np.zeros(0, np.float32)
        boxes = np.array([[d.x1, d.y1, d.x2, d.y2] for d in found], np.float32)
        cls = np.array([d.class_id for d in found], np.int64)
        return boxes, kinds[cls], np.array([d.confidence for d in found], np.float32)

    return run


def median_ms(fn: Predict, image: np.ndarray, repeat: int) -> float:
    fn(image)  # warm-up
    times = []
    for _ in range(repeat):
        t = time.perf_counter()
        fn(image)
        times.append((time.perf_counter() - t) * 1000)
    return statistics.median(times)


def _xyxy(xywhn: np.ndarray, w: int, h: int) -> np.ndarray:
    if not len(xywhn):
        return np.zeros((0, 4), np.float32)
    xc, yc, bw, bh = xywhn[:, 0] * w, xywhn[:, 1] * h, xywhn[:, 2] * w, xywhn[:, 3] * h
    return np.stack([xc - bw / 2, yc - bh / 2, xc + bw / 2, yc + bh / 2], 1).astype(np.float32)


def hk_samples(root: Path) -> list[tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]]:
    samples = []
    for photo in load_split(root).val:
        image = cv2.imread(str(photo.image))
        h, w = image.shape[:2]
        samples.append(
            (image, _xyxy(photo.boxes_xywhn, w, h), kind_of(photo.class_id), _xyxy(photo.ignore_xywhn, w, h))
        )
    return samples


def synth_samples(root: Path) -> list[tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]]:
    samples = []
    for image_path in sorted((root / "images" / "val").glob("*.jpg")):
        image = cv2.imread(str(image_path))
        h, w = image.shape[:2]
        rows = np.loadtxt(root / "labels" / "val" / f"{image_path.stem}.txt", ndmin=2).reshape(-1, 5)
        samples.append(
            (image, _xyxy(rows[:, 1:], w, h), kind_of(rows[:, 0].astype(np.int64)), np.zeros((0, 4)))
        )
    return samples


def quality(fn: Predict, samples: list[tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]]) -> str:
    evals = []
    for image, true_boxes, true_kind, ignore in samples:
        boxes, kinds, conf = fn(image)
        evals.append(ImageEval(boxes, kinds, conf, true_boxes, true_kind, ignore))
    return evaluate(evals).line()


def load_samples(photos: tuple[LabelledPhoto, ...]) -> list[Sample]:
    out = []
    for photo in photos:
        image = cv2.imread(str(photo.image))
        h, w = image.shape[:2]
        out.append(
            Sample(
                image,
                _xyxy(photo.boxes_xywhn, w, h),
                kind_of(photo.class_id),
                _xyxy(photo.ignore_xywhn, w, h),
                photo.image.stem,
            )
        )
    return out


def sweep_of(base: list[Sample], seed: int = 0) -> list[Sample]:
    """The photos, zoomed crops (a tile 25 % and 40 % of the width) and 3x3 / 5x5 mosaics."""
    return base + zoomed(base, [0.25, 0.4], seed) + mosaics(base, 3, 12, seed) + mosaics(base, 5, 6, seed)


def sweep_report(fn: Predict, sweep: list[Sample], closeups: list[Sample]) -> None:
    per_band: dict[str, list[ImageEval]] = {}
    conf_all, right_all = [], []
    t0 = time.perf_counter()
    for s in sweep:
        boxes, kinds, conf = fn(s.image)
        ev = ImageEval(boxes, kinds, conf, s.boxes, s.kinds, s.ignore)
        band = band_of(s.tile_share)
        if band is not None:
            per_band.setdefault(band, []).append(ev)
        c, r = box_outcomes(boxes, kinds, conf, s.boxes, s.kinds, s.ignore)
        conf_all.append(c)
        right_all.append(r)
    ms = (time.perf_counter() - t0) * 1000 / max(1, len(sweep))
    for band in sorted(per_band, key=lambda b: float(b.split("-")[0])):
        print(f"    tiles {band:>8s} of the width: {evaluate(per_band[band]).line()}")
    print(
        f"    all sweep images: {evaluate([e for v in per_band.values() for e in v]).line()};",
        f"{ms:.1f} ms/image",
    )
    exact = 0
    for s in closeups:
        boxes, kinds, conf = fn(s.image)
        r = evaluate([ImageEval(boxes, kinds, conf, s.boxes, s.kinds, s.ignore)])
        exact += r.tile_f1 == 1.0
    print(
        f"    close-up rows read exactly: {exact}/{len(closeups)}",
        f"({100 * exact / max(1, len(closeups)):.0f} %)",
    )
    table = reliability(np.concatenate(conf_all), np.concatenate(right_all))
    print(
        "    calibration: " + "; ".join(f"conf >= {c}: {n} boxes, {100 * p:.1f} % right" for c, n, p in table)
    )


def fit_calibration(hk: Path, out: Path, models: Path | None) -> int:
    split = load_split(hk)
    one_copy: dict[str, LabelledPhoto] = {}
    for photo in split.train:
        one_copy.setdefault(photo.source, photo)
    base = load_samples(tuple(one_copy.values()))
    sweep = sweep_of(base, seed=1)
    fn = ours(TileReader(models, calibrate=False))
    conf_all, right_all = [], []
    for s in sweep:
        boxes, kinds, conf = fn(s.image)
        c, r = box_outcomes(boxes, kinds, conf, s.boxes, s.kinds, s.ignore)
        conf_all.append(c)
        right_all.append(r)
    conf, right = np.concatenate(conf_all), np.concatenate(right_all)
    cal = fit(conf, right, f"hk-real training split scale sweep: {len(sweep)} images, {len(conf)} boxes")
    cal.save(out)
    print(f"{out}: fitted on {len(sweep)} training-split images, {len(conf)} boxes")
    for c, n, p in reliability(cal(conf), right):
        print(f"  (fit data, calibrated) conf >= {c}: {n} boxes, {100 * p:.1f} % right")
    return 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hk", type=Path, default=ROOT / ".." / "shared" / "datasets" / "hk-real-train")
    parser.add_argument("--synth", type=Path, default=None)
    parser.add_argument("--models", type=Path, default=None)
    parser.add_argument("--repeat", type=int, default=30)
    parser.add_argument("--detector", type=Path, default=None, help="also measure a 38-class detector .onnx")
    parser.add_argument("--fit-calibration", type=Path, default=None, metavar="JSON")
    parser.add_argument("--no-sweep", action="store_true", help="skip the scale sweep and close-up set")
    parser.add_argument("--single-scale", action="store_true", help="also measure our one-pass reader")
    parser.add_argument(
        "--candidate",
        type=Path,
        action="append",
        default=[],
        metavar="DIR",
        help="also measure the reader with the models in DIR (a retrained localizer against the shipped one)",
    )
    parser.add_argument(
        "--candidate-score", type=float, default=None, help="the candidates' localizer score threshold"
    )
    parser.add_argument("--no-peer", action="store_true", help="leave mahjong-detector out (saves CPU)")
    args = parser.parse_args()
    if args.fit_calibration is not None:
        return fit_calibration(args.hk, args.fit_calibration, args.models)
    readers: dict[str, Predict] = {"riichi-table": ours(TileReader(args.models))}
    if args.single_scale:
        readers["riichi-table one pass, raw"] = ours(
            TileReader(args.models, multiscale=False, calibrate=False)
        )
    for folder in args.candidate:
        score = {} if args.candidate_score is None else {"conf": args.candidate_score}
        name = f"candidate {folder.name}"
        if name in readers:  # two folders of one name (cand/ of two runs) would silently measure one
            name = f"candidate {folder}"
        readers[name] = ours(TileReader(folder, **score))
    if args.detector is not None:
        readers[f"one detector ({args.detector.name})"] = single_detector(args.detector)
    other = None if args.no_peer else peer()
    if other is not None:
        readers["mahjong-detector 0.0.6"] = other
    samples = hk_samples(args.hk)
    photo = samples[0][0]
    print(f"CPU: {len(__import__('os').sched_getaffinity(0))} cores; median of {args.repeat} runs per size")
    for name, fn in readers.items():
        ms640 = median_ms(fn, cv2.resize(photo, (640, 640)), args.repeat)
        ms720 = median_ms(fn, cv2.resize(photo, (1280, 720)), args.repeat)
        print(f"{name:24s} speed: {ms640:7.1f} ms at 640x640, {ms720:7.1f} ms at 1280x720")
    print(f"real validation photos (hk-real, split by source photo): {len(samples)}")
    for name, fn in readers.items():
        print(f"{name:24s} {quality(fn, samples)}")
    if not args.no_sweep:
        base = load_samples(load_split(args.hk).val)
        sweep, closeups = sweep_of(base), rows(base, min_tiles=5)
        print(f"scale sweep from the validation photos: {len(sweep)} images; close-up rows: {len(closeups)}")
        for name, fn in readers.items():
            print(name)
            sweep_report(fn, sweep, closeups)
    if args.synth is not None:
        print(f"synthetic validation scenes: {args.synth}")
        synth = synth_samples(args.synth)
        for name, fn in readers.items():
            if not name.startswith("mahjong-detector"):  # the peer reads Hong Kong art, not riichi art
                print(f"{name:24s} {quality(fn, synth)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

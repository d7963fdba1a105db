"""`riichi-table detect IMG... --out DIR`: tiles as YOLO txt with confidences (the evaluation interface).

One file per image, `DIR/<image stem>.txt`, one row per tile: `class xc yc w h confidence`, coordinates
normalised by the image size, class ids of ARCHITECTURE.md (0..33 kinds, 34..36 red fives, 37 back).
The confidence is calibrated (docs/vision.md): among boxes written with confidence >= c, about a share c
are right tiles, so `--conf 0.7` keeps boxes that are right about 70 % of the time or more.
A bad image gets a one-line error on stderr and no file; the others are still written; exit status 1 then.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "images", nargs="+", type=Path, metavar="IMG", help="photos or frames (JPEG, PNG, ...)"
    )
    parser.add_argument("--out", type=Path, required=True, metavar="DIR", help="folder for the .txt files")
    parser.add_argument(
        "--models", type=Path, default=None, metavar="DIR", help="folder with the ONNX models"
    )
    parser.add_argument(
        "--classifier", type=Path, default=None, help="a classifier .onnx (e.g. an enrolled one)"
    )
    parser.add_argument(
        "--conf",
        type=float,
        default=0.0,
        help="write only boxes with at least this (calibrated) confidence: the chance a box is a right tile "
        "(default 0: all)",
    )
    parser.add_argument(
        "--score", type=float, default=0.3, help="localizer score threshold for candidates (default 0.3)"
    )


def run(args: argparse.Namespace) -> int:
    from riichi_table.vision.errors import VisionError
    from riichi_table.vision.images import read_image
    from riichi_table.vision.reader import TileReader

    for flag in ("conf", "score"):
        if not 0.0 <= getattr(args, flag) <= 1.0:
            raise VisionError(f"--{flag} must be in 0..1, got {getattr(args, flag)}")
    reader = TileReader(args.models, classifier=args.classifier, conf=args.score)
    args.out.mkdir(parents=True, exist_ok=True)
    failed = 0
    for path in args.images:
        try:
            image = read_image(path)
            detections = reader.detect(image)
            detections = detections[detections.confidence >= args.conf]
        except VisionError as exc:
            print(f"riichi-table detect: {exc}", file=sys.stderr)
            failed += 1
            continue
        h, w = image.shape[:2]
        rows = detections.to_yolo_rows(w, h)
        text = "".join(f"{c} {x:.6f} {y:.6f} {bw:.6f} {bh:.6f} {p:.4f}\n" for c, x, y, bw, bh, p in rows)
        (args.out / f"{path.stem}.txt").write_text(text)
        print(f"{path}: {len(rows)} tiles")
    return 1 if failed else 0

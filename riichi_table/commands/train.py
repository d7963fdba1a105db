"""`riichi-table train`: prepare data, train the localizer or the classifier, export them to ONNX.

    riichi-table train prepare --hk ../shared/datasets/hk-real-train --synth work-data/synth \
        --art ../shared/tile-art/fluffystuff-riichi --out work-data/prepared
    riichi-table train localizer --data work-data/prepared/localizer.yaml --run work-data/runs/loc \
        --export models/localizer.onnx
    riichi-table train classifier --data work-data/prepared/crops64 --run work-data/runs/cls --imgsz 64 \
        --export models/classifier.onnx

    riichi-table train recipe --hk ../shared/datasets/hk-real-train \
        --art ../shared/tile-art/fluffystuff-riichi --out work-data/recipe --scale n --imgsz 640 \
        --device 0 --minutes 6 --export work-data/localizer.onnx
        (data, close-ups, synthetic scenes, training and export in one step: scripts/train_gpu.sh)

Training resumes from `<run>/weights/last.pt` when it exists (pass --fresh to start over). It runs on the CPU
unless --device names a GPU; it needs the [train] extra (ultralytics, torch).
"""

from __future__ import annotations

import argparse
import shutil
from pathlib import Path


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("what", choices=("prepare", "localizer", "classifier", "export", "recipe"))
    parser.add_argument("--data", type=Path, help="localizer: a data.yaml; classifier: a crop folder")
    parser.add_argument("--run", type=Path, help="run folder (weights/, results.csv)")
    parser.add_argument("--epochs", type=int, default=30)
    parser.add_argument("--imgsz", type=int, default=None, help="input size (localizer 320, classifier 64)")
    parser.add_argument("--batch", type=int, default=None)
    parser.add_argument("--scale", default="t", choices=("t", "n"), help="model width (t: half of YOLOv8n)")
    parser.add_argument("--device", default="cpu", help="cpu, or a GPU index such as 0")
    parser.add_argument("--threads", type=int, default=0, help="torch CPU threads (0: all cores)")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument(
        "--weights",
        type=Path,
        default=None,
        help="start from these .pt weights (a localizer also from an exported .onnx)",
    )
    parser.add_argument("--lr0", type=float, default=0.003, help="initial learning rate (AdamW, cosine)")
    parser.add_argument(
        "--warmup", type=float, default=1.0, help="warm-up epochs (0 when fine-tuning trained weights)"
    )
    parser.add_argument(
        "--zoom", type=float, default=0.5, help="localizer: random zoom +-share (0.9 for close-ups)"
    )
    parser.add_argument(
        "--mosaic-off",
        type=int,
        default=None,
        help="localizer: last epochs with mosaic off (default: the last sixth; 0: mosaic on throughout)",
    )
    parser.add_argument(
        "--save-period",
        type=int,
        default=0,
        help="keep every Nth epoch's weights (weights/epochN.pt) to choose among by benchmark (0: none)",
    )
    parser.add_argument("--fresh", action="store_true", help="do not resume from the run's last.pt")
    parser.add_argument("--export", type=Path, default=None, help="write the best weights as this .onnx")
    parser.add_argument("--hk", type=Path, help="prepare: the hk-real-train folder")
    parser.add_argument(
        "--synth", type=Path, action="append", default=[], help="prepare: a YOLO scene dataset"
    )
    parser.add_argument("--art", type=Path, help="prepare: the tile-art folder (synthetic crops)")
    parser.add_argument("--out", type=Path, help="prepare: output folder")
    parser.add_argument(
        "--per-class", type=int, default=100, help="prepare: synthetic crops per class and style"
    )
    parser.add_argument(
        "--val-fraction", type=float, default=0.15, help="prepare: share of source photos for val"
    )
    from riichi_table.commands.train_recipe import add_recipe_arguments

    add_recipe_arguments(parser)


def _prepare(args: argparse.Namespace) -> int:
    from riichi_table.datasets.errors import DatasetError
    from riichi_table.datasets.hk_real import load_split, write_yolo_split
    from riichi_table.datasets.tile_crops import photo_crops, synth_crops, write_crops

    if args.out is None or args.hk is None:
        raise DatasetError("prepare needs --hk and --out")
    out: Path = args.out
    size = args.imgsz or 64
    split = load_split(args.hk, args.val_fraction)
    loc = out / "hk-localizer"
    write_yolo_split(split.train, loc, "train")
    write_yolo_split(split.val, loc, "val")
    train_dirs = [str((loc / "images" / "train").resolve())]
    val_dirs = [str((loc / "images" / "val").resolve())]
    for synth in args.synth:
        train_dirs.append(str((synth / "images" / "train").resolve()))
        val_dirs.append(str((synth / "images" / "val").resolve()))
    names = "".join(f"  {i}: c{i}\n" for i in range(38))
    yaml = f"train: {train_dirs}\nval: {val_dirs}\nnames:\n{names}"
    (out / "localizer.yaml").write_text(yaml)
    crops = out / f"crops{size}"
    n_train = write_crops(photo_crops(split.train, size), crops / "train")
    n_val = write_crops(photo_crops(split.val, size), crops / "val")
    if args.art is not None:
        named = (
            (c, cid, f"syn{i:06d}")
            for i, (c, cid) in enumerate(synth_crops(args.art, args.per_class, size, 1))
        )
        n_train += write_crops(named, crops / "train")
        per_val = max(1, args.per_class // 10)
        named = (
            (c, cid, f"synval{i:06d}") for i, (c, cid) in enumerate(synth_crops(args.art, per_val, size, 2))
        )
        n_val += write_crops(named, crops / "val")
    print(
        f"{out / 'localizer.yaml'}: {len(split.train)} + {len(split.val)} real photos, synthetic {args.synth}"
    )
    print(f"{crops}: {n_train} train crops, {n_val} val crops")
    return 0


def run(args: argparse.Namespace) -> int:
    from riichi_table.vision.errors import VisionError

    if args.imgsz is not None and args.imgsz < 32:
        raise VisionError(f"--imgsz must be at least 32 pixels, got {args.imgsz}")
    if args.what == "prepare":
        return _prepare(args)
    if args.what == "recipe":
        from riichi_table.commands.train_recipe import run_recipe

        if args.epochs < 1:
            raise VisionError(f"--epochs must be at least 1, got {args.epochs}")
        return run_recipe(args)
    if args.epochs < 1:
        raise VisionError(f"--epochs must be at least 1, got {args.epochs}")
    from riichi_table.commands.train_settings import train_config
    from riichi_table.vision.export import export_onnx
    from riichi_table.vision.train import train

    if args.what == "export":
        if args.weights is None or args.export is None or args.imgsz is None:
            raise VisionError("export needs --weights, --imgsz and --export")
        export_onnx(args.weights, args.export, args.imgsz, batch=-1)
        print(f"wrote {args.export}")
        return 0
    if args.data is None or args.run is None:
        raise VisionError(f"train {args.what} needs --data and --run")
    is_loc = args.what == "localizer"
    cfg = train_config(
        args,
        task=args.what,
        data=args.data,
        run_dir=args.run,
        imgsz=args.imgsz or (320 if is_loc else 64),
        batch=args.batch or (16 if is_loc else 64),
    )
    if args.fresh and args.run.exists():
        shutil.rmtree(args.run)
    best = train(cfg, resume=not args.fresh)
    print(f"best weights: {best}")
    if args.export is not None:
        export_onnx(best, args.export, cfg.imgsz, batch=-1)
        print(f"wrote {args.export}")
    return 0

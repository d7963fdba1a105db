"""`riichi-table train recipe`: the whole localizer recipe in one step, for a machine that starts bare.

From the real photos and the tile art it makes the training set (docs/vision.md "What a GPU run should do
next"), trains, exports and leaves `results.csv` beside the ONNX:

1. the hk-real photos split by source photo (`datasets.hk_real`), localizer labels (one class);
2. close-ups cut from the TRAINING photos only (`datasets.closeups`, a tile 12-50 % of the width);
3. synthetic scenes (`datasets.scenes`, seed 7, the default mix) and synthetic close-ups of one hand
   (seed 11, `CLOSEUP` mode), rendered in parallel;
4. a localizer (`--scale n`: YOLOv8n's width) at `--imgsz` with zoom augmentation `--zoom`, for `--minutes`
   (or `--epochs`), validated on the real validation photos only;
5. ONNX export (dynamic batch and size) to `--export`, and `results.csv` copied beside it.

    riichi-table train recipe --hk HK --art ART --out WORK --scale n --imgsz 640 --device 0 \
        --minutes 6 --export OUT/localizer.onnx
"""

from __future__ import annotations

import argparse
import shutil
import time
from pathlib import Path


def add_recipe_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--scenes", type=int, default=3000, help="recipe: synthetic scenes (default mix)")
    parser.add_argument("--closeup-scenes", type=int, default=1500, help="recipe: synthetic hand close-ups")
    parser.add_argument(
        "--closeups", type=int, default=2, help="recipe: close-up crops per real training image"
    )
    parser.add_argument("--render-workers", type=int, default=4, help="recipe: render processes")
    parser.add_argument(
        "--minutes", type=float, default=None, help="recipe/localizer: train for this long (not --epochs)"
    )


def _log(start: float, text: str) -> None:
    print(f"[{time.perf_counter() - start:7.1f} s] {text}", flush=True)


def _render(out: Path, count: int, seed: int, art: Path, workers: int, mode: str | None) -> int:
    from riichi_table.datasets.scenes import write_dataset

    return sum(n for _, n in write_dataset(out, count, seed, art, 640, workers=workers, mode=mode))


def run_recipe(args: argparse.Namespace) -> int:
    from riichi_table.commands.train_settings import train_config
    from riichi_table.datasets.closeups import write_closeups
    from riichi_table.datasets.errors import DatasetError
    from riichi_table.datasets.hk_real import load_split, write_yolo_split
    from riichi_table.datasets.scenes import CLOSEUP
    from riichi_table.vision.export import export_onnx
    from riichi_table.vision.train import train

    if args.hk is None or args.art is None or args.out is None or args.export is None:
        raise DatasetError("train recipe needs --hk, --art, --out and --export")
    if not Path(args.art).is_dir():
        raise DatasetError(f"tile art folder {args.art} not found")
    for name in ("scenes", "closeup_scenes", "closeups"):
        if getattr(args, name) < 0:
            raise DatasetError(f"--{name.replace('_', '-')} must be >= 0, got {getattr(args, name)}")
    start = time.perf_counter()
    work: Path = args.out
    data = work / "data"
    imgsz = args.imgsz or 640
    split = load_split(args.hk, args.val_fraction)
    write_yolo_split(split.train, data / "hk", "train")
    write_yolo_split(split.val, data / "hk", "val")
    train_dirs = [data / "hk" / "images" / "train"]
    _log(start, f"real photos: {len(split.train)} train, {len(split.val)} validation")
    if args.closeups:
        made, tiles = write_closeups(split, data / "close", args.closeups, seed=3, out_size=max(640, imgsz))
        train_dirs.append(data / "close" / "images" / "train")
        _log(start, f"close-ups of the training photos: {made} images, {tiles} tiles")
    for folder, count, seed, mode in (
        ("synth", args.scenes, 7, None),
        ("synclose", args.closeup_scenes, 11, CLOSEUP),
    ):
        if count:
            tiles = _render(data / folder, count, seed, args.art, args.render_workers, mode)
            train_dirs.append(data / folder / "images" / "train")
            _log(start, f"synthetic {folder}: {count} scenes, {tiles} tiles")
    yaml = data / "localizer.yaml"
    listed = ", ".join(str(d.resolve()) for d in train_dirs)
    val = (data / "hk" / "images" / "val").resolve()
    yaml.write_text(f"train: [{listed}]\nval: [{val}]\nnames:\n  0: tile\n")
    cfg = train_config(
        args, task="localizer", data=yaml, run_dir=work / "run", imgsz=imgsz, batch=args.batch or 64
    )
    _log(start, f"training: scale {args.scale}, {imgsz} px, zoom {args.zoom}, device {args.device}")
    best = train(cfg, resume=not args.fresh)
    export: Path = args.export
    export_onnx(best, export, imgsz, batch=-1)
    results = cfg.run_dir / "results.csv"
    if results.is_file():
        shutil.copy(results, export.parent / "results.csv")
    _log(start, f"wrote {export} (from {best.name}) and results.csv beside it")
    return 0

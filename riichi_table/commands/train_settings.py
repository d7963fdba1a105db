"""The one mapping of `riichi-table train` options onto `TrainConfig`, shared by `train localizer`,
`train classifier` and `train recipe`."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from riichi_table.vision.train import Task, TrainConfig


def train_config(
    args: argparse.Namespace, *, task: Task, data: Path, run_dir: Path, imgsz: int, batch: int
) -> TrainConfig:
    """The training settings the command line chose; the one mapping of options onto `TrainConfig` that
    `train localizer/classifier` and `train recipe` share."""
    from riichi_table.vision.train import TrainConfig

    return TrainConfig(
        task=task,
        data=data,
        run_dir=run_dir,
        epochs=args.epochs,
        imgsz=imgsz,
        batch=batch,
        scale=args.scale,
        workers=args.workers,
        device=args.device,
        threads=args.threads,
        weights=args.weights,
        lr0=args.lr0,
        zoom=args.zoom,
        warmup=args.warmup,
        hours=args.minutes / 60 if args.minutes else None,
        mosaic_off=args.mosaic_off,
        save_period=args.save_period,
    )

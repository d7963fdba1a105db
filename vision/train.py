"""Training entry points for the two tile models (ultralytics; imported lazily, never at run time).

Recipes (the figures behind them are in docs/vision.md):
- localizer: `vision/cfg/localizer.yaml` (YOLOv8 layout, one class), 320 px input, single-class labels, mosaic
  on, AdamW; trains on real photos (every augmented copy: flips do not matter for finding tiles) and
  synthetic scenes.
- classifier: `vision/cfg/classifier.yaml` (YOLOv8-cls layout, 38 classes), 64 px upright crops, no flips
  (a mirrored character is another picture), AdamW lr 0.003 with a cosine schedule.
- fine-tuning rounds (`weights=` a previous run's best.pt, lower lr0): the shipped classifier also saw every
  real crop turned half a turn (a real view; a mirror is not) and crops of the localizer's own boxes
  (`datasets.tile_crops.localised_crops`); the shipped localizer had 5 more epochs at 384 px. See
  models/MODEL_CARD.md for the exact sequence.

Both run on a CPU (device="cpu") and resume from `<run>/weights/last.pt` after an interruption.
"""

from __future__ import annotations

import contextlib
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from riichi_table.vision.errors import VisionError

CFG_DIR = Path(__file__).resolve().parent / "cfg"
Task = Literal["localizer", "classifier"]


@dataclass(frozen=True)
class TrainConfig:
    """One training run. `data`: data.yaml (localizer) or a folder with train/ and val/ (classifier)."""

    task: Task
    data: Path
    run_dir: Path  # the run's folder: weights/last.pt, weights/best.pt, results.csv
    epochs: int = 30
    imgsz: int = 320
    batch: int = 16
    scale: str = "t"  # model width: t (YOLOv8n at half width) or n
    workers: int = 2
    device: str = "cpu"
    threads: int = 0  # torch CPU threads (0: torch's choice)
    lr0: float = 0.003
    weights: Path | None = None  # start from these weights (fine-tuning) instead of from scratch
    zoom: float = 0.5  # localizer: random scale augmentation +-zoom (ultralytics `scale`; 0.9 for close-ups)


def _model_source(cfg: TrainConfig) -> str:
    if cfg.weights is not None:
        if not cfg.weights.is_file():
            raise VisionError(f"starting weights {cfg.weights} not found")
        return str(cfg.weights)
    if cfg.scale not in ("t", "n"):
        raise VisionError(f"model scale {cfg.scale!r}: expected 't' or 'n'")
    name = "localizer" if cfg.task == "localizer" else "classifier"
    # A copy of the model yaml with the chosen scale written in (ultralytics reads a top-level `scale`).
    scaled = cfg.run_dir.parent / f"{name}-{cfg.scale}.yaml"
    scaled.parent.mkdir(parents=True, exist_ok=True)
    scaled.write_text((CFG_DIR / f"{name}.yaml").read_text() + f"\nscale: {cfg.scale}\n")
    return str(scaled)


def train(cfg: TrainConfig, resume: bool = True) -> Path:
    """Train (or resume) one model; returns the path of its best weights (.pt)."""
    os.environ.setdefault("YOLO_OFFLINE", "1")  # never try to download fonts, weights or updates
    try:
        import torch
        from ultralytics import YOLO
    except ImportError as exc:
        raise VisionError("training needs the [train] extra: pip install 'riichi-table[train]'") from exc
    if cfg.threads:
        torch.set_num_threads(cfg.threads)
    last = cfg.run_dir / "weights" / "last.pt"
    if resume and last.is_file():
        # ultralytics refuses to resume a run that already finished: then there is nothing left to do.
        with contextlib.suppress(AssertionError):
            YOLO(str(last)).train(resume=True)
        return _best(cfg.run_dir)
    if not cfg.data.exists():
        raise VisionError(f"training data {cfg.data} not found")
    task = "detect" if cfg.task == "localizer" else "classify"
    model = YOLO(_model_source(cfg), task=task)
    common = dict(
        data=str(cfg.data),
        imgsz=cfg.imgsz,
        epochs=cfg.epochs,
        batch=cfg.batch,
        workers=cfg.workers,
        device=cfg.device,
        project=str(cfg.run_dir.parent.resolve()),
        name=cfg.run_dir.name,
        exist_ok=True,
        plots=False,
        amp=False,
        optimizer="AdamW",
        lr0=cfg.lr0,
        cos_lr=True,
        warmup_epochs=1,
        patience=1000,
        seed=0,
        deterministic=False,
        verbose=False,
    )
    if cfg.task == "localizer":
        if not 0.0 <= cfg.zoom < 1.0:
            raise VisionError(
                f"zoom augmentation must be in 0..1 (a share of the image size), got {cfg.zoom}"
            )
        model.train(
            **common, single_cls=True, close_mosaic=max(1, cfg.epochs // 6), cache="ram", scale=cfg.zoom
        )
    else:
        model.train(**common, fliplr=0.0, flipud=0.0, scale=0.15, erasing=0.1, auto_augment=None)
    return _best(cfg.run_dir)


def _best(run_dir: Path) -> Path:
    for name in ("best.pt", "last.pt"):
        path = run_dir / "weights" / name
        if path.is_file():
            return path
    raise VisionError(f"run {run_dir} has no weights (weights/best.pt or last.pt)")

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

A localizer can also start from an exported `models/localizer.onnx` (`weights=` the .onnx): its folded
weights are unfolded into a trainable checkpoint first (`vision.onnx_weights`).

Both run on a CPU (device="cpu") and resume from `<run>/weights/last.pt` after an interruption.
"""

from __future__ import annotations

import contextlib
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from riichi_table.vision.errors import VisionError

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
    # epochs of warm-up (lr from 0, bias lr from 0.1); 0 for fine-tuning trained weights, whose head the
    # warm-up's large bias steps would undo
    warmup: float = 1.0
    hours: float | None = None  # train for this long instead of `epochs` (ultralytics re-plans the epochs)
    # localizer: epochs at the end with mosaic off; None: the last sixth (2 for a timed run). 0 keeps mosaic
    # on to the end (a short fine-tune whose mosaic-off epoch lost accuracy: models/MODEL_CARD.md)
    mosaic_off: int | None = None
    # keep the weights of every this many epochs (weights/epochN.pt) beside best.pt and last.pt, so that
    # the reader's own benchmark can choose among them (ultralytics' validation figure picks no epoch for
    # the reader: docs/vision.md "What a GPU run should do next"); 0 keeps none
    save_period: int = 0


def _train_images(data: Path, count: int = 48) -> list[Path]:
    """Up to `count` images spread over the first training folder a localizer's data.yaml names."""
    import yaml

    spec = yaml.safe_load(data.read_text())
    train = spec.get("train") if isinstance(spec, dict) else None
    first = train[0] if isinstance(train, list) else train
    if not first:
        raise VisionError(f"{data} names no training images ('train:')")
    folder = Path(first)
    if not folder.is_absolute():
        folder = Path(spec.get("path") or data.parent) / folder
    images = sorted(p for p in folder.iterdir() if p.suffix.lower() in (".jpg", ".jpeg", ".png"))
    if not images:
        raise VisionError(f"{folder} holds no images")
    return images[:: max(1, len(images) // count)][:count]


def _model_source(cfg: TrainConfig) -> str:
    if cfg.weights is not None:
        if not cfg.weights.is_file():
            raise VisionError(f"starting weights {cfg.weights} not found")
        if cfg.weights.suffix == ".onnx":
            if cfg.task != "localizer":
                raise VisionError("only a localizer can start from an exported .onnx")
            from riichi_table.vision.onnx_weights import checkpoint_from_onnx

            out = cfg.run_dir.parent / f"{cfg.run_dir.name}-start.pt"
            return str(checkpoint_from_onnx(cfg.weights, out, _train_images(cfg.data), cfg.imgsz, cfg.scale))
        return str(cfg.weights)
    from riichi_table.vision.model_yaml import scaled_model_yaml

    name = "localizer" if cfg.task == "localizer" else "classifier"
    return str(scaled_model_yaml(name, cfg.scale, cfg.run_dir.parent))


def train(cfg: TrainConfig, resume: bool = True) -> Path:
    """Train (or resume) one model; returns the path of its best weights (.pt)."""
    if cfg.mosaic_off is not None and cfg.mosaic_off < 0:
        raise VisionError(f"mosaic-off epochs must be 0 or more, got {cfg.mosaic_off}")
    if cfg.save_period < 0:
        raise VisionError(f"save-period must be 0 (keep no epoch's weights) or more, got {cfg.save_period}")
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
        amp=False,  # ultralytics' AMP check downloads weights first: a machine offline can hang or fail
        optimizer="AdamW",
        lr0=cfg.lr0,
        cos_lr=True,
        warmup_epochs=cfg.warmup,
        patience=1000,
        seed=0,
        deterministic=False,
        verbose=False,
        save_period=cfg.save_period or -1,
    )
    if cfg.hours is not None:
        if cfg.hours <= 0:
            raise VisionError(f"training time must be positive, got {cfg.hours} hours")
        common["time"] = cfg.hours
    if cfg.task == "localizer":
        if not 0.0 <= cfg.zoom < 1.0:
            raise VisionError(
                f"zoom augmentation must be in 0..1 (a share of the image size), got {cfg.zoom}"
            )
        # mosaic off for the last sixth (a timed run's epoch count is only known after its first epoch)
        close_mosaic = 2 if cfg.hours is not None else max(1, cfg.epochs // 6)
        if cfg.mosaic_off is not None:
            close_mosaic = cfg.mosaic_off
        model.train(**common, single_cls=True, close_mosaic=close_mosaic, cache="ram", scale=cfg.zoom)
    else:
        model.train(**common, fliplr=0.0, flipud=0.0, scale=0.15, erasing=0.1, auto_augment=None)
    return _best(cfg.run_dir)


def _best(run_dir: Path) -> Path:
    for name in ("best.pt", "last.pt"):
        path = run_dir / "weights" / name
        if path.is_file():
            return path
    raise VisionError(f"run {run_dir} has no weights (weights/best.pt or last.pt)")

"""Fine-tune the tile classifier on a club's own tiles (ultralytics, imported lazily).

The localizer is left alone (finding a tile does not depend much on its face); only the small classifier is
trained further, from its shipped weights, on crops of the club's tiles plus synthetic crops of every class
(so classes missing from the club's photos are not forgotten). A few epochs on a CPU take minutes.
"""

from __future__ import annotations

import os
from pathlib import Path

import numpy as np
from riichi_table.vision.errors import VisionError


def fine_tune_classifier(
    base_weights: Path, crops_dir: Path, run_dir: Path, epochs: int = 10, imgsz: int = 64, batch: int = 32
) -> Path:
    """Train `base_weights` further on `crops_dir` (train/ and val/ class folders); returns best weights."""
    os.environ.setdefault("YOLO_OFFLINE", "1")
    if not base_weights.is_file():
        raise VisionError(
            f"classifier weights {base_weights} not found (enrolling fine-tunes models/classifier.pt)"
        )
    try:
        from ultralytics import YOLO
    except ImportError as exc:
        raise VisionError("enrolling needs the [train] extra: pip install 'riichi-table[train]'") from exc
    model = YOLO(str(base_weights), task="classify")
    model.train(
        data=str(crops_dir),
        imgsz=imgsz,
        epochs=epochs,
        batch=batch,
        workers=1,
        device="cpu",
        project=str(run_dir.parent.resolve()),
        name=run_dir.name,
        exist_ok=True,
        plots=False,
        amp=False,
        optimizer="AdamW",
        lr0=0.002,
        cos_lr=True,
        warmup_epochs=0,
        fliplr=0.0,
        flipud=0.0,
        scale=0.15,
        erasing=0.1,
        auto_augment=None,
        seed=0,
        deterministic=False,
        verbose=False,
        val=True,
    )
    best = run_dir / "weights" / "best.pt"
    if not best.is_file():
        raise VisionError(f"enroll run {run_dir} wrote no weights")
    return best


def crop_accuracy(classifier_onnx: Path, samples: list[tuple[np.ndarray, np.ndarray, np.ndarray]]) -> float:
    """Share of labelled tiles the classifier names right, given their true boxes.

    `samples`: (BGR image, class ids (N,), boxes xyxy in pixels (N, 4)) per photo.
    """
    from riichi_table.vision.classify import Classifier

    classifier = Classifier(classifier_onnx)
    right = total = 0
    for image, class_id, boxes in samples:
        if not len(class_id):
            continue
        predicted, _ = classifier(image, boxes)
        right += int((predicted == class_id).sum())
        total += len(class_id)
    if not total:
        raise VisionError("no labelled tiles to measure accuracy on")
    return right / total

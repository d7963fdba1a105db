"""Export trained weights to ONNX for the reader (ultralytics exporter, imported lazily)."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

from vision.errors import VisionError


def export_onnx(weights: Path, out_path: Path, imgsz: int, batch: int = 1) -> Path:
    """Write `out_path` (.onnx) from ultralytics weights at a fixed input size (and batch; -1: dynamic batch).

    The exporter stores the class names and input size in the file's metadata, which the reader reads.
    """
    os.environ.setdefault("YOLO_OFFLINE", "1")
    if not weights.is_file():
        raise VisionError(f"weights {weights} not found")
    from ultralytics import YOLO

    model = YOLO(str(weights))
    dynamic = batch < 0
    made = model.export(
        format="onnx",
        imgsz=imgsz,
        simplify=False,
        dynamic=dynamic,
        batch=max(batch, 1),
        opset=17,
        device="cpu",
    )
    out_path.parent.mkdir(parents=True, exist_ok=True)
    shutil.move(str(made), out_path)
    return out_path

"""Export trained weights to ONNX for the reader (ultralytics exporter, imported lazily)."""

from __future__ import annotations

import os
import re
import shutil
from pathlib import Path

from riichi_table.vision.errors import VisionError


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
    scrub_onnx_paths(out_path)
    return out_path


def _strip_folders(text: str) -> str:
    """Keep only the last component of every absolute path in `text` (the machine's folders say nothing
    about the model and must not ship with it)."""
    return _ABSOLUTE_PATH.sub(lambda m: Path(m.group(0)).name, text)


_ABSOLUTE_PATH = re.compile(r"(?<![\w.:/])/(?:[\w.-]+/)+[\w.-]*")


def scrub_onnx_paths(path: Path) -> Path:
    """Rewrite an ONNX file's metadata so that no value names a folder of the machine it was trained on."""
    import onnx

    model = onnx.load(str(path))
    changed = False
    for prop in model.metadata_props:
        clean = _strip_folders(prop.value)
        if clean != prop.value:
            prop.value, changed = clean, True
    if changed:
        onnx.save(model, str(path))
    return path


def scrub_checkpoint_paths(path: Path) -> Path:
    """Rewrite an ultralytics checkpoint (.pt) so that its training arguments name no machine folders.

    The weights are untouched; `train_args` keep their values with folders stripped, the `git` record goes.
    """
    import torch

    ckpt = torch.load(str(path), map_location="cpu", weights_only=False)
    args = ckpt.get("train_args") or {}
    for key, value in list(args.items()):
        if isinstance(value, str):
            args[key] = _strip_folders(value)
    ckpt.pop("git", None)
    for key in ("model", "ema"):
        model = ckpt.get(key)
        if model is not None and isinstance(getattr(model, "pt_path", None), str):
            model.pt_path = Path(model.pt_path).name
        if model is not None and isinstance(getattr(model, "yaml_file", None), str):
            model.yaml_file = Path(model.yaml_file).name
        if model is not None and isinstance(getattr(model, "yaml", None), dict):
            model.yaml = {k: _strip_folders(v) if isinstance(v, str) else v for k, v in model.yaml.items()}
        if model is not None and isinstance(getattr(model, "args", None), dict):
            model.args = {k: _strip_folders(v) if isinstance(v, str) else v for k, v in model.args.items()}
    torch.save(ckpt, str(path))
    return path

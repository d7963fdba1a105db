"""Opening ONNX models with onnxruntime on the CPU, and the metadata ultralytics writes into them."""

from __future__ import annotations

import ast
from pathlib import Path
from typing import Any

from riichi_table.vision.errors import VisionError


class ModelMissingError(VisionError):
    """A model file the reader needs is not there or cannot be loaded."""


def open_session(path: Path, threads: int = 0) -> Any:
    """An onnxruntime InferenceSession for `path` (threads=0: onnxruntime's choice)."""
    if not path.is_file():
        raise ModelMissingError(
            f"model {path} not found: train one with `riichi-table train` or pass --models DIR with "
            "localizer.onnx and classifier.onnx"
        )
    import onnxruntime as ort

    opts = ort.SessionOptions()
    if threads:
        opts.intra_op_num_threads = threads
        opts.inter_op_num_threads = 1
    opts.graph_optimization_level = ort.GraphOptimizationLevel.ORT_ENABLE_ALL
    # No busy-waiting between runs: the reader runs two or three sessions in turn, and on two cores the
    # threads of one spinning after its run took the CPU from the next (bench/vision.py, docs/vision.md).
    opts.add_session_config_entry("session.intra_op.allow_spinning", "0")
    try:
        return ort.InferenceSession(str(path), opts, providers=["CPUExecutionProvider"])
    except Exception as exc:  # onnxruntime raises its own untyped errors for corrupt files
        raise ModelMissingError(f"model {path} could not be loaded: {exc}") from exc


def metadata(session: Any) -> dict[str, Any]:
    """The model's custom metadata, values parsed (ultralytics stores `names` and `imgsz` as text)."""
    raw = session.get_modelmeta().custom_metadata_map
    out: dict[str, Any] = {}
    for key, value in raw.items():
        try:
            out[key] = ast.literal_eval(value)
        except (ValueError, SyntaxError):
            out[key] = value
    return out

"""Tile embeddings for tile-set profiles: a network with a probabilities output and a unit `embedding`.

`models/embedder.onnx` is a network of its own, metric-learned on both tile-art styles and the real photos
with their inks recoloured in training (`vision/embedder_train.py`, trained on a GPU; figures in
docs/vision.md "The metric-learned embedder"): input Nx3x64x64 RGB 0..1, an upright crop; outputs the
38-class probabilities first (so `vision.classify.Classifier` can read the file too) and `embedding`. Its
metadata `classifier_sha256` is a digest of its weights, so a profile made with one embedder is never used
with another. `export_embedder` cuts an embedder from any crop classifier instead (its pooled features,
the ultralytics Classify head: conv, global average pool, linear) with the `onnx` package: that one keeps
the classifier's answers and learned the inks of its training sets (the tests use it as a base that never
saw a recoloured set). Running either needs onnxruntime only.

An embedding here is the L2-normalised mean of the features of a crop and of the crop turned half a turn:
a tile reads the same upside down, so prototypes need only upright crops (sideways tiles are turned upright
by `vision.crops.cut_crop` before they are read).
"""

from __future__ import annotations

import hashlib
from pathlib import Path

import numpy as np
from numpy.typing import NDArray
from riichi_table.vision.crops import BOX_MARGIN, cut_crops
from riichi_table.vision.errors import VisionError
from riichi_table.vision.onnx_session import metadata, open_session

EMBEDDER_FILE = "embedder.onnx"
# Beside the embedder: the crop classifier's own features (`export_embedder`), which tell sets apart by their
# colours as well as their drawing; `Embedder.set_check` uses them to notice a photo of another set.
SET_CHECK_FILE = "set_check.onnx"
EMBEDDING_OUTPUT = "embedding"
_POOLED_SUFFIX = "Flatten_output_0"  # the ultralytics Classify head: pool -> flatten -> linear


def file_digest(path: Path) -> str:
    """sha256 hex digest of a file (identifies the classifier an embedder was cut from)."""
    return hashlib.sha256(Path(path).read_bytes()).hexdigest()


def export_embedder(classifier_onnx: Path, out: Path) -> Path:
    """Write `out`: the classifier with its pooled features as a second output `embedding` (needs `onnx`)."""
    try:
        import onnx
    except ImportError as exc:
        raise VisionError("exporting the embedder needs the [train] extra (the onnx package)") from exc
    if not classifier_onnx.is_file():
        raise VisionError(f"classifier {classifier_onnx} not found (the embedder is cut from it)")
    model = onnx.load(str(classifier_onnx))
    pooled = [o for n in model.graph.node for o in n.output if o.endswith(_POOLED_SUFFIX)]
    if len(pooled) != 1:
        raise VisionError(
            f"{classifier_onnx}: expected one pooled-feature tensor (*{_POOLED_SUFFIX}), found {len(pooled)}"
        )
    model.graph.node.append(onnx.helper.make_node("Identity", [pooled[0]], [EMBEDDING_OUTPUT]))
    model.graph.output.append(
        onnx.helper.make_tensor_value_info(EMBEDDING_OUTPUT, onnx.TensorProto.FLOAT, ["batch", None])
    )
    entry = model.metadata_props.add()
    entry.key, entry.value = "classifier_sha256", file_digest(classifier_onnx)
    onnx.checker.check_model(model)
    out.parent.mkdir(parents=True, exist_ok=True)
    onnx.save(model, str(out))
    return out


def normalise(vectors: NDArray[np.float32]) -> NDArray[np.float32]:
    """Rows scaled to unit length (a zero row stays zero)."""
    norm = np.linalg.norm(vectors, axis=1, keepdims=True)
    return (vectors / np.maximum(norm, 1e-12)).astype(np.float32)


class Embedder:
    """Base-classifier probabilities and tile embeddings for upright crops, in one onnxruntime pass."""

    def __init__(self, path: Path, threads: int = 0, margin: float = BOX_MARGIN) -> None:
        self.path = Path(path)
        self.session = open_session(self.path, threads)
        names = [o.name for o in self.session.get_outputs()]
        if EMBEDDING_OUTPUT not in names:
            raise VisionError(f"{path} has no '{EMBEDDING_OUTPUT}' output: not an embedder (export_embedder)")
        meta = metadata(self.session)
        self.classifier_sha256 = str(meta.get("classifier_sha256", ""))
        imgsz = meta.get("imgsz", [64, 64])
        self.size = int(imgsz[0] if isinstance(imgsz, (list, tuple)) else imgsz)
        table = meta.get("names", {})
        self.class_of_output = np.array([int(table[i]) for i in sorted(table)], np.int64)
        self.margin = margin
        self._input = self.session.get_inputs()[0].name
        self._outputs = [names[0], EMBEDDING_OUTPUT]
        self.dim = int(self.run(np.zeros((1, self.size, self.size, 3), np.uint8))[1].shape[1])
        self._threads = threads
        self._set_check: Embedder | bool | None = None  # None: not looked for yet; False: none there

    def set_check(self) -> Embedder | None:
        """The embedder whose features tell one tile set from another, for `vision.profiles`' check of a
        photo of another set; None where this one's own embedding does.

        An embedder trained to ignore a set's inks (the shipped one) cannot see that a photo shows another set
        of the same drawing: where `SET_CHECK_FILE` lies beside it, that file is used (the check was measured
        on its features). Opened once, on first use.
        """
        if self._set_check is None:
            check = self.path.parent / SET_CHECK_FILE
            found = check.is_file() and check.resolve() != self.path.resolve()
            self._set_check = Embedder(check, self._threads, self.margin) if found else False
        return self._set_check or None

    def run(self, crops: NDArray[np.uint8]) -> tuple[NDArray[np.float32], NDArray[np.float32]]:
        """(probabilities (N, 38) in class-id order, embeddings (N, D) unit length) of (N, S, S, 3) BGR crops.

        Both average the crop and its half turn (the reader's half-turn classification average).
        """
        if not len(crops):
            return np.zeros((0, 38), np.float32), np.zeros((0, self.dim), np.float32)
        blob = np.ascontiguousarray(crops[:, :, :, ::-1].transpose(0, 3, 1, 2), dtype=np.float32) / 255.0
        both = np.concatenate([blob, np.ascontiguousarray(blob[:, :, ::-1, ::-1])])
        probs, feats = (
            np.asarray(a, np.float32) for a in self.session.run(self._outputs, {self._input: both})
        )
        n = len(crops)
        out = np.zeros((n, 38), np.float32)
        out[:, self.class_of_output] = (probs[:n] + probs[n:]) / 2
        return out, normalise(feats[:n] + feats[n:])

    def run_boxes(
        self, frame: NDArray[np.uint8], boxes_xyxy: NDArray[np.float32]
    ) -> tuple[NDArray[np.float32], NDArray[np.float32]]:
        """`run` on the crops of xyxy boxes (pixels) of a BGR frame, cut as the reader cuts them."""
        return self.run(cut_crops(frame, boxes_xyxy, self.size, self.margin))

"""The crop classifier: names each localised tile (38 classes) from a small crop, run by onnxruntime.

A crop is cut from the frame around the box with a small margin, turned upright (a box wider than tall is
rotated a quarter turn) and stretched to the model's square input: tiles are read the same way in training
(`vision.crops`). Upside-down tiles are in the training data; `flip_tta` also reads the crop turned half a
turn and averages the two. Left unset it is what the model file says: metadata `half_turn_average` (written
by `vision/embedder_train.py`: its networks read a half-turned tile nearly as well as an upright one, so a
second pass for every crop buys under a point for twice the time) and `half_turn_below` (a second look only
at the crops named with less than that probability, which buys most of that point at ~8 % more time);
on where the file says nothing (the ultralytics classifier, +3 points on real photos).
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
from riichi_table.vision.crops import BOX_MARGIN, cut_crops
from riichi_table.vision.errors import VisionError
from riichi_table.vision.onnx_session import metadata, open_session


class Classifier:
    """Name tiles from crops with a classification model exported to ONNX (ultralytics classify).

    `margin` is the crop margin used when naming boxes (`__call__`, default `BOX_MARGIN`, measured on the
    localizer's boxes); training crops are cut from true boxes with `vision.crops.CROP_MARGIN`.
    """

    def __init__(
        self,
        path: Path,
        threads: int = 0,
        flip_tta: bool | None = None,
        margin: float = BOX_MARGIN,
        second: Classifier | None = None,
        second_below: float = 0.0,
        second_weight: float = 1.0,
        second_for: tuple[int, ...] = (),
    ) -> None:
        self.session = open_session(path, threads)
        meta = metadata(self.session)
        shape = self.session.get_inputs()[0].shape
        imgsz = meta.get("imgsz", [shape[2], shape[3]])
        self.size = int(imgsz[0] if isinstance(imgsz, (list, tuple)) else imgsz)
        names = meta.get("names", {})
        # Folder names of the training set are zero-padded class ids ("00".."37").
        self.class_of_output = np.array([int(names[i]) for i in sorted(names)], np.int64)
        self.flip_tta = flip_tta if flip_tta is not None else meta.get("half_turn_average", True) is not False
        # with no half-turn average asked for: a second look, turned half a turn, at crops named below this
        self.unsure_below = float(meta.get("half_turn_below", 0.0)) if flip_tta is None else 0.0
        if not -0.2 <= margin <= 0.5:
            raise VisionError(f"crop margin must be in -0.2..0.5 (a fraction of the box), got {margin}")
        self.margin = margin
        self._input = self.session.get_inputs()[0].name
        # the first output is the probabilities (an embedder file has its embedding as a second output)
        self._output = self.session.get_outputs()[0].name
        self._batch = shape[0] if isinstance(shape[0], int) else None
        # A second opinion: the crops this model names below `second_below`, or names as one of the classes
        # `second_for` however surely, are read by `second` too and named by the weighted mean of the two
        # (the second's weight `second_weight`; 1: the second's alone).
        if second is not None and second.size != self.size:
            raise VisionError(f"paired classifiers read different crop sizes: {self.size}, {second.size} px")
        if not 0.0 <= second_weight <= 1.0:
            raise VisionError(f"a second opinion's weight must be in 0..1, got {second_weight}")
        self.second, self.second_below, self.second_weight = second, second_below, second_weight
        self.second_for = np.array(second_for, np.int64)
        self.reads = 0  # crops named
        self.second_reads = 0  # of those, the crops the second classifier was asked about

    def probabilities(self, crops: np.ndarray) -> np.ndarray:
        """(N, 38) class probabilities for (N, S, S, 3) BGR uint8 crops, columns in class-id order."""
        if not len(crops):
            return np.zeros((0, 38), np.float32)
        blob = np.ascontiguousarray(crops[:, :, :, ::-1].transpose(0, 3, 1, 2), dtype=np.float32) / 255.0
        probs = self._run(blob)
        if self.flip_tta:
            probs = (probs + self._run(np.ascontiguousarray(blob[:, :, ::-1, ::-1]))) / 2
        elif self.unsure_below > 0:
            unsure = np.flatnonzero(probs.max(1) < self.unsure_below)
            if len(unsure):
                turned = np.ascontiguousarray(blob[unsure][:, :, ::-1, ::-1])
                probs[unsure] = (probs[unsure] + self._run(turned)) / 2
        out = np.zeros((len(crops), 38), np.float32)
        out[:, self.class_of_output] = probs
        self.reads += len(crops)
        if self.second is not None:
            asked = (out.max(1) < self.second_below) | np.isin(out.argmax(1), self.second_for)
            unsure = np.flatnonzero(asked)
            if len(unsure):
                other = np.asarray(self.second.probabilities(crops[unsure]), np.float32)
                w = self.second_weight
                out[unsure] = other if w == 1.0 else out[unsure] * (1.0 - w) + other * w
                self.second_reads += len(unsure)
        return out

    def _run(self, blob: np.ndarray) -> np.ndarray:
        if self._batch is None:
            (probs,) = self.session.run([self._output], {self._input: blob})
            return np.asarray(probs, np.float32)
        parts = []
        for i in range(0, len(blob), self._batch):
            chunk = blob[i : i + self._batch]
            pad = self._batch - len(chunk)
            if pad:
                chunk = np.concatenate([chunk, np.zeros((pad, *chunk.shape[1:]), np.float32)])
            (probs,) = self.session.run([self._output], {self._input: chunk})
            parts.append(probs[: self._batch - pad])
        return np.concatenate(parts).astype(np.float32)

    def __call__(self, frame: np.ndarray, boxes_xyxy: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """(class_id (N,), confidence (N,)) for the boxes of a BGR frame."""
        crops = cut_crops(frame, boxes_xyxy, self.size, self.margin)
        probs = self.probabilities(crops)
        if probs.shape[1] != 38:
            raise VisionError(f"classifier output: expected 38 classes, got {probs.shape}")
        cls = probs.argmax(1)
        return cls.astype(np.int64), probs[np.arange(len(cls)), cls]

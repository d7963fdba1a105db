"""Turn an exported localizer (ONNX) back into ultralytics weights to fine-tune (torch; training only).

The shipped `models/localizer.onnx` is the only copy of the localizer's weights: ultralytics exports a model
with each convolution's batch norm folded into it (weight w' = w * g / s, bias b' = b - m * g / s), so the
file holds one weight and one bias per convolution, named as in the torch model (`model.4.cv1.conv.weight`).
`checkpoint_from_onnx` builds the same layout (`vision/cfg/localizer.yaml` at the given width) and unfolds
every convolution into conv + batch norm that compute exactly what the file computes:

    conv weight = w', bn running mean = m, running var = v, bn weight = sqrt(v + eps), bn bias = b' + m

where m, v are the mean and variance of the folded convolution's output over a few real photos. With the
running statistics equal to the data's, batch norm in training mode (batch statistics) does nearly what it
does in eval mode, so the first fine-tuning steps start from the shipped model's behaviour instead of a
re-normalised one. In eval mode the result equals the ONNX model up to float rounding.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from pathlib import Path

import cv2
import numpy as np
from riichi_table.vision.errors import VisionError
from riichi_table.vision.localize import letterbox
from riichi_table.vision.model_yaml import scaled_model_yaml


def _onnx_tensors(path: Path) -> dict[str, np.ndarray]:
    import onnx
    from onnx import numpy_helper

    if not path.is_file():
        raise VisionError(f"localizer {path} not found")
    graph = onnx.load(str(path)).graph
    return {t.name: numpy_helper.to_array(t) for t in graph.initializer}


def _batch(images: Sequence[Path], imgsz: int):  # -> torch.Tensor
    import torch

    arrays = []
    for path in images:
        frame = cv2.imread(str(path))
        if frame is None:
            raise VisionError(f"cannot read calibration image {path}")
        boxed, _, _ = letterbox(frame, imgsz)
        arrays.append(cv2.cvtColor(boxed, cv2.COLOR_BGR2RGB).transpose(2, 0, 1))
    return torch.from_numpy(np.stack(arrays).astype(np.float32) / 255.0)


def checkpoint_from_onnx(
    onnx_path: Path, out_path: Path, images: Sequence[Path], imgsz: int = 320, scale: str = "t"
) -> Path:
    """Write ultralytics weights (`out_path`, .pt) equal to the ONNX localizer; `images` set batch-norm stats.

    Raises VisionError when the file's tensors do not fit the layout at `scale` (another model or width).
    """
    os.environ.setdefault("YOLO_OFFLINE", "1")
    import torch
    from ultralytics import YOLO
    from ultralytics.nn.modules import Conv

    if not images:
        raise VisionError("checkpoint_from_onnx needs a few photos to measure batch-norm statistics")
    tensors = _onnx_tensors(onnx_path)
    yolo = YOLO(str(scaled_model_yaml("localizer", scale, out_path.parent)), task="detect")
    net = yolo.model
    net.eval()
    convs = {name: m for name, m in net.named_modules() if isinstance(m, Conv)}
    stats: dict[str, list[torch.Tensor]] = {}
    with torch.no_grad():
        for name, module in convs.items():
            weight = tensors.get(f"{name}.conv.weight")
            bias = tensors.get(f"{name}.conv.bias")
            if weight is None or bias is None or tuple(weight.shape) != tuple(module.conv.weight.shape):
                raise VisionError(f"{onnx_path}: no folded convolution {name} of the '{scale}' layout")
            module.conv.weight.copy_(torch.from_numpy(np.array(weight)))
            bn = module.bn
            bn.running_mean.zero_()
            bn.running_var.fill_(1.0 - bn.eps)
            bn.weight.fill_(1.0)
            bn.bias.copy_(torch.from_numpy(np.array(bias)))
        loaded = {f"{n}.conv.weight" for n in convs} | {f"{n}.conv.bias" for n in convs}
        state = net.state_dict()
        for key, value in tensors.items():  # the detect head's plain convolutions and the DFL
            if key in loaded:
                continue
            if key not in state or tuple(state[key].shape) != tuple(value.shape):
                raise VisionError(f"{onnx_path}: tensor {key} {value.shape} does not fit the layout")
            state[key].copy_(torch.from_numpy(np.array(value)))
        # Now the network computes what the ONNX file does; measure each conv's output on real photos.
        hooks = [
            m.conv.register_forward_hook(
                lambda _m, _i, out, n=n: stats.setdefault(n, []).append(
                    torch.stack([out.mean((0, 2, 3)), out.var((0, 2, 3), unbiased=False)])
                )
            )
            for n, m in convs.items()
        ]
        for start in range(0, len(images), 8):
            net(_batch(images[start : start + 8], imgsz))
        for hook in hooks:
            hook.remove()
        for name, module in convs.items():
            mean, var = torch.stack(stats[name]).mean(0)
            bn = module.bn
            bn.running_mean.copy_(mean)
            bn.running_var.copy_(var)
            bn.weight.copy_(torch.sqrt(var + bn.eps))
            bn.bias.add_(mean)
    net.names = {0: "tile"}
    yolo.save(str(out_path))
    return out_path

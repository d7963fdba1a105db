"""Train a tile embedder by metric learning on many tile styles (torch; the [train] extra, best on a GPU).

The shipped embedder (`vision.embedder`) is the crop classifier's pooled features: it learned the inks of
the sets it saw, so a new set's prototypes land near the wrong kinds. This trainer makes a network whose
embedding names a tile by its drawing whatever the set's colours and stroke weight, so that a club's few
enrolled crops (`vision.profiles`) are enough:

- data: crops of both tile-art styles rendered as the reader cuts them (`datasets.tile_crops.synth_crops`)
  and crops of the real photos' true boxes with box jitter (`datasets.hk_real`); `leave_out` drops one
  style (`Regular`, `Black` or `hk-real`) to measure how the embedder does on a set it never saw;
- style augmentation, on the device, per crop: the inks recoloured (a random non-negative 3x3 mix of the
  ink darkness, so the ivory face stays ivory and red strokes may come out blue or black), channel orders,
  grey, strokes thinned or thickened (min/max filters), blur, small turns, zoom and shifts, a half turn,
  a band of the crop covered (tiles half hidden by a neighbour or a hand), light, contrast and noise;
- a cosine head with a margin (CosFace: the logit of the true kind lowered by `MARGIN` before the softmax,
  scale `SCALE`): the unit embedding's nearest class weight is the kind, so prototypes compare by cosine;
- the learning rate follows a cosine over the time budget (`minutes`), so a run ends when planned.

`export_onnx` writes what `vision.embedder.Embedder` reads: input Nx3xSxS RGB 0..1, outputs `probs` (N, 38,
softmax of the scaled cosines, class-id order) and `embedding` (N, D, unit length), metadata `imgsz`,
`names` and `classifier_sha256` (here a digest of the weights, so profiles made with it are tied to it).

Its data: `datasets/embedder_crops.py`; the command: `python -m riichi_table.commands.train_embedder
--art ART --hk HK --out FILE.onnx [--leave-out hk-real]` (what `scripts/train_gpu.sh embedder` runs).
"""

from __future__ import annotations

import hashlib
import json
import math
import time
from collections.abc import Sequence
from pathlib import Path

import numpy as np

CLASS_COUNT = 38
SIZE = 64
EMBED_DIM = 128
WIDTHS = (32, 64, 128, 256)
SCALE = 16.0
MARGIN = 0.2


# ---------------------------------------------------------------- model and augmentation (torch)


def require_torch():  # type: ignore[no-untyped-def]
    try:
        import torch
    except ImportError as exc:
        from riichi_table.vision.errors import VisionError

        raise VisionError("training the embedder needs the [train] extra (torch)") from exc
    return torch


def make_model(dim: int = EMBED_DIM, widths: Sequence[int] = WIDTHS):  # type: ignore[no-untyped-def]
    """A small residual network (two blocks per width, each width after the first at half the size):
    64 px in, (probabilities (N, 38), unit embedding (N, dim)) out."""
    torch = require_torch()
    nn = torch.nn
    f = torch.nn.functional

    class Block(nn.Module):
        def __init__(self, cin: int, cout: int, stride: int) -> None:
            super().__init__()
            self.c1 = nn.Conv2d(cin, cout, 3, stride, 1, bias=False)
            self.b1 = nn.BatchNorm2d(cout)
            self.c2 = nn.Conv2d(cout, cout, 3, 1, 1, bias=False)
            self.b2 = nn.BatchNorm2d(cout)
            self.skip = (
                nn.Sequential(nn.Conv2d(cin, cout, 1, stride, bias=False), nn.BatchNorm2d(cout))
                if stride != 1 or cin != cout
                else nn.Identity()
            )

        def forward(self, x):  # type: ignore[no-untyped-def]
            y = f.relu(self.b1(self.c1(x)))
            return f.relu(self.b2(self.c2(y)) + self.skip(x))

    class TileEmbedder(nn.Module):
        def __init__(self) -> None:
            super().__init__()
            w0 = widths[0]
            self.stem = nn.Sequential(nn.Conv2d(3, w0, 3, 2, 1, bias=False), nn.BatchNorm2d(w0), nn.ReLU())
            layers, cin = [], w0
            for i, w in enumerate(widths):
                layers += [Block(cin, w, 1 if i == 0 else 2), Block(w, w, 1)]
                cin = w
            self.body = nn.Sequential(*layers)
            self.project = nn.Linear(cin, dim)
            self.classes = nn.Parameter(torch.randn(CLASS_COUNT, dim) * 0.05)

        def embed(self, x):  # type: ignore[no-untyped-def]
            pooled = self.body(self.stem(x)).mean((2, 3))
            return f.normalize(self.project(pooled), dim=1)

        def cosines(self, emb):  # type: ignore[no-untyped-def]
            return emb @ f.normalize(self.classes, dim=1).t()

        def forward(self, x):  # type: ignore[no-untyped-def]
            emb = self.embed(x)
            return torch.softmax(SCALE * self.cosines(emb), dim=1), emb

    return TileEmbedder()


def augment(x, gen):  # type: ignore[no-untyped-def]
    """Style and view augmentation of a batch (N, 3, S, S) float 0..1 RGB, on its device."""
    torch = require_torch()
    f = torch.nn.functional
    n, dev = x.shape[0], x.device

    def coin(p: float):  # type: ignore[no-untyped-def]
        return (torch.rand(n, 1, 1, 1, device=dev, generator=gen) < p).float()

    # inks recoloured: darkness (1 - x) mixed by a random non-negative matrix near the identity or not
    ink = 1 - x
    mix = torch.rand(n, 3, 3, device=dev, generator=gen) * 1.2
    eye = torch.eye(3, device=dev).expand(n, 3, 3)
    keep = (torch.rand(n, 1, 1, device=dev, generator=gen) < 0.35).float()
    mix = keep * eye + (1 - keep) * mix
    mix = (
        mix
        / mix.sum(2, keepdim=True).clamp(min=0.5)
        * torch.empty(n, 3, 1, device=dev).uniform_(0.7, 1.2, generator=gen)
    )
    x = (1 - torch.einsum("nij,njhw->nihw", mix, ink)).clamp(0, 1)
    # channel order
    perm = torch.rand(n, 3, device=dev, generator=gen).argsort(1)
    x = torch.where(coin(0.3).bool(), torch.gather(x, 1, perm[:, :, None, None].expand_as(x)), x)
    # grey
    luma = (0.299 * x[:, :1] + 0.587 * x[:, 1:2] + 0.114 * x[:, 2:]).expand_as(x)
    g = coin(0.15)
    x = g * luma + (1 - g) * x
    # strokes thinner (ink eroded: max filter of the light face) or thicker (min filter)
    thin, thick = coin(0.2), coin(0.2)
    x = thin * f.max_pool2d(x, 3, 1, 1) + (1 - thin) * x
    x = thick * -f.max_pool2d(-x, 3, 1, 1) + (1 - thick) * x
    # geometry: small turn, zoom, shift, half turn
    angle = (
        torch.empty(n, device=dev).normal_(0, 0.12, generator=gen)
        + math.pi * (torch.rand(n, device=dev, generator=gen) < 0.5).float()
    )
    zoom = torch.empty(n, device=dev).uniform_(0.85, 1.15, generator=gen)
    shift = torch.empty(n, 2, device=dev).uniform_(-0.08, 0.08, generator=gen)
    cos, sin = torch.cos(angle) / zoom, torch.sin(angle) / zoom
    rows2 = torch.stack([cos, -sin, shift[:, 0]], 1), torch.stack([sin, cos, shift[:, 1]], 1)
    theta = torch.stack(rows2, 1)
    grid = f.affine_grid(theta, list(x.shape), align_corners=False)
    edge = x[:, :, :2].mean((2, 3), keepdim=True)
    x = f.grid_sample(x - edge, grid, padding_mode="zeros", align_corners=False) + edge
    # blur
    b = coin(0.3)
    x = b * f.avg_pool2d(x, 3, 1, 1, count_include_pad=False) + (1 - b) * x
    # a band covered (a neighbour or a hand over part of the tile)
    s = x.shape[-1]
    cover = torch.rand(n, device=dev, generator=gen) < 0.25
    depth = (torch.empty(n, device=dev).uniform_(0.1, 0.4, generator=gen) * s).long()
    side = torch.randint(0, 4, (n,), device=dev, generator=gen)
    ar = torch.arange(s, device=dev)
    rows, cols = ar[None, :, None], ar[None, None, :]
    d = depth[:, None, None]
    which = side[:, None, None]
    band = torch.where(which == 0, rows < d, torch.where(which == 1, rows >= s - d,
                       torch.where(which == 2, cols < d, cols >= s - d)))  # fmt: skip
    band = band & cover[:, None, None]
    colour = torch.rand(n, 3, 1, 1, device=dev, generator=gen)
    x = torch.where(band[:, None], colour.expand_as(x), x)
    # light, contrast, noise
    x = (x - 0.5) * torch.empty(n, 1, 1, 1, device=dev).uniform_(0.6, 1.3, generator=gen) + 0.5
    x = x * torch.empty(n, 1, 1, 1, device=dev).uniform_(0.6, 1.25, generator=gen)  # light
    x = x * torch.empty(n, 3, 1, 1, device=dev).uniform_(0.85, 1.15, generator=gen)  # white balance
    x = x + torch.randn(x.shape, device=dev, generator=gen) * torch.empty(n, 1, 1, 1, device=dev).uniform_(
        0, 0.05, generator=gen
    )
    return x.clamp(0, 1)


def _to_tensor(crops: np.ndarray, device):  # type: ignore[no-untyped-def]
    torch = require_torch()
    rgb = np.ascontiguousarray(crops[:, :, :, ::-1].transpose(0, 3, 1, 2))
    return torch.from_numpy(rgb).to(device)


def train(
    data: dict[str, tuple[np.ndarray, np.ndarray]],
    minutes: float,
    device: str,
    batch: int = 512,
    lr: float = 2e-3,
    seed: int = 0,
    start: Path | None = None,
    steps: int = 0,
    widths: Sequence[int] = WIDTHS,
    log=print,  # type: ignore[no-untyped-def]
):  # type: ignore[no-untyped-def]
    """Train for `minutes` or `steps` (if > 0), whichever ends first, the learning rate on a cosine over
    that budget; each batch draws the sources evenly. `start`: weights to go on from (half the rate)."""
    torch = require_torch()
    f = torch.nn.functional
    torch.manual_seed(seed)
    gen = torch.Generator(device=device)
    gen.manual_seed(seed)
    sources = [(_to_tensor(c, device), torch.from_numpy(i).to(device)) for _, (c, i) in sorted(data.items())]
    model = make_model(widths=widths)
    if start is not None:
        model.load_state_dict(torch.load(start, map_location="cpu"))
        lr /= 2
    model = model.to(device).to(memory_format=torch.channels_last)
    opt = torch.optim.AdamW(model.parameters(), lr=lr, weight_decay=0.05)
    cuda = device.startswith("cuda")
    began, step, budget = time.monotonic(), 0, minutes * 60
    per = batch // len(sources)
    while True:
        done = max((time.monotonic() - began) / budget, step / steps if steps > 0 else 0.0)
        if done >= 1:
            break
        for group in opt.param_groups:
            # warm up over the first 3 % of the time, then a cosine down to zero at the end
            group["lr"] = lr * (done / 0.03 if done < 0.03 else 0.5 * (1 + math.cos(math.pi * done)))
        xs, ys = [], []
        for crops, ids in sources:
            pick = torch.randint(0, len(ids), (per,), device=device, generator=gen)
            xs.append(crops[pick])
            ys.append(ids[pick])
        x = augment(torch.cat(xs).float() / 255, gen).contiguous(memory_format=torch.channels_last)
        y = torch.cat(ys)
        with torch.autocast("cuda" if cuda else "cpu", dtype=torch.bfloat16, enabled=cuda):
            emb = model.embed(x)
        cos = model.cosines(emb.float())
        logits = SCALE * (cos - MARGIN * f.one_hot(y, CLASS_COUNT))
        loss = f.cross_entropy(logits, y, label_smoothing=0.05)
        opt.zero_grad(set_to_none=True)
        loss.backward()
        opt.step()
        step += 1
        if step % 200 == 0:
            acc = float((cos.argmax(1) == y).float().mean())
            log(f"step {step} {done * 100:.0f}% loss {float(loss):.3f} train acc {acc:.3f}")
    log(f"trained {step} steps of {batch} in {time.monotonic() - began:.0f} s")
    return model.eval()


def export_onnx(model, out: Path, note: dict[str, object]) -> Path:  # type: ignore[no-untyped-def]
    """Write the embedder file `vision.embedder.Embedder` reads (outputs `probs`, `embedding`)."""
    torch = require_torch()
    import onnx

    model = model.float().cpu().eval()
    out.parent.mkdir(parents=True, exist_ok=True)
    torch.onnx.export(
        model, (torch.zeros(1, 3, SIZE, SIZE),), str(out), input_names=["images"],
        output_names=["probs", "embedding"], opset_version=17, dynamo=False,
        dynamic_axes={"images": {0: "batch"}, "probs": {0: "batch"}, "embedding": {0: "batch"}},
    )  # fmt: skip
    graph = onnx.load(str(out))
    digest = hashlib.sha256(b"".join(t.raw_data for t in graph.graph.initializer)).hexdigest()
    meta = {
        "imgsz": str([SIZE, SIZE]),
        "names": str({i: f"{i:02d}" for i in range(CLASS_COUNT)}),
        "classifier_sha256": digest,
        # read as a classifier (vision.classify) it needs no half-turn average (it trained on half turns),
        # only a second look at the crops it names below 0.99 (docs/vision.md "The metric-learned classifier")
        "half_turn_average": "False",
        "half_turn_below": "0.99",
        "trained": json.dumps(note),
    }
    for key, value in meta.items():
        entry = graph.metadata_props.add()
        entry.key, entry.value = key, value
    onnx.checker.check_model(graph)
    onnx.save(graph, str(out))
    return out

"""Train the tile embedder: `python -m riichi_table.commands.train_embedder --art ART --hk HK --out FILE`.

Builds (or reads from `--data`) the crops of `datasets/embedder_crops.py`, trains `vision/embedder_train.py`
for `--minutes` on `--device`, leaving out one source with `--leave-out`, and writes the ONNX file
`vision.embedder.Embedder` reads (and with `--save` the weights, to go on later with `--start`). What
`scripts/train_gpu.sh embedder` runs on a GPU machine; needs the [train] extra.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Sequence
from pathlib import Path

import numpy as np

from riichi_table.datasets.embedder_crops import SOURCES, build_data
from riichi_table.vision.embedder_train import WIDTHS, export_onnx, require_torch, train


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Train the tile embedder (vision/embedder_train.py).")
    parser.add_argument("--art", type=Path, required=True, help="tile-art folder (png/<style>/...)")
    parser.add_argument("--hk", type=Path, help="real labelled photos (images/, labels/)")
    parser.add_argument("--out", type=Path, required=True, help="the .onnx to write")
    parser.add_argument("--leave-out", choices=SOURCES, help="train without this style")
    parser.add_argument("--minutes", type=float, default=5.0)
    parser.add_argument("--per-class", type=int, default=400, help="synthetic crops per class and style")
    parser.add_argument("--copies", type=int, default=3, help="jittered crops per real box")
    parser.add_argument("--workers", type=int, default=4)
    parser.add_argument("--device", default="cuda")
    parser.add_argument("--batch", type=int, default=512)
    parser.add_argument(
        "--widths", default=",".join(map(str, WIDTHS)), help="the network's four widths, comma-separated"
    )
    parser.add_argument("--data", type=Path, help="cache of the crops (.npz): read if there, else written")
    parser.add_argument("--start", type=Path, help="weights (.pt) to go on from")
    parser.add_argument("--save", type=Path, help="also save the weights (.pt) here, to go on later")
    parser.add_argument("--only-data", action="store_true", help="build the --data cache and stop")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    try:
        widths = tuple(int(w) for w in args.widths.split(","))
    except ValueError:
        parser.error(f"--widths: whole numbers separated by commas, got {args.widths!r}")
    if len(widths) != 4 or min(widths) < 1:
        parser.error(f"--widths: four positive widths, got {args.widths!r}")
    t0 = time.monotonic()
    if args.data and args.data.is_file():
        with np.load(args.data) as z:
            data = {k[:-4]: (z[k], z[k[:-4] + "_ids"]) for k in z.files if k.endswith("_img")}
    else:
        data = build_data(args.art, args.hk, args.per_class, args.copies, args.workers, args.seed)
        if args.data:
            np.savez(args.data, **{f"{s}_img": c for s, (c, _) in data.items()},
                     **{f"{s}_ids": i for s, (_, i) in data.items()})  # fmt: skip
    if not args.only_data:
        data = {s: v for s, v in data.items() if s != args.leave_out}
    sizes = ", ".join(f"{s} {len(i)}" for s, (_, i) in data.items())
    print(f"data in {time.monotonic() - t0:.0f} s: {sizes}")
    if args.only_data:
        return 0
    model = train(
        data, args.minutes, args.device, args.batch, seed=args.seed, start=args.start, widths=widths
    )
    if args.save:
        # half precision floats: the weights travel back from a GPU machine in a limited size
        state = model.state_dict()
        half = {k: v.cpu().half() if v.is_floating_point() else v.cpu() for k, v in state.items()}
        require_torch().save(half, args.save)
    note: dict[str, object] = {
        "leave_out": args.leave_out or "", "minutes": args.minutes, "per_class": args.per_class,
        "widths": widths,
        "sources": {s: len(i) for s, (_, i) in data.items()},
    }  # fmt: skip
    export_onnx(model, args.out, note)
    print(f"wrote {args.out} in {time.monotonic() - t0:.0f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

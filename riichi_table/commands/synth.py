"""`riichi-table synth`: render a synthetic YOLO dataset of table scenes, the enroll layout sheet, or
(with `--game`) a whole table video of a game (datasets.synth_game, the live-table generator).

    riichi-table synth --out data/synth --count 2000 --seed 1 [--size 640] [--style both] [--workers 2]
    riichi-table synth --out data/closeups --count 300 --seed 11 --closeup
    riichi-table synth --sheet sheet.pdf
    riichi-table synth --game --out clip/ --seed 3 --hands 2
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

DEFAULT_ART = Path("..") / "shared" / "tile-art" / "fluffystuff-riichi"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--out", type=Path, help="output folder (the dataset, or the game clip with --game)")
    parser.add_argument("--count", type=int, default=100, help="number of scenes to render (default 100)")
    parser.add_argument("--seed", type=int, default=0, help="seed; the same seed renders the same images")
    parser.add_argument("--size", help="image side in px (default 640); with --game WxH (default 1280x720)")
    parser.add_argument(
        "--style", choices=["Regular", "Black", "both"], default="both", help="tile art style"
    )
    parser.add_argument(
        "--art",
        type=Path,
        default=DEFAULT_ART,
        help=f"tile art folder (default {DEFAULT_ART}, from the repo root)",
    )
    parser.add_argument("--workers", type=int, default=1, help="render processes (default 1)")
    parser.add_argument(
        "--sheet", type=Path, help="write the printable enroll layout sheet (.png or .pdf) and stop"
    )
    parser.add_argument(
        "--closeup",
        action="store_true",
        help="close-ups of one player's hand (tiles 8-50 %% of the width) instead of the default mix",
    )
    parser.add_argument("--game", action="store_true", help="render a whole table video of a game instead")
    parser.add_argument("--hands", type=int, help="with --game: number of hands (default: a whole game)")
    from riichi_table.datasets.synth_game import add_arguments as add_game_arguments

    add_game_arguments(parser)


def _scene_size(text: str) -> int:
    from riichi_table.datasets.errors import DatasetError

    try:
        size = int(text)
    except ValueError as exc:
        raise DatasetError(
            f"bad --size {text!r}: scenes are square, give one number of pixels (64..4096)"
        ) from exc
    if not 64 <= size <= 4096:
        raise DatasetError(f"--size {size} is outside 64..4096 pixels")
    return size


def run(args: argparse.Namespace) -> int:
    from riichi_table.datasets.errors import DatasetError

    if args.game:
        from riichi_table.datasets.synth_game import main as game_main

        if args.size is None:
            args.size = "1280x720"
        return game_main(args)
    if args.sheet is not None:
        from riichi_table.vision.layout_sheet import write_sheet

        write_sheet(args.sheet)
        print(f"wrote the enroll layout sheet to {args.sheet}")
        return 0
    if args.out is None:
        raise DatasetError("--out DIR is required (where to write the dataset)")
    size = 640 if args.size is None else _scene_size(args.size)
    if args.workers < 1:
        raise DatasetError(f"--workers must be at least 1, got {args.workers}")
    if not Path(args.art).is_dir():
        raise DatasetError(f"tile art folder {args.art} not found (pass --art PATH to fluffystuff-riichi)")
    from riichi_table.datasets.scenes import CLOSEUP, write_dataset

    styles = ("Regular", "Black") if args.style == "both" else (args.style,)
    start = time.perf_counter()
    boxes = 0
    for done, (_, n) in enumerate(
        write_dataset(
            args.out,
            args.count,
            args.seed,
            args.art,
            size,
            styles,
            args.workers,
            mode=CLOSEUP if args.closeup else None,
        ),
        1,
    ):
        boxes += n
        if done % 100 == 0 or done == args.count:
            print(f"\r{done}/{args.count} images, {boxes} tiles", end="", file=sys.stderr, flush=True)
    print(file=sys.stderr)
    took = time.perf_counter() - start
    print(
        f"wrote {args.count} images ({boxes} labelled tiles) to {args.out} in {took:.1f} s; data.yaml inside"
    )
    return 0

"""Per-kind confusion of the live namer over a game's pond tiles under one Look (e.g. photographed faces).

Run from the repo root:  .venv/bin/python bench/live_faces.py [--seed 104] [--hands 1] [--faces photo]
                                                              [--tilt 40] [--light 0.55] [--hard] [--every 3]
                                                              [--warm 1] [--tint 1] [--falloff 0.4]

The game of `--seed` is played (datasets.game_play) and every `--every`-th table change is drawn as one camera
frame (no arm, datasets.game_render with the Look), calibrated from its markers, rectified and read by a fresh
`vision.live_reader.LiveReader` with the ONNX namer, as the live pipeline reads a frame. Each pond tile read
is paired with the pond tile drawn nearest to it (within 12 mm); the table prints, per true kind, how often it
was named right, read as a back, or named as what. "near" and "far" split the ponds by their distance from the
camera (seat 0 sits nearest).
"""

from __future__ import annotations

import argparse
import collections
import sys
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

MATCH_MM = 12.0


def _use_classifier(onnx: object, which: str) -> None:
    """Name with the pair (as shipped), the first classifier alone (as before) or the metric one alone."""
    from riichi_table.vision.classify import Classifier

    model = onnx.model  # type: ignore[attr-defined]
    if which != "pair" and isinstance(model, Classifier) and model.second is not None:
        if which == "second":
            onnx.model = model.second  # type: ignore[attr-defined]
        else:
            model.second = None


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=104)
    parser.add_argument("--hands", type=int, default=1)
    parser.add_argument("--every", type=int, default=3, help="read every n-th table change")
    parser.add_argument("--felt", default="green")
    parser.add_argument("--back", default=None)
    parser.add_argument("--tilt", type=float, default=None)
    parser.add_argument("--light", type=float, default=1.0)
    parser.add_argument("--hard", action="store_true")
    parser.add_argument("--warm", type=float, default=0.0, help="the light's warmth (Look.warm)")
    parser.add_argument("--tint", type=float, default=0.0, help="the light's green (+) or magenta (-) cast")
    parser.add_argument("--falloff", type=float, default=0.0, help="the light's fall-off across the table")
    parser.add_argument("--faces", choices=("art", "photo"), default="photo")
    parser.add_argument(
        "--classifier",
        choices=("pair", "first", "second"),
        default="pair",
        help="the live namer's classifier pair (vision.live_namer: the first with the metric one's second "
        "opinion), its first alone (as "
        "before the pair) or its second, the metric-learned one, alone",
    )
    parser.add_argument(
        "--art", type=Path, default=ROOT / ".." / "shared" / "tile-art" / "fluffystuff-riichi"
    )
    parser.add_argument("--photos", type=Path, default=ROOT / ".." / "shared" / "datasets" / "hk-real-train")
    args = parser.parse_args()

    from riichi_table.datasets.game_play import play_game
    from riichi_table.datasets.game_render import Look, TableRenderer, pond_slots
    from riichi_table.datasets.photo_faces import load_photo_art
    from riichi_table.datasets.tile_art import load_art
    from riichi_table.engine.tiles import BACK_CLASS, tile_from_class
    from riichi_table.vision.calibrate import from_markers
    from riichi_table.vision.live_reader import LiveReader, TileTemplates

    from riichi_table.assistant.session import DEMO_DIR

    look = Look(
        args.felt, args.back, args.tilt, args.light, args.hard, args.faces, args.warm, args.tint, args.falloff
    )
    art = load_art(args.art, "Regular")
    if args.faces == "photo":
        art = load_photo_art(args.photos, art)
    renderer = TableRenderer(art, args.seed, look=look)
    reader = LiveReader(TileTemplates.load(DEMO_DIR / "templates.npz"), namer="onnx")
    _use_classifier(reader.onnx, args.classifier)
    confusion: dict[str, collections.Counter[str]] = collections.defaultdict(collections.Counter)
    by_seat = collections.Counter[tuple[int, bool]]()
    calibration = None
    for n, step in enumerate(play_game(args.seed, args.hands)):
        if step.layout.empty or n % args.every:
            continue
        frame = renderer.frame(renderer.scene(step.layout), n, None, 10.0)
        calibration = calibration or from_markers(frame)
        reading = reader.read(calibration.rectify(frame))
        for seat, s in enumerate(step.layout.seats):
            slots = np.array(pond_slots(renderer.geo, s.pond)).reshape(-1, 2)
            for r in reading.tiles:
                if r.seat != seat or r.area != "pond" or not len(slots):
                    continue
                d = np.hypot(slots[:, 0] - r.u, slots[:, 1] - r.v)
                i = int(np.argmin(d))
                if d[i] > MATCH_MM:
                    continue
                truth = s.pond[i][0].name
                got = "back" if r.class_id == BACK_CLASS else tile_from_class(r.class_id).name
                confusion[truth][got] += 1
                by_seat[(seat, got == truth)] += 1
    total = sum(sum(c.values()) for c in confusion.values())
    right = sum(c[k] for k, c in confusion.items())
    share = right / max(total, 1)
    print(f"look {look.name}, seed {args.seed}: {right}/{total} pond readings named right ({share:.1%})")
    for seat in range(4):
        ok, bad = by_seat[(seat, True)], by_seat[(seat, False)]
        print(f"  seat {seat}: {ok}/{ok + bad} right")
    print(f"{'kind':<5} {'right':>9}  read as")
    for kind in sorted(confusion, key=lambda k: (k[-1], k[0])):
        c = confusion[kind]
        wrong = ", ".join(f"{k} x{v}" for k, v in c.most_common() if k != kind)
        print(f"{kind:<5} {c[kind]:>4}/{sum(c.values()):<4}  {wrong}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

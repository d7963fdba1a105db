"""Benchmark of the live table: events, hand results, final scores and frame rate over generated games.

Run from the repo root:  .venv/bin/python bench/live.py [--seeds 101 102 103] [--hands 2]
Seeds 101+ are never used by tests (the tests use the demo, seed 25). For each seed a game clip is rendered
at 1280x720 (not timed), replayed through the whole pipeline (timed), and compared with its ground truth:
event precision / recall by type (an event counts when it is right and in order), whether each hand's result
(winner, from whom, tile, points moved) matches, and whether the final scores match. The peer for speed is
the same pipeline reading every frame (no frame differencing).
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from datasets.game_compare import EVENT_TYPES, Comparison, compare, load_events  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, nargs="+", default=[101, 102, 103])
    parser.add_argument("--hands", type=int, default=2)
    parser.add_argument(
        "--art", type=Path, default=ROOT / ".." / "shared" / "tile-art" / "fluffystuff-riichi"
    )
    parser.add_argument("--keep", type=Path, default=None, help="keep clips and logs here")
    parser.add_argument("--no-peer", action="store_true", help="skip the read-every-frame run")
    args = parser.parse_args()
    from datasets.synth_game import generate
    from riichi_table.commands.replay import replay_video

    work = args.keep or Path(tempfile.mkdtemp(prefix="bench-live-"))
    total = Comparison()
    finals: list[bool] = []
    frames = seconds = read = 0.0
    print(
        f"cpu: {os.cpu_count()} cores; clips 1280x720 at 10 fps; seeds {args.seeds}, {args.hands} hands each"
    )
    for seed in args.seeds:
        folder = work / f"seed{seed}"
        info = generate(seed, folder, args.art, hands=args.hands)
        result = replay_video(info.clip, folder / "out")
        c = compare(load_events(info.truth), load_events(result.mjai))
        total.add(c)
        finals.append(c.final_match)
        frames += result.frames
        seconds += result.seconds
        read += result.processed
        hands = " ".join("ok" if h else "WRONG" for h in c.hands)
        print(
            f"seed {seed}: {result.frames} frames, {result.fps:.1f} fps; hands: {hands}; "
            f"final scores {'match' if c.final_match else 'DIFFER'} "
            f"(truth {c.final_truth}, read {c.final_got})"
        )
    print()
    print(f"{'event':<10} {'truth':>6} {'read':>6} {'right':>6} {'precision':>10} {'recall':>8}")
    for t in EVENT_TYPES:
        if total.expected.get(t) or total.produced.get(t):
            print(
                f"{t:<10} {total.expected.get(t, 0):>6} {total.produced.get(t, 0):>6} "
                f"{total.tp.get(t, 0):>6} "
                f"{total.precision(t):>10.3f} {total.recall(t):>8.3f}"
            )
    right = sum(total.hands)
    print(
        f"\nhands with the right result: {right}/{len(total.hands)}; "
        f"final scores right: {sum(finals)}/{len(finals)}"
    )
    print(
        f"pipeline: {frames:.0f} frames in {seconds:.1f} s = {frames / seconds:.1f} fps at 1280x720 "
        f"({read:.0f} frames read, the rest skipped as unchanged)"
    )
    if not args.no_peer:
        seed = args.seeds[0]
        clip = work / f"seed{seed}" / "clip.mp4"
        started = time.perf_counter()
        peer = replay_video(clip, work / f"seed{seed}" / "peer", read_every_frame=True)
        took = time.perf_counter() - started
        c = compare(load_events(work / f"seed{seed}" / "truth.mjai.jsonl"), load_events(peer.mjai))
        print(
            f"peer (read every frame, seed {seed}): {peer.frames / took:.1f} fps; "
            f"dahai recall {c.recall('dahai'):.3f}, hands right {sum(c.hands)}/{len(c.hands)}"
        )
    print(f"clips and logs in {work}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

"""Benchmark of the live table: events, hand results, final scores and frame rate over generated games.

Run from the repo root:  .venv/bin/python bench/live.py [--seeds 101 102 103] [--hands 2]
                                                        [--namers templates onnx both] [--keep DIR]
                         .venv/bin/python bench/live.py --matrix [--seeds 104] [--hands 1] [--keep DIR]
                                                        [--looks wood/red/old-camera/light1 ...]
                                                        [--faces photo] [--classifier first]
Seeds 101+ are never used by tests (the tests use the demo, seed 25). For each seed a game clip is rendered
at 1280x720 (not timed; a clip already in --keep DIR is reused), replayed through the whole pipeline (timed)
once per tile namer (vision.live_namer: the enrolled templates, the ONNX crop classifier, or templates with
the classifier on close calls), and compared with its ground truth: event precision / recall by type (an event
counts when it is right and in order), whether each hand's result (winner, from whom, tile, points moved)
matches, and whether the final scores match. The peer for speed is the same pipeline reading every frame (no
frame differencing), with the first namer.

--matrix renders the same game(s) under each Look of `MATRIX` (felt x back x camera angle x light, and the
hard renders with standing hands, the two-high dead wall, point sticks, tile thickness, highlights, motion
blur and exposure steps; datasets.game_render.Look), the old render first as the peer, and prints one row per
cell: event F1, hands right, discards right, frames read / frames, fps, frames per CPU-second (every thread of
the process: a figure a loaded machine changes much less than fps) and the view's last "why not".
"""

from __future__ import annotations

import argparse
import collections
import difflib
import json
import os
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from riichi_table.datasets.game_compare import EVENT_TYPES, Comparison, compare, exact, load_events  # noqa: E402


@dataclass
class Run:
    """One namer over every seed."""

    namer: str
    total: Comparison = field(default_factory=Comparison)
    finals: list[bool] = field(default_factory=list)
    frames: int = 0
    read: int = 0
    seconds: float = 0.0
    misreads: collections.Counter[str] = field(default_factory=collections.Counter)


def replay(
    clip: Path, namer: str, read_every_frame: bool = False
) -> tuple[list[dict[str, Any]], int, int, float]:
    """(mjai events as the replay command writes them, frames, frames read, seconds) for one clip."""
    events, session, seconds, _ = _run_session(clip, namer, read_every_frame)
    return events, session.frames, session.processed, seconds


def _run_session(
    clip: Path, namer: str, read_every_frame: bool = False, first_only: bool = False
) -> tuple[list[dict[str, Any]], Any, float, float]:
    """Replay one clip through a LiveSession: (mjai events as `replay` writes them, the session, seconds, CPU
    seconds of the whole process meanwhile: every thread's, so a loaded machine does not change it much)."""
    from riichi_table.engine.events import event_from_json
    from riichi_table.engine.export import mjai_lines
    from riichi_table.vision.source import open_source

    from riichi_table.assistant import LiveSession

    source = open_source(str(clip))
    session = LiveSession("wrc", namer=namer, read_every_frame=read_every_frame)
    if first_only:
        _first_classifier_only(session)
    started, cpu = time.perf_counter(), time.process_time()
    try:
        while (frame := source.read()) is not None or not source.finished:
            if frame is not None:
                session.process(frame)
    finally:
        source.close()
    session.finish()
    seconds, cpu = time.perf_counter() - started, time.process_time() - cpu
    typed = [event_from_json(e) for e in session.events()]
    return [json.loads(line) for line in mjai_lines(typed, "wrc")], session, seconds, cpu


def discard_misreads(truth: list[dict[str, Any]], got: list[dict[str, Any]]) -> list[str]:
    """'truth->read' for each discard read as another tile at its place in the order."""
    a = [(e["actor"], e["pai"]) for e in truth if e.get("type") == "dahai"]
    b = [(e["actor"], e["pai"]) for e in got if e.get("type") == "dahai"]
    out = []
    for op, i1, i2, j1, j2 in difflib.SequenceMatcher(a=a, b=b, autojunk=False).get_opcodes():
        if op == "replace" and i2 - i1 == j2 - j1:
            out += [f"{x[1]}->{y[1]}" for x, y in zip(a[i1:i2], b[j1:j2], strict=True) if x[0] == y[0]]
    return out


# (felt, back, tilt, light, hard[, warm, tint, falloff]): the old render first, then one condition changed
# at a time, then together.
MATRIX: list[tuple[Any, ...]] = [
    ("green", None, None, 1.0, False),
    ("blue", None, None, 1.0, False),
    ("black", None, None, 1.0, False),
    ("wood", None, None, 1.0, False),
    ("white", None, None, 1.0, False),
    ("green", "yellow", None, 1.0, False),
    ("green", "blue", None, 1.0, False),
    ("green", "green", None, 1.0, False),
    ("green", "black", None, 1.0, False),
    ("green", None, 30.0, 1.0, False),
    ("green", None, 40.0, 1.0, False),
    ("green", None, 44.0, 1.0, False),
    ("green", None, None, 0.55, False),
    ("green", None, None, 1.0, True),
    ("blue", "yellow", 37.0, 0.7, True),
    ("black", "blue", 40.0, 0.7, True),
    ("green", None, 44.0, 1.0, True),  # the steepest camera with the tiles' height
    # White cloth and wood felt, green and black backs, together with the other hard conditions.
    ("white", "black", 37.0, 0.7, True),
    ("wood", "green", 40.0, 0.7, True),
    ("white", "green", None, 1.0, False),
    ("wood", "black", None, 1.0, False),
    # Warm (tungsten) and tinted light, with a straight fall-off across the table: ivory faces turn orange.
    ("green", None, None, 1.0, False, 1.0, 0.0, 0.0),
    ("green", "yellow", None, 0.7, False, 1.0, 0.0, 0.4),
    ("white", None, None, 1.0, False, 1.0, 0.0, 0.0),
    ("blue", None, 30.0, 1.0, False, 0.0, 1.0, 0.4),
    # Warm light over the hard cells (standing hands, the tiles' height, glare, motion blur).
    ("green", None, None, 1.0, True, 1.0, 0.0, 0.0),
    ("blue", "yellow", 37.0, 0.7, True, 1.0, 0.0, 0.0),
    ("black", "blue", 40.0, 0.7, True, 1.0, 0.0, 0.0),
    # Hard, with pairings of felt, backs, camera and light the six hard cells above leave untried.
    ("blue", "green", 44.0, 0.55, True),
    ("black", "yellow", 30.0, 0.7, True),
    ("white", "blue", 40.0, 1.0, True),
    ("wood", None, 37.0, 0.55, True),
]


def matrix_looks(faces: str) -> list[Any]:
    """The Looks of MATRIX with `faces` (datasets.game_render.Look)."""
    from riichi_table.datasets.game_render import Look

    return [Look(*cell[:5], faces, *cell[5:]) for cell in MATRIX]


def f1(c: Comparison) -> float:
    """Event F1 over every event type (an event counts when it is right and in order)."""
    tp = sum(c.tp.values())
    exp = sum(c.expected.values())
    got = sum(c.produced.values())
    return 0.0 if tp == 0 else 2 * tp / (exp + got)


def matrix(args: argparse.Namespace, work: Path) -> int:
    from riichi_table.datasets.game_render import Look
    from riichi_table.datasets.synth_game import generate

    faces = "photo" if args.faces == "photo" else "art"
    names = {look.name for look in matrix_looks(faces)}
    unknown = [name for name in args.looks or [] if name not in names]
    if unknown:
        wrong, cells = ", ".join(unknown), ", ".join(sorted(names))
        print(f"--looks: no matrix cell is named {wrong}; the cells are: {cells}", file=sys.stderr)
        return 2
    head = (
        f"{'look':<36} {'F1':>5} {'hands':>6} {'exact':>6} {'dahai':>9} {'read/frames':>12} {'fps':>6} "
        f"{'f/cpu-s':>7}"
    )
    print(f"{head}  why not")
    for look in matrix_looks(faces):
        if args.looks and look.name not in args.looks and look.name != Look(faces=faces).name:
            continue  # the old render stays as the peer
        total, frames_all, read_all, secs, cpu_all, hands, why = Comparison(), 0, 0, 0.0, 0.0, [], ""
        exacts = 0
        misread: collections.Counter[str] = collections.Counter()
        for seed in args.seeds:
            folder = work / f"seed{seed}-{look.name.replace('/', '-')}"
            if not (folder / "clip.mp4").is_file() or not (folder / "truth.mjai.jsonl").is_file():
                generate(seed, folder, args.art, hands=args.hands, look=look, photos=args.photos)
            got, frames, read, seconds, cpu, why = replay_why(
                folder / "clip.mp4", args.namers[0], args.classifier == "first"
            )
            truth = load_events(folder / "truth.mjai.jsonl")
            lines = "".join(json.dumps(e) + "\n" for e in got)
            (folder / f"read-{args.namers[0]}-{args.classifier}.mjai.jsonl").write_text(lines)
            c = compare(truth, got)
            exacts += exact(truth, got)
            misread.update(discard_misreads(truth, got))
            total.add(c)
            hands += c.hands
            frames_all, read_all, secs = frames_all + frames, read_all + read, secs + seconds
            cpu_all += cpu
        print(
            f"{look.name:<36} {f1(total):>5.2f} {sum(hands):>3}/{len(hands):<2} "
            f"{exacts:>3}/{len(args.seeds):<2} {total.tp['dahai']:>4}/{total.expected['dahai']:<4} "
            f"{read_all:>5}/{frames_all:<6} "
            f"{frames_all / secs:>6.1f} {frames_all / cpu_all:>7.1f}  {why[:70]}",
            flush=True,
        )
        if misread:
            common = ", ".join(f"{k} x{n}" for k, n in misread.most_common())
            print(f"    discards misread (truth->read): {common}")
    print(f"clips in {work}")
    return 0


def _first_classifier_only(session: Any) -> None:
    """Name with the live namer's first classifier alone, as before the pair (for before/after figures)."""
    from riichi_table.vision.classify import Classifier

    onnx = session.reader.onnx
    if onnx is not None and isinstance(onnx.model, Classifier):
        onnx.model.second = None


def replay_why(
    clip: Path, namer: str, first_only: bool = False
) -> tuple[list[dict[str, Any]], int, int, float, float, str]:
    """`replay` plus CPU seconds and the session's last "why not" (its view message when frames went
    unread)."""
    events, session, seconds, cpu = _run_session(clip, namer, first_only=first_only)
    why = "; ".join(session.why_not())
    return events, session.frames, session.processed, seconds, cpu, why


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, nargs="+", default=[101, 102, 103])
    parser.add_argument("--hands", type=int, default=2)
    parser.add_argument("--namers", nargs="+", default=["templates", "onnx", "both"])
    parser.add_argument(
        "--art", type=Path, default=ROOT / ".." / "shared" / "tile-art" / "fluffystuff-riichi"
    )
    parser.add_argument(
        "--faces",
        choices=("art", "photo"),
        default="art",
        help="with --matrix: tile faces of every cell (photo: cut from the labelled real photos, --photos)",
    )
    parser.add_argument("--photos", type=Path, default=ROOT / ".." / "shared" / "datasets" / "hk-real-train")
    parser.add_argument(
        "--classifier",
        choices=("pair", "first"),
        default="pair",
        help="with --matrix: the onnx namer's classifier pair, or its first classifier alone (as before)",
    )
    parser.add_argument("--keep", type=Path, default=None, help="keep (and reuse) clips and logs here")
    parser.add_argument("--no-peer", action="store_true", help="skip the read-every-frame run")
    parser.add_argument("--matrix", action="store_true", help="felt x back x angle x light matrix (Look)")
    parser.add_argument(
        "--looks", nargs="+", default=None, help="with --matrix: only these cells (Look.name) and the peer"
    )
    args = parser.parse_args()
    if args.matrix:
        if args.namers == ["templates", "onnx", "both"]:
            args.namers = ["onnx"]
        return matrix(args, args.keep or Path(tempfile.mkdtemp(prefix="bench-live-matrix-")))
    from riichi_table.datasets.synth_game import generate

    work = args.keep or Path(tempfile.mkdtemp(prefix="bench-live-"))
    print(
        f"cpu: {os.cpu_count()} cores; clips 1280x720 at 10 fps; seeds {args.seeds}, "
        f"{args.hands} hands each; namers {args.namers}"
    )
    truths: dict[int, list[dict[str, Any]]] = {}
    clips: dict[int, Path] = {}
    for seed in args.seeds:
        folder = work / f"seed{seed}"
        if not (folder / "clip.mp4").is_file() or not (folder / "truth.mjai.jsonl").is_file():
            generate(seed, folder, args.art, hands=args.hands)
        clips[seed] = folder / "clip.mp4"
        truths[seed] = load_events(folder / "truth.mjai.jsonl")
    runs = []
    for namer in args.namers:
        run = Run(namer)
        for seed in args.seeds:
            got, frames, read, seconds = replay(clips[seed], namer)
            c = compare(truths[seed], got)
            run.total.add(c)
            run.finals.append(c.final_match)
            run.frames += frames
            run.read += read
            run.seconds += seconds
            run.misreads.update(discard_misreads(truths[seed], got))
            hands = " ".join("ok" if h else "WRONG" for h in c.hands)
            print(
                f"[{namer}] seed {seed}: {frames} frames, {frames / seconds:.1f} fps; hands: {hands}; "
                f"final scores {'match' if c.final_match else 'DIFFER'}; "
                f"dahai {c.tp['dahai']}/{c.expected['dahai']}"
            )
        runs.append(run)
    for run in runs:
        _print_run(run)
    print(f"\n{'namer':<10} {'dahai right':>12} {'calls+reach':>12} {'hands':>6} {'finals':>7} {'fps':>6}")
    for run in runs:
        t = run.total
        calls = ("reach", "chi", "pon", "daiminkan", "kakan", "ankan")
        got_calls = sum(t.tp.get(k, 0) for k in calls)
        all_calls = sum(t.expected.get(k, 0) for k in calls)
        print(
            f"{run.namer:<10} {t.tp['dahai']:>6}/{t.expected['dahai']:<5} {got_calls:>6}/{all_calls:<5} "
            f"{sum(t.hands):>3}/{len(t.hands):<2} {sum(run.finals):>3}/{len(run.finals):<3} "
            f"{run.frames / run.seconds:>6.1f}"
        )
    if not args.no_peer:
        seed = args.seeds[0]
        got, frames, _, seconds = replay(clips[seed], args.namers[0], read_every_frame=True)
        c = compare(truths[seed], got)
        print(
            f"\npeer (read every frame, {args.namers[0]}, seed {seed}): {frames / seconds:.1f} fps; "
            f"dahai recall {c.recall('dahai'):.3f}, hands right {sum(c.hands)}/{len(c.hands)}"
        )
    print(f"clips in {work}")
    return 0


def _print_run(run: Run) -> None:
    total = run.total
    print(f"\n== namer {run.namer} ==")
    print(f"{'event':<10} {'truth':>6} {'read':>6} {'right':>6} {'precision':>10} {'recall':>8}")
    for t in EVENT_TYPES:
        if total.expected.get(t) or total.produced.get(t):
            print(
                f"{t:<10} {total.expected.get(t, 0):>6} {total.produced.get(t, 0):>6} "
                f"{total.tp.get(t, 0):>6} {total.precision(t):>10.3f} {total.recall(t):>8.3f}"
            )
    print(
        f"hands with the right result: {sum(total.hands)}/{len(total.hands)}; "
        f"final scores right: {sum(run.finals)}/{len(run.finals)}"
    )
    print(
        f"pipeline: {run.frames} frames in {run.seconds:.1f} s = {run.frames / run.seconds:.1f} fps at "
        f"1280x720 ({run.read} frames read, the rest skipped as unchanged)"
    )
    common = ", ".join(f"{k} x{n}" for k, n in run.misreads.most_common(8))
    print(f"discards misread (truth->read): {common or 'none'}")


if __name__ == "__main__":
    raise SystemExit(main())

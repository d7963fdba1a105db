"""`riichi-table replay VIDEO --out DIR`: run the live pipeline over a recording and write the game.

Writes `DIR/game.mjai.jsonl` (mjai JSON lines, hand money filled in by the engine) and `DIR/game.tenhou.json`
(a tenhou.net/6 log). VIDEO may also be a folder of frames. Prints one line of figures at the end.
"""

from __future__ import annotations

import argparse
import json
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any


@dataclass(frozen=True)
class ReplayResult:
    """What a replay read and wrote."""

    frames: int
    processed: int
    seconds: float
    events: list[dict[str, Any]]
    warnings: list[str]
    mjai: Path
    tenhou: Path
    final_scores: list[int]

    @property
    def fps(self) -> float:
        return self.frames / self.seconds if self.seconds > 0 else 0.0


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("video", help="a video file or a folder of frames")
    parser.add_argument("--out", type=Path, required=True, help="output folder for the game logs")
    parser.add_argument("--rules", default="wrc", help="rule preset (default: wrc)")
    parser.add_argument(
        "--templates", type=Path, default=None, help="tile face templates (.npz); default: the demo's"
    )
    parser.add_argument(
        "--namer",
        choices=("onnx", "templates", "both"),
        default=None,
        help="how tiles are named: the ONNX classifier (default), the face templates, or both",
    )
    parser.add_argument("--quiet", action="store_true", help="no warning lines")
    parser.add_argument(
        "--why-dir",
        type=Path,
        default=None,
        help="write a picture of each tile found but not named here (unnamed-fFRAME-seatS-N.png)",
    )


def replay_video(
    video: Path,
    out: Path,
    rules: str = "wrc",
    templates: Path | None = None,
    read_every_frame: bool = False,
    namer: str | None = None,
    why_dir: Path | None = None,
) -> ReplayResult:
    """Run the live pipeline over every frame of `video` and write the two game logs into `out`; with
    `why_dir`, a PNG picture of each tile found but not named (the first 200, vision.live_why)."""
    from riichi_table.assistant import LiveSession
    from riichi_table.engine.events import event_from_json
    from riichi_table.engine.export import mjai_lines, tenhou_log
    from riichi_table.vision.errors import VisionError
    from riichi_table.vision.source import open_source

    source = open_source(str(video))
    session = LiveSession(rules, templates, read_every_frame=read_every_frame, namer=namer)
    if why_dir is not None:
        session.keep_crops = []
    started = time.perf_counter()
    try:
        while True:
            frame = source.read()
            if frame is None:
                if source.finished:
                    break
                continue
            session.process(frame)
    finally:
        source.close()
    if session.frames == 0:
        # Nothing decoded: not a video, an unsupported codec or an empty folder. Writing empty logs would
        # look like a game in which nothing happened.
        raise VisionError(f"no frame could be read from {str(video)!r} (not a video, or an unknown codec)")
    session.finish()
    seconds = time.perf_counter() - started
    events = session.events()
    typed = [event_from_json(e) for e in events]
    out.mkdir(parents=True, exist_ok=True)
    mjai = out / "game.mjai.jsonl"
    tenhou = out / "game.tenhou.json"
    mjai.write_text("".join(line + "\n" for line in mjai_lines(typed, rules)), encoding="utf-8")
    tenhou.write_text(json.dumps(tenhou_log(typed, rules), ensure_ascii=False), encoding="utf-8")
    # The reader's own warnings (a discard filled in as a guess, a call left out, a hidden call put in) too.
    warnings = session.table.warnings + session.warnings + session.game.warnings
    # Why the table was not (fully) read at the end, in a player's words (vision.live_why), first.
    warnings = [f"why not read: {w}" for w in session.why_not()] + warnings
    if why_dir is not None:
        written = _write_crops(why_dir, session.keep_crops or [])
        warnings.insert(0, f"{written} picture(s) of tiles found but not named written to {why_dir}")
    return ReplayResult(
        session.frames, session.processed, seconds, events, warnings, mjai, tenhou, list(session.game.scores)
    )


def _write_crops(folder: Path, crops: list[Any]) -> int:
    """Write each unnamed tile's picture as folder/unnamed-fFRAME-seatS-N.png; returns how many."""
    import cv2

    folder.mkdir(parents=True, exist_ok=True)
    for n, crop in enumerate(crops):
        cv2.imwrite(str(folder / f"unnamed-f{crop.frame:05d}-seat{crop.seat}-{n}.png"), crop.image)
    return len(crops)


def run(args: argparse.Namespace) -> int:
    result = replay_video(
        Path(args.video),
        args.out,
        rules=args.rules,
        templates=args.templates,
        namer=args.namer,
        why_dir=args.why_dir,
    )
    if not args.quiet:
        for warning in result.warnings[:20]:
            print(f"warning: {warning}")
    print(
        f"{result.frames} frames ({result.processed} read) in {result.seconds:.1f} s = {result.fps:.1f} fps; "
        f"{len(result.events)} events, final scores {result.final_scores} "
        f"-> {result.mjai} and {result.tenhou}"
    )
    return 0

"""`riichi-table synth --game`: a whole game as a camera clip with its ground-truth event log.

Writes `OUT/clip.mp4` and `OUT/truth.mjai.jsonl` (the events a perfect camera reader would emit, in the form
`riichi-table replay` writes them). The game is played by `datasets.game_play` bots and drawn by
`datasets.game_render`; everything follows from `--seed`.

`riichi-table synth` (synth-scenes' command) calls `add_arguments(parser)` and, with `--game`, `main(args)`.
"""

from __future__ import annotations

import argparse
import random
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import cv2
from riichi_table.datasets.errors import DatasetError

DEFAULT_ART = "../shared/tile-art/fluffystuff-riichi"


@dataclass(frozen=True)
class ClipInfo:
    """What `generate` wrote."""

    clip: Path
    truth: Path
    frames: int
    events: int
    fps: float


def _add(parser: argparse.ArgumentParser, *names: str, **kwargs: Any) -> None:
    # The scene command may already have this option (--seed, --out, --art): then theirs is used.
    if any(n in parser._option_string_actions for n in names):
        return
    parser.add_argument(*names, **kwargs)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Options of the game clip generator (shared names with the scene generator are reused)."""
    _add(
        parser, "--game", action="store_true", help="render a whole game as a camera clip (clip.mp4 + truth)"
    )
    _add(parser, "--seed", type=int, default=0, help="random seed; the same seed gives the same clip")
    _add(parser, "--hands", type=int, default=None, help="stop after this many hands (default: a whole game)")
    _add(parser, "--out", type=Path, help="output folder")
    _add(parser, "--art", type=Path, default=Path(DEFAULT_ART), help="tile art folder (fluffystuff-riichi)")
    _add(parser, "--fps", type=float, default=10.0, help="frames per second of the clip (game clips)")
    _add(parser, "--size", default="1280x720", help="clip frame size WxH (game clips)")
    _add(parser, "--step-frames", type=int, default=5, help="frames per table change (game clips)")
    _add(parser, "--rules", default="wrc", help="rule preset the game is played under (game clips)")
    _add(
        parser,
        "--faces",
        choices=("art", "photo"),
        default="art",
        help="tile faces of game clips: the drawn art, or faces cut from the labelled real photos (--photos)",
    )
    _add(parser, "--photos", type=Path, default=None, help="labelled real photos folder (with --faces photo)")


def _size(text: str) -> tuple[int, int]:
    try:
        w, h = (int(v) for v in str(text).lower().split("x"))
    except ValueError as exc:
        raise DatasetError(f"bad --size {text!r}: expected WxH such as 1280x720") from exc
    if not (160 <= w <= 3840 and 120 <= h <= 2160):
        raise DatasetError(f"bad --size {text!r}: width 160..3840, height 120..2160")
    return w, h


def generate(
    seed: int,
    out: Path,
    art_folder: Path,
    hands: int | None = None,
    fps: float = 10.0,
    size: tuple[int, int] = (1280, 720),
    step_frames: int = 5,
    rules: str = "wrc",
    look: Any = None,
    photos: Path | None = None,
) -> ClipInfo:
    """Play and render one game; returns where the clip and the truth went.

    look: a `datasets.game_render.Look` (felt, backs, camera tilt, light, hard, faces); None draws the old
    clips. photos: the labelled real photos (hk-real-train layout) the faces are cut from when
    `look.faces == "photo"`."""
    from riichi_table.datasets.game_play import play_game
    from riichi_table.datasets.game_render import Arm, TableRenderer
    from riichi_table.datasets.tile_art import load_art

    if hands is not None and hands < 1:
        raise DatasetError(f"--hands must be at least 1, got {hands}")
    if not 1 <= fps <= 120:
        raise DatasetError(f"--fps must be in 1..120 frames per second, got {fps:g}")
    if step_frames < 3:
        raise DatasetError(
            f"--step-frames must be at least 3 (a reader needs to see a change), got {step_frames}"
        )
    art = load_art(art_folder, "Regular")
    if look is not None and look.faces == "photo":
        from riichi_table.datasets.photo_faces import load_photo_art

        if photos is None:
            raise DatasetError("photo faces need the labelled photos folder (--photos DIR)")
        art = load_photo_art(photos, art)
    out.mkdir(parents=True, exist_ok=True)
    clip = out / "clip.mp4"
    writer = cv2.VideoWriter(str(clip), cv2.VideoWriter.fourcc(*"mp4v"), fps, size)
    if not writer.isOpened():
        raise DatasetError(f"cannot write a video to {clip} (OpenCV has no mp4v encoder?)")
    renderer = TableRenderer(art, seed, size, look=look)
    rng = random.Random(seed * 7919 + 1)
    truth: list[dict[str, Any]] = []
    index = 0
    bump_step = rng.randint(25, 60)
    try:
        for n, step in enumerate(play_game(seed, hands, rules)):
            truth.extend(step.events)
            types = {e["type"] for e in step.events}
            frames = step_frames
            if step.layout.empty or types & {"start_kyoku", "start_game"}:
                frames = 2 * step_frames + 2
            if types & {"hora", "ryukyoku"}:
                frames = 5 * step_frames
            if n == bump_step:
                renderer.schedule_bump(index + 1)
            scene = renderer.scene(step.layout)
            show_arm = step.actor is not None and step.reach_to is not None and rng.random() < 0.6
            for k in range(frames):
                arm = None
                if show_arm and k < 2 and step.actor is not None and step.reach_to is not None:
                    arm = Arm(step.actor, step.reach_to[0], step.reach_to[1], 1.0 if k == 0 else 0.55)
                writer.write(renderer.frame(scene, index, arm, fps))
                index += 1
    finally:
        writer.release()
    from riichi_table.engine.events import event_from_json
    from riichi_table.engine.export import mjai_lines

    truth_path = out / "truth.mjai.jsonl"
    truth_path.write_text(
        "".join(line + "\n" for line in mjai_lines([event_from_json(e) for e in truth], rules)),
        encoding="utf-8",
    )
    return ClipInfo(clip, truth_path, index, len(truth), fps)


def _look(args: argparse.Namespace) -> Any:
    """The Look the options ask for: None (the old clips) unless photo faces are asked for."""
    faces = getattr(args, "faces", None) or "art"
    if faces == "art":
        return None
    from riichi_table.datasets.game_render import Look

    if getattr(args, "photos", None) is None:
        raise DatasetError("--faces photo needs --photos DIR (the labelled real photos, hk-real-train form)")
    return Look(faces=faces)


def main(args: argparse.Namespace) -> int:
    """Run from parsed `riichi-table synth --game` options; prints what it wrote."""
    if getattr(args, "out", None) is None:
        raise DatasetError("--out DIR is required with --game")
    info = generate(
        seed=int(getattr(args, "seed", None) or 0),
        out=Path(args.out),
        art_folder=Path(getattr(args, "art", None) or DEFAULT_ART),
        hands=getattr(args, "hands", None),
        fps=10.0 if getattr(args, "fps", None) is None else float(args.fps),
        size=_size(getattr(args, "size", None) or "1280x720"),
        step_frames=int(getattr(args, "step_frames", None) or 5),
        rules=str(getattr(args, "rules", None) or "wrc"),
        look=_look(args),
        photos=getattr(args, "photos", None),
    )
    print(
        f"wrote {info.clip} ({info.frames} frames at {info.fps:g} fps) "
        f"and {info.truth} ({info.events} events)"
    )
    return 0

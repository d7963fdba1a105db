"""One short clip per hard condition (blue felt, yellow backs, a steep camera, dim light, a hard table with
standing hands, the two-high dead wall and point sticks, and all of them together), rendered from its game
and replayed through the whole pipeline, compared with its truth.

Seed 25 is the demo's game (one hand: riichi, a pon, a ron with ura dora). Every flat-tile condition reads
1.000 with the hand's result right; the floor is the goal, 0.99, and the hand's result must be right. The
two hard tables draw lying tiles at their real height (docs/live.md, "The view at face height") and read
the same now; a condition that does not is marked in NOT_MET and expected to fail (strict: a pass is
reported, to drop the mark).
The clips are the same in every run: the renderer draws its noise from its own seeded generator (a clip
rendered after other tests once differed from the same clip rendered alone).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from riichi_table.datasets.game_compare import Comparison, compare, load_events

# condition id -> Look arguments
CONDITIONS = {
    "blue felt": {"felt": "blue"},
    "yellow backs": {"back": "yellow"},  # 0.933 before standing tops were left out
    "steep view (40 degrees off overhead)": {"tilt": 40.0},
    "dim uneven light": {"light": 0.55},  # 0.933 before dim views were brightened
    # Standing hands with height, the two-high dead wall, point sticks, tile thickness, glare, motion blur
    # and exposure steps (docs/live.md, "What is not a tile").
    "hard table (standing hands, dead wall, sticks)": {"hard": True},
    # All together: 0.967 before a point stick touching the far open hand was kept out of its cells (6m 7m
    # were read 9m 8m, and the win scored with the wrong hand).
    "hard table, blue felt, yellow backs, 37 degrees, dim": {
        "felt": "blue",
        "back": "yellow",
        "tilt": 37.0,
        "light": 0.7,
        "hard": True,
    },
}


def event_f1(c: Comparison) -> float:
    tp, exp, got = sum(c.tp.values()), sum(c.expected.values()), sum(c.produced.values())
    return 0.0 if tp == 0 else 2 * tp / (exp + got)


# Since the hard renders draw a lying tile's face at its whole height (18 mm up, its side showing), the
# hard table read 0.73 at the old camera even at face height; with the ponds cut where the sides hide their
# gaps (docs/live.md, "Side seats' discards at face height") it reads 1.000 with the hand right. All the hard
# conditions together read 0.983 with the hand wrong (seat 2's hand laid open cut as twelve cells over
# thirteen tiles) until such a hand was cut into whole tiles (docs/live.md, "A held-out seed at face
# height"), with a steep camera's corners and backs in dim light read (the section before it): 1.000 now.
NOT_MET: set[str] = set()
FACE_HEIGHT_NOT_MET = pytest.mark.xfail(
    reason="lying tiles at their full height (docs/live.md, face height)", strict=True, raises=AssertionError
)


@pytest.mark.slow
@pytest.mark.parametrize(
    "condition",
    [pytest.param(c, marks=FACE_HEIGHT_NOT_MET) if c in NOT_MET else c for c in CONDITIONS],
    ids=list(CONDITIONS),
)
def test_a_clip_of_a_hard_condition_replays_to_its_truth(
    condition: str, art_folder: Path, tmp_path: Path
) -> None:
    from riichi_table.datasets.game_render import Look
    from riichi_table.datasets.synth_game import generate

    from riichi_table.commands.replay import replay_video

    look = Look(**CONDITIONS[condition])  # type: ignore[arg-type]
    info = generate(25, tmp_path / "clip", art_folder, hands=1, look=look)
    replay_video(info.clip, tmp_path / "out")
    result = compare(load_events(info.truth), load_events(tmp_path / "out" / "game.mjai.jsonl"))
    f1 = event_f1(result)
    print(f"{condition}: event F1 {f1:.3f}, hands {result.hands}")
    assert f1 >= 0.99, f"{condition}: event F1 {f1:.3f} < 0.99"
    assert all(result.hands), f"{condition}: the hand's result is wrong"


def _hide_pond(clip: Path, out: Path, seat: int, frames: range) -> None:
    """Copy `clip` to `out` with an arm-coloured patch over `seat`'s pond (to its table edge) in `frames`."""
    import cv2
    import numpy as np
    from riichi_table.vision.calibrate import from_markers
    from riichi_table.vision.zones import TableGeometry

    geo = TableGeometry()
    cap = cv2.VideoCapture(str(clip))
    writer = cv2.VideoWriter(str(out), cv2.VideoWriter.fourcc(*"mp4v"), 10.0, (1280, 720))
    calib, index = None, 0
    while True:
        ok, frame = cap.read()
        if not ok:
            break
        calib = calib or from_markers(frame)
        if index in frames:
            pts = [geo.to_table(seat, u, v) for u, v in ((-110, 100), (110, 100), (60, 440), (-60, 440))]
            poly = calib.to_camera(np.array(pts, np.float32)).astype(np.int32)
            cv2.fillConvexPoly(frame, poly, (112, 150, 205), cv2.LINE_AA)
        writer.write(frame)
        index += 1
    writer.release()


@pytest.mark.slow
def test_a_pond_hidden_by_an_arm_for_five_seconds_keeps_every_turn_in_its_place(
    art_folder: Path, tmp_path: Path
) -> None:
    from riichi_table.datasets.synth_game import generate

    from riichi_table.commands.replay import replay_video

    info = generate(25, tmp_path / "clip", art_folder, hands=1)
    hidden = tmp_path / "hidden.mp4"
    # Seat 1's pond is under an arm for 50 frames: two of its discards are laid there unseen while the
    # others discard (measured: 0.933 before late tiles were put in their place, the guesses 2m for 7m, 1s).
    _hide_pond(info.clip, hidden, seat=1, frames=range(80, 130))
    result = replay_video(hidden, tmp_path / "out")
    compared = compare(load_events(info.truth), load_events(tmp_path / "out" / "game.mjai.jsonl"))
    f1 = event_f1(compared)
    print(f"pond hidden: event F1 {f1:.3f}, hands {compared.hands}")
    assert any("read late" in w for w in result.warnings), result.warnings
    assert f1 >= 0.99 and all(compared.hands)


@pytest.mark.slow
def test_a_discard_laid_and_called_under_an_arm_is_put_in_before_the_call(tmp_path: Path) -> None:
    from riichi_table.commands.replay import replay_video

    demo = Path(__file__).resolve().parents[2] / "riichi_table" / "assistant" / "demo"
    hidden = tmp_path / "hidden.mp4"
    # Seat 2's pond is under an arm while it discards E (frames 34-38) and seat 0 pons it (39-43): the pond
    # never shows the E. Measured: 0.552 before the call put the discard in (the pon refused, later turns
    # guessed), 1.000 after.
    _hide_pond(demo / "clip.mp4", hidden, seat=2, frames=range(32, 47))
    result = replay_video(hidden, tmp_path / "out")
    got = load_events(tmp_path / "out" / "game.mjai.jsonl")
    compared = compare(load_events(demo / "truth.mjai.jsonl"), got)
    f1 = event_f1(compared)
    print(f"call under an arm: event F1 {f1:.3f}, hands {compared.hands}")
    assert any("while its pond was hidden" in w for w in result.warnings), result.warnings
    assert f1 >= 0.99 and all(compared.hands)

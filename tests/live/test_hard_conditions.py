"""One short clip per hard condition (blue felt, yellow backs, a steep camera, dim light, a hard table with
standing hands, the two-high dead wall and point sticks, and all of them together), rendered from its game
and replayed through the whole pipeline, compared with its truth.

Seed 25 is the demo's game (one hand: riichi, a pon, a ron with ura dora). Each condition's floor is the event
F1 the reader reaches on it less one event (docs/live.md, "The matrix of harder renders"), so a regression
fails. The goal is 0.99; every condition reaches it but the all-hard one (0.967: two man tiles of the far
seat's open hand misread at 37 degrees in dim light, so the win is scored with the wrong hand).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from riichi_table.datasets.game_compare import Comparison, compare, load_events

# condition id -> (Look arguments, event F1 floor). Every condition but the last reads 1.000 when run
# alone (docs/live.md); one clean-clone run of the whole suite on a loaded 2-core machine read one event of
# the hard table wrong (0.967), not reproduced since (the renders are byte-identical run to run; the cause
# is not found). So each floor allows one event fewer than reached: 0.96 where 1.000 is reached, 0.93 for
# the all-hard clip that reaches 0.967.
CONDITIONS = {
    "blue felt": ({"felt": "blue"}, 0.96),
    "yellow backs": ({"back": "yellow"}, 0.96),  # 1.000 (0.933 before standing tops were left out)
    "steep view (40 degrees off overhead)": ({"tilt": 40.0}, 0.96),
    "dim uneven light": ({"light": 0.55}, 0.96),  # 1.000 (0.933 before dim views were brightened)
    # Standing hands with height, the two-high dead wall, point sticks, tile thickness, glare, motion blur
    # and exposure steps (docs/live.md, "What is not a tile"): 1.000.
    "hard table (standing hands, dead wall, sticks)": ({"hard": True}, 0.96),
    # All together: 0.967 (every discard, call and riichi right; two man tiles of the far seat's open hand
    # misread, so the win is scored with the wrong hand): below the goal of 0.99.
    "hard table, blue felt, yellow backs, 37 degrees, dim": (
        {"felt": "blue", "back": "yellow", "tilt": 37.0, "light": 0.7, "hard": True},
        0.93,
    ),
}


def event_f1(c: Comparison) -> float:
    tp, exp, got = sum(c.tp.values()), sum(c.expected.values()), sum(c.produced.values())
    return 0.0 if tp == 0 else 2 * tp / (exp + got)


@pytest.mark.slow
@pytest.mark.parametrize("condition", list(CONDITIONS), ids=list(CONDITIONS))
def test_a_clip_of_a_hard_condition_replays_to_its_truth(
    condition: str, art_folder: Path, tmp_path: Path
) -> None:
    from riichi_table.datasets.game_render import Look
    from riichi_table.datasets.synth_game import generate

    from riichi_table.commands.replay import replay_video

    look_args, floor = CONDITIONS[condition]
    info = generate(25, tmp_path / "clip", art_folder, hands=1, look=Look(**look_args))  # type: ignore[arg-type]
    replay_video(info.clip, tmp_path / "out")
    result = compare(load_events(info.truth), load_events(tmp_path / "out" / "game.mjai.jsonl"))
    f1 = event_f1(result)
    print(f"{condition}: event F1 {f1:.3f}, hands {result.hands}")
    assert f1 >= floor, f"{condition}: event F1 {f1:.3f} < {floor}"


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

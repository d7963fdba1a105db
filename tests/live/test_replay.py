"""Generated clips replayed through the whole pipeline, compared with the generator's ground truth."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from riichi_table.datasets.game_compare import compare, load_events

ROOT = Path(__file__).resolve().parents[2]
DEMO = ROOT / "riichi_table" / "assistant" / "demo"
CALLS = ("chi", "pon", "daiminkan", "kakan", "ankan", "reach")


@pytest.fixture(scope="module")
def replayed(tmp_path_factory: pytest.TempPathFactory) -> Path:
    from riichi_table.commands.replay import replay_video

    out = tmp_path_factory.mktemp("replay")
    replay_video(DEMO / "clip.mp4", out)
    return out


@pytest.mark.slow
def test_the_demo_clip_replays_to_its_ground_truth(replayed: Path) -> None:
    truth = load_events(DEMO / "truth.mjai.jsonl")
    got = load_events(replayed / "game.mjai.jsonl")
    result = compare(truth, got)
    for kind in CALLS:
        assert result.tp.get(kind, 0) == result.expected.get(kind, 0) == result.produced.get(kind, 0), kind
    assert result.recall("dahai") >= 0.9 and result.precision("dahai") >= 0.9
    assert all(result.hands), "every hand's result (winner, target, tile, points) matches"
    assert result.final_match, (result.final_truth, result.final_got)


@pytest.mark.slow
def test_replay_writes_an_mjai_log_and_a_tenhou_log(replayed: Path) -> None:
    lines = (replayed / "game.mjai.jsonl").read_text().splitlines()
    types = [json.loads(line)["type"] for line in lines]
    assert types[0] == "start_game" and types[-1] == "end_game" and "start_kyoku" in types
    tenhou = json.loads((replayed / "game.tenhou.json").read_text())
    assert tenhou["log"] and len(tenhou["log"][0][0]) == 3  # [kyoku, honba, sticks]


@pytest.mark.slow
def test_synth_game_renders_the_same_clip_truth_for_the_same_seed(tmp_path: Path, art_folder: Path) -> None:
    cmd = [sys.executable, "-m", "riichi_table", "synth", "--game", "--seed", "25", "--hands", "1"]
    cmd += ["--art", str(art_folder), "--out", str(tmp_path)]
    done = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert (tmp_path / "clip.mp4").stat().st_size > 100_000
    assert (tmp_path / "truth.mjai.jsonl").read_text() == (DEMO / "truth.mjai.jsonl").read_text()


def test_replay_of_a_missing_video_is_a_clean_error(tmp_path: Path) -> None:
    cmd = [sys.executable, "-m", "riichi_table", "replay", str(tmp_path / "none.mp4"), "--out", str(tmp_path)]
    done = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert done.returncode == 2
    assert "none.mp4" in done.stderr and "Traceback" not in done.stderr

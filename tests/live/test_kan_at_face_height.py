"""A concealed kan and its new dora indicator read at face height (docs/live.md, "Kans at face height").

Seed 155's first hand, rendered hard (standing hands, the two-high dead wall, point sticks, lying tiles at
their real height) from the old camera: seat 0 makes a concealed kan of 4p (its two ends face down) and a new
indicator, 9m, is turned on the dead wall; seat 3 then pons E beside its pon of C, and the hand ends in an
exhaustive draw with seat 3 tenpai. Before two melds side by side kept their called tiles (`vision.laid_open`)
it read 0.80 with the hand wrong: seat 3's two pons were cut as seven upright tiles and the second one never
read."""

from __future__ import annotations

from pathlib import Path

import pytest
from riichi_table.datasets.game_compare import compare, load_events


@pytest.mark.slow
def test_a_hard_clip_with_a_concealed_kan_replays_to_its_truth(art_folder: Path, tmp_path: Path) -> None:
    from riichi_table.datasets.game_render import Look
    from riichi_table.datasets.synth_game import generate

    from riichi_table.commands.replay import replay_video

    info = generate(155, tmp_path / "clip", art_folder, hands=1, look=Look(hard=True))
    replay_video(info.clip, tmp_path / "out")
    result = compare(load_events(info.truth), load_events(tmp_path / "out" / "game.mjai.jsonl"))
    tp, exp, got = sum(result.tp.values()), sum(result.expected.values()), sum(result.produced.values())
    f1 = 2 * tp / (exp + got)
    print(f"seed 155, old camera, hard: event F1 {f1:.3f}, hands {result.hands}")
    assert result.expected["ankan"] == result.tp["ankan"] == 1
    assert result.expected["dora"] == result.tp["dora"] == 1
    assert f1 >= 0.99 and all(result.hands)

"""One seed renders one clip: the hard-condition clips replayed in CI must not depend on what the test process
drew before them (OpenCV's random generator is process-wide; the renderer's sensor noise used it, so a clip
rendered after other tests differed from the same clip rendered alone, and read one event differently)."""

from __future__ import annotations

from pathlib import Path

import numpy as np


def test_a_renderer_draws_the_same_frame_for_its_seed_whatever_was_drawn_before(art_folder: Path) -> None:
    import cv2
    from riichi_table.datasets.game_play import SeatLayout, TableLayout
    from riichi_table.datasets.game_render import Look, TableRenderer
    from riichi_table.datasets.tile_art import load_art
    from riichi_table.engine.tiles import parse_tile

    art = load_art(art_folder)
    layout = TableLayout(dora=[parse_tile("5m")])
    layout.seats[0] = SeatLayout(pond=[(parse_tile("3m"), False)], hand_count=13)

    def first_frame() -> np.ndarray:
        renderer = TableRenderer(art, seed=25, look=Look(hard=True))
        return renderer.frame(renderer.scene(layout), 0, None, 10.0)

    alone = first_frame()
    cv2.randn(np.zeros((720, 1280, 3), np.int16), 0, 5)  # another test's noise, earlier in the process
    after_other_draws = first_frame()
    assert np.array_equal(alone, after_other_draws)

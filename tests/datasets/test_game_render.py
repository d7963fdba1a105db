"""Hard renders draw a lying tile's face where a pinhole camera sees it, 18 mm above the felt
(datasets.game_render; docs/live.md, "The view at face height")."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from riichi_table.datasets.game_play import SeatLayout, TableLayout
from riichi_table.engine.tiles import parse_tile

FAR_EDGE = 450.0 - 125.0 - 35.0 / 2  # table y (mm) of the far edge of seat 2's first pond tile


def _far_edge(art_folder: Path, tilt: float | None, hard: bool, at_face: bool) -> float:
    """Table y (mm) where the ivory of seat 2's lone pond tile starts, in the rectified view."""
    from riichi_table.datasets.game_render import Look, TableRenderer
    from riichi_table.datasets.tile_art import load_art
    from riichi_table.vision.calibrate import from_markers

    layout = TableLayout(seats=[SeatLayout(hand_count=0) for _ in range(4)])
    layout.seats[2] = SeatLayout(pond=[(parse_tile("5p"), False)], hand_count=0)
    renderer = TableRenderer(load_art(art_folder), seed=3, noise=0.0, look=Look(tilt=tilt, hard=hard))
    image = renderer.frame(renderer.scene(layout), 0, None, 10.0)
    view = from_markers(image).rectify(image, at_face=at_face)
    bright = view[240:360, 500:545].min(axis=2) > 150  # around the tile (x 509-536 mm)
    rows = np.nonzero(bright.sum(axis=1) > 10)[0]
    return 240.0 + float(rows[0])


@pytest.mark.parametrize("tilt", [30.0, 44.0], ids=lambda t: f"{t:g}deg")
def test_a_far_lying_faces_edge_is_at_its_place_in_the_face_height_view(
    art_folder: Path, tilt: float
) -> None:
    assert _far_edge(art_folder, tilt, hard=True, at_face=True) == pytest.approx(FAR_EDGE, abs=2.0)


@pytest.mark.parametrize("tilt", [30.0, 44.0], ids=lambda t: f"{t:g}deg")
def test_a_far_lying_face_is_drawn_its_whole_parallax_away_on_the_felts_plane(
    art_folder: Path, tilt: float
) -> None:
    # Seen from seat 0's side 30-44 degrees off overhead, 18 mm up shows some 11-20 mm farther on the felt
    # (the old renders drew half of it).
    assert FAR_EDGE - _far_edge(art_folder, tilt, hard=True, at_face=False) > 10.0


def test_tilted_looks_without_hard_keep_flat_tiles(art_folder: Path) -> None:
    assert _far_edge(art_folder, 44.0, hard=False, at_face=False) == pytest.approx(FAR_EDGE, abs=2.0)

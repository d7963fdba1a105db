"""A still render read at face height as the live session reads it: calibrated from its markers, the view
straightened at the lying faces' height, the felt and back colours learned over a few frames."""

from __future__ import annotations

from pathlib import Path

from riichi_table.datasets.game_play import TableLayout


def read_render(art_folder: Path, look: object, seed: int, layout: TableLayout, frames: int = 3):
    """(the reader, its reading of the last frame) of one still frame of `layout` rendered in `look`."""
    from riichi_table.datasets.game_render import TableRenderer
    from riichi_table.datasets.tile_art import load_art
    from riichi_table.vision.calibrate import from_markers
    from riichi_table.vision.live_reader import LiveReader, TileTemplates

    from riichi_table.assistant.session import DEMO_DIR

    renderer = TableRenderer(load_art(art_folder), seed=seed, look=look)
    image = renderer.frame(renderer.scene(layout), 0, None, 10.0)
    calib = from_markers(image)
    assert calib.camera is not None
    reader = LiveReader(TileTemplates.load(DEMO_DIR / "templates.npz"))
    reader.camera = calib.camera
    view = calib.rectify(image, at_face=True)
    for _ in range(frames):
        reading = reader.read(view)
    return reader, reading

"""Tile face templates for the live reader's template classifier, built from a tile art folder.

`build_templates(art_folder)` renders every face (34 kinds and the three red fives) and the back as the
rectified table view shows them (1 px per mm, softened like a camera image resampled), and
`save_templates(path, ...)` writes them as an `.npz` that `vision.live_reader.TileTemplates.load` reads.
This is the "enrolled set" of the live reader when no ONNX classifier is loaded.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
from numpy.typing import NDArray
from riichi_table.datasets.tile_art import load_art
from riichi_table.engine.tiles import BACK_CLASS, tile_from_class
from riichi_table.vision.live_reader import TEMPLATE_SIZE

SHIFTS_MM = ((0.0, 0.0), (-1.5, 0.0), (1.5, 0.0), (0.0, -1.5), (0.0, 1.5))


def build_templates(art_folder: Path, style: str = "Regular") -> tuple[NDArray[np.uint8], NDArray[np.int32]]:
    """Face crops (N, h, w, 3) uint8 at TEMPLATE_SIZE and their detector classes (0..37).

    Like enrolling with a layout sheet: every face is laid in front of every seat, filmed by the synthetic
    camera (no noise), rectified and cropped the way the live reader crops, so the templates carry the
    same softness as the tiles the reader will see, near the camera and far from it.
    """
    from riichi_table.datasets.game_render import MARGIN_MM, TableRenderer
    from riichi_table.vision.calibrate import from_markers
    from riichi_table.vision.live_reader import LiveReader, TileTemplates

    art = load_art(art_folder, style)
    renderer = TableRenderer(art, seed=0, noise=0.0)
    geo = renderer.geo
    class_ids = [*range(37), BACK_CLASS]
    scene = renderer._base.copy()
    spots: list[tuple[int, int, float, float]] = []
    for seat in range(4):
        for n, class_id in enumerate(class_ids):
            row, col = divmod(n, 7)
            u = (col - 3) * (geo.tile_w + 6)
            v = geo.pond_v0 - 10 + row * (geo.tile_h + 5)
            t = None if class_id == BACK_CLASS else tile_from_class(class_id)
            renderer._paste(scene, t, seat, u, v, False)
            spots.append((seat, class_id, u, v))
    del MARGIN_MM
    frame = renderer.frame(scene, 0, None, 10.0)
    calib = from_markers(frame)
    view = calib.rectify(frame)
    dummy = TileTemplates(
        np.zeros((1, TEMPLATE_SIZE[1], TEMPLATE_SIZE[0], 3), np.uint8), np.zeros(1, np.int32)
    )
    reader = LiveReader(dummy, geo)
    images, classes = [], []
    for seat, class_id, u, v in spots:
        # The face centre sits a little off the body's; small shifts make the match forgive a loose box.
        for du, dv in SHIFTS_MM:
            x, y = geo.to_table(seat, u + du, v + 1.2 + dv)
            images.append(reader._crops(view, x, y, seat, False)[0])
            classes.append(class_id)
    return np.stack(images).astype(np.uint8), np.array(classes, np.int32)


def save_templates(path: Path, images: NDArray[np.uint8], classes: NDArray[np.int32]) -> None:
    """Write templates for `TileTemplates.load`."""
    path.parent.mkdir(parents=True, exist_ok=True)
    np.savez_compressed(path, images=images, classes=classes)

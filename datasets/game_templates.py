"""Tile face templates for the live reader's template classifier, built from a tile art folder.

`build_templates(art_folder)` renders every face (34 kinds and the three red fives) and the back as the
rectified table view shows them (1 px per mm, softened like a camera image resampled), and
`save_templates(path, ...)` writes them as an `.npz` that `vision.live_reader.TileTemplates.load` reads.
This is the "enrolled set" of the live reader when no ONNX classifier is loaded.
"""

from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np
from numpy.typing import NDArray

from datasets.tile_art import TileBody, load_art, render_tile
from engine.tiles import BACK_CLASS, tile_from_class
from vision.live_reader import TEMPLATE_SIZE


def build_templates(art_folder: Path, style: str = "Regular") -> tuple[NDArray[np.uint8], NDArray[np.int32]]:
    """Face images (N, h, w, 3) uint8 at TEMPLATE_SIZE and their detector classes (0..37)."""
    art = load_art(art_folder, style)
    images = []
    classes = []
    w, h = TEMPLATE_SIZE
    for class_id in [*range(37), BACK_CLASS]:
        t = None if class_id == BACK_CLASS else tile_from_class(class_id)
        sprite = render_tile(art, t, height=140, body=TileBody(view=0.0))
        face = cv2.cvtColor(np.ascontiguousarray(sprite.image[..., :3]), cv2.COLOR_BGR2RGB)
        face = cv2.cvtColor(face, cv2.COLOR_RGB2BGR)
        x0, y0, x1, y1 = (int(v) for v in (*sprite.face_quad[0], *sprite.face_quad[2]))
        crop = face[y0:y1, x0:x1]
        # Soften like a camera at ~0.7 px/mm resampled to the 1 px/mm view.
        small = cv2.resize(crop, (18, 24), interpolation=cv2.INTER_AREA)
        images.append(cv2.resize(small, (w, h), interpolation=cv2.INTER_LINEAR))
        classes.append(class_id)
    return np.stack(images).astype(np.uint8), np.array(classes, np.int32)


def save_templates(path: Path, images: NDArray[np.uint8], classes: NDArray[np.int32]) -> None:
    """Write templates for `TileTemplates.load`."""
    path.parent.mkdir(parents=True, exist_ok=True)
    np.savez_compressed(path, images=images, classes=classes)

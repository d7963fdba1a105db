"""Regenerate the rendered test samples: `python tests/vision/make_samples.py` from the repo root.

hand_pon.jpg: a won hand lying face up on a green mat, seen from above: ten concealed tiles, the winning tile
set apart, and a pon of red dragons called from toimen (the middle tile sideways, seed 002 3.3.8).
"""

from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np
from riichi_table.datasets.tile_art import TileBody, load_art, paste_tile, render_tile
from riichi_table.engine.tiles import parse_tiles

ART = Path(__file__).resolve().parents[2] / ".." / "shared" / "tile-art" / "fluffystuff-riichi"
OUT = Path(__file__).resolve().parent / "samples"
HAND = "234m567p34s22s"
WIN = "5s"
PON = "777z"  # middle tile sideways: called from toimen
EXPECTED = {"hand": "234m567p2234s", "win": "5s", "melds": [{"kind": "pon", "tiles": "777z", "from": 2}]}


def render_hand_pon(style: str = "Regular", height: int = 56) -> np.ndarray:
    art = load_art(ART, style)
    rng = np.random.default_rng(3)
    canvas = np.zeros((160, 800, 3), np.uint8)
    canvas[:] = (60, 120, 40)
    canvas = np.clip(canvas + rng.normal(0, 6, canvas.shape), 0, 255).astype(np.uint8)
    body = TileBody(view=0.2)
    x = 30.0
    y = 80.0
    for t in parse_tiles(HAND):
        sprite = render_tile(art, t, height=height, body=body)
        w = sprite.image.shape[1]
        paste_tile(canvas, sprite, (x + w / 2, y))
        x += w + 1
    x += 18
    sprite = render_tile(art, parse_tiles(WIN)[0], height=height, body=body)
    paste_tile(canvas, sprite, (x + sprite.image.shape[1] / 2, y))
    x += sprite.image.shape[1] + 40
    for i, t in enumerate(parse_tiles(PON)):
        sprite = render_tile(art, t, height=height, body=body, sideways=i == 1)
        w = sprite.image.shape[1]
        paste_tile(canvas, sprite, (x + w / 2, y))
        x += w + 1
    return canvas


if __name__ == "__main__":
    OUT.mkdir(exist_ok=True)
    cv2.imwrite(str(OUT / "hand_pon.jpg"), render_hand_pon(), [cv2.IMWRITE_JPEG_QUALITY, 90])

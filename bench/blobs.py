"""A table mask's blobs labelled by `vision.blobs.blobs` and by `cv2.connectedComponentsWithStats` alone.

    .venv/bin/python bench/blobs.py [ROUNDS]

Masks as the live reader labels them on the 900 x 900 view straightened at the tiles' faces: a full table
(four ponds of up to 24 tiles, four hand rows at the edges, the dead wall in the middle), the rims of its
tiles (what the point-stick opening takes off a real view's blobs), a few specks at two corners, and
nothing at all. Each is labelled ROUNDS times both
ways, interleaved; the median and best time of each are printed with the ratio of the medians, and the two
answers are compared.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path

import cv2
import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from riichi_table.vision.blobs import blobs

SIDE = 900
TILE = (26, 35)  # px of a lying tile's face at the reader's 3 px/mm view, about


def _table(rng: np.random.Generator) -> np.ndarray:
    mask = np.zeros((SIDE, SIDE), np.uint8)
    w, h = TILE
    for seat in range(4):
        pond = np.zeros((3 * h + 4, 6 * w + 10), np.uint8)
        for i in range(int(rng.integers(6, 19))):
            x, y = (i % 6) * (w + 2), (i // 6) * (h + 2)
            pond[y : y + h, x : x + w] = 255
        hand = np.zeros((h // 2, 14 * (w + 1)), np.uint8)
        for i in range(13):
            hand[:, i * (w + 1) : i * (w + 1) + w] = 255
        pond, hand = np.rot90(pond, seat), np.rot90(hand, seat)
        # ponds around the centre, hands along the edges
        cy, cx = [(600, 450), (450, 600), (300, 450), (450, 300)][seat]
        py, px = cy - pond.shape[0] // 2, cx - pond.shape[1] // 2
        mask[py : py + pond.shape[0], px : px + pond.shape[1]] |= pond
        hy, hx = [(860, 450), (450, 860), (40, 450), (450, 40)][seat]
        hy, hx = hy - hand.shape[0] // 2, hx - hand.shape[1] // 2
        mask[hy : hy + hand.shape[0], hx : hx + hand.shape[1]] |= hand
    mask[430:470, 390:510] = 255  # the dead wall
    return mask


def _specks(rng: np.random.Generator) -> np.ndarray:
    mask = np.zeros((SIDE, SIDE), np.uint8)
    for x, y in rng.integers(0, 40, size=(5, 2)).tolist() + rng.integers(860, 896, size=(5, 2)).tolist():
        mask[y : y + 3, x : x + 2] = 255
    return mask


def _times(f: Callable[[], object], rounds: int) -> list[float]:
    out = []
    for _ in range(rounds):
        started = time.perf_counter()
        f()
        out.append(time.perf_counter() - started)
    return out


def main() -> int:
    rounds = int(sys.argv[1]) if len(sys.argv) > 1 else 200
    rng = np.random.default_rng(7)
    table = _table(rng)
    rims = cv2.morphologyEx(table, cv2.MORPH_GRADIENT, np.ones((3, 3), np.uint8))
    masks = {"table": table, "rims": rims, "specks": _specks(rng), "empty": np.zeros((SIDE, SIDE), np.uint8)}
    head = f"{'mask':<8} {'set px':>7} {'blobs':>6} {'cv2 ms (best)':>14} {'ours ms (best)':>15}"
    print(head, "ours/cv2  same")
    for name, mask in masks.items():
        for connectivity in (4, 8):
            theirs = cv2.connectedComponentsWithStats(mask, connectivity=connectivity)
            ours = blobs(mask, connectivity)
            same = (
                theirs[0] == ours[0]
                and np.array_equal(theirs[1], ours[1])
                and np.array_equal(theirs[2], ours[2])
                and np.allclose(theirs[3], ours[3])
            )
            t_cv2: list[float] = []
            t_ours: list[float] = []
            for _ in range(10):  # interleaved, so a busy spell of the host falls on both
                theirs_call = partial(cv2.connectedComponentsWithStats, mask, connectivity=connectivity)
                t_cv2 += _times(theirs_call, rounds // 10)
                t_ours += _times(partial(blobs, mask, connectivity), rounds // 10)
            a, b = float(np.median(t_cv2)), float(np.median(t_ours))
            print(
                f"{name + '/' + str(connectivity):<8} {cv2.countNonZero(mask):>7} {theirs[0] - 1:>6} "
                f"{a * 1e3:>6.2f} ({min(t_cv2) * 1e3:.2f}) {b * 1e3:>7.2f} ({min(t_ours) * 1e3:.2f}) "
                f"{b / a:>7.2f}x  {same}"
            )
    print(f"OpenCV {cv2.__version__}, {cv2.getNumThreads()} threads")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

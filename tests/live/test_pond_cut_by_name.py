"""White cloth at face height: a pond row whose sideways tile could lie at more than one of its tiles is cut
every such way, and the reader keeps the cut whose faces it names surest (vision/tile_cuts.py `_runner_up`,
vision/live_reader.py `_surer_cuts`; docs/live.md "A riichi tile the cut put elsewhere in its row").

Seed 10279, white cloth, blue backs, 40 degrees, full light: seat 2's riichi 4s lay sideways third in its far
second row, after the 3m and the 1s. The row's faces (frame 214, 1 px per mm, the view straightened at the
faces' height) fitted the 3m sideways at the row's start a little cheaper than the 4s; cut so, the namer gave
its three cells 0.2-0.7, and the riichi was never read. The masks are what the cut was given (blue: the
faces, green: the tiles' outlines in ninths); the picture is the view there.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from types import SimpleNamespace

import cv2
import numpy as np
import pytest
from riichi_table.vision.zones import TableGeometry

from tests.live.view_crops import view_around

DATA = Path(__file__).parent / "data"
GEO = TableGeometry()
AT = (423, 269)  # the blob's top-left corner in the view (px = mm)
SIDE = (-2.108, 18.365)  # how far each face's side shows along the view's x and y (mm)
VIEW_AT = (410, 262)  # the picture's top-left corner in the view
CAMERA = SimpleNamespace(foot=(393.85, 1050.81), height_mm=727.06)  # where the camera stood (table mm)
M3, S1, S4 = 2, 18, 21  # kinds of the 3m, the 1s and the 4s


@pytest.fixture(scope="module")
def masks() -> tuple[np.ndarray, np.ndarray]:
    img = cv2.imread(str(DATA / "far_riichi_row_white_cuts.png"))
    assert img is not None
    return img[..., 0] > 127, (img[..., 1] // 28).astype(np.float32) / 9.0


@pytest.fixture(scope="module")
def view() -> np.ndarray:
    return view_around(DATA / "far_riichi_row_white.png", VIEW_AT)


@pytest.fixture(scope="module")
def reader():
    from riichi_table.vision.live_reader import LiveReader, TileTemplates

    from riichi_table.assistant.session import DEMO_DIR

    out = LiveReader(TileTemplates.load(DEMO_DIR / "templates.npz"), namer="onnx")
    out.camera, out._rims = CAMERA, True  # faces at their height, on white cloth: crops centred on them
    return out


def _cut(masks, **kw) -> tuple[list, list]:
    from riichi_table.vision.tile_cuts import cut_blob

    blob, gaps = masks
    boxes: list[tuple[int, int, int, int]] = []
    alternatives: list[tuple[int, list[tuple[int, int, int, int]]]] = []
    cut_blob(blob, gaps, *AT, boxes, GEO, 1.0, rims=True, side_mm=SIDE, alternatives=alternatives, **kw)
    return boxes, alternatives


def _second_row(boxes) -> list[tuple[float, bool]]:
    """Seat 2's second pond row as cut: (u of each cell, whether it is sideways), along the row."""
    out = []
    for x, y, w, h in boxes:
        seat, area, u, v = GEO.area_of(x + w / 2, y + h / 2)
        if seat == 2 and area == "pond" and v > 140:
            out.append((round(u), w > h))
    return sorted(out)


def test_the_far_row_fits_the_row_start_sideways_best_and_the_riichi_tile_as_another_cut(masks) -> None:
    boxes, alternatives = _cut(masks)
    row = _second_row(boxes)
    assert [side for _, side in row] == [True, False, False]  # the 3m (the row's start) sideways
    others = [_second_row(cells) for _, cells in alternatives]
    assert [False, False, True] in [[side for _, side in cut] for cut in others]  # the 4s sideways
    first = {first for first, _ in alternatives}
    assert len(first) == 1 and all(len(cells) == len(row) for _, cells in alternatives)


def test_without_alternatives_asked_for_the_cut_is_as_before(masks) -> None:
    from riichi_table.vision.tile_cuts import cut_blob

    blob, gaps = masks
    boxes: list[tuple[int, int, int, int]] = []
    cut_blob(blob, gaps, *AT, boxes, GEO, 1.0, rims=True, side_mm=SIDE)
    assert boxes == _cut(masks)[0]


def _read(reader, view, cells) -> list:
    """The cells as readings, centred on their faces and named as cut (as the reader reads them)."""
    from riichi_table.vision.live_namer import TilePose

    tiles = [
        reader._reading(*reader._face_centre(x + w / 2, y + h / 2, w, h), w, h, False) for x, y, w, h in cells
    ]
    names = reader.name(view, [TilePose(t.x, t.y, t.seat, t.sideways) for t in tiles])
    return [replace(t, scores=s) for t, s in zip(tiles, names, strict=True)]


def _choose(reader, view, own_cells, other_cuts) -> list:
    """The row read as `own_cells` after the reader weighed `other_cuts` against it: (u, sideways, kind)
    of each tile, along the row."""
    from riichi_table.vision.live_namer import TilePose
    from riichi_table.vision.track import kind_of_class

    tiles = _read(reader, view, own_cells)
    plain = {k: k for k in range(len(tiles))}
    others = reader._other_cuts([(0, cells) for cells in other_cuts], plain, tiles, None)
    assert len(others) == len(other_cuts)
    poses = [TilePose(r.x, r.y, r.seat, r.sideways) for _, cut in others for r, new in cut if new]
    rows = reader._surer_cuts(others, reader.name(view, poses), tiles, list(range(len(tiles))))
    assert rows == list(range(len(tiles)))
    return sorted((round(t.u), t.sideways, kind_of_class(int(np.argmax(t.scores)))) for t in tiles)


def test_the_reader_keeps_the_cut_that_names_the_row_surest(reader, masks, view) -> None:
    boxes, alternatives = _cut(masks)
    first = alternatives[0][0]
    own = boxes[first : first + len(alternatives[0][1])]
    chosen = _choose(reader, view, own, [cells for _, cells in alternatives])
    assert [(side, kind) for _, side, kind in chosen] == [(False, M3), (False, S1), (True, S4)]


def test_a_row_cut_with_its_riichi_tile_sideways_keeps_that_cut(reader, masks, view) -> None:
    boxes, alternatives = _cut(masks)
    first = alternatives[0][0]
    own = boxes[first : first + len(alternatives[0][1])]
    right = next(
        cells for _, cells in alternatives if [s for _, s in _second_row(cells)] == [False, False, True]
    )
    others = [own] + [cells for _, cells in alternatives if cells != right]
    chosen = _choose(reader, view, right, others)
    assert [(side, kind) for _, side, kind in chosen] == [(False, M3), (False, S1), (True, S4)]

"""White cloth with photographed faces at face height: a meld's called tile, its far end lost on the cloth and
cut as long as an upright tile, is read sideways by its name (vision/live_reader.py `_turned_meld_tile`;
docs/live.md "A row's far end on the cloth, a side's residue, a guessed discard called, a called tile told
by its name").

Seed 8919, white cloth, blue backs, 40 degrees, full light, photographed faces: seat 3's pon of seat 2's N
was cut as three upright N's; no tile of the meld lay sideways, and no call was read. The picture is that
meld in the view straightened at the faces' height (frame 158, 1 px per mm, its top-left corner at table
(40, 740) mm), on a view of the cloth's colour.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from tests.live.view_crops import view_around

DATA = Path(__file__).parent / "data"
CELLS = [(88.0, 788.0), (97.0, 817.0), (97.0, 846.0)]  # the three cells cut upright, table mm
N = 30  # class of the north wind


@pytest.fixture(scope="module")
def view() -> np.ndarray:
    return view_around(DATA / "photo_pon_white_cloth.png", (40, 740), mat_rows=4)


@pytest.fixture(scope="module")
def reader():
    from riichi_table.vision.live_reader import LiveReader, TileTemplates

    from riichi_table.assistant.session import DEMO_DIR

    return LiveReader(TileTemplates.load(DEMO_DIR / "templates.npz"), namer="onnx")


def _cells(reader, view, cells: list[tuple[float, float]], sideways: int | None = None) -> list:
    """The cells as the reader cut them (upright, or `sideways` at that index), named as cut."""
    from riichi_table.vision.live_namer import TilePose
    from riichi_table.vision.tile_reading import TileReading

    tiles = []
    for i, (x, y) in enumerate(cells):
        seat, area, u, v = reader.geo.area_of(x, y)
        side = i == sideways
        scores = reader.name(view, [TilePose(x, y, seat, side)])[0]
        tiles.append(TileReading(x, y, seat, area, u, v, side, False, scores))
    return tiles


def test_the_called_tile_cut_upright_names_surer_lying_sideways_and_is_read_so(reader, view) -> None:
    tiles = _cells(reader, view, CELLS)
    assert [t.area for t in tiles] == ["hand"] * 3 and [t.seat for t in tiles] == [3] * 3
    reader._turned_meld_tile(view, tiles, [1, 1, 1], [0, 1, 2])
    assert [(t.class_id, t.sideways) for t in tiles] == [(N, True), (N, False), (N, False)]
    assert float(tiles[0].scores.max()) >= 0.9


def test_a_meld_read_with_its_sideways_tile_is_left_as_read(reader, view) -> None:
    tiles = _cells(reader, view, CELLS, sideways=0)
    before = [(t.class_id, t.sideways) for t in tiles]
    reader._turned_meld_tile(view, tiles, [1, 1, 1], [0, 1, 2])
    assert [(t.class_id, t.sideways) for t in tiles] == before == [(N, True), (N, False), (N, False)]


def test_a_piece_too_long_for_a_meld_or_not_named_this_frame_is_left_upright(reader, view) -> None:
    # Five cells (a hand laid open, or a part of one), or cells known from earlier frames (not named now):
    # no called tile is looked for.
    five = _cells(reader, view, [(88.0, 730.0), (88.0, 759.0), *CELLS])
    assert [t.area for t in five] == ["hand"] * 5
    reader._turned_meld_tile(view, five, [1] * 5, list(range(5)))
    assert not any(t.sideways for t in five)
    three = _cells(reader, view, CELLS)
    reader._turned_meld_tile(view, three, [1, 1, 1], [1, 2])
    assert not any(t.sideways for t in three)

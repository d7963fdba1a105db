"""A standing hand's ivory bodies, cut apart from its row of backs, are no lying tiles (vision/not_tiles.py,
`drop_standing`).

On a render of white cloth with black backs at 37 degrees, dim and hard (bench/live.py matrix, seed 318),
seat 2's standing hand showed the camera its row of black backs and, above it, its tiles' ivory bodies. The
blob was cut into two rows: the backs' cells were left out one by one as standing tops (half face, half
back), but four body cells were named white dragons, one cut sideways: a daiminkan of the 9s seat 1 had just
discarded was made up, and with it seat 2's hand counted three tiles short at the draw (its tenpai lost).
Most of that blob's cells are a standing tile's parts: the whole blob is the standing hand.
"""

from __future__ import annotations

import numpy as np
from riichi_table.engine.tiles import BACK_CLASS
from riichi_table.vision.not_tiles import STANDING, Rejected, drop_standing
from riichi_table.vision.tile_reading import N_CLASSES, TileReading
from riichi_table.vision.zones import TableGeometry

GEO = TableGeometry()
HAKU = 31


def _cell(u: float, v: float, kind: int, area: str = "hand") -> TileReading:
    x, y = GEO.to_table(2, u, v)
    scores = np.zeros(N_CLASSES, np.float32)
    scores[kind] = 1.0
    return TileReading(x, y, 2, area, u, v, False, False, scores)  # type: ignore[arg-type]


def test_body_cells_of_a_blob_whose_row_of_backs_was_left_out_as_standing_tops_go_too() -> None:
    bodies = [_cell(-238 + 30 * i, 404, HAKU) for i in range(4)]
    rejected: list[Rejected] = []
    kept = drop_standing(bodies, [0, 1, 2, 3], [7, 7, 7, 7], rejected, tops={7: 11})
    assert kept == []
    assert [r.reason for r in rejected] == [STANDING] * 4


def test_a_meld_beside_a_few_standing_tops_of_another_blob_stays() -> None:
    meld = [_cell(330 + 29 * i, 370, 30) for i in range(3)]
    kept = drop_standing(meld, [0, 1, 2], [3, 3, 3], [], tops={7: 11, 3: 1})
    assert kept == meld


def test_named_backs_still_go_on_their_own_and_a_blob_of_mostly_backs_goes_whole() -> None:
    cells = [_cell(0, 370, BACK_CLASS), _cell(30, 370, 5), _cell(60, 370, 6)]
    assert drop_standing(cells, [0, 1, 2], [1, 1, 1], []) == cells[1:]
    assert drop_standing(cells, [0, 1, 2], [1, 1, 1], [], tops={1: 1}) == []

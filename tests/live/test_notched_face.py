"""The point-stick opening (vision/not_tiles.py, `without_sticks`) takes what is thinner than a lying tile
is deep, but keeps the pieces of a face that a notch of the felt's colour narrowed: on wood felt a 7s's red
bamboo, read as felt, cut the top of its face into two strips 8-10 px wide (seed 1013, wood felt, green backs,
40 degrees), which went, and the rest of the face was too short for a lying tile."""

from __future__ import annotations

import numpy as np
from riichi_table.vision.not_tiles import STICK, without_sticks
from riichi_table.vision.zones import TableGeometry


def _table() -> np.ndarray:
    solid = np.zeros((200, 200), np.uint8)
    solid[40:75, 60:86] = 1  # a lying tile's face, 26 x 35 px at 1 px per mm
    solid[40:53, 69:75] = 0  # a notch from its top edge, 6 px wide and 13 deep (the red bamboo)
    solid[100:109, 20:180] = 1  # a point stick, 9 px wide and 160 long
    return solid


def test_the_notched_face_keeps_its_strips_and_the_stick_goes() -> None:
    rejected: list = []
    kept = without_sticks(_table(), TableGeometry(), 1.0, rejected)
    rows = np.nonzero(kept[:, 60:86].any(axis=1))[0]
    assert (rows[0], rows[-1]) == (40, 74)  # the face's whole depth
    assert not kept[100:109].any()
    assert [r.reason for r in rejected] == [STICK]


def test_a_short_piece_alone_goes() -> None:
    solid = np.zeros((100, 100), np.uint8)
    solid[20:32, 20:30] = 1  # a scrap touching nothing that stays
    assert not without_sticks(solid, TableGeometry(), 1.0, []).any()


def test_the_slivers_the_opening_takes_off_a_tiles_rim_stay_off() -> None:
    # Put back, a sliver along a tile's rim joined a meld at a far corner to what lay beside it (seed 881,
    # 44 degrees).
    solid = np.zeros((100, 100), np.uint8)
    solid[20:55, 20:46] = 1
    solid[30:44, 46:48] = 1  # a 2 px sliver on its right rim
    kept = without_sticks(solid, TableGeometry(), 1.0, [])
    assert kept[20:55, 20:46].all() and not kept[:, 46:].any()

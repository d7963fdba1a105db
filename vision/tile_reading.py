"""One frame's tile readings (`vision.live_reader` to `vision.track`) and how a tile lies in its seat's frame.

Positions are in table mm (x, y) and in the seat's frame (u along its row, v away from the centre;
`vision.zones`).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from numpy.typing import NDArray
from riichi_table.vision.zones import Area, TableGeometry

N_CLASSES = 38


@dataclass(frozen=True)
class TileReading:
    """One lying tile seen in one frame. x, y: centre in table mm; u, v: in its seat's frame.

    scores: (38,) float32 probabilities over detector classes (0..36 faces, 37 back).
    """

    x: float
    y: float
    seat: int
    area: Area
    u: float
    v: float
    sideways: bool
    face_down: bool
    scores: NDArray[np.float32]
    # Cut sideways only because its pond row holds the riichi tile the game recorded (`tile_cuts.cut_blob`'s
    # `held`): the record's word, not the frame's, so no evidence of the tile's orientation.
    held: bool = False

    @property
    def class_id(self) -> int:
        return int(np.argmax(self.scores))

    @property
    def width_u(self) -> float:
        """Extent along the seat's u axis in mm (a sideways tile is long along u)."""
        return tile_width_u(self.sideways)


def tile_width_u(sideways: bool) -> float:
    """A tile's extent in mm along its seat's u axis: its long side when it lies sideways."""
    return _GEOMETRY.tile_h if sideways else _GEOMETRY.tile_w


_GEOMETRY = TableGeometry()
# A cell whose sides differ by less than this (mm) is square, and is read alike for every seat (the sides'
# order decided it before: upright for seats 0 and 2, sideways for 1 and 3).
SQUARE_MM = 2.0


def lies_sideways(seat: int, area: Area, w: float, h: float) -> bool:
    """Whether a cell w x h mm (table x, y) is a tile lying sideways in `seat`'s frame (long side along the
    seat's row).

    A square cell (sides within SQUARE_MM): in a pond, sideways when it is longer along the row than the
    middle of a tile's two sides (a riichi tile just laid, or on white cloth, is found as deep as it is long;
    an upright tile is only a short side long along the row); elsewhere upright (in a hand row seen at an
    angle, an upright tile's face and body are about as deep as the cut is long)."""
    along, across = (w, h) if seat in (0, 2) else (h, w)
    if abs(along - across) < SQUARE_MM:
        return area == "pond" and along > (_GEOMETRY.tile_w + _GEOMETRY.tile_h) / 2
    return along > across


@dataclass(frozen=True)
class FrameReading:
    """All tiles of one rectified frame, and a quarter-resolution mask of bare mat (True = mat is seen)."""

    tiles: tuple[TileReading, ...]
    mat: NDArray[np.bool_]
    mat_scale: float  # mat mask pixels per mm

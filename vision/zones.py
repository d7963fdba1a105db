"""Where things lie on the table: seats, ponds, meld areas, open hands and the dora indicators.

Coordinates: the rectified table view in millimetres, (0, 0) at the top-left marker centre, x right, y down,
seat 0 at the bottom edge and seats counter-clockwise (ARCHITECTURE.md). Each seat also has its own frame
(u, v): u runs to the seat's right, v from the table centre towards the seat, in mm. A seat sees its own tiles
upright: their top points to the centre.

Nothing here is a fixed box per tile. A tile's seat is the quarter of the table (cut along the diagonals) it
lies in; its area comes from its distance from the centre (dora area, pond, hand row); pond order is read off
the rows the tiles actually form (rows of six, seeds 002/004 section 3.3), and the hand row splits into groups
by the gaps people leave, a group with a sideways or face-down tile being a meld (seed 002 3.3.8).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

import numpy as np

Area = Literal["dora", "pond", "hand", "meld", "outside"]

# Seat axes in table coordinates: (right-of-seat, towards-seat).
_AXES = {
    0: ((1.0, 0.0), (0.0, 1.0)),
    1: ((0.0, -1.0), (1.0, 0.0)),
    2: ((-1.0, 0.0), (0.0, -1.0)),
    3: ((0.0, 1.0), (-1.0, 0.0)),
}


@dataclass(frozen=True)
class TableGeometry:
    """Sizes of the table and the tiles, in mm. The defaults match the synthetic table and real sets."""

    side_mm: float = 900.0  # between marker centres
    tile_w: float = 26.0  # short side of a tile's face
    tile_h: float = 35.0  # long side
    pitch: float = 29.0  # tile width plus the usual gap, along a pond row or a hand
    row_pitch: float = 39.0  # between pond rows
    pond_v0: float = 125.0  # centre of the first pond row from the table centre
    dora_radius: float = 100.0  # inside this (max of |u|, |v|) lies the dead wall
    hand_v: float = 360.0  # centre line of a seat's hand and melds
    hand_v_min: float = 295.0  # the hand row starts here
    hand_u0: float = -285.0  # first tile of a hand (left end, from the seat's view)
    meld_u_right: float = 405.0  # right end of the first meld

    @property
    def centre(self) -> tuple[float, float]:
        return (self.side_mm / 2.0, self.side_mm / 2.0)

    def to_table(self, seat: int, u: float, v: float) -> tuple[float, float]:
        """Seat frame (u, v) -> table mm (x, y)."""
        (rx, ry), (ox, oy) = _AXES[seat]
        cx, cy = self.centre
        return (cx + u * rx + v * ox, cy + u * ry + v * oy)

    def to_seat(self, seat: int, x: float, y: float) -> tuple[float, float]:
        """Table mm (x, y) -> seat frame (u, v)."""
        (rx, ry), (ox, oy) = _AXES[seat]
        cx, cy = self.centre
        dx, dy = x - cx, y - cy
        return (dx * rx + dy * ry, dx * ox + dy * oy)

    def seat_angle(self, seat: int) -> float:
        """Screen rotation (degrees, counter-clockwise) that turns an upright tile to face `seat`."""
        return 90.0 * seat

    @property
    def corner_min(self) -> float:
        """Where a corner starts (both |dx| and |dy| from the centre beyond it): midway between the centre of
        a hand's first tile (|hand_u0|) and the inner side of the meld row (hand_v - tile_h / 2). A corner
        holds the melds of one seat and the left end of the next seat's hand: a laid-open hand's first tile,
        whose face a camera at 37-40 degrees shows up to ten mm farther out (the face stands above the table
        plane), stays with its seat, and a meld's added-kan tile (one tile width inside the row) with the
        melds."""
        return (-self.hand_u0 + self.hand_v - self.tile_h / 2) / 2

    def in_corner(self, x: float, y: float) -> bool:
        """Whether (x, y) lies in a table corner, where one seat's melds lie (`corner_min`)."""
        cx, cy = self.centre
        return min(abs(x - cx), abs(y - cy)) > self.corner_min

    def seat_of(self, x: float, y: float) -> int:
        """The seat whose quarter of the table (cut along the diagonals) holds (x, y); corners go to melds."""
        cx, cy = self.centre
        dx, dy = x - cx, y - cy
        if self.in_corner(x, y):
            # A corner holds the melds of the seat whose right-hand side it is (seed 002 3.3.8).
            return {(1, 1): 0, (1, -1): 1, (-1, -1): 2, (-1, 1): 3}[
                (1 if dx > 0 else -1, 1 if dy > 0 else -1)
            ]
        if abs(dy) >= abs(dx):
            return 0 if dy >= 0 else 2
        return 1 if dx >= 0 else 3

    def area_of(self, x: float, y: float) -> tuple[int, Area, float, float]:
        """(seat, area, u, v) of a point; the hand row is `hand` here, `group_hand_row` finds the melds."""
        cx, cy = self.centre
        if max(abs(x - cx), abs(y - cy)) < self.dora_radius:
            u, v = self.to_seat(0, x, y)
            return 0, "dora", u, v
        seat = self.seat_of(x, y)
        u, v = self.to_seat(seat, x, y)
        if v < self.hand_v_min:
            return seat, "pond", u, v
        if v < self.side_mm / 2.0 - 40 and abs(u) < self.side_mm / 2.0 - 30:
            return seat, "hand", u, v
        return seat, "outside", u, v  # the corner markers and beyond


@dataclass(frozen=True)
class Placed:
    """A tile reading placed on the table: seat frame position, size along u (mm), and how it lies."""

    index: int  # into the caller's list
    u: float
    v: float
    width_u: float
    sideways: bool
    face_down: bool


def pond_order(tiles: list[Placed], geometry: TableGeometry) -> list[int]:
    """Indices of one seat's pond tiles in discard order: row by row from the centre, left to right.

    Rows are found from the tiles' v (a new row starts where v jumps by more than half a row pitch), so a pond
    that sits a little off the expected place still reads in order.
    """
    if not tiles:
        return []
    by_v = sorted(tiles, key=lambda t: t.v)
    rows: list[list[Placed]] = [[by_v[0]]]
    for t in by_v[1:]:
        row_v = float(np.mean([r.v for r in rows[-1]]))
        if t.v - row_v > geometry.row_pitch * 0.5:
            rows.append([t])
        else:
            rows[-1].append(t)
    return [t.index for row in rows for t in sorted(row, key=lambda t: t.u)]


def group_hand_row(tiles: list[Placed], geometry: TableGeometry) -> list[list[Placed]]:
    """Split one seat's face-up/face-down lying tiles of the hand row into groups, left to right.

    A gap wider than a third of a tile width between neighbours starts a new group.
    """
    ordered = sorted(tiles, key=lambda t: t.u)
    groups: list[list[Placed]] = []
    for t in ordered:
        if groups:
            prev = groups[-1][-1]
            gap = (t.u - t.width_u / 2) - (prev.u + prev.width_u / 2)
            if gap <= geometry.tile_w / 3:
                groups[-1].append(t)
                continue
        groups.append([t])
    return groups


def is_meld_group(group: list[Placed]) -> bool:
    """A group in the hand row is a meld when it has a sideways or a face-down tile (seed 002 3.3.8)."""
    return len(group) >= 3 and any(t.sideways or t.face_down for t in group)


def called_from(seat: int, group: list[Placed]) -> int | None:
    """The seat a meld's sideways tile came from: left = kamicha, middle = toimen, right = shimocha.

    `group` is the meld without an added-kan tile stacked on the sideways one (seed 002 3.3.8).
    """
    sideways = [i for i, t in enumerate(group) if t.sideways]
    if not sideways:
        return None
    pos = sideways[0]
    if pos == 0:
        return (seat + 3) % 4
    if pos == len(group) - 1:
        return (seat + 1) % 4
    return (seat + 2) % 4

"""Why the live reader cannot read the table, in a player's words, and the set-up check before a game.

`Diagnosis` gathers what the pipeline saw over the last frames (markers found, the view check, tiles found
and named, tiles lying outside every zone) and `reasons()` turns it into sentences for the Table page and
for `riichi-table replay`, with pictures of the tiles found but not named (`UnnamedCrop`, cut by the session).
`setup_check` answers "put one tile face up in each pond" from the stable tiles.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

import numpy as np
from numpy.typing import NDArray
from riichi_table.engine.tiles import BACK_CLASS

MARKER_PLACES = {0: "bottom-left", 1: "bottom-right", 2: "top-right", 3: "top-left"}
SEAT_NAMES = {0: "the near seat (0)", 1: "the right seat (1)", 2: "the far seat (2)", 3: "the left seat (3)"}
UNNAMED_BELOW = 0.7  # best class probability under which a face-up tile is "found but not named"
# (measured: tiles of a known face score ~1.0 with the classifier, a scribbled-over face 0.56-0.58)
KIND_NAMES = [f"{n}{s}" for s in "mps" for n in range(1, 10)] + [f"{n}z" for n in range(1, 8)]


def _named(markers: Sequence[int]) -> str:
    """'bottom-right (1) and top-left (3)'."""
    names = [f"{MARKER_PLACES.get(i, '?')} ({i})" for i in markers]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def markers_missing(missing: Sequence[int]) -> str:
    """'the table markers bottom-right (1) and top-left (3) not found in the picture: ...' for the page."""
    s, them, they = ("s", "them", "they are") if len(missing) > 1 else ("", "it", "it is")
    return (
        f"table marker{s} {_named(missing)} not found in the picture: move what covers {them}, light {them}, "
        f"or tilt the camera less so {they} bigger in the picture"
    )


def camera_moved_marker_hidden(missing: Sequence[int], shift_px: float) -> str:
    """'the camera moved (17 px) while the table marker top-right (2) is not found: ...' for the page."""
    s, are, them = ("s", "are", "them") if len(missing) > 1 else ("", "is", "it")
    return (
        f"the camera moved ({shift_px:.0f} px) while the table marker{s} {_named(missing)} {are} not found: "
        f"uncover {them} so the view can be set again (frame skipped)"
    )


CROP_SIZE = (52, 70)  # px (w, h) of a picture of a tile not named: 2 px per mm of its face
MAX_CROPS = 8  # pictures kept per frame for the page


@dataclass(frozen=True)
class UnnamedCrop:
    """A picture of a face-up tile found but not named, upright as its seat reads it (BGR, CROP_SIZE)."""

    frame: int  # the session's frame count when it was seen
    seat: int
    image: NDArray[np.uint8]


@dataclass
class Diagnosis:
    """What went wrong lately; the session updates it on every frame it looks at."""

    missing_markers: tuple[int, ...] = ()
    view_problems: tuple[str, ...] = ()
    frames_read: int = 0
    tiles_seen: int = 0  # lying tiles found in the last frame read
    ever_tiles: bool = False
    unnamed: list[tuple[float, float, int]] = field(default_factory=list)  # (x, y, seat) of the last frame
    outside: list[tuple[float, float, int]] = field(default_factory=list)  # tiles outside every zone
    crops: list[UnnamedCrop] = field(default_factory=list)  # pictures of the last frame's unnamed tiles
    # Discards lie in the ponds beside a dead wall, and no hand has started: how many tiles lie face up in
    # the wall's indicator row (a hand starts with exactly one, seed 002 2.6); None while a hand is on.
    no_hand_up: int | None = None

    def reasons(self) -> list[str]:
        """Plain sentences, the most basic problem first; empty when the table reads fine."""
        out: list[str] = []
        if self.missing_markers:
            out.append(markers_missing(self.missing_markers))
        out.extend(_plain(p) for p in self.view_problems)
        if self.frames_read >= 20 and not self.ever_tiles and not out:
            out.append(
                "no tiles found on the table: the felt and the tiles look alike to the camera "
                "(more light on the table, or a felt that differs from the tiles' faces and backs)"
            )
        if self.unnamed:
            seats = sorted({s for _, _, s in self.unnamed})
            where = ", ".join(SEAT_NAMES[s] for s in seats)
            out.append(
                f"{len(self.unnamed)} tile{'s' if len(self.unnamed) > 1 else ''} found but not named "
                f"(at {where}): glare or blur on the faces, or a tile set the reader was not taught"
            )
        if self.no_hand_up is not None:
            out.append(no_hand_started(self.no_hand_up))
        if self.outside:
            seats = sorted({s for _, _, s in self.outside})
            where = ", ".join(SEAT_NAMES[s] for s in seats)
            out.append(
                f"tiles lie outside the ponds and hand rows near {where}: keep the discards in rows of six "
                "in front of the player, inside the marked square"
            )
        return out


def no_hand_started(face_up: int) -> str:
    """Why discards are laid and no hand is read: the dead wall's indicator row shows `face_up` tiles."""
    if face_up == 0:
        return (
            "discards lie in the ponds but no hand has started: no dora indicator is read face up in the "
            "dead wall (turn it over; if it is turned, its face is taken for a tile's back: more light on it)"
        )
    return (
        f"discards lie in the ponds but no hand has started: {face_up} tiles are read face up in the dead "
        "wall's top row, and a hand starts with one, its dora indicator (turn the others face down)"
    )


def _plain(problem: str) -> str:
    """The view check's terse problems as a player's sentence."""
    if problem.startswith("view too oblique"):
        return f"{problem} (the camera looks at the table too flat; raise it or point it more downwards)"
    if problem.startswith("view blurred"):
        return f"{problem}: the picture is blurred (focus the camera, or keep it still)"
    if problem.startswith("view too dark"):
        return f"{problem}: the table is too dark to see the tiles (more light over the table)"
    return problem


@dataclass(frozen=True)
class SetupSeat:
    """One seat's pond in the set-up check: the tiles read there and whether exactly one is."""

    seat: int
    tiles: tuple[str, ...]
    ok: bool
    message: str


def setup_check(tiles: Sequence[tuple[int, str, int]]) -> list[SetupSeat]:
    """The set-up check from stable tiles (seat, area, class id): one face-up tile read in each seat's pond.

    A seat with no tile says "put one tile face up in this pond"; more than one says "leave one"; a face-down
    tile says "turn it face up".
    """
    out = []
    for seat in range(4):
        mine = [c for s, area, c in tiles if s == seat and area == "pond"]
        names = tuple("back" if c == BACK_CLASS else _class_name(c) for c in mine)
        if not mine:
            msg = f"{SEAT_NAMES[seat]}: put one tile face up in this pond"
        elif len(mine) > 1:
            msg = f"{SEAT_NAMES[seat]}: {len(mine)} tiles read ({' '.join(names)}); leave one"
        elif mine[0] == BACK_CLASS:
            msg = f"{SEAT_NAMES[seat]}: the tile is face down; turn it face up"
        else:
            msg = f"{SEAT_NAMES[seat]}: read {names[0]}: is that the tile you put there?"
        out.append(SetupSeat(seat, names, len(mine) == 1 and mine[0] != BACK_CLASS, msg))
    return out


def _class_name(class_id: int) -> str:
    if class_id < 34:
        return KIND_NAMES[class_id]
    return {34: "0m", 35: "0p", 36: "0s"}.get(class_id, "?")

"""Read a revealed hand from one photo's detections: concealed tiles, melds, face-down kans, winning tile.

The photo shows one player's hand laid out in a row, as seen by that player (seed 002 3.3.8): the concealed
tiles, the winning tile set a little apart to their right (seed 002 3.3.12), then the melds, each a group of
three or four tiles. In a called meld the called tile lies sideways; its place in the group says who
discarded it: left = kamicha (relative seat 3), middle = toimen (2), right = shimocha (1). An added kan
(kakan) has a second sideways tile stacked on the first. A concealed kan (ankan) shows face-down tiles.

Groups are split where the gap between neighbouring tiles exceeds the row's usual gap by `GAP_FACTOR` times
a tile's short side (localizer boxes are a few pixels loose, so the usual gap is rarely zero). A tile is
sideways when its box is wider than tall, or markedly wider for its height than the row's typical tile
(`SIDEWAYS_RATIO`): a tile lying turned in a steep photo is not always wider than tall.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass, field
from typing import Any, Literal

import numpy as np
from riichi_table.engine.tiles import BACK_CLASS, Tile, tile_from_class, to_notation
from riichi_table.vision.detections import Detections
from riichi_table.vision.errors import VisionError

GAP_FACTOR = 0.3
WIN_GAP_FACTOR = 0.15
SIDEWAYS_RATIO = 1.22
UNCERTAIN_BELOW = 0.7  # calibrated confidence: a tile with under a 70 % chance of being right is flagged
MeldKind = Literal["chi", "pon", "kan", "ankan", "kakan"]
_SEAT_BY_POSITION = {"left": 3, "middle": 2, "right": 1}


class HandReadError(VisionError):
    """The photo does not show a hand that can be read (no tiles, no row of tiles)."""


@dataclass(frozen=True)
class ReadTile:
    """One tile as read: `tile` None for a face-down back; box xyxy in photo pixels."""

    tile: Tile | None
    confidence: float
    box: tuple[float, float, float, float]
    sideways: bool = False

    @property
    def uncertain(self) -> bool:
        return self.confidence < UNCERTAIN_BELOW

    def label(self) -> str:
        name = "back" if self.tile is None else self.tile.name
        return f"{name}{'?' if self.uncertain else ''}"


@dataclass(frozen=True)
class ReadMeld:
    """A meld as read; `from_seat` relative (1 shimocha, 2 toimen, 3 kamicha), None for an ankan."""

    kind: MeldKind
    tiles: tuple[ReadTile, ...]
    from_seat: int | None

    def faces(self) -> list[Tile]:
        """The meld's tiles with face-down ones filled in from the visible ones (an ankan shows two)."""
        shown = [t.tile for t in self.tiles if t.tile is not None]
        if not shown:
            return []
        return shown + [Tile(shown[0].kind) for t in self.tiles if t.tile is None]

    def to_json(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "tiles": to_notation(self.faces()),
            "from": self.from_seat,
            "confidence": [round(t.confidence, 3) for t in self.tiles],
        }


@dataclass(frozen=True)
class ReadHand:
    """The whole revealed hand; `warnings` say what did not fit the expected layout."""

    concealed: tuple[ReadTile, ...]
    melds: tuple[ReadMeld, ...]
    win: ReadTile | None
    warnings: tuple[str, ...] = field(default=())

    def all_tiles(self) -> list[ReadTile]:
        out = list(self.concealed) + ([self.win] if self.win else [])
        return out + [t for m in self.melds for t in m.tiles]

    @property
    def uncertain(self) -> list[ReadTile]:
        return [t for t in self.all_tiles() if t.uncertain]

    def notation(self) -> str:
        """`123m456p789s11z 2z` style: concealed tiles, then the winning tile, then melds in brackets."""
        text = to_notation(t.tile for t in self.concealed if t.tile is not None)
        if self.win is not None and self.win.tile is not None:
            text += f" +{self.win.tile.name}"
        for meld in self.melds:
            seat = "" if meld.from_seat is None else f" <{meld.from_seat}"
            text += f" [{meld.kind} {to_notation(meld.faces())}{seat}]"
        return text

    def to_json(self) -> dict[str, Any]:
        return {
            "hand": to_notation(t.tile for t in self.concealed if t.tile is not None),
            "win": None if self.win is None or self.win.tile is None else self.win.tile.name,
            "melds": [m.to_json() for m in self.melds],
            "tiles": [
                {
                    "tile": t.label().rstrip("?"),
                    "confidence": round(t.confidence, 3),
                    "uncertain": t.uncertain,
                }
                for t in self.all_tiles()
            ],
            "uncertain": [t.label() for t in self.uncertain],
            "warnings": list(self.warnings),
        }


def _sideways(det: Detections) -> np.ndarray:
    w = det.boxes[:, 2] - det.boxes[:, 0]
    h = np.maximum(det.boxes[:, 3] - det.boxes[:, 1], 1e-6)
    aspect = w / h
    return det.sideways | (aspect > SIDEWAYS_RATIO * float(np.median(aspect)))


def _to_read(det: Detections, i: int, sideways: np.ndarray) -> ReadTile:
    cid = int(det.class_id[i])
    tile = None if cid == BACK_CLASS else tile_from_class(cid)
    box = tuple(float(v) for v in det.boxes[i])
    return ReadTile(tile, float(det.confidence[i]), box, bool(sideways[i]))  # type: ignore[arg-type]


def _main_row(det: Detections) -> tuple[np.ndarray, np.ndarray]:
    """Indices of the row holding most tiles, and of tiles stacked on its sideways tiles (kakan)."""
    centers = det.centers
    short = float(np.median(np.minimum(det.boxes[:, 2] - det.boxes[:, 0], det.boxes[:, 3] - det.boxes[:, 1])))
    order = np.argsort(centers[:, 1])
    rows: list[list[int]] = []
    for i in order:
        if rows and abs(centers[i, 1] - np.mean(centers[rows[-1], 1])) < 0.6 * short:
            rows[-1].append(int(i))
        else:
            rows.append([int(i)])
    main = max(rows, key=len)
    others = [i for i in range(len(det)) if i not in main]
    stacked = [
        i
        for i in others
        if det.sideways[i]
        and any(
            det.sideways[j]
            and abs(centers[i, 0] - centers[j, 0]) < 0.5 * short
            and abs(centers[i, 1] - centers[j, 1]) < 1.6 * short
            for j in main
        )
    ]
    return np.array(sorted(main, key=lambda i: centers[i, 0])), np.array(stacked, np.int64)


def _gaps(det: Detections, row: np.ndarray) -> tuple[list[float], float, float]:
    """Gaps between neighbours in the row, the usual gap, and a tile's short side (pixels)."""
    short = float(
        np.median(np.minimum(det.boxes[row, 2] - det.boxes[row, 0], det.boxes[row, 3] - det.boxes[row, 1]))
    )
    gaps = [float(det.boxes[cur, 0] - det.boxes[prev, 2]) for prev, cur in itertools.pairwise(row)]
    usual = max(0.0, float(np.median(gaps))) if gaps else 0.0
    return gaps, usual, short


def _groups(det: Detections, row: np.ndarray) -> list[list[int]]:
    gaps, usual, short = _gaps(det, row)
    groups: list[list[int]] = [[int(row[0])]]
    for cur, gap in zip(row[1:], gaps, strict=True):
        if gap > usual + GAP_FACTOR * short:
            groups.append([])
        groups[-1].append(int(cur))
    return groups


def _meld(tiles: list[ReadTile], stacked: list[ReadTile], warnings: list[str]) -> ReadMeld:
    backs = sum(t.tile is None for t in tiles)
    kinds = [t.tile.kind for t in tiles if t.tile is not None]
    side = [i for i, t in enumerate(tiles) if t.sideways]
    if backs and len(tiles) == 4:
        return ReadMeld("ankan", tuple(tiles), None)
    seat = None
    if side:
        i = side[0]
        seat = _SEAT_BY_POSITION["left" if i == 0 else "right" if i == len(tiles) - 1 else "middle"]
    else:
        warnings.append(f"meld {to_notation(t.tile for t in tiles if t.tile)} has no sideways tile")
    if stacked and len(tiles) == 3:
        return ReadMeld("kakan", tuple(tiles + stacked), seat)
    if len(tiles) == 4:
        return ReadMeld("kan", tuple(tiles), seat)
    if len(set(kinds)) == 1:
        return ReadMeld("pon", tuple(tiles), seat)
    if seat not in (None, 3):
        warnings.append(
            f"chi {to_notation(t.tile for t in tiles if t.tile)} called from seat {seat}, not kamicha"
        )
    return ReadMeld("chi", tuple(tiles), seat)


def read_hand(det: Detections) -> ReadHand:
    """Read the revealed hand in a photo's detections (see the module docstring for the layout)."""
    if not len(det):
        raise HandReadError("no tiles found in the photo")
    warnings: list[str] = []
    row, stacked_idx = _main_row(det)
    side = _sideways(det)
    dropped = len(det) - len(row) - len(stacked_idx)
    if dropped:
        warnings.append(f"{dropped} tile(s) outside the hand's row were left out")
    groups = _groups(det, row)
    concealed = [_to_read(det, i, side) for i in groups[0]]
    rest = groups[1:]
    win = None
    if rest and len(rest[0]) == 1 and not side[rest[0][0]]:
        win = _to_read(det, rest[0][0], side)
        rest = rest[1:]
    melds = []
    for g in rest:
        tiles = [_to_read(det, i, side) for i in g]
        if not 3 <= len(tiles) <= 4:
            warnings.append(
                f"a group of {len(tiles)} tile(s) right of the hand is not a meld; counted as concealed"
            )
            concealed += tiles
            continue
        on_top = [
            _to_read(det, int(s), side)
            for s in stacked_idx
            if any(
                abs(det.centers[s, 0] - det.centers[i, 0]) < (det.boxes[i, 2] - det.boxes[i, 0]) for i in g
            )
        ]
        melds.append(_meld(tiles, on_top, warnings))
    if win is None and len(concealed) + 3 * len(melds) == 14 and len(groups[0]) >= 2:
        # A complete hand with no group of one: the winning tile may sit apart by less than a clear gap
        # (loose boxes eat small gaps). Take it when the hand's last gap is its widest and wider than usual.
        gaps, usual, short = _gaps(det, np.array(groups[0]))
        if gaps[-1] == max(gaps) and gaps[-1] > usual + WIN_GAP_FACTOR * short:
            win = concealed.pop()
    size = len(concealed) + (1 if win else 0) + 3 * len(melds)
    if size != 14:
        warnings.append(f"{size} tiles counting a kan as three; a complete hand has 14")
    return ReadHand(tuple(concealed), tuple(melds), win, tuple(warnings))

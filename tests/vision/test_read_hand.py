"""Reading a revealed hand's layout: concealed tiles, the winning tile set apart, melds and their callers."""

from __future__ import annotations

import numpy as np
import pytest
from riichi_table.engine.tiles import BACK_CLASS, parse_tiles
from riichi_table.vision.detections import Detections
from riichi_table.vision.errors import VisionError
from riichi_table.vision.read_hand import read_hand

W, H = 30, 40  # an upright tile's box in the photo


def _layout(*groups: str) -> Detections:
    """Boxes for groups of tiles left to right; in a group, `_` before a tile turns it sideways,
    `#` is a back, `^` stacks a sideways tile on the previous one (kakan)."""
    boxes, classes = [], []
    x = 10.0
    for g, text in enumerate(groups):
        if g:
            x += 20
        i = 0
        while i < len(text):
            mark = text[i] if text[i] in "_#^" else ""
            i += 1 if mark else 0
            if mark == "#":
                boxes.append([x, 100 - H, x + W, 100])
                classes.append(BACK_CLASS)
                x += W + 1
                continue
            j = i
            while not text[j].isalpha():
                j += 1
            tile = parse_tiles(text[i : j + 1])[0]
            i = j + 1
            if mark == "^":
                prev = boxes[-1]
                boxes.append([prev[0], prev[1] - W - 1, prev[2], prev[1] - 1])
            elif mark == "_":
                boxes.append([x, 100 - W, x + H, 100])
                x += H + 1
            else:
                boxes.append([x, 100 - H, x + W, 100])
                x += W + 1
            classes.append(tile.detector_class)
    return Detections.from_xyxy(boxes, classes, np.full(len(classes), 0.95))


def test_pon_with_middle_tile_sideways_was_called_from_toimen() -> None:
    # seed 002 3.3.8: the claimed tile in the middle = discarded by the player in front.
    hand = read_hand(_layout("2m3m4m5p6p7p3s4s2s2s", "5s", "7z_7z7z"))
    data = hand.to_json()
    assert data["hand"] == "234m567p2234s" and data["win"] == "5s"
    assert data["melds"][0]["kind"] == "pon" and data["melds"][0]["from"] == 2
    assert data["warnings"] == []


@pytest.mark.parametrize(
    ("meld", "seat"),
    [("_3m4m5m", 3), ("3m_4m5m", 2), ("3m4m_5m", 1)],
    ids=["left-kamicha", "middle-toimen", "right-shimocha"],
)
def test_sideways_position_gives_the_seat_called_from(meld: str, seat: int) -> None:
    # seed 002 3.3.8: left = player on the left, middle = in front, right = on the right.
    hand = read_hand(_layout("1p1p2p3p4p5p6p7p8p9p", "9p", meld))
    assert hand.melds[0].from_seat == seat


def test_face_down_tiles_make_a_concealed_kan() -> None:
    hand = read_hand(_layout("1p2p3p4p5p6p7p8p9p9p", "9p", "#5s5s#"))
    meld = hand.melds[0]
    assert meld.kind == "ankan" and meld.from_seat is None
    assert meld.to_json()["tiles"] == "5555s"


def test_a_stacked_second_sideways_tile_makes_an_added_kan() -> None:
    # seed 002 3.3.8: the extending tile is placed by the previously rotated tile.
    hand = read_hand(_layout("1p2p3p4p5p6p7p8p9p9p", "9p", "_6z^6z6z6z"))
    meld = hand.melds[0]
    assert meld.kind == "kakan" and meld.from_seat == 3
    assert meld.to_json()["tiles"] == "6666z"


def test_without_a_tile_set_apart_there_is_no_winning_tile() -> None:
    hand = read_hand(_layout("1p2p3p4p5p6p7p8p9p9p1s1s1s", "_2z2z2z"))
    assert hand.win is None
    assert any("16" in w or "13" in w for w in hand.warnings) or len(hand.concealed) == 13


def test_uncertain_tiles_are_marked() -> None:
    d = _layout("1p2p3p4p5p6p7p8p9p9p1s1s1s", "1s")
    low = Detections(d.boxes, d.corners, d.class_id, np.where(np.arange(len(d)) == 2, 0.3, 0.9))
    hand = read_hand(low)
    assert [t.label() for t in hand.uncertain] == ["3p?"]
    assert "3p?" in hand.to_json()["uncertain"]


def test_no_tiles_is_a_clear_error() -> None:
    with pytest.raises(VisionError, match="no tiles"):
        read_hand(Detections.empty())

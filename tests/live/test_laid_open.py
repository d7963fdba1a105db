"""A hand laid open, seen at face height from a camera at an angle (docs/live.md, "The view at face height"):
along a side seat's row each lying tile's side covers the gap to the next, so the cut finds no mat between
the tiles, and the side of the hand's last tile leaves a wedge in the gap before the winning tile set apart.
Seed 211, old camera, hard render: seat 3's thirteen tiles were cut as eleven upright cells and a sideways
one, the winning 1p joined to them, and no win was read (`vision/laid_open.py`)."""

from __future__ import annotations

import itertools
from pathlib import Path

import cv2
import numpy as np
import pytest
from riichi_table.vision.laid_open import faces_of_hand_row, laid_open
from riichi_table.vision.zones import TableGeometry

GEO = TableGeometry()
DATA = Path(__file__).parent / "data"
PITCH = GEO.tile_w + 2.5  # a hand laid open: tiles 2.5 mm apart


def _sideways(cells: list[tuple[int, int, int, int]]) -> int:
    """Cells of seat 3's row (along the view's y) longer along the row than across it."""
    return sum(1 for _, _, w, h in cells if h > w)


# What the cut gave on seat 3's laid-open hand (seed 211, old camera, hard, frame 240): (x, y, w, h) px at 1
# px/mm, eleven upright cells, a sideways one, and the winning tile apart.
CUT = [(74, 152 + 30 * k, 36, 27) for k in range(11)] + [(74, 483, 36, 38), (74, 534, 35, 27)]


def test_a_hand_laid_open_is_cut_into_upright_tiles_and_its_winning_tile_stays_apart() -> None:
    cells = laid_open(CUT, 3, GEO, 1.0)
    assert len(cells) == 14 and _sideways(cells) == 0, cells
    hand, win = sorted(cells, key=lambda c: c[1])[:13], sorted(cells, key=lambda c: c[1])[13]
    starts = [y for _, y, _, _ in hand]
    assert all(abs(b - a - PITCH) <= 1 for a, b in itertools.pairwise(starts)), starts
    assert win == CUT[-1]
    # the last hand tile ends where the hand does, so the gap before the winning tile shows (a group apart)
    assert win[1] - (hand[-1][1] + hand[-1][3]) >= GEO.tile_w / 3


def test_a_meld_keeps_its_sideways_tile() -> None:
    pon = [(74, 600, 36, 27), (74, 629, 36, 27), (74, 658, 27, 37)]  # called tile sideways, last
    assert laid_open(pon, 3, GEO, 1.0) == pon


# Seat 3's two pons side by side at face height (seed 155, old camera, hard, frame 136): the sides cover the
# 10 mm between the melds, so the six cells touch, and the run is as long as seven upright tiles within 3 mm.
TWO_PONS = [
    (73, 661, 36, 27),
    (73, 691, 36, 27),
    (73, 720, 29, 38),
    (73, 760, 37, 27),
    (73, 790, 37, 27),
    (73, 819, 28, 38),
]


def test_two_melds_side_by_side_keep_their_called_tiles_sideways() -> None:
    cells = laid_open(TWO_PONS, 3, GEO, 1.0, camera_along=6.5)
    assert sorted(cells, key=lambda c: c[1]) == TWO_PONS
    assert _sideways(cells) == 2


def test_a_run_a_sideways_tile_longer_than_whole_upright_tiles_is_cut_as_it_was() -> None:
    # ten hand tiles touching a pon: the run is a long side less a short side longer than 12 upright tiles
    run = [(74, 100 + round(PITCH * k), 36, 26) for k in range(12)]
    last = run[-1][1] + 26 + 2
    run.append((74, last, 36, 35))
    assert laid_open(run, 3, GEO, 1.0) == run


def test_the_wedge_of_a_side_in_the_gap_before_the_winning_tile_is_left_out() -> None:
    face = np.zeros((120, 43), bool)  # seat 3: the row runs down the view, 43 px across
    face[0:45, 4:39] = True  # the hand's last tile's face
    face[45:60, 4:19] = True  # its side's wedge in the gap, 15 px across the row
    face[60:90, 4:39] = True  # the winning tile
    out = faces_of_hand_row(face, 3, GEO, 1.0)
    assert not out[45:60].any()
    assert out[5:40, 4:39].all() and out[62:88, 4:39].all()


def test_the_side_beyond_the_hands_last_face_is_left_out_at_the_cameras_end_only() -> None:
    # Seat 3's thirteen tiles laid open at a tsumo (seed 7143, wood felt, red backs, 37 degrees, dim, frame
    # 740), the face mask as the reader had it: the last 9s's side, as deep as a face and parted from it by
    # the edge between them, lay in the gap before the winning 4s. The row measured 377 mm, 8 more than
    # thirteen tiles, and was cut as twelve and a winning tile set apart. The camera is towards larger y.
    face = cv2.imread(str(DATA / "hand_row_side_strip.png"), cv2.IMREAD_GRAYSCALE) > 0
    filled = np.nonzero(faces_of_hand_row(face, 3, GEO, 1.0, camera_along=16.7).any(axis=1))[0]
    assert filled[-1] - filled[0] + 1 == pytest.approx(13 * PITCH - 2.5, abs=3.0)
    for unknown_or_other_way in (0.0, -16.7):  # the side shows at the camera's end alone
        kept = np.nonzero(faces_of_hand_row(face, 3, GEO, 1.0, unknown_or_other_way).any(axis=1))[0]
        assert kept[-1] - kept[0] + 1 == len(face)


def test_a_faces_part_beyond_a_line_of_ink_is_kept_and_so_is_a_melds_end() -> None:
    face = np.zeros((60, 200), bool)  # seat 0: the row runs along the view's x, the camera towards larger x
    face[5:40, 2:146] = True  # five upright tiles laid open
    face[5:40, 148:161] = True  # 13 mm of the last face beyond a column of ink the felt's colour
    assert faces_of_hand_row(face, 0, GEO, 1.0, camera_along=5.0)[5:40, 148:161].all()
    face[5:40, 152:161] = False
    face[5:40, 153:157] = True  # two strips within a side's length: the side's ivory and its back layer
    assert not faces_of_hand_row(face, 0, GEO, 1.0, camera_along=5.0)[:, 147:].any()

    meld = np.zeros((60, 120), bool)  # a chi: two upright tiles and the called one sideways at the end
    meld[5:40, 2:56] = True
    meld[13:37, 58:86] = True  # the sideways face, a line of its ink across it, the rest beyond
    meld[13:37, 88:95] = True
    assert faces_of_hand_row(meld, 0, GEO, 1.0, camera_along=5.0)[13:37, 88:95].all()


def test_a_face_as_deep_as_a_sideways_tile_is_kept() -> None:
    face = np.zeros((60, 120), bool)  # seat 0: the row runs along the view's x
    face[10:36, 5:42] = True  # a sideways tile, 26 px across the row
    assert (faces_of_hand_row(face, 0, GEO, 1.0) == face).all()


# Seat 3's laid-open hand at 37 degrees (seed 211, blue felt, hard, frame 241): twelve upright cells 31 mm
# apart, the hand's last tile with its side's wedge cut as one sideways-looking cell as deep across the row
# as the upright ones, then the winning tile. The camera's side of a tile is towards larger y there.
WEDGED_37 = [(73, 152 + 31 * k, 35, 27) for k in range(11)] + [(73, 494, 35, 38), (73, 536, 35, 27)]
# Seat 1's hand at the old camera (seed 104, hard, frame 370): the winning tile set apart with its wedge
# first, then nine cells 32 mm apart over ten tiles.
WEDGED_OLD = [(793, 425, 35, 38)] + [(792, 467 + 32 * k, 37, 27) for k in range(9)]


def test_a_tile_its_side_lengthened_is_cut_back_to_its_face_and_the_hand_to_whole_tiles() -> None:
    cells = sorted(laid_open(WEDGED_37, 3, GEO, 1.0, camera_along=15.0), key=lambda c: c[1])
    assert len(cells) == 14 and _sideways(cells) == 0, cells
    hand, win = cells[:13], cells[13]
    assert win == WEDGED_37[-1]
    starts = [y for _, y, _, _ in hand]
    assert all(abs(b - a - PITCH) <= 1 for a, b in itertools.pairwise(starts)), starts
    # the wedge lay on the camera's side (larger y): the hand's last face ends before it
    assert hand[-1][1] + hand[-1][3] <= 494 + 27


def test_the_winning_tile_with_its_wedge_keeps_the_face_away_from_the_camera() -> None:
    cells = sorted(laid_open(WEDGED_OLD, 1, GEO, 1.0, camera_along=8.6), key=lambda c: c[1])
    assert len(cells) == 11 and _sideways(cells) == 0, cells
    assert cells[0][1:4:2] == (425, 27)  # the face at the far end from the camera, an upright tile long
    assert cells[1][1] - (cells[0][1] + 27) >= GEO.tile_w / 3  # still apart from the hand


# Seat 1's winning 5p set apart at 37 degrees, in dim light (seed 4409, wood felt, red backs, frame 650): a
# blob of its own, its side's wedge towards the camera (larger y) joined to its face, 37 px along the row.
LONE_WINNER = [(793, 341, 34, 37)]


def test_a_winning_tile_alone_with_its_wedge_is_cut_back_to_its_face() -> None:
    assert laid_open(LONE_WINNER, 1, GEO, 1.0, camera_along=15.5) == [(793, 341, 34, round(GEO.tile_w))]


def test_a_called_tile_alone_lying_sideways_is_left_as_it_is() -> None:
    called = [(793, 341, 26, 35)]  # a short side deep across the row
    assert laid_open(called, 1, GEO, 1.0, camera_along=15.5) == called


def test_a_called_tile_lying_sideways_is_no_wedge() -> None:
    # a pon after six hand tiles, its called tile a short side deep across the row
    row = [(74, 100 + round(PITCH * k), 36, 26) for k in range(8)] + [(74, 330, 27, 36)]
    assert laid_open(row, 3, GEO, 1.0, camera_along=10.0) == row


def test_without_the_camera_a_wedged_cell_is_left_as_it_was() -> None:
    assert laid_open(WEDGED_OLD, 1, GEO, 1.0) == WEDGED_OLD


# Seat 1's tsumo at 37 degrees (seed 104, blue felt, yellow backs, hard, frames 356, 370 and 371): ten tiles
# and the winning tile set apart at the hand's right end (the smaller y), the gap covered by the winning
# tile's side. The cut fitted each frame differently: the wedge with the last cell, with the first, or
# within the ninth, its cells 32 mm apart.
SEAT_1_FRAMES = [
    [(793, 425 + 32 * k, 35, 27) for k in range(9)] + [(794, 711, 34, 38)],
    [(793, 425, 35, 38)] + [(793, 467 + 32 * k, 35, 27) for k in range(9)],
    [(793, 425 + 32 * k, 35, 27) for k in range(8)] + [(793, 680, 35, 37), (793, 722, 35, 27)],
]


@pytest.mark.parametrize("frame", range(len(SEAT_1_FRAMES)), ids=["wedge last", "wedge first", "wedge ninth"])
def test_a_hand_and_its_winning_tile_apart_are_cut_the_same_whatever_cell_the_wedge_joined(
    frame: int,
) -> None:
    cells = sorted(laid_open(SEAT_1_FRAMES[frame], 1, GEO, 1.0, camera_along=10.7), key=lambda c: c[1])
    assert len(cells) == 11 and _sideways(cells) == 0, cells
    win, hand = cells[0], cells[1:]  # seat 1's right-hand end is towards the view's smaller y
    end = max(y + h for _, y, _, h in SEAT_1_FRAMES[frame])
    assert win[1] == 425 and hand[-1][1] + hand[-1][3] == end  # the run's ends stay where they were
    assert hand[0][1] - (win[1] + win[3]) >= GEO.tile_w / 3  # the gap before the hand shows
    starts = [y for _, y, _, _ in hand]
    assert all(abs(b - a - PITCH) <= 1 for a, b in itertools.pairwise(starts)), starts


# Seat 1's hand laid open at a ron (seed 2767, wood felt, green backs, 40 degrees, frame 375): the winning
# tile and the wedge before it cut as one cell 38 px long, ten upright cells 32-34 px deep across the row.
WOOD_2767 = [(795, 425, 32, 38), (795, 464, 34, 27), (795, 493, 32, 27), (795, 521, 32, 27)]
WOOD_2767 += [(795, 550, 33, 27), (795, 578, 33, 27), (795, 607, 32, 27), (795, 635, 30, 27)]
WOOD_2767 += [(795, 664, 33, 27), (795, 692, 32, 27), (795, 721, 32, 27)]


def test_a_hand_laid_open_its_faces_32_mm_deep_keeps_its_winning_tile_apart() -> None:
    cells = sorted(laid_open(WOOD_2767, 1, GEO, 1.0, camera_along=12.7), key=lambda c: c[1])
    assert len(cells) == 11 and _sideways(cells) == 0, cells
    win, hand = cells[0], cells[1:]
    assert hand[0][1] - (win[1] + win[3]) >= GEO.tile_w / 3  # the gap before the hand shows


def test_a_hand_shown_at_a_draw_with_no_tile_apart_is_not_given_one() -> None:
    # thirteen tiles cut 32 mm apart over a whole number of tiles laid 28.5 mm apart: no gap is invented
    row = [(793, 100 + round(PITCH * k), 35, 27) for k in range(13)]
    cells = laid_open(row, 1, GEO, 1.0, camera_along=10.7)
    starts = sorted(y for _, y, _, _ in cells)
    assert all(abs(b - a - PITCH) <= 1.5 for a, b in itertools.pairwise(starts)), starts


# Seat 1's hand laid open at an exhaustive draw (seed 318, green felt, old camera, hard, frame 398): thirteen
# tiles, 371 px along the row, cut as twelve upright cells 31 px apart (no mat between the tiles, bamboo ink
# at the far end lined up with the longer pitch); its 2p was lost and its tenpai with it.
DRAWN_318 = [
    (794, 380, 34, 27),
    (793, 411, 36, 27),
    (793, 443, 36, 27),
    (793, 474, 35, 27),
    (793, 505, 35, 27),
]
DRAWN_318 += [
    (793, 536, 36, 27),
    (793, 568, 36, 27),
    (793, 599, 36, 27),
    (793, 630, 36, 27),
    (794, 661, 34, 27),
]
DRAWN_318 += [(793, 693, 36, 27), (793, 724, 36, 27)]


def test_a_hand_laid_open_cut_into_fewer_upright_cells_than_its_length_holds_is_cut_into_whole_tiles() -> (
    None
):
    cells = sorted(laid_open(DRAWN_318, 1, GEO, 1.0, camera_along=10.0), key=lambda c: c[1])
    assert len(cells) == 13 and _sideways(cells) == 0, cells
    starts = [y for _, y, _, _ in cells]
    assert all(abs(b - a - PITCH) <= 1 for a, b in itertools.pairwise(starts)), starts
    assert cells[0][1] == 380 and cells[-1][1] + cells[-1][3] == 751


def test_upright_cells_as_many_as_the_tiles_are_left_as_they_are() -> None:
    row = [(793, 380 + round(PITCH * k), 36, 26) for k in range(13)]
    assert laid_open(row, 1, GEO, 1.0, camera_along=10.0) == row


def test_a_standing_hands_tops_are_not_cut_into_more_tiles() -> None:
    # tops seen from the side, 30 px deep across the row: no hand laid open, whatever their count
    tops = [(793, 380 + round(31.3 * k), 30, 27) for k in range(11)] + [(799, 724, 30, 27)]
    assert laid_open(tops, 1, GEO, 1.0, camera_along=10.0) == tops


@pytest.mark.slow
def test_a_side_seats_hand_laid_open_at_a_draw_is_read_tile_for_tile_at_face_height(art_folder: Path) -> None:
    # Seed 318's exhaustive draw on the old camera's hard render: seat 1's tenpai hand laid open, the other
    # hands standing. Its thirteen tiles were cut as twelve (its 2p lost): the tenpai was not read.
    from riichi_table.datasets.game_play import SeatLayout, TableLayout
    from riichi_table.datasets.game_render import Look, TableRenderer
    from riichi_table.datasets.tile_art import load_art
    from riichi_table.engine.tiles import parse_tile, tile_from_class
    from riichi_table.vision.calibrate import from_markers
    from riichi_table.vision.live_reader import LiveReader, TileTemplates

    from riichi_table.assistant.session import DEMO_DIR

    names = ["3m", "3m", "6m", "6m", "6m", "1p", "2p", "3p", "4s", "4s", "5s", "5s", "6s"]
    layout = TableLayout(dora=[parse_tile("1p")])
    for seat in range(4):
        layout.seats[seat] = SeatLayout(hand_count=13)
    layout.seats[1] = SeatLayout(hand_count=0, revealed=[parse_tile(n) for n in names])
    renderer = TableRenderer(load_art(art_folder), seed=318, look=Look(hard=True))
    image = renderer.frame(renderer.scene(layout), 0, None, 10.0)
    calib = from_markers(image)
    reader = LiveReader(TileTemplates.load(DEMO_DIR / "templates.npz"), namer="onnx")
    reader.camera = calib.camera
    view = calib.rectify(image, at_face=True)
    for _ in range(3):  # the felt and back colours are learned over a few frames
        reading = reader.read(view)
    row = sorted((t for t in reading.tiles if t.seat == 1 and t.area == "hand"), key=lambda t: -t.y)
    assert [str(tile_from_class(int(np.argmax(t.scores)))) for t in row] == names


def test_a_wedge_cell_a_little_shallower_than_the_uprights_is_no_called_tile() -> None:
    # Seat 2's hand shown at a draw (seed 318, old camera, hard, frame 390): nine cells over ten tiles, the
    # wedge cell 34 mm deep beside uprights 34-39 mm. Taken for a meld's called tile it was left as cut in
    # this frame and re-cut in the next; the tracks mixed both and four of them were read as a kan.
    row = [(465, 73, 27, 39), (496, 74, 37, 34), (537, 74, 27, 34), (568, 73, 27, 37), (599, 72, 27, 39)]
    row += [(630, 72, 27, 39), (661, 73, 27, 38), (692, 73, 27, 38), (723, 72, 27, 36)]
    cells = sorted(laid_open(row, 2, GEO, 1.0, camera_along=-1.6))
    assert len(cells) == 10 and all(w < h for _, _, w, h in cells), cells
    assert cells[0][0] == 465 and cells[-1][0] + cells[-1][2] == 750


def test_a_run_cut_all_sideways_as_long_as_whole_upright_tiles_is_kept_as_it_is() -> None:
    # Seed 2903, 44 degrees, hard: five touching cells all longer along the row than across it, their run
    # the length of six upright tiles; with no upright cell to take the faces' depth from, the reader
    # stopped on an empty median. They stay as cut.
    length = 6 * (GEO.tile_w + 2.5) - 2.5
    run = [(300 + round(length / 5 * k), 300 + round(length / 5 * (k + 1)) - 1, 74, 100) for k in range(5)]
    cells = [(a0, c0, a1 - a0, c1 - c0) for a0, a1, c0, c1 in run]  # seat 2's row runs along x
    assert sorted(laid_open(cells, 2, GEO, 1.0)) == sorted(cells)


# Seat 1's thirteen tiles laid open for a tsumo (seed 5653, wood felt, red backs, 37 degrees, dim, frame 661):
# the 7p's navy sticks, the dim wood's colour, left 14 mm of the row empty once the row was opened, and the
# cut fitted a sideways cell over the tile and a half before the hole; twelve cells for thirteen tiles.
HOLED = [
    (791, 381, 36, 27),
    (793, 408, 34, 27),
    (793, 435, 34, 27),
    (791, 463, 36, 37),
    (794, 514, 33, 27),
    (791, 542, 36, 27),
    (793, 570, 34, 27),
    (794, 598, 33, 27),
    (793, 626, 34, 27),
    (793, 654, 34, 27),
    (794, 682, 33, 38),
    (793, 721, 34, 27),
]


def test_a_hand_laid_open_with_a_hole_across_a_face_is_cut_into_its_thirteen_tiles() -> None:
    cells = sorted(laid_open(HOLED, 1, GEO, 1.0, camera_along=11.6), key=lambda c: c[1])
    assert len(cells) == 13 and not any(h > w for _, _, w, h in cells), cells
    assert cells[0][1] == 381 and cells[-1][1] + cells[-1][3] >= 745
    starts = [y for _, y, _, _ in cells]
    assert all(abs(b - a - PITCH) <= 1.5 for a, b in itertools.pairwise(starts)), starts


def test_cells_a_tile_and_more_apart_are_not_joined_into_one_hand() -> None:
    # The same cells, those after the hole a tile's pitch further on: 42 mm apart, as long together as
    # fourteen upright tiles, yet a gap that wide is no hole in a face (a tile could lie there unread).
    moved = [(x, y + 28 if y >= 514 else y, w, h) for x, y, w, h in HOLED]
    cells = laid_open(moved, 1, GEO, 1.0, camera_along=11.6)
    assert len(cells) < 14 and not [c for c in cells if 500 < c[1] < 530], cells

"""A meld at a corner parted off the next seat's standing hand (`not_tiles.part_hand_rows`) at face height:
its faces are what is lit as a face is (`not_tiles.lit_faces`), not what the cut line leaves. Seed 147's added
kan (seat 2 adds the fourth C to its pon from seat 0, seed 002 3.3.6 and 3.3.8) was read neither from the old
camera nor at 37 degrees (docs/live.md, "Kans at face height"). The scene is seat 2's corner piece as measured
at 37 degrees, hard: grey levels of faces about 150, an upright tile's side 120 then its back layer 80, the
felt 35; faces_only on the whole mask keeps the sides as face, as a standing hand lies beyond them."""

from __future__ import annotations

import numpy as np
from numpy.typing import NDArray
from riichi_table.vision.laid_open import faces_of_hand_row
from riichi_table.vision.not_tiles import lit_faces, standing_hand
from riichi_table.vision.tile_cuts import cut_blob

from tests.live.test_live_events import GEO

X0, Y0 = 45, 73  # the piece's box in the view (seat 2's corner, the top left)
FACE, SIDE, BACK_LAYER, FELT, INK, TOP = 150, 120, 80, 35, 75, 145
LEFT, CALLED, RIGHT = slice(0, 27), slice(28, 65), slice(66, 93)  # columns: upright, sideways, upright


def _corner_piece(added: bool = True) -> tuple[NDArray[np.bool_], NDArray[np.uint8]]:
    """(mask, grey) of seat 2's pon of C (called from seat 0: the sideways tile in the middle), with its
    added tile beyond the called one when `added`, as the whole mask and the view show them."""
    grey = np.full((63, 100), FELT, np.uint8)
    for cols in (LEFT, RIGHT):
        grey[0:37, cols] = FACE
        grey[37:47, cols] = SIDE  # the upright's side, towards the camera
        grey[47:57, cols] = BACK_LAYER
    grey[0:28, CALLED] = FACE
    if added:
        grey[29:55, CALLED] = FACE  # 28 mm nearer the centre than the called tile's row
        grey[55:63, CALLED] = SIDE  # its own side runs on over the cut
    else:
        grey[28:40, CALLED] = SIDE
    grey[58:63, 10:26] = TOP  # the next seat's standing top and a point stick, just beyond the left side
    for cols in (LEFT, CALLED, RIGHT):
        start = cols.start + 10
        grey[4:30, start : start + 3] = INK  # a C's stroke down the face
        grey[12:15, cols.start + 4 : cols.stop - 4] = INK  # and across it
    mask = grey != FELT
    return mask, grey


def _row_faces(lit: NDArray[np.bool_]) -> NDArray[np.bool_]:
    """The lit faces as the reader cuts them: opened across seat 2's row (a standing top's sliver goes)."""
    return np.asarray(faces_of_hand_row(np.pad(lit, 1), 2, GEO, 1.0)[1:-1, 1:-1])


def _depths(face: NDArray[np.bool_]) -> tuple[float, float, float]:
    """The median face depth (px across the row) of the left upright, the called column and the right one."""
    fill = face.sum(axis=0)
    return tuple(float(np.median(fill[c])) for c in (LEFT, CALLED, RIGHT))  # type: ignore[return-value]


def test_lit_faces_keep_an_added_kan_tile_and_leave_the_upright_tiles_sides_out() -> None:
    mask, grey = _corner_piece()
    left, called, right = _depths(mask)
    assert left > 55 and right > 50  # the whole mask: the uprights as deep as the pair
    lit = lit_faces(mask, grey, 1.0)
    assert not lit[37:57, LEFT].any() and not lit[37:57, RIGHT].any()  # the sides, seen edge-on
    left, called, right = _depths(_row_faces(lit))
    assert 34 <= left <= 38 and 34 <= right <= 38  # a long side deep
    assert called >= 52  # the called tile, the gap and the added tile


def test_lit_faces_fill_a_faces_ink_back_in() -> None:
    mask, grey = _corner_piece()
    lit = lit_faces(mask, grey, 1.0)
    assert lit[4:30, LEFT].all() and lit[12:15, RIGHT].all()  # the strokes are face


def test_the_lit_corner_piece_cuts_into_the_pon_and_its_added_tile() -> None:
    mask, grey = _corner_piece()
    lit = lit_faces(mask, grey, 1.0)
    face = _row_faces(lit)
    rows, cols = np.nonzero(face.any(axis=1))[0], np.nonzero(face.any(axis=0))[0]
    sub = (slice(rows[0], rows[-1] + 1), slice(cols[0], cols[-1] + 1))
    boxes: list[tuple[int, int, int, int]] = []
    gaps = np.zeros(face.shape, np.float32)
    cut_blob(face[sub], gaps[sub], X0 + int(cols[0]), Y0 + int(rows[0]), boxes, GEO, 1.0)
    assert len(boxes) == 4
    sideways = sorted((b for b in boxes if b[2] > b[3]), key=lambda b: b[1])
    assert len(sideways) == 2 and sideways[0][0] == sideways[1][0]  # one beyond the other, across the row
    assert sideways[1][1] >= sideways[0][1] + GEO.tile_w - 2


def test_a_pon_alone_keeps_its_depth_and_no_added_tile_is_made_up() -> None:
    mask, grey = _corner_piece(added=False)
    left, called, right = _depths(_row_faces(lit_faces(mask, grey, 1.0)))
    assert called <= 30 and left <= 38 and right <= 38


def test_a_corner_piece_measured_by_its_lit_faces_is_no_standing_hand() -> None:
    # From the old camera the standing top and the stick left in the piece made it 63 px deep, over a
    # standing hand's depth (a tile's long side, 9 mm and the side): the pon was left out as standing.
    mask, grey = _corner_piece()
    back = np.zeros(mask.shape, np.uint8)
    side = (4.0, 15.3)
    mask[55:63, 0:66] = True
    assert standing_hand(mask, back, 2, GEO, 1.0, side)
    assert not standing_hand(lit_faces(mask, grey, 1.0), back, 2, GEO, 1.0, side)


def test_a_large_character_at_a_faces_edge_between_its_lit_rims_is_face() -> None:
    # seed 135, 37 degrees: the 3m's red character, darker than a face and wider than a stroke, reaches the
    # tile's outer edge; not lit, the upright was cut 26 px deep and the pon left out as standing
    mask, grey = _corner_piece(added=False)
    grey[0:10, 3:24] = INK
    left, called, _ = _depths(_row_faces(lit_faces(mask, grey, 1.0, along_x=True)))
    assert 34 <= left <= 38 and called <= 30


KAN_COLS = (slice(0, 27), slice(28, 55), slice(56, 83), slice(84, 111))  # four upright tiles side by side
BACK_GREY = 70  # a blue back, darker than a lit face's side


def _concealed_kan() -> tuple[NDArray[np.bool_], NDArray[np.uint8], NDArray[np.uint8]]:
    """(mask, grey, backs' colour mask) of seat 2's concealed kan of 8p as seed 2293 shows it at 40 degrees
    (black felt, blue backs): the end tiles face up, the middle two face down, each with its side towards
    the camera."""
    grey = np.full((50, 111), FELT, np.uint8)
    back = np.zeros((50, 111), np.uint8)
    for n, cols in enumerate(KAN_COLS):
        down = n in (1, 2)
        grey[0:37, cols] = BACK_GREY if down else FACE
        grey[37:47, cols] = SIDE
        if down:
            back[0:37, cols] = 1
        else:
            grey[5:32:6, cols.start + 4 : cols.stop - 4] = INK  # rows of circles
    return grey != FELT, grey, back


def test_lit_faces_keep_a_concealed_kans_face_down_tiles_by_their_backs_colour() -> None:
    mask, grey, back = _concealed_kan()
    without = lit_faces(mask, grey, 1.0)
    assert not without[0:37, KAN_COLS[1]].any()  # as dark as a side: the fault it had
    lit = lit_faces(mask, grey, 1.0, back=back)
    for cols in KAN_COLS:
        assert lit[2:35, cols.start + 2 : cols.stop - 2].all(), cols
        assert not lit[40:47, cols].any()  # the sides stay out
    boxes: list[tuple[int, int, int, int]] = []
    face = _row_faces(lit)
    rows, cols = np.nonzero(face.any(axis=1))[0], np.nonzero(face.any(axis=0))[0]
    sub = (slice(rows[0], rows[-1] + 1), slice(cols[0], cols[-1] + 1))
    cut_blob(face[sub], np.zeros_like(grey, np.float32)[sub], 45, 73, boxes, GEO, 1.0)
    assert len(boxes) == 4, boxes


def test_a_side_s_back_layer_is_no_back_of_a_face_down_tile() -> None:
    # A lying tile's side shows the backs' colour in a strip (its back layer), far shallower than a back.
    mask, grey = _corner_piece()
    back = (grey == BACK_LAYER).astype(np.uint8)
    assert (lit_faces(mask, grey, 1.0, back=back) == lit_faces(mask, grey, 1.0)).all()


END_CALLED, UPRIGHTS = slice(0, 37), (slice(38, 64), slice(65, 91))  # a called tile at the row's end
DIM_RIM = 127  # 0.85 of a face's grey level: a rounded rim in a dim corner


def _pon_called_at_its_end() -> tuple[NDArray[np.bool_], NDArray[np.uint8]]:
    """(mask, grey) of seat 2's pon of 2p with its called tile at the row's end, as seed 8369 shows it at 44
    degrees in dim light (black felt, green backs): the sideways 2p's two circles, 12 mm across, lie across
    its face, the first one reaching the tile's outer rim, dimmer there than the faces' level."""
    grey = np.full((50, 91), FELT, np.uint8)
    grey[0:28, END_CALLED] = FACE
    grey[28:40, END_CALLED] = SIDE
    for cols in UPRIGHTS:
        grey[0:37, cols] = FACE
        grey[37:47, cols] = SIDE
        grey[6:31:12, cols.start + 6 : cols.stop - 6] = INK  # a 2p's circles, upright: thin here
    grey[8:20, 2:16] = INK
    grey[8:20, 20:34] = INK
    grey[8:20, 0:2] = DIM_RIM
    return grey != FELT, grey


def test_ink_reaching_a_faces_dim_rim_is_face_across_the_row() -> None:
    mask, grey = _pon_called_at_its_end()
    lit = lit_faces(mask, grey, 1.0)
    assert lit[8:20, 0:34].all()  # both circles, the first one open to the felt through the dim rim
    assert not lit[30:40, END_CALLED].any() and not lit[38:47, UPRIGHTS[0]].any()  # the sides stay out
    face = _row_faces(lit)
    rows, cols = np.nonzero(face.any(axis=1))[0], np.nonzero(face.any(axis=0))[0]
    sub = (slice(rows[0], rows[-1] + 1), slice(cols[0], cols[-1] + 1))
    boxes: list[tuple[int, int, int, int]] = []
    cut_blob(face[sub], np.zeros_like(grey, np.float32)[sub], 46, 73, boxes, GEO, 1.0)
    assert [w > h for _, _, w, h in sorted(boxes)] == [True, False, False], boxes


def test_ink_across_closes_no_run_deeper_than_a_face() -> None:
    # A side seen edge-on with a lit standing top and a point stick just beyond it, 12 mm on: closed across,
    # the face would run 47 mm deep, deeper than a tile's long side, and stays as lit.
    mask, grey = _corner_piece(added=False)
    grey[49:63, LEFT] = TOP
    mask = grey != FELT
    lit = lit_faces(mask, grey, 1.0)
    assert not lit[37:49, LEFT].any()

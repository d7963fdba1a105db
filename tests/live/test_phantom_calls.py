"""A standing hand misread as lying tiles is no call (vision/live_events.py, `TableReader._new_meld`).

On a render of white cloth with black backs at 37 degrees, dim and hard (bench/live.py matrix, seed 211),
a camera bump re-made every track; seat 2's standing hand was then read in two rows, its tops above its
faces, cut into cells named haku. Three of them, one read sideways, made a pon "from seat 1", and because
seat 1's pond had just been unread (the bump), a discard of seat 1 was invented for it. A meld lies side by
side in one row (seed 002 3.3.8), and only the last discard can be called (seed 002 3.3.1).
"""

from __future__ import annotations

from riichi_table.vision.meld_reading import laid_in_a_row
from riichi_table.vision.zones import Placed

from tests.live.test_live_events import GEO, _types
from tests.live.test_pond_turns import _framed_start, _one_go_around

TOPS, FACES = GEO.hand_v + 8, GEO.hand_v + 44  # a standing hand's two rows in the straightened view


def test_a_standing_hand_read_in_two_rows_after_a_bump_is_no_call_and_invents_no_discard() -> None:
    table = _framed_start()
    _one_go_around(table)
    table.discard(0, 1, 27)  # seat 1's turn now
    table.unseen |= {t.id for t in table.tracks.values() if t.seat == 1 and t.area == "pond"}
    table.step()  # the bump: seat 1's pond unread for a frame, as an arm over it would leave it
    table.unseen.clear()
    row = [
        table.put(2, -60, FACES, 31, sideways=True),
        table.put(2, -56, TOPS, 31),
        table.put(2, -28, TOPS, 31),
    ]
    for _ in range(3):
        table.step(row)
        row = []
    assert _types(table.events[-2:]) == ["tsumo", "dahai"]  # seat 0's discard is the last event
    assert not [e for e in table.events if e["type"] in ("pon", "chi", "daiminkan")]
    assert [e["actor"] for e in table.events if e["type"] == "dahai"][-1] == 0
    assert table.reader.warnings == [
        "seat 2's call read in its hand row is none: its tiles do not lie side by side in one row"
        " (a standing hand?)"
    ]


def test_a_seat_cannot_call_its_own_discard() -> None:
    table = _framed_start()
    _one_go_around(table)
    table.discard(0, 1, 27)
    table.discard(1, 1, 28)
    table.discard(2, 1, 29)  # seat 2 discarded last; a group in its hand row points at seat 1
    tiles = [table.put(2, 330 + i * 30, GEO.hand_v, 21, sideways=(i == 0)) for i in range(3)]
    table.step(tiles)
    assert not [e for e in table.events if e["type"] == "pon"]
    assert table.reader.hand.melds[2] == []
    assert any("the last discard read is not seat 1's" in w for w in table.reader.warnings)


def _placed(*tiles: tuple[float, float, bool]) -> list[Placed]:
    width = {True: GEO.tile_h, False: GEO.tile_w}
    return [Placed(i, u, v, width[side], side, False) for i, (u, v, side) in enumerate(tiles)]


def test_a_meld_as_laid_lies_in_a_row_and_a_standing_hands_two_rows_do_not() -> None:
    # As bench renders lay a pon from kamicha: 2.5 mm apart, the sideways tile's centre 4.5 mm nearer.
    laid = _placed((330.0, GEO.hand_v + 4.5, True), (362.0, GEO.hand_v, False), (390.5, GEO.hand_v, False))
    assert laid_in_a_row(laid, GEO.tile_w)
    two_rows = _placed((-60.0, FACES, True), (-56.0, TOPS, False), (-28.0, TOPS, False))
    assert not laid_in_a_row(two_rows, GEO.tile_w)
    overlapping = _placed((300.0, GEO.hand_v, True), (306.0, GEO.hand_v, False), (334.0, GEO.hand_v, False))
    assert not laid_in_a_row(overlapping, GEO.tile_w)

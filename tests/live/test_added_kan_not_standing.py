"""A meld with a kan added to its middle tile is two lying tiles deep over half its length, as deep as a
standing hand looks from a tilted camera: a hand-row blob around a called tile the game recorded, no longer
than an added kan, is that meld (`LiveReader._meld_blob`, fed by `TableReader.called_tiles`).

Seed 5237, white cloth, blue backs, 40 degrees, frame 530: seat 0's pon of F with the fourth F added beyond
the called tile measured 62 mm deep over most of its 104 mm and was left out as a standing hand, the pon
with it; the kan and its dora indicator were never read, and the win after it scored without them."""

from __future__ import annotations

from riichi_table.vision.live_reader import LiveReader, TileTemplates

from tests.live.test_live_events import GEO, _start


def _reader() -> LiveReader:
    from riichi_table.assistant.session import DEMO_DIR

    return LiveReader(TileTemplates.load(DEMO_DIR / "templates.npz"), namer="templates")


def test_the_called_tiles_of_the_melds_recorded_are_where_their_sideways_tracks_lie() -> None:
    table = _start()
    table.discard(0, 0, 27)
    table.discard(1, 0, 28)
    table.discard(2, 0, 32)  # seat 2's F ...
    taken = table.tracks[max(table.tracks)]
    table.take(taken)
    pon = [table.put(0, 330 + i * 30, GEO.hand_v, 32, sideways=i == 1) for i in range(3)]  # ... called across
    table.step([], [taken])
    assert [e["type"] for e in table.events][-1] == "pon"
    assert table.reader.called_tiles() == [(pon[1].x, pon[1].y)]


def test_a_blob_around_a_recorded_called_tile_no_longer_than_an_added_kan_is_that_meld() -> None:
    reader = _reader()
    kan = (761, 772, 104, 66)  # the added kan's blob in the 900 px view at 1 px/mm, seat 0's hand row
    assert not reader._meld_blob(*kan, seat=0)  # no meld recorded: the depth test stands
    reader.called_tiles = [(809.0, 816.0)]  # the pon's called F, read sideways before the kan was added
    assert reader._meld_blob(*kan, seat=0)
    assert not reader._meld_blob(440, 791, 425, 66, seat=0)  # a standing hand and the meld in one blob
    assert not reader._meld_blob(300, 772, 104, 66, seat=0)  # a blob elsewhere in the row

"""A win the game refuses (no winning hand as read, even with second readings) is no win: the hand goes on
(vision/live_events.py `TableReader.win_refused`, riichi_table/assistant/session.py)."""

from __future__ import annotations

from tests.live.test_live_events import GEO, _start, _types


def test_a_win_the_game_refuses_is_no_win_and_the_hand_goes_on() -> None:
    # Seed 6199, blue felt, green backs, 44 degrees, dim: a near standing hand's tops and sides, cut as tiles,
    # read as a ron far from any winning hand; the reader ended the hand the game refused to end.
    from riichi_table.assistant import LiveSession

    table = _start()
    session = LiveSession("wrc", namer="templates")
    session.table = table.reader

    def play(steps: int = 1, seat: int | None = None, kind: int = 0, n: int = 0) -> None:
        """`seat` discards `kind` as its pond's `n`th tile (if given), `steps` frames go by; the session
        takes what the reader read."""
        before = len(table.events)
        if seat is not None:
            table.discard(seat, n, kind)
        for _ in range(steps):
            table.step()
        for event in table.events[before:]:
            session._apply(dict(event))

    for event in table.events:
        session._apply(dict(event))
    play(seat=0, kind=27)
    kinds = [0, 0, 4, 7, 12, 15, 19, 22, 25, 27, 29, 31, 33]  # no winning hand with a 3m
    for i, k in enumerate(kinds):
        table.put(2, GEO.hand_u0 + i * 28.5, GEO.hand_v, k)
    table.put(2, GEO.hand_u0 + 13 * 28.5 + 12, GEO.hand_v, 2)
    play(steps=10)
    assert "hora" in _types(table.events)  # read as seat 2's ron on seat 1's discard, never read
    assert not [e for e in session.accepted if e["type"] in ("hora", "end_kyoku")]
    h = table.reader.hand
    assert h.phase == "playing"
    assert h.phantoms[1] == 1  # the 3m put in as seat 1's discard is a guess now
    assert any("no win as read: the hand goes on" in w for w in table.reader.warnings)
    # The same tiles, still lying there, are no hand laid open; seat 1's real discard, read in its next
    # turn, is put in its place.
    play(steps=10, seat=1, kind=15)
    for seat, kind in ((2, 28), (3, 29)):
        play(seat=seat, kind=kind)
    play(seat=0, kind=30, n=1)
    assert _types(table.events).count("hora") == 1
    dahai = [(e["actor"], e["pai"]) for e in session.accepted if e["type"] == "dahai"]
    assert dahai == [(0, "E"), (1, "7p"), (2, "S"), (3, "W"), (0, "N")]

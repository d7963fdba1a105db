"""Comparing a replay's record with the truth (datasets/game_compare.py): F1 per event type, and `exact`."""

from __future__ import annotations

from riichi_table.datasets.game_compare import compare, exact


def _hand(dora: str, kan_after: int) -> list[dict]:
    """A hand with `dora` for its indicator, eight discards, a concealed kan after discard `kan_after`."""
    out: list[dict] = [{"type": "start_kyoku", "dora_marker": dora}]
    for n in range(8):
        seat = n % 4
        out.append({"type": "dahai", "actor": seat, "pai": f"{n + 1}m", "tsumogiri": False})
        if n == kan_after:
            out += [
                {"type": "ankan", "actor": seat, "consumed": ["2p"] * 4},
                {"type": "dora", "dora_marker": "6m"},
            ]
    return [*out, {"type": "ryukyoku", "tenpais": [False] * 4, "deltas": [0] * 4}, {"type": "end_kyoku"}]


def test_a_kan_put_in_turns_late_or_a_misread_first_indicator_is_no_exact_record() -> None:
    truth = _hand("4p", kan_after=2)
    assert exact(truth, _hand("4p", kan_after=2))
    late = _hand("4p", kan_after=6)  # the same kan, read four turns late
    c = compare(truth, late)
    assert c.tp == c.expected == c.produced  # every type's events in order: F1 1.00
    assert not exact(truth, late)
    assert not exact(truth, _hand("2p", kan_after=2))  # the hand's first indicator misread

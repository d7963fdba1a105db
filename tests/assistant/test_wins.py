"""Fitting a refused win to the camera's second readings (riichi_table/assistant/wins.py)."""

from __future__ import annotations

from riichi_table.assistant.wins import substitutions

# 11m 22m 33p 44p 66s 77s EE with one 6s misread as 7s; its second reading is 6s.
_TEHAI = ["1m", "1m", "2m", "2m", "3p", "3p", "4p", "4p", "7s", "6s", "7s", "7s", "E", "E"]
_ALTERNATIVES: list[list[str]] = [[] for _ in _TEHAI]
_ALTERNATIVES[8] = ["6s"]
_SEVEN_PAIRS = ["1m", "1m", "2m", "2m", "3p", "3p", "4p", "4p", "6s", "6s", "7s", "7s", "E", "E"]


def test_a_seven_pairs_reading_is_offered_where_the_rules_count_seven_pairs() -> None:
    # 001 yaku table: seven pairs is a winning hand (the default: every shape)
    assert substitutions(_TEHAI, _ALTERNATIVES, 0) == [_SEVEN_PAIRS]
    assert substitutions(_TEHAI, _ALTERNATIVES, 0, ("regular", "chiitoitsu", "kokushi")) == [_SEVEN_PAIRS]


def test_the_beginner_shapes_offer_no_seven_pairs_reading() -> None:
    # seed 000 "Complete hand": four sets and a pair only
    assert substitutions(_TEHAI, _ALTERNATIVES, 0, ("regular",)) == []

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


def test_two_likely_second_readings_win_over_one_unlikely_single_swap() -> None:
    from riichi_table.assistant.wins import most_probable_first

    # 456m 55p 678p 123s 456s read with 4m 5m as 1m 2m (far tiles, dim light). 6m -> 3m alone makes a legal
    # hand too (123m), but the namer gave 3m almost nothing on that tile, and 4m, 5m much on theirs.
    read = ["1m", "2m", "6m", "5p", "5p", "6p", "7p", "8p", "1s", "2s", "3s", "4s", "5s", "6s"]
    alternatives: list[list[str]] = [[] for _ in read]
    alternatives[0], alternatives[1], alternatives[2] = ["4m"], ["5m"], ["3m"]
    odds = [{p: 1.0} for p in read]
    odds[0] = {"1m": 0.40, "4m": 0.35}
    odds[1] = {"2m": 0.45, "5m": 0.35}
    odds[2] = {"6m": 0.90, "3m": 0.02}
    candidates = substitutions(read, alternatives, 0)
    assert candidates[0][:3] == ["1m", "2m", "3m"]  # in reading order, the single swap comes first
    best = most_probable_first(read, candidates, odds)[0]
    assert best[:3] == ["4m", "5m", "6m"]

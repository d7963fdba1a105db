"""Referee checks: kuikae (seed 001, 002 3.3.2), kan in riichi (seed 001), abortive-draw conditions."""

from __future__ import annotations

import pytest
from riichi_table.engine.referee import (
    decompositions,
    four_kans_abort,
    four_winds,
    kuikae_forbidden,
    nine_terminals,
    riichi_ankan_verdict,
)
from riichi_table.engine.tiles import counts34, parse_tile, parse_tiles


def k(name: str) -> int:
    return parse_tile(name).kind


@pytest.mark.parametrize(
    ("called", "consumed", "forbidden"),
    [
        ("2m", "34m", "25m"),  # seed 001: call 2 for 234: neither 2 nor 5
        ("5m", "34m", "25m"),  # the same sequence from the other end
        ("4m", "35m", "4m"),  # seed 001: call 4 for 345 (kanchan): only 4
        ("7m", "89m", "7m"),  # no tile beyond 9
        ("3m", "12m", "3m"),  # no tile below 1
    ],
)
def test_kuikae_after_chi(called: str, consumed: str, forbidden: str) -> None:
    got = kuikae_forbidden("chi", k(called), [t.kind for t in parse_tiles(consumed)])
    assert got == {t.kind for t in parse_tiles(forbidden)}


def test_kuikae_after_pon_forbids_the_called_tile() -> None:
    # seed 002 3.3.2
    assert kuikae_forbidden("pon", k("5z"), [k("5z"), k("5z")]) == {k("5z")}


def test_kan_in_riichi_that_keeps_wait_and_sets_is_allowed() -> None:
    # seed 001 "Illegal Kan in Riichi"
    hand = counts34(parse_tiles("2222m345p678s1122z"))
    assert riichi_ankan_verdict(hand, k("2m"), k("2m"), "same_wait_and_sets").allowed


def test_kan_in_riichi_that_changes_the_wait_is_illegal() -> None:
    # 2223m + sets: waits 1m 3m 4m (222+3 / 22+23 ...); kan of 2m leaves a 3m tanki
    hand = counts34(parse_tiles("22223m345p678s111z"))
    verdict = riichi_ankan_verdict(hand, k("2m"), k("2m"), "same_wait_and_sets")
    assert not verdict.allowed and "wait" in verdict.reason


def test_kan_in_riichi_that_changes_the_set_formation_is_illegal() -> None:
    # seed 001: three consecutive pons read as three identical chi
    hand = counts34(parse_tiles("1111222333m456p9s"))
    verdict = riichi_ankan_verdict(hand, k("1m"), k("1m"), "same_wait_and_sets")
    assert not verdict.allowed


def test_kan_in_riichi_needs_the_drawn_tile() -> None:
    hand = counts34(parse_tiles("2222m345p678s1122z"))
    assert not riichi_ankan_verdict(hand, k("2m"), k("1z"), "same_wait_and_sets").allowed


def test_decompositions_lists_every_reading() -> None:
    readings = decompositions(counts34(parse_tiles("111222333m456p99s")))
    assert len(readings) == 2  # three pons, or three identical chi


def test_nine_terminals_needs_nine_different_kinds() -> None:
    assert nine_terminals(counts34(parse_tiles("19m19p19s1234z258m")))
    assert not nine_terminals(counts34(parse_tiles("19m19p19s12z25588m")))


def test_four_winds_needs_the_same_wind_four_times() -> None:
    assert four_winds([27, 27, 27, 27])
    assert not four_winds([27, 27, 27, 28])
    assert not four_winds([31, 31, 31, 31])  # dragons are not winds


def test_four_kans_abort_only_when_more_than_one_player_made_them() -> None:
    assert four_kans_abort([2, 1, 1, 0])
    assert not four_kans_abort([4, 0, 0, 0])
    assert not four_kans_abort([1, 1, 1, 0])

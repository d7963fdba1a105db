"""Points: seed 001's points table cell by cell, limits, kiriage, honba and sticks."""

from __future__ import annotations

import pytest
from riichi_table.engine.points import limit_of, payments
from riichi_table.engine.rules import resolve_rules

# Seed 001 points table, one column per entry: the (han, fu) cells that share it, then
# East (dealer) tsumo, Other tsumo, East ron, Other ron.
SEED_001_COLUMNS = [
    ([(1, 30)], 500, 300, 1500, 1000),
    ([(1, 40), (2, 20)], 700, 400, 2000, 1300),
    ([(1, 50), (2, 25)], 800, 400, 2400, 1600),
    ([(1, 60), (2, 30)], 1000, 500, 2900, 2000),
    ([(1, 70)], 1200, 600, 3400, 2300),
    ([(2, 40), (3, 20)], 1300, 700, 3900, 2600),
    ([(2, 50), (3, 25)], 1600, 800, 4800, 3200),
    ([(2, 60), (3, 30)], 2000, 1000, 5800, 3900),
    ([(2, 70)], 2300, 1200, 6800, 4500),
    ([(3, 40), (4, 20)], 2600, 1300, 7700, 5200),
    ([(3, 50), (4, 25)], 3200, 1600, 9600, 6400),
    ([(3, 60), (4, 30)], 3900, 2000, 11600, 7700),
    ([(3, 70), (4, 40), (5, 30)], 4000, 2000, 12000, 8000),
    ([(6, 30), (7, 40)], 6000, 3000, 18000, 12000),
    ([(8, 30), (10, 50)], 8000, 4000, 24000, 16000),
    ([(11, 30), (12, 40)], 12000, 6000, 36000, 24000),
]
CELLS = [(han, fu, *values) for cells, *values in SEED_001_COLUMNS for han, fu in cells]


@pytest.mark.parametrize(("han", "fu", "east_tsumo", "other_tsumo", "east_ron", "other_ron"), CELLS)
def test_seed_001_points_table_cell(
    han: int, fu: int, east_tsumo: int, other_tsumo: int, east_ron: int, other_ron: int
) -> None:
    # seed 001 points table: each cell, dealer and non-dealer, tsumo and ron
    _, basic = limit_of(han, fu, 0, resolve_rules("wrc"))
    assert payments(basic, dealer=True, tsumo=True).all == east_tsumo
    non_dealer_tsumo = payments(basic, dealer=False, tsumo=True)
    assert (non_dealer_tsumo.dealer, non_dealer_tsumo.non_dealer) == (east_tsumo, other_tsumo)
    assert payments(basic, dealer=True, tsumo=False).ron == east_ron
    assert payments(basic, dealer=False, tsumo=False).ron == other_ron


def test_seed_001_yakuman_column_is_48000_and_32000() -> None:
    # seed 001 points table: Yakuman (13+ Han)
    _, basic = limit_of(13, 30, 1, resolve_rules("uspml"))
    assert payments(basic, dealer=True, tsumo=False).ron == 48000
    assert payments(basic, dealer=False, tsumo=False).ron == 32000
    assert payments(basic, dealer=False, tsumo=True).dealer == 16000


@pytest.mark.parametrize(
    ("han", "fu", "limit"),
    [(5, 30, "mangan"), (4, 40, "mangan"), (6, 30, "haneman"), (8, 30, "baiman"), (11, 30, "sanbaiman")],
)
def test_limit_names_follow_the_han_bands(han: int, fu: int, limit: str) -> None:
    assert limit_of(han, fu, 0, resolve_rules("wrc"))[0] == limit


def test_thirteen_han_is_sanbaiman_without_counted_yakuman_and_yakuman_with_it() -> None:
    assert limit_of(13, 30, 0, resolve_rules("wrc")) == ("sanbaiman", 6000)
    assert limit_of(13, 30, 0, resolve_rules("uspml")) == ("yakuman", 8000)  # 001 "Yakuman (13+ Han)"


def test_kiriage_mangan_rounds_4_han_30_fu_up_only_when_the_option_is_on() -> None:
    assert limit_of(4, 30, 0, resolve_rules("wrc")) == (None, 1920)
    assert limit_of(4, 30, 0, resolve_rules({"kiriage_mangan": True})) == ("mangan", 2000)
    assert limit_of(3, 60, 0, resolve_rules({"kiriage_mangan": True})) == ("mangan", 2000)


def test_double_yakuman_is_named_and_worth_twice() -> None:
    assert limit_of(26, 0, 2, resolve_rules("tenhou")) == ("double_yakuman", 16000)

"""Differential tests against the `mahjong` package (20,000 hands) and riichienv (5,000 hands).

Both sides play the same rules (mahjong_oracle.OUR_RULES / MAHJONG_OPTIONS; riichienv_oracle.OUR_RULES).
Every difference found while building this was either a bug of ours (fixed) or of the adapter; the rule
choices where the peers differ from the seeds are pinned in the tests below.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest
from riichi_table.engine.batch import handle

# the generator and the adapters live beside this file (pytest runs with --import-mode=importlib)
sys.path.insert(0, str(Path(__file__).resolve().parent))
pytest.importorskip("mahjong", reason="needs the mahjong package (dev extra)")
import mahjong_oracle
from engine_hand_gen import random_request


def _compare(ours: dict, theirs: dict) -> bool:
    if ours["ok"] != theirs["ok"]:
        return False
    if not ours["ok"]:
        return True
    same = (ours["han"], ours["points"]) == (theirs["han"], theirs["points"])
    if not ours["yakuman"] and ours["han"] < 5:
        same = same and ours["fu"] == theirs["fu"]
    return same


@pytest.mark.slow
def test_twenty_thousand_random_hands_score_as_the_mahjong_package_does() -> None:
    rng = random.Random(20240601)
    differences = []
    for _ in range(20000):
        req = random_request(rng, mahjong_oracle.OUR_RULES)
        ours, theirs = handle(req), mahjong_oracle.mahjong_score(req)
        if not _compare(ours, theirs) or (ours["ok"] and ours["total"] != theirs["total"]):
            differences.append((req, ours, theirs))
    assert differences[:3] == []


@pytest.mark.slow
def test_five_thousand_random_hands_score_as_riichienv_does_without_yakuman() -> None:
    riichienv_oracle = pytest.importorskip("riichienv_oracle", reason="needs riichienv (dev extra)")
    rng = random.Random(7)
    differences = []
    for _ in range(5000):
        req = random_request(rng, riichienv_oracle.OUR_RULES)
        ours, theirs = handle(req), riichienv_oracle.riichienv_score(req)
        if ours["ok"] and theirs["ok"] and (ours["yakuman"] or theirs["yakuman"]):
            continue
        if not _compare(ours, theirs):
            differences.append((req, ours, theirs))
    assert differences[:3] == []


def test_waiting_only_on_the_fifth_copy_is_noten_here_and_in_the_mahjong_package() -> None:
    # seed 002 3.3.13: 1111m + 3 melds is not tenpai; both engines say shanten 1
    from mahjong.shanten import Shanten

    counts = [4] + [0] * 33
    assert Shanten().calculate_shanten_for_regular_hand(counts) == 1
    resp = handle(
        {
            "op": "waits",
            "hand": "1111m",
            "melds": [
                {"kind": "pon", "tiles": "222z", "from": 1},
                {"kind": "pon", "tiles": "333z", "from": 2},
                {"kind": "pon", "tiles": "444z", "from": 3},
            ],
        }
    )
    assert resp["shanten"] == 1 and resp["tenpai"] is False


def test_four_plain_fives_are_refused_where_the_set_has_red_fives() -> None:
    # rule choice: the mahjong package scores 4 plain 5s with aka on; a red-five set cannot hold them
    req = {"op": "score", "hand": "123m406p789s5555s", "win": "9s", "rules": "tenhou"}
    assert "plain 5s" in handle(req)["error"]

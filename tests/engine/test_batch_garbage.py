"""Answering requests leaves no reference cycles behind: the batch command lets the collector run only every
million allocations (riichi_table/commands/batch.py `run`), which is safe only while answers make no cyclic
garbage. New suit patterns, every op and broken requests included."""

from __future__ import annotations

import gc
import random
import sys
from pathlib import Path

from riichi_table.engine import decompose
from riichi_table.engine.batch import handle

# the generator lives beside this file (pytest runs with --import-mode=importlib)
sys.path.insert(0, str(Path(__file__).resolve().parent))
from engine_hand_gen import random_request


def test_answers_leave_no_cycles_for_the_collector() -> None:
    rng = random.Random(7)
    requests: list[object] = [{"op": "score", "id": i, **random_request(rng)} for i in range(300)]
    requests += [
        {"op": "waits", "hand": "123456789m1122z"},
        {"op": "waits", "hand": "1112345678999p"},
        {"op": "score", "hand": "123m", "win": "1z"},
        {"op": "score", "hand": "123456789m1122z", "win": "9z"},
        {"op": "score", "hand": "123456789m112z", "win": "2z", "rules": {"preset": "nope"}},
        {"op": "score", "hand": "123456789m112z", "win": "2z", "colour": 1},
        {"op": "fly"},
        [1, 2],
    ]
    for splits in decompose._SPLITS:  # every pattern is new again: the walk over it runs
        splits.clear()
    gc.collect()
    enabled = gc.isenabled()
    gc.disable()
    try:
        answers = [handle(r) for r in requests]
        assert sum(a["ok"] is True for a in answers) >= 200
        assert gc.collect() == 0
    finally:
        if enabled:
            gc.enable()

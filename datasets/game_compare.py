"""Compare a replayed game log with the generator's ground truth (for tests and bench/live.py).

Events are reduced to what the camera is responsible for (tsumo draws and `end_*` markers are implied, so they
are left out): discards with their tile, riichi, calls with whom they came from, kans, dora indicators, and
each
hand's result with its money. Per event type, matches are counted along the longest common subsequence, so an
event counts only when it is right *and in order*.
"""

from __future__ import annotations

import difflib
import json
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

EVENT_TYPES = ("dahai", "reach", "chi", "pon", "daiminkan", "kakan", "ankan", "dora", "hora", "ryukyoku")


def load_events(path: Path) -> list[dict[str, Any]]:
    """mjai JSON lines of a file."""
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


def key(e: dict[str, Any]) -> tuple[Any, ...] | None:
    """The comparable part of an event, or None for events left out of the comparison."""
    t = e.get("type")
    if t == "dahai":
        return (t, e["actor"], e["pai"])
    if t == "reach":
        return (t, e["actor"])
    if t in ("chi", "pon", "daiminkan"):
        return (t, e["actor"], e["target"], e["pai"], tuple(sorted(e["consumed"])))
    if t == "kakan":
        return (t, e["actor"], e["pai"])
    if t == "ankan":
        return (t, e["actor"], tuple(sorted(e["consumed"])))
    if t == "dora":
        return (t, e["dora_marker"])
    if t == "hora":
        return (t, e["actor"], e["target"], e["pai"], tuple(e.get("deltas") or ()))
    if t == "ryukyoku":
        return (t, tuple(e.get("tenpais") or ()), tuple(e.get("deltas") or ()))
    if t == "start_kyoku":
        return (t, e.get("dora_marker"))
    return None


@dataclass
class Comparison:
    """Per-type true positives / produced / expected, hands whose result matched, and the final scores."""

    tp: dict[str, int] = field(default_factory=dict)
    produced: dict[str, int] = field(default_factory=dict)
    expected: dict[str, int] = field(default_factory=dict)
    hands: list[bool] = field(default_factory=list)
    final_truth: list[int] | None = None
    final_got: list[int] | None = None

    def precision(self, t: str) -> float:
        return self.tp.get(t, 0) / self.produced[t] if self.produced.get(t) else 1.0

    def recall(self, t: str) -> float:
        return self.tp.get(t, 0) / self.expected[t] if self.expected.get(t) else 1.0

    @property
    def final_match(self) -> bool:
        return self.final_truth is not None and self.final_truth == self.final_got

    def add(self, other: Comparison) -> None:
        for name in ("tp", "produced", "expected"):
            mine, theirs = getattr(self, name), getattr(other, name)
            for t, n in theirs.items():
                mine[t] = mine.get(t, 0) + n
        self.hands += other.hands


def _results(events: Iterable[dict[str, Any]]) -> list[tuple[Any, ...]]:
    """Each hand's outcome: its hora/ryukyoku keys, in order."""
    hands: list[tuple[Any, ...]] = []
    current: list[Any] = []
    for e in events:
        if e.get("type") in ("hora", "ryukyoku"):
            current.append(key(e))
        elif e.get("type") == "end_kyoku":
            hands.append(tuple(current))
            current = []
    return hands


def _final(events: list[dict[str, Any]]) -> list[int] | None:
    for e in reversed(events):
        if e.get("type") == "end_game" and e.get("scores"):
            return list(e["scores"])
    return None


def compare(truth: list[dict[str, Any]], got: list[dict[str, Any]]) -> Comparison:
    """Compare two event lists (truth first)."""
    c = Comparison()
    for t in EVENT_TYPES:
        a = [k for e in truth if e.get("type") == t and (k := key(e)) is not None]
        b = [k for e in got if e.get("type") == t and (k := key(e)) is not None]
        matcher = difflib.SequenceMatcher(a=a, b=b, autojunk=False)
        c.tp[t] = sum(block.size for block in matcher.get_matching_blocks())
        c.expected[t] = len(a)
        c.produced[t] = len(b)
    truth_hands = _results(truth)
    got_hands = _results(got)
    c.hands = [i < len(got_hands) and got_hands[i] == h for i, h in enumerate(truth_hands)]
    c.final_truth = _final(truth)
    c.final_got = _final(got)
    return c


def exact(truth: list[dict[str, Any]], got: list[dict[str, Any]]) -> bool:
    """Whether `got` records what `truth` does event for event: every comparable event (`key`, each hand's
    first dora indicator too) in one order across types. `compare` matches each type's events apart, so a
    kan put in a few turns late or a first indicator misread can leave its F1 at 1.00."""
    return [k for e in truth if (k := key(e)) is not None] == [k for e in got if (k := key(e)) is not None]


def diff_lines(truth: list[dict[str, Any]], got: list[dict[str, Any]]) -> list[str]:
    """A readable diff of the comparable events (for debugging a replay)."""
    a = [str(k) for e in truth if (k := key(e)) is not None]
    b = [str(k) for e in got if (k := key(e)) is not None]
    return [line for line in difflib.unified_diff(a, b, "truth", "replay", lineterm="", n=1)]

"""bench/batch_corpus.py, the corpus that compares two versions of `riichi-table batch` answer for answer:
the same seed gives the same lines, and every line of it (good, broken and odd) gets one answer line."""

from __future__ import annotations

import io
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))

from batch_corpus import corpus

from riichi_table.commands.batch import process


def test_same_seed_same_lines_other_seed_other_lines() -> None:
    assert corpus(200, 5) == corpus(200, 5)
    assert corpus(200, 5) != corpus(200, 6)


def test_every_corpus_line_gets_one_answer_and_both_kinds_occur() -> None:
    lines = corpus(400, 3)
    out = io.StringIO()
    answered = process([line + "\n" for line in lines], out)
    answers = [json.loads(a) for a in out.getvalue().splitlines()]
    assert answered == len(answers) == len([line for line in lines if line.strip()])
    kinds = {a["ok"] for a in answers}
    assert kinds == {True, False}
    errors = [a["error"] for a in answers if not a["ok"]]
    # the broken fields are named, not reported as crashes
    assert any("must be" in e for e in errors) and any("not a JSON line" in e for e in errors)
    assert all("Traceback" not in e for e in errors)

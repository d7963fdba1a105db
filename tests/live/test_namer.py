"""Naming tiles in the rectified view: the enrolled templates, the ONNX crop classifier, or both."""

from __future__ import annotations

from collections import Counter
from typing import Any

import numpy as np
import pytest
from riichi_table.engine.tiles import parse_tiles
from riichi_table.vision.errors import VisionError
from riichi_table.vision.live_namer import combine, needs_second_opinion
from riichi_table.vision.reader import models_available

from riichi_table.assistant import Assistant, AssistantError

# Ponds of all four seats, characters included (far-seat man tiles were the templates' usual misreads).
PONDS = ("1236789m", "2367m19p", "4567m5s7z", "1m3m7m8p1z")
needs_models = pytest.mark.skipif(not models_available(), reason="models/classifier.onnx is not here")


@pytest.fixture(scope="module")
def pond_view(renderer: Any) -> np.ndarray:
    from riichi_table.datasets.game_play import SeatLayout, TableLayout
    from riichi_table.vision.calibrate import from_markers

    seats = [SeatLayout(pond=[(t, False) for t in parse_tiles(p)], hand_count=0) for p in PONDS]
    frame = renderer.frame(renderer.scene(TableLayout(seats=seats)), 0, None, 10.0)
    return from_markers(frame).rectify(frame)


def _read_kinds(view: np.ndarray, templates: Any, namer: str) -> Counter[int]:
    from riichi_table.vision.live_reader import LiveReader

    reading = LiveReader(templates, namer=namer).read(view)  # type: ignore[arg-type]
    return Counter(t.class_id for t in reading.tiles if t.area == "pond")


def _truth() -> Counter[int]:
    return Counter(t.kind for p in PONDS for t in parse_tiles(p))


@needs_models
@pytest.mark.parametrize(
    ("namer", "least_right"),
    [("templates", 22), ("onnx", 24), ("both", 23)],
    ids=["templates: far 7m/2m read as 6m/3m in one frame", "onnx: all 24", "both"],
)
def test_each_namer_reads_the_four_ponds_of_a_rendered_table_in_one_frame(
    pond_view: Any, templates: Any, namer: str, least_right: int
) -> None:
    read = _read_kinds(pond_view, templates, namer)
    assert sum(read.values()) == sum(_truth().values()) == 24
    assert sum((read & _truth()).values()) >= least_right, (namer, read, _truth())


def test_an_unknown_namer_is_refused_with_the_choices(templates: Any) -> None:
    from riichi_table.vision.live_reader import LiveReader

    with pytest.raises(VisionError, match="templates, onnx, both"):
        LiveReader(templates, namer="yolo")  # type: ignore[arg-type]
    with pytest.raises(AssistantError, match="tile reader"):
        Assistant("demo", namer="yolo")


def test_a_close_template_call_asks_the_classifier_and_both_opinions_count() -> None:
    templates = np.zeros((2, 38), np.float32)
    templates[0, [5, 6]] = 0.5, 0.5  # 6m or 7m: a tie
    templates[1, 5] = 1.0  # sure
    assert needs_second_opinion(templates).tolist() == [True, False]
    onnx = np.zeros((1, 38), np.float32)
    onnx[0, [6, 20]] = 0.9, 0.1
    both = combine(templates[:1], onnx)
    assert int(np.argmax(both[0])) == 6 and np.isclose(both.sum(), 1.0)


@needs_models
def test_the_default_reader_is_the_onnx_classifier_and_says_so_in_health() -> None:
    from riichi_table.assistant import LiveSession

    session = LiveSession()
    assert session.namer == "onnx" and session.model_health()["state"] == "ok"


def test_without_the_classifier_file_the_default_falls_back_to_the_templates(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Any
) -> None:
    import riichi_table.vision.reader

    from riichi_table.assistant import LiveSession

    monkeypatch.setattr(riichi_table.vision.reader, "DEFAULT_MODELS", tmp_path)  # an empty models folder
    session = LiveSession()
    assert session.namer == "templates"
    assert session.model_health()["state"] == "degraded" and "classifier" in session.state()["warnings"][0]
    with pytest.raises(VisionError, match="not found"):
        LiveSession(namer="onnx")  # asked for by name: no fallback

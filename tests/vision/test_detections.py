"""The Detections value: shapes checked at construction, immutable, selection returns new sets."""

from __future__ import annotations

import dataclasses

import numpy as np
import pytest
from riichi_table.vision.detections import Detections
from riichi_table.vision.errors import VisionError


def _three() -> Detections:
    return Detections.from_xyxy(
        [[0, 0, 10, 14], [20, 0, 30, 14], [40, 0, 60, 12]], [4, 37, 35], [0.9, 0.5, 0.7]
    )


def test_empty_has_no_rows_and_right_shapes() -> None:
    d = Detections.empty()
    assert len(d) == 0
    assert d.boxes.shape == (0, 4) and d.corners.shape == (0, 4, 2)


def test_mask_selection_returns_a_new_set_of_the_chosen_rows() -> None:
    d = _three()
    picked = d[d.confidence > 0.6]
    assert picked.class_id.tolist() == [4, 35]
    assert len(d) == 3


def test_index_and_slice_selection() -> None:
    d = _three()
    assert d[[2, 0]].class_id.tolist() == [35, 4]
    assert d[1:].class_id.tolist() == [37, 35]
    assert d[1].class_id.tolist() == [37]
    assert len(d[[]]) == 0


def test_arrays_are_read_only() -> None:
    d = _three()
    with pytest.raises(ValueError):
        d.boxes[0, 0] = 5


def test_caller_arrays_are_copied_not_shared() -> None:
    boxes = np.array([[0, 0, 10, 14]], np.float32)
    d = Detections.from_xyxy(boxes, [1], [0.5])
    boxes[0, 0] = 99
    assert d.boxes[0, 0] == 0


def test_wrong_shape_names_field_expected_and_got() -> None:
    with pytest.raises(VisionError, match=r"corners: expected shape \(3, 4, 2\), got \(2, 4, 2\)"):
        Detections(np.zeros((3, 4)), np.zeros((2, 4, 2)), [1, 2, 3], [1, 1, 1])


def test_class_id_out_of_range_is_refused() -> None:
    with pytest.raises(VisionError, match=r"class_id: expected 0\.\.37"):
        Detections.from_xyxy(np.zeros((1, 4)), [38], [1.0])


def test_wrong_mask_length_is_refused() -> None:
    with pytest.raises(VisionError, match="mask"):
        _three()[np.array([True, False])]


def test_replace_builds_a_checked_new_set() -> None:
    d = _three()
    tracked = dataclasses.replace(d, track_id=[7, 8, 9])
    assert tracked.track_id is not None and tracked.track_id.tolist() == [7, 8, 9]
    assert d.track_id is None
    with pytest.raises(VisionError, match="track_id"):
        dataclasses.replace(d, track_id=[1])


def test_yolo_rows_round_trip() -> None:
    d = _three()
    rows = d.to_yolo_rows(100, 50)
    back = Detections.from_yolo_rows(rows, 100, 50)
    assert np.allclose(back.boxes, d.boxes, atol=1e-4)
    assert back.class_id.tolist() == d.class_id.tolist()


def test_sideways_is_a_box_wider_than_tall() -> None:
    assert _three().sideways.tolist() == [False, False, True]


def test_concat_keeps_order() -> None:
    d = _three()
    assert Detections.concat([d[[0]], d[[2]]]).class_id.tolist() == [4, 35]

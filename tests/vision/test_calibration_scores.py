"""Calibrated confidence: the fitted map is monotone, means what it says, and bad files fail clearly."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from riichi_table.vision.calibration_scores import (
    CALIBRATION_FILE,
    CalibrationFileError,
    ScoreCalibration,
    box_outcomes,
    fit,
    isotonic,
    reliability,
)

MODELS = Path(__file__).resolve().parents[2] / "models"


def test_pool_adjacent_violators_pools_a_decreasing_pair_into_their_mean() -> None:
    x, y = isotonic(np.array([0.1, 0.2, 0.3, 0.4]), np.array([0.0, 1.0, 0.0, 1.0]))
    assert y.tolist() == [0.0, 0.5, 1.0]
    assert x.tolist() == pytest.approx([0.1, 0.25, 0.4])


def test_a_fitted_map_is_monotone_and_calibrated_on_data_with_a_known_chance() -> None:
    rng = np.random.default_rng(0)
    raw = rng.uniform(0, 1, 20000)
    truth_chance = raw**2  # raw scores that overstate the chance of being right
    right = rng.uniform(0, 1, raw.size) < truth_chance
    cal = fit(raw, right)
    grid = np.linspace(0, 1, 501)
    assert np.all(np.diff(cal(grid)) >= 0)
    assert cal(np.array([0.5, 0.8]))[0] == pytest.approx(0.25, abs=0.05)
    assert cal(np.array([0.5, 0.8]))[1] == pytest.approx(0.64, abs=0.05)
    for c, n, share in reliability(cal(raw), right):
        assert n > 0 and share >= c - 0.05


def test_the_shipped_calibration_is_monotone() -> None:
    path = MODELS / CALIBRATION_FILE
    if not path.is_file():
        pytest.skip("models/confidence_calibration.json is not there")
    cal = ScoreCalibration.load(path)
    values = cal(np.linspace(0, 1, 1001))
    assert np.all(np.diff(values) >= 0)
    assert values.min() >= 0 and values.max() <= 1


def test_a_decreasing_or_broken_calibration_file_is_a_clear_error(tmp_path: Path) -> None:
    bad = tmp_path / "cal.json"
    bad.write_text('{"raw": [0, 0.5, 1], "calibrated": [0, 0.9, 0.4]}')
    with pytest.raises(CalibrationFileError, match="non-decreasing"):
        ScoreCalibration.load(bad)
    bad.write_text("{not json")
    with pytest.raises(CalibrationFileError, match="cannot be read"):
        ScoreCalibration.load(bad)


def test_a_box_counts_as_right_only_with_the_right_kind_and_a_close_fit() -> None:
    truth = np.array([[0, 0, 10, 14], [20, 0, 30, 14]], np.float32)
    pred = np.array([[0, 0, 10, 14], [20, 0, 30, 14], [50, 0, 60, 14], [100, 0, 110, 14]], np.float32)
    ignore = np.array([[100, 0, 110, 14]], np.float32)
    conf, right = box_outcomes(
        pred, np.array([3, 5, 3, 7]), np.array([0.9, 0.8, 0.7, 0.6]), truth, np.array([3, 4]), ignore
    )
    assert conf.tolist() == pytest.approx([0.9, 0.8, 0.7])  # the box on the ignored tile is left out
    assert right.tolist() == [True, False, False]

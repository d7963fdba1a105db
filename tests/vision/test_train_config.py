"""Bad training settings are refused with a one-line error before any data or model is loaded."""

from __future__ import annotations

from pathlib import Path

import pytest
from riichi_table.vision.errors import VisionError
from riichi_table.vision.train import TrainConfig, train


def test_a_negative_count_of_mosaic_off_epochs_is_refused_naming_the_setting(tmp_path: Path) -> None:
    cfg = TrainConfig("localizer", tmp_path / "missing.yaml", tmp_path / "run", mosaic_off=-1)
    with pytest.raises(VisionError, match="mosaic-off epochs must be 0 or more, got -1"):
        train(cfg)
    assert not (tmp_path / "run").exists()

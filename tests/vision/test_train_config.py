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


def test_a_negative_save_period_is_refused_naming_the_setting(tmp_path: Path) -> None:
    cfg = TrainConfig("localizer", tmp_path / "missing.yaml", tmp_path / "run", save_period=-5)
    with pytest.raises(VisionError, match=r"save-period must be 0 .* got -5"):
        train(cfg)
    assert not (tmp_path / "run").exists()


def test_train_recipe_and_train_localizer_map_the_same_options_to_the_same_settings(tmp_path: Path) -> None:
    import argparse

    from riichi_table.commands.train import add_arguments
    from riichi_table.commands.train_settings import train_config

    parser = argparse.ArgumentParser()
    add_arguments(parser)
    options = ["--mosaic-off", "0", "--lr0", "0.001", "--zoom", "0.9", "--warmup", "0", "--minutes", "30",
               "--save-period", "10"]  # fmt: skip
    settings = [
        train_config(
            parser.parse_args([what, *options]), task="localizer", data=tmp_path, run_dir=tmp_path, imgsz=640,
            batch=8,
        )
        for what in ("localizer", "recipe")
    ]  # fmt: skip
    assert settings[0] == settings[1]
    assert settings[0].mosaic_off == 0 and settings[0].lr0 == 0.001 and settings[0].hours == 0.5
    assert settings[0].save_period == 10

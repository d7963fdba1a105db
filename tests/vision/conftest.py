"""Fixtures for the vision tests: the shared data (skipped cleanly when absent) and the shipped models."""

from __future__ import annotations

from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
SHARED = REPO / ".." / "shared"


@pytest.fixture
def art_folder() -> Path:
    folder = SHARED / "tile-art" / "fluffystuff-riichi"
    if not folder.is_dir():
        pytest.skip("../shared/tile-art/fluffystuff-riichi is not present")
    return folder


@pytest.fixture
def hk_folder() -> Path:
    folder = SHARED / "datasets" / "hk-real-train"
    if not folder.is_dir():
        pytest.skip("../shared/datasets/hk-real-train is not present")
    return folder


@pytest.fixture(scope="session")
def reader():  # type: ignore[no-untyped-def]
    from riichi_table.vision.reader import TileReader, models_available

    if not models_available():
        pytest.skip("models/localizer.onnx and models/classifier.onnx are not there yet")
    return TileReader()

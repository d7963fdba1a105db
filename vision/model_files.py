"""Where the shipped models live and what their files are called.

Its own small module so that every reader of the models (the tile reader, the live namer, tile-set profiles)
can name them without importing one another.
"""

from __future__ import annotations

from pathlib import Path

DEFAULT_MODELS = Path(__file__).resolve().parents[1] / "models"
LOCALIZER_FILE = "localizer.onnx"
CLASSIFIER_FILE = "classifier.onnx"

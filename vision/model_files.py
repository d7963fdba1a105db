"""Where the shipped models live and what their files are called.

Its own small module so that every reader of the models (the tile reader, the live namer, tile-set profiles)
can name them without importing one another.
"""

from __future__ import annotations

from pathlib import Path

DEFAULT_MODELS = Path(__file__).resolve().parents[1] / "models"
LOCALIZER_FILE = "localizer.onnx"
CLASSIFIER_FILE = "classifier.onnx"
# The live namer's classifier: the earlier crop classifier (ultralytics), kept with its features as the
# profiles' set check. The metric-learned `CLASSIFIER_FILE` names more tiles right (docs/vision.md "The
# metric-learned classifier") but names a face it does not know (scribbled over, half covered) as surely
# as a known one on some frames, and the Table page's "found but not named" needs the earlier one's doubt.
LIVE_CLASSIFIER_FILE = "set_check.onnx"

"""Where the shipped models live and what their files are called.

Its own small module so that every reader of the models (the tile reader, the live namer, tile-set profiles)
can name them without importing one another.
"""

from __future__ import annotations

from pathlib import Path

DEFAULT_MODELS = Path(__file__).resolve().parents[1] / "models"
LOCALIZER_FILE = "localizer.onnx"
CLASSIFIER_FILE = "classifier.onnx"
# The earlier crop classifier (ultralytics, width 0.125), kept with its features as the profiles' set check.
# It names every crop first, in the tile reader and the live namer; the metric-learned `CLASSIFIER_FILE`
# names more tiles right (docs/vision.md "The metric-learned classifier") at several times the cost, and
# names a face it does not know (scribbled over) as surely as a known one on some frames, where the earlier
# one doubts (the Table page's "found but not named" needs that doubt).
FIRST_CLASSIFIER_FILE = "set_check.onnx"
# The reader asks the metric-learned classifier about the crops the first names below this. Measured on
# the true boxes of the real validation photos / rendered scenes: first alone 81.6 / 95.6 %, metric alone
# 91.3 / 98.0 %, both at 0.8: 91.2 / 98.5 % with 31 / 14 % of the crops sent on (0.7: 89.9 / 98.3 %, 27 /
# 11 %; 0.9: 91.2 / 98.2 %, 38 / 18 %).
SECOND_OPINION_BELOW = 0.8

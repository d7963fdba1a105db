"""`TileReader`: find and name every tile in a frame (the API of the live pipeline, web page and commands).

Two stages, both ONNX models run by onnxruntime (no torch at run time):
1. `models/localizer.onnx` finds tiles as boxes (one class: a tile), at a small input size;
2. `models/classifier.onnx` names each box from a crop (38 classes, ARCHITECTURE.md).
Splitting them keeps enrolling a club's own tiles cheap: only the small classifier is retrained.

>>> reader = TileReader()                        # doctest: +SKIP
>>> detections = reader.detect(frame_bgr)        # doctest: +SKIP
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
from riichi_table.vision.calibration_scores import CALIBRATION_FILE, ScoreCalibration
from riichi_table.vision.classify import Classifier
from riichi_table.vision.detections import Detections, box_corners
from riichi_table.vision.images import check_frame, read_image
from riichi_table.vision.localize import Localizer, localize_multiscale
from riichi_table.vision.model_files import (
    CLASSIFIER_FILE,
    DEFAULT_MODELS,
    FIRST_CLASSIFIER_FILE,
    LOCALIZER_FILE,
    SECOND_OPINION_BELOW,
)
from riichi_table.vision.onnx_session import ModelMissingError
from riichi_table.vision.profiles import ProfileClassifier, open_active_classifier

__all__ = ["CLASSIFIER_FILE", "DEFAULT_MODELS", "LOCALIZER_FILE", "TileReader", "models_available"]


class TileReader:
    """Find and name tiles in BGR frames.

    `models_dir` holds `localizer.onnx` and `classifier.onnx` (default: the shipped `models/`);
    `classifier` overrides the classifier file (an enrolled one, for instance); without it the tiles are named
    with the tile-set profile chosen with `riichi-table enroll --use NAME` (`vision.profiles`) in the
    folder `profiles` (default `vision.profiles.profiles_dir()`), or by the shipped classifier alone when
    none is chosen there. `conf` is the localizer's
    score threshold; `threads` the onnxruntime threads per model (0: its own choice); `imgsz` the localizer's
    input size (default: the size it was trained at, 320; use 640 for a whole table in a 1280x720 frame).
    `flip_tta` also classifies each crop turned half a turn and averages (None: as the classifier file says,
    `vision.classify`).
    `multiscale` reads close-ups and wide frames at the scale their tiles need; `calibrate` maps the
    confidence through the shipped calibration (off: the raw product of the two models' scores).
    `profile_colours`: with a profile that reads its set in another colour channel order, the localizer
    reads the frame in that order too (measured: docs/vision.md, "Enrolling a tile set as a profile").
    Raises ModelMissingError (a VisionError) when a model file is missing or unreadable.
    """

    def __init__(
        self,
        models_dir: Path | None = None,
        classifier: Path | None = None,
        conf: float = 0.3,
        threads: int = 0,
        flip_tta: bool | None = None,
        imgsz: int | None = None,
        multiscale: bool = True,
        calibrate: bool = True,
        profile_colours: bool = True,
        profiles: Path | None = None,
    ) -> None:
        folder = Path(models_dir) if models_dir is not None else DEFAULT_MODELS
        if not folder.is_dir():
            raise ModelMissingError(f"models folder {folder} does not exist")
        self.localizer = Localizer(folder / LOCALIZER_FILE, conf=conf, threads=threads, imgsz=imgsz)
        self.multiscale = multiscale
        self.profile_colours = profile_colours
        cal_path = folder / CALIBRATION_FILE
        self.calibration = ScoreCalibration.load(cal_path) if calibrate and cal_path.is_file() else None
        self.classifier: Classifier | ProfileClassifier = (
            Classifier(classifier, threads=threads, flip_tta=flip_tta)
            if classifier is not None
            else open_active_classifier(folder, threads, profiles) or _classifier(folder, threads, flip_tta)
        )

    def detect(self, frame_bgr: np.ndarray) -> Detections:
        """Every tile in the frame: boxes and corners in frame pixels, class 0..37, confidence.

        The confidence is the localizer's score times the classifier's probability of the chosen class,
        mapped through `models/confidence_calibration.json` when present (the chance the box is a right
        tile, measured: docs/vision.md). With `multiscale` the localizer reads the frame at the scale its
        tiles need (`vision.localize.localize_multiscale`). With a tile-set profile whose set is read in
        another colour channel order (`vision.profiles`), the localizer sees the frame in that order too.
        """
        frame = check_frame(frame_bgr)
        seen = frame
        if self.profile_colours and isinstance(self.classifier, ProfileClassifier):
            seen = self.classifier.in_profile_colours(frame)
        found = localize_multiscale(self.localizer, seen) if self.multiscale else self.localizer(seen)
        if not len(found.score):
            return Detections.empty()
        class_id, class_conf = self.classifier(frame, found.xyxy)
        conf = found.score * class_conf
        if self.calibration is not None:
            conf = self.calibration(conf)
        return Detections(found.xyxy, box_corners(found.xyxy), class_id, conf)

    def detect_file(self, path: Path) -> Detections:
        """`detect` on a photo read from disk (BadImageError for a missing, empty, huge or non-image file)."""
        return self.detect(read_image(path))


def models_available(models_dir: Path | None = None) -> bool:
    """Whether both model files exist (tests skip cleanly when they do not)."""
    folder = Path(models_dir) if models_dir is not None else DEFAULT_MODELS
    return (folder / LOCALIZER_FILE).is_file() and (folder / CLASSIFIER_FILE).is_file()


def _classifier(folder: Path, threads: int, flip_tta: bool | None) -> Classifier:
    """The folder's classifier: where the earlier classifier lies beside the metric-learned one, the earlier
    names every crop and the metric one those it names below `SECOND_OPINION_BELOW` (vision.model_files)."""
    metric = Classifier(folder / CLASSIFIER_FILE, threads=threads, flip_tta=flip_tta)
    first = folder / FIRST_CLASSIFIER_FILE
    if not first.is_file():
        return metric
    return Classifier(
        first, threads=threads, flip_tta=flip_tta, second=metric, second_below=SECOND_OPINION_BELOW
    )

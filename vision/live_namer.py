"""Naming lying tiles in the rectified table view: templates, the ONNX crop classifier, or both.

`LiveReader` finds tiles by colour and asks a namer what each one is. Three namers, chosen by name:

- "templates": `TileTemplates` (faces of the club's set enrolled through the camera,
  `datasets.game_templates`);
- "onnx": a crop classifier read by `vision.classify.Classifier`
  (`vision.model_files.FIRST_CLASSIFIER_FILE`, with the metric-learned `CLASSIFIER_FILE` naming the crops it
  is unsure of), fed upright crops cut from the rectified view in the seat's own reading direction;
- "both": templates first; a tile whose two best template classes lie closer than `TIE_MARGIN` is also read by
  the classifier, and the two opinions are multiplied (a product of experts: a kind both find likely wins).

Poses and crops are in rectified-view pixels; `TilePose` positions are table millimetres (vision.zones).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Literal, Protocol

import cv2
import numpy as np
from numpy.typing import NDArray
from riichi_table.vision.crops import CROP_MARGIN  # the classifier was trained on true boxes with this margin
from riichi_table.vision.errors import VisionError
from riichi_table.vision.zones import TableGeometry

if TYPE_CHECKING:
    from riichi_table.vision.classify import Classifier
    from riichi_table.vision.profiles import ProfileClassifier

NamerName = Literal["templates", "onnx", "both"]
NAMERS: tuple[NamerName, ...] = ("templates", "onnx", "both")
N_CLASSES = 38
TIE_MARGIN = 0.6  # template probability gap under which "both" asks the classifier too
# The classifier pair (a `Classifier` with a second opinion): the first's names below SECOND_BELOW are asked
# of the metric-learned second too, whose opinion weighs SECOND_WEIGHT of the mean (docs/live.md, "Real
# photographed faces"). Higher than the still reader's SECOND_OPINION_BELOW: the first names photographed
# 1s 7p at up to 0.94, which the second names right and surely. A mean, not the second alone: the second
# is as sure of some faces no tile has (a scribbled-over tile named 9p at 0.95 in one frame); where the
# first thinks the second's kind impossible the mean stays under SECOND_WEIGHT, below vision.live_why's
# UNNAMED_BELOW, so such a tile is still "found but not named".
SECOND_BELOW = 0.95
SECOND_WEIGHT = 2.0 / 3.0
# The first's names the second is asked about however sure the first is: at face height the first names the
# photographed peacock 1s 7p at up to 1.0 (seed 8783, black felt, yellow backs, 30 degrees: seat 0's 1s
# recorded as a 7p). Of the crops it named 7p at 0.95 or more in that clip, the second named 58 1s and 27 7p
# (the clip's 7p), each at 1.0 but for five. So the photographed red dragon, named 8m at up to 1.0 (seed 9055,
# white cloth, 40 degrees: seat 2's red dragon recorded as an 8m): of 141 crops the first named 8m at 0.95
# or more in four photographed clips, the second named the 48 red dragons among them red dragons and the 93
# 8m 8m; of 53 such crops in four of the project's own renders, all 8m. So the photographed 5p, named 9p at
# up to 0.99 (seed 9327, white cloth, 40 degrees: seat 2's 5p recorded as a 9p): of 73 crops the first named
# 9p at 0.95 or more in that clip, the second named the ten of that 5p 5p, 62 9p and one 8p; of 235 such
# crops in four of the project's own renders, 234 9p and one 9s (0.93). So the photographed 6s and 4s,
# named 9s at up to 0.98 (fresh seed 10143, black felt, yellow backs, 30 degrees: seat 1's 6s recorded as a
# 9s; wood felt, red backs, 37 degrees, light 0.55: seat 3's 4s recorded as a 9s): of 111 crops the first
# named 9s at 0.95 or more in that black-felt clip (three 6s discards, one 9s), the second named 55 6s and
# 56 9s, each at 0.9 or more; of 128 in three photographed clips of seed 10007 (two 9s discards each, one
# 6s), 113 9s and 15 6s (all in the dim-wood clip); of 62 in two of the project's own renders, 60 9s at
# 0.9 or more, one 9s and one 3m below.
SECOND_FOR = (15, 7, 17, 26)  # the 7p's, the 8m's, the 9p's and the 9s's classes


@dataclass(frozen=True)
class TilePose:
    """Where a face-up tile lies: centre in table mm, owning seat, turned sideways or not."""

    x: float
    y: float
    seat: int
    sideways: bool


class TileNamer(Protocol):
    """Names face-up tiles of one rectified view: (N, 38) class probabilities, one row per pose."""

    name: str

    def scores(self, view: NDArray[np.uint8], poses: Sequence[TilePose]) -> NDArray[np.float32]: ...


def seat_axes(seat: int, sideways: bool) -> list[tuple[NDArray[np.float64], NDArray[np.float64]]]:
    """Crop axes (crop x, crop y) in view pixels for a tile of `seat`: upright in the seat's reading
    direction (its top towards the table centre) and the half turn; for a sideways tile the quarter turns."""
    right = np.array(((1.0, 0.0), (0.0, -1.0), (-1.0, 0.0), (0.0, 1.0))[seat])
    out = np.array(((0.0, 1.0), (1.0, 0.0), (0.0, -1.0), (-1.0, 0.0))[seat])
    if sideways:
        return [(out, -right), (-out, right)]
    return [(right, out), (-right, -out)]


def cut_pose(
    view: NDArray[np.uint8],
    pose: TilePose,
    axes: tuple[NDArray[np.float64], NDArray[np.float64]],
    size: tuple[int, int],
    face_mm: tuple[float, float],
    ppm: float,
) -> NDArray[np.uint8]:
    """A (size[1], size[0]) crop of `face_mm` (w, h) millimetres around the pose, along `axes`."""
    a, b = axes
    tw, th = size
    sx = face_mm[0] * ppm / tw
    sy = face_mm[1] * ppm / th
    c = np.array([pose.x, pose.y]) * ppm
    origin = c - (tw / 2) * sx * a - (th / 2) * sy * b
    m = np.array([[a[0] * sx, b[0] * sy, origin[0]], [a[1] * sx, b[1] * sy, origin[1]]], np.float32)
    out = cv2.warpAffine(view, m, (tw, th), flags=cv2.INTER_LINEAR | cv2.WARP_INVERSE_MAP)
    return np.asarray(out, np.uint8)


class OnnxNamer:
    """The ONNX crop classifier over rectified-view crops (one upright crop per tile, half turn by TTA)."""

    name = "onnx"

    def __init__(
        self,
        classifier: Path | None = None,
        geometry: TableGeometry | None = None,
        px_per_mm: float = 1.0,
        flip_tta: bool | None = True,
        threads: int = 1,
    ) -> None:
        from riichi_table.vision.model_files import FIRST_CLASSIFIER_FILE
        from riichi_table.vision.profiles import BASE, open_active_classifier
        from riichi_table.vision.reader import DEFAULT_MODELS  # read here, where tests point it elsewhere

        self.models = DEFAULT_MODELS  # where the embedder of a profile is found
        self.path = classifier or DEFAULT_MODELS / FIRST_CLASSIFIER_FILE
        self.threads, self.flip_tta = threads, flip_tta
        self.follows_profile = classifier is None  # an explicit classifier file is never swapped
        # The club's tile-set profile when one is chosen (`riichi-table enroll --use NAME`), else the base.
        profiled = open_active_classifier(DEFAULT_MODELS, threads) if self.follows_profile else None
        self._base: Classifier | None = None
        self.model: Classifier | ProfileClassifier = profiled or self._base_classifier()
        self.profile = profiled.profile.name if profiled is not None else BASE
        self.geo = geometry or TableGeometry()
        self.ppm = px_per_mm

    def _base_classifier(self) -> Classifier:
        """The shipped classifier; with the metric-learned one beside it (no file asked for), that one as its
        second opinion (SECOND_BELOW, SECOND_WEIGHT; docs/live.md "Real photographed faces")."""
        from riichi_table.vision.classify import Classifier
        from riichi_table.vision.model_files import CLASSIFIER_FILE

        if self._base is None:
            metric = self.models / CLASSIFIER_FILE
            second = None
            if self.follows_profile and metric.is_file():
                second = Classifier(metric, threads=self.threads, flip_tta=self.flip_tta)
            self._base = Classifier(
                self.path, threads=self.threads, flip_tta=self.flip_tta, second=second,
                second_below=SECOND_BELOW, second_weight=SECOND_WEIGHT, second_for=SECOND_FOR,
            )  # fmt: skip
        return self._base

    def use_active_profile(self, folder: Path | None = None) -> str:
        """Name tiles from now on with the profile chosen in `folder` (default: `vision.profiles`'
        `profiles_dir()`), or with the shipped classifier when `base` is chosen; returns the name in use.

        The new classifier is opened first and then swapped in one assignment, so a frame being read meanwhile
        finishes with the old one. A namer built on an explicit classifier file keeps it (VisionError). A
        profile that cannot be read raises `ProfileError` and the namer keeps what it had.
        """
        from riichi_table.vision.profiles import BASE, open_active_classifier

        if not self.follows_profile:
            raise VisionError(f"the tile namer uses the classifier file {self.path}; it takes no profile")
        profiled = open_active_classifier(self.models, self.threads, folder)
        self.model = profiled or self._base_classifier()
        self.profile = profiled.profile.name if profiled is not None else BASE
        return self.profile

    def crops(self, view: NDArray[np.uint8], poses: Sequence[TilePose]) -> NDArray[np.uint8]:
        """(N, S, S, 3) upright BGR crops, the tile face plus the classifier's margin, stretched square."""
        s = self.model.size
        face = (self.geo.tile_w * (1 + 2 * CROP_MARGIN), self.geo.tile_h * (1 + 2 * CROP_MARGIN))
        if not poses:
            return np.zeros((0, s, s, 3), np.uint8)
        return np.stack(
            [cut_pose(view, p, seat_axes(p.seat, p.sideways)[0], (s, s), face, self.ppm) for p in poses]
        )

    def scores(self, view: NDArray[np.uint8], poses: Sequence[TilePose]) -> NDArray[np.float32]:
        if not poses:
            return np.zeros((0, N_CLASSES), np.float32)
        probs = self.model.probabilities(self.crops(view, poses))
        if probs.shape != (len(poses), N_CLASSES):
            got = probs.shape
            raise VisionError(f"classifier {self.path}: expected ({len(poses)}, 38) scores, got {got}")
        return probs


def combine(
    templates: NDArray[np.float32], onnx: NDArray[np.float32], floor: float = 1e-3
) -> NDArray[np.float32]:
    """Product of the two namers' probabilities, renormalised; each is floored so neither vetoes alone."""
    prod = (templates + floor) * (onnx + floor)
    return np.asarray(prod / prod.sum(axis=1, keepdims=True), np.float32)


def needs_second_opinion(scores: NDArray[np.float32], margin: float = TIE_MARGIN) -> NDArray[np.bool_]:
    """Rows whose best class leads the second by less than `margin` (a tie or a low-margin reading)."""
    if not len(scores):
        return np.zeros(0, bool)
    top = np.sort(scores, axis=1)[:, -2:]
    return np.asarray(top[:, 1] - top[:, 0] < margin)


def check_namer(name: str) -> NamerName:
    """The namer name, or a VisionError naming the choices."""
    if name not in NAMERS:
        raise VisionError(f"tile namer {name!r}: expected one of {', '.join(NAMERS)}")
    return name

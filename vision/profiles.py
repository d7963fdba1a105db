"""Tile-set profiles: a club's set taught to the reader as class prototypes (seconds, no training).

A profile is the mean unit embedding (`vision.embedder`) of the enrolled crops of each class, saved as one
small `.npz` file per tile set, which clubs can share. Enrolling a set never changes the shipped models:
the reader uses the base classifier unless a profile is chosen, so the sets it already knew stay as they
were.

Naming with a profile (`ProfileClassifier`): every class gets a score `similarity / temperature`, the
cosine similarity of the crop's embedding to the class prototype; a class the profile has no crops of gets
`unknown_similarity` instead, so among those the base classifier decides. The base classifier's
log-probabilities, weighted by `base_weight`, are added, and the softmax of the sum is the result; where
the base classifier gives a back (face-down tile) at least `base_back`, its answer stands. A profile also
records the colour channel order its set is read in and its base weight (`build_profile` measures both
on the enrolled crops); crops are put in that order before both models see them. A profile of a set the
base reads badly compares the embedding and its grey copy's side by side (`vision.profile_features`).

Profiles live in `profiles_dir()`: `$RIICHI_TABLE_PROFILES`, else `$XDG_DATA_HOME/riichi-table/profiles`
(`~/.local/share/riichi-table/profiles`). `riichi-table enroll --profile NAME` writes one there,
`riichi-table enroll --list` lists them, `riichi-table enroll --use NAME` (or `--use base`) chooses the
active one, kept in `<profiles_dir>/active.txt` (`set_active_profile`, `active_profile`: the Settings page's
API). A reader names tiles with the active profile through `open_active_classifier()`, which returns a
`ProfileClassifier` (same call as `vision.classify.Classifier`) or None for the base classifier.
"""

from __future__ import annotations

import datetime
import json
import os
import re
import zipfile
import zlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol

import numpy as np
from numpy.typing import NDArray
from riichi_table.vision.crops import cut_crops
from riichi_table.vision.embedder import Embedder, normalise
from riichi_table.vision.errors import VisionError
from riichi_table.vision.profile_features import feature_width, profile_embedding
from riichi_table.vision.profile_metric import apply_metric, refine_metric
from riichi_table.vision.tile_augment import augmented, scene_augmented

PROFILE_SUFFIX = ".npz"
IDENTITY = (0, 1, 2)
CHANNEL_ORDERS = ((0, 1, 2), (0, 2, 1), (1, 0, 2), (1, 2, 0), (2, 0, 1), (2, 1, 0))
CHANNEL_MARGIN = 0.10  # another channel order is chosen only when the base names this many more tiles right
CHANNEL_SAMPLE = 240  # altered crops the choice of channel order is measured on
BACK = 37  # detector class of a face-down tile (ARCHITECTURE.md)
PROFILE_VERSION = 1
_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$")
MIN_SHARED = 5  # crops of kinds the other photos also show, needed to judge whether a photo is the same set
SAME_SET_DROP = 0.15  # see _another_set
SAME_SET_PAIR = 0.6
TEMPERATURE = 0.05  # a profile's scores are cosine similarity / TEMPERATURE


class ProfileError(VisionError):
    """A profile that cannot be made, found or used; the message names the photo or file."""


class LabelledCrops(Protocol):
    """Enrolment input: one photo's upright BGR crops and their detector classes (`SheetPhoto` is one)."""

    @property
    def name(self) -> str: ...
    @property
    def crops(self) -> NDArray[np.uint8]: ...
    @property
    def class_id(self) -> NDArray[np.int64]: ...


@dataclass(frozen=True)
class Profile:
    """One tile set: prototypes (K, D) unit rows for `class_id` (K,), from `counts` (K,) crops each."""

    name: str
    class_id: NDArray[np.int64]
    prototypes: NDArray[np.float32]
    counts: NDArray[np.int64]
    classifier_sha256: str  # the classifier the embedder was cut from
    photos: tuple[str, ...]
    created: str
    channels: tuple[int, int, int] = (
        IDENTITY  # colour channels (BGR order) crops are read in, see build_profile
    )
    base_weight: float = 0.3  # weight of the base classifier's log-probabilities, see build_profile
    # A learned low-rank map of the embedding (D, rank) each, applied before the prototypes are compared
    # (`vision.profile_metric`); None: the embedding as it is (profiles of table photos, older profiles).
    metric_u: NDArray[np.float32] | None = None
    metric_v: NDArray[np.float32] | None = None
    # Features are the embedding and its grey copy's side by side (`vision.profile_features`); False: the
    # embedding alone (profiles of table photos, older profiles).
    grey: bool = False

    def __post_init__(self) -> None:
        if not _NAME.match(self.name):
            raise ProfileError(
                f"profile name {self.name!r}: expected 1-64 letters, digits, '_', '-' or '.' (no spaces)"
            )
        k = len(self.class_id)
        if self.prototypes.ndim != 2 or self.prototypes.shape[0] != k or self.counts.shape != (k,):
            raise ProfileError(
                f"profile {self.name}: prototypes {self.prototypes.shape} and counts {self.counts.shape} "
                f"do not match {k} classes"
            )
        if sorted(self.channels) != [0, 1, 2] or not self.base_weight >= 0:
            raise ProfileError(
                f"profile {self.name}: channels {self.channels} must order 0, 1, 2 and base_weight "
                f"{self.base_weight} must be >= 0"
            )
        if (self.metric_u is None) != (self.metric_v is None) or (
            self.metric_u is not None
            and self.metric_v is not None
            and (
                self.metric_u.shape != self.metric_v.shape
                or self.metric_u.shape[0] != self.prototypes.shape[1]
            )
        ):
            raise ProfileError(
                f"profile {self.name}: its metric must be two ({self.prototypes.shape[1]}, rank) arrays"
            )

    def save(self, path: Path) -> Path:
        """Write the profile as `.npz` (numbers) with its description as JSON inside; returns the path."""
        meta = {"version": PROFILE_VERSION, "name": self.name, "classifier_sha256": self.classifier_sha256,
                "photos": list(self.photos), "created": self.created, "channels": list(self.channels),
                "base_weight": self.base_weight, "grey": self.grey}  # fmt: skip
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_name(path.name + ".part")
        arrays = {"class_id": self.class_id, "prototypes": self.prototypes.astype(np.float16),
                  "counts": self.counts, "meta": np.array(json.dumps(meta))}  # fmt: skip
        if self.metric_u is not None and self.metric_v is not None:
            arrays |= {
                "metric_u": self.metric_u.astype(np.float16),
                "metric_v": self.metric_v.astype(np.float16),
            }
        with tmp.open("wb") as fh:
            np.savez_compressed(fh, **arrays)
        tmp.replace(path)
        return path

    @classmethod
    def load(cls, path: Path) -> Profile:
        """Read a profile file; `ProfileError` naming the file when it is missing or not a profile."""
        if not path.is_file():
            raise ProfileError(f"profile {path} not found (`riichi-table enroll --list` shows the profiles)")
        try:
            with np.load(path, allow_pickle=False) as data:
                meta = json.loads(str(data["meta"]))
                class_id = data["class_id"].astype(np.int64)
                prototypes = normalise(data["prototypes"].astype(np.float32))
                counts = data["counts"].astype(np.int64)
                metric = [
                    data[k].astype(np.float32) if k in data.files else None for k in ("metric_u", "metric_v")
                ]
        except (OSError, ValueError, KeyError, EOFError, zipfile.BadZipFile) as exc:
            raise ProfileError(f"{path} is not a tile-set profile: {exc}") from exc
        if meta.get("version") != PROFILE_VERSION:
            raise ProfileError(f"{path}: profile version {meta.get('version')}, expected {PROFILE_VERSION}")
        try:
            channels = tuple(int(c) for c in meta.get("channels", IDENTITY))
            return cls(str(meta["name"]), class_id, prototypes, counts, str(meta["classifier_sha256"]),
                       tuple(meta["photos"]), str(meta["created"]), channels,  # type: ignore[arg-type]
                       float(meta.get("base_weight", 0.3)), metric[0], metric[1],
                       bool(meta.get("grey", False)))  # fmt: skip
        except (KeyError, TypeError, ValueError, AttributeError) as exc:
            raise ProfileError(f"{path} is not a tile-set profile: its description lacks {exc}") from exc


def profiles_dir() -> Path:
    """Where named profiles are kept (see the module docstring)."""
    if env := os.environ.get("RIICHI_TABLE_PROFILES"):
        return Path(env)
    data = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(data) / "riichi-table" / "profiles"


def profile_path(name_or_path: str | Path, folder: Path | None = None) -> Path:
    """A profile's file: a path ending in .npz as given, else `<folder>/<name>.npz`."""
    text = str(name_or_path)
    if text.endswith(PROFILE_SUFFIX) or "/" in text:
        return Path(text)
    if not _NAME.match(text):
        raise ProfileError(f"profile name {text!r}: expected letters, digits, '_', '-' or '.' (no spaces)")
    return (folder or profiles_dir()) / f"{text}{PROFILE_SUFFIX}"


def list_profiles(folder: Path | None = None) -> list[Profile]:
    """Every readable profile in `folder` (default `profiles_dir()`), by name."""
    where = folder or profiles_dir()
    if not where.is_dir():
        return []
    return [Profile.load(p) for p in sorted(where.glob(f"*{PROFILE_SUFFIX}"))]


ACTIVE_FILE = "active.txt"
BASE = "base"  # the name that means "no profile: the shipped classifier alone"


def set_active_profile(name: str, folder: Path | None = None) -> None:
    """Choose the profile the reader uses (`BASE` for none); the profile must exist."""
    where = folder or profiles_dir()
    if name != BASE:
        Profile.load(profile_path(name, where))
    where.mkdir(parents=True, exist_ok=True)
    (where / ACTIVE_FILE).write_text(name + "\n")


def active_profile(folder: Path | None = None) -> str:
    """The chosen profile's name, `BASE` when none is chosen."""
    marker = (folder or profiles_dir()) / ACTIVE_FILE
    return marker.read_text().strip() or BASE if marker.is_file() else BASE


@dataclass(frozen=True)
class Rejected:
    """A photo nothing was learned from, and why."""

    photo: str
    reason: str


def _prototypes(
    feats: NDArray[np.float32], ids: NDArray[np.int64]
) -> tuple[NDArray[np.int64], NDArray[np.float32]]:
    classes = np.unique(ids)
    return classes, normalise(np.stack([feats[ids == c].mean(0) for c in classes]))


def _same_set_score(
    embedded: list[tuple[str, NDArray[np.float32], NDArray[np.int64]]], i: int
) -> float | None:
    """Mean cosine similarity of photo `i`'s crops to the other photos' prototype of the same class."""
    rest_f = np.concatenate([f for j, (_, f, _) in enumerate(embedded) if j != i])
    rest_y = np.concatenate([y for j, (_, _, y) in enumerate(embedded) if j != i])
    classes, protos = _prototypes(rest_f, rest_y)
    _, feats, ids = embedded[i]
    shared = np.isin(ids, classes)
    if shared.sum() < MIN_SHARED:
        return None
    return float(np.mean(np.sum(feats[shared] * protos[np.searchsorted(classes, ids[shared])], axis=1)))


def _another_set(embedded: list[tuple[str, NDArray[np.float32], NDArray[np.int64]]]) -> list[Rejected]:
    """Photos whose tiles look unlike the same kinds on the other photos: another tile set mixed in. The
    features are those of `Embedder.set_check`: the classifier's own, which see a set's colours too.

    Measured on rendered sheets (`bench/enroll.py`): photos of one set score 0.90..0.96 against each other,
    real hand photos of one set 0.62..0.78 (few kinds shared, varied light), a photo of another set 0.43..0.60
    (0.88 for the two riichi art styles, which differ in colour only). With three or more photos a photo is
    refused when it scores `SAME_SET_DROP` below the median; with two, both when they score under
    `SAME_SET_PAIR` (there is no telling which one is the stranger).
    """
    if len(embedded) < 2:
        return []
    scores = {embedded[i][0]: _same_set_score(embedded, i) for i in range(len(embedded))}
    known = [v for v in scores.values() if v is not None]
    if not known:
        return []
    limit = SAME_SET_PAIR if len(embedded) == 2 else float(np.median(known)) - SAME_SET_DROP
    return [
        Rejected(
            name,
            f"its tiles look unlike the same kinds on the other photos (similarity {v:.2f}, "
            f"expected at least {limit:.2f}): another tile set mixed in?",
        )
        for name, v in scores.items()
        if v is not None and v < limit
    ]


def _mapped(crops: NDArray[np.uint8], channels: tuple[int, int, int]) -> NDArray[np.uint8]:
    return crops if channels == IDENTITY else np.ascontiguousarray(crops[..., list(channels)])


def _base_right(
    crops: NDArray[np.uint8],
    ids: NDArray[np.int64],
    embedder: Embedder,
    orders: Sequence[tuple[int, int, int]],
) -> dict[tuple[int, int, int], float]:
    """The share of the crops the base classifier names right in each colour channel order."""
    return {
        order: float((embedder.run(_mapped(crops, order))[0].argmax(1) == ids).mean()) for order in orders
    }


def _channel_order(right: dict[tuple[int, int, int], float]) -> tuple[int, int, int]:
    """The colour channel order in which the base classifier names the enrolled crops best (`right`, from
    `_base_right`).

    A set whose inks differ from the sets the base knows by a swap of colours (red drawn green, ...) reads
    like a known set once its channels are put back; any other set keeps its colours (`CHANNEL_MARGIN`).
    """
    best = max(right, key=lambda order: right[order])
    return best if right[best] >= right[IDENTITY] + CHANNEL_MARGIN else IDENTITY


def _base_weight(base_right: float) -> float:
    """How much the base classifier's answer counts beside the prototypes: none where the base names at most
    half of the set's altered enrolled crops right, rising to 1.0 at 85 % (measured with bench/enroll.py: a
    base that reads a set well is worth more than prototypes of a few photos; on a new set the base's
    guesses cost about a point at any weight, 0.3 included)."""
    return float(np.clip((base_right - 0.5) / 0.35, 0.0, 1.0))


REFINE_EPOCHS = 10  # passes of `_refine` over the enrolled and altered crops


def _refine(
    feats: NDArray[np.float32],
    rows: NDArray[np.int64],
    prototypes: NDArray[np.float32],
    scale: float,
    epochs: int = REFINE_EPOCHS,
    seed: int = 0,
) -> NDArray[np.float32]:
    """The prototypes moved so the enrolled crops are named right by cosine similarity: a cosine-softmax
    head (scores `scale` x similarity, as `ProfileClassifier` scores) started at the class means and trained
    with cross-entropy and Adam on the unit embeddings `feats` of class row `rows`: `refine_metric` with no
    map (rank 0). Numpy only; about a second per hundred photos' worth of crops.

    Measured with `bench/enroll.py` (docs/vision.md): the class means sit at the centres of kinds that look
    alike; moving the prototypes apart along what tells those kinds apart (with 32 table views per sheet
    crop) names 4-6 more points of a new set right, beats even prototypes taken from the test tiles
    themselves, and gains the rendered seen set 1-2 points. On crops of real table photos it cost 1-5
    points, so those are not refined (`_defaults`).
    """
    return refine_metric(feats, rows, prototypes, scale, rank=0, epochs=epochs, seed=seed)[2]


@dataclass
class _Enrolled:
    """One photo's enrolment material: its crops and their altered copies, embedded once per channel order
    (so `held_back_accuracy` embeds each photo once, not once per profile it helps build)."""

    name: str
    crops: NDArray[np.uint8]
    ids: NDArray[np.int64]
    extra: NDArray[np.uint8]
    extra_ids: NDArray[np.int64]
    feats: NDArray[np.float32]  # the crops' embeddings in their own colours
    look: NDArray[np.float32]  # features that tell sets apart (`Embedder.set_check`), for `_another_set`
    base: NDArray[np.float32]  # the base classifier's probabilities of the crops
    cache: dict[
        tuple[tuple[int, int, int], bool],
        tuple[NDArray[np.float32], NDArray[np.float32], NDArray[np.float32]],
    ]

    def embedded(
        self, embedder: Embedder, order: tuple[int, int, int], grey: bool = False
    ) -> tuple[NDArray[np.float32], NDArray[np.float32], NDArray[np.float32]]:
        """(crop features, altered copies' base probabilities, altered copies' features) in `order`, with the
        grey copy's embedding beside the embedding where `grey` (`vision.profile_features`)."""
        if (order, grey) not in self.cache:
            feats = (
                self.feats
                if order == IDENTITY and not grey
                else profile_embedding(embedder, _mapped(self.crops, order), grey)[1]
            )
            extra_base, extra_feats = profile_embedding(embedder, _mapped(self.extra, order), grey)
            self.cache[(order, grey)] = (feats, extra_base, extra_feats)
        return self.cache[(order, grey)]


def _enrol(photos: Sequence[LabelledCrops], embedder: Embedder, augment: int, sheet: bool) -> list[_Enrolled]:
    out = []
    alter = scene_augmented if sheet else augmented
    for photo in photos:
        crops = np.asarray(photo.crops)
        ids = np.asarray(photo.class_id, np.int64)
        base, feats = embedder.run(crops)
        seed = zlib.crc32(photo.name.encode())  # a photo's views do not depend on the photos beside it
        extra = alter(crops, augment, seed=seed) if augment else crops[:0]
        check = embedder.set_check()
        look = feats if check is None else check.run(crops)[1]
        out.append(_Enrolled(photo.name, crops, ids, extra, np.tile(ids, augment), feats, look, base, {}))
    return out


def build_profile(
    name: str,
    photos: Sequence[LabelledCrops],
    embedder: Embedder,
    augment: int | None = None,
    sheet: bool = True,
    channels: bool = True,
    refine: bool | None = None,
    metric: bool | None = None,
    grey: bool | None = None,
) -> tuple[Profile, list[Rejected]]:
    """Prototypes from the enrolled photos (each crop and `augment` altered copies of it:
    `tile_augment.scene_augmented` for upright layout-sheet crops, `tile_augment.augmented` for crops cut
    from table photos, `sheet=False`); photos of another set are left out and reported.

    The profile also records the colour channel order the set is read in (`_channel_order`) and the weight of
    the base classifier (`_base_weight`, from how well the base names the altered crops in that order);
    `channels=False` keeps the photos' colours as they are. `refine` trains the prototypes on the crops;
    without it they are the class means. `metric` (with `refine`) trains a low-rank map of the embedding
    with them (`vision.profile_metric`, kept in the profile); without it only the prototypes move
    (`_refine`). By default (None) sheet crops get 32 altered copies and a refined metric, crops of table
    photos 8 copies and class means (`_defaults`). `grey` puts the grey copy's embedding beside the
    embedding (`vision.profile_features`); by default (None) for sheet crops of a set the base classifier
    reads badly (`_needs_grey`), never for crops of table photos.
    Raises `ProfileError` when no photo is left to learn from.
    """
    augment, how = _defaults(sheet, augment, refine, metric)
    enrolled = _enrol(photos, embedder, augment, sheet)
    return _build(name, enrolled, embedder, channels, how, _grey_default(sheet, grey))


# The grey copy is added where the base names fewer of the altered crops right (`_needs_grey`).
GREY_BELOW = 0.7


def _grey_default(sheet: bool, grey: bool | None) -> bool | None:
    """`grey` where given, else None (decided by `_needs_grey`) for sheet crops and False for crops of table
    photos (measured before the grey copy existed: those keep the embedding alone)."""
    return grey if grey is not None else (None if sheet else False)


def _needs_grey(base_right: float) -> bool:
    """Whether a set's features need the grey copy's embedding: when the base classifier names under
    `GREY_BELOW` of its altered crops right (in the channel order chosen), its inks are not ones the base
    knows. Measured with `bench/enroll.py` (docs/vision.md): there the grey copy names 5-7 points more of a
    new set right; on sets the base knows (over 80 % of the altered crops right) it cost up to a point."""
    return base_right < GREY_BELOW


def _defaults(
    sheet: bool, augment: int | None, refine: bool | None, metric: bool | None = None
) -> tuple[int, str]:
    """Altered copies per crop and how the prototypes are made ("means", "prototypes" refined alone, or
    "metric" refined with a learned map), where not given. Measured with `bench/enroll.py` (docs/vision.md):
    on layout-sheet crops 32 table views and refined prototypes name 4-6 points more of a new set than the
    class means of 8, the learned map 0.5-2.4 more again, and the rendered seen set stays within a point; on
    crops of real table photos (`--labelled`, few kinds per photo) refining cost 1-5 points, so those keep
    the class means of 8."""
    refined = sheet if refine is None else refine
    mapped = refined if metric is None else metric
    return (
        (32 if sheet else 8) if augment is None else augment,
        ("metric" if mapped else "prototypes") if refined else "means",
    )


def _build(
    name: str,
    enrolled: Sequence[_Enrolled],
    embedder: Embedder,
    channels: bool,
    how: str,
    grey: bool | None = False,
) -> tuple[Profile, list[Rejected]]:
    rejected = _another_set([(e.name, e.look, e.ids) for e in enrolled])
    bad = {r.photo for r in rejected}
    kept = [e for e in enrolled if e.name not in bad]
    if not kept:
        reasons = "; ".join(f"{r.photo}: {r.reason}" for r in rejected) or "no photos given"
        raise ProfileError(f"nothing to learn profile {name} from: {reasons}")
    ids = np.concatenate([e.ids for e in kept])
    extra_ids = np.concatenate([e.extra_ids for e in kept])
    order = IDENTITY
    if len(extra_ids) and (channels or grey is None):
        sample = np.concatenate([e.extra for e in kept])[:CHANNEL_SAMPLE]
        right = _base_right(
            sample, extra_ids[:CHANNEL_SAMPLE], embedder, CHANNEL_ORDERS if channels else (IDENTITY,)
        )
        order = _channel_order(right)
        grey = _needs_grey(right[order]) if grey is None else grey
    grey = bool(grey)
    parts = [e.embedded(embedder, order, grey) for e in kept]
    feats = np.concatenate([p[0] for p in parts])
    if len(extra_ids):
        extra_base = np.concatenate([p[1] for p in parts])
        feats, ids_all = np.concatenate([feats, *(p[2] for p in parts)]), np.concatenate([ids, extra_ids])
    else:  # no altered copies: the base weight from the crops themselves
        extra_base, extra_ids, ids_all = (
            embedder.run(_mapped(np.concatenate([e.crops for e in kept]), order))[0],
            ids,
            ids,
        )
    base_weight = _base_weight(float((extra_base.argmax(1) == extra_ids).mean()))
    classes, protos = _prototypes(feats, ids_all)
    metric_u = metric_v = None
    if how == "metric":
        metric_u, metric_v, protos = refine_metric(feats, np.searchsorted(classes, ids_all), protos,
                                                   1.0 / TEMPERATURE)  # fmt: skip
    elif how == "prototypes":
        protos = _refine(feats, np.searchsorted(classes, ids_all), protos, 1.0 / TEMPERATURE)
    counts = np.array([(ids == c).sum() for c in classes], np.int64)
    created = datetime.datetime.now(datetime.UTC).isoformat(timespec="seconds")
    photo_names = tuple(e.name for e in kept)
    profile = Profile(name, classes, protos, counts, embedder.classifier_sha256, photo_names, created,
                      order, base_weight, metric_u, metric_v, grey)  # fmt: skip
    return profile, rejected


class ProfileClassifier:
    """Names tiles with a profile's prototypes and the base classifier (see the module docstring).

    Same call as `vision.classify.Classifier`: `probabilities(crops)` and `__call__(frame, boxes)`.
    """

    def __init__(
        self,
        embedder: Embedder,
        profile: Profile,
        temperature: float = TEMPERATURE,
        base_weight: float | None = None,
        unknown_similarity: float = 0.6,
        base_back: float = 0.5,
    ) -> None:
        if profile.classifier_sha256 and embedder.classifier_sha256 != profile.classifier_sha256:
            raise ProfileError(
                f"profile {profile.name} was made with another classifier than {embedder.path} "
                "(enroll the set again with the shipped models)"
            )
        width = feature_width(embedder, profile.grey)
        if profile.prototypes.shape[1] != width:
            raise ProfileError(f"profile {profile.name}: feature width {profile.prototypes.shape[1]}, "
                               f"the embedder gives {width}")  # fmt: skip
        base_weight = profile.base_weight if base_weight is None else base_weight
        if not temperature > 0 or base_weight < 0:
            raise ProfileError(
                f"temperature must be > 0 and base_weight >= 0, got {temperature}, {base_weight}"
            )
        self.embedder, self.profile = embedder, profile
        self.size, self.margin = embedder.size, embedder.margin
        self.temperature, self.base_weight, self.unknown = temperature, base_weight, unknown_similarity
        self.base_back = base_back

    def in_profile_colours(self, frame: NDArray[np.uint8]) -> NDArray[np.uint8]:
        """The frame with its colour channels in the profile's order (the frame itself when the profile keeps
        the photos' colours): what `vision.reader.TileReader` gives its localizer, so a set whose inks are a
        known set's with the colours swapped is also found as that set."""
        return _mapped(frame, self.profile.channels)

    def probabilities(self, crops: NDArray[np.uint8]) -> NDArray[np.float32]:
        """(N, 38) class probabilities for (N, S, S, 3) upright BGR crops, columns in class-id order."""
        mapped = _mapped(crops, self.profile.channels)
        base, feats = profile_embedding(self.embedder, mapped, self.profile.grey)
        feats = apply_metric(feats, self.profile.metric_u, self.profile.metric_v)
        sims = np.full((len(crops), 38), self.unknown, np.float32)
        sims[:, self.profile.class_id] = feats @ self.profile.prototypes.T
        score = sims / self.temperature + self.base_weight * np.log(np.maximum(base, 1e-6))
        score -= score.max(1, keepdims=True)
        probs = np.exp(score)
        probs /= probs.sum(1, keepdims=True)
        # A face-down tile shows no face to learn: where the base is sure of a back (standing, in the wall,
        # seen from any side) it stays one. Enrolled backs are lying ones only.
        sure_back = base[:, BACK] >= self.base_back
        probs[sure_back] = base[sure_back]
        return probs.astype(np.float32)

    def __call__(
        self, frame: NDArray[np.uint8], boxes_xyxy: NDArray[np.float32]
    ) -> tuple[NDArray[np.int64], NDArray[np.float32]]:
        """(class_id (N,), confidence (N,)) for the xyxy boxes (pixels) of a BGR frame."""
        probs = self.probabilities(cut_crops(frame, boxes_xyxy, self.size, self.margin))
        cls = probs.argmax(1)
        return cls.astype(np.int64), probs[np.arange(len(cls)), cls]


def open_profile_classifier(
    profile: str | Path, models_dir: Path | None = None, threads: int = 0, folder: Path | None = None
) -> ProfileClassifier:
    """The classifier the reader uses with a chosen profile (a name in `profiles_dir()` or a .npz path)."""
    from riichi_table.vision.embedder import EMBEDDER_FILE
    from riichi_table.vision.model_files import DEFAULT_MODELS

    embedder = Embedder((models_dir or DEFAULT_MODELS) / EMBEDDER_FILE, threads)
    return ProfileClassifier(embedder, Profile.load(profile_path(profile, folder)))


def open_active_classifier(
    models_dir: Path | None = None, threads: int = 0, folder: Path | None = None
) -> ProfileClassifier | None:
    """The active profile's classifier, or None when the base classifier is to be used alone."""
    name = active_profile(folder)
    return None if name == BASE else open_profile_classifier(name, models_dir, threads, folder)


@dataclass(frozen=True)
class HeldBack:
    """Before/after on held-back photos: each photo named by the base alone and by a profile of the others."""

    tiles: int
    base: float
    profile: float


def held_back_accuracy(
    photos: Sequence[LabelledCrops],
    embedder: Embedder,
    augment: int | None = None,
    sheet: bool = True,
    progress: Callable[[int, int], None] | None = None,
    refine: bool | None = None,
    metric: bool | None = None,
    grey: bool | None = None,
) -> HeldBack:
    """Leave one photo out: its crops named by the base classifier and by a profile built from the rest.

    Needs at least two photos (`ProfileError` otherwise). Tells a club whether its profile is worth choosing
    before the profile is used on a table. `progress(done, total)` is called after each held-back photo.
    """
    if len(photos) < 2:
        raise ProfileError("before/after needs at least two photos (one is held back while the others teach)")
    augment, how = _defaults(sheet, augment, refine, metric)
    enrolled = _enrol(photos, embedder, augment, sheet)
    return _held_back(enrolled, embedder, how, progress, _grey_default(sheet, grey))


def _held_back(
    enrolled: Sequence[_Enrolled],
    embedder: Embedder,
    how: str,
    progress: Callable[[int, int], None] | None = None,
    grey: bool | None = False,
) -> HeldBack:
    right_base = right_profile = total = 0
    for i, held in enumerate(enrolled):
        rest = [e for j, e in enumerate(enrolled) if j != i]
        profile, _ = _build("held-back", rest, embedder, True, how, grey)
        right_base += int((held.base.argmax(1) == held.ids).sum())
        named = ProfileClassifier(embedder, profile).probabilities(held.crops).argmax(1)
        right_profile += int((named == held.ids).sum())
        total += len(held.ids)
        if progress is not None:
            progress(i + 1, len(enrolled))
    return HeldBack(total, right_base / max(1, total), right_profile / max(1, total))


def teach_profile(
    name: str,
    photos: Sequence[LabelledCrops],
    embedder: Embedder,
    sheet: bool = True,
    progress: Callable[[int, int], None] | None = None,
    metric: bool | None = None,
    grey: bool | None = None,
) -> tuple[Profile, list[Rejected], HeldBack | None]:
    """`build_profile` and, with two or more photos kept, `held_back_accuracy` on the kept photos, with one
    enrolment (each photo altered and embedded once): what the Teach my tiles page and `enroll` run.
    `progress(done, total)` is called after each held-back photo; `metric` and `grey` as in
    `build_profile`."""
    augment, how = _defaults(sheet, None, None, metric)
    enrolled = _enrol(photos, embedder, augment, sheet)
    grey = _grey_default(sheet, grey)
    profile, rejected = _build(name, enrolled, embedder, True, how, grey)
    bad = {r.photo for r in rejected}
    kept = [e for e in enrolled if e.name not in bad]
    held = _held_back(kept, embedder, how, progress, grey) if len(kept) >= 2 else None
    return profile, rejected, held

"""Teaching a tile-set profile more tiles: crops of a corrected table photo added to its prototypes.

A person corrects the tiles read from a photo of a hand (the Hand check page) and teaches them: each crop,
with `ADD_VIEWS` altered copies (`tile_augment.augmented`, the copies made for crops of table photos), is
embedded in the profile's colour order, and each class's prototype moves towards the new crops by their
share of the crops the class was taught from (`Profile.counts`); a class the profile had no crop of gets its
first prototype. Before anything is added, crops too blurred to learn from (`vision.crops.tile_sharpness`)
and crops that look unlike the profile's set are refused with their reason, and a photo whose tiles as a
whole look like another set is refused entirely (`ProfileError`), so one wrong photo cannot spoil a set.
"""

from __future__ import annotations

import dataclasses
import zlib
from dataclasses import dataclass

import numpy as np
from numpy.typing import NDArray
from riichi_table.vision.crops import TILE_MIN_SHARPNESS, tile_sharpness
from riichi_table.vision.embedder import Embedder, normalise
from riichi_table.vision.profile_features import profile_embedding
from riichi_table.vision.profile_metric import apply_metric
from riichi_table.vision.profiles import LabelledCrops, Profile, ProfileError, _mapped
from riichi_table.vision.tile_augment import augmented

ADD_VIEWS = 8  # altered copies per taught crop, as `build_profile` makes for crops of table photos
# Floors of the cosine similarity of a crop's embedding to its class's prototype, for one crop and for a
# photo's mean: measured with bench/teach_checks.py (docs/vision.md, "Teaching a profile from corrected Hand
# check photos"): no photo of a profile's own set fell under 0.5, most photos of a plainly different set did.
CROP_MIN_SIMILARITY = 0.35
PHOTO_MIN_SIMILARITY = 0.5


@dataclass(frozen=True)
class RefusedCrop:
    """A crop nothing was learned from: its index in the taught photo and why."""

    index: int
    reason: str


@dataclass(frozen=True)
class Taught:
    """What `add_to_profile` did: the updated profile, the crops learned from, the crops refused."""

    profile: Profile
    added: tuple[int, ...]
    refused: tuple[RefusedCrop, ...]


def _class_name(class_id: int) -> str:
    from riichi_table.engine.tiles import BACK_CLASS, tile_from_class

    return "back" if class_id == BACK_CLASS else tile_from_class(class_id).name


def _similarities(
    profile: Profile, feats: NDArray[np.float32], ids: NDArray[np.int64]
) -> NDArray[np.float32]:
    """Each crop's cosine similarity to the prototype of its class; NaN where the profile lacks the class."""
    out = np.full(len(ids), np.nan, np.float32)
    rows = {int(c): i for i, c in enumerate(profile.class_id)}
    for i, c in enumerate(ids):
        if int(c) in rows:
            out[i] = float(feats[i] @ profile.prototypes[rows[int(c)]])
    return out


def _embedded(profile: Profile, crops: NDArray[np.uint8], embedder: Embedder) -> NDArray[np.float32]:
    """The crops' embeddings as the profile compares them: in its colour order, through its metric."""
    feats = profile_embedding(embedder, _mapped(crops, profile.channels), profile.grey)[1]
    return apply_metric(feats, profile.metric_u, profile.metric_v)


def add_to_profile(
    profile: Profile,
    photo: LabelledCrops,
    embedder: Embedder,
    min_sharpness: float = TILE_MIN_SHARPNESS,
    views: int = ADD_VIEWS,
) -> Taught:
    """The profile with `photo`'s crops (upright BGR, `embedder.size` square, as `cut_crops` cuts them) added.

    Refused crops (blurred, unlike the set) are listed in `Taught.refused` and change nothing. Raises
    `ProfileError` when the profile was made with another classifier, when the photo's tiles as a whole look
    like another tile set, or when no crop is left to learn from; the profile given is never changed (a new
    one is returned).
    """
    if profile.classifier_sha256 and embedder.classifier_sha256 != profile.classifier_sha256:
        raise ProfileError(
            f"profile {profile.name} was made with another classifier than {embedder.path}: teach the set "
            "again from the layout sheet"
        )
    crops = np.asarray(photo.crops)
    ids = np.asarray(photo.class_id, np.int64)
    if len(crops) == 0:
        raise ProfileError(f"{photo.name}: no tiles to learn from")
    refused: dict[int, str] = {}
    for i, crop in enumerate(crops):
        sharp = tile_sharpness(crop)
        if sharp < min_sharpness:
            refused[i] = f"too blurred to learn from (sharpness {sharp:.0f}, need {min_sharpness:.0f})"
    sharp_rows = np.array([i for i in range(len(crops)) if i not in refused], np.int64)
    if not len(sharp_rows):
        raise ProfileError(f"{photo.name}: every tile is too blurred to learn from: take a sharper photo")
    feats = _embedded(profile, crops[sharp_rows], embedder)
    sims = _similarities(profile, feats, ids[sharp_rows])
    known = sims[~np.isnan(sims)]
    if len(known) and float(known.mean()) < PHOTO_MIN_SIMILARITY:
        raise ProfileError(
            f"{photo.name}: its tiles look unlike the same kinds in profile {profile.name} (similarity "
            f"{known.mean():.2f}, expected at least {PHOTO_MIN_SIMILARITY:.2f}): a photo of another tile "
            "set? Choose that set's profile in Settings, or teach it from its own layout sheet"
        )
    for row, sim in zip(sharp_rows, sims, strict=True):
        if sim < CROP_MIN_SIMILARITY:  # NaN (a class new to the profile) compares False: learned
            refused[int(row)] = (
                f"looks unlike the {_class_name(int(ids[row]))} of profile {profile.name} (similarity "
                f"{sim:.2f}, expected at least {CROP_MIN_SIMILARITY:.2f}): another set's tile, or not a "
                f"{_class_name(int(ids[row]))}?"
            )
    keep = np.array([i for i in range(len(crops)) if i not in refused], np.int64)
    if not len(keep):
        reasons = "; ".join(f"tile {i + 1}: {why}" for i, why in sorted(refused.items()))
        raise ProfileError(f"{photo.name}: nothing learned: {reasons}")
    seed = zlib.crc32(photo.name.encode())
    taught = np.concatenate([crops[keep], augmented(crops[keep], views, seed=seed)]) if views else crops[keep]
    taught_ids = np.tile(ids[keep], 1 + views)
    taught_feats = _embedded(profile, taught, embedder)
    return Taught(_merged(profile, taught_feats, taught_ids, ids[keep], photo.name), tuple(keep.tolist()),
                  tuple(RefusedCrop(i, why) for i, why in sorted(refused.items())))  # fmt: skip


def _merged(
    profile: Profile,
    feats: NDArray[np.float32],
    feat_ids: NDArray[np.int64],
    crop_ids: NDArray[np.int64],
    photo_name: str,
) -> Profile:
    """Each taught class's prototype as the crop-count-weighted mean of the old prototype and the new crops'
    mean direction (a new class: the new crops alone)."""
    classes = np.union1d(profile.class_id, crop_ids)
    protos = np.zeros((len(classes), profile.prototypes.shape[1]), np.float32)
    counts = np.zeros(len(classes), np.int64)
    old = {int(c): i for i, c in enumerate(profile.class_id)}
    for row, c in enumerate(classes):
        n_new = int((crop_ids == c).sum())
        total = np.zeros(protos.shape[1], np.float64)
        if int(c) in old:
            n_old = int(profile.counts[old[int(c)]])
            total += max(1, n_old) * profile.prototypes[old[int(c)]].astype(np.float64)
            counts[row] = n_old
        if n_new:
            total += n_new * normalise(feats[feat_ids == c].mean(0, keepdims=True))[0]
            counts[row] += n_new
        protos[row] = total
    photos = (*profile.photos, photo_name)
    return dataclasses.replace(profile, class_id=classes.astype(np.int64), prototypes=normalise(protos),
                               counts=counts, photos=photos)  # fmt: skip

"""Teaching a profile the corrected tiles of one table photo (`vision.profile_add`), the sharpness check it
uses (`vision.crops.tile_sharpness`), and the reader following a given profiles folder."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import cv2
import numpy as np
import pytest
from riichi_table.datasets.render_layout import RECOLOUR, render_sheet_photo
from riichi_table.vision.crops import TILE_MIN_SHARPNESS, cut_crops, tile_sharpness
from riichi_table.vision.embedder import EMBEDDER_FILE, Embedder
from riichi_table.vision.layout_sheet import read_sheet_photo
from riichi_table.vision.profile_add import add_to_profile
from riichi_table.vision.profiles import Profile, ProfileClassifier, ProfileError, build_profile

REPO = Path(__file__).resolve().parents[2]
SAMPLES = Path(__file__).parent / "samples"


@dataclass(frozen=True)
class Photo:
    name: str
    crops: np.ndarray
    class_id: np.ndarray


@pytest.fixture(scope="module")
def embedder(colour_bound_models: Path) -> Embedder:
    """The colour-bound embedder (tests/conftest.py): a base that never saw the recoloured set's inks."""
    return Embedder(colour_bound_models / EMBEDDER_FILE, threads=1)


@pytest.fixture(scope="module")
def hand() -> Photo:
    """The 14 labelled tiles of a real photo of a Hong Kong style hand (validation split), cut as the reader
    cuts them."""
    image = cv2.imread(str(SAMPLES / "hk_real_hand.jpg"))
    rows = np.loadtxt(SAMPLES / "hk_real_hand.txt", ndmin=2)
    h, w = image.shape[:2]
    xc, yc, bw, bh = rows[:, 1] * w, rows[:, 2] * h, rows[:, 3] * w, rows[:, 4] * h
    boxes = np.stack([xc - bw / 2, yc - bh / 2, xc + bw / 2, yc + bh / 2], 1).astype(np.float32)
    return Photo("hand.jpg", cut_crops(image, boxes, 64, 0.0), rows[:, 0].astype(np.int64))


@pytest.fixture(scope="module")
def hk_profile(hand: Photo, embedder: Embedder) -> Profile:
    """A profile of the hand's set taught from its first nine tiles only."""
    first = Photo("first.jpg", hand.crops[:9], hand.class_id[:9])
    return build_profile("hk-club", [first], embedder, sheet=False)[0]


def test_sharp_tile_crops_pass_the_sharpness_floor_and_blurred_ones_fall_under_it(hand: Photo) -> None:
    sharp = [tile_sharpness(c) for c in hand.crops]
    blurred = [tile_sharpness(cv2.GaussianBlur(c, (0, 0), 2.5)) for c in hand.crops]
    assert min(sharp) > TILE_MIN_SHARPNESS
    assert max(blurred) < TILE_MIN_SHARPNESS


def test_a_corrected_photo_moves_the_prototypes_and_adds_the_kinds_the_profile_lacked(
    hk_profile: Profile, hand: Photo, embedder: Embedder
) -> None:
    taught = add_to_profile(hk_profile, hand, embedder)
    assert taught.refused == () and taught.added == tuple(range(14))
    new = taught.profile
    assert set(new.class_id) == set(hk_profile.class_id) | set(hand.class_id)
    assert new.photos == (*hk_profile.photos, "hand.jpg")
    before = dict(zip(hk_profile.class_id.tolist(), hk_profile.counts.tolist(), strict=True))
    after = dict(zip(new.class_id.tolist(), new.counts.tolist(), strict=True))
    for c in set(hand.class_id.tolist()):
        assert after[c] == before.get(c, 0) + int((hand.class_id == c).sum())
    assert np.allclose(np.linalg.norm(new.prototypes, axis=1), 1.0, atol=1e-5)
    # The kinds only the last five tiles showed are now named right by the profile.
    later = ProfileClassifier(embedder, new).probabilities(hand.crops[9:]).argmax(1)
    assert (later == hand.class_id[9:]).all()
    assert hk_profile.counts.sum() == 9  # the profile given is left as it was


def test_a_profile_with_grey_copies_is_taught_in_its_own_features(hand: Photo, embedder: Embedder) -> None:
    first = Photo("first.jpg", hand.crops[:9], hand.class_id[:9])
    grey_profile = build_profile("hk-grey", [first], embedder, sheet=False, grey=True)[0]
    taught = add_to_profile(grey_profile, hand, embedder)
    new = taught.profile
    assert taught.refused == () and new.grey  # crops compared as the profile compares them, not refused
    assert new.prototypes.shape[1] == 2 * embedder.dim
    later = ProfileClassifier(embedder, new).probabilities(hand.crops[9:]).argmax(1)
    assert (later == hand.class_id[9:]).all()


def test_blurred_tiles_are_refused_one_by_one_and_a_wholly_blurred_photo_teaches_nothing(
    hk_profile: Profile, hand: Photo, embedder: Embedder
) -> None:
    crops = hand.crops.copy()
    crops[2] = cv2.GaussianBlur(crops[2], (0, 0), 3.0)
    taught = add_to_profile(hk_profile, Photo("shaky.jpg", crops, hand.class_id), embedder)
    assert [r.index for r in taught.refused] == [2]
    assert "too blurred to learn from" in taught.refused[0].reason
    assert 2 not in taught.added and len(taught.added) == 13
    blurred = np.stack([cv2.GaussianBlur(c, (0, 0), 3.0) for c in hand.crops])
    with pytest.raises(ProfileError, match="every tile is too blurred"):
        add_to_profile(hk_profile, Photo("fog.jpg", blurred, hand.class_id), embedder)


@pytest.mark.slow
def test_photos_of_another_tile_set_are_refused_whole_and_the_sets_own_are_not(
    art_folder: Path, hk_folder: Path, embedder: Embedder
) -> None:
    """A profile of the recoloured riichi art (rendered sheet) against real photos of Hong Kong tiles
    (validation split, one image per source photo) and rendered table scenes of its own set cut into photos
    of 14 tiles. Measured on 53 and 20 such photos (docs/vision.md): 81 % of the other set's refused, none of
    its own; here at least two thirds of ten, and none of the own set's."""
    from riichi_table.datasets.hk_real import load_split
    from riichi_table.datasets.render_layout import recolour
    from riichi_table.datasets.scenes import render_scene
    from riichi_table.vision.images import read_image

    sheet = read_sheet_photo(render_sheet_photo(str(art_folder), "Regular", 0, recolour_order=RECOLOUR), "s0")
    riichi, _ = build_profile("riichi-club", [sheet], embedder)
    first: dict[str, object] = {}
    for p in load_split(hk_folder).val:
        if len(p.class_id) >= 5:
            first.setdefault(p.source, p)
    refused = 0
    for p in list(first.values())[:10]:
        image = read_image(p.image)  # type: ignore[attr-defined]
        h, w = image.shape[:2]
        b = p.boxes_xywhn  # type: ignore[attr-defined]
        boxes = np.stack([(b[:, 0] - b[:, 2] / 2) * w, (b[:, 1] - b[:, 3] / 2) * h,
                          (b[:, 0] + b[:, 2] / 2) * w, (b[:, 1] + b[:, 3] / 2) * h], 1)  # fmt: skip
        photo = Photo(p.image.name, cut_crops(image, boxes, 64, 0.0), p.class_id)  # type: ignore[attr-defined]
        try:
            add_to_profile(riichi, photo, embedder)
        except ProfileError as exc:
            refused += "another tile set" in str(exc)
    assert refused >= 7
    scene = render_scene(art_folder, 100, 0, 640, styles=("Regular",))
    labels = [lab for lab in scene.labels if lab.visible >= 0.6]
    crops = cut_crops(recolour(scene.image, RECOLOUR), np.array([lab.box for lab in labels]), 64, 0.0)
    ids = np.array([lab.class_id for lab in labels])
    for start in range(0, len(ids) - 13, 14):
        own = Photo(f"own-{start}", crops[start : start + 14], ids[start : start + 14])
        assert len(add_to_profile(riichi, own, embedder).added) >= 12


def test_a_tile_labelled_as_a_kind_it_does_not_look_like_is_refused(
    hk_profile: Profile, hand: Photo, embedder: Embedder
) -> None:
    ids = hand.class_id.copy()
    shown = list(hk_profile.class_id)
    wrong = next(i for i in range(9) if ids[i] != shown[-1])  # a tile of a kind the profile knows
    ids[wrong] = shown[-1] if ids[wrong] != 37 else shown[0]
    taught = add_to_profile(hk_profile, Photo("mislabelled.jpg", hand.crops, ids), embedder)
    assert [r.index for r in taught.refused] == [wrong]
    assert "looks unlike" in taught.refused[0].reason


def test_a_profile_of_another_classifier_is_not_taught(
    hk_profile: Profile, hand: Photo, embedder: Embedder
) -> None:
    import dataclasses

    stale = dataclasses.replace(hk_profile, classifier_sha256="0" * 64)
    with pytest.raises(ProfileError, match="another classifier"):
        add_to_profile(stale, hand, embedder)


def test_the_reader_names_tiles_with_the_profile_chosen_in_the_folder_it_is_given(
    hk_profile: Profile, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, colour_bound_models: Path
) -> None:
    from riichi_table.vision.classify import Classifier
    from riichi_table.vision.profiles import set_active_profile
    from riichi_table.vision.reader import TileReader

    monkeypatch.setenv("RIICHI_TABLE_PROFILES", str(tmp_path / "default"))  # nothing chosen there
    folder = tmp_path / "club"
    hk_profile.save(folder / "hk-club.npz")
    set_active_profile("hk-club", folder)
    assert isinstance(TileReader(threads=1).classifier, Classifier)
    chosen = TileReader(colour_bound_models, threads=1, profiles=folder).classifier  # the profile's embedder
    assert isinstance(chosen, ProfileClassifier) and chosen.profile.name == "hk-club"

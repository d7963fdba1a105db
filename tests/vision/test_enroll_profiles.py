"""Enrolling a tile set as a profile: prototypes from the shipped classifier's embedding, no training."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from riichi_table.datasets.render_layout import RECOLOUR, recolour, render_sheet_photo
from riichi_table.vision.embedder import EMBEDDER_FILE, Embedder
from riichi_table.vision.errors import VisionError
from riichi_table.vision.layout_sheet import read_sheet_photo
from riichi_table.vision.profiles import (
    BASE,
    Profile,
    ProfileClassifier,
    ProfileError,
    active_profile,
    build_profile,
    list_profiles,
    open_active_classifier,
    set_active_profile,
)

MODELS = Path(__file__).resolve().parents[2] / "models"


@pytest.fixture(scope="module")
def embedder(colour_bound_models: Path) -> Embedder:
    """The colour-bound embedder (tests/conftest.py): a base that never saw the recoloured set's inks."""
    return Embedder(colour_bound_models / EMBEDDER_FILE, threads=1)


def _sheets(art: Path, style: str, seeds: range, order: tuple[int, int, int] | None = RECOLOUR) -> list:
    return [
        read_sheet_photo(render_sheet_photo(str(art), style, s, recolour_order=order), f"{style}-{s}.jpg")
        for s in seeds
    ]


def _scene_crops(
    art: Path, count: int, order: tuple[int, int, int] | None = RECOLOUR
) -> tuple[np.ndarray, np.ndarray]:
    from riichi_table.datasets.scenes import render_scene
    from riichi_table.vision.crops import cut_crops

    crops, ids = [], []
    for i in range(count):
        scene = render_scene(art, 100, i, 640, styles=("Regular",))
        labels = [lab for lab in scene.labels if lab.visible >= 0.6]
        boxes = np.array([lab.box for lab in labels], np.float32).reshape(-1, 4)
        image = scene.image if order is None else recolour(scene.image, order)
        crops.append(cut_crops(image, boxes, 64, 0.0))
        ids += [lab.class_id for lab in labels]
    return np.concatenate(crops), np.asarray(ids)


def test_the_set_check_beside_the_embedder_is_a_colour_bound_classifier_with_its_features(
    art_folder: Path,
) -> None:
    from riichi_table.vision.embedder import SET_CHECK_FILE

    check = Embedder(MODELS / SET_CHECK_FILE, threads=1)
    shipped = Embedder(MODELS / EMBEDDER_FILE, threads=1)
    # a classifier of its own (the earlier ultralytics one, cut by export_embedder), tied to its weights
    assert len(check.classifier_sha256) == 64 and check.classifier_sha256 != shipped.classifier_sha256
    # it names the art it learned, and a recoloured copy of it far worse: it sees a set's inks
    crops, ids = _scene_crops(art_folder, 3, order=None)
    recoloured, _ = _scene_crops(art_folder, 3)
    own = float((check.run(crops)[0].argmax(1) == ids).mean())
    other = float((check.run(recoloured)[0].argmax(1) == ids).mean())
    assert own >= 0.9 and other <= own - 0.3
    found = shipped.set_check()
    assert found is not None and np.allclose(found.run(crops)[1], check.run(crops)[1])


def test_the_shipped_embedder_names_tiles_and_gives_unit_embeddings_a_half_turn_keeps() -> None:
    from riichi_table.vision.classify import Classifier

    embedder = Embedder(MODELS / EMBEDDER_FILE, threads=1)

    # the file is its own classifier (first output): the reader's Classifier reads the same probabilities
    assert len(embedder.classifier_sha256) == 64  # what a profile made with it records
    crops = np.random.default_rng(1).integers(0, 255, (5, 64, 64, 3), dtype=np.uint8)
    probs, feats = embedder.run(crops)
    expected = Classifier(MODELS / "embedder.onnx", threads=1, flip_tta=True).probabilities(crops)
    assert np.allclose(probs, expected, atol=1e-4)
    assert np.allclose(np.linalg.norm(feats, axis=1), 1.0, atol=1e-5)
    # A tile reads the same upside down: the embedding of a half-turned crop is the same.
    _, turned = embedder.run(np.ascontiguousarray(crops[:, ::-1, ::-1]))
    assert np.allclose(feats, turned, atol=1e-4)


def test_a_profile_from_two_sheet_photos_names_a_recoloured_set_far_better_than_the_base(
    art_folder: Path, embedder: Embedder
) -> None:
    crops, ids = _scene_crops(art_folder, 6)
    profile, rejected = build_profile("recoloured", _sheets(art_folder, "Regular", range(2)), embedder)
    assert not rejected and len(profile.class_id) == 38  # 34 kinds, 3 red fives, the back
    base = (embedder.run(crops)[0].argmax(1) == ids).mean()
    enrolled = (ProfileClassifier(embedder, profile).probabilities(crops).argmax(1) == ids).mean()
    assert enrolled > base + 0.1, (base, enrolled)


@pytest.mark.parametrize("which", ["embedder", pytest.param("shipped", marks=pytest.mark.slow)])
def test_a_photo_of_another_set_mixed_in_is_named_and_not_learned_from(
    art_folder: Path, which: str, request: pytest.FixtureRequest
) -> None:
    """With the colour-bound embedder and with the shipped one, which ignores inks (its set check reads the
    classifier's features beside it)."""
    embedder = request.getfixturevalue(which)
    photos = _sheets(art_folder, "Regular", range(3)) + _sheets(art_folder, "Black", range(1), None)
    profile, rejected = build_profile("club", photos, embedder)
    assert [r.photo for r in rejected] == ["Black-0.jpg"]
    assert "another tile set" in rejected[0].reason
    assert profile.photos == ("Regular-0.jpg", "Regular-1.jpg", "Regular-2.jpg")
    alone, _ = build_profile("club", photos[:3], embedder)
    assert np.allclose(profile.prototypes, alone.prototypes)  # nothing of the other set is in it


def test_two_photos_of_different_sets_teach_nothing(art_folder: Path, embedder: Embedder) -> None:
    photos = _sheets(art_folder, "Regular", range(1)) + _sheets(art_folder, "Black", range(1), None)
    with pytest.raises(ProfileError, match=r"Regular-0.jpg.*another tile set.*Black-0.jpg"):
        build_profile("club", photos, embedder)


def test_a_profile_round_trips_through_its_small_file(
    art_folder: Path, embedder: Embedder, tmp_path: Path
) -> None:
    profile, _ = build_profile("club-a", _sheets(art_folder, "Regular", range(1)), embedder, grey=True)
    path = profile.save(tmp_path / "club-a.npz")
    # About 0.8 MB: the learned map of a sheet profile's features (embedding and grey copy, 2 x 1280 wide).
    assert path.stat().st_size < 1_000_000
    again = Profile.load(path)
    assert again.name == "club-a" and again.photos == profile.photos
    assert profile.grey and again.grey and again.prototypes.shape[1] == 2 * embedder.dim
    assert np.array_equal(again.class_id, profile.class_id)
    assert np.allclose(again.prototypes, profile.prototypes, atol=2e-3)
    assert profile.metric_u is not None and again.metric_u is not None and again.metric_v is not None
    assert np.allclose(again.metric_u, profile.metric_u, atol=2e-3)
    crops, _ = _scene_crops(art_folder, 1)
    named = ProfileClassifier(embedder, profile).probabilities(crops).argmax(1)
    assert np.array_equal(ProfileClassifier(embedder, again).probabilities(crops).argmax(1), named)


def test_settings_choose_the_active_profile_and_base_means_none(
    art_folder: Path, embedder: Embedder, tmp_path: Path, colour_bound_models: Path
) -> None:
    assert active_profile(tmp_path) == BASE and open_active_classifier(folder=tmp_path) is None
    profile, _ = build_profile("club-a", _sheets(art_folder, "Regular", range(1)), embedder)
    profile.save(tmp_path / "club-a.npz")
    set_active_profile("club-a", tmp_path)
    assert [p.name for p in list_profiles(tmp_path)] == ["club-a"]
    chosen = open_active_classifier(colour_bound_models, threads=1, folder=tmp_path)
    assert chosen is not None and chosen.profile.name == "club-a"
    set_active_profile(BASE, tmp_path)
    assert open_active_classifier(folder=tmp_path) is None


def test_choosing_a_profile_that_does_not_exist_is_an_error_naming_it(tmp_path: Path) -> None:
    with pytest.raises(ProfileError, match=r"nope\.npz not found"):
        set_active_profile("nope", tmp_path)
    assert active_profile(tmp_path) == BASE


def test_a_profile_made_with_another_classifier_is_refused(embedder: Embedder) -> None:
    other = Profile("old", np.arange(2), np.eye(2, embedder.dim, dtype=np.float32), np.ones(2, np.int64),
                    "0" * 64, ("a.jpg",), "2026-01-01T00:00:00+00:00")  # fmt: skip
    with pytest.raises(ProfileError, match="another classifier"):
        ProfileClassifier(embedder, other)


@pytest.mark.parametrize("name", ["", "two words", "../up", "x" * 65])
def test_a_profile_name_that_is_not_a_plain_name_is_refused(name: str) -> None:
    from riichi_table.vision.profiles import profile_path

    with pytest.raises(ProfileError, match="profile name"):
        Profile(name, np.arange(1), np.ones((1, 4), np.float32), np.ones(1, np.int64), "", (), "")
    if "/" not in name:
        with pytest.raises(ProfileError, match="profile name"):
            profile_path(name, Path("."))


def test_the_photo_reader_and_the_live_namer_name_tiles_with_the_chosen_profile(
    art_folder: Path, shipped: Embedder, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from riichi_table.vision.classify import Classifier
    from riichi_table.vision.live_namer import OnnxNamer
    from riichi_table.vision.reader import TileReader

    monkeypatch.setenv("RIICHI_TABLE_PROFILES", str(tmp_path))
    assert isinstance(TileReader(threads=1).classifier, Classifier)  # none chosen: the shipped classifier
    profile, _ = build_profile("club-a", _sheets(art_folder, "Regular", range(1)), shipped)
    profile.save(tmp_path / "club-a.npz")
    set_active_profile("club-a")
    reader, namer = TileReader(threads=1), OnnxNamer(threads=1)
    assert isinstance(reader.classifier, ProfileClassifier) and reader.classifier.profile.name == "club-a"
    assert isinstance(namer.model, ProfileClassifier)
    crops, truth = _scene_crops(art_folder, 1)
    named = reader.classifier.probabilities(crops).argmax(1)
    assert (named == truth).mean() > 0.5  # the recoloured set, read through the club's profile
    set_active_profile(BASE)
    assert isinstance(TileReader(threads=1).classifier, Classifier)


def _saved_profile(embedder: Embedder, folder: Path, name: str, channels: tuple[int, int, int]) -> Profile:
    rng = np.random.default_rng(5)
    protos = rng.normal(size=(3, embedder.dim)).astype(np.float32)
    protos /= np.linalg.norm(protos, axis=1, keepdims=True)
    profile = Profile(name, np.array([0, 1, 37]), protos, np.ones(3, np.int64), embedder.classifier_sha256,
                      ("a.jpg",), "2026-11-23T10:00:00+00:00", channels)  # fmt: skip
    profile.save(folder / f"{name}.npz")
    return profile


def test_a_running_live_namer_switches_to_a_newly_chosen_profile_and_back_without_a_restart(
    shipped: Embedder, tmp_path: Path
) -> None:
    from riichi_table.vision.classify import Classifier
    from riichi_table.vision.live_namer import OnnxNamer

    folder = tmp_path / "profiles"
    folder.mkdir()
    namer = OnnxNamer(threads=1)
    base = namer.model
    assert namer.profile == BASE and isinstance(base, Classifier)
    _saved_profile(shipped, folder, "club-a", (0, 1, 2))
    set_active_profile("club-a", folder)
    assert namer.use_active_profile(folder) == "club-a"
    assert isinstance(namer.model, ProfileClassifier) and namer.model.profile.name == "club-a"
    crops = np.random.default_rng(2).integers(0, 255, (4, 64, 64, 3), dtype=np.uint8)
    assert namer.model.probabilities(crops).shape == (4, 38)
    set_active_profile(BASE, folder)
    assert namer.use_active_profile(folder) == BASE and namer.model is base  # the base is not reopened
    (folder / "club-a.npz").write_bytes(b"not a profile any more")
    (folder / "active.txt").write_text("club-a\n")
    with pytest.raises(ProfileError, match=r"club-a\.npz is not a tile-set profile"):
        namer.use_active_profile(folder)
    assert namer.model is base and namer.profile == BASE  # an unreadable profile changes nothing
    fixed = OnnxNamer(classifier=MODELS / "classifier.onnx", threads=1)
    with pytest.raises(VisionError, match="takes no profile"):
        fixed.use_active_profile(folder)


def test_with_a_colour_swapping_profile_the_localizer_reads_the_frame_in_the_profiles_colours(
    embedder: Embedder, tmp_path: Path
) -> None:
    """The reader hands its localizer the frame in the profile's channel order; with the base classifier or
    a profile that keeps the colours, the frame itself (the base path unchanged)."""
    from riichi_table.vision.reader import TileReader

    frame = np.random.default_rng(4).integers(0, 255, (120, 160, 3), dtype=np.uint8)
    seen: list[np.ndarray] = []
    reader = TileReader(threads=1, multiscale=False)
    reader.localizer = _Recording(seen)  # type: ignore[assignment]
    reader.detect(frame)
    assert seen[-1] is frame  # no profile: the very same frame
    for channels in ((0, 1, 2), (2, 0, 1)):
        profile = _saved_profile(embedder, tmp_path, f"p{channels[0]}", channels)
        reader.classifier = ProfileClassifier(embedder, profile)
        reader.detect(frame)
        assert np.array_equal(seen[-1], frame[..., list(channels)])
    reader.profile_colours = False
    reader.detect(frame)
    assert seen[-1] is frame


class _Recording:
    """A localizer that keeps the frames it is given and finds nothing."""

    def __init__(self, seen: list[np.ndarray]) -> None:
        self.seen = seen

    def __call__(self, image: np.ndarray) -> object:
        from riichi_table.vision.localize import Boxes

        self.seen.append(image)
        return Boxes(np.zeros((0, 4), np.float32), np.zeros(0, np.float32), np.zeros(0, np.int64))


@pytest.fixture(scope="module")
def shipped() -> Embedder:
    """The shipped embedder (`vision/embedder_train.py`: metric-learned on both art styles and real photos,
    inks recoloured in training)."""
    return Embedder(MODELS / EMBEDDER_FILE, threads=1)


@pytest.mark.slow
def test_the_shipped_embedder_reads_a_set_in_inks_it_never_saw_and_a_profile_keeps_that(
    art_folder: Path, shipped: Embedder
) -> None:
    crops, ids = _scene_crops(art_folder, 6)
    base = (shipped.run(crops)[0].argmax(1) == ids).mean()
    own_colours = np.ascontiguousarray(crops[..., list(np.argsort(RECOLOUR))])
    own = (shipped.run(own_colours)[0].argmax(1) == ids).mean()
    assert base >= 0.9 and base >= own - 0.02, (base, own)
    profile, rejected = build_profile("recoloured", _sheets(art_folder, "Regular", range(2)), shipped)
    assert not rejected
    enrolled = (ProfileClassifier(shipped, profile).probabilities(crops).argmax(1) == ids).mean()
    assert enrolled >= base - 0.01, (base, enrolled)  # enrolling never costs more than a point

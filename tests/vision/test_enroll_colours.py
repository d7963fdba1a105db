"""A profile's colour channel order and base weight (vision.profiles.build_profile), and the table-view
alteration of sheet crops (vision.tile_augment.scene_augmented)."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest
from riichi_table.datasets.render_layout import RECOLOUR, render_sheet_photo
from riichi_table.vision.embedder import EMBEDDER_FILE, Embedder
from riichi_table.vision.layout_sheet import read_sheet_photo
from riichi_table.vision.profiles import IDENTITY, Profile, ProfileClassifier, build_profile
from riichi_table.vision.tile_augment import scene_augmented

MODELS = Path(__file__).resolve().parents[2] / "models"


@pytest.fixture(scope="module")
def embedder(colour_bound_models: Path) -> Embedder:
    """The colour-bound embedder (tests/conftest.py): a base that never saw the recoloured set's inks."""
    return Embedder(colour_bound_models / EMBEDDER_FILE, threads=1)


def _sheets(art: Path, style: str, order: tuple[int, int, int] | None, seeds: range = range(2)) -> list:
    return [read_sheet_photo(render_sheet_photo(str(art), style, s, recolour_order=order), f"{style}-{s}.jpg")
            for s in seeds]  # fmt: skip


def test_a_set_with_its_inks_swapped_is_read_with_its_channels_put_back(
    art_folder: Path, embedder: Embedder
) -> None:
    profile, _ = build_profile("swapped", _sheets(art_folder, "Regular", RECOLOUR), embedder)
    assert profile.channels == tuple(int(i) for i in np.argsort(RECOLOUR))  # the swap undone
    assert profile.base_weight > 0.8  # in that order the base reads the set well, so it counts more
    assert not profile.grey  # nor are the grey copies needed: the base knows the set's inks in that order
    kept, _ = build_profile("swapped", _sheets(art_folder, "Regular", RECOLOUR), embedder, channels=False)
    # In its own colours the base names under half of the set right: its guesses do not count at all.
    assert kept.channels == IDENTITY and kept.base_weight == pytest.approx(0.0)
    assert kept.grey  # inks the base does not know: the grey copy's embedding goes beside the embedding


def test_a_set_the_base_already_reads_keeps_its_colours(art_folder: Path, embedder: Embedder) -> None:
    profile, _ = build_profile("black", _sheets(art_folder, "Black", None), embedder)
    assert profile.channels == IDENTITY and not profile.grey


def test_channels_and_base_weight_survive_the_file_and_old_files_still_load(
    tmp_path: Path, embedder: Embedder
) -> None:
    protos = np.eye(3, embedder.dim, dtype=np.float32)
    profile = Profile("p", np.array([0, 1, 2]), protos, np.ones(3, np.int64), embedder.classifier_sha256,
                      ("a.jpg",), "2026-11-23T10:00:00+00:00", (2, 0, 1), 0.9)  # fmt: skip
    loaded = Profile.load(profile.save(tmp_path / "p.npz"))
    assert loaded.channels == (2, 0, 1) and loaded.base_weight == pytest.approx(0.9)
    assert ProfileClassifier(embedder, loaded).base_weight == pytest.approx(0.9)
    with np.load(tmp_path / "p.npz") as data:  # a profile written before these fields existed
        meta = json.loads(str(data["meta"]))
        arrays = {k: data[k] for k in ("class_id", "prototypes", "counts")}
    for key in ("channels", "base_weight", "grey"):
        meta.pop(key)
    np.savez(tmp_path / "old.npz", meta=np.array(json.dumps(meta)), **arrays)
    old = Profile.load(tmp_path / "old.npz")
    assert old.channels == IDENTITY and old.base_weight == pytest.approx(0.3) and not old.grey


def test_a_channel_order_that_is_no_order_is_refused(embedder: Embedder) -> None:
    from riichi_table.vision.profiles import ProfileError

    with pytest.raises(ProfileError, match=r"channels \(0, 0, 1\) must order 0, 1, 2"):
        Profile("p", np.array([0]), np.ones((1, 4), np.float32), np.ones(1, np.int64), "", (), "", (0, 0, 1))


def test_scene_views_of_sheet_crops_are_altered_copies_of_the_same_size_and_repeatable() -> None:
    rng = np.random.default_rng(0)
    crops = rng.integers(0, 255, (5, 64, 64, 3), dtype=np.uint8)
    views = scene_augmented(crops, 3, seed=1)
    assert views.shape == (15, 64, 64, 3) and views.dtype == np.uint8
    assert np.array_equal(views, scene_augmented(crops, 3, seed=1))
    assert not np.array_equal(views[:5], crops)
    assert scene_augmented(crops[:0], 3).shape == (0, 64, 64, 3)


def test_refined_prototypes_name_more_of_a_new_sets_table_tiles_than_the_class_means(
    art_folder: Path, embedder: Embedder
) -> None:
    """On the recoloured set read in its own colours (no channel step: what a genuinely new set gets), the
    prototypes trained on the sheet crops name more tiles of table scenes right than the class means (both of
    the colour embedding alone: with the grey copy beside it both name these few scenes almost all right)."""
    from riichi_table.datasets.render_layout import recolour
    from riichi_table.datasets.scenes import render_scene
    from riichi_table.vision.crops import cut_crops

    sheets = _sheets(art_folder, "Regular", RECOLOUR)
    means, _ = build_profile("means", sheets, embedder, augment=8, channels=False, refine=False, grey=False)
    refined, _ = build_profile(
        "refined", sheets, embedder, augment=8, channels=False, refine=True, grey=False
    )
    assert np.array_equal(means.class_id, refined.class_id) and not np.allclose(
        means.prototypes, refined.prototypes
    )
    assert np.allclose(np.linalg.norm(refined.prototypes, axis=1), 1.0, atol=1e-3)
    crops, truth = [], []
    for i in range(4):
        scene = render_scene(art_folder, 100, i, 640, styles=("Regular",))
        labels = [lab for lab in scene.labels if lab.visible >= 0.6]
        boxes = np.array([lab.box for lab in labels], np.float32).reshape(-1, 4)
        crops.append(cut_crops(recolour(scene.image, RECOLOUR), boxes, 64, 0.0))
        truth += [lab.class_id for lab in labels]
    tiles, ids = np.concatenate(crops), np.asarray(truth)
    right = {p.name: float((ProfileClassifier(embedder, p).probabilities(tiles).argmax(1) == ids).mean())
             for p in (means, refined)}  # fmt: skip
    assert right["refined"] > right["means"], right

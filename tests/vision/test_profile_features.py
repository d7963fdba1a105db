"""A profile's features: the embedding of each crop with the embedding of its grey copy beside it."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from riichi_table.datasets.render_layout import RECOLOUR, recolour, render_sheet_photo
from riichi_table.vision.embedder import EMBEDDER_FILE, Embedder
from riichi_table.vision.layout_sheet import read_sheet_photo
from riichi_table.vision.profile_features import feature_width, grey, profile_embedding
from riichi_table.vision.profiles import Profile, ProfileClassifier, ProfileError, build_profile

MODELS = Path(__file__).resolve().parents[2] / "models"


@pytest.fixture(scope="module")
def embedder(colour_bound_models: Path) -> Embedder:
    """The colour-bound embedder (tests/conftest.py): a base that never saw the recoloured set's inks."""
    return Embedder(colour_bound_models / EMBEDDER_FILE, threads=1)


def _flat(bgr: tuple[int, int, int]) -> np.ndarray:
    return np.broadcast_to(np.array(bgr, np.uint8), (1, 8, 8, 3)).copy()


def test_the_grey_copy_keeps_the_lightness_and_drops_the_colour() -> None:
    blue, green, red, white = (
        grey(_flat(c))[0, 0, 0] for c in ((255, 0, 0), (0, 255, 0), (0, 0, 255), (255,) * 3)
    )
    for g in (blue, green, red, white):
        assert g[0] == g[1] == g[2]
    assert green[0] > red[0] > blue[0] and white[0] == 255  # green ink looks lightest, as to an eye
    crops = np.random.default_rng(0).integers(0, 256, (3, 16, 16, 3), dtype=np.uint8)
    assert grey(crops).shape == crops.shape and grey(crops).dtype == np.uint8


def test_features_with_the_grey_copy_are_both_embeddings_side_by_side(embedder: Embedder) -> None:
    crops = np.random.default_rng(1).integers(0, 256, (4, embedder.size, embedder.size, 3), dtype=np.uint8)
    base, alone = profile_embedding(embedder, crops, with_grey=False)
    run_base, run_feats = embedder.run(crops)
    assert np.allclose(alone, run_feats) and np.allclose(base, run_base)
    base2, both = profile_embedding(embedder, crops, with_grey=True)
    assert both.shape == (4, feature_width(embedder, True)) == (4, 2 * embedder.dim)
    assert np.allclose(np.linalg.norm(both, axis=1), 1.0, atol=1e-5) and np.allclose(base2, run_base)
    assert np.allclose(
        both[:, : embedder.dim] * np.sqrt(2), run_feats, atol=1e-4
    )  # each half weighs the same
    assert not np.allclose(both[:, : embedder.dim], both[:, embedder.dim :], atol=1e-3)  # colour crops differ
    greyed = profile_embedding(embedder, grey(crops), with_grey=True)[1]
    assert np.allclose(greyed[:, : embedder.dim], greyed[:, embedder.dim :], atol=1e-5)  # grey already


def test_a_profile_whose_width_does_not_fit_its_features_is_refused(embedder: Embedder) -> None:
    protos = np.eye(3, embedder.dim, dtype=np.float32)  # the embedding's width, but marked grey
    profile = Profile("p", np.array([0, 1, 2]), protos, np.ones(3, np.int64), embedder.classifier_sha256,
                      ("a.jpg",), "2026-11-26T10:00:00+00:00", grey=True)  # fmt: skip
    with pytest.raises(
        ProfileError, match=rf"feature width {embedder.dim}, the embedder gives {2 * embedder.dim}"
    ):
        ProfileClassifier(embedder, profile)


@pytest.mark.slow
def test_the_grey_copy_names_more_of_a_new_sets_table_tiles(art_folder: Path, embedder: Embedder) -> None:
    """The recoloured set read in its own colours (a genuinely new set): a profile of two sheet photos names
    more tiles of table scenes right with the grey copy's embedding beside the embedding than without it."""
    from riichi_table.datasets.scenes import render_scene
    from riichi_table.vision.crops import cut_crops

    art = str(art_folder)
    sheets = [read_sheet_photo(render_sheet_photo(art, "Regular", s, recolour_order=RECOLOUR), f"{s}.jpg")
              for s in range(2)]  # fmt: skip
    crops, truth = [], []
    for i in range(10):
        scene = render_scene(art_folder, 100, i, 640, styles=("Regular",))
        labels = [lab for lab in scene.labels if lab.visible >= 0.6 and lab.class_id != 37]  # faces only
        boxes = np.array([lab.box for lab in labels], np.float32).reshape(-1, 4)
        crops.append(cut_crops(recolour(scene.image, RECOLOUR), boxes, 64, 0.0))
        truth += [lab.class_id for lab in labels]
    tiles, ids = np.concatenate(crops), np.asarray(truth)
    right = {}
    for with_grey in (False, True):
        profile, _ = build_profile("p", sheets, embedder, channels=False, grey=with_grey)
        assert profile.grey == with_grey
        right[with_grey] = float(
            (ProfileClassifier(embedder, profile).probabilities(tiles).argmax(1) == ids).mean()
        )
    assert right[True] > right[False] + 0.02, right

"""The reader's two classifiers: the earlier names every crop, the metric-learned one the crops it doubts."""

from pathlib import Path

import numpy as np
import pytest
from riichi_table.vision.classify import Classifier
from riichi_table.vision.model_files import CLASSIFIER_FILE, FIRST_CLASSIFIER_FILE, SECOND_OPINION_BELOW
from riichi_table.vision.reader import TileReader

MODELS = Path(__file__).resolve().parents[2] / "models"


@pytest.fixture()
def crops(art_folder: Path) -> np.ndarray:
    """Noise crops (the earlier classifier doubts most) beside tiles drawn plainly (it names them surely)."""
    from riichi_table.datasets.scenes import render_scene
    from riichi_table.vision.crops import cut_crops

    scene = render_scene(art_folder, 100, 0, 640, styles=("Regular",))
    boxes = np.array([lab.box for lab in scene.labels if lab.visible >= 0.9], np.float32)
    noise = np.random.default_rng(2).integers(0, 255, (12, 64, 64, 3), dtype=np.uint8)
    return np.concatenate([cut_crops(scene.image, boxes, 64, 0.0), noise])


def test_the_crops_the_first_doubts_are_named_by_the_second_and_the_rest_as_the_first_says(crops) -> None:
    first = Classifier(MODELS / FIRST_CLASSIFIER_FILE, threads=1)
    second = Classifier(MODELS / CLASSIFIER_FILE, threads=1)
    both = Classifier(MODELS / FIRST_CLASSIFIER_FILE, threads=1, second=second, second_below=0.8)
    alone, asked, answer = first.probabilities(crops), second.probabilities(crops), both.probabilities(crops)
    doubted = alone.max(1) < 0.8
    assert 0 < doubted.sum() < len(crops)  # the crops hold both kinds
    assert np.allclose(answer[doubted], asked[doubted], atol=1e-5)
    assert np.allclose(answer[~doubted], alone[~doubted], atol=1e-5)


def test_a_weighted_second_opinion_names_the_doubted_crops_by_the_mean_and_counts_them(crops) -> None:
    first = Classifier(MODELS / FIRST_CLASSIFIER_FILE, threads=1)
    second = Classifier(MODELS / CLASSIFIER_FILE, threads=1)
    both = Classifier(
        MODELS / FIRST_CLASSIFIER_FILE, threads=1, second=second, second_below=0.8, second_weight=0.25
    )
    alone, asked, answer = first.probabilities(crops), second.probabilities(crops), both.probabilities(crops)
    doubted = alone.max(1) < 0.8
    assert np.allclose(answer[doubted], 0.75 * alone[doubted] + 0.25 * asked[doubted], atol=1e-5)
    assert np.allclose(answer[~doubted], alone[~doubted], atol=1e-5)
    assert (both.reads, both.second_reads) == (len(crops), int(doubted.sum()))


def test_the_crops_the_first_names_as_a_listed_class_are_asked_of_the_second_however_sure(crops) -> None:
    # The live namer's first classifier names the photographed peacock 1s 7p at up to 1.0 at face height
    # (vision/live_namer.py, SECOND_FOR): its 7p names are always checked.
    first = Classifier(MODELS / FIRST_CLASSIFIER_FILE, threads=1)
    second = Classifier(MODELS / CLASSIFIER_FILE, threads=1)
    alone, asked = first.probabilities(crops), second.probabilities(crops)
    sure = alone.max(1) >= 0.8
    listed = int(alone[sure].argmax(1)[0])  # a class the first names surely here
    both = Classifier(
        MODELS / FIRST_CLASSIFIER_FILE,
        threads=1,
        second=second,
        second_below=0.8,
        second_weight=0.25,
        second_for=(listed,),
    )
    answer = both.probabilities(crops)
    named = ~sure | (alone.argmax(1) == listed)
    assert (sure & named).any()
    assert np.allclose(answer[named], 0.75 * alone[named] + 0.25 * asked[named], atol=1e-5)
    assert np.allclose(answer[~named], alone[~named], atol=1e-5)
    assert both.second_reads == int(named.sum())


def test_the_live_namer_asks_the_second_about_every_7p_8m_9p_and_9s() -> None:
    from riichi_table.vision.live_namer import SECOND_FOR, OnnxNamer
    from riichi_table.vision.pai_names import pai_of

    assert [pai_of(c) for c in SECOND_FOR] == ["7p", "8m", "9p", "9s"]
    model = OnnxNamer().model
    assert isinstance(model, Classifier) and model.second is not None
    assert model.second_for.tolist() == list(SECOND_FOR)


# 64 px crops the live namer cut at face height, photographed faces, that the first classifier alone names
# surely as another kind: from seat 2's pond on white cloth at 40 degrees, the red dragon of seed 9055
# (recorded an 8m) and the 5p of seed 9327 (recorded a 9p); from seat 1's pond on black felt at 30 degrees,
# the 6s of seed 10143 (recorded a 9s).
@pytest.mark.parametrize(
    ("name", "first", "pair"),
    [
        ("photo_red_dragon_named_8m.png", "8m", "C"),
        ("photo_5p_named_9p.png", "9p", "5p"),
        ("photo_6s_named_9s.png", "9s", "6s"),
    ],
)
def test_a_photographed_face_the_first_names_surely_as_another_kind_is_named_right_by_the_live_namer(
    name: str, first: str, pair: str
) -> None:
    import cv2
    from riichi_table.vision.live_namer import OnnxNamer
    from riichi_table.vision.pai_names import pai_of

    crop = cv2.imread(str(Path(__file__).resolve().parents[1] / "live" / "data" / name))[None]
    alone = Classifier(MODELS / FIRST_CLASSIFIER_FILE, threads=1).probabilities(crop)[0]
    assert pai_of(int(alone.argmax())) == first and alone.max() > 0.95
    named = OnnxNamer().model.probabilities(crop)[0]
    assert pai_of(int(named.argmax())) == pair, named.max()


def test_a_second_opinion_with_a_weight_outside_0_to_1_is_refused() -> None:
    from riichi_table.vision.errors import VisionError

    second = Classifier(MODELS / CLASSIFIER_FILE, threads=1)
    with pytest.raises(VisionError, match=r"weight must be in 0\.\.1, got 1\.5"):
        Classifier(MODELS / FIRST_CLASSIFIER_FILE, threads=1, second=second, second_weight=1.5)


def test_the_reader_names_with_both_where_both_files_lie_and_with_the_metric_one_alone_elsewhere(
    tmp_path: Path,
) -> None:
    reader = TileReader(profiles=tmp_path / "no-profiles")
    classifier = reader.classifier
    assert isinstance(classifier, Classifier) and classifier.second is not None
    assert classifier.second_below == SECOND_OPINION_BELOW
    for name in ("localizer.onnx", CLASSIFIER_FILE):
        (tmp_path / name).symlink_to(MODELS / name)
    alone = TileReader(tmp_path, calibrate=False, profiles=tmp_path / "no-profiles").classifier
    assert isinstance(alone, Classifier) and alone.second is None

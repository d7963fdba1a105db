"""datasets.scenes: deterministic synthetic table scenes and their YOLO labels."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from riichi_table.datasets.errors import DatasetError
from riichi_table.datasets.scenes import (
    CLASS_NAMES,
    MIN_VISIBLE,
    Scene,
    TileLabel,
    render_scene,
    write_dataset,
)
from riichi_table.engine.tiles import BACK_CLASS

SIZE = 320


@pytest.fixture(scope="module")
def scenes(tile_art_dir: Path) -> list[Scene]:
    return [render_scene(tile_art_dir, 11, i, SIZE) for i in range(16)]


def test_same_seed_and_index_render_the_same_scene(tile_art_dir: Path, scenes: list[Scene]) -> None:
    again = render_scene(tile_art_dir, 11, 3, SIZE)
    assert np.array_equal(again.image, scenes[3].image)
    assert again.yolo_lines() == scenes[3].yolo_lines()


def test_another_index_or_seed_renders_another_scene(tile_art_dir: Path, scenes: list[Scene]) -> None:
    assert not np.array_equal(scenes[0].image, scenes[1].image)
    assert not np.array_equal(render_scene(tile_art_dir, 12, 0, SIZE).image, scenes[0].image)


def test_labels_lie_within_the_image_with_known_classes(scenes: list[Scene]) -> None:
    for scene in scenes:
        assert scene.image.shape == (SIZE, SIZE, 3)
        for lab in scene.labels:
            x0, y0, x1, y1 = lab.box
            assert 0 <= x0 < x1 <= SIZE and 0 <= y0 < y1 <= SIZE
            assert 0 <= lab.class_id < len(CLASS_NAMES)
            assert lab.visible >= MIN_VISIBLE
        for line in scene.yolo_lines():
            cid, *xywh = line.split()
            assert 0 <= int(cid) <= 37 and all(0.0 <= float(v) <= 1.0 for v in xywh)


def test_label_boxes_enclose_their_tile_quadrilaterals(scenes: list[Scene]) -> None:
    for scene in scenes:
        for lab in scene.labels:
            q = np.clip(lab.quad, 0, SIZE)
            expected = (q[:, 0].min(), q[:, 1].min(), q[:, 0].max(), q[:, 1].max())
            assert np.allclose(lab.box, expected, atol=1e-3)


def _label(quad: list[tuple[float, float]]) -> TileLabel:
    q = np.array(quad, np.float32)
    return TileLabel(5, q, (*q.min(0), *q.max(0)), 1.0, "pond", False, 0)


def _turned(degrees: float, w: float = 30.0, h: float = 40.0) -> list[tuple[float, float]]:
    r = np.radians(degrees)
    rot = np.array([[np.cos(r), -np.sin(r)], [np.sin(r), np.cos(r)]])
    corners = np.array([[-w, -h], [w, -h], [w, h], [-w, h]]) / 2
    return [tuple(p) for p in corners @ rot.T + 100]


@pytest.mark.parametrize(
    ("degrees", "turn"),
    [(0, 0), (10, 10), (-30, 30), (45, 45), (60, 30), (90, 0), (180, 0), (200, 20)],
    ids=["upright", "10", "minus-30", "diagonal", "60-is-30-off-sideways", "sideways", "upside-down", "200"],
)
def test_a_label_knows_how_far_its_tile_is_turned_off_the_image_axes(degrees: float, turn: float) -> None:
    assert _label(_turned(degrees)).turn == pytest.approx(turn, abs=1e-3)


def test_a_leaning_pair_of_edges_counts_half_in_a_labels_turn() -> None:
    # perspective: the top and bottom edges square to the image, the sides leaning 10 degrees
    lean = 40 * np.tan(np.radians(10))
    assert _label([(0, 0), (30, 0), (30 + lean, 40), (lean, 40)]).turn == pytest.approx(5, abs=0.2)


def test_rendered_labels_are_turned_0_to_45_degrees(scenes: list[Scene]) -> None:
    turns = [lab.turn for scene in scenes for lab in scene.labels]
    assert all(0 <= t <= 45 for t in turns)
    assert min(turns) < 5 and max(turns) > 20  # upright rows and tiles turned by the camera both occur


def test_labelled_tiles_differ_from_the_table_around_them(scenes: list[Scene]) -> None:
    # A box over a drawn tile has edges and texture; the mean contrast inside boxes beats a random window.
    inside, outside = [], []
    rng = np.random.default_rng(0)
    for scene in scenes:
        grey = scene.image.mean(axis=2)
        for lab in scene.labels:
            x0, y0, x1, y1 = (int(v) for v in lab.box)
            if x1 - x0 >= 8 and y1 - y0 >= 8:
                inside.append(grey[y0:y1, x0:x1].std())
        for _ in range(20):
            x, y = rng.integers(0, SIZE - 20, 2)
            outside.append(grey[y : y + 20, x : x + 20].std())
    assert np.median(inside) > np.median(outside)


def test_red_fives_and_face_down_backs_are_labelled(scenes: list[Scene]) -> None:
    classes = {lab.class_id for scene in scenes for lab in scene.labels}
    assert BACK_CLASS in classes
    assert classes & {34, 35, 36}


def test_meld_has_a_sideways_called_tile(scenes: list[Scene]) -> None:
    melds = [lab for scene in scenes for lab in scene.labels if lab.role == "meld"]
    assert any(lab.sideways for lab in melds)
    assert any(not lab.sideways for lab in melds)


def test_both_art_styles_and_several_layouts_appear(scenes: list[Scene]) -> None:
    assert {s.style for s in scenes} == {"Regular", "Black"}
    assert len({s.mode for s in scenes}) >= 3


def test_one_style_only_when_asked(tile_art_dir: Path) -> None:
    assert render_scene(tile_art_dir, 5, 0, 128, styles=("Black",)).style == "Black"


def test_dataset_has_images_labels_and_a_data_yaml(tile_art_dir: Path, tmp_path: Path) -> None:
    written = list(write_dataset(tmp_path, 10, 3, tile_art_dir, size=128))
    assert [i for i, _ in written] == list(range(10))
    train = sorted((tmp_path / "images" / "train").glob("*.jpg"))
    val = sorted((tmp_path / "images" / "val").glob("*.jpg"))
    assert len(train) == 9 and [p.name for p in val] == ["synth_3_000009.jpg"]
    for image in train + val:
        label = tmp_path / "labels" / image.parent.name / f"{image.stem}.txt"
        assert label.is_file()
    yaml = (tmp_path / "data.yaml").read_text()
    assert "nc: 38" in yaml and "  34: 0m" in yaml and "  37: back" in yaml
    assert f"path: {tmp_path.resolve()}" in yaml


def test_dataset_with_a_bad_art_folder_raises_before_writing(tmp_path: Path) -> None:
    with pytest.raises(DatasetError, match="tile art"):
        list(write_dataset(tmp_path / "out", 2, 0, tmp_path / "no-art"))
    assert not (tmp_path / "out").exists()


def test_dataset_rejects_an_unknown_style(tile_art_dir: Path, tmp_path: Path) -> None:
    with pytest.raises(DatasetError, match="style"):
        list(write_dataset(tmp_path, 1, 0, tile_art_dir, styles=("Neon",)))


def test_committed_sample_is_a_small_valid_yolo_dataset(repo_root: Path) -> None:
    root = repo_root / "datasets" / "samples" / "synth"
    images = sorted((root / "images" / "train").glob("*.jpg"))
    assert 1 <= len(images) <= 6
    assert sum(p.stat().st_size for p in root.rglob("*") if p.is_file()) < 1_000_000
    classes: set[int] = set()
    for image in images:
        lines = (root / "labels" / "train" / f"{image.stem}.txt").read_text().split()
        rows = np.array(lines, float).reshape(-1, 5)
        assert ((rows[:, 1:] >= 0) & (rows[:, 1:] <= 1)).all()
        classes |= set(rows[:, 0].astype(int).tolist())
    assert BACK_CLASS in classes and classes & {34, 35, 36}
    assert "nc: 38" in (root / "data.yaml").read_text()


def test_hand_closeups_show_tiles_far_bigger_than_the_default_mix(
    tile_art_dir: Path, scenes: list[Scene]
) -> None:
    from riichi_table.datasets.scenes import CLOSEUP

    close = [render_scene(tile_art_dir, 11, i, SIZE, mode=CLOSEUP) for i in range(6)]
    assert all(s.mode == CLOSEUP and s.labels for s in close)

    def share(s: Scene) -> float:
        return float(np.median([lab.box[2] - lab.box[0] for lab in s.labels])) / SIZE

    default = np.median([share(s) for s in scenes if s.labels])
    assert np.median([share(s) for s in close]) > 1.5 * default
    assert max(share(s) for s in close) > 0.25
    assert any(lab.role == "hand" for s in close for lab in s.labels)


def test_an_unknown_scene_mode_is_refused(tile_art_dir: Path) -> None:
    with pytest.raises(DatasetError, match="unknown scene mode"):
        render_scene(tile_art_dir, 11, 0, SIZE, mode="portrait")

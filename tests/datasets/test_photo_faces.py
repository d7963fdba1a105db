"""datasets.photo_faces: a tile art whose faces are cut from labelled real photos (validation split only)."""

from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np
import pytest
from riichi_table.datasets.errors import DatasetError
from riichi_table.datasets.hk_real import _bucket, load_split, source_of
from riichi_table.datasets.photo_faces import FACE_SIZE, best_crops, load_photo_art
from riichi_table.datasets.tile_art import TileArt, _pyramid, render_tile
from riichi_table.engine.tiles import KIND_COUNT, parse_tile, tile_from_class

from riichi_table.cli import main


@pytest.fixture(scope="module")
def base() -> TileArt:
    """A stand-in for the drawn art: a red back and, per kind, a face with one dark bar near its top (so the
    photos' faces, drawn with the bar near the top too, read as upright)."""
    back = np.zeros((800, 600, 4), np.uint8)
    back[...] = (40, 40, 190, 255)
    face = np.full((800, 600, 4), 235, np.uint8)
    face[120:220, 150:450, :3] = 30
    names = [tile_from_class(k).name for k in range(KIND_COUNT)] + ["0m", "0p", "0s"]
    faces = {name: _pyramid(face) for name in names}
    return TileArt("Regular", Path("base"), faces, _pyramid(back), (235, 235, 235), (40, 40, 190))


def _photo_name(split: str, n: int) -> str:
    """A Roboflow-style file name whose source photo falls in `split` ("val" or "train")."""
    for i in range(n * 1000, n * 1000 + 1000):
        name = f"p{i}_jpg.rf.{i:08x}.jpg"
        if (_bucket(source_of(name)) < 0.15) == (split == "val"):
            return name
    raise AssertionError("no name found")


def _write_photo(root: Path, name: str, kinds: list[int]) -> None:
    """A 640x640 photo of ivory tiles (60x80 px, a dark bar near each top) on a green mat, YOLO labels."""
    image = np.zeros((640, 640, 3), np.uint8)
    image[:] = (40, 120, 40)
    rng = np.random.default_rng(len(kinds))
    rows = []
    for i, kind in enumerate(kinds):
        x, y = 20 + (i % 8) * 75, 20 + (i // 8) * 100
        image[y : y + 80, x : x + 60] = (215, 228, 235)
        image[y + 12 : y + 26, x + 15 : x + 45] = (30, 30, 30)
        image[y + 40 : y + 70, x + 10 : x + 50] = rng.integers(20, 200, (30, 40, 3))
        rows.append(f"{kind} {(x + 30) / 640:.6f} {(y + 40) / 640:.6f} {60 / 640:.6f} {80 / 640:.6f}")
    (root / "images").mkdir(parents=True, exist_ok=True)
    (root / "labels").mkdir(exist_ok=True)
    cv2.imwrite(str(root / "images" / name), image)
    (root / "labels" / f"{Path(name).stem}.txt").write_text("\n".join(rows) + "\n")


def test_a_missing_photo_folder_is_a_clear_error(base: TileArt, tmp_path: Path) -> None:
    with pytest.raises(DatasetError, match=r"photo faces folder .*missing does not exist"):
        load_photo_art(tmp_path / "missing", base)


def test_a_folder_without_images_is_a_clear_error(base: TileArt, tmp_path: Path) -> None:
    with pytest.raises(DatasetError, match="no images/ folder"):
        load_photo_art(tmp_path, base)


def test_a_kind_without_a_crop_in_the_validation_photos_is_named(base: TileArt, tmp_path: Path) -> None:
    # The validation photo lacks 7z (class 33); a training photo has it, but training photos are never cut.
    _write_photo(tmp_path, _photo_name("val", 1), list(range(33)))
    _write_photo(tmp_path, _photo_name("train", 2), list(range(34)))
    with pytest.raises(DatasetError, match=r"validation photos for 7z$"):
        load_photo_art(tmp_path, base)


def test_every_kind_gets_a_face_of_the_art_size_with_rounded_corners(base: TileArt, tmp_path: Path) -> None:
    _write_photo(tmp_path, _photo_name("val", 3), list(range(34)))
    art = load_photo_art(tmp_path, base)
    assert len(art.faces) == 37
    face = art.faces["3p"][800]
    assert face.shape == (FACE_SIZE[1], FACE_SIZE[0], 4)
    assert face[0, 0, 3] == 0 and face[400, 300, 3] == 255  # a rounded corner, an opaque middle
    assert art.back is base.back and art.back_colour == base.back_colour  # only the faces change
    sprite = render_tile(art, parse_tile("3p"), height=64)
    assert sprite.class_id == parse_tile("3p").detector_class


def test_red_fives_are_the_plain_fives_with_their_ink_red(base: TileArt, tmp_path: Path) -> None:
    _write_photo(tmp_path, _photo_name("val", 4), list(range(34)))
    art = load_photo_art(tmp_path, base)
    plain, red = art.faces["5p"][200].astype(int), art.faces["0p"][200].astype(int)
    ink = plain[..., :3].sum(axis=2) < 200  # the dark bar
    assert (red[ink][:, 2] - red[ink][:, 0]).mean() > 80  # printed red where the plain five is dark
    ivory = plain[..., :3].min(axis=2) > 200
    assert np.abs(plain[ivory] - red[ivory]).mean() < 3  # the ivory stays


def test_photo_faces_of_the_real_set_come_from_its_validation_split(shared_dir: Path) -> None:
    folder = shared_dir / "datasets" / "hk-real-train"
    if not (folder / "images").is_dir():
        pytest.skip("the labelled real photos (datasets/hk-real-train) are not in ../shared")
    from riichi_table.datasets.tile_art import load_art

    art_folder = shared_dir / "tile-art" / "fluffystuff-riichi"
    if not art_folder.is_dir():
        pytest.skip("tile art is not in ../shared")
    crops = best_crops(folder, load_art(art_folder))
    val = {p.image for p in load_split(folder).val}
    assert len(crops) == KIND_COUNT and {c.photo for c in crops.values()} <= val
    for crop in crops.values():
        x0, y0, x1, y1 = crop.box
        assert y1 - y0 > x1 - x0  # upright


def test_synth_game_with_photo_faces_and_no_photos_folder_is_a_clean_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["synth", "--game", "--out", str(tmp_path), "--faces", "photo"]) == 2
    assert "--photos" in capsys.readouterr().err


def test_the_look_name_says_photo_faces_and_the_default_look_is_unchanged() -> None:
    from riichi_table.datasets.game_render import Look

    assert Look().name == "green/red/old-camera/light1"
    assert Look(tilt=40.0, hard=True, faces="photo").name == "green/red/40deg/light1/hard/photo"

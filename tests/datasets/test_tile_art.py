"""datasets.tile_art: tile images with a body, built from the public-domain art, and pasting them."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from riichi_table.datasets.errors import DatasetError
from riichi_table.datasets.tile_art import TileBody, load_art, paste_tile, render_tile
from riichi_table.engine.tiles import BACK_CLASS, parse_tile


@pytest.fixture(scope="module")
def art(tile_art_dir: Path):
    return load_art(tile_art_dir, "Regular")


@pytest.mark.parametrize(
    ("name", "class_id"), [("5m", 4), ("0m", 34), ("0p", 35), ("0s", 36), ("5z", 31), ("7z", 33)]
)
def test_rendered_tile_carries_its_detector_class_red_fives_apart(art, name: str, class_id: int) -> None:
    assert render_tile(art, parse_tile(name), height=40).class_id == class_id


def test_face_down_tile_and_tile_seen_from_behind_are_the_back_class(art) -> None:
    assert render_tile(art, None, height=40).class_id == BACK_CLASS
    assert render_tile(art, parse_tile("3p"), height=40, standing=True, face_up=False).class_id == BACK_CLASS


def test_red_five_differs_from_the_plain_five(art) -> None:
    plain = render_tile(art, parse_tile("5p"), height=60).image.astype(int)
    red = render_tile(art, parse_tile("0p"), height=60).image.astype(int)
    assert np.abs(plain - red).mean() > 3


def test_lying_tile_has_its_body_band_below_the_face_and_standing_above(art) -> None:
    body = TileBody(view=0.3, thickness=0.6)
    lying = render_tile(art, parse_tile("1m"), height=80, body=body)
    standing = render_tile(art, parse_tile("1m"), height=80, standing=True, body=body)
    band = round(80 * 0.6 * 0.3)
    assert lying.image.shape[:2] == (80 + band, 60)
    assert lying.face_quad[0, 1] == 0  # face at the top, band under it
    assert standing.face_quad[0, 1] == band  # band on top of the face


def test_sideways_tile_is_wider_than_tall(art) -> None:
    sprite = render_tile(art, parse_tile("2s"), height=80, sideways=True, body=TileBody(view=0.1))
    h, w = sprite.image.shape[:2]
    assert w == 80 and h < w


def test_face_down_regular_tile_shows_a_red_back(art) -> None:
    sprite = render_tile(art, None, height=80, body=TileBody(view=0.0))
    b, g, r = sprite.image[20:60, 15:45, :3].reshape(-1, 3).mean(axis=0)
    assert r > 150 and r > 2 * g and r > 2 * b


def test_body_band_shows_the_coloured_back_layer(art) -> None:
    body = TileBody(view=0.5, back_share=0.5, back_colour=(200, 60, 20))  # a blue back, BGR
    sprite = render_tile(art, parse_tile("9s"), height=80, body=body)
    bottom_row = sprite.image[-3, 20:40, :3].astype(int).mean(axis=0)
    assert bottom_row[0] > bottom_row[2] + 60


def test_pasted_tile_box_and_quad_match_its_pixels(art) -> None:
    canvas = np.zeros((200, 300, 3), np.uint8)
    id_map = np.zeros((200, 300), np.int32)
    sprite = render_tile(art, parse_tile("4z"), height=70)
    placed = paste_tile(canvas, sprite, (150.0, 100.0), angle=30.0, id_map=id_map, instance=7)
    ys, xs = np.nonzero(canvas.max(axis=2) > 40)
    x0, y0, x1, y1 = placed.box
    assert abs(xs.min() - x0) < 3 and abs(xs.max() + 1 - x1) < 3
    assert abs(ys.min() - y0) < 3 and abs(ys.max() + 1 - y1) < 3
    assert np.allclose(placed.quad.mean(axis=0), (150, 100), atol=0.01)
    assert (id_map == 7).sum() > 0.9 * sprite.image.shape[0] * sprite.image.shape[1]


def test_tile_pasted_partly_outside_the_canvas_is_clipped_without_error(art) -> None:
    canvas = np.zeros((50, 50, 3), np.uint8)
    placed = paste_tile(canvas, render_tile(art, parse_tile("1p"), height=40), (0.0, 0.0), angle=10.0)
    assert placed.box[0] < 0 < placed.box[2]
    assert canvas.any()


def test_missing_art_folder_raises_dataset_error(tmp_path: Path) -> None:
    with pytest.raises(DatasetError, match="does not exist"):
        load_art(tmp_path / "nowhere", "Regular")


def test_folder_without_the_art_raises_dataset_error(tmp_path: Path) -> None:
    with pytest.raises(DatasetError, match="png/Regular"):
        load_art(tmp_path, "Regular")


def test_art_folder_with_a_missing_file_names_it(tmp_path: Path) -> None:
    (tmp_path / "png" / "Black").mkdir(parents=True)
    with pytest.raises(DatasetError, match=r"Front\.png"):
        load_art(tmp_path, "Black")


def test_unknown_style_raises_dataset_error(tile_art_dir: Path) -> None:
    with pytest.raises(DatasetError, match="style"):
        load_art(tile_art_dir, "Green")

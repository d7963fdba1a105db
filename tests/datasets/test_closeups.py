"""datasets.closeups: zoomed crops of the real training photos keep their boxes right after the cut."""

from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np
import pytest
from riichi_table.datasets.closeups import GREY, KEEP_VISIBLE, closeups_of, cut, sources_in, write_closeups
from riichi_table.datasets.errors import DatasetError
from riichi_table.datasets.hk_real import load_split

# Distinct pure colours, one per drawn tile, so a box can be found again from the pixels.
COLOURS = [(0, 0, 255), (0, 255, 0), (255, 0, 0), (0, 255, 255), (255, 0, 255), (255, 255, 0)]


def _board(boxes: list[tuple[int, int, int, int]], w: int = 400, h: int = 300) -> np.ndarray:
    image = np.full((h, w, 3), 40, np.uint8)
    for (x1, y1, x2, y2), colour in zip(boxes, COLOURS, strict=False):
        image[y1:y2, x1:x2] = colour
    return image


def _found(image: np.ndarray, colour: tuple[int, int, int]) -> np.ndarray:
    """The xyxy box of the pixels near `colour` (resizing blurs the edges by a pixel)."""
    mask = np.all(np.abs(image.astype(int) - colour) < 60, axis=2)
    ys, xs = np.nonzero(mask)
    return np.array([xs.min(), ys.min(), xs.max() + 1, ys.max() + 1], np.float32)


def test_a_cut_keeps_whole_tiles_where_their_pixels_are_at_the_new_scale() -> None:
    tiles = [(100, 100, 140, 160), (150, 100, 190, 160), (200, 100, 240, 160)]
    image = _board(tiles)
    boxes = np.array(tiles, np.float32)
    close = cut(image, boxes, np.array([3, 4, 5]), (90, 80, 250, 200), 640, "t")
    assert close.image.shape[:2] == (480, 640)  # 160x120 window, long side to 640: x4
    assert list(close.class_id) == [3, 4, 5]
    for box, colour in zip(close.boxes, COLOURS, strict=False):
        assert np.allclose(box, _found(close.image, colour), atol=4)
    assert np.allclose(close.boxes[0], [(100 - 90) * 4, (100 - 80) * 4, (140 - 90) * 4, (160 - 80) * 4])


def test_tiles_cut_by_the_border_are_kept_clipped_or_painted_out_by_how_much_is_inside() -> None:
    # window x from 120: tile 0 is 50 % inside (cut), tile 1 whole, tile 2 75 % inside (kept, clipped)
    tiles = [(100, 100, 140, 160), (150, 100, 190, 160), (200, 100, 240, 160)]
    image = _board(tiles)
    close = cut(image, np.array(tiles, np.float32), np.array([0, 1, 2]), (120, 80, 230, 200), 220, "t")
    assert list(close.class_id) == [1, 2]
    scale = 220 / 120
    assert np.allclose(close.boxes[1], np.array([200 - 120, 20, 230 - 120, 80]) * scale, atol=0.5)
    assert len(close.ignore) == 1
    x1, y1, x2, y2 = close.ignore[0].astype(int)
    painted = close.image[y1 + 2 : y2 - 2, x1 : x2 - 2]
    assert np.all(np.abs(painted.astype(int) - GREY) <= 2), "a sliver of a tile is painted grey"
    # the kept tiles' colour survives the painting
    assert np.allclose(close.boxes[0], _found(close.image, COLOURS[1]), atol=4)


def test_the_keep_threshold_is_the_sweeps() -> None:
    assert KEEP_VISIBLE == 0.6


def test_a_window_outside_the_image_is_refused() -> None:
    with pytest.raises(DatasetError, match="not inside"):
        cut(_board([]), np.zeros((0, 4), np.float32), np.zeros(0, np.int64), (0, 0, 500, 100), 64, "t")


def _fake_hk(root: Path, sources: int = 24) -> Path:
    """A tiny hk-real-train-shaped folder: each source photo has two augmented copies."""
    (root / "images").mkdir(parents=True)
    (root / "labels").mkdir()
    for s in range(sources):
        for copy in range(2):
            stem = f"photo{s:03d}_jpg.rf.{copy}abc"
            tiles = [(60 + 50 * i, 120, 100 + 50 * i, 180) for i in range(5)]
            cv2.imwrite(str(root / "images" / f"{stem}.jpg"), _board(tiles))
            rows = [
                f"{i} {(a + c) / 800:.6f} {(b + d) / 600:.6f} {(c - a) / 400:.6f} {(d - b) / 300:.6f}"
                for i, (a, b, c, d) in enumerate(tiles)
            ]
            (root / "labels" / f"{stem}.txt").write_text("\n".join(rows) + "\n")
    return root


def test_close_ups_are_cut_from_training_photos_only(tmp_path: Path) -> None:
    split = load_split(_fake_hk(tmp_path / "hk"), val_fraction=0.3)
    assert split.val, "the fake set must put some photos on the validation side"
    made, tiles = write_closeups(split, tmp_path / "close", per_photo=2, seed=1)
    assert made > 0 and tiles >= made
    used = sources_in(tmp_path / "close")
    assert used <= {p.source for p in split.train}
    assert not used & {p.source for p in split.val}


def test_close_ups_reach_a_tile_filling_half_the_frame(tmp_path: Path) -> None:
    split = load_split(_fake_hk(tmp_path / "hk"), val_fraction=0.3)
    rng = np.random.default_rng(0)
    shares = []
    for close in closeups_of(split.train[0], 30, rng, min_share=0.12, max_share=0.5):
        widths = close.boxes[:, 2] - close.boxes[:, 0]
        shares.append(widths.max() / close.image.shape[1])
        assert np.all(close.boxes[:, :2] >= 0) and np.all(close.boxes[:, 2] <= close.image.shape[1])
        assert np.all(close.boxes[:, 3] <= close.image.shape[0])
    assert min(shares) < 0.2 and max(shares) > 0.4


def test_written_labels_are_yolo_rows_of_one_class(tmp_path: Path) -> None:
    split = load_split(_fake_hk(tmp_path / "hk"), val_fraction=0.3)
    write_closeups(split, tmp_path / "close", per_photo=1, seed=2)
    for label in (tmp_path / "close" / "labels" / "train").glob("*.txt"):
        for row in label.read_text().splitlines():
            cls, *xywh = row.split()
            assert cls == "0"
            assert all(0.0 <= float(v) <= 1.0 for v in xywh)


def test_bad_tile_shares_are_refused(tmp_path: Path) -> None:
    split = load_split(_fake_hk(tmp_path / "hk", sources=4), val_fraction=0.3)
    with pytest.raises(DatasetError, match="tile shares"):
        list(closeups_of(split.train[0], 1, np.random.default_rng(0), min_share=0.6, max_share=0.3))

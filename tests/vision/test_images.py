"""Bad images get a clear error naming the file and the problem; a batch of images goes on past them."""

from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np
import pytest
from riichi_table.vision.images import BadImageError, check_frame, read_image


def test_missing_file(tmp_path: Path) -> None:
    with pytest.raises(BadImageError, match="no such file"):
        read_image(tmp_path / "nope.jpg")


def test_empty_file(tmp_path: Path) -> None:
    (tmp_path / "e.jpg").write_bytes(b"")
    with pytest.raises(BadImageError, match="empty"):
        read_image(tmp_path / "e.jpg")


def test_text_file_is_not_an_image(tmp_path: Path) -> None:
    (tmp_path / "t.jpg").write_text("hello, not a photo\n")
    with pytest.raises(BadImageError, match="not a readable image"):
        read_image(tmp_path / "t.jpg")


def test_truncated_jpeg_is_not_an_image(tmp_path: Path) -> None:
    _, buf = cv2.imencode(".jpg", np.full((64, 64, 3), 128, np.uint8))
    (tmp_path / "cut.jpg").write_bytes(buf.tobytes()[:40])
    with pytest.raises(BadImageError):
        read_image(tmp_path / "cut.jpg")


def test_huge_image_is_refused_from_its_header_before_decoding(tmp_path: Path) -> None:
    _, buf = cv2.imencode(".png", np.zeros((20, 20, 3), np.uint8))
    data = bytearray(buf.tobytes())
    data[16:20] = (40000).to_bytes(4, "big")  # claim 40000 x 40000 pixels in the PNG header
    data[20:24] = (40000).to_bytes(4, "big")
    (tmp_path / "huge.png").write_bytes(bytes(data))
    with pytest.raises(BadImageError, match="40000x40000"):
        read_image(tmp_path / "huge.png")


def test_tiny_frame_is_refused() -> None:
    with pytest.raises(BadImageError, match="too small"):
        check_frame(np.zeros((4, 4, 3), np.uint8))


def test_grey_and_bgra_frames_become_bgr() -> None:
    assert check_frame(np.zeros((32, 32), np.uint8)).shape == (32, 32, 3)
    assert check_frame(np.zeros((32, 32, 4), np.uint8)).shape == (32, 32, 3)


def test_float_frame_is_refused() -> None:
    with pytest.raises(BadImageError, match="uint8"):
        check_frame(np.zeros((32, 32, 3), np.float32))


def test_a_good_image_reads_as_bgr(tmp_path: Path) -> None:
    cv2.imwrite(str(tmp_path / "g.png"), np.full((30, 40, 3), 7, np.uint8))
    assert read_image(tmp_path / "g.png").shape == (30, 40, 3)

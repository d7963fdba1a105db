"""Frame sources: folders, files, and a live camera that goes away and comes back."""

from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np
import pytest
from riichi_table.vision.source import FolderSource, LiveSource, SourceError, open_source


def _write_frames(folder: Path, n: int) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    for i in range(n):
        image = np.full((48, 64, 3), i * 20, np.uint8)
        cv2.imwrite(str(folder / f"f{i:03d}.png"), image)


def test_a_folder_of_frames_is_read_in_name_order_then_ends(tmp_path: Path) -> None:
    _write_frames(tmp_path / "frames", 3)
    source = open_source(str(tmp_path / "frames"))
    assert isinstance(source, FolderSource)
    levels = []
    while (frame := source.read()) is not None:
        levels.append(int(frame.image[0, 0, 0]))
    assert levels == [0, 20, 40]
    assert source.finished and source.health().state == "ended"


def test_a_video_file_yields_frames_with_timestamps_from_its_frame_rate(tmp_path: Path) -> None:
    path = tmp_path / "clip.mp4"
    writer = cv2.VideoWriter(str(path), cv2.VideoWriter.fourcc(*"mp4v"), 10.0, (64, 48))
    for i in range(5):
        writer.write(np.full((48, 64, 3), i * 40, np.uint8))
    writer.release()
    source = open_source(str(path))
    frames = []
    while (frame := source.read()) is not None:
        frames.append(frame)
    assert len(frames) == 5
    assert frames[3].timestamp == pytest.approx(0.3)


@pytest.mark.parametrize("spec", ["", "no/such/file.mp4", "notacamera"])
def test_a_source_that_cannot_be_opened_is_a_clear_error(spec: str) -> None:
    with pytest.raises(SourceError, match=r"source|empty"):
        open_source(spec)


class _Camera:
    """An emulated USB camera: a few frames, then unplugged (read fails), then plugged back in."""

    def __init__(self, script: list[bool]) -> None:
        self.script = script

    def isOpened(self) -> bool:
        return True

    def read(self) -> tuple[bool, np.ndarray | None]:
        ok = self.script.pop(0) if self.script else True
        return (ok, np.zeros((8, 8, 3), np.uint8) if ok else None)

    def release(self) -> None:
        pass

    def get(self, prop: int) -> float:
        return 30.0


def test_a_camera_that_disappears_is_reported_and_reconnected_without_a_new_source() -> None:
    cameras = [_Camera([True, True, False]), _Camera([True])]
    opened = []

    def opener() -> _Camera:
        cam = cameras[min(len(opened), len(cameras) - 1)]
        opened.append(cam)
        return cam

    source = LiveSource("camera 0", opener, retry_s=0.0)
    assert source.read() is not None and source.read() is not None
    assert source.read() is None
    assert source.health().state == "lost"
    frame = source.read()
    assert frame is not None and frame.index == 2  # numbering goes on: downstream state is untouched
    assert source.health().state == "ok" and source.health().reconnects == 1

"""Frame sources: a USB camera, a video file, an RTSP/HTTP stream or a folder of frames.

`open_source(spec)` picks the kind from the spec: a small integer is a camera index, a URL
(`rtsp://`, `http://`, `https://`) a stream, a folder a sequence of images sorted by name, anything else a
video file. Every source yields `Frame`s (BGR image, running index, timestamp in seconds) from `read()`.

Live sources (camera, stream) survive a camera that disappears: `read()` returns None while it is gone,
`health()` says so, and the source reopens itself with a growing back-off. Nothing upstream is reset, so the
game state that the frames fed is kept. Files and folders end: `finished` turns true.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal, Protocol

import cv2
import numpy as np
from numpy.typing import NDArray
from riichi_table.vision.errors import VisionError

IMAGE_SUFFIXES = (".png", ".jpg", ".jpeg", ".bmp", ".webp", ".tif", ".tiff")
URL_PREFIXES = ("rtsp://", "rtsps://", "http://", "https://")


class SourceError(VisionError):
    """A source that cannot be opened at all (missing file, empty folder, bad spec)."""


@dataclass(frozen=True)
class Frame:
    """One camera frame: BGR uint8 image, index from 0 in reading order, seconds since the start."""

    image: NDArray[np.uint8]
    index: int
    timestamp: float


@dataclass(frozen=True)
class SourceHealth:
    """What a source reports: `ok`, `lost` (a live camera went away; it is being reopened) or `ended`."""

    state: Literal["ok", "lost", "ended"]
    message: str
    reconnects: int = 0

    def to_json(self) -> dict[str, Any]:
        return {"state": self.state, "message": self.message, "reconnects": self.reconnects}


class FrameSource(Protocol):
    """Anything that yields frames."""

    finished: bool
    fps: float

    def read(self) -> Frame | None: ...

    def health(self) -> SourceHealth: ...

    def close(self) -> None: ...


class _Capture(Protocol):
    def isOpened(self) -> bool: ...

    def read(self) -> tuple[bool, Any]: ...

    def release(self) -> None: ...

    def get(self, prop: int) -> float: ...


CaptureOpener = Callable[[], _Capture]


class VideoFileSource:
    """Frames of a video file, with timestamps from the file's frame rate."""

    def __init__(self, path: Path) -> None:
        if not path.is_file():
            raise SourceError(f"video file {str(path)!r} does not exist")
        self._cap = cv2.VideoCapture(str(path))
        if not self._cap.isOpened():
            raise SourceError(f"cannot open {str(path)!r} as a video (expected a file OpenCV can decode)")
        fps = float(self._cap.get(cv2.CAP_PROP_FPS) or 0.0)
        self.fps = fps if 0.5 < fps < 500 else 25.0
        self.path = path
        self.finished = False
        self._index = 0

    def read(self) -> Frame | None:
        if self.finished:
            return None
        ok, image = self._cap.read()
        if not ok or image is None:
            self.finished = True
            return None
        frame = Frame(image, self._index, self._index / self.fps)
        self._index += 1
        return frame

    def rewind(self) -> None:
        """Start again from the first frame (the demo loops); indices and timestamps keep growing."""
        self._cap.set(cv2.CAP_PROP_POS_FRAMES, 0)
        self.finished = False

    def health(self) -> SourceHealth:
        if self.finished:
            return SourceHealth("ended", f"end of {self.path.name}")
        return SourceHealth("ok", f"video {self.path.name} at {self.fps:.0f} fps")

    def close(self) -> None:
        self._cap.release()


class FolderSource:
    """Image files of a folder in name order, as frames at a nominal frame rate."""

    def __init__(self, folder: Path, fps: float = 10.0) -> None:
        self.files = sorted(p for p in folder.iterdir() if p.suffix.lower() in IMAGE_SUFFIXES)
        if not self.files:
            raise SourceError(f"folder {str(folder)!r} holds no images ({', '.join(IMAGE_SUFFIXES)})")
        self.fps = fps
        self.finished = False
        self._index = 0

    def read(self) -> Frame | None:
        while self._index < len(self.files):
            path = self.files[self._index]
            self._index += 1
            image = cv2.imread(str(path), cv2.IMREAD_COLOR)
            if image is not None:
                return Frame(image, self._index - 1, (self._index - 1) / self.fps)
        self.finished = True
        return None

    def health(self) -> SourceHealth:
        if self.finished:
            return SourceHealth("ended", f"all {len(self.files)} images read")
        return SourceHealth("ok", f"folder of {len(self.files)} images")

    def close(self) -> None:
        self._index = len(self.files)


class LiveSource:
    """A camera index or a stream URL that is reopened when it goes away.

    `opener` makes a new capture; tests pass one that emulates a camera being unplugged and plugged back.
    """

    def __init__(
        self, name: str, opener: CaptureOpener, retry_s: float = 0.5, max_retry_s: float = 8.0
    ) -> None:
        self.name = name
        self.fps = 30.0
        self.finished = False
        self._opener = opener
        self._retry_s = retry_s
        self._max_retry_s = max_retry_s
        self._wait_s = retry_s
        self._next_try = 0.0
        self._cap: _Capture | None = None
        self._lost_message = ""
        self._reconnects = 0
        self._ever_opened = False
        self._index = 0
        self._t0 = time.monotonic()
        self._open()
        if self._cap is None:
            raise SourceError(f"cannot open {name} (is it plugged in / reachable?)")

    def _open(self) -> None:
        cap = self._opener()
        if cap.isOpened():
            self._cap = cap
            if self._ever_opened:
                self._reconnects += 1
            self._ever_opened = True
            self._wait_s = self._retry_s
            fps = float(cap.get(cv2.CAP_PROP_FPS) or 0.0)
            if 0.5 < fps < 500:
                self.fps = fps
        else:
            cap.release()
            self._cap = None

    def read(self) -> Frame | None:
        if self._cap is None:
            now = time.monotonic()
            if now < self._next_try:
                return None
            self._open()
            if self._cap is None:
                self._next_try = now + self._wait_s
                self._wait_s = min(self._wait_s * 2, self._max_retry_s)
                return None
        ok, image = self._cap.read()
        if not ok or image is None:
            self._cap.release()
            self._cap = None
            self._lost_message = f"{self.name} stopped sending frames; reconnecting"
            self._next_try = time.monotonic() + self._wait_s
            return None
        frame = Frame(image, self._index, time.monotonic() - self._t0)
        self._index += 1
        return frame

    def health(self) -> SourceHealth:
        if self._cap is None:
            return SourceHealth(
                "lost", self._lost_message or f"{self.name} is not available", self._reconnects
            )
        return SourceHealth("ok", f"{self.name} live", self._reconnects)

    def close(self) -> None:
        if self._cap is not None:
            self._cap.release()
        self._cap = None
        self.finished = True


def open_source(spec: str, folder_fps: float = 10.0) -> FrameSource:
    """Open a camera index ("0"), a stream URL, a folder of frames or a video file.

    Raises SourceError naming the spec and what was expected when none of these fits.
    """
    text = spec.strip()
    if not text:
        raise SourceError("empty source: expected a camera index, a video file, a folder or an rtsp/http URL")
    if text.isdigit() and len(text) <= 2:
        index = int(text)
        return LiveSource(f"camera {index}", lambda: cv2.VideoCapture(index))
    if text.lower().startswith(URL_PREFIXES):
        return LiveSource(f"stream {text}", lambda: cv2.VideoCapture(text))
    path = Path(text)
    if path.is_dir():
        return FolderSource(path, folder_fps)
    if path.is_file():
        return VideoFileSource(path)
    raise SourceError(
        f"source {spec!r} is neither a camera index, an rtsp/http URL, a folder nor an existing video file"
    )

"""White balance of the rectified table view from the table markers' white paper.

A lamp's colour (a tungsten bulb's warm light, a fluorescent tube's green) is a cast over the whole view that
a camera's own white balance leaves in part: ivory faces turn orange, white cloth turns cream, and a rule
that knows a face as near-grey no longer sees one. The markers are printed black on white paper, and the
rectified view's corners always hold a quarter of each (their centres are the view's corners), so the
paper's colour is the light's colour: each channel is scaled so that the paper is grey again. A view whose
paper is already grey (within NEUTRAL) is left as it is, the very same array, so white light reads as before.
"""

from __future__ import annotations

from collections.abc import Sequence

import cv2
import numpy as np
from numpy.typing import NDArray

PATCH_MM = 30.0  # the square at each view corner searched for the paper's white: a 60 mm marker's quarter
WHITEST = 90.0  # percentile of a corner's grey levels above which its pixels are the paper
MIN_WHITE = 40.0  # a corner whose paper is darker than this (grey level) tells nothing: in shadow, covered
# A marker is black on white: a corner whose darkest tenth is not below this share of its white holds no
# marker (corners picked by hand on the felt, a hand over it), and its colour is no measure of the light.
MARKER_CONTRAST = 0.5
NEUTRAL = 0.93  # a channel at this share of the paper's brightest channel, or more, is no colour cast
MAX_GAIN = 2.5  # no channel is scaled by more than this (a saturated or covered marker is no measure)
FOLLOW = 0.2  # weight of a new frame in the running mean of the gains
# Video keeps colour at half the resolution of lightness: a thin dark stroke carries the colour of the face
# around it, an offset as large as the face's own, which no gain takes out. For naming, the light's colour is
# taken out as an offset in proportion to the lightness around each pixel, over this distance (mm): a third
# of a face; measured on the warm-lamp photo clips (docs/live.md, "The namers' own view under a lamp"), where
# 1.5 and 3 mm left east winds named 1s.
AROUND_MM = 9.0
# BT.601 (OpenCV's YCrCb): lightness from (B, G, R), and the colour differences' scales
LUMA = np.array([0.114, 0.587, 0.299], np.float32)
CR_SCALE, CB_SCALE = 0.713, 0.564


def paper_colour(view: NDArray[np.uint8], px_per_mm: float = 1.0) -> NDArray[np.float32] | None:
    """The markers' white paper in a rectified view, as (B, G, R) with its brightest channel 1; None when
    fewer than three corners show a lit marker (an arm over two markers, corners picked by hand)."""
    side = max(2, round(PATCH_MM * px_per_mm))
    h, w = view.shape[:2]
    whites = []
    for ys, xs in ((slice(0, side), slice(0, side)), (slice(0, side), slice(w - side, w))):
        for rows in (ys, slice(h - side, h)):
            patch = view[rows, xs].reshape(-1, 3).astype(np.float32)
            grey = patch.mean(axis=1)
            dark, white = np.percentile(grey, (100 - WHITEST, WHITEST))
            colour = np.median(patch[grey >= white], axis=0)
            if float(colour.max()) >= MIN_WHITE and dark < MARKER_CONTRAST * white:
                whites.append(colour / float(colour.max()))
    if len(whites) < 3:
        return None
    colour = np.median(np.array(whites), axis=0)
    return (colour / float(colour.max())).astype(np.float32)


class WhiteBalance:
    """Follows the light's colour from the markers frame by frame and takes it out of the view."""

    def __init__(self, px_per_mm: float = 1.0) -> None:
        self.ppm = px_per_mm
        self.gains: NDArray[np.float32] | None = None  # (B, G, R) factors; None while the light is white

    def learn(self, view: NDArray[np.uint8]) -> None:
        """Update the gains from this view's marker paper (a view without it keeps what was learned)."""
        paper = paper_colour(view, self.ppm)
        if paper is None:
            return
        gains = np.minimum(1.0 / np.maximum(paper, 1.0 / MAX_GAIN), MAX_GAIN).astype(np.float32)
        if self.gains is None:
            self.gains = gains
        else:
            self.gains = ((1 - FOLLOW) * self.gains + FOLLOW * gains).astype(np.float32)

    @property
    def cast(self) -> bool:
        """Whether the light has a colour worth taking out (a channel below NEUTRAL of the brightest)."""
        return self.gains is not None and float(self.gains.min() / self.gains.max()) < NEUTRAL

    def apply(self, view: NDArray[np.uint8]) -> NDArray[np.uint8]:
        """The view with the light's colour taken out: its paper grey, its lightness kept (the brightest
        channel stays as it is); the same array when there is no cast."""
        if not self.cast:
            return view
        assert self.gains is not None
        return np.asarray(cv2.multiply(view, (*(float(g) for g in self.gains), 0.0)), np.uint8)

    def for_naming(
        self,
        view: NDArray[np.uint8],
        windows: Sequence[tuple[int, int, int, int]] | None = None,
        balanced: NDArray[np.uint8] | None = None,
    ) -> NDArray[np.uint8]:
        """The view as the namers should see it under a cast: the light's colour taken out of each pixel as
        the colour its surroundings lend it (lightness around it times the paper's colour per lightness),
        then scaled as `apply` does; the same array when there is no cast. With `windows` ((x0, y0, x1, y1)
        pixels, around the tiles to name) only those are made so, over `balanced` (`apply`'s view): a whole
        view costs about six times `apply`.

        `apply`'s gain leaves a face's thin ink strokes the face's orange (video's colour is at half
        resolution), so the photographed east wind and green dragon read as the peacock 1s; the masks still
        come from `apply`'s view, where the felt beside a face keeps its own colour."""
        if not self.cast:
            return view
        if windows is None:
            return self._offset_out(view)
        out = (self.apply(view) if balanced is None else balanced).copy()
        h, w = view.shape[:2]
        for x0, y0, x1, y1 in windows:
            x0, y0, x1, y1 = max(0, x0), max(0, y0), min(w, x1), min(h, y1)
            if x1 > x0 and y1 > y0:
                out[y0:y1, x0:x1] = self._offset_out(view[y0:y1, x0:x1])
        return out

    def _offset_out(self, view: NDArray[np.uint8]) -> NDArray[np.uint8]:
        assert self.gains is not None
        paper = 1.0 / self.gains  # (B, G, R), the paper as the lamp lit it, its brightest channel about 1
        paper = paper / float(paper.max())
        luma = float(LUMA @ paper)
        k_cr = CR_SCALE * (float(paper[2]) / luma - 1.0)
        k_cb = CB_SCALE * (float(paper[0]) / luma - 1.0)
        ycc = cv2.cvtColor(np.ascontiguousarray(view), cv2.COLOR_BGR2YCrCb).astype(np.float32)
        y = ycc[..., 0]
        side = max(1, round(AROUND_MM * self.ppm)) | 1
        around = cv2.blur(y, (side, side))
        out = np.empty_like(ycc)
        out[..., 0] = y / luma
        out[..., 1] = 128.0 + (ycc[..., 1] - 128.0 - k_cr * around) / luma
        out[..., 2] = 128.0 + (ycc[..., 2] - 128.0 - k_cb * around) / luma
        return np.asarray(cv2.cvtColor(np.clip(out, 0, 255).astype(np.uint8), cv2.COLOR_YCrCb2BGR), np.uint8)

    def __call__(self, view: NDArray[np.uint8]) -> NDArray[np.uint8]:
        """Learn from the view, then balance it."""
        self.learn(view)
        return self.apply(view)

"""Connected blobs of a mask, with their boxes, areas and centroids, cheaply when the mask is nearly empty.

`cv2.connectedComponentsWithStats` costs the same whatever the mask holds: about 3 ms on the 900 x 900
view of the table on one core (OpenCV 4.x-5.x), most of it spent on the statistics, where the labels alone
take a fifth of that. The live reader labels masks that are mostly empty each frame (what the point-stick
opening took off the tiles: the slivers of every blob's rims and corners, 8,000-25,000 of the view's
810,000 pixels): those are labelled alone and their statistics taken from their set pixels, which costs
about what they hold (1.5 ms for 20,000 on a busy box, where OpenCV's own took 9-12 ms; `bench/blobs.py`
measures both ways).
"""

from __future__ import annotations

import cv2
import numpy as np
from numpy.typing import NDArray

SPARSE = 32768  # set pixels up to which the statistics come from the set pixels themselves

Blobs = tuple[int, NDArray[np.int32], NDArray[np.int32], NDArray[np.float64]]


def blobs(mask: NDArray[np.uint8], connectivity: int = 8) -> Blobs:
    """What `cv2.connectedComponentsWithStats(mask, connectivity=connectivity)` gives: the label count
    (the unset pixels' label 0 included), the labels, each label's x, y, width, height and area, and its
    centroid."""
    count = cv2.countNonZero(mask)
    height, width = mask.shape[:2]
    whole = height * width
    centre = np.array([(width - 1) / 2, (height - 1) / 2])
    if count == 0:
        stats = np.array([[0, 0, width, height, whole]], np.int32)
        return 1, np.zeros((height, width), np.int32), stats, centre[None]
    # Label 0's box is the whole mask's unless a whole edge is set.
    full_edge = count >= min(height, width) and (
        mask[0].all() or mask[-1].all() or mask[:, 0].all() or mask[:, -1].all()
    )
    if count > SPARSE or full_edge:
        n, labels, stats, centroids = cv2.connectedComponentsWithStats(mask, connectivity=connectivity)
        return n, labels, stats, centroids
    n, labels = cv2.connectedComponents(mask, connectivity=connectivity)
    xy = cv2.findNonZero(mask).reshape(-1, 2)
    of = labels[xy[:, 1], xy[:, 0]]
    order = np.argsort(of, kind="stable")
    of, x, y = of[order], xy[order, 0], xy[order, 1]
    areas = np.bincount(of, minlength=n)[1:]
    starts = np.concatenate(([0], np.cumsum(areas)[:-1]))
    left, top = np.minimum.reduceat(x, starts), np.minimum.reduceat(y, starts)
    right, bottom = np.maximum.reduceat(x, starts), np.maximum.reduceat(y, starts)
    stats = np.empty((n, 5), np.int32)
    stats[0] = (0, 0, width, height, whole - count)
    stats[1:] = np.stack((left, top, right - left + 1, bottom - top + 1, areas), axis=1)
    sums = np.stack((np.add.reduceat(x, starts), np.add.reduceat(y, starts)), axis=1).astype(np.float64)
    centroids = np.empty((n, 2))
    centroids[1:] = sums / areas[:, None]
    centroids[0] = (centre * whole - sums.sum(axis=0)) / (whole - count)
    return n, labels, stats, centroids

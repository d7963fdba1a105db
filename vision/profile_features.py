"""The features a tile-set profile compares: the embedding of a crop, and of its grey copy beside it.

The base classifier learned its kinds in the inks of the sets it was trained on, so part of what its
embedding says about a crop is the colour of the ink ("red strokes: a character tile"). A set in other inks
then lands near the wrong kinds. The embedding of the same crop drawn in grey (`grey`) carries the shapes
with less of the colours; the two side by side (`profile_embedding`, unit length, each half weighted the
same) name a new set's tiles better than either alone. Measured with `bench/enroll.py` (docs/vision.md): on
the recoloured set, colours kept, 5 sheet photos, about 86 % with the colour embedding, 86 % with the grey
one alone and 90 % with both; the seen Black art stays within a point. It costs a second pass of the
classifier per crop.
"""

from __future__ import annotations

import numpy as np
from numpy.typing import NDArray
from riichi_table.vision.embedder import Embedder, normalise

# ITU-R BT.601 luma weights, in BGR order (the crops' order).
_LUMA_BGR = np.array([0.114, 0.587, 0.299], np.float32)


def grey(crops: NDArray[np.uint8]) -> NDArray[np.uint8]:
    """The (N, S, S, 3) BGR crops as grey crops of the same shape (the luma in all three channels)."""
    luma = np.clip(np.rint(crops.astype(np.float32) @ _LUMA_BGR), 0, 255).astype(np.uint8)
    return np.repeat(luma[..., None], 3, axis=-1)


def feature_width(embedder: Embedder, with_grey: bool) -> int:
    """Width of `profile_embedding`'s features for this embedder."""
    return embedder.dim * (2 if with_grey else 1)


def profile_embedding(
    embedder: Embedder, crops: NDArray[np.uint8], with_grey: bool
) -> tuple[NDArray[np.float32], NDArray[np.float32]]:
    """(base probabilities (N, 38) of the crops as they are, unit features (N, D or 2 D)).

    Without `with_grey` the features are the embedding (`Embedder.run`); with it, the embedding and the
    grey copy's embedding side by side, scaled to unit length together.
    """
    base, feats = embedder.run(crops)
    if not with_grey:
        return base, feats
    return base, normalise(np.concatenate([feats, embedder.run(grey(crops))[1]], axis=1))

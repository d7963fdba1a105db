"""The real-photo split keeps every augmented copy of a source photo on one side."""

from __future__ import annotations

from pathlib import Path

import pytest
from riichi_table.datasets.errors import DatasetError
from riichi_table.datasets.hk_real import load_split, source_of, split_photos


def test_source_is_the_name_before_rf() -> None:
    assert source_of("train__abc_jpg.rf.0123abcd.jpg") == "train__abc_jpg"
    assert source_of("plain.jpg") == "plain"


def test_no_source_photo_is_in_both_train_and_val(hk_folder: Path) -> None:
    split = load_split(hk_folder)
    train = {p.source for p in split.train}
    val = {p.source for p in split.val}
    assert val and train and not (train & val)
    assert 0.08 < len(val) / (len(train) + len(val)) < 0.25


def test_bad_fraction_is_refused() -> None:
    with pytest.raises(DatasetError, match="val_fraction"):
        split_photos([], 1.5)

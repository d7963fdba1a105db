"""The embedder-training command refuses bad settings with a message naming them, before any work."""

from __future__ import annotations

from pathlib import Path

import pytest

from riichi_table.commands.train_embedder import main


@pytest.mark.parametrize("widths,message", [
    ("16,a,64,128", "whole numbers separated by commas, got '16,a,64,128'"),
    ("16,32,64", "four positive widths, got '16,32,64'"),
    ("0,32,64,128", "four positive widths, got '0,32,64,128'"),
])  # fmt: skip
def test_bad_widths_are_named(
    widths: str, message: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as stop:
        main(["--art", str(tmp_path), "--out", str(tmp_path / "e.onnx"), "--widths", widths])
    assert stop.value.code == 2
    assert message in capsys.readouterr().err
    assert not (tmp_path / "e.onnx").exists()

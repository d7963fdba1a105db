"""`riichi-table synth`: the scene dataset, the layout sheet and clean errors."""

from __future__ import annotations

from pathlib import Path

import pytest

from riichi_table.cli import main


def test_synth_writes_the_same_dataset_with_one_or_two_workers(tile_art_dir: Path, tmp_path: Path) -> None:
    base = ["synth", "--count", "3", "--seed", "4", "--size", "96", "--art", str(tile_art_dir)]
    assert main([*base, "--out", str(tmp_path / "a")]) == 0
    assert main([*base, "--out", str(tmp_path / "b"), "--workers", "2"]) == 0
    for name in ("synth_4_000000", "synth_4_000001", "synth_4_000002"):
        for sub, ext in (("images", "jpg"), ("labels", "txt")):
            a = (tmp_path / "a" / sub / "train" / f"{name}.{ext}").read_bytes()
            assert a == (tmp_path / "b" / sub / "train" / f"{name}.{ext}").read_bytes()


def test_synth_with_a_missing_art_folder_is_a_clean_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    rc = main(["synth", "--out", str(tmp_path), "--count", "1", "--art", str(tmp_path / "missing")])
    assert rc == 2
    assert "tile art folder" in capsys.readouterr().err


@pytest.mark.parametrize("args", [["--count", "0"], ["--size", "big"], ["--size", "10"], ["--workers", "0"]])
def test_synth_rejects_bad_options(tile_art_dir: Path, tmp_path: Path, args: list[str]) -> None:
    assert main(["synth", "--out", str(tmp_path), "--art", str(tile_art_dir), *args]) == 2


def test_synth_without_out_is_a_clean_error(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["synth"]) == 2
    assert "--out" in capsys.readouterr().err


def test_synth_sheet_writes_a_one_page_pdf(tmp_path: Path) -> None:
    assert main(["synth", "--sheet", str(tmp_path / "sheet.pdf")]) == 0
    data = (tmp_path / "sheet.pdf").read_bytes()
    assert data.startswith(b"%PDF-1.4") and data.rstrip().endswith(b"%%EOF") and b"/Count 1" in data


def test_synth_sheet_with_an_unknown_format_is_a_clean_error(tmp_path: Path) -> None:
    assert main(["synth", "--sheet", str(tmp_path / "sheet.docx")]) == 2

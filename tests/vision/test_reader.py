"""The tile reader: a clear error without models; with the shipped models it finds and names tiles."""

from __future__ import annotations

import json
from pathlib import Path

import cv2
import pytest
from riichi_table.engine.tiles import parse_tiles, tile_from_class, to_notation
from riichi_table.vision.errors import VisionError
from riichi_table.vision.reader import TileReader

from riichi_table.cli import main

SAMPLES = Path(__file__).resolve().parent / "samples"
# hand_pon.jpg (tests/vision/make_samples.py): ten concealed tiles, the winning tile set apart, a pon of red
# dragons with its middle tile sideways (called from toimen, seed 002 3.3.8).
EXPECTED = {"hand": "234m567p2234s", "win": "5s", "melds": [{"kind": "pon", "tiles": "777z", "from": 2}]}


def test_missing_models_folder_is_a_vision_error(tmp_path: Path) -> None:
    with pytest.raises(VisionError, match=r"localizer\.onnx not found"):
        TileReader(tmp_path)


def test_detection_finds_every_tile_of_the_rendered_hand(reader: TileReader) -> None:
    image = cv2.imread(str(SAMPLES / "hand_pon.jpg"))
    detections = reader.detect(image)
    assert len(detections) == 14
    found = to_notation([tile_from_class(int(c)) for c in detections.class_id])
    assert found == to_notation(parse_tiles("234m567p2234s5s777z"))


def test_read_gets_the_rendered_hand_right(reader: TileReader, capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["read", str(SAMPLES / "hand_pon.jpg"), "--json"])
    data = json.loads(capsys.readouterr().out)
    assert code == 0
    assert data["hand"] == EXPECTED["hand"] and data["win"] == EXPECTED["win"]
    assert [{k: m[k] for k in ("kind", "tiles", "from")} for m in data["melds"]] == EXPECTED["melds"]
    assert data["score"]["ok"] is True


def test_detect_writes_yolo_rows_and_goes_on_past_bad_images(
    reader: TileReader, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bad = tmp_path / "bad.jpg"
    bad.write_text("not an image")
    out = tmp_path / "out"
    code = main(["detect", str(bad), str(SAMPLES / "hand_pon.jpg"), "--out", str(out)])
    err = capsys.readouterr().err
    assert code == 1
    assert "bad.jpg: not a readable image" in err
    rows = [line.split() for line in (out / "hand_pon.txt").read_text().splitlines()]
    assert len(rows) == 14 and all(len(r) == 6 for r in rows)
    assert all(0 <= float(v) <= 1 for r in rows for v in r[1:])
    assert not (out / "bad.txt").exists()

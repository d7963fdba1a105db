"""`riichi-table replay` on something that is not a video says so and writes no logs."""

from riichi_table.cli import main


def test_replaying_a_file_with_no_frames_is_an_error_and_writes_nothing(tmp_path, capsys):
    bogus = tmp_path / "still.jpg"  # OpenCV opens it as a one-image sequence, then decodes nothing
    bogus.write_bytes(b"this is not a video")
    out = tmp_path / "out"
    assert main(["replay", str(bogus), "--out", str(out)]) == 2
    assert "no frame could be read" in capsys.readouterr().err
    assert not (out / "game.mjai.jsonl").exists()


def test_replaying_a_missing_file_names_it(tmp_path, capsys):
    assert main(["replay", str(tmp_path / "missing.mp4"), "--out", str(tmp_path / "out")]) == 2
    assert "missing.mp4" in capsys.readouterr().err

"""`riichi-table synth --game` refuses a frame rate a clip cannot have, rather than a misleading error."""

import pytest

from riichi_table.cli import main


@pytest.mark.parametrize("fps", ["0", "-5", "1000"])
def test_a_frame_rate_out_of_range_is_a_one_line_error_naming_fps(tmp_path, capsys, fps):
    assert main(["synth", "--game", "--out", str(tmp_path / "clip"), "--fps", fps, "--hands", "1"]) == 2
    err = capsys.readouterr().err.strip()
    assert "--fps must be in 1..120" in err and len(err.splitlines()) == 1
    assert not (tmp_path / "clip" / "clip.mp4").exists()

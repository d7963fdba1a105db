"""`riichi-table read` rejects bad scoring options before it reads a photo, even one it could not score."""

import pytest

from riichi_table.cli import main


@pytest.mark.parametrize(
    ("options", "named"),
    [
        (["--dora", "9q"], "'9q'"),
        (["--ura", "1x"], "'1x'"),
        (["--win", "6x"], "'6x'"),
        (["--rules", "zzz"], "'zzz'"),
        (["--honba", "-1"], "--honba"),
        (["--sticks", "-2"], "--sticks"),
    ],
    ids=["dora", "ura", "win", "rules", "honba", "sticks"],
)
def test_a_bad_scoring_option_is_a_one_line_error_naming_it(tmp_path, capsys, options, named):
    photo = tmp_path / "hand.jpg"  # never opened: the options are checked first
    assert main(["read", str(photo), *options]) == 2
    err = capsys.readouterr().err.strip()
    assert named in err
    assert "Traceback" not in err and len(err.splitlines()) == 1

"""`riichi-table train` refuses epochs or an input size that cannot train, before loading any trainer."""

import pytest

from riichi_table.cli import main


@pytest.mark.parametrize(
    ("options", "named"),
    [(["--epochs", "-1"], "--epochs must be at least 1"), (["--imgsz", "4"], "--imgsz must be at least 32")],
    ids=["negative-epochs", "tiny-imgsz"],
)
def test_a_bad_training_number_is_a_one_line_error_naming_it(tmp_path, capsys, options, named):
    args = ["train", "localizer", "--data", str(tmp_path / "data.yaml"), "--run", str(tmp_path / "run")]
    assert main([*args, *options]) == 2
    err = capsys.readouterr().err.strip()
    assert named in err and len(err.splitlines()) == 1
    assert not (tmp_path / "run").exists()

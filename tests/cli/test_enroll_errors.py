"""`riichi-table enroll` refuses a number of epochs that cannot fine-tune, before it crops any photo."""

from riichi_table.cli import main


def test_negative_epochs_are_a_one_line_error_naming_them(tmp_path, capsys):
    photo = tmp_path / "labelled.jpg"  # never read: the options are checked first
    args = ["enroll", "--art", str(tmp_path), "--out", str(tmp_path / "e.onnx"), "--labelled", str(photo)]
    assert main([*args, "--epochs", "-3"]) == 2
    err = capsys.readouterr().err.strip()
    assert "--epochs must be at least 1, got -3" in err and len(err.splitlines()) == 1
    assert not (tmp_path / "e.onnx").exists()

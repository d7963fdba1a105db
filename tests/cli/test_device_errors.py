"""`riichi-table device` rejects a reply timeout or ping count that cannot work, before opening the port."""

import pytest

from riichi_table.cli import main


@pytest.mark.parametrize(
    ("options", "named"),
    [(["--timeout", "-1"], "--timeout"), (["--timeout", "0"], "--timeout"), (["--count", "0"], "--count")],
    ids=["negative-timeout", "zero-timeout", "zero-count"],
)
def test_a_bad_ping_option_is_a_one_line_error_naming_it(capsys, options, named):
    assert main(["device", "ping", "loop://", *options]) == 2
    err = capsys.readouterr().err.strip()
    assert named in err
    assert "Traceback" not in err and len(err.splitlines()) == 1


def test_emulating_onto_a_regular_file_refuses_to_replace_it(tmp_path, capsys):
    keep = tmp_path / "notes.txt"
    keep.write_text("not a port")
    assert main(["device", "--emulate", "--link", str(keep)]) == 2
    err = capsys.readouterr().err.strip()
    assert "notes.txt" in err and "not a symlink" in err
    assert keep.read_text() == "not a port"


def test_an_overlong_command_is_an_error_quoting_only_its_start(tmp_path, capsys):
    from riichi_table.device.emulator import Emulator

    with Emulator(link=str(tmp_path / "unit")) as emu:
        assert main(["device", "send", emu.path, "A" * 3000]) == 2
    err = capsys.readouterr().err.strip().splitlines()[-1]
    assert "at most 80 bytes" in err and "..." in err
    assert len(err) < 200

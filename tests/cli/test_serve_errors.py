"""`riichi-table serve` refuses an unknown rule preset at start instead of serving without a live table."""

from riichi_table.cli import main


def test_an_unknown_rule_preset_stops_serve_with_its_name(tmp_path, capsys):
    args = ["serve", "--port", "0", "--source", "none", "--rules", "zzz", "--data-dir", str(tmp_path / "d")]
    assert main(args) == 2
    err = capsys.readouterr().err.strip()
    assert "unknown rule preset 'zzz'" in err
    assert len(err.splitlines()) == 1

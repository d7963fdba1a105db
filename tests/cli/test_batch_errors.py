"""`riichi-table batch` given a file that is not UTF-8 text says so in one line instead of a traceback."""

from riichi_table.cli import main


def test_a_requests_file_that_is_not_utf8_is_a_one_line_error_naming_it(tmp_path, capsys):
    requests = tmp_path / "requests.jsonl"
    requests.write_bytes(b'\xff\xfe{"op": "waits", "hand": "123m456p789s1122z"}\n')
    assert main(["batch", str(requests)]) == 2
    err = capsys.readouterr().err.strip()
    assert "requests.jsonl" in err and "not UTF-8 text" in err
    assert len(err.splitlines()) == 1

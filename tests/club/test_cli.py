"""`riichi-table club ...` and the club flags of `riichi-table serve`: clear errors, no tracebacks."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from riichi_table.cli import main


def test_add_list_and_revoke_a_table(tmp_path: Path, capsys: Any) -> None:
    assert main(["club", "add-table", "T1", "--data-dir", str(tmp_path)]) == 0
    token = capsys.readouterr().out.strip()
    assert token.startswith("T1.") and len(token) > 20
    assert main(["club", "list", "--data-dir", str(tmp_path)]) == 0
    assert "T1\tactive" in capsys.readouterr().out
    assert main(["club", "revoke", "T1", "--data-dir", str(tmp_path)]) == 0
    assert main(["club", "list", "--data-dir", str(tmp_path)]) == 0
    assert "T1\trevoked" in capsys.readouterr().out


def test_adding_an_active_table_again_is_refused_with_a_reason(tmp_path: Path, capsys: Any) -> None:
    main(["club", "add-table", "T1", "--data-dir", str(tmp_path)])
    assert main(["club", "add-table", "T1", "--data-dir", str(tmp_path)]) == 2
    assert "revoke it first" in capsys.readouterr().err


def test_a_bad_table_name_or_a_missing_one_is_named(tmp_path: Path, capsys: Any) -> None:
    assert main(["club", "add-table", "table one!", "--data-dir", str(tmp_path)]) == 2
    assert "table: expected 1..40 letters" in capsys.readouterr().err
    assert main(["club", "revoke", "--data-dir", str(tmp_path)]) == 2
    assert "expected a table NAME" in capsys.readouterr().err


def test_serve_with_club_needs_a_table_and_a_token(tmp_path: Path, capsys: Any, monkeypatch: Any) -> None:
    monkeypatch.delenv("RIICHI_TABLE_CLUB_TOKEN", raising=False)
    code = main(
        [
            "serve",
            "--source",
            "none",
            "--port",
            "0",
            "--data-dir",
            str(tmp_path),
            "--club",
            "http://127.0.0.1:9",
        ]
    )
    assert code == 2
    assert "--club needs --table NAME and a token" in capsys.readouterr().err


def test_serve_with_club_refuses_a_url_that_is_not_http(tmp_path: Path, capsys: Any) -> None:
    code = main(
        [
            "serve",
            "--source",
            "none",
            "--port",
            "0",
            "--data-dir",
            str(tmp_path),
            "--club",
            "ftp://x",
            "--table",
            "T1",
            "--token",
            "T1.x",
        ]
    )
    assert code == 2
    assert "expected http://HOST:PORT" in capsys.readouterr().err

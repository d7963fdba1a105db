"""`riichi-table check-log FILE`: exit 0 only when the record agrees with the engine; differences in words."""

from __future__ import annotations

import copy
import json
import subprocess
import sys
from pathlib import Path

from riichi_table.cli import main

sys.path.insert(0, str(Path(__file__).parents[1] / "engine"))
import game_records as rec


def _write(path: Path, record: object) -> Path:
    path.write_text(json.dumps(record, ensure_ascii=False), encoding="utf-8")
    return path


def test_a_hand_written_tenhou_game_checks_out_with_exit_0(tmp_path: Path, capsys) -> None:
    record = _write(
        tmp_path / "west.json", rec.tenhou("tenhou", rec.TENHOU_INTO_WEST, rec.TENHOU_INTO_WEST_SC)
    )
    assert main(["check-log", str(record)]) == 0
    out = capsys.readouterr().out
    assert "hand 9 (W1, 0 honba): ok" in out and out.strip().endswith("all agree")


def test_a_wrong_score_exits_1_naming_the_hand_and_the_field(tmp_path: Path, capsys) -> None:
    hands = copy.deepcopy(rec.WRC_HANDS)
    hands[0][-1][1] = [0, 32000, -32000, 0]  # 002 3.3.9: the liable seat 3 pays half, not nothing
    record = _write(tmp_path / "pao.json", rec.tenhou("wrc", hands, rec.WRC_SC))
    assert main(["check-log", str(record)]) == 1
    out = capsys.readouterr().out
    assert "hand 1 (E1, 0 honba): score changes differs: seat 2 recorded -32000, the engine -16000" in out


def test_mjai_lines_from_standard_input_with_a_preset(tmp_path: Path) -> None:
    lines = "\n".join(rec.beginner_lines()) + "\n"
    done = subprocess.run(
        [sys.executable, "-m", "riichi_table", "check-log", "-", "--rules", "beginner"],
        input=lines, capture_output=True, text=True, timeout=120, check=False,
    )  # fmt: skip
    assert done.returncode == 0, done.stdout + done.stderr
    assert "all agree" in done.stdout


def test_an_unreadable_record_is_a_one_line_error_with_exit_2(tmp_path: Path, capsys) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text('{"log": [[[0, 0], [1, 2, 3, 4], ["和了"]]]}', encoding="utf-8")
    assert main(["check-log", str(bad), "--rules", "tenhou"]) == 2
    err = capsys.readouterr().err.strip()
    assert "header must be [kyoku, honba, sticks]" in err and len(err.splitlines()) == 1
    assert main(["check-log", str(tmp_path / "missing.json")]) == 2
    assert "cannot read" in capsys.readouterr().err


def test_a_record_naming_no_preset_needs_rules(tmp_path: Path, capsys) -> None:
    record = rec.tenhou("tenhou", rec.TENHOU_INTO_WEST)
    del record["rule"]
    path = _write(tmp_path / "plain.json", record)
    assert main(["check-log", str(path)]) == 2
    assert "names no rule preset" in capsys.readouterr().err
    assert main(["check-log", str(path), "--rules", '{"preset": "tenhou"}']) == 0


def test_a_tile_level_mjai_log_checks_out_and_a_wrong_delta_exits_1(tmp_path: Path, capsys) -> None:
    rules = json.dumps(rec.WRC_EAST)
    good = tmp_path / "game.mjson"
    good.write_text("\n".join(rec.wrc_east_tile_lines()) + "\n", encoding="utf-8")
    assert main(["check-log", str(good), "--rules", rules]) == 0
    assert capsys.readouterr().out.strip().endswith("all agree")
    bad = tmp_path / "wrong.mjson"
    bad.write_text("\n".join(rec.wrc_east_tile_lines(hand3_winner_gets=2600)) + "\n", encoding="utf-8")
    assert main(["check-log", str(bad), "--rules", rules]) == 1
    assert "hand 3 (E2, 1 honba): score changes differs: seat 2 recorded +2600" in capsys.readouterr().out


def test_a_bad_tile_event_is_a_one_line_error_naming_the_line(tmp_path: Path, capsys) -> None:
    lines = rec.wrc_east_tile_lines()
    lines[3] = lines[3].replace('"dahai"', '"discard"')
    path = tmp_path / "bad.mjson"
    path.write_text("\n".join(lines), encoding="utf-8")
    assert main(["check-log", str(path), "--rules", "wrc"]) == 2
    err = capsys.readouterr().err.strip()
    assert "line 4: unknown mjai event type 'discard'" in err and len(err.splitlines()) == 1

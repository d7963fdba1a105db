"""The batch protocol and the `score` / `batch` commands (docs/engine.md, "Command line")."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

from riichi_table.engine.batch import handle

from riichi_table.commands.batch import process

REPO = Path(__file__).resolve().parents[2]


def test_waits_op_answers_shanten_tenpai_and_waits() -> None:
    resp = handle({"op": "waits", "id": "w", "hand": "123456789m1122z"})
    assert resp == {"id": "w", "ok": True, "shanten": 0, "tenpai": True, "waits": "12z"}


def test_waits_op_with_melds_and_the_fourth_copy_rule() -> None:
    # seed 002 3.3.13
    resp = handle(
        {
            "op": "waits",
            "hand": "1111m",
            "melds": [{"kind": "pon", "tiles": "222z", "from": 1}] * 1
            + [{"kind": "pon", "tiles": "333z", "from": 2}, {"kind": "pon", "tiles": "444z", "from": 3}],
        }
    )
    assert (resp["tenpai"], resp["waits"], resp["shanten"]) == (False, "", 1)


def test_unknown_op_and_non_object_lines_answer_ok_false() -> None:
    assert handle({"op": "dance", "id": 1}) == {
        "id": 1,
        "ok": False,
        "error": "unknown op 'dance' (expected score, waits, nagashi, furiten or draw)",
    }
    assert handle([1, 2])["ok"] is False


def test_batch_answers_every_line_in_order_and_goes_on_after_a_bad_one() -> None:
    lines = [
        json.dumps({"op": "score", "id": 1, "hand": "234m456p789s66s11z", "win": "6s", "tsumo": True}),
        "{not json",
        json.dumps({"op": "waits", "id": 3, "hand": "123456789m1122z"}),
    ]
    out = io.StringIO()
    assert process(io.StringIO("\n".join(lines) + "\n"), out) == 3
    answers = [json.loads(line) for line in out.getvalue().splitlines()]
    assert [a.get("id") for a in answers] == [1, None, 3]
    assert [a["ok"] for a in answers] == [True, False, True]
    assert answers[1]["error"].startswith("not a JSON line")


def test_score_command_prints_yaku_and_json() -> None:
    cmd = [
        sys.executable,
        "-m",
        "riichi_table",
        "score",
        "234m456p789s66s11z",
        "--win",
        "6s",
        "--tsumo",
        "--riichi",
        "--dora",
        "3p",
    ]
    readable = subprocess.run(cmd, capture_output=True, text=True, cwd=REPO, check=True).stdout
    assert "riichi" in readable and "3 han 30 fu" in readable
    machine = json.loads(subprocess.run([*cmd, "--json"], capture_output=True, text=True, cwd=REPO).stdout)
    assert machine["ok"] and machine["points"] == 6000


def test_batch_command_reads_standard_input() -> None:
    line = json.dumps({"op": "score", "id": "a", "hand": "234m456p789s66s11z", "win": "6s", "tsumo": True})
    done = subprocess.run(
        [sys.executable, "-m", "riichi_table", "batch", "-"],
        input=line + "\n",
        capture_output=True,
        text=True,
        cwd=REPO,
    )
    assert done.returncode == 0 and json.loads(done.stdout)["id"] == "a"


def test_remembered_flags_melds_and_rules_never_accept_a_look_alike_value() -> None:
    # the batch remembers checked flag sets, melds and rule overrides; 1 == True in a dict key, so a
    # remembered true must not let a 1 through, nor a remembered "from": 1 a "from": true
    good = {
        "op": "score",
        "hand": "456p678s2344s",
        "win": "4s",
        "melds": [{"kind": "chi", "tiles": "234m", "from": 3}],
        "tsumo": True,
        "rules": {"preset": "tenhou", "open_tanyao": True, "red_fives": [1, 1, 1]},
    }
    assert handle(good)["ok"] is True
    assert handle(good)["ok"] is True  # the remembered path
    look_alikes = [
        ({"tsumo": 1}, "field 'tsumo' must be true or false, not 1"),
        ({"melds": [{"kind": "chi", "tiles": "234m", "from": True}]}, "bad meld 'from' True"),
        ({"rules": {"preset": "tenhou", "open_tanyao": 1, "red_fives": [1, 1, 1]}}, "open_tanyao"),
        ({"rules": {"preset": "tenhou", "open_tanyao": True, "red_fives": [True, 1, 1]}}, "red_fives"),
    ]
    for change, message in look_alikes:
        answer = handle({**good, **change})
        assert answer["ok"] is False and message in answer["error"], (change, answer)


def test_a_remembered_field_list_never_lets_an_unknown_field_through() -> None:
    # the batch remembers the field names of the last request each op allowed; a request with as many
    # fields, one of them unknown, must still be refused by name
    good = {"op": "score", "hand": "123456789m1122z", "win": "1z", "tsumo": True}
    assert handle(good)["ok"] is True
    assert handle(good)["ok"] is True  # the remembered path
    misspelt = {"op": "score", "hand": "123456789m1122z", "win": "1z", "tsumoo": True}
    assert handle(misspelt) == {"id": None, "ok": False, "error": "unknown field 'tsumoo' for op 'score'"}
    reordered = {"win": "1z", "tsumo": True, "op": "score", "hand": "123456789m1122z"}
    assert handle(reordered) == handle(good)


def test_rule_overrides_equal_to_the_last_ones_but_of_another_type_are_checked_again() -> None:
    base = {"op": "score", "hand": "123456789m1122z", "win": "1z", "tsumo": True}
    good = {**base, "rules": {"preset": "tenhou", "riichi_needs_deposit": False, "red_fives": [1, 1, 1]}}
    assert handle(good)["ok"] is True
    for rules, field in [
        ({"preset": "tenhou", "riichi_needs_deposit": 0, "red_fives": [1, 1, 1]}, "riichi_needs_deposit"),
        ({"preset": "tenhou", "riichi_needs_deposit": False, "red_fives": [1, 1, True]}, "red_fives"),
        ({"preset": "tenhou", "riichi_needs_deposit": False, "red_fives": [1, 1]}, "red_fives"),
    ]:
        answer = handle({**base, "rules": rules})
        assert answer["ok"] is False and field in answer["error"], (rules, answer)
        assert handle(good)["ok"] is True


def test_a_score_answer_is_id_and_ok_then_the_win_s_own_fields() -> None:
    # the batch writes a win's fields straight into its answer: the same fields, in to_json's order
    from riichi_table.engine.batch import score_op

    request = {"op": "score", "id": 7, "hand": "123456789m1122z", "win": "1z", "tsumo": True, "riichi": True}
    answer = handle(request)
    assert list(answer.items()) == [("id", 7), ("ok", True), *score_op(request).items()]


def test_holds_float_finds_a_float_at_any_depth_without_recursing() -> None:
    from riichi_table.engine.batch import holds_float

    assert holds_float(1.5)
    assert holds_float({"op": "score", "melds": [{"kind": "pon", "from": 1e20}]})
    assert holds_float({"rules": {"uma": [[1, 2.0]]}})
    assert not holds_float({"op": "score", "hand": "123m", "honba": 10**30, "melds": [[], {}], "id": None})
    deep: object = 0.5
    for _ in range(5000):  # deeper than Python's recursion limit
        deep = [deep]
    assert holds_float({"id": deep})


def test_blank_lines_of_any_whitespace_get_no_answer() -> None:
    out = io.StringIO()
    lines = ["\n", " \t\r\n", "\u3000\u00a0\n", "", '{"op": "nagashi", "id": 1}\n']
    assert process(lines, out) == 1
    assert json.loads(out.getvalue())["id"] == 1

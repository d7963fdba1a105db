"""`riichi-table batch` reads its usual command lines without argparse: the reading must equal argparse's, and
anything else must go to argparse (help, errors and the spellings the quick reader does not know)."""

from __future__ import annotations

import argparse
import subprocess
import sys

import pytest

from riichi_table.cli import main
from riichi_table.commands import batch


def argparse_reading(argv: list[str]) -> dict[str, object]:
    parser = argparse.ArgumentParser(prog="riichi-table batch")
    batch.add_arguments(parser)
    return vars(parser.parse_args(argv))


@pytest.mark.parametrize(
    "argv",
    [
        ["requests.jsonl"],
        ["-"],
        [""],
        ["requests.jsonl", "-o", "out.jsonl"],
        ["-o", "out.jsonl", "requests.jsonl"],
        ["requests.jsonl", "--output", "-"],
        ["-", "-j", "4"],
        ["--jobs", "2", "requests.jsonl", "-o", "out.jsonl"],
        ["requests.jsonl", "-j", "007"],
        ["-o", "-", "-j", "1", "requests.jsonl"],
    ],
    ids=lambda argv: " ".join(argv) or "empty-name",
)
def test_the_quick_reading_equals_argparse(argv):
    quick = batch.quick_args(argv)
    assert quick is not None
    assert vars(quick) == argparse_reading(argv)


@pytest.mark.parametrize(
    "argv",
    [
        [],  # argparse names the missing FILE
        ["-h"],
        ["--help"],
        ["a.jsonl", "b.jsonl"],  # one FILE only
        ["a.jsonl", "-o"],  # a value missing
        ["a.jsonl", "-o", "x", "-o", "y"],  # a repeat (argparse: the last one)
        ["a.jsonl", "--output=x"],
        ["a.jsonl", "-ox"],
        ["a.jsonl", "--out", "x"],  # an abbreviation
        ["a.jsonl", "-j", "0"],
        ["a.jsonl", "-j", "-2"],
        ["a.jsonl", "-j", "+2"],
        ["a.jsonl", "-j", "\u0663"],  # a non-ASCII digit: int() reads it, argparse's reading decides
        ["a.jsonl", "-o", "-x"],
        ["--", "a.jsonl"],
        ["-x"],
    ],
    ids=lambda argv: " ".join(argv) or "nothing",
)
def test_anything_else_is_left_to_argparse(argv):
    assert batch.quick_args(argv) is None


def test_a_bad_jobs_value_still_gets_argparse_s_message(capsys):
    with pytest.raises(SystemExit) as exit_:
        main(["batch", "requests.jsonl", "-j", "0"])
    assert exit_.value.code == 2
    assert "expected a whole number 1 or more, not '0'" in capsys.readouterr().err


def test_batch_help_is_argparse_s_with_every_option():
    done = subprocess.run(
        [sys.executable, "-m", "riichi_table", "batch", "--help"], capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0
    for option in ("usage: riichi-table batch", "--output", "--jobs", "JSON lines file of requests"):
        assert option in done.stdout


def test_a_batch_start_up_imports_neither_argparse_nor_the_other_commands(tmp_path):
    requests = tmp_path / "requests.jsonl"
    requests.write_text('{"op": "waits", "hand": "123456789m1122z"}\n', encoding="utf-8")
    probe = (
        "import sys\n"
        "from riichi_table.cli import main\n"
        f"code = main(['batch', {str(requests)!r}, '-o', {str(tmp_path / 'out.jsonl')!r}])\n"
        "heavy = sorted(n for n in sys.modules if n.split('.')[0] in ('argparse', 'numpy', 'cv2', 'flask')"
        " or n.startswith(('riichi_table.vision', 'riichi_table.webui', 'riichi_table.assistant'))"
        " or (n.startswith('riichi_table.commands.') and not n.startswith('riichi_table.commands.batch')))\n"
        "print(code, heavy)\n"
    )
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, timeout=60)
    assert done.stdout.strip() == "0 []", done.stderr
    assert '"shanten":0' in (tmp_path / "out.jsonl").read_text(encoding="utf-8")

"""The `riichi-table` dispatcher: help, unknown commands, clean errors."""

import subprocess
import sys

from riichi_table.cli import COMMANDS, main


def test_help_lists_every_command(capsys):
    assert main(["--help"]) == 0
    out = capsys.readouterr().out
    for name in COMMANDS:
        assert name in out


def test_an_unknown_command_is_an_error_naming_it(capsys):
    assert main(["frobnicate"]) == 2
    assert "unknown command 'frobnicate'" in capsys.readouterr().err


def test_every_command_module_exists_and_builds_its_parser():
    import argparse
    import importlib

    for name, (module_name, _) in COMMANDS.items():
        module = importlib.import_module(module_name)
        parser = argparse.ArgumentParser(prog=name)
        module.add_arguments(parser)
        assert callable(module.run)


def test_the_console_script_runs_as_a_module():
    done = subprocess.run(
        [sys.executable, "-m", "riichi_table", "--help"], capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0
    assert "riichi-table COMMAND" in done.stdout

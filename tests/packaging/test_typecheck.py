"""`mypy --strict` on the engine and the assistant (pyproject.toml's [tool.mypy] overrides).

mypy cannot follow the build backend's folder mapping, so the check runs over a shadow tree: a
`riichi_table/` folder whose subpackages are links to the mapped folders.
"""

from __future__ import annotations

import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
STRICT = ("riichi_table.engine", "riichi_table.assistant")


@pytest.mark.slow
def test_the_engine_and_the_assistant_pass_a_strict_type_check(tmp_path: Path) -> None:
    pytest.importorskip("mypy")
    mapping = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["setuptools"]
    package = tmp_path / "riichi_table"
    package.mkdir()
    (package / "__init__.py").write_text((ROOT / "riichi_table" / "__init__.py").read_text(encoding="utf-8"))
    for name, folder in mapping["package-dir"].items():
        if name != "riichi_table":
            (package / name.split(".", 1)[1]).symlink_to(ROOT / folder, target_is_directory=True)
    for child in ("assistant", "commands"):
        (package / child).symlink_to(ROOT / "riichi_table" / child, target_is_directory=True)
    cmd = [sys.executable, "-m", "mypy", "--config-file", str(ROOT / "pyproject.toml"), "--no-incremental"]
    for name in STRICT:
        cmd += ["-p", name]
    done = subprocess.run(cmd, cwd=tmp_path, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stdout[-4000:] + done.stderr[-2000:]

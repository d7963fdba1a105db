"""engine/native.py: the compiled engine runs only where its build matches the sources; an edited source is
never shadowed by an older compiled module; RIICHI_TABLE_PURE_ENGINE=1 runs the pure-Python engine."""

from __future__ import annotations

import importlib
import os
import subprocess
import sys
from importlib.machinery import EXTENSION_SUFFIXES, ExtensionFileLoader, SourceFileLoader
from pathlib import Path

import pytest
from riichi_table.engine import native

ENGINE = Path(native.__file__).resolve().parent
COMPILED = ENGINE / native.COMPILED_DIR


def _compiled_module_names() -> list[str]:
    """The engine modules the build holds (its shared library left out)."""
    names = []
    for library in COMPILED.rglob(f"*{EXTENSION_SUFFIXES[0]}"):
        parts = library.relative_to(COMPILED).with_name(library.name.split(".", 1)[0]).parts
        if parts[-1].endswith("__mypyc"):
            continue
        if parts[-1] == "__init__":
            parts = parts[:-1]
        names.append(".".join(("riichi_table", "engine", *parts)))
    return sorted(names)


def test_the_engine_runs_compiled_exactly_where_a_matching_build_exists() -> None:
    pure_asked = os.environ.get(native.PURE_ENV, "") not in ("", "0")
    fresh = native.stale_reason(str(ENGINE)) is None
    if not fresh:
        pytest.skip(f"no compiled engine to check: {native.stale_reason(str(ENGINE))}")
    names = _compiled_module_names()
    assert "riichi_table.engine.score" in names and "riichi_table.engine.yaku" in names
    loaders = {type(importlib.import_module(name).__spec__.loader) for name in names}  # type: ignore[union-attr]
    if pure_asked:
        assert native.BUILD == "pure" and loaders == {SourceFileLoader}
    else:
        assert native.BUILD == "compiled" and loaders == {ExtensionFileLoader}
    # the modules left out of the build import from their sources either way
    assert isinstance(importlib.import_module("riichi_table.engine.game").__spec__.loader, SourceFileLoader)  # type: ignore[union-attr]


def test_the_pure_engine_is_chosen_by_the_environment_and_scores_alike() -> None:
    probe = (
        "import json; from riichi_table.engine import native; from riichi_table.engine.batch import handle; "
        "import riichi_table.engine.score as s; "
        "print(native.BUILD, s.__spec__.origin.rsplit('.', 1)[-1]); "
        "from riichi_table.engine.yaku import ALL_YAKU; "
        "r = {'op': 'score', 'hand': '234m456p789s66s11z', 'win': '6s', 'tsumo': True}; "
        "print(json.dumps(handle(r))); "
        "print(json.dumps([y.doc for y in ALL_YAKU]))"
    )
    runs = {}
    for pure in ("1", "0"):
        env = dict(os.environ, **{native.PURE_ENV: pure})
        done = subprocess.run([sys.executable, "-P", "-c", probe], env=env, capture_output=True, text=True)
        assert done.returncode == 0, done.stderr
        runs[pure] = done.stdout.splitlines()
    assert runs["1"][0] == "pure py"
    expected = "compiled so" if native.stale_reason(str(ENGINE)) is None else "pure py"
    assert runs["0"][0] == expected
    assert runs["0"][1] == runs["1"][1] and '"han":' in runs["1"][1].replace(" ", "")
    assert (
        runs["0"][2] == runs["1"][2] and "\\u5e73\\u548c" in runs["1"][2]
    )  # the rules' docstrings, pinfu's name


def _fake_engine(tmp_path: Path) -> Path:
    engine = tmp_path / "engine"
    (engine / "yaku").mkdir(parents=True)
    (engine / "hand.py").write_text("X = 1\n")
    (engine / "yaku" / "base.py").write_text("Y = 2\n")
    (engine / native.COMPILED_DIR).mkdir()
    return engine


def _write_manifest(engine: Path, text: str) -> None:
    (engine / native.COMPILED_DIR / native.MANIFEST).write_text(text, encoding="utf-8")


def test_a_build_matches_only_the_sources_it_was_made_from(tmp_path: Path) -> None:
    engine = _fake_engine(tmp_path)
    assert native.stale_reason(str(engine)).startswith("not built")  # type: ignore[union-attr]
    _write_manifest(engine, native.source_manifest(str(engine)) + "# a note of the build\n")
    assert native.stale_reason(str(engine)) is None
    (engine / "yaku" / "base.py").write_text("Y = 3\n")  # same size, other bytes
    assert native.stale_reason(str(engine)) == "older than its sources (engine/yaku/base.py changed)"


def test_a_source_added_after_the_build_or_another_python_makes_it_stale(tmp_path: Path) -> None:
    engine = _fake_engine(tmp_path)
    manifest = native.source_manifest(str(engine))
    _write_manifest(engine, manifest)
    (engine / "fu.py").write_text("Z = 0\n")
    assert native.stale_reason(str(engine)) == "older than its sources (engine/fu.py changed)"
    _write_manifest(engine, manifest.replace(EXTENSION_SUFFIXES[0], ".cpython-399-x.so", 1))
    assert native.stale_reason(str(engine)).startswith("built for another Python")  # type: ignore[union-attr]


def test_a_stale_build_stays_off_the_path_with_one_warning(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    engine = _fake_engine(tmp_path)
    _write_manifest(engine, native.source_manifest(str(engine)))
    (engine / "hand.py").write_text("X = 'edited after the build'\n")
    monkeypatch.delenv(native.PURE_ENV, raising=False)
    monkeypatch.setattr(native, "BUILD", native.BUILD)
    monkeypatch.setattr(native, "REASON", native.REASON)
    path = [str(engine)]
    with pytest.warns(RuntimeWarning, match=r"older than its sources \(engine/hand.py changed\)"):
        native.activate(path)
    assert path == [str(engine)] and native.BUILD == "pure"


def test_a_matching_build_goes_first_on_the_path_unless_the_pure_engine_is_asked_for(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    engine = _fake_engine(tmp_path)
    _write_manifest(engine, native.source_manifest(str(engine)))
    monkeypatch.setattr(native, "BUILD", native.BUILD)
    monkeypatch.setattr(native, "REASON", native.REASON)
    monkeypatch.setenv(native.PURE_ENV, "1")
    path = [str(engine)]
    native.activate(path)
    assert path == [str(engine)] and native.BUILD == "pure"
    monkeypatch.delenv(native.PURE_ENV)
    native.activate(path)
    assert path == [str(engine / native.COMPILED_DIR), str(engine)] and native.BUILD == "compiled"

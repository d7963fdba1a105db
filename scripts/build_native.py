"""Compile the engine's scoring path with mypyc into engine/_compiled/ (docs/engine.md "The compiled engine").

    .venv/bin/python scripts/build_native.py [--force]

Run by scripts/setup.sh. Does nothing where the build already matches the sources. Where mypyc, a C
compiler or Python's headers are missing it says so in one line and leaves the engine pure Python (exit 0):
the compiled engine is only ever a faster copy of the same code.

How: the engine's sources are copied into a staging tree laid out as they are imported
(`riichi_table/engine/...`, so mypyc names the modules `riichi_table.engine.hand`, ...), compiled there by
setuptools with `mypycify` into one shared library plus one small module per source (twice: the first
build, with profiling, is run over a training batch in the staging tree, and the second is laid out by its
counts), and the modules are moved into engine/_compiled/ with a manifest of the sources they came from
(engine/native.py). The package puts that folder on its path only while the manifest matches the sources.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import sysconfig
import time
import zlib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
ENGINE = ROOT / "engine"
STAGE = ROOT / "build" / "native"

# The modules `riichi-table batch` and the scorer run, chosen by measurement (docs/engine.md): tiles,
# hand analysis, decomposition, yaku, fu, points, scoring, the batch protocol and the rules' cache key
# (rules_key). Left as Python: the game half (round, furiten, logs: on no hot path, it would only lengthen
# the build); rules.py (a compiled class keeps no field types for the override checks to read, and compiling
# it saves 1 % of the batch's instructions); suit_patterns.py (it reads its tables with C loops already, and
# stays runnable with `python -m`). Every module of a compiled package (`yaku`) is compiled, as the
# package's path then holds only the compiled folder.
MODULES = [
    "errors",
    "frozen_build",
    "tiles",
    "melds",
    "hand",
    "decompose",
    "fu",
    "points",
    "score",
    "batch",
    "rules_key",
]
PACKAGES = ["yaku"]
PURE_ENV = "RIICHI_TABLE_PURE_ENGINE"
GROUP = "riichi_table.engine.native"  # the shared library: riichi_table.engine.native__mypyc

# C compiler flags beyond mypyc's own (docs/engine.md, "a profile-guided build"): the library's functions are
# hidden and not interposable, so its calls to its own functions go straight there (not through the PLT) and
# can be inlined; only the modules' `PyInit_` functions are exported, which is all Python looks for.
CFLAGS = ["-fvisibility=hidden", "-fno-semantic-interposition"]
# Profile-guided: a first build counts where its code goes over a training batch, the second is laid out
# and inlined by those counts (hot code together, error paths apart). Code the training never ran is
# optimised as without a profile (-fprofile-partial-training).
PROFILE_GENERATE = (["-fprofile-generate", "-fprofile-update=single"], ["-fprofile-generate"])
PROFILE_USE = (["-fprofile-use", "-fprofile-partial-training", "-Wno-missing-profile"], [])
TRAINING_LINES = 12000  # bench/batch_corpus.py lines (seed 1): every op, preset, and broken input

_SETUP = """
import sys
from setuptools import setup
from mypyc.build import mypycify
compile_args, link_args = {compile_args!r}, {link_args!r}
paths = sys.argv[1:]
sys.argv[1:] = ["build_ext", "--build-lib", "../lib", "--build-temp", "../temp", "--parallel", "2", "--force"]
extensions = mypycify(paths, group_name={group!r}, opt_level="3")
for extension in extensions:  # a new list each: mypyc's extensions share one
    extension.extra_compile_args = [*extension.extra_compile_args, *compile_args]
    extension.extra_link_args = [*extension.extra_link_args, *link_args]
setup(name="riichi-table-engine", ext_modules=extensions)
"""

# Run by the training step in the staging tree, where the profiling build sits as the staged engine's
# compiled folder: every line of the training file through `handle`, as `riichi-table batch` answers it.
_TRAIN = """
import json, os, sys
from riichi_table.engine import native
from riichi_table.engine.batch import handle, holds_float
assert native.BUILD == "compiled", native.REASON
assert os.path.dirname(native.__file__) == sys.argv[2], native.__file__  # the staged engine, not this one
with open(sys.argv[1], encoding="utf-8") as lines:
    for line in lines:
        try:
            request = json.loads(line)
        except (ValueError, RecursionError):
            continue
        if not handle(request)["ok"]:
            holds_float(request)
"""


def _missing_tool() -> str | None:
    """What is missing to compile, or None."""
    try:
        import mypyc.build  # noqa: F401
    except ImportError:
        return "mypyc is not installed (it comes with the [dev] extra: scripts/setup.sh --full)"
    compiler = (sysconfig.get_config_var("CC") or "cc").split()[0]
    if shutil.which(compiler) is None:
        return f"no C compiler ({compiler})"
    headers = Path(sysconfig.get_paths()["include"]) / "Python.h"
    if not headers.is_file():
        return f"no Python headers ({headers})"
    return None


def _stage() -> Path:
    """A copy of the engine's sources as riichi_table/engine/..., without built files; returns its root."""
    if STAGE.exists():
        shutil.rmtree(STAGE)
    src = STAGE / "src"
    (src / "riichi_table").mkdir(parents=True)
    (src / "riichi_table" / "__init__.py").write_text("")
    shutil.copytree(
        ENGINE,
        src / "riichi_table" / "engine",
        ignore=shutil.ignore_patterns("_compiled", "__pycache__", "*.so", "*.bin"),
    )
    return src


def _sources(src: Path) -> list[str]:
    engine = Path("riichi_table") / "engine"
    paths = [str(engine / f"{name}.py") for name in MODULES]
    for package in PACKAGES:
        paths += sorted(str(p.relative_to(src)) for p in (src / engine / package).glob("*.py"))
    return paths


def _build_note() -> str:
    """The manifest's note naming this script's version: a change to the module list rebuilds."""
    return f"# built by scripts/build_native.py {zlib.crc32(Path(__file__).read_bytes()):08x}"


def _manifest_notes() -> list[str]:
    from riichi_table.engine import native

    try:
        text = (ENGINE / native.COMPILED_DIR / native.MANIFEST).read_text(encoding="utf-8")
    except OSError:
        return []
    return [line for line in text.splitlines() if line.startswith("#")]


def build() -> int:
    from riichi_table.engine import native

    missing = _missing_tool()
    if missing is not None:
        print(f"riichi-table: the engine runs as pure Python: {missing}")
        old = ENGINE / native.COMPILED_DIR
        if old.exists() and native.stale_reason(str(ENGINE)) is not None:  # it would warn at each start
            shutil.rmtree(old)
        return 0
    src = _stage()
    manifest = native.source_manifest(str(src / "riichi_table" / "engine"))
    start = time.monotonic()
    cpu = os.times()
    profiled = _training_lines(src)
    if profiled is not None:  # the profiling build, run over the training lines in the staging tree
        if not _compile(src, PROFILE_GENERATE):
            return 1
        _install(STAGE / "lib" / "riichi_table" / "engine", src / "riichi_table" / "engine", manifest, "")
        profiled = _train(src, profiled)
    use = PROFILE_USE if profiled is not None else ([], [])
    if not _compile(src, use):
        return 1
    note = f"\n# profile-guided, trained on {profiled}" if profiled is not None else ""
    _install(STAGE / "lib" / "riichi_table" / "engine", ENGINE, manifest, note)
    after = os.times()
    children_cpu = after.children_user - cpu.children_user + after.children_system - cpu.children_system
    guided = "profile-guided" if profiled is not None else "without a profile (no training lines)"
    print(
        f"riichi-table: compiled the engine with mypyc into engine/{native.COMPILED_DIR}/, {guided} "
        f"({time.monotonic() - start:.0f} s wall, {children_cpu:.0f} CPU s)"
    )
    return 0


def _compile(src: Path, flags: tuple[list[str], list[str]]) -> bool:
    """Compile the staged sources with mypyc, `flags` (compile, link) added to CFLAGS."""
    setup = _SETUP.format(group=GROUP, compile_args=[*CFLAGS, *flags[0]], link_args=flags[1])
    done = subprocess.run(
        [sys.executable, "-c", setup, *_sources(src)], cwd=src, capture_output=True, text=True
    )
    if done.returncode != 0:
        print(done.stdout[-4000:], done.stderr[-4000:], sep="\n", file=sys.stderr)
        print("riichi-table: compiling the engine failed (above); the engine runs as pure Python")
        return False
    return True


def _install(built: Path, engine: Path, manifest: str, note: str) -> None:
    """Move the libraries under `built` into `engine`'s compiled folder, with their sources' manifest."""
    from riichi_table.engine import native

    fresh = engine / (native.COMPILED_DIR + ".new")
    if fresh.exists():
        shutil.rmtree(fresh)
    for library in built.rglob("*.so"):
        target = fresh / library.relative_to(built)
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(library, target)
    (fresh / native.MANIFEST).write_text(manifest + _build_note() + note + "\n", encoding="utf-8")
    old = engine / native.COMPILED_DIR
    if old.exists():
        shutil.rmtree(old)
    fresh.rename(old)


def _training_lines(src: Path) -> str | None:
    """Write the training batch into the staging tree (bench/batch_corpus.py); None where that fails."""
    corpus = ROOT / "bench" / "batch_corpus.py"
    if not corpus.is_file():
        return None
    done = subprocess.run(
        [sys.executable, "-P", str(corpus), str(TRAINING_LINES), "1"], capture_output=True, text=True
    )
    if done.returncode != 0:
        return None
    (src.parent / "training.jsonl").write_text(done.stdout, encoding="utf-8")
    return f"{TRAINING_LINES} lines of bench/batch_corpus.py"


def _train(src: Path, what: str) -> str | None:
    """Run the profiling build over the training lines (its counts land beside the build's objects); `what`
    where that worked, else None (then the build goes on without a profile)."""
    engine = src / "riichi_table" / "engine"
    shutil.copy2(ENGINE / "suit_patterns.bin", engine / "suit_patterns.bin")
    env = {k: v for k, v in os.environ.items() if k != PURE_ENV}
    env["PYTHONPATH"] = str(src)
    done = subprocess.run(
        [sys.executable, "-c", _TRAIN, str(src.parent / "training.jsonl"), str(engine)],
        cwd=src,
        env=env,
        capture_output=True,
        text=True,
    )
    if done.returncode != 0:
        print(f"riichi-table: training the profile failed, building without one: {done.stderr[-2000:]}")
        return None
    return what


def main(argv: list[str]) -> int:
    os.environ[PURE_ENV] = "1"  # this process only reads the sources: no warning about the build it replaces
    from riichi_table.engine import native

    if (
        native.stale_reason(str(ENGINE)) is None
        and _build_note() in _manifest_notes()
        and "--force" not in argv
    ):
        print("riichi-table: the compiled engine matches its sources")
        return 0
    return build()


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

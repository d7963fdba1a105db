"""Which build of the engine runs: the modules mypyc compiled from these sources, or the sources themselves.

`scripts/build_native.py` (run by `scripts/setup.sh`) compiles the scoring path with mypyc into
`engine/_compiled/` and writes there a manifest of every engine source file it compiled from (CRC-32 and
size of each `.py`, and the extension suffix of the Python it was built for; lines starting with `#` are
the build's own notes). `activate`, called once by
the package's `__init__`, puts that folder first on the package's `__path__` only when the manifest matches
the sources on disk now, so a module edited after a build is never shadowed by an older compiled copy: the
whole engine then runs as pure Python and says so once (a `RuntimeWarning`). The compiled files sit in a
folder of their own rather than beside the sources, where the import system would prefer them to the
`.py` files whatever their age.

`RIICHI_TABLE_PURE_ENGINE=1` runs the pure-Python engine even where a build matches (for comparisons).
`BUILD` says which one this process runs ("compiled" or "pure") and `REASON` why it is pure.
"""

from __future__ import annotations

import os
import warnings
import zlib
from importlib.machinery import EXTENSION_SUFFIXES

COMPILED_DIR = "_compiled"
MANIFEST = "manifest.txt"
PURE_ENV = "RIICHI_TABLE_PURE_ENGINE"
_SKIP = frozenset({COMPILED_DIR, "__pycache__"})

BUILD = "pure"
REASON = "not activated"


def source_manifest(engine_dir: str) -> str:
    """The manifest text of the engine sources under `engine_dir` as they are now: a header naming this
    Python's extension suffix, then one line per `.py` file (path relative to `engine_dir`, CRC-32, size)."""
    lines = [f"riichi-table compiled engine for {EXTENSION_SUFFIXES[0]}"]
    _list_sources(engine_dir, "", lines)
    return "\n".join(lines) + "\n"


def _list_sources(folder: str, prefix: str, lines: list[str]) -> None:
    for entry in sorted(os.scandir(folder), key=lambda e: e.name):
        if entry.is_dir():
            if entry.name not in _SKIP:
                _list_sources(entry.path, f"{prefix}{entry.name}/", lines)
        elif entry.name.endswith(".py"):
            with open(entry.path, "rb") as source:
                data = source.read()
            lines.append(f"{prefix}{entry.name} {zlib.crc32(data):08x} {len(data)}")


def stale_reason(engine_dir: str) -> str | None:
    """Why the compiled build in `engine_dir` must not be used (not built, built for another Python, or
    compiled from other sources: the first differing file is named), or None when it matches."""
    try:
        with open(os.path.join(engine_dir, COMPILED_DIR, MANIFEST), encoding="utf-8") as manifest:
            built = manifest.read()
    except OSError:
        return "not built (scripts/build_native.py builds it)"
    built_lines = [line for line in built.splitlines() if not line.startswith("#")]  # notes of the build
    now_lines = source_manifest(engine_dir).splitlines()
    if built_lines == now_lines:
        return None
    if built_lines[:1] != now_lines[:1]:
        return f"built for another Python ({built_lines[0] if built_lines else 'empty manifest'})"
    built_files = {line.split(" ", 1)[0]: line for line in built_lines[1:]}
    now_files = {line.split(" ", 1)[0]: line for line in now_lines[1:]}
    changed = sorted(
        name for name in built_files.keys() | now_files.keys() if built_files.get(name) != now_files.get(name)
    )
    return f"older than its sources (engine/{changed[0]} changed)" if changed else "manifest unreadable"


def activate(package_path: list[str]) -> None:
    """Put the compiled modules first on the engine package's `package_path` where they match the sources
    (and `RIICHI_TABLE_PURE_ENGINE` is not set); warn once where a build exists but is stale."""
    global BUILD, REASON
    engine_dir = package_path[0]
    BUILD = "pure"
    if os.environ.get(PURE_ENV, "") not in ("", "0"):
        REASON = f"{PURE_ENV} is set"
        return
    reason = stale_reason(engine_dir)
    if reason is None:
        package_path.insert(0, os.path.join(engine_dir, COMPILED_DIR))
        BUILD, REASON = "compiled", ""
        return
    REASON = reason
    if not reason.startswith("not built"):
        warnings.warn(
            f"riichi-table: the compiled engine is {reason}; running the pure-Python engine "
            "(scripts/setup.sh or scripts/build_native.py rebuilds it)",
            RuntimeWarning,
            stacklevel=2,
        )

"""The `riichi-table` command: a thin dispatcher over one module per subcommand.

Each subcommand lives in `riichi_table/commands/<name>.py` and exposes `add_arguments(parser)` and
`run(args) -> int`. Only the chosen command's module is imported, so `riichi-table batch` starts without
loading OpenCV, onnxruntime or Flask.
"""

from __future__ import annotations

import importlib
import sys
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from collections.abc import Sequence

# name -> (module, one-line summary). Order is the order of `riichi-table --help`.
COMMANDS: dict[str, tuple[str, str]] = {
    "serve": (
        "riichi_table.commands.serve",
        "the assistant with its web page (camera, video file, or the demo)",
    ),
    "score": ("riichi_table.commands.score", "score one hand; --json for machine output"),
    "batch": ("riichi_table.commands.batch", "JSON lines in, JSON lines out: score / waits / furiten / draw"),
    "check-log": (
        "riichi_table.commands.check_log",
        "replay a game record (tenhou.net/6 JSON or mjai lines) and report where it disagrees",
    ),
    "read": ("riichi_table.commands.read", "read a hand from a photo and score it"),
    "detect": ("riichi_table.commands.detect", "write tile detections as YOLO txt with confidences"),
    "replay": (
        "riichi_table.commands.replay",
        "run the live pipeline over a recording and write the game log",
    ),
    "synth": ("riichi_table.commands.synth", "render synthetic scenes (YOLO dataset) or a whole game clip"),
    "train": (
        "riichi_table.commands.train",
        "train the tile models with ultralytics and export them to ONNX",
    ),
    "enroll": ("riichi_table.commands.enroll", "adapt the reader to a club's own tiles from a few photos"),
    "device": ("riichi_table.commands.device", "talk to the LED/buzzer unit, or run its emulator"),
    "club": ("riichi_table.commands.club", "the club server's tables: add-table, revoke, list"),
}

# Base exceptions of each package; looked up lazily so that no package is imported just to catch its errors.
_ERROR_BASES = (
    ("riichi_table.engine.errors", "EngineError"),
    ("riichi_table.vision.errors", "VisionError"),
    ("riichi_table.device.errors", "DeviceError"),
    ("riichi_table.webui.errors", "WebError"),
    ("riichi_table.assistant.errors", "AssistantError"),
    ("riichi_table.datasets.errors", "DatasetError"),
    ("riichi_table.club.errors", "ClubError"),
)


def _usage() -> str:
    width = max(len(n) for n in COMMANDS)
    lines = [
        "usage: riichi-table COMMAND [options]   (riichi-table COMMAND --help for its options)",
        "",
        "commands:",
    ]
    lines += [f"  {name:<{width}}  {summary}" for name, (_, summary) in COMMANDS.items()]
    return "\n".join(lines)


def _known_errors() -> tuple[type[BaseException], ...]:
    found: list[type[BaseException]] = []
    for module_name, cls_name in _ERROR_BASES:
        module = sys.modules.get(module_name)
        if module is not None and hasattr(module, cls_name):
            found.append(getattr(module, cls_name))
    return tuple(found)


def main(argv: Sequence[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    if not args or args[0] in ("-h", "--help", "help"):
        print(_usage())
        return 0 if args else 2
    name, rest = args[0], args[1:]
    if name not in COMMANDS:
        print(f"riichi-table: unknown command {name!r}\n\n{_usage()}", file=sys.stderr)
        return 2
    module_name, summary = COMMANDS[name]
    module = importlib.import_module(module_name)
    # a command may read its usual command lines itself (`quick_args`), sparing its start-up argparse
    quick = getattr(module, "quick_args", None)
    parsed = quick(rest) if quick is not None else None
    if parsed is None:
        import argparse

        parser = argparse.ArgumentParser(prog=f"riichi-table {name}", description=summary)
        module.add_arguments(parser)
        parsed = parser.parse_args(rest)
    try:
        return int(module.run(parsed) or 0)
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        return 1
    except OSError as exc:
        known = _known_errors()
        if known and isinstance(exc, known):
            print(f"riichi-table {name}: error: {exc}", file=sys.stderr)
            return 2
        where = f" {exc.filename!r}" if getattr(exc, "filename", None) else ""
        print(f"riichi-table {name}: error:{where} {exc.strerror or exc}", file=sys.stderr)
        return 2
    except Exception as exc:
        if isinstance(exc, _known_errors()):
            print(f"riichi-table {name}: error: {exc}", file=sys.stderr)
            return 2
        raise


def entry() -> None:
    """The process entry (the `riichi-table` console script and `python -m riichi_table`): `main()`, then the
    process ends the usual way, exit handlers and the flushing of standard output included.

    Before it ends, every object then alive is moved out of the collector's reach (`gc.freeze`). The
    interpreter's teardown runs the collector over everything tracked, four times (for `batch`, the
    engine's tables and caches: about 7 % of a start-up's instructions), and nothing in it needs to be found
    as garbage: the process's memory goes back to the system whole. Objects that are not in a reference cycle
    are still freed, and their finalizers run, as modules are emptied; the interpreter never promised to run
    the finalizers of objects in cycles at exit. `main()` itself leaves the collector as it found it.
    """
    code = main()
    import gc

    gc.freeze()
    raise SystemExit(code)


if __name__ == "__main__":
    entry()

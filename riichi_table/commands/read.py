"""`riichi-table read PHOTO [--json]`: read a revealed hand from a photo and score it with the engine.

Prints the hand in notation (concealed tiles, `+` the winning tile set apart, melds in brackets with `<seat`
the relative seat the called tile came from), each tile with its confidence; tiles below 0.7 (a calibrated
chance of being right, docs/vision.md) are marked `?` and listed as uncertain.
The score comes from `engine.batch.handle` (op "score"); the winning tile is the one set apart in the photo,
or `--win` when the photo does not show one apart.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

_FLAGS = ("tsumo", "riichi", "double_riichi", "ippatsu", "haitei", "houtei", "rinshan", "chankan")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("photos", nargs="+", type=Path, metavar="PHOTO", help="photo(s) of a revealed hand")
    parser.add_argument("--json", action="store_true", help="one JSON object per photo on stdout")
    parser.add_argument(
        "--models", type=Path, default=None, metavar="DIR", help="folder with the ONNX models"
    )
    parser.add_argument(
        "--classifier", type=Path, default=None, help="a classifier .onnx (e.g. an enrolled one)"
    )
    for flag in _FLAGS:
        parser.add_argument(f"--{flag.replace('_', '-')}", action="store_true", help=f"the win is {flag}")
    parser.add_argument("--seat-wind", default="E", choices="ESWN", help="the winner's seat wind (default E)")
    parser.add_argument("--round-wind", default="E", choices="ESWN", help="the round wind (default E)")
    parser.add_argument("--dora", default="", help="dora indicators in notation, e.g. 3m7z")
    parser.add_argument("--ura", default="", help="ura dora indicators in notation")
    parser.add_argument("--honba", type=int, default=0)
    parser.add_argument("--sticks", type=int, default=0, help="riichi sticks on the table")
    parser.add_argument("--rules", default=None, help="rule preset name (default: the engine's)")
    parser.add_argument("--win", default=None, help="the winning tile, when the photo does not set it apart")


def score_request(hand: Any, args: argparse.Namespace) -> dict[str, Any] | None:
    """The engine batch request for a read hand, or None when no winning tile is known."""
    data = hand.to_json()
    win = args.win or data["win"]
    concealed = data["hand"]
    if win is None:
        return None
    if args.win and data["win"] is None:
        # The winning tile was not set apart, so it is among the concealed tiles: take one copy out.
        from riichi_table.engine.tiles import parse_tile, parse_tiles, to_notation

        tiles = parse_tiles(concealed)
        target = parse_tile(args.win)
        if target in tiles:
            tiles.remove(target)
            concealed = to_notation(tiles)
    req: dict[str, Any] = {"op": "score", "hand": concealed, "win": win}
    req["melds"] = [{"kind": m["kind"], "tiles": m["tiles"], "from": m["from"]} for m in data["melds"]]
    for flag in _FLAGS:
        if getattr(args, flag):
            req[flag] = True
    req.update(seat_wind=args.seat_wind, round_wind=args.round_wind, dora=args.dora, ura=args.ura)
    req.update(honba=args.honba, sticks=args.sticks)
    if args.rules:
        req["rules"] = args.rules
    return req


def _check_score_options(args: argparse.Namespace) -> None:
    """Reject bad scoring options before any photo is read, even where no photo ends up scored."""
    from riichi_table.engine.errors import EngineError
    from riichi_table.engine.rules import resolve_rules
    from riichi_table.engine.tiles import parse_tile, parse_tiles

    for name in ("honba", "sticks"):
        if getattr(args, name) < 0:
            raise EngineError(f"--{name} must be a whole number >= 0, got {getattr(args, name)}")
    parse_tiles(args.dora)
    parse_tiles(args.ura)
    if args.win:
        parse_tile(args.win)
    if args.rules:
        resolve_rules(args.rules)


def _score(req: dict[str, Any] | None) -> dict[str, Any]:
    if req is None:
        return {"ok": False, "error": "no winning tile set apart in the photo; pass --win TILE"}
    from riichi_table.engine.batch import handle

    return handle(req)


def _print_text(path: Path, hand: Any, result: dict[str, Any]) -> None:
    print(f"{path}: {hand.notation()}")
    print("  tiles: " + " ".join(f"{t.label()}:{t.confidence:.2f}" for t in hand.all_tiles()))
    if hand.uncertain:
        print(f"  uncertain ({len(hand.uncertain)}): " + " ".join(t.label() for t in hand.uncertain))
    for warning in hand.warnings:
        print(f"  warning: {warning}")
    if result.get("ok"):
        shown = {k: result[k] for k in ("han", "fu", "yaku", "limit", "points", "total") if k in result}
        print("  score: " + json.dumps(shown, ensure_ascii=False))
    else:
        print(f"  not scored: {result.get('error')}")


def run(args: argparse.Namespace) -> int:
    from riichi_table.vision.errors import VisionError
    from riichi_table.vision.read_hand import read_hand
    from riichi_table.vision.reader import TileReader

    _check_score_options(args)
    reader = TileReader(args.models, classifier=args.classifier)
    failed = 0
    for path in args.photos:
        try:
            hand = read_hand(reader.detect_file(path))
        except VisionError as exc:
            print(f"riichi-table read: {exc}", file=sys.stderr)
            failed += 1
            continue
        result = _score(score_request(hand, args))
        if args.json:
            print(json.dumps({"photo": str(path), **hand.to_json(), "score": result}, ensure_ascii=False))
        else:
            _print_text(path, hand, result)
    return 1 if failed else 0

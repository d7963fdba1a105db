"""`riichi-table score HAND --win TILE ...`: score one hand, readably or as the batch response (`--json`)."""

from __future__ import annotations

import argparse
import json


def add_arguments(parser: argparse.ArgumentParser) -> None:
    from riichi_table.engine.yaku.base import FLAGS

    parser.add_argument("hand", help="concealed tiles without the winning tile, e.g. 234m456p789s66s11z")
    parser.add_argument("--win", required=True, help="the winning tile, e.g. 6s")
    parser.add_argument(
        "--meld",
        action="append",
        default=[],
        metavar="KIND:TILES[:FROM]",
        help="a meld, e.g. pon:555m:2, chi:789s:3, ankan:1111z (repeatable)",
    )
    for flag in FLAGS:
        parser.add_argument(f"--{flag.replace('_', '-')}", dest=flag, action="store_true")
    parser.add_argument("--seat-wind", default="E", choices=list("ESWN"))
    parser.add_argument("--round-wind", default="E", choices=list("ESWN"))
    parser.add_argument("--dora", default="", help="dora indicators, e.g. 3p1z")
    parser.add_argument("--ura", default="", help="ura dora indicators")
    parser.add_argument("--honba", type=int, default=0)
    parser.add_argument("--sticks", type=int, default=0, help="riichi sticks on the table")
    parser.add_argument(
        "--pao", type=int, choices=(1, 2, 3), help="relative seat liable for the hand (seed 002 3.3.9)"
    )
    parser.add_argument("--discarder", type=int, choices=(1, 2, 3), help="relative seat of a ron's discarder")
    parser.add_argument(
        "--rules",
        default="wrc",
        help='a preset (wrc, uspml, online, tenhou, beginner) or JSON {"preset": ...}',
    )
    parser.add_argument("--json", action="store_true", help="print the batch response object")


def _meld(text: str) -> dict[str, object]:
    parts = text.split(":")
    out: dict[str, object] = {"kind": parts[0], "tiles": parts[1] if len(parts) > 1 else ""}
    if len(parts) > 2:
        out["from"] = int(parts[2]) if parts[2].isdigit() else parts[2]
    elif parts[0] == "chi":
        out["from"] = 3
    elif parts[0] != "ankan":
        out["from"] = 2
    return out


def request_from_args(args: argparse.Namespace) -> dict[str, object]:
    from riichi_table.engine.yaku.base import FLAGS

    rules: object = args.rules
    if isinstance(rules, str) and rules.lstrip().startswith("{"):
        try:
            rules = json.loads(rules)
        except ValueError as exc:
            from riichi_table.engine.errors import RuleError

            raise RuleError(f"bad --rules JSON: {exc}") from exc
    req: dict[str, object] = {
        "op": "score",
        "hand": args.hand,
        "win": args.win,
        "melds": [_meld(m) for m in args.meld],
        "seat_wind": args.seat_wind,
        "round_wind": args.round_wind,
        "dora": args.dora,
        "ura": args.ura,
        "honba": args.honba,
        "sticks": args.sticks,
        "rules": rules,
    }
    for flag in FLAGS:
        req[flag] = getattr(args, flag)
    for seat in ("pao", "discarder"):
        if getattr(args, seat) is not None:
            req[seat] = getattr(args, seat)
    return req


def _readable(resp: dict[str, object]) -> str:
    if not resp["ok"]:
        return f"not scored: {resp['error']}"
    lines = []
    yaku = resp["yaku"]
    assert isinstance(yaku, list)
    for name, han in yaku:
        lines.append(f"  {name:<22} {han:>3} han")
    limit = f" {resp['limit']}" if resp["limit"] else ""
    lines.append(f"  {resp['han']} han {resp['fu']} fu{limit}")
    detail = resp["fu_detail"]
    assert isinstance(detail, list)
    lines.append("  fu: " + ", ".join(f"{r} {f}" for r, f in detail))
    pay = resp["payments"]
    assert isinstance(pay, dict)
    if "ron" in pay:
        lines.append(f"  ron: {pay['ron']} from the discarder")
    elif "all" in pay:
        lines.append(f"  tsumo: {pay['all']} from each player")
    elif "dealer" in pay:
        lines.append(f"  tsumo: {pay['dealer']} from the dealer, {pay['non_dealer']} from each other player")
    if "pao" in pay:
        lines.append(f"  pao: {pay['pao']} from the liable player (seed 002 3.3.9)")
    lines.append(f"  points {resp['points']}, with honba and sticks {resp['total']}")
    return "\n".join(lines)


def run(args: argparse.Namespace) -> int:
    from riichi_table.engine.batch import handle

    resp = handle(request_from_args(args))
    if args.json:
        print(json.dumps(resp, ensure_ascii=False))
    else:
        print(_readable(resp))
    return 0 if resp["ok"] else 1

"""A simulated table: a scripted game fed to the engine hand by hand and pushed through the real club
client (feed -> outbox -> forwarder), for the end-to-end tests and `bench/club.py`.

    python -m riichi_table.club.sim --club http://127.0.0.1:8090 --table T1 --token TOKEN \\
        --data-dir /tmp/t1 --hands 12 --interval 0.5

The game is drawn from `--seed` (default: the table's name), so a table restarted on the same data folder
plays the same hands again and its outbox keeps every message once. Prints one line per hand written.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from riichi_table.club.client import TOKEN_ENV, ClubClient, Forwarder
from riichi_table.club.feed import ClubFeed
from riichi_table.club.outbox import OUTBOX_NAME, Outbox
from riichi_table.engine.errors import EngineError
from riichi_table.engine.game import Game
from riichi_table.engine.hand_result import result_from_json


def scripted_results(seed: str) -> Iterator[dict[str, Any]]:
    """An endless stream of plausible hand results (wins of 1..6 han at 30/40 fu, draws), seeded."""
    rng = random.Random(seed)
    while True:
        if rng.random() < 0.2:
            yield {
                "kind": "draw",
                "tenpai": [rng.random() < 0.4 for _ in range(4)],
                "nagashi": [],
                "riichi": [],
            }
            continue
        winner = rng.randrange(4)
        loser = rng.choice([None, *[s for s in range(4) if s != winner]])
        han = rng.choice([1, 2, 2, 3, 3, 4, 5, 6])
        riichi = [winner] if rng.random() < 0.3 else []
        yield {
            "kind": "win",
            "winners": [{"seat": winner, "han": han, "fu": rng.choice([30, 40])}],
            "from": loser,
            "riichi": riichi,
        }


def play(
    feed: ClubFeed, seed: str, hands: int, interval: float, rules: str = "wrc", echo: bool = False
) -> int:
    """Play `hands` hands (new games as games end), observing after each; returns the hands written.
    `echo`: print a line per hand."""
    results = scripted_results(seed)
    game = Game(rules)
    feed.observe(game, [])
    written = 0
    while written < hands:
        if game.ended:
            game = Game(rules)
            feed.observe(game, [])
        try:
            game.apply_result(result_from_json(next(results)))
        except EngineError:
            continue  # a drawn result this game cannot take (a riichi stick with too few points): draw again
        feed.observe(game, [])
        written += 1
        if echo:
            print(f"hand {written} game {feed.game_id}", flush=True)
        time.sleep(interval)
    return written


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m riichi_table.club.sim", description=__doc__.splitlines()[0])
    p.add_argument("--club", required=True)
    p.add_argument("--table", required=True)
    p.add_argument("--token", default=None)
    p.add_argument("--data-dir", type=Path, required=True)
    p.add_argument("--hands", type=int, default=12)
    p.add_argument("--interval", type=float, default=0.5)
    p.add_argument("--seed", default=None)
    p.add_argument("--drain-timeout", type=float, default=60.0, help="wait this long for the outbox to empty")
    args = p.parse_args(argv)
    import os

    token = args.token or os.environ.get(TOKEN_ENV, "")
    args.data_dir.mkdir(parents=True, exist_ok=True)
    outbox = Outbox(args.data_dir / OUTBOX_NAME)
    forwarder = Forwarder(outbox, ClubClient(args.club, token, timeout=2.0), max_backoff=1.0)
    feed = ClubFeed(
        outbox, args.table, "wrc", on_write=forwarder.wake, game_ids=lambda n: f"{args.table}-g{n}"
    )
    forwarder.start()
    play(feed, args.seed or args.table, args.hands, args.interval, echo=True)
    deadline = time.monotonic() + args.drain_timeout
    while outbox.counts()["waiting"] and time.monotonic() < deadline:
        time.sleep(0.1)
    forwarder.stop()
    counts = outbox.counts()
    print(
        f"done: {counts['sent']} sent, {counts['waiting']} waiting, {counts['refused']} refused", flush=True
    )
    return 0 if counts["waiting"] == 0 and counts["refused"] == 0 else 1


if __name__ == "__main__":
    sys.exit(main())

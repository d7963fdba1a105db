"""A club night as separate processes on loopback: one club server (`riichi-table serve --club-server`) and
three tables (`python -m riichi_table.club.sim`, a scripted game pushed through the real feed, outbox and
forwarder). The club server is SIGKILLed mid-night and restarted; one table is SIGKILLed while sending and
restarted on its outbox. Every hand must arrive once, in order, and the standings must be the engine's.
"""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path
from typing import Any

import pytest

from riichi_table.club.feed import ClubFeed
from riichi_table.club.outbox import Outbox
from riichi_table.club.sim import play

HANDS = 10
INTERVAL = 0.4


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _cli(*args: str) -> list[str]:
    return [sys.executable, "-m", "riichi_table", *args]


def _get(url: str) -> Any:
    with urllib.request.urlopen(url, timeout=5) as r:
        return json.loads(r.read())


def _wait_up(url: str, proc: subprocess.Popen[bytes], timeout: float = 30.0) -> None:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if proc.poll() is not None:
            raise AssertionError(f"club server exited: {proc.stdout.read() if proc.stdout else ''}")
        try:
            _get(url + "/club/state.json")
            return
        except OSError:
            time.sleep(0.1)
    raise AssertionError("club server did not come up")


class _Recording(ClubFeed):
    """A feed that also keeps every Game it saw (the expected standings come from the engine's ranking)."""

    def observe(self, game: Any, events: list[dict[str, Any]]) -> None:
        if not hasattr(self, "games"):
            self.games: list[Any] = []
        if game not in self.games:
            self.games.append(game)
        super().observe(game, events)


def _expected(tmp: Path, table: str) -> tuple[list[dict[str, Any]], dict[str, int]]:
    box = Outbox(tmp / f"expected-{table}.sqlite")
    feed = _Recording(box, table, "wrc", game_ids=lambda n: f"{table}-g{n}")
    play(feed, table, HANDS, 0.0)
    bodies = []
    while (m := box.next_waiting()) is not None:
        bodies.append(json.loads(m.body))
        box.mark(m.id, "sent", 200, {})
    totals: dict[str, int] = {}
    for g in feed.games:
        for s in g.ranking():
            totals[f"{table}/{s.seat}"] = totals.get(f"{table}/{s.seat}", 0) + s.final
    return bodies, totals


@pytest.mark.slow
def test_a_club_night_survives_a_killed_server_and_a_killed_table(tmp_path: Path) -> None:
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    club_dir = tmp_path / "club"
    tokens = {}
    for t in ("T1", "T2", "T3"):
        out = subprocess.run(
            _cli("club", "add-table", t, "--data-dir", str(club_dir)),
            capture_output=True,
            text=True,
            check=True,
            env=env,
        )
        tokens[t] = out.stdout.strip()
    port = _free_port()
    url = f"http://127.0.0.1:{port}"
    server_cmd = _cli("serve", "--club-server", "--port", str(port), "--data-dir", str(club_dir))
    server = subprocess.Popen(server_cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, env=env)
    tables: dict[str, subprocess.Popen[bytes]] = {}

    def start_table(t: str) -> subprocess.Popen[bytes]:
        cmd = [
            sys.executable,
            "-m",
            "riichi_table.club.sim",
            "--club",
            url,
            "--table",
            t,
            "--token",
            tokens[t],
            "--data-dir",
            str(tmp_path / t),
            "--hands",
            str(HANDS),
            "--interval",
            str(INTERVAL),
        ]
        return subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, env=env)

    try:
        _wait_up(url, server)
        for t in tokens:
            tables[t] = start_table(t)
        time.sleep(1.5)
        tables["T3"].send_signal(signal.SIGKILL)  # a table dies while it sends
        tables["T3"].wait()
        tables["T3"] = start_table("T3")  # and comes back on the same outbox
        time.sleep(0.5)
        server.send_signal(signal.SIGKILL)  # the club server dies mid-night
        server.wait()
        time.sleep(1.5)  # the tables keep playing meanwhile
        server = subprocess.Popen(server_cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, env=env)
        _wait_up(url, server)
        for t, proc in tables.items():
            out, _ = proc.communicate(timeout=120)
            assert proc.returncode == 0, f"{t}: {out.decode()}"
            assert b"0 waiting, 0 refused" in out

        wall = _get(url + "/club/state.json")
        assert [t["table"] for t in wall["tables"]] == ["T1", "T2", "T3"]
        expected_totals: dict[str, int] = {}
        for t in tokens:
            bodies, totals = _expected(tmp_path, t)
            expected_totals.update(totals)
            for game_id in sorted({b["game"] for b in bodies}):
                pushed = _get(f"{url}/club/game/{game_id}.json")["hands"]
                sent = [b for b in bodies if b["game"] == game_id and b["type"] == "hand"]
                assert [h["seq"] for h in pushed] == list(range(1, len(sent) + 1))  # once each, in order
                assert [h["hand"] for h in pushed] == [b["hand"] for b in sent]
                assert all(h["version"] == 1 for h in pushed)
        got = {p["name"]: p["total"] for p in wall["standings"]}
        assert got == expected_totals
    finally:
        for proc in [server, *tables.values()]:
            if proc.poll() is None:
                proc.send_signal(signal.SIGTERM)
                try:
                    proc.wait(timeout=10)
                except subprocess.TimeoutExpired:
                    proc.kill()


@pytest.mark.slow
def test_serve_with_club_pushes_the_demo_clips_games_and_hands_and_shows_club_health(tmp_path: Path) -> None:
    env = {**os.environ, "PYTHONUNBUFFERED": "1", "OMP_NUM_THREADS": "1"}
    club_dir = tmp_path / "club"
    token = subprocess.run(
        _cli("club", "add-table", "T1", "--data-dir", str(club_dir)),
        capture_output=True,
        text=True,
        check=True,
        env=env,
    ).stdout.strip()
    port, table_port = _free_port(), _free_port()
    url = f"http://127.0.0.1:{port}"
    server = subprocess.Popen(
        _cli("serve", "--club-server", "--port", str(port), "--data-dir", str(club_dir)),
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        env=env,
    )
    table = subprocess.Popen(
        _cli(
            "serve",
            "--source",
            "demo",
            "--port",
            str(table_port),
            "--data-dir",
            str(tmp_path / "t1"),
            "--club",
            url,
            "--table",
            "T1",
        ),
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        env={**env, "RIICHI_TABLE_CLUB_TOKEN": token},
    )
    try:
        _wait_up(url, server)
        # The clip loops: each pass is a game that the table opens and closes at the club server. The clip's
        # hand (a ron) arrives once the reader has read the win, with its tile record.
        end = time.monotonic() + 150
        games: list[dict[str, Any]] = []
        while time.monotonic() < end:
            assert table.poll() is None, table.stdout.read() if table.stdout else ""
            wall = _get(url + "/club/state.json")
            games = [g for g in wall["tables"] if g["table"] == "T1"]
            if games and games[0]["hands"] >= 1:
                break
            time.sleep(1)
        assert games, "the table's game never reached the club server"
        assert games[0]["hands"] >= 1, f"the demo's hand never reached the club server: {games}"
        t1 = games[0]
        for hand in _get(f"{url}/club/game/{t1['game']}.json")["hands"]:
            assert hand["hand"]["record"][-1]["type"] == "end_kyoku"
            assert "hora" in t1["last_result"] or "ryukyoku" in t1["last_result"]
        health = _get(f"http://127.0.0.1:{table_port}/api/table")["health"]["club"]
        assert health["state"] in ("ok", "sending"), health
    finally:
        for proc in (table, server):
            proc.send_signal(signal.SIGTERM)
            try:
                proc.wait(timeout=15)
            except subprocess.TimeoutExpired:
                proc.kill()

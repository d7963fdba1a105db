"""`riichi-table serve` as a real process: SIGKILL mid-way loses nothing recorded, and the game resumes."""

from __future__ import annotations

import http.cookiejar
import os
import re
import signal
import sqlite3
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("riichi_table.engine.game", reason="needs the engine's game state (engine/game.py)")
REPO = Path(__file__).resolve().parents[2]


class Server:
    def __init__(self, data_dir: Path) -> None:
        env = {**os.environ, "PYTHONUNBUFFERED": "1"}
        cmd = [sys.executable, "-m", "riichi_table", "serve", "--port", "0", "--source", "none",
               "--data-dir", str(data_dir)]  # fmt: skip
        self.proc = subprocess.Popen(
            cmd, cwd=REPO, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True
        )
        assert self.proc.stdout is not None
        line = self.proc.stdout.readline()
        match = re.search(r"serving (http://[\d.]+:\d+)/", line)
        assert match, f"server did not start: {line!r}"
        self.url = match.group(1)
        threading.Thread(target=self.proc.stdout.read, daemon=True).start()  # keep the pipe drained
        jar = http.cookiejar.CookieJar()
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar), _NoRedirect())
        page = self.opener.open(self.url + "/settings", timeout=10).read().decode()
        self.csrf = re.search(r'name="csrf-token" content="([^"]+)"', page).group(1)

    def post(self, path: str, data: dict[str, Any]) -> int:
        body = urllib.parse.urlencode({**data, "csrf_token": self.csrf}, doseq=True).encode()
        try:
            return int(self.opener.open(self.url + path, body, timeout=10).status)
        except urllib.error.HTTPError as exc:
            return exc.code

    def post_hand(self, game_id: int, data: dict[str, Any]) -> int:
        """Record a hand the way the game page's form does: stamped with the game's current version."""
        version = self.get_json(f"/api/scoreboard?game={game_id}")["version"]
        stamp = {"game_id": str(game_id), "version": str(version)}
        return self.post(f"/club/game/{game_id}/hands", {**data, **stamp})

    def get_json(self, path: str) -> Any:
        import json

        return json.loads(self.opener.open(self.url + path, timeout=10).read())

    def kill(self) -> None:
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait(timeout=10)


class _NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args: Any, **kwargs: Any) -> None:
        return None

    def http_error_302(self, req: Any, fp: Any, code: int, msg: str, headers: Any) -> Any:
        return fp


# The dealer (seat 0) wins every hand, so the deal never passes and the game never ends.
DEALER_RON = {"kind": "win", "win0": "1", "han0": "1", "fu0": "30", "from": "1"}


@pytest.mark.slow
def test_killing_the_server_mid_game_loses_no_recorded_hand_and_the_game_resumes(tmp_path: Path) -> None:
    data = tmp_path / "data"
    server = Server(data)
    try:
        assert server.post("/club/nights", {"title": "Kill test", "preset": "wrc"}) == 302
        for name in ("Ann", "Bob", "Cy", "Dee"):
            assert server.post("/club/players", {"name": name}) == 302
        assert server.post("/club/night/1/games", {f"seat{i}": str(i + 1) for i in range(4)}) == 302
        acknowledged = 0
        for _ in range(6):
            assert server.post_hand(1, DEALER_RON) == 302
            acknowledged += 1
        # Kill it while more hands are being sent.
        stop = threading.Event()

        def flood() -> None:
            nonlocal acknowledged
            while not stop.is_set():
                try:
                    if server.post_hand(1, DEALER_RON) == 302:
                        acknowledged += 1
                except OSError:
                    return

        sender = threading.Thread(target=flood)
        sender.start()
        while acknowledged < 8 and sender.is_alive():
            time.sleep(0.01)
        server.kill()
        stop.set()
        sender.join(timeout=10)
    finally:
        if server.proc.poll() is None:
            server.kill()

    conn = sqlite3.connect(data / "riichi-table.sqlite3")
    assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    recorded = conn.execute("SELECT COUNT(*) FROM hands WHERE active = 1").fetchone()[0]
    history = conn.execute("SELECT COUNT(*) FROM hand_history").fetchone()[0]
    conn.close()
    assert acknowledged <= recorded <= acknowledged + 1  # every acknowledged hand, at most one in flight
    assert history == recorded  # each hand with its history line: never one without the other

    again = Server(data)
    try:
        board = again.get_json("/api/scoreboard")
        assert board["status"] == "running" and board["hands"] == recorded
        assert sum(board["scores"]) + 1000 * board["sticks"] == 120000
        assert again.post_hand(1, {"kind": "draw", "tenpai0": "1"}) == 302
        assert again.get_json("/api/scoreboard")["hands"] == recorded + 1
    finally:
        again.kill()

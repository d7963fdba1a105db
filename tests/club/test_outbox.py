"""The table side: the outbox, the forwarder against a real club server on loopback, and the feed.

The club server runs in this process on a werkzeug server (a real socket); "down" is a port nobody listens
on, then the server starts on that same port.
"""

from __future__ import annotations

import json
import socket
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from riichi_table.webui.club_server import create_club_app
from werkzeug.serving import make_server

from riichi_table.club.backends import open_store
from riichi_table.club.client import ClubClient, Forwarder
from riichi_table.club.feed import ClubFeed
from riichi_table.club.outbox import Outbox
from riichi_table.club.sim import play
from riichi_table.club.store import SqliteClubStore

DEMO_LOG = Path(__file__).resolve().parents[2] / "riichi_table" / "assistant" / "demo" / "truth.mjai.jsonl"


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Server:
    """The club server on a real loopback port, startable later (the table is up before it)."""

    def __init__(self, store: Any, port: int) -> None:
        self.store, self.port = store, port
        self._srv: Any = None

    def start(self) -> None:
        self._srv = make_server(
            "127.0.0.1", self.port, create_club_app({"CLUB_STORE": self.store}), threaded=True
        )
        threading.Thread(target=self._srv.serve_forever, daemon=True).start()

    def stop(self) -> None:
        if self._srv is not None:
            self._srv.shutdown()
            self._srv.server_close()


@pytest.fixture
def club(tmp_path: Path) -> Iterator[tuple[Server, str]]:
    store = open_store(tmp_path / "club.sqlite")
    token = store.add_table("T1")
    server = Server(store, _free_port())
    yield server, token
    server.stop()


def _wait(cond: Callable[[], bool], timeout: float = 20.0) -> None:
    end = time.monotonic() + timeout
    while not cond():
        if time.monotonic() > end:
            raise AssertionError("timed out waiting")
        time.sleep(0.05)


def _table(tmp_path: Path, port: int, token: str) -> tuple[Outbox, Forwarder, ClubFeed]:
    box = Outbox(tmp_path / "outbox.sqlite")
    fwd = Forwarder(box, ClubClient(f"http://127.0.0.1:{port}", token, timeout=2.0), max_backoff=0.3)
    feed = ClubFeed(box, "T1", "wrc", on_write=fwd.wake, game_ids=lambda n: f"T1-g{n}")
    return box, fwd, feed


def test_the_table_keeps_playing_offline_and_delivers_in_order_when_the_server_is_back(
    tmp_path: Path, club: tuple[Server, str]
) -> None:
    server, token = club
    box, fwd, feed = _table(tmp_path, server.port, token)
    fwd.start()
    play(feed, "offline", 3, 0.0)
    _wait(lambda: fwd.offline is not None)
    health = fwd.health()
    assert health["state"] == "offline, 3 hands waiting"
    assert box.counts()["waiting"] == 4  # the game start and three hands
    server.start()
    _wait(lambda: box.counts()["waiting"] == 0)
    fwd.stop()
    assert fwd.health()["state"] == "ok"
    (game,) = server.store.games()
    assert [h["seq"] for h in game.hands] == [1, 2, 3]
    assert server.store.counts()["club_receipts"] == 4


def test_a_lost_answer_is_resent_and_counted_once(tmp_path: Path, club: tuple[Server, str]) -> None:
    server, token = club
    server.start()
    box, fwd, feed = _table(tmp_path, server.port, token)
    play(feed, "lost", 2, 0.0)
    client = ClubClient(f"http://127.0.0.1:{server.port}", token)
    first = box.next_waiting()
    assert (
        first is not None and client.push(first.body).status == 200
    )  # the answer "never reached" the outbox
    fwd.start()
    _wait(lambda: box.counts()["waiting"] == 0)
    fwd.stop()
    assert server.store.counts() == {
        "club_games": 1,
        "club_hands": 2,
        "club_hand_history": 2,
        "club_receipts": 3,
    }


def test_writing_the_same_message_twice_keeps_one(tmp_path: Path) -> None:
    box = Outbox(tmp_path / "o.sqlite")
    body = {"v": 1, "key": "T1-g0:start", "type": "game_start", "table": "T1", "game": "T1-g0"}
    assert box.put(body) is True
    assert box.put({**body, "started_at": "later"}) is False
    assert box.counts()["waiting"] == 1


def test_a_refused_token_shows_in_the_health_line_and_nothing_is_dropped(
    tmp_path: Path, club: tuple[Server, str]
) -> None:
    server, _token = club
    server.start()
    box, fwd, feed = _table(tmp_path, server.port, "T1.wrong")
    fwd.start()
    play(feed, "token", 1, 0.0)
    _wait(lambda: fwd.unauthorized is not None)
    fwd.stop()
    assert fwd.health()["state"] == "error" and "token refused" in fwd.health()["message"]
    assert box.counts()["waiting"] == 2


def test_a_stale_amendment_is_refused_and_the_table_shows_why(
    tmp_path: Path, club: tuple[Server, str]
) -> None:
    server, token = club
    server.start()
    box, fwd, feed = _table(tmp_path, server.port, token)
    fwd.start()
    play(feed, "amend", 2, 0.0)
    _wait(lambda: box.counts()["waiting"] == 0)
    hand = server.store.games()[0].hands[0]["hand"]
    server.store.edit_hand("T1-g0", 1, 1, hand, "scorer's desk")  # the club server edits first: version 2
    feed.amend(1, hand, "table edit")  # made on version 1, the last the table saw confirmed
    _wait(lambda: box.counts()["waiting"] == 0)
    fwd.stop()
    assert box.counts()["refused"] == 1
    health = fwd.health()
    assert (
        health["state"] == "refused"
        and "stale edit" in health["message"]
        and "version 2" in health["message"]
    )


def test_an_amendment_on_the_confirmed_version_is_accepted(tmp_path: Path, club: tuple[Server, str]) -> None:
    server, token = club
    server.start()
    box, fwd, feed = _table(tmp_path, server.port, token)
    fwd.start()
    play(feed, "amend-ok", 1, 0.0)
    _wait(lambda: box.counts()["waiting"] == 0)
    hand = server.store.games()[0].hands[0]["hand"]
    feed.amend(1, {**hand, "corrections": [{"type": "declare", "actor": 1, "call": "noten"}]}, "noten")
    _wait(lambda: box.counts()["waiting"] == 0)
    fwd.stop()
    assert box.acked_version("T1-g0", 1) == 2
    assert [h["version"] for h in server.store.history("T1-g0", 1)] == [1, 2]


def test_the_feed_turns_a_camera_fed_hand_into_one_hand_with_its_tile_record(tmp_path: Path) -> None:
    from riichi_table.engine.game import Game

    events = [json.loads(line) for line in DEMO_LOG.read_text().splitlines() if line.strip()]
    box = Outbox(tmp_path / "o.sqlite")
    feed = ClubFeed(box, "T1", "wrc", game_ids=lambda n: f"T1-g{n}")
    game = Game("wrc")
    seen: list[dict[str, Any]] = []
    for e in events:  # observed after every event, as the assistant's poll would at worst
        game.apply(e)
        seen.append(e)
        feed.observe(game, seen)
    bodies = []
    while (m := box.next_waiting()) is not None:
        bodies.append(json.loads(m.body))
        box.mark(m.id, "sent", 200, {})
    assert [b["type"] for b in bodies] == ["game_start", "hand", "game_end"]
    hand = bodies[1]["hand"]
    assert hand["results"][0]["kind"] == "hora"
    assert hand["record"][0]["type"] == "start_kyoku" and hand["record"][-1]["type"] == "end_kyoku"
    assert hand["state"]["scores"] == list(game.scores)
    assert bodies[2]["state"]["scores"] == list(game.scores)


def test_the_sqlite_club_store_is_in_wal_mode(tmp_path: Path) -> None:
    store = SqliteClubStore(tmp_path / "c.sqlite")
    store.init_schema()
    assert store._conn().execute("PRAGMA journal_mode").fetchone()[0] == "wal"

"""Every form that changes a game carries the hand it is for; a stale one is refused (webui/store.py
games.version, migration 0002; webui/views/club.py)."""

from __future__ import annotations

import json
import re
import sqlite3
from pathlib import Path
from typing import Any

import pytest
from riichi_table.webui.store import StaleGame, Store, migrate, migrations

from tests.webui.conftest import stamp

pytest.importorskip("riichi_table.engine.game", reason="needs the engine's game state (engine/game.py)")

DRAW = {"kind": "draw", "tenpai0": "1"}


def _game(client: Any, post_form: Any) -> str:
    post_form(client, "/club/nights", {"title": "Tuesday", "held_on": "2026-11-24", "preset": "wrc"})
    for name in ("Ann", "Bob", "Cy", "Dee"):
        post_form(client, "/club/players", {"name": name})
    r = post_form(client, "/club/night/1/games", {f"seat{i}": str(i + 1) for i in range(4)})
    return str(r.headers["Location"])


def _hands(client: Any, game_url: str) -> int:
    return int(client.get("/api/scoreboard?game=" + game_url.rsplit("/", 1)[1]).json["hands"])


def test_the_second_of_two_tabs_recording_the_same_hand_is_refused_with_a_link(
    client: Any, post_form: Any
) -> None:
    url = _game(client, post_form)
    both = stamp(client, url + "/hands")  # two tabs drawn at the same moment carry the same stamp
    assert both["hand_number"] == "1"
    assert post_form(client, url + "/hands", {**DRAW, **both}).status_code == 302
    second = post_form(client, url + "/hands", {**DRAW, **both})
    assert second.status_code == 409
    page = second.data.decode()
    assert "Nothing was recorded" in page and "changed 1 time since" in page
    assert f'href="{url}"' in page  # a link to the game as it is now
    assert _hands(client, url) == 1


def test_back_and_record_again_does_not_file_a_duplicate_hand(client: Any, post_form: Any) -> None:
    url = _game(client, post_form)
    old_form = stamp(client, url + "/hands")
    for _ in range(3):  # three real hands recorded, each from a fresh page
        assert post_form(client, url + "/hands", DRAW).status_code == 302
    assert post_form(client, url + "/hands", {**DRAW, **old_form}).status_code == 409
    assert _hands(client, url) == 3


def test_a_stale_edit_or_undo_is_refused_too(client: Any, post_form: Any) -> None:
    url = _game(client, post_form)
    post_form(client, url + "/hands", DRAW)
    page = client.get(url).data.decode()
    edit_url = re.search(r'href="(/club/hand/\d+/edit)"', page).group(1)
    old_edit = stamp(client, edit_url)
    old_undo = stamp(client, url + "/undo")
    post_form(client, url + "/hands", DRAW)
    assert post_form(client, edit_url, {"kind": "draw", "tenpai1": "1", **old_edit}).status_code == 409
    assert post_form(client, url + "/undo", old_undo).status_code == 409
    assert _hands(client, url) == 2
    assert post_form(client, url + "/undo", {}).status_code == 302  # a fresh stamp works
    assert _hands(client, url) == 1


def test_a_form_without_its_stamp_or_for_another_game_is_refused(client: Any, post_form: Any) -> None:
    url = _game(client, post_form)
    no_version = post_form(client, url + "/hands", {**DRAW, "game_id": url.rsplit("/", 1)[1], "version": ""})
    assert no_version.status_code == 400 and b"which state of the game" in no_version.data
    other = post_form(client, url + "/hands", {**DRAW, "game_id": "99", "version": "0"})
    assert other.status_code == 400 and b"does not say it is for game" in other.data
    assert _hands(client, url) == 0


def test_the_store_checks_the_version_in_the_writes_transaction(tmp_path: Path) -> None:
    path = tmp_path / "db.sqlite3"
    migrate(path)
    store = Store.open(path)
    night = store.add_night("n", "2026-11-24", "wrc")
    ids = [store.add_player(n, False).id for n in "ABCD"]
    game = store.start_game(night.id, None, ids, "wrc").id
    result = {"kind": "chombo", "seat": 1}
    assert store.game(game).version == 0
    hand = store.record_hand(game, result, expected_version=0)
    assert store.game(game).version == 1
    with pytest.raises(StaleGame) as err:
        store.record_hand(game, result, expected_version=0)
    assert (err.value.expected, err.value.current) == (0, 1)
    with pytest.raises(StaleGame):
        store.edit_hand(hand.id, {"kind": "chombo", "seat": 2}, expected_version=0)
    with pytest.raises(StaleGame):
        store.undo_last_hand(game, expected_version=5)
    assert [h.result for h in store.hands(game)] == [result]
    store.edit_hand(hand.id, {"kind": "chombo", "seat": 2}, expected_version=1)
    store.undo_last_hand(game, expected_version=2)
    assert store.game(game).version == 3 and store.hands(game) == []


def test_migration_0002_gives_an_old_database_a_version_per_game(tmp_path: Path) -> None:
    path = tmp_path / "old.sqlite3"
    conn = sqlite3.connect(path)
    conn.executescript(migrations()[0][1] + "\nPRAGMA user_version = 1;")
    conn.execute("INSERT INTO nights VALUES (1, 'n', '2026-11-24', '\"wrc\"', 'x')")
    conn.execute("INSERT INTO games VALUES (1, 1, NULL, '\"wrc\"', 'running', 'x', NULL)")
    for hand in (1, 2):
        conn.execute("INSERT INTO hands VALUES (?, 1, ?, ?, 1, 'x')", (hand, hand, json.dumps({"kind": "x"})))
        conn.execute("INSERT INTO hand_history VALUES (?, ?, 'record', NULL, '{}', 'x')", (hand, hand))
    conn.execute("INSERT INTO hand_history VALUES (3, 2, 'edit', '{}', '{}', 'x')")
    conn.commit()
    conn.close()
    assert migrate(path) == len(migrations())
    conn = sqlite3.connect(path)
    assert conn.execute("SELECT version, voided_at FROM games WHERE id = 1").fetchone() == (3, None)

"""The SQLite store: migrations, WAL, hands recorded atomically with their history (webui/store.py)."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest
from riichi_table.webui.errors import WebError
from riichi_table.webui.store import Store, StoreError, migrate, migrations


@pytest.fixture
def store(tmp_path: Path) -> Store:
    path = tmp_path / "db.sqlite3"
    migrate(path)
    return Store.open(path)


def _game(store: Store) -> int:
    night = store.add_night("Tuesday", "2026-11-24", "wrc")
    ids = [store.add_player(n, guest=n == "Dee").id for n in ("Ann", "Bob", "Cy", "Dee")]
    return store.start_game(night.id, None, ids, "wrc").id


def test_migrations_bring_a_new_database_to_the_newest_version_in_wal_mode(tmp_path: Path) -> None:
    path = tmp_path / "db.sqlite3"
    assert migrate(path) == len(migrations())
    assert migrate(path) == len(migrations())  # idempotent
    conn = sqlite3.connect(path)
    assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"


def test_a_database_from_a_newer_program_is_refused_with_a_clear_message(tmp_path: Path) -> None:
    path = tmp_path / "db.sqlite3"
    conn = sqlite3.connect(path)
    conn.execute("PRAGMA user_version = 99")
    conn.close()
    with pytest.raises(WebError, match="schema version 99"):
        migrate(path)


def test_player_names_are_unique_ignoring_case(store: Store) -> None:
    store.add_player("Ann", guest=False)
    with pytest.raises(StoreError, match="already a player called 'ann'"):
        store.add_player("ann", guest=True)


def test_a_game_needs_four_different_players(store: Store) -> None:
    night = store.add_night("n", "2026-11-24", "wrc")
    a, b = store.add_player("A", False).id, store.add_player("B", False).id
    with pytest.raises(StoreError, match="four different players"):
        store.start_game(night.id, None, [a, b, a, b], "wrc")


def test_recording_a_hand_writes_the_hand_and_its_history_line(store: Store) -> None:
    game = _game(store)
    result = {"kind": "draw", "tenpai": [True, False, False, False], "riichi": []}
    hand = store.record_hand(game, result)
    assert hand.position == 1 and hand.result == result
    assert [h.action for h in store.history(game)] == ["record"]


def test_editing_a_hand_keeps_the_old_result_in_the_history(store: Store) -> None:
    game = _game(store)
    hand = store.record_hand(game, {"kind": "chombo", "seat": 1})
    store.edit_hand(hand.id, {"kind": "chombo", "seat": 2})
    history = store.history(game)
    assert [h.action for h in history] == ["record", "edit"]
    assert history[1].before == {"kind": "chombo", "seat": 1} and history[1].after == {
        "kind": "chombo",
        "seat": 2,
    }
    assert store.hand(hand.id).result == {"kind": "chombo", "seat": 2}


def test_undo_takes_back_the_last_hand_and_reopens_a_finished_game(store: Store) -> None:
    game = _game(store)
    store.record_hand(game, {"kind": "chombo", "seat": 0})
    store.record_hand(game, {"kind": "chombo", "seat": 3}, finishes_game=True)
    assert store.game(game).status == "finished"
    with pytest.raises(StoreError, match="finished"):
        store.record_hand(game, {"kind": "chombo", "seat": 1})
    undone = store.undo_last_hand(game)
    assert undone.result == {"kind": "chombo", "seat": 3} and not undone.active
    assert store.game(game).status == "running"
    assert [h.result["seat"] for h in store.hands(game)] == [0]
    assert len(store.hands(game, include_undone=True)) == 2
    assert [h.action for h in store.history(game)] == ["record", "record", "undo"]


def test_a_failed_write_leaves_nothing_half_recorded(store: Store) -> None:
    game = _game(store)
    store.conn.execute(
        "CREATE TRIGGER no_history BEFORE INSERT ON hand_history BEGIN SELECT RAISE(ABORT, 'x'); END"
    )
    with pytest.raises(sqlite3.IntegrityError):
        store.record_hand(game, {"kind": "chombo", "seat": 0})
    assert store.hands(game, include_undone=True) == []


def test_the_scoreboard_follows_the_newest_running_game(store: Store) -> None:
    first = _game(store)
    assert store.current_game_id() == first
    night = store.nights()[0]
    others = [store.add_player(n, guest=False).id for n in ("Eve", "Fay", "Gus", "Hal")]
    second = store.start_game(night.id, None, others, "wrc").id
    assert store.current_game_id() == second
    store.set_game_status(second, finished=True)
    assert store.current_game_id() == first

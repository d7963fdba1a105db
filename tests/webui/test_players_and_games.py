"""Players renamed and merged, games voided, one player in one running game (webui/store.py, club views)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from riichi_table.webui.store import Store, StoreError, migrate

pytest.importorskip("riichi_table.engine.game", reason="needs the engine's game state (engine/game.py)")


@pytest.fixture
def store(tmp_path: Path) -> Store:
    path = tmp_path / "db.sqlite3"
    migrate(path)
    return Store.open(path)


def _players(store: Store, *names: str) -> list[int]:
    return [store.add_player(n, False).id for n in names]


def test_a_renamed_player_keeps_their_games_and_a_taken_name_is_refused(store: Store) -> None:
    night = store.add_night("n", "2026-11-24", "wrc")
    ids = _players(store, "Ann", "Bob", "Cy", "Dee")
    game = store.start_game(night.id, None, ids, "wrc")
    store.rename_player(ids[0], "  Anne  ")
    assert store.player(game.seats[0]).name == "Anne"
    with pytest.raises(StoreError, match="merge Anne into them instead"):
        store.rename_player(ids[0], "bob")


def test_merging_a_player_entered_twice_moves_their_seats_and_bumps_the_games(store: Store) -> None:
    night = store.add_night("n", "2026-11-24", "wrc")
    ann, bob, cy, dee, ann2 = _players(store, "Ann", "Bob", "Cy", "Dee", "Ann K")
    game = store.start_game(night.id, None, [ann2, bob, cy, dee], "wrc")
    store.merge_players(ann2, ann)
    after = store.game(game.id)
    assert after.seats[0] == ann and after.version == game.version + 1
    assert [p.name for p in store.players()] == ["Ann", "Bob", "Cy", "Dee"]


def test_two_players_of_one_game_cannot_be_merged(store: Store) -> None:
    night = store.add_night("n", "2026-11-24", "wrc")
    ids = _players(store, "Ann", "Bob", "Cy", "Dee")
    store.start_game(night.id, None, ids, "wrc")
    with pytest.raises(StoreError, match="both sat in game 1"):
        store.merge_players(ids[0], ids[1])


def test_a_player_cannot_sit_in_two_running_games_at_once(store: Store) -> None:
    night = store.add_night("n", "2026-11-24", "wrc")
    ids = _players(store, "Ann", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus")
    first = store.start_game(night.id, None, ids[:4], "wrc")
    with pytest.raises(StoreError, match="Ann is still playing in game 1"):
        store.start_game(night.id, None, [ids[0], *ids[4:]], "wrc")
    store.set_game_void(first.id, True)
    assert store.start_game(night.id, None, [ids[0], *ids[4:]], "wrc").id == 2


def test_a_void_game_is_listed_but_counts_in_no_standing(client: Any, post_form: Any) -> None:
    post_form(client, "/club/nights", {"title": "Tuesday", "held_on": "2026-11-24", "preset": "wrc"})
    for name in ("Ann", "Bob", "Cy", "Dee"):
        post_form(client, "/club/players", {"name": name})
    post_form(client, "/club/night/1/games", {f"seat{i}": str(i + 1) for i in range(4)})
    assert post_form(client, "/club/game/1/hands", {"kind": "draw", "tenpai0": "1"}).status_code == 302
    assert post_form(client, "/club/game/1/finish", {}).status_code == 302
    counted = "1,Ann,no,1,"  # rank 1, one game: Ann was tenpai alone (+3000) and ranks first
    assert counted in client.get("/club/night/1/standings.csv").data.decode()
    assert post_form(client, "/club/game/1/void", {}).status_code == 302
    page = client.get("/club/night/1").data.decode()
    assert "void (not counted)" in page
    standings = client.get("/club/night/1/standings.csv").data.decode()
    assert "Ann,no,0,0.0" in standings and counted not in standings
    assert post_form(client, "/club/game/1/undo", {}).status_code == 400  # a void game is frozen
    assert post_form(client, "/club/game/1/void", {"restore": "1"}).status_code == 302
    assert counted in client.get("/club/night/1/standings.csv").data.decode()


def test_renaming_and_merging_through_the_pages(client: Any, post_form: Any) -> None:
    for name in ("Ann", "Ann K"):
        post_form(client, "/club/players", {"name": name})
    r = post_form(client, "/club/players/rename", {"player": "1", "name": "Anne"}, follow=True)
    assert b"Ann is now called Anne" in r.data
    r = post_form(client, "/club/players/merge", {"source": "2", "target": "1"}, follow=True)
    assert b"Ann K merged into Anne" in r.data
    assert post_form(client, "/club/players/merge", {"source": "1", "target": "1"}).status_code == 400

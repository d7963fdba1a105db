"""Club night through the pages: players, a game, hands recorded/edited/undone, standings, exports.

Scores come from the engine's Game (engine/game.py) fed with each recorded hand; the expected numbers below
follow seed 001's points table (3 han 40 fu non-dealer ron = 5200) and seed 002 3.4.2 (noten 3000 split).
"""

from __future__ import annotations

import csv
import io
import re
from typing import Any

import pytest

pytest.importorskip("riichi_table.engine.game", reason="needs the engine's game state (engine/game.py)")


def _start(client: Any, post_form: Any, preset: str) -> str:
    post_form(client, "/club/nights", {"title": "Tuesday", "held_on": "2026-11-24", "preset": preset})
    for name in ("Ann", "Bob", "Cy", "Dee"):
        post_form(client, "/club/players", {"name": name, "guest": "1" if name == "Dee" else ""})
    players = {p["name"]: p["id"] for p in _players(client)}
    seats = {f"seat{i}": players[n] for i, n in enumerate(("Ann", "Bob", "Cy", "Dee"))}
    r = post_form(client, "/club/night/1/games", seats)
    assert r.status_code == 302, r.data
    return str(r.headers["Location"])


@pytest.fixture
def game_url(client: Any, post_form: Any) -> str:
    return _start(client, post_form, "wrc")


@pytest.fixture
def tenhou_game_url(client: Any, post_form: Any) -> str:
    return _start(client, post_form, "tenhou")


def _players(client: Any) -> list[dict[str, Any]]:
    page = client.get("/club/night/1").data.decode()
    options = re.findall(r'<option value="(\d+)">([^<]+)</option>', page.split('id="start-game"')[1])
    seen = {}
    for pid, name in options:
        seen.setdefault(name, int(pid))
    return [{"name": n, "id": i} for n, i in seen.items()]


def _ron(winner: int, loser: int, han: int, fu: int, riichi: tuple[int, ...] = ()) -> dict[str, Any]:
    return {"kind": "win", f"win{winner}": "1", f"han{winner}": str(han), f"fu{winner}": str(fu),
            "from": str(loser), "riichi": [str(s) for s in riichi]}  # fmt: skip


def test_a_recorded_ron_moves_the_points_and_the_scoreboard_shows_it(
    client: Any, post_form: Any, game_url: str
) -> None:
    r = post_form(client, game_url + "/hands", _ron(1, 0, 3, 40))
    assert r.status_code == 302
    board = client.get("/api/scoreboard").json
    assert board["scores"] == [24800, 35200, 30000, 30000]  # seed 001 table: 3 han 40 fu = 5200
    assert board["last"]["deltas"] == [-5200, 5200, 0, 0]
    assert board["round"] == "East 2" and board["dealer"] == 1


def test_riichi_sticks_stay_on_the_table_through_a_draw_and_go_to_the_next_winner(
    client: Any, post_form: Any, game_url: str
) -> None:
    draw = {"kind": "draw", "tenpai0": "1", "riichi": ["0"]}
    post_form(client, game_url + "/hands", draw)
    board = client.get("/api/scoreboard").json
    assert board["sticks"] == 1 and board["honba"] == 1  # dealer tenpai keeps the deal
    assert board["scores"] == [30000 - 1000 + 3000, 29000, 29000, 29000]
    post_form(client, game_url + "/hands", _ron(2, 1, 1, 30))
    board = client.get("/api/scoreboard").json
    assert board["sticks"] == 0
    assert board["last"]["deltas"] == [0, -1000 - 300, 1000 + 300 + 1000, 0]


def test_a_hand_the_engine_refuses_is_not_recorded(client: Any, post_form: Any, game_url: str) -> None:
    bad = {"kind": "abort", "reason": "yao9"}  # wrc (seed 002 3.4.3) has no abortive draws
    r = post_form(client, game_url + "/hands", bad)
    assert r.status_code == 400 and b"no abortive draw" in r.data
    assert client.get("/api/scoreboard").json["hands"] == 0


def test_undo_and_edit_change_the_scores_and_keep_the_history(
    client: Any, post_form: Any, game_url: str
) -> None:
    post_form(client, game_url + "/hands", _ron(1, 0, 3, 40))
    post_form(client, game_url + "/hands", _ron(3, 2, 1, 30))
    post_form(client, game_url + "/undo", {})
    assert client.get("/api/scoreboard").json["scores"] == [24800, 35200, 30000, 30000]
    page = client.get(game_url).data.decode()
    hand_id = re.search(r"/club/hand/(\d+)/edit", page).group(1)
    post_form(client, f"/club/hand/{hand_id}/edit", _ron(1, 0, 4, 40))
    assert client.get("/api/scoreboard").json["scores"] == [30000 - 8000, 38000, 30000, 30000]
    page = client.get(game_url).data.decode()
    history = page.split('id="history"')[1]
    assert history.count("<td>record</td>") == 2 and "<td>undo</td>" in history and "<td>edit</td>" in history
    assert "3 han 40 fu" in history and "4 han 40 fu" in history


def test_chombo_under_wrc_takes_points_off_the_final_result(
    client: Any, post_form: Any, game_url: str
) -> None:
    post_form(client, game_url + "/hands", {"kind": "chombo", "seat": "2"})
    post_form(client, game_url + "/finish", {})
    board = client.get("/api/scoreboard").json
    final = {p["seat"]: p for p in board["final"]}
    assert board["scores"] == [30000] * 4
    assert final[2]["result"] < final[0]["result"] - 15  # 20000 penalty (wrc preset, "common" chombo)


def test_standings_csv_and_chart_cover_finished_games(client: Any, post_form: Any, game_url: str) -> None:
    post_form(client, game_url + "/hands", _ron(1, 0, 3, 40))
    post_form(client, game_url + "/finish", {})
    page = client.get("/club/night/1").data.decode()
    assert 'id="night-chart"' in page and "Bob" in page
    body = client.get("/club/night/1/standings.csv").data.decode()
    rows = list(csv.reader(io.StringIO(body)))
    assert rows[0] == ["rank", "player", "guest", "games", "total", "places", "chombo_penalty"]
    assert all(len(r) == 7 for r in rows)  # one table per file
    games = list(csv.reader(io.StringIO(client.get("/club/night/1/games.csv").data.decode())))
    assert games[0][:4] == ["game", "status", "seat", "player"] and len(games) == 5
    assert rows[1][1] == "Bob" and rows[1][3] == "1"
    assert [r[1] for r in rows[1:5]].count("Dee") == 1 and any(r[2] == "yes" for r in rows[1:5])


def test_the_scoreboard_stream_sends_the_new_state_after_a_recorded_hand(
    app: Any, client: Any, post_form: Any, game_url: str
) -> None:
    hub = app.extensions["hub"]
    q = hub.subscribe("scoreboard")
    post_form(client, game_url + "/hands", _ron(1, 0, 3, 40))
    frame = q.get(timeout=5).decode()
    assert frame.startswith("event: board\n") and "35200" in frame


def test_a_game_exports_as_a_tenhou_log_with_every_hand_and_its_result(
    client: Any, post_form: Any, game_url: str
) -> None:
    post_form(client, game_url + "/hands", _ron(1, 0, 3, 40))
    post_form(client, game_url + "/hands", {"kind": "draw", "tenpai1": "1"})
    r = client.get(game_url + "/tenhou.json")
    assert r.status_code == 200
    log = r.json
    assert log["name"] == ["Ann", "Bob", "Cy", "Dee"]
    first, second = log["log"]
    assert first[0] == [0, 0, 0] and first[1] == [30000] * 4
    assert first[16][0] == "和了" and first[16][1] == [-5200, 5200, 0, 0]
    assert second[0] == [1, 0, 0]  # East 2 (Bob deals), no honba yet
    assert second[16] == ["流局", [-1000, 3000, -1000, -1000]]


def _yakuman(winner: int, source: str, pao: int) -> dict[str, Any]:
    return {"kind": "win", f"win{winner}": "1", f"yakuman{winner}": "1", f"pao{winner}": str(pao),
            "from": source}  # fmt: skip


def test_a_yakuman_tsumo_with_a_liable_player_is_paid_by_that_player_alone(
    client: Any, post_form: Any, game_url: str
) -> None:
    r = post_form(client, game_url + "/hands", _yakuman(1, "tsumo", 2))
    assert r.status_code == 302, r.data
    board = client.get("/api/scoreboard").json
    # seed 002 3.3.9: on a tsumo the liable player pays the whole non-dealer yakuman (32000, seed 001)
    assert board["last"]["deltas"] == [0, 32000, -32000, 0]
    assert board["scores"] == [30000, 62000, -2000, 30000]
    assert "Cy liable (pao)" in board["last"]["text"]


def test_a_yakuman_ron_with_a_liable_player_is_split_with_the_discarder(
    client: Any, post_form: Any, game_url: str
) -> None:
    post_form(client, game_url + "/hands", _yakuman(1, "3", 2))
    board = client.get("/api/scoreboard").json
    assert board["last"]["deltas"] == [0, 32000, -16000, -16000]  # seed 002 3.3.9: half each on a ron
    post_form(client, game_url + "/finish", {})
    final = {p["seat"]: p for p in client.get("/api/scoreboard").json["final"]}
    assert final[1]["place"] == 1 and {final[2]["place"], final[3]["place"]} == {3, 4}


def test_a_liable_player_on_a_win_that_is_no_yakuman_is_refused(
    client: Any, post_form: Any, game_url: str
) -> None:
    hand = {**_ron(1, 0, 3, 40), "pao1": "2"}
    r = post_form(client, game_url + "/hands", hand)
    assert r.status_code == 400 and b"only on a yakuman" in r.data
    assert client.get("/api/scoreboard").json["hands"] == 0


def test_four_kans_is_an_abortive_draw_where_the_preset_has_it_and_the_deal_stays(
    client: Any, post_form: Any, tenhou_game_url: str
) -> None:
    page = client.get(tenhou_game_url).data.decode()
    assert '<option value="kan4"' in page  # tenhou preset: four kans abort (seed 001 "Abortive Draw")
    r = post_form(client, tenhou_game_url + "/hands", {"kind": "abort", "reason": "kan4", "riichi": ["2"]})
    assert r.status_code == 302, r.data
    board = client.get("/api/scoreboard").json
    assert board["last"]["text"] == "abortive draw (four kans)"
    assert board["scores"] == [25000, 25000, 24000, 25000]  # tenhou starts at 25000; only the stick moved
    assert board["round"] == "East 1" and board["honba"] == 1 and board["sticks"] == 1
    post_form(client, tenhou_game_url + "/hands", _ron(3, 0, 1, 30))
    board = client.get("/api/scoreboard").json
    assert board["last"]["deltas"] == [-1000 - 300, 0, 0, 1000 + 300 + 1000] and board["sticks"] == 0


def test_the_form_offers_only_the_abortive_draws_nagashi_and_fu_the_rules_allow(
    client: Any, post_form: Any, game_url: str
) -> None:
    from riichi_table.engine.result_settle import FU_TABLE
    from riichi_table.webui.results import FU_VALUES

    assert FU_VALUES == FU_TABLE
    page = client.get(game_url).data.decode()
    assert 'name="reason"' not in page and 'value="abort"' not in page  # wrc: no abortive draws (002 3.4.3)
    assert 'name="nagashi"' not in page and 'name="pao1"' in page
    fu_select = page.split('name="fu0"')[1].split("</select>")[0]
    fu = re.findall(r"<option[^>]*>(\d+)</option>", fu_select)
    assert [int(f) for f in fu] == list(FU_TABLE)
    r = post_form(client, game_url + "/hands", _ron(1, 0, 2, 120))
    assert r.status_code == 400 and b"fu table" in r.data


def test_a_nagashi_mangan_at_an_exhaustive_draw_is_paid_as_a_mangan_tsumo(
    client: Any, post_form: Any, tenhou_game_url: str
) -> None:
    page = client.get(tenhou_game_url).data.decode()
    assert 'name="nagashi"' in page and '<option value="yao9"' in page
    r = post_form(client, tenhou_game_url + "/hands", {"kind": "draw", "nagashi": ["2"]})
    assert r.status_code == 302, r.data
    board = client.get("/api/scoreboard").json
    assert board["last"]["deltas"] == [-4000, -2000, 8000, -2000]  # seed 001: non-dealer mangan tsumo
    assert "nagashi mangan: Cy" in board["last"]["text"]

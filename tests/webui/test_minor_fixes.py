"""Small things a club night trips over: settings overrides, redirects, names, times, yaku names, the 413
page, the LAN addresses, results that explain themselves."""

from __future__ import annotations

from typing import Any

import pytest
from riichi_table.webui import lan, timefmt, yaku_names
from riichi_table.webui.security import local_path
from riichi_table.webui.settings_model import SettingsError, parse_settings


@pytest.mark.parametrize(("overrides", "message"), [
    ('{"starting_points": -5}', "starting_points: expected whole hundreds"),
    ('{"starting_points": 25050}', "starting_points: expected whole hundreds"),
    ('{"uma": [15000, 5000, -5000, -10000]}', "add up to 0"),
    ('{"uma": [-15000, -5000, 5000, 15000]}', "first place's to be the largest"),
    ('{"red_fives": [1, 9, 1]}', "red_fives: expected three counts 0..4"),
    ('{"honba_value": -300}', "honba_value: expected whole hundreds"),
    ('{"max_kans": 7}', "max_kans: expected 0..4"),
    ('{"return_points": 20000}', "below starting_points"),
    ('{"starting_points": "lots"}', "starting_points"),
    ('{"no_such_rule": 1}', "unknown rule field"),
    ("[1, 2]", "expected a JSON object"),
])  # fmt: skip
def test_every_rule_override_is_checked_for_type_range_and_consistency(overrides: str, message: str) -> None:
    with pytest.raises(SettingsError, match=message):
        parse_settings({"preset": "wrc", "overrides": overrides, "source": "demo"})


def test_sensible_overrides_and_every_preset_pass() -> None:
    from riichi_table.engine.rules import PRESETS

    for preset in PRESETS:
        assert parse_settings({"preset": preset, "overrides": "", "source": "demo"}).preset == preset
    ok = parse_settings({"preset": "wrc", "overrides": '{"starting_points": 25000, "return_points": 30000}'})
    assert ok.overrides == {"starting_points": 25000, "return_points": 30000}


def test_the_settings_page_shows_an_override_refusal_instead_of_saving(client: Any, post_form: Any) -> None:
    r = post_form(
        client, "/settings", {"preset": "wrc", "overrides": '{"starting_points": -5}', "source": "demo"}
    )
    assert r.status_code == 400 and b"starting_points" in r.data


@pytest.mark.parametrize("target", [
    "https://elsewhere.example/", "//elsewhere.example/x", "/\\elsewhere.example", "javascript:alert(1)",
    "http:/elsewhere", "/ok\nLocation: x", "elsewhere",
])  # fmt: skip
def test_a_next_address_off_this_site_goes_to_the_default_instead(target: str) -> None:
    assert local_path(target, "/") == "/"


def test_a_local_next_path_is_kept() -> None:
    assert local_path("/club/night/3?x=1", "/") == "/club/night/3?x=1"


def test_the_pin_form_never_redirects_off_the_site(make_app: Any, post_form: Any) -> None:
    client = make_app(HOST="0.0.0.0", ADMIN_PIN="24681357").test_client()
    r = post_form(client, "/pin?next=//elsewhere.example/", {"pin": "24681357"})
    assert r.status_code == 302 and r.headers["Location"] in ("/", "http://localhost/")


def test_an_upload_over_the_limit_gets_a_page_in_the_apps_style(make_app: Any, csrf: Any) -> None:
    client = make_app(MAX_CONTENT_LENGTH=1024).test_client()
    token = csrf(client)
    r = client.post("/settings", data={"csrf_token": token, "overrides": "x" * 5000})
    assert r.status_code == 413
    page = r.data.decode()
    assert "Upload too large" in page and "the limit is" in page and 'class="top"' in page  # the app's nav


def test_yaku_codes_read_as_english_and_japanese_names() -> None:
    assert yaku_names.name("menzen_tsumo") == "Fully concealed self-draw (門前清自摸和 menzen tsumo)"
    assert yaku_names.english("aka_dora") == "Red five"
    assert yaku_names.name("some_new_yaku") == "some new yaku"


def test_times_are_shown_in_local_time_without_seconds() -> None:
    assert timefmt.localtime("2026-11-23T12:01:53+00:00").count(":") == 1
    assert timefmt.localtime(None) == "" and timefmt.localtime("garbage") == "garbage"


def test_a_wildcard_bind_shares_lan_addresses_and_a_named_host_its_own() -> None:
    urls = lan.share_urls("0.0.0.0", 8080)
    assert urls and all(u.startswith("http://") and u.endswith(":8080/") for u in urls)
    assert all("0.0.0.0" not in u for u in urls)
    assert lan.share_urls("192.168.1.20", 80) == ["http://192.168.1.20:80/"]
    assert lan.share_urls("::1", 8080) == ["http://[::1]:8080/"]


def test_messages_name_players_and_leave_out_rule_book_citations() -> None:
    from riichi_table.webui.club import plain

    names = ("Ann", "Bob", "Chiyo", "Dee")
    text = "hand 3 was refused by the rules: seat 2 declared riichi but is noten (seed 002 3.4.2)"
    assert plain(text, names) == "hand 3 was refused by the rules: Chiyo declared riichi but is noten"


def _game(client: Any, post_form: Any) -> str:
    post_form(client, "/club/nights", {"title": "Tuesday", "held_on": "2026-11-24", "preset": "wrc"})
    for name in ("Ann", "Bob", "Chiyo", "Dee"):
        post_form(client, "/club/players", {"name": name})
    return str(
        post_form(client, "/club/night/1/games", {f"seat{i}": str(i + 1) for i in range(4)}).headers[
            "Location"
        ]
    )


def test_a_win_must_say_tsumo_or_whose_discard(client: Any, post_form: Any) -> None:
    pytest.importorskip("riichi_table.engine.game")
    url = _game(client, post_form)
    r = post_form(client, url + "/hands", {"kind": "win", "win1": "1", "han1": "2", "fu1": "30", "from": ""})
    assert r.status_code == 400 and b"choose tsumo (self-draw) or whose discard" in r.data
    page = client.get(url).data.decode()
    assert '<option value="" selected>choose: tsumo or whose discard</option>' in page


def test_hands_are_numbered_without_gaps_after_an_undo_and_chombo_and_riichi_are_explained(
    client: Any, post_form: Any
) -> None:
    pytest.importorskip("riichi_table.engine.game")
    url = _game(client, post_form)
    post_form(client, url + "/hands", {"kind": "draw", "tenpai0": "1", "riichi": ["0"]})
    post_form(client, url + "/hands", {"kind": "draw"})
    assert b"hand 2 was taken back" in post_form(client, url + "/undo", {}, follow=True).data
    post_form(client, url + "/hands", {"kind": "chombo", "seat": "2"})
    page = client.get(url).data.decode()
    numbers = [int(n) for n in __import__("re").findall(r"<tr><td>(\d+)</td><td>(?:East|South)", page)]
    assert numbers == [1, 2]
    assert "riichi: Ann (1,000 each to the table)" in page
    assert "Chiyo: chombo penalty of 20,000 points, taken off at the final count" in page  # WRC: 20000


def test_a_finished_game_shows_its_last_hand_and_final_not_the_next_hand(client: Any, post_form: Any) -> None:
    pytest.importorskip("riichi_table.engine.game")
    url = _game(client, post_form)
    post_form(client, url + "/hands", {"kind": "draw", "tenpai1": "1"})
    post_form(client, url + "/finish", {})
    board = client.get("/api/scoreboard?game=" + url.rsplit("/", 1)[1]).json
    assert board["round"] == "East 1, final" and board["dealer"] is None
    assert "East 1, final" in client.get(url).data.decode()


def test_the_settings_page_on_the_network_shows_the_address_and_its_qr_code(make_app: Any) -> None:
    pytest.importorskip("segno")
    client = make_app(HOST="0.0.0.0", SHARE_URLS=["http://192.168.1.20:8080/"]).test_client()
    page = client.get("/settings").data.decode()
    assert "http://192.168.1.20:8080/" in page and 'id="share-qr"' in page and "<svg" in page


def test_the_settings_page_on_loopback_says_how_to_share(client: Any) -> None:
    assert b"--host 0.0.0.0" in client.get("/settings").data


def test_the_points_preview_shows_what_a_hand_would_change_without_recording_it(
    client: Any, post_form: Any
) -> None:
    pytest.importorskip("riichi_table.engine.game")
    url = _game(client, post_form)
    hand = {"kind": "win", "win1": "1", "han1": "3", "fu1": "40", "from": "0"}
    r = client.post(url + "/preview", data=hand)
    assert r.json["ok"] and r.json["deltas"] == [-5200, 5200, 0, 0]  # seed 001: 3 han 40 fu = 5200
    assert client.get("/api/scoreboard?game=1").json["hands"] == 0
    bad = client.post(url + "/preview", data={**hand, "from": "1"}).json
    assert not bad["ok"] and "Bob cannot win on its own discard" in bad["error"]


def test_the_beginner_preset_counts_tokens_and_asks_for_no_fu(client: Any, post_form: Any) -> None:
    pytest.importorskip("riichi_table.engine.game")
    post_form(client, "/club/nights", {"title": "Learners", "held_on": "2026-11-24", "preset": "beginner"})
    for name in ("Ann", "Bob", "Chiyo", "Dee"):
        post_form(client, "/club/players", {"name": name})
    url = post_form(client, "/club/night/1/games", {f"seat{i}": str(i + 1) for i in range(4)}).headers[
        "Location"
    ]
    page = client.get(url).data.decode()
    assert "<th>tokens</th>" in page and 'name="fu1"' not in page
    r = post_form(client, url + "/hands", {"kind": "win", "win1": "1", "han1": "1", "from": "0"})
    assert r.status_code == 302, r.data

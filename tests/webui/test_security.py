"""CSRF tokens, read-only pages off loopback, the admin PIN (webui/security.py)."""

from __future__ import annotations

from typing import Any


def test_a_form_post_without_a_csrf_token_is_refused(client: Any, csrf: Any, post_form: Any) -> None:
    r = client.post("/club/players", data={"name": "Ann"})
    assert r.status_code == 400
    assert b"CSRF token" in r.data


def test_a_form_post_with_the_token_works_on_loopback(client: Any, csrf: Any, post_form: Any) -> None:
    r = post_form(client, "/club/players", {"name": "Ann", "next": "/club/?all=1"}, follow=True)
    assert r.status_code == 200
    assert b"Ann" in r.data


def test_on_the_network_every_change_is_refused_until_the_admin_pin(
    make_app: Any, csrf: Any, post_form: Any
) -> None:
    client = make_app(HOST="0.0.0.0", ADMIN_PIN="4321").test_client()
    page = client.get("/club/?all=1")
    assert b"read-only: enter PIN" in page.data
    r = post_form(client, "/club/players", {"name": "Ann"})
    assert r.status_code == 403
    wrong = post_form(client, "/pin", {"pin": "0000"})
    assert b"wrong PIN" in wrong.data
    ok = post_form(client, "/pin", {"pin": "4321"})
    assert ok.status_code == 302
    assert post_form(client, "/club/players", {"name": "Ann"}).status_code == 302


def test_without_a_pin_configured_the_network_pages_stay_read_only(
    make_app: Any, csrf: Any, post_form: Any
) -> None:
    client = make_app(HOST="0.0.0.0", ADMIN_PIN=None).test_client()
    r = post_form(client, "/pin", {"pin": ""})
    assert b"no admin PIN is set" in r.data
    assert post_form(client, "/settings", {"preset": "wrc"}).status_code == 403


def test_scoring_changes_nothing_so_it_needs_no_token_or_pin(
    make_app: Any, csrf: Any, post_form: Any
) -> None:
    client = make_app(HOST="0.0.0.0").test_client()
    r = client.post("/api/score", json={"op": "waits", "hand": "123m456p789s1122z"})
    assert r.status_code == 200
    assert r.json["id"] is None or "id" in r.json


def test_json_posts_need_the_token_in_a_header(client: Any, csrf: Any, post_form: Any) -> None:
    assert client.post("/table/answer", json={"answer": "ron"}).status_code == 400
    token = csrf(client)
    r = client.post("/table/answer", json={"answer": "ron"}, headers={"X-CSRF-Token": token})
    assert r.status_code == 200 and r.json["ok"] is False  # no live pipeline here


def test_pages_cannot_be_framed_or_sniffed_and_the_session_cookie_stays_same_site(client: Any) -> None:
    r = client.get("/settings")
    assert r.headers["X-Frame-Options"] == "SAMEORIGIN" and r.headers["X-Content-Type-Options"] == "nosniff"
    assert "SameSite=Lax" in r.headers.get("Set-Cookie", "")

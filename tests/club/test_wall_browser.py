"""The club wall in a real browser (Debian's chromium through Playwright): every table's tile and the
night's standings appear, and a hand pushed while the page is open shows up without a reload."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

playwright_api = pytest.importorskip("playwright.sync_api")
from tests.browser_support import ARGS, BROWSER_MARKS, CHROMIUM, served  # noqa: E402

pytestmark = BROWSER_MARKS


@pytest.fixture
def wall(tmp_path: Path) -> Iterator[tuple[str, Any, Any]]:
    from riichi_table.webui.club_server import create_club_app

    from riichi_table.club.backends import open_store

    store = open_store(tmp_path / "club.sqlite")
    app = create_club_app({"CLUB_STORE": store})
    with served(app) as url:
        yield url, store, app.test_client()


def test_the_wall_shows_every_table_and_updates_by_itself(wall: Any, make_messages: Any) -> None:
    url, store, client = wall
    pending = {}
    for name in ("T1", "T2", "T3"):
        token = store.add_table(name)
        msgs = make_messages(name, 4, seed=name)
        for m in msgs[:3]:
            assert (
                client.post(
                    "/api/club/v1/push",
                    data=json.dumps(m),
                    headers={"Authorization": f"Bearer {token}"},
                    content_type="application/json",
                ).status_code
                == 200
            )
        pending[name] = (token, msgs[3])
    with playwright_api.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=str(CHROMIUM), args=ARGS, headless=True)
        page = browser.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        page.goto(url + "/scoreboard?club=1")
        expect = playwright_api.expect
        expect(page.locator(".table")).to_have_count(3, timeout=20_000)
        expect(page.locator('.table[data-table="T2"] .hands')).to_contain_text("2 hands", timeout=20_000)
        expect(page.locator("#standings tbody tr")).to_have_count(12)
        token, msg = pending["T2"]
        client.post(
            "/api/club/v1/push",
            data=json.dumps(msg),
            headers={"Authorization": f"Bearer {token}"},
            content_type="application/json",
        )
        expect(page.locator('.table[data-table="T2"] .hands')).to_contain_text("3 hands", timeout=20_000)
        browser.close()
    assert not errors, errors

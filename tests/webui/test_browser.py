"""The pages in a real browser: Playwright driving Debian's chromium, headless (never `playwright install`).

Loads every page (screenshots go to docs/screenshots/), corrects a misread tile on the hand check and sees the
score appear, and records a hand on the club page while a second tab's scoreboard updates by itself (SSE).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

playwright_api = pytest.importorskip("playwright.sync_api")
from tests.browser_support import ARGS, BROWSER_MARKS, CHROMIUM, served  # noqa: E402

SHOTS = Path(__file__).resolve().parents[2] / "docs" / "screenshots"

pytestmark = BROWSER_MARKS


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    from riichi_table.webui.app import create_app

    app = create_app({"DATA_DIR": tmp_path_factory.mktemp("data"), "SSE_HEARTBEAT_S": 1.0,
                      "PIPELINE_ERROR": "no camera source (--source none)"})  # fmt: skip
    with served(app) as url:
        yield url


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    playwright_api.expect.set_options(timeout=20_000)  # the CI machine is shared: be patient, not flaky
    with playwright_api.sync_playwright() as p:
        b = p.chromium.launch(executable_path=str(CHROMIUM), args=ARGS, headless=True)
        yield b
        b.close()


@pytest.fixture
def page(browser: Any) -> Iterator[Any]:
    context = browser.new_context(viewport={"width": 1280, "height": 860})
    context.set_default_timeout(20_000)
    pg = context.new_page()
    errors: list[str] = []
    pg.on("pageerror", lambda exc: errors.append(str(exc)))
    pg.on("dialog", lambda dialog: dialog.accept())  # the confirmations (end game, undo, void): yes
    pg.errors = errors
    yield pg
    context.close()
    assert not errors, f"JavaScript errors: {errors}"


def _shot(page: Any, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True)


@pytest.mark.parametrize("path,name,text", [
    ("/", "table", "pipeline: unavailable"),
    ("/hand", "hand-check-empty", "Hand check"),
    ("/settings", "settings", "Rule preset"),
    ("/club/", "club-start", "Start a club night"),
])  # fmt: skip
def test_each_page_loads_without_script_errors(
    server: str, page: Any, path: str, name: str, text: str
) -> None:
    page.goto(server + path)
    page.wait_for_load_state("domcontentloaded")
    assert text in page.inner_text("body")
    _shot(page, name)


def test_correcting_a_misread_tile_on_the_hand_check_makes_the_score_appear(server: str, page: Any) -> None:
    page.goto(server + "/hand")
    # As read: one 6p misread as 9p, so the hand is not complete. Win on 6p; tanyao (seed 001 table).
    page.fill("#hand-text", "234m456p678s22s69p6p")
    page.dispatch_event("#hand-text", "input")
    summary = page.locator("#result-summary")
    playwright_api.expect(summary).to_contain_text("Not scored")
    page.click('#hand-tiles .tile[data-index="12"]')  # the 9p
    page.click('#palette .tile[data-tile="6p"]')
    playwright_api.expect(summary).to_have_text(re.compile(r"^\d+ han \d+ fu .* points$"))
    assert "tanyao" in page.inner_text("#yaku-table")
    assert page.locator("#hand-tiles .tile.corrected").count() == 1
    before = summary.inner_text()
    page.check("#flag-riichi")
    playwright_api.expect(summary).to_have_text(re.compile(r"^2 han"))
    assert summary.inner_text() != before
    assert "riichi" in page.inner_text("#yaku-table")
    assert page.locator("#fu-table tbody tr").count() >= 1
    _shot(page, "hand-check")


def test_the_exhaustive_draw_check_shows_tenpai_and_noten_payments(server: str, page: Any) -> None:
    page.goto(server + "/hand")
    page.fill('.draw-hand[data-seat="0"]', "123m456p789s1122z")
    page.fill('.draw-hand[data-seat="1"]', "13579m2468p1357s")
    page.click("#draw-go")
    result = page.locator("#draw-result")
    playwright_api.expect(result).to_contain_text("+3000")  # seed 002 3.4.2: 3000 from the noten players
    assert "-1000" in result.inner_text() and "noten" in result.inner_text()


def test_a_recorded_hand_updates_the_open_scoreboard_by_itself(server: str, browser: Any, page: Any) -> None:
    pytest.importorskip("riichi_table.engine.game", reason="needs the engine's game state")
    page.goto(server + "/club/")
    page.click("#new-night button")
    for name in ("Ann", "Bob", "Cy", "Dee"):
        page.fill("#add-player input[name=name]", name)
        page.click("#add-player button")
    for seat, name in enumerate(("Ann", "Bob", "Cy", "Dee")):
        page.select_option(f"select[name=seat{seat}]", label=name)
    page.click("#start-go")
    page.wait_for_selector("#record-form")

    board = browser.new_context(viewport={"width": 1280, "height": 720}).new_page()
    board.goto(server + "/scoreboard")
    playwright_api.expect(board.locator('.board-seat[data-seat="1"] .points')).to_have_text("30,000")

    page.check("input[name=win1]")
    page.fill("input[name=han1]", "3")
    page.select_option("select[name=fu1]", "40")
    page.select_option("select[name=from]", "0")
    page.click("#record-button")
    page.wait_for_selector("#hands td:has-text('Bob ron from Ann')")
    # No reload on the scoreboard tab: the new scores arrive over Server-Sent Events.
    playwright_api.expect(board.locator('.board-seat[data-seat="1"] .points')).to_have_text("35,200")
    playwright_api.expect(board.locator("#board-last")).to_contain_text("3 han 40 fu")
    _shot(board, "scoreboard")
    _shot(page, "club-game")

    # A hand scored on the hand check page goes into the same game: Cy (seat 2) rons Dee (seat 3).
    page.goto(server + "/hand")
    page.fill("#hand-text", "234m456p678s22s66p6p")  # tanyao, 1 han 40 fu: 1300 (seed 001 table)
    page.dispatch_event("#hand-text", "input")
    playwright_api.expect(page.locator("#result-summary")).to_contain_text("1300 points")
    page.select_option("#record-winner", "2")
    page.select_option("#record-from", "3")
    page.click("#record-go")
    page.wait_for_selector("#hands td:has-text('Cy ron from Dee')")
    playwright_api.expect(board.locator('.board-seat[data-seat="2"] .points')).to_have_text("31,300")
    # The table stops: the game ends, the scoreboard shows places, the night's standings and chart fill in.
    page.click("text=End the game now")
    playwright_api.expect(board.locator('.board-seat[data-seat="1"] .place')).to_contain_text("#1")
    page.goto(server + "/club/night/1")
    assert page.locator("#night-chart polyline").count() == 4
    assert page.locator("#standings tbody tr").first.inner_text().startswith("1\tBob")
    _shot(page, "club-night")
    _shot(board, "scoreboard-final")
    board.context.close()


def test_the_table_page_shows_the_live_view_and_the_camera_health(
    browser: Any, make_video: Any, tmp_path_factory: pytest.TempPathFactory
) -> None:
    from riichi_table.webui.app import create_app
    from riichi_table.webui.live import start_assistant

    folder = tmp_path_factory.mktemp("live")
    assistant, error = start_assistant(str(make_video(folder / "clip.mp4", frames=150)), "wrc", None)
    assert assistant is not None, error
    app = create_app({"DATA_DIR": folder / "data", "ASSISTANT": assistant, "PIPELINE_ERROR": None})
    with served(app) as url:
        page = browser.new_context(viewport={"width": 1280, "height": 720}).new_page()
        try:
            page.goto(f"{url}/")
            page.wait_for_function("document.getElementById('video').naturalWidth > 0")
            playwright_api.expect(page.locator("#health-pipeline")).to_have_text("pipeline: running")
            playwright_api.expect(page.locator("#health-camera")).to_contain_text("camera: ok")
            # Before the first hand the set-up check says what to do and why the table is not read yet (this
            # clip has no table markers).
            setup = page.locator("#setup")
            playwright_api.expect(setup).to_be_visible()
            playwright_api.expect(setup).to_contain_text("put one tile face up in each pond")
            playwright_api.expect(setup).to_contain_text("marker")
            _shot(page, "table-live")
        finally:
            page.context.close()


def test_a_photo_is_read_and_a_corrected_tile_is_saved_as_labelled_data(server: str, page: Any) -> None:
    from riichi_table.vision.reader import models_available

    if not models_available():
        pytest.skip("no tile models in models/ yet (localizer.onnx, classifier.onnx)")
    images = Path(__file__).resolve().parents[2] / ".." / "shared" / "datasets" / "hk-real-train" / "images"
    photo = next(iter(sorted(images.glob("*.jpg"))), None) if images.is_dir() else None
    if photo is None:
        pytest.skip("../shared/datasets/hk-real-train is not here")
    page.goto(server + "/hand")
    page.set_input_files("#photo", str(photo))
    page.click("#photo-form button[type=submit]")
    page.wait_for_selector("#hand-tiles .tile")
    first = page.locator("#hand-tiles .tile").first
    current = first.get_attribute("data-tile")
    first.click()
    page.click(f'#palette .tile[data-tile="{"1z" if current != "1z" else "2z"}"]')
    playwright_api.expect(page.locator("#correction-status")).to_contain_text("saved as labelled data")
    _shot(page, "hand-check-photo")


# --- a club night nobody has to fix by hand ------------------------------------------------------------


def _new_game(page: Any, server: str, names: tuple[str, ...]) -> str:
    """A club night (if none yet), four players and a game; returns the game page's URL."""
    page.goto(server + "/club/?all=1")
    if page.locator("#new-night button").count():
        page.click("#new-night button")
    else:
        page.goto(server + "/club/")
    for name in names:
        page.fill("#add-player input[name=name]", name)
        page.click("#add-player button")
    for seat, name in enumerate(names):
        page.select_option(f"select[name=seat{seat}]", label=name)
    page.click("#start-go")
    page.wait_for_selector("#record-form")
    return str(page.url)


def _fill_draw(page: Any) -> None:
    page.check("input[name=kind][value=draw]")
    page.check("input[name=tenpai0]")


def test_two_tabs_recording_the_same_hand_the_second_is_refused_with_a_link(
    server: str, browser: Any, page: Any
) -> None:
    pytest.importorskip("riichi_table.engine.game", reason="needs the engine's game state")
    url = _new_game(page, server, ("Tab1", "Tab2", "Tab3", "Tab4"))
    other = page.context.new_page()
    other.goto(url)
    _fill_draw(page)
    page.click("#record-button")
    playwright_api.expect(page.locator("#hands tbody tr")).to_have_count(1)
    _fill_draw(other)
    other.click("#record-button")
    playwright_api.expect(other.locator("#error-heading")).to_have_text("Not recorded: the game has moved on")
    assert "Nothing was recorded" in other.inner_text("#error-message")
    _shot(other, "club-stale-refused")
    other.click("#error-link")
    playwright_api.expect(other.locator("#hands tbody tr")).to_have_count(1)  # still one hand, not two
    other.close()


def test_back_and_record_again_is_refused_instead_of_filing_a_duplicate(server: str, page: Any) -> None:
    pytest.importorskip("riichi_table.engine.game", reason="needs the engine's game state")
    url = _new_game(page, server, ("Back1", "Back2", "Back3", "Back4"))
    _fill_draw(page)
    before = page.content()  # the page with its filled form, as the back-forward cache keeps it
    page.click("#record-button")
    playwright_api.expect(page.locator("#hands tbody tr")).to_have_count(1)
    # A browser's Back may show the page from its cache, filled form and all. Headless chromium reloads it
    # instead (the game page is sent no-store and its form does not autofill), so the cache is played here.
    page.route(url, lambda route: route.fulfill(body=before, content_type="text/html"))
    page.go_back()
    page.wait_for_selector("#record-form")
    page.unroute(url)
    page.click("#record-button")
    playwright_api.expect(page.locator("#error-heading")).to_have_text("Not recorded: the game has moved on")
    page.goto(url)
    playwright_api.expect(page.locator("#hands tbody tr")).to_have_count(1)


def test_voiding_a_game_keeps_it_in_the_history_and_leaves_the_standings_unchanged(
    server: str, page: Any
) -> None:
    pytest.importorskip("riichi_table.engine.game", reason="needs the engine's game state")
    url = _new_game(page, server, ("Void1", "Void2", "Void3", "Void4"))
    night = page.locator("text=back to the night").get_attribute("href")
    page.goto(server + night)
    before = page.inner_text("#standings")
    page.goto(url)
    page.click("text=End the game now")  # confirmed (the dialog handler accepts)
    page.goto(server + night)
    assert "Void1" in page.inner_text("#standings")  # ended with no hand: it would rank them by seat
    page.goto(url)
    page.click("#void-form button")
    playwright_api.expect(page.locator("#game-status")).to_have_text("void")
    _shot(page, "club-game-void")
    page.goto(server + night)
    assert page.inner_text("#standings") == before
    assert page.locator(f'a[href="{url.removeprefix(server)}"]').count() >= 1  # still listed in the night


def test_the_admin_pin_locks_out_after_repeated_failures_even_for_the_right_pin(
    browser: Any, tmp_path_factory: pytest.TempPathFactory
) -> None:
    from riichi_table.webui.app import create_app

    app = create_app({"DATA_DIR": tmp_path_factory.mktemp("pin"), "HOST": "0.0.0.0",
                      "ADMIN_PIN": "27182818", "PIN_CLIENT_LIMIT": 3, "PIN_LOCK_S": 4.0})  # fmt: skip
    with served(app) as base:
        page = browser.new_context(viewport={"width": 1280, "height": 720}).new_page()
        try:
            page.goto(base + "/pin")
            for guess in ("11111111", "22222222", "33333333"):
                page.fill("input[name=pin]", guess)
                page.click("form[method=post] button")
            playwright_api.expect(page.locator("#pin-error")).to_contain_text("locked for")
            page.fill("input[name=pin]", "27182818")  # the right PIN, the 4th try: still refused
            page.click("form[method=post] button")
            playwright_api.expect(page.locator("#pin-error")).to_contain_text("nothing was checked")
            _shot(page, "pin-locked")
            page.wait_for_timeout(4500)  # the lock expires
            page.fill("input[name=pin]", "27182818")
            page.click("form[method=post] button")
            playwright_api.expect(page.locator("#lock-button")).to_be_visible()
            page.click("#lock-button")  # Lock ends admin mode
            playwright_api.expect(page.locator("nav .readonly")).to_be_visible()
        finally:
            page.context.close()


def test_the_table_page_shows_the_demo_win_with_yaku_and_payments_and_clears_on_the_next_hand(
    browser: Any, tmp_path_factory: pytest.TempPathFactory
) -> None:
    from riichi_table.webui.app import create_app
    from riichi_table.webui.live import start_assistant

    assistant, error = start_assistant("demo", "wrc", None)
    assert assistant is not None, error
    folder = tmp_path_factory.mktemp("demo")
    app = create_app({"DATA_DIR": folder, "ASSISTANT": assistant, "PIPELINE_ERROR": None})
    with served(app) as base:
        context = browser.new_context(viewport={"width": 1280, "height": 900})
        page = context.new_page()
        board = context.new_page()
        try:
            page.goto(base + "/")
            board.goto(base + "/scoreboard?live=1")
            panel = page.locator("#hand-result")
            # The demo: chair 2 (West) wins by ron on chair 3's discard after riichi: riichi, pinfu, dora.
            playwright_api.expect(panel).to_be_visible(timeout=150_000)
            headline = panel.locator(".result-headline").inner_text()
            assert headline == "West (chair 2) wins by ron on North (chair 3)'s discard"
            assert panel.locator(".result-tiles .tile").count() == 14
            yaku = panel.locator(".result-yaku").inner_text()
            assert "Riichi" in yaku and "All sequences" in yaku and "Dora" in yaku
            assert "3 han 30 fu" in panel.inner_text() and "3,900 points" in panel.inner_text()
            assert "North (chair 3) pays 3,900" in panel.locator(".result-payments").inner_text()
            assert "is over" in page.inner_text("#round")
            _shot(page, "table-result")
            playwright_api.expect(board.locator("#board-result")).to_be_visible(timeout=20_000)
            assert "wins by ron" in board.inner_text("#board-result")
            _shot(board, "scoreboard-live-result")
            # The clip starts again: a new hand, the panel goes and no seat is left marked riichi.
            playwright_api.expect(panel).to_have_count(0, timeout=60_000)
            assert page.locator(".seat.riichi").count() == 0
        finally:
            context.close()


PHONE_PAGES = ["/", "/hand", "/scoreboard", "/club/", "/club/?all=1", "/settings", "/pin"]


def test_every_page_fits_a_phone_without_sideways_scrolling(server: str, browser: Any) -> None:
    context = browser.new_context(viewport={"width": 390, "height": 844}, device_scale_factor=2,
                                  is_mobile=True, has_touch=True)  # fmt: skip
    page = context.new_page()
    pages = [(path, "phone-" + (path.strip("/").replace("/", "-").replace("?all=1", "-all") or "table"))
             for path in PHONE_PAGES]  # fmt: skip
    hrefs = "els => els.map(e => e.getAttribute('href'))"
    night = page.goto(server + "/club/night/1")  # filled by the tests above (a finished game, hands, chart)
    if night is not None and night.ok:  # run on its own, there is no night yet
        games = [
            g for g in page.eval_on_selector_all("#games a[href^='/club/game/']", hrefs) if g[-1].isdigit()
        ]
        pages += [("/club/night/1", "phone-club-night")] + [(g, "phone-club-game") for g in games[:1]]
    wide = []
    try:
        for path, name in pages:
            page.goto(server + path)
            page.wait_for_load_state("domcontentloaded")
            width = page.evaluate("document.documentElement.scrollWidth")
            if width > 390:
                wide.append(f"{path}: {width} px")
            _shot(page, name)
    finally:
        context.close()
    assert not wide, f"pages wider than the phone: {wide}"

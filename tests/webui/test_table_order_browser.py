"""The Table page asks the order of discards when it is really unknown, and the answer fixes the record
(real chromium; the situation of tests/live/test_late_order.py fed to a running assistant's game)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

playwright_api = pytest.importorskip("playwright.sync_api")
from tests.browser_support import BROWSER_MARKS, chromium_page, served  # noqa: E402
from tests.webui.test_table_order import ask  # noqa: E402

pytestmark = BROWSER_MARKS


def test_the_page_shows_the_order_question_and_the_answer_moves_the_tile(
    make_video: Any, tmp_path: Path
) -> None:
    from riichi_table.webui.app import create_app
    from riichi_table.webui.live import start_assistant

    assistant, error = start_assistant(str(make_video(tmp_path / "clip.mp4")), "wrc", None)
    assert assistant is not None, error
    app = create_app({"DATA_DIR": tmp_path / "data", "ASSISTANT": assistant, "PIPELINE_ERROR": None})
    expect = playwright_api.expect
    try:
        viewport = {"width": 1280, "height": 860}
        with served(app) as url, chromium_page(timeout_ms=30_000, viewport=viewport) as page:
            page.goto(url + "/", wait_until="domcontentloaded")
            question = ask(assistant)  # asked while the page is open: it comes over the event stream
            box = page.locator("#questions .question")
            expect(box).to_contain_text("seen late")
            buttons = box.locator("button.order-answer")
            expect(buttons).to_have_text([a["label"] for a in question["answers"]])
            expect(buttons.first).to_have_class("order-answer best-guess")  # the guess in the record now
            pond = page.locator('.seat[data-seat="1"] .pond .tile')
            expect(pond).to_have_count(2)
            assert [pond.nth(i).get_attribute("data-tile") for i in range(2)] == ["9m", "3m"]
            buttons.nth(1).click()  # "? 9m": the tile read late was its second discard
            expect(page.locator("#question-status")).to_contain_text("answer taken")
            expect(page.locator("#questions .question")).to_have_count(0)
            expect(pond.nth(1)).to_have_attribute("data-tile", "9m")
            assert pond.nth(0).get_attribute("data-tile") == "3m"
    finally:
        assistant.stop()

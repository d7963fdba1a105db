"""The Table page's why-not box shows the tiles found but not named as small pictures (real chromium).

A recording of a table whose far pond tile is scribbled over (still a tile, no face the reader knows) is
played by the assistant; before the first hand the set-up box lists the reasons and the picture of that tile.
"""

from __future__ import annotations

from pathlib import Path

import cv2
import pytest

playwright_api = pytest.importorskip("playwright.sync_api")
from tests.browser_support import BROWSER_MARKS, chromium_page, served  # noqa: E402

pytestmark = BROWSER_MARKS


def test_the_set_up_box_shows_a_picture_of_each_tile_not_named(renderer, tmp_path: Path) -> None:
    from riichi_table.webui.app import create_app
    from riichi_table.webui.live import start_assistant

    from tests.live.test_why_not import _scribbled

    video = tmp_path / "scribbled.mp4"
    writer = cv2.VideoWriter(str(video), cv2.VideoWriter.fourcc(*"mp4v"), 10.0, (1280, 720))
    frames = _scribbled(renderer, 4)
    for i in range(300):
        writer.write(frames[i % len(frames)])
    writer.release()
    assistant, error = start_assistant(str(video), "wrc", None)
    assert assistant is not None, error
    app = create_app({"DATA_DIR": tmp_path / "data", "ASSISTANT": assistant, "PIPELINE_ERROR": None})
    try:
        viewport = {"width": 1280, "height": 860}
        with served(app) as url, chromium_page(timeout_ms=30_000, viewport=viewport) as page:
            page.goto(url + "/")
            picture = page.locator("#setup img.unnamed-tile").first
            playwright_api.expect(picture).to_be_visible()
            playwright_api.expect(page.locator("#setup")).to_contain_text("found but not named")
            assert picture.get_attribute("src", timeout=5_000).startswith("data:image/png;base64,")
            # The picture as drawn: the box is rebuilt when the tiles not named change, so it is looked up
            # in the page as it stands when asked.
            page.wait_for_function(
                "() => { const i = document.querySelector('#setup img.unnamed-tile');"
                " return i !== null && i.complete && i.getBoundingClientRect().height > 20; }",
                timeout=10_000,
            )
    finally:
        assistant.stop()

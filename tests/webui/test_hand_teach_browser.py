"""Teaching the active tile-set profile from the Hand check in a real browser (Playwright driving Debian's
chromium, headless): a real photo of a Hong Kong style hand is read, a false detection (one box around
several tiles) is marked "not a tile", a white dragon is mistakenly corrected to a red dragon, and "Teach
these tiles" adds the rest to the club's profile; the page says how many were taught, refused (the
mistaken tile, with why) and left out, and the profile file on disk holds exactly those tiles more.
Screenshot: docs/screenshots/hand-check-teach.png."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import cv2
import numpy as np
import pytest

playwright_api = pytest.importorskip("playwright.sync_api")
from tests.browser_support import BROWSER_MARKS, chromium_page, served  # noqa: E402

REPO = Path(__file__).resolve().parents[2]
PHOTO = REPO / "tests" / "vision" / "samples" / "hk_real_hand.jpg"
SHOTS = REPO / "docs" / "screenshots"

pytestmark = BROWSER_MARKS


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Path]]:
    """The web page with a profile `hk-club` chosen, taught from nine labelled tiles of the same photo."""
    from riichi_table.vision.crops import cut_crops
    from riichi_table.vision.embedder import EMBEDDER_FILE, Embedder
    from riichi_table.vision.profiles import build_profile, set_active_profile
    from riichi_table.webui.app import create_app
    from riichi_table.webui.teach import Labelled

    image = cv2.imread(str(PHOTO))
    rows = np.loadtxt(PHOTO.with_suffix(".txt"), ndmin=2)[:9]
    h, w = image.shape[:2]
    boxes = np.stack([(rows[:, 1] - rows[:, 3] / 2) * w, (rows[:, 2] - rows[:, 4] / 2) * h,
                      (rows[:, 1] + rows[:, 3] / 2) * w, (rows[:, 2] + rows[:, 4] / 2) * h], 1)  # fmt: skip
    embedder = Embedder(REPO / "models" / EMBEDDER_FILE, threads=1)
    crops = cut_crops(image, boxes.astype(np.float32), embedder.size, embedder.margin)
    labelled = Labelled("first.jpg", crops, rows[:, 0].astype(np.int64))
    profile, _ = build_profile("hk-club", [labelled], embedder, sheet=False)
    profiles = tmp_path_factory.mktemp("profiles")
    profile.save(profiles / "hk-club.npz")
    set_active_profile("hk-club", profiles)
    app = create_app({"DATA_DIR": tmp_path_factory.mktemp("data"), "PROFILES_DIR": profiles,
                      "PIPELINE_ERROR": "no camera source (--source none)"})  # fmt: skip
    with served(app) as url:
        yield url, profiles


@pytest.fixture
def page() -> Iterator[Any]:
    with chromium_page() as pg:
        yield pg


def test_a_corrected_hand_photo_is_taught_to_the_clubs_profile_from_the_hand_check(
    server: tuple[str, Path], page: Any
) -> None:
    from riichi_table.vision.reader import models_available

    if not models_available():
        pytest.skip("no tile models in models/ yet (localizer.onnx, classifier.onnx)")
    base, profiles = server
    expect = playwright_api.expect
    before = int(np.load(profiles / "hk-club.npz")["counts"].sum())
    page.goto(base + "/hand")
    expect(page.locator("#teach-row")).to_be_hidden()  # nothing read yet
    page.set_input_files("#photo", str(PHOTO))
    page.click("#photo-form button[type=submit]")
    expect(page.locator("#teach-row")).to_be_visible()
    read = page.locator("#hand-tiles .tile").count()
    assert read >= 10
    expect(page.locator("#teach-profile")).to_have_text("hk-club")

    # The widest box on the photo spans several tiles: a false detection, marked "not a tile". The boxes are
    # drawn once the photo has loaded, which on a busy machine comes after the chips.
    expect(page.locator("#photo-boxes .box").first).to_be_visible()
    widths = page.eval_on_selector_all("#photo-boxes .box", "boxes => boxes.map((b) => b.offsetWidth)")
    widest = int(np.argmax(widths))
    page.locator("#hand-tiles .tile").nth(widest).click()  # chips and boxes are in the same order
    page.click("#not-a-tile")
    expect(page.locator("#hand-tiles .tile.not-tile")).to_have_count(1)
    expect(page.locator("#photo-boxes .box.not-tile")).to_have_count(1)
    assert page.locator("#hand-tiles .tile").nth(widest).get_attribute("class").count("not-tile") == 1
    # The right-most tile is a white dragon; the person taps red dragon by mistake.
    last = read - 1 if widest != read - 1 else read - 2
    page.locator("#hand-tiles .tile").nth(last).click()
    page.click('#palette .tile[data-tile="7z"]')
    expect(page.locator("#correction-status")).to_contain_text("saved as labelled data")

    page.click("#teach-button")
    status = page.locator("#teach-status")
    expect(status).to_contain_text("taught to profile hk-club")
    expect(status).to_contain_text("1 left out as not a tile")
    text = status.inner_text()
    added = int(re.match(r"(\d+) tile\(s\) taught", text).group(1))  # type: ignore[union-attr]
    refused = re.search(r"; (\d+) refused", text)
    n_refused = int(refused.group(1)) if refused else 0
    assert added + n_refused == read - 1
    expect(page.locator("#teach-refused li")).to_have_count(n_refused)
    # The mistaken red dragon is not learned: it looks unlike the profile's red dragons.
    mistaken = page.locator("#teach-refused li", has_text=f"tile {last + 1} (7z): looks unlike the 7z")
    expect(mistaken).to_have_count(1)
    assert int(np.load(profiles / "hk-club.npz")["counts"].sum()) == before + added
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.locator("section.panel").first.screenshot(path=str(SHOTS / "hand-check-teach.png"))

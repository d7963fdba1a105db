"""Teaching the active tile-set profile from a corrected Hand check photo (`POST /hand/teach`): what is
added, what is refused and why, and that a refused request changes nothing already saved.

The photo is a real photo of a Hong Kong style hand (tests/vision/samples, validation split, 14 labelled
tiles); the profile is taught from its first nine tiles, so the last five show kinds it lacks."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import cv2
import numpy as np
import pytest
from flask import Flask
from flask.testing import FlaskClient

from tests.webui.conftest import csrf_token

REPO = Path(__file__).resolve().parents[2]
SAMPLES = REPO / "tests" / "vision" / "samples"
TILE_NAMES = {14: "6p", 16: "8p", 31: "5z", 32: "6z", 33: "7z"}


def _labels() -> tuple[np.ndarray, list[list[float]]]:
    image = cv2.imread(str(SAMPLES / "hk_real_hand.jpg"))
    rows = np.loadtxt(SAMPLES / "hk_real_hand.txt", ndmin=2)
    h, w = image.shape[:2]
    boxes = [[(r[1] - r[3] / 2) * w, (r[2] - r[4] / 2) * h, (r[1] + r[3] / 2) * w, (r[2] + r[4] / 2) * h]
             for r in rows]  # fmt: skip
    return rows[:, 0].astype(int), [[round(max(0.0, v), 1) for v in b] for b in boxes]


CLASSES, BOXES = _labels()


@pytest.fixture(scope="module")
def profile_bytes(tmp_path_factory: pytest.TempPathFactory) -> bytes:
    from riichi_table.vision.crops import cut_crops
    from riichi_table.vision.embedder import EMBEDDER_FILE, Embedder
    from riichi_table.vision.profiles import build_profile
    from riichi_table.webui.teach import Labelled

    embedder = Embedder(REPO / "models" / EMBEDDER_FILE, threads=1)
    image = cv2.imread(str(SAMPLES / "hk_real_hand.jpg"))
    crops = cut_crops(image, np.array(BOXES[:9], np.float32), embedder.size, embedder.margin)
    profile, _ = build_profile("hk-club", [Labelled("first.jpg", crops, CLASSES[:9])], embedder, sheet=False)
    path = profile.save(tmp_path_factory.mktemp("built") / "hk-club.npz")
    return path.read_bytes()


@pytest.fixture
def profiles(tmp_path: Path, profile_bytes: bytes) -> Path:
    from riichi_table.vision.profiles import set_active_profile

    folder = tmp_path / "profiles"
    folder.mkdir()
    (folder / "hk-club.npz").write_bytes(profile_bytes)
    set_active_profile("hk-club", folder)
    return folder


@pytest.fixture
def app(make_app: Any, profiles: Path) -> Flask:
    return make_app(PROFILES_DIR=profiles)


def _photo(app: Flask, image: np.ndarray | None = None) -> str:
    from riichi_table.webui.photos import save_photo

    if image is None:
        image = cv2.imread(str(SAMPLES / "hk_real_hand.jpg"))
    return save_photo(app.config["DATA_DIR"], image)


def _tiles() -> list[dict[str, Any]]:
    return [{"tile": TILE_NAMES[int(c)], "box": b} for c, b in zip(CLASSES, BOXES, strict=True)]


def _teach(client: FlaskClient, body: Any, token: bool = True) -> Any:
    headers = {"X-CSRF-Token": csrf_token(client)} if token else {}
    return client.post("/hand/teach", json=body, headers=headers)


def _counts(profiles: Path) -> dict[int, int]:
    data = np.load(profiles / "hk-club.npz")
    return dict(zip(data["class_id"].tolist(), data["counts"].tolist(), strict=True))


def test_the_hand_check_offers_teaching_only_when_a_profile_is_chosen(
    app: Flask, client: FlaskClient, profiles: Path
) -> None:
    from riichi_table.vision.profiles import set_active_profile

    page = client.get("/hand").data.decode()
    assert re.search(r'id="teach-button"\s*>Teach these tiles', page)  # enabled
    assert '<b id="teach-profile">hk-club</b>' in page
    set_active_profile("base", profiles)
    page = client.get("/hand").data.decode()
    assert re.search(r'id="teach-button"\s*disabled>Teach these tiles', page)
    assert "No tile-set profile is chosen" in page and 'href="/teach"' in page


def test_the_corrected_tiles_go_into_the_active_profile_and_a_false_detection_is_left_out(
    app: Flask, client: FlaskClient, profiles: Path
) -> None:
    photo_id = _photo(app)
    before = _counts(profiles)
    app.extensions["reader"] = object()  # the Hand check's reader as loaded before the teaching
    body = {"photo_id": photo_id, "tiles": [*_tiles(), {"not_tile": True, "box": [1, 1, 30, 40]}]}
    res = _teach(client, body)
    answer = res.get_json()
    assert res.status_code == 200, answer
    assert answer["added"] == 14 and answer["left_out"] == 1 and answer["refused"] == []
    assert answer["message"].startswith(
        "14 tile(s) taught to profile hk-club; 1 left out as not a tile: the Hand check reads with it"
    )
    after = _counts(profiles)
    for c in set(CLASSES.tolist()):
        assert after[c] == before.get(c, 0) + CLASSES.tolist().count(c)
    assert answer["kinds"] == len(after) > len(before)
    assert "reader" not in app.extensions  # reloaded with the taught profile on the next read


def test_a_blurred_tile_is_refused_with_its_reason_and_the_others_are_taught(
    app: Flask, client: FlaskClient
) -> None:
    image = cv2.imread(str(SAMPLES / "hk_real_hand.jpg"))
    x1, y1, x2, y2 = (int(v) for v in BOXES[2])
    image[y1:y2, x1:x2] = cv2.GaussianBlur(image[y1:y2, x1:x2], (0, 0), 6.0)
    res = _teach(client, {"photo_id": _photo(app, image), "tiles": _tiles()})
    answer = res.get_json()
    assert res.status_code == 200, answer
    assert answer["added"] == 13 and [r["tile"] for r in answer["refused"]] == [2]
    assert answer["refused"][0]["name"] == "8p" and "too blurred" in answer["refused"][0]["reason"]
    assert "; 1 refused:" in answer["message"]


@pytest.mark.parametrize("case", ["no profile chosen", "whole photo blurred"])
def test_nothing_is_written_when_nothing_can_be_learned(
    app: Flask, client: FlaskClient, profiles: Path, case: str
) -> None:
    from riichi_table.vision.profiles import set_active_profile

    image = cv2.imread(str(SAMPLES / "hk_real_hand.jpg"))
    if case == "whole photo blurred":
        image = cv2.GaussianBlur(image, (0, 0), 8.0)
    else:
        set_active_profile("base", profiles)
    saved = (profiles / "hk-club.npz").read_bytes()
    res = _teach(client, {"photo_id": _photo(app, image), "tiles": _tiles()})
    assert res.status_code == 409
    expected = {
        "no profile chosen": "no tile-set profile is chosen",
        "whole photo blurred": "this photo: every tile is too blurred to learn from",
    }[case]
    assert expected in res.get_json()["error"]
    assert (profiles / "hk-club.npz").read_bytes() == saved


BAD = {
    "not json": (None, "expected a JSON body {photo_id, tiles"),
    "bad photo id": ({"photo_id": "../../etc/passwd", "tiles": []}, "bad photo id"),
    "unknown photo": ({"photo_id": "0" * 32, "tiles": []}, "no photo with id"),
    "tiles not a list": ({"tiles": "1m2m"}, "expected {photo_id, tiles"),
    "not a tile name": ({"tiles": [{"tile": "10m", "box": BOXES[0]}]}, "tile 0: "),
    "box outside": ({"tiles": [{"tile": "8p", "box": [0, 0, 99999, 10]}]}, "lies outside the"),
    "every tile marked not a tile": ({"tiles": [{"not_tile": True, "box": BOXES[0]}]}, "no tiles to teach"),
}


@pytest.mark.parametrize("case", list(BAD))
def test_bad_teach_requests_are_refused_with_the_reason(
    app: Flask, client: FlaskClient, profiles: Path, case: str
) -> None:
    body, message = BAD[case]
    if isinstance(body, dict) and "photo_id" not in body:
        body = {"photo_id": _photo(app), **body}
    saved = (profiles / "hk-club.npz").read_bytes()
    if body is None:
        res = client.post("/hand/teach", data="tiles", headers={"X-CSRF-Token": csrf_token(client)})
    else:
        res = _teach(client, body)
    assert res.status_code == 400
    assert message in res.get_json()["error"]
    assert (profiles / "hk-club.npz").read_bytes() == saved


def test_teaching_needs_the_csrf_token_and_off_loopback_the_admin_pin(make_app: Any, profiles: Path) -> None:
    app = make_app(PROFILES_DIR=profiles)
    client = app.test_client()
    body = {"photo_id": _photo(app), "tiles": _tiles()}
    assert _teach(client, body, token=False).status_code == 400
    public = make_app(HOST="0.0.0.0", ADMIN_PIN="4321", PROFILES_DIR=profiles).test_client()
    assert _teach(public, body).status_code == 403
    public.post("/pin", data={"pin": "4321", "csrf_token": csrf_token(public)})
    assert _teach(public, body).status_code == 200


def test_the_hand_checks_reader_names_tiles_with_the_profile_chosen_in_the_apps_profiles_folder(
    app: Flask, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from riichi_table.webui.views.hand import _reader

    monkeypatch.setenv("RIICHI_TABLE_PROFILES", str(tmp_path / "elsewhere"))  # the default: nothing chosen
    with app.test_request_context():
        assert _reader().profile() == "hk-club"


def test_the_live_table_starts_with_the_profile_chosen_in_the_apps_profiles_folder(
    make_app: Any, profiles: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from riichi_table.webui.live import start_assistant

    from riichi_table.assistant.session import DEMO_DIR

    monkeypatch.setenv("RIICHI_TABLE_PROFILES", str(tmp_path / "elsewhere"))  # the default: nothing chosen
    assistant, error = start_assistant(str(DEMO_DIR / "clip.mp4"), "wrc", None)
    assert assistant is not None, error
    namer = assistant.session.reader.onnx  # type: ignore[attr-defined]
    assert namer.profile == "base"
    make_app(ASSISTANT=assistant, PIPELINE_ERROR=None, SOURCE="clip.mp4", PROFILES_DIR=profiles)
    assert namer.profile == "hk-club"

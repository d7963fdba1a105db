"""Teach my tiles through the Flask test client: every endpoint, each bad input, and the profile actions of
the Settings page. Photos are rendered sheet photos of the recoloured set (a tile style the shipped models
never saw: datasets.render_layout.RECOLOUR)."""

from __future__ import annotations

import io
import re
import time
from pathlib import Path
from typing import Any

import cv2
import numpy as np
import pytest
from flask.testing import FlaskClient
from riichi_table.datasets.render_layout import RECOLOUR, render_sheet_photo
from riichi_table.vision.layout_sheet import read_sheet_photo

from tests.webui.conftest import csrf_token

REPO = Path(__file__).resolve().parents[2]
ART = REPO / ".." / "shared" / "tile-art" / "fluffystuff-riichi"


def _jpeg(image: np.ndarray) -> bytes:
    ok, buf = cv2.imencode(".jpg", image, [cv2.IMWRITE_JPEG_QUALITY, 92])
    assert ok
    return buf.tobytes()


@pytest.fixture(scope="module")
def sheets() -> dict[str, bytes]:
    """Sheet photos as uploaded files: three of the recoloured set, one of another set (the Black art)."""
    if not (ART / "png" / "Regular").is_dir():
        pytest.skip("the tile art (../shared/tile-art/fluffystuff-riichi) is not here")
    out = {f"club-{s}.jpg": _jpeg(render_sheet_photo(str(ART), "Regular", s, recolour_order=RECOLOUR))
           for s in range(3)}  # fmt: skip
    out["other-set.jpg"] = _jpeg(render_sheet_photo(str(ART), "Black", 7))
    return out


@pytest.fixture
def teach_app(make_app: Any, tmp_path: Path, colour_bound_models: Path) -> Any:
    """The page with the colour-bound embedder (tests/conftest.py), for which the recoloured set is unseen."""
    return make_app(PROFILES_DIR=tmp_path / "profiles", MODELS_DIR=colour_bound_models)


@pytest.fixture
def client(teach_app: Any) -> FlaskClient:
    return teach_app.test_client()


def _upload(client: FlaskClient, files: dict[str, bytes], session: str | None = None) -> Any:
    data: dict[str, Any] = {"photo": [(io.BytesIO(body), name) for name, body in files.items()]}
    if session:
        data["session"] = session
    res = client.post("/teach/photos", data=data, headers={"X-CSRF-Token": csrf_token(client)},
                      content_type="multipart/form-data")  # fmt: skip
    return res


def _post(client: FlaskClient, url: str, body: dict[str, Any]) -> Any:
    return client.post(url, json=body, headers={"X-CSRF-Token": csrf_token(client)})


def _learned(client: FlaskClient, session: str, corrections: dict[str, Any] | None = None) -> dict[str, Any]:
    res = _post(client, f"/teach/{session}/learn", {"corrections": corrections or {}})
    assert res.status_code == 200, res.get_json()
    deadline = time.monotonic() + 300  # a few seconds alone; minutes on a loaded shared CPU
    while time.monotonic() < deadline:
        state = client.get(f"/teach/{session}/progress").get_json()
        if state["state"] != "running":
            return state
        time.sleep(0.1)
    raise AssertionError("learning did not finish in five minutes")


def test_the_teach_page_is_linked_from_settings_and_offers_the_printable_sheet(client: FlaskClient) -> None:
    settings = client.get("/settings").data.decode()
    assert 'href="/teach"' in settings and "base (the shipped models alone)" in settings
    page = client.get("/teach").data.decode()
    assert "Teach my tiles" in page and 'capture="environment"' in page
    assert "frame-button" not in page  # no live source: no table-camera button
    sheet = client.get("/teach/sheet.pdf")
    assert sheet.status_code == 200 and sheet.data.startswith(b"%PDF")
    assert "attachment" in sheet.headers["Content-Disposition"]


def test_uploaded_sheet_photos_come_back_cell_by_cell_with_the_readers_names(
    client: FlaskClient, sheets: dict[str, bytes]
) -> None:
    res = _upload(client, {k: sheets[k] for k in ("club-0.jpg", "club-1.jpg")})
    body = res.get_json()
    assert res.status_code == 200 and body["ok"] and body["errors"] == []
    assert [p["name"] for p in body["photos"]] == ["club-0.jpg", "club-1.jpg"]
    cells = body["photos"][0]["cells"]
    assert len(cells) == 39  # 34 kinds, 3 red fives, 2 backs
    assert {c["cell"] for c in cells} >= {"1m", "0m", "7z", "back1", "back2"}
    assert all(c["crop"].startswith("data:image/png;base64,") for c in cells)
    by_cell = {c["cell"]: c for c in cells}
    assert by_cell["0p"]["tile"] == "0p" and by_cell["back2"]["tile"] == "back"
    # The base reader is poor on a set it never saw: the page shows its names so a person sees the gain.
    assert sum(c["reader"] != c["tile"] for c in cells) > 5
    more = _upload(client, {"club-0.jpg": sheets["club-0.jpg"]}, body["session"]).get_json()
    assert more["photos"][0]["name"] == "club-0.jpg (2)"  # same file twice: told apart


def _bad_photos(sheets: dict[str, bytes]) -> dict[str, bytes]:
    good = cv2.imdecode(np.frombuffer(sheets["club-0.jpg"], np.uint8), cv2.IMREAD_COLOR)
    page = np.full((700, 1000), 255, np.uint8)
    dictionary = cv2.aruco.getPredefinedDictionary(cv2.aruco.DICT_4X4_50)
    for marker_id, (x, y) in enumerate([(40, 40), (860, 40), (860, 560), (300, 560)]):
        page[y : y + 100, x : x + 100] = cv2.aruco.generateImageMarker(dictionary, marker_id, 100)
    return {
        "notes.txt": b"these are not pixels",
        "table.jpg": _jpeg(np.full((600, 800, 3), 90, np.uint8)),
        "shaky.jpg": _jpeg(cv2.GaussianBlur(good, (0, 0), 3.0)),
        "card.jpg": _jpeg(cv2.cvtColor(page, cv2.COLOR_GRAY2BGR)),
    }


@pytest.mark.parametrize("name,message", [
    ("notes.txt", "notes.txt: the upload is not an image"),
    ("table.jpg", "table.jpg: layout sheet not found: saw 0 of its 4 corner markers"),
    ("shaky.jpg", "shaky.jpg: too blurred to learn from"),
    ("card.jpg", "card.jpg: wrong sheet"),
])  # fmt: skip
def test_a_bad_photo_is_named_with_what_is_wrong_and_the_others_are_still_used(
    client: FlaskClient, sheets: dict[str, bytes], name: str, message: str
) -> None:
    res = _upload(client, {"club-1.jpg": sheets["club-1.jpg"], name: _bad_photos(sheets)[name]})
    body = res.get_json()
    assert res.status_code == 200 and [p["name"] for p in body["photos"]] == ["club-1.jpg"]
    assert len(body["errors"]) == 1 and body["errors"][0]["photo"] == name
    assert body["errors"][0]["error"].startswith(message), body["errors"][0]["error"]


def test_only_bad_photos_add_nothing_and_say_why(client: FlaskClient, sheets: dict[str, bytes]) -> None:
    body = _upload(client, {"notes.txt": b"nope"}).get_json()
    assert body["ok"] is False and body["photos"] == [] and "notes.txt" in body["errors"][0]["error"]
    res = _post(client, f"/teach/{body['session']}/learn", {"corrections": {}})
    assert res.status_code == 400 and "no sheet photo to learn from" in res.get_json()["error"]


def test_learn_reports_the_same_before_after_as_the_held_back_computation(
    client: FlaskClient, sheets: dict[str, bytes], colour_bound_models: Path
) -> None:
    from riichi_table.vision.embedder import EMBEDDER_FILE, Embedder
    from riichi_table.vision.profiles import held_back_accuracy

    names = ("club-0.jpg", "club-1.jpg", "club-2.jpg")
    session = _upload(client, {k: sheets[k] for k in names}).get_json()["session"]
    state = _learned(client, session)
    assert state["state"] == "done" and state["progress"] == 1.0, state
    result = state["result"]
    photos = [read_sheet_photo(cv2.imdecode(np.frombuffer(sheets[k], np.uint8), cv2.IMREAD_COLOR), k)
              for k in names]  # fmt: skip
    expected = held_back_accuracy(photos, Embedder(colour_bound_models / EMBEDDER_FILE, threads=1))
    assert result["held_back"] == {
        "tiles": expected.tiles,
        "base": expected.base,
        "profile": expected.profile,
    }
    assert result["held_back"]["profile"] > result["held_back"]["base"] + 0.2
    assert result["photos"] == list(names) and result["rejected"] == [] and result["kinds"] == 38
    assert result["colours_swapped"] is True  # the recoloured set is a known art with its inks swapped


def test_a_photo_of_another_set_is_named_and_nothing_is_learned_from_it(
    client: FlaskClient, sheets: dict[str, bytes]
) -> None:
    names = ("club-0.jpg", "club-1.jpg", "club-2.jpg", "other-set.jpg")
    session = _upload(client, {k: sheets[k] for k in names}).get_json()["session"]
    result = _learned(client, session)["result"]
    assert [r["photo"] for r in result["rejected"]] == ["other-set.jpg"]
    assert "another tile set" in result["rejected"][0]["reason"]
    assert result["photos"] == ["club-0.jpg", "club-1.jpg", "club-2.jpg"]


def test_corrections_relabel_or_skip_cells_and_a_bad_one_is_refused_naming_the_cell(
    teach_app: Any, client: FlaskClient, sheets: dict[str, bytes]
) -> None:
    body = _upload(client, {"club-0.jpg": sheets["club-0.jpg"]}).get_json()
    session, photo_id = body["session"], body["photos"][0]["id"]
    from riichi_table.webui.views.teach import teacher

    with teach_app.app_context():
        labelled, empty = teacher().labelled(
            teacher().session(session), {photo_id: {"3m": "4m", "5s": "skip"}}
        )
    assert empty == [] and len(labelled[0].class_id) == 38  # one cell skipped
    assert list(labelled[0].class_id).count(3) == 2 and 22 not in labelled[0].class_id  # 3m learned as 4m
    for fixes, message in [({"3m": "9x"}, "club-0.jpg, cell 3m: '9x' is not a tile"),
                           ({"8z": "1m"}, "club-0.jpg: no tile in cell '8z'"),
                           ({"3m": 5}, "is not a tile")]:  # fmt: skip
        res = _post(client, f"/teach/{session}/learn", {"corrections": {photo_id: fixes}})
        assert res.status_code == 400 and message in res.get_json()["error"]
    everything = {c["cell"]: "skip" for c in body["photos"][0]["cells"]}
    res = _post(client, f"/teach/{session}/learn", {"corrections": {photo_id: everything}})
    assert res.status_code == 400 and "every cell was skipped" in res.get_json()["error"]


def test_one_photo_learns_without_a_before_after_and_keep_saves_and_chooses_the_profile(
    client: FlaskClient, sheets: dict[str, bytes], tmp_path: Path
) -> None:
    from riichi_table.vision.profiles import Profile, active_profile

    session = _upload(client, {"club-0.jpg": sheets["club-0.jpg"]}).get_json()["session"]
    assert _post(client, f"/teach/{session}/keep", {"name": "x"}).status_code == 400  # nothing learned yet
    result = _learned(client, session)["result"]
    assert result["held_back"] is None and "at least two photos" in result["note"]
    bad = _post(client, f"/teach/{session}/keep", {"name": "our club!"})
    assert bad.status_code == 400 and "profile name 'our club!'" in bad.get_json()["error"]
    kept = _post(client, f"/teach/{session}/keep", {"name": "our-club"}).get_json()
    assert kept["ok"] and "chosen" in kept["message"]
    folder = tmp_path / "profiles"
    assert active_profile(folder) == "our-club" and Profile.load(folder / "our-club.npz").photos == (
        "club-0.jpg",
    )
    assert client.get(f"/teach/{session}/progress").status_code == 404  # the session is over
    again = _upload(client, {"club-1.jpg": sheets["club-1.jpg"]}).get_json()["session"]
    _learned(client, again)
    clash = _post(client, f"/teach/{again}/keep", {"name": "our-club"})
    assert clash.status_code == 400 and "exists already" in clash.get_json()["error"]


def test_discard_forgets_the_session_and_writes_nothing(
    client: FlaskClient, sheets: dict[str, bytes], tmp_path: Path
) -> None:
    session = _upload(client, {"club-0.jpg": sheets["club-0.jpg"]}).get_json()["session"]
    _learned(client, session)
    assert _post(client, f"/teach/{session}/discard", {}).get_json()["ok"]
    assert client.get(f"/teach/{session}/progress").status_code == 404
    assert not list((tmp_path / "profiles").glob("*.npz")) if (tmp_path / "profiles").exists() else True
    late = _upload(client, {"club-1.jpg": sheets["club-1.jpg"]}, session)
    assert late.status_code == 404 and "session is over" in late.get_json()["error"]


def test_the_table_camera_button_says_why_without_a_live_source(client: FlaskClient) -> None:
    res = _post(client, "/teach/frame", {})
    assert res.status_code == 409 and "no camera frame available" in res.get_json()["error"]


def _profile_file(tmp_path: Path, name: str, sha: str | None = None, models: Path = REPO / "models") -> bytes:
    from riichi_table.vision.embedder import EMBEDDER_FILE, Embedder
    from riichi_table.vision.profiles import Profile

    embedder = Embedder(models / EMBEDDER_FILE, threads=1)
    rng = np.random.default_rng(3)
    protos = rng.normal(size=(3, embedder.dim)).astype(np.float32)
    protos /= np.linalg.norm(protos, axis=1, keepdims=True)
    profile = Profile(name, np.array([0, 1, 37]), protos, np.array([1, 1, 1]),
                      sha or embedder.classifier_sha256, ("a.jpg",), "2026-11-23T10:00:00+00:00")  # fmt: skip
    return profile.save(tmp_path / "elsewhere" / f"{name}.npz").read_bytes()


def _form(client: FlaskClient, url: str, data: dict[str, Any]) -> str:
    fields = {**data, "csrf_token": csrf_token(client)}
    res = client.post(url, data=fields, content_type="multipart/form-data", follow_redirects=True)
    assert res.status_code == 200
    return res.data.decode()


def test_settings_import_switch_and_download_profiles(
    client: FlaskClient, tmp_path: Path, colour_bound_models: Path
) -> None:
    from riichi_table.vision.profiles import active_profile

    folder = tmp_path / "profiles"
    data = _profile_file(tmp_path, "club-b", models=colour_bound_models)
    page = _form(client, "/settings/profiles/upload", {"profile": (io.BytesIO(data), "club-b.npz")})
    assert "Profile club-b added (3 kinds)" in page and 'data-profile="club-b"' in page
    assert active_profile(folder) == "base"  # added, not chosen
    page = _form(client, "/settings/profiles/use", {"name": "club-b"})
    assert active_profile(folder) == "club-b"
    assert re.search(r'data-profile="club-b".*?active', page, re.S)
    download = client.get("/settings/profiles/club-b.npz")
    assert download.status_code == 200 and download.data == (folder / "club-b.npz").read_bytes()
    _form(client, "/settings/profiles/use", {"name": "base"})
    assert active_profile(folder) == "base"
    page = _form(client, "/settings/profiles/use", {"name": "../etc"})
    assert "Nothing changed: no profile named &#39;../etc&#39;" in page and active_profile(folder) == "base"
    assert client.get("/settings/profiles/nope.npz").status_code == 400


@pytest.mark.parametrize("case,message", [
    ("garbage", "stolen.npz: not a tile-set profile"),
    ("empty", "stolen.npz: the file is empty"),
    ("other classifier", "stolen.npz: profile club-c was made with another classifier"),
])  # fmt: skip
def test_a_bad_profile_file_is_refused_with_a_clear_message_and_nothing_changes(
    client: FlaskClient, tmp_path: Path, case: str, message: str, colour_bound_models: Path
) -> None:
    other = _profile_file(tmp_path, "club-c", "0" * 64, colour_bound_models)
    data = {"garbage": b"PK\x03\x04 not really a zip", "empty": b"", "other classifier": other}[case]
    page = _form(client, "/settings/profiles/upload", {"profile": (io.BytesIO(data), "stolen.npz")})
    assert "Nothing changed: " + message in page.replace("&#39;", "'"), page
    folder = tmp_path / "profiles"
    assert not folder.exists() or not list(folder.glob("*.npz"))


def test_off_loopback_every_teach_write_needs_the_admin_pin(
    make_app: Any, tmp_path: Path, sheets: dict[str, bytes]
) -> None:
    app = make_app(HOST="0.0.0.0", ADMIN_PIN="4321", PROFILES_DIR=tmp_path / "profiles")
    client = app.test_client()
    assert client.get("/teach").status_code == 200  # reading the page is fine
    assert "enter the admin PIN" in client.get("/teach").data.decode()
    for url in ("/teach/photos", "/teach/frame", "/settings/profiles/use", "/settings/profiles/upload"):
        res = client.post(url, data={"csrf_token": csrf_token(client), "name": "base"})
        assert res.status_code == 403, url
    client.post("/pin", data={"pin": "4321", "csrf_token": csrf_token(client)})
    assert _upload(client, {"club-0.jpg": sheets["club-0.jpg"]}).status_code == 200


def test_a_sheet_photo_can_be_taken_from_the_table_camera(
    make_app: Any, tmp_path: Path, sheets: dict[str, bytes]
) -> None:
    """A real pipeline on a clip of the sheet lying under the camera: the button takes its latest frame."""
    from riichi_table.webui.live import start_assistant

    frame = cv2.imdecode(np.frombuffer(sheets["club-0.jpg"], np.uint8), cv2.IMREAD_COLOR)
    frame = frame[: frame.shape[0] // 2 * 2, : frame.shape[1] // 2 * 2]
    clip = tmp_path / "sheet.mp4"
    writer = cv2.VideoWriter(str(clip), cv2.VideoWriter_fourcc(*"mp4v"), 5, (frame.shape[1], frame.shape[0]))
    for _ in range(40):
        writer.write(frame)
    writer.release()
    assistant, error = start_assistant(str(clip), "wrc", None)
    assert assistant is not None, error
    app = make_app(ASSISTANT=assistant, PIPELINE_ERROR=None, SOURCE="sheet.mp4", PROFILES_DIR=tmp_path / "p")
    client = app.test_client()
    assert "frame-button" in client.get("/teach").data.decode()
    deadline = time.monotonic() + 20
    res = _post(client, "/teach/frame", {})
    while res.status_code == 409 and time.monotonic() < deadline:  # no frame yet
        time.sleep(0.2)
        res = _post(client, "/teach/frame", {})
    body = res.get_json()
    assert res.status_code == 200 and body["errors"] == [], body["errors"]
    assert body["photos"][0]["name"].startswith("table camera") and len(body["photos"][0]["cells"]) == 39


def test_a_profile_chosen_in_settings_names_the_running_live_tables_tiles_at_once(
    make_app: Any, tmp_path: Path
) -> None:
    """The demo pipeline runs; choosing a profile switches its namer without a restart, and back to base."""
    from riichi_table.vision.profiles import ProfileClassifier
    from riichi_table.webui.live import start_assistant

    from riichi_table.assistant.session import DEMO_DIR

    assistant, error = start_assistant(str(DEMO_DIR / "clip.mp4"), "wrc", None)
    assert assistant is not None, error
    app = make_app(ASSISTANT=assistant, PIPELINE_ERROR=None, SOURCE="clip.mp4", PROFILES_DIR=tmp_path / "p")
    client = app.test_client()
    namer = assistant.session.reader.onnx  # type: ignore[attr-defined]
    assert namer is not None and namer.profile == "base"
    data = _profile_file(tmp_path, "club-b")
    _form(client, "/settings/profiles/upload", {"profile": (io.BytesIO(data), "club-b.npz")})
    assert namer.profile == "base"  # added, not chosen
    page = _form(client, "/settings/profiles/use", {"name": "club-b"})
    assert "the live table names tiles with tile-set profile club-b from now on" in page
    assert namer.profile == "club-b" and isinstance(namer.model, ProfileClassifier)
    assert assistant.state()["health"]["model"]["profile"] == "club-b"
    assert "tile-set profile club-b" in assistant.state()["health"]["model"]["message"]
    page = _form(client, "/settings/profiles/use", {"name": "base"})
    assert "names tiles with the shipped classifier alone" in page and namer.profile == "base"


def test_keeping_a_profile_without_a_live_table_says_it_is_used_when_the_table_starts(
    client: FlaskClient, sheets: dict[str, bytes]
) -> None:
    session = _upload(client, {"club-0.jpg": sheets["club-0.jpg"]}).get_json()["session"]
    _learned(client, session)
    kept = _post(client, f"/teach/{session}/keep", {"name": "club-a"}).get_json()
    assert kept["message"].startswith("Profile club-a saved and chosen: the Hand check reads with it now;")
    assert "the live table is not running; it reads with the chosen profile when it starts" in kept["message"]


def test_one_photo_can_be_removed_from_a_session_and_the_others_stay(
    client: FlaskClient, sheets: dict[str, bytes]
) -> None:
    body = _upload(client, {"club-0.jpg": sheets["club-0.jpg"], "other-set.jpg": sheets["other-set.jpg"]})
    session = body.get_json()["session"]
    first, stranger = (p["id"] for p in body.get_json()["photos"])
    gone = _post(client, f"/teach/{session}/photos/{stranger}/remove", {}).get_json()
    assert gone == {"ok": True, "removed": "other-set.jpg", "photos": [first]}
    again = _post(client, f"/teach/{session}/photos/{stranger}/remove", {})
    assert again.status_code == 400 and "no photo" in again.get_json()["error"]
    unknown = _post(client, f"/teach/{'0' * 32}/photos/{first}/remove", {})
    assert unknown.status_code == 404 and "session is over" in unknown.get_json()["error"]
    result = _learned(client, session)["result"]
    assert result["photos"] == ["club-0.jpg"] and result["rejected"] == []
    _post(client, f"/teach/{session}/photos/{first}/remove", {})
    assert client.get(f"/teach/{session}/progress").get_json()["state"] == "idle"  # the result is dropped
    empty = _post(client, f"/teach/{session}/learn", {"corrections": {}})
    assert empty.status_code == 400 and "no sheet photo" in empty.get_json()["error"]

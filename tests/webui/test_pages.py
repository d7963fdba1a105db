"""Pages and small endpoints through the test client: settings, scoring API, calibration seam."""

from __future__ import annotations

from typing import Any


def test_every_page_renders(client: Any) -> None:
    for path in ("/", "/hand", "/scoreboard", "/club/", "/settings"):
        r = client.get(path, follow_redirects=True)
        assert r.status_code == 200, path


def test_settings_keep_a_preset_with_overrides_checked_by_the_engine(client: Any, post_form: Any) -> None:
    r = post_form(client, "/settings", {"preset": "tenhou", "overrides": '{"kiriage_mangan": true}',
                                        "source": "0", "device_port": ""})  # fmt: skip
    assert r.status_code == 302
    page = client.get("/settings").data.decode()
    assert "<option selected>tenhou</option>" in page and "kiriage_mangan" in page


def test_a_bad_rule_override_is_refused_with_the_engines_message(client: Any, post_form: Any) -> None:
    r = post_form(client, "/settings", {"preset": "wrc", "overrides": '{"uma": "lots"}', "source": "demo"})
    assert r.status_code == 400
    assert "bad value" in r.data.decode() and "uma" in r.data.decode()


def test_the_score_api_passes_the_batch_request_to_the_engine(client: Any) -> None:
    # The README's example hand: 234m456p789s66s11z, win 6s by tsumo with riichi.
    req = {"op": "score", "id": 7, "hand": "234m456p789s66s11z", "win": "6s", "tsumo": True, "riichi": True}
    r = client.post("/api/score", json=req).json
    assert r["id"] == 7 and r["ok"] is True
    assert ["riichi", 1] in [list(y) for y in r["yaku"]] and "fu_detail" in r


def test_the_score_api_answers_bad_input_with_ok_false(client: Any) -> None:
    r = client.post("/api/score", json={"op": "score", "hand": "12x"}).json
    assert r["ok"] is False and r["error"]
    assert client.post("/api/score", data="not json").status_code == 400


def test_calibration_without_a_pipeline_says_why(client: Any, csrf: Any) -> None:
    token = csrf(client)
    r = client.post(
        "/table/calibrate", json={"corners": [[0, 0], [1, 0]]}, headers={"X-CSRF-Token": token}
    ).json
    assert r["ok"] is False and "four [x, y]" in r["error"]
    r = client.post("/table/calibrate", json={"corners": None}, headers={"X-CSRF-Token": token}).json
    assert r["ok"] is False and "pipeline" in r["error"]


def test_saving_a_new_camera_source_can_restart_the_live_pipeline_on_it(
    client: Any, post_form: Any, make_video: Any, tmp_path: Any
) -> None:
    assert client.get("/api/table").json["available"] is False
    video = make_video(tmp_path / "clip.mp4")
    r = post_form(client, "/settings", {"preset": "wrc", "source": str(video), "apply": "1"}, follow=True)
    assert "the live pipeline now reads" in r.data.decode()
    assert client.get("/api/table").json["available"] is True
    missing = {"preset": "wrc", "source": str(tmp_path / "missing.mp4"), "apply": "1"}
    r = post_form(client, "/settings", missing, follow=True)
    assert "did not start" in r.data.decode()
    assert client.get("/api/table").json["available"] is False


def test_the_init_db_command_creates_the_database(app: Any) -> None:
    result = app.test_cli_runner().invoke(args=["init-db"])
    assert result.exit_code == 0 and "schema version 2" in result.output

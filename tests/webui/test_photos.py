"""Uploads on the hand check: size limit, real images only, corrections as YOLO data in the data folder."""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

import cv2
import numpy as np


def _png(width: int = 200, height: int = 80) -> bytes:
    image = np.full((height, width, 3), 230, np.uint8)
    ok, buf = cv2.imencode(".png", image)
    assert ok
    return buf.tobytes()


def _upload(client: Any, data: bytes, csrf: Any, name: str = "hand.png") -> Any:
    return client.post(
        "/hand/photo",
        data={"photo": (io.BytesIO(data), name)},
        headers={"X-CSRF-Token": csrf(client)},
        content_type="multipart/form-data",
    )


def test_an_upload_that_is_not_an_image_is_refused_with_a_reason(
    client: Any, csrf: Any, post_form: Any
) -> None:
    r = _upload(client, b"#!/bin/sh\necho not a photo\n" * 10, csrf, "evil.jpg")
    assert r.status_code == 400
    assert "not an image" in r.json["error"]


def test_an_upload_over_the_size_limit_is_refused(make_app: Any, csrf: Any, post_form: Any) -> None:
    client = make_app(MAX_CONTENT_LENGTH=1024).test_client()
    r = _upload(client, b"\x89PNG" + b"0" * 4096, csrf)
    assert r.status_code == 413


def test_a_real_image_is_stored_under_a_generated_id_and_can_be_shown(
    client: Any, app: Any, csrf: Any, post_form: Any
) -> None:
    r = _upload(client, _png(), csrf)
    assert r.status_code == 200 and r.json["ok"]
    photo_id = r.json["photo_id"]
    assert (Path(app.config["DATA_DIR"]) / "photos" / f"{photo_id}.jpg").is_file()
    shown = client.get(f"/hand/photo/{photo_id}.jpg")
    assert shown.status_code == 200 and shown.mimetype == "image/jpeg"


def test_no_photo_id_can_reach_outside_the_data_folder(client: Any, csrf: Any, post_form: Any) -> None:
    for bad in ("..%2F..%2Fsecret_key", "../../etc/passwd", "a" * 31, "g" * 32):
        r = client.get(f"/hand/photo/{bad}.jpg")
        assert r.status_code in (400, 404), bad
        assert b"secret" not in r.data


def test_a_correction_is_saved_as_a_yolo_label_file_beside_the_image(
    client: Any, app: Any, csrf: Any, post_form: Any
) -> None:
    photo_id = _upload(client, _png(), csrf).json["photo_id"]
    tiles = [
        {"tile": "1m", "box": [0, 0, 40, 80]},
        {"tile": "0p", "box": [40, 0, 80, 80]},
        {"tile": "?", "box": [80, 0, 120, 80]},
    ]
    r = client.post(
        "/hand/correct", json={"photo_id": photo_id, "tiles": tiles}, headers={"X-CSRF-Token": csrf(client)}
    )
    assert r.status_code == 200, r.json
    data = Path(app.config["DATA_DIR"]) / "labelled"
    rows = (data / "labels" / f"{photo_id}.txt").read_text().split("\n")
    assert rows[0] == "0 0.100000 0.500000 0.200000 1.000000"
    assert rows[1].startswith("35 ")  # red five of pins (ARCHITECTURE.md classes)
    assert rows[2].startswith("37 ")  # face-down back
    assert (data / "images" / f"{photo_id}.jpg").is_file()
    assert r.json["tiles"] == "10p" or r.json["tiles"].startswith("1m")


def test_a_correction_with_a_box_outside_the_photo_is_refused(client: Any, csrf: Any, post_form: Any) -> None:
    photo_id = _upload(client, _png(), csrf).json["photo_id"]
    r = client.post(
        "/hand/correct",
        json={"photo_id": photo_id, "tiles": [{"tile": "1m", "box": [0, 0, 999, 80]}]},
        headers={"X-CSRF-Token": csrf(client)},
    )
    assert r.status_code == 400 and "outside" in r.json["error"]

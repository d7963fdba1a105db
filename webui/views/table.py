"""The Table page: live MJPEG view, per-seat state over SSE, calibration and answers to the pipeline."""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

from flask import Blueprint, Response, current_app, jsonify, render_template, request
from riichi_table.webui.hub import Hub, encode_event
from riichi_table.webui.live import LiveTable

bp = Blueprint("table", __name__)


def live() -> LiveTable:
    table: LiveTable = current_app.extensions["live"]
    return table


def hub() -> Hub:
    h: Hub = current_app.extensions["hub"]
    return h


@bp.get("/")
def index() -> str:
    table = live()
    return render_template("table.html", live=table, state=table.state())


@bp.get("/video.mjpg")
def video() -> Response:
    """MJPEG (multipart/x-mixed-replace) of the newest overlaid frame; every client reads the same bytes."""
    table = live()
    gap = 1.0 / float(current_app.config["MJPEG_FPS"])

    def frames() -> Iterator[bytes]:
        last: bytes | None = None
        while True:
            jpeg = table.latest_jpeg()
            if jpeg is not None and jpeg is not last:
                last = jpeg
                yield b"--frame\r\nContent-Type: image/jpeg\r\nContent-Length: " + str(len(jpeg)).encode()
                yield b"\r\n\r\n" + jpeg + b"\r\n"
            time.sleep(gap)

    if not table.available:
        return Response("no live pipeline: " + (table.error or ""), status=503, mimetype="text/plain")
    return Response(frames(), mimetype="multipart/x-mixed-replace; boundary=frame")


@bp.get("/table/events")
def events() -> Response:
    first = encode_event("table", live().state())
    body = hub().stream("table", float(current_app.config["SSE_HEARTBEAT_S"]), first=first)
    return Response(body, mimetype="text/event-stream", headers={"Cache-Control": "no-cache"})


def _json_body() -> dict[str, Any]:
    data = request.get_json(silent=True)
    return data if isinstance(data, dict) else {}


@bp.post("/table/calibrate")
def calibrate() -> Response:
    corners = _json_body().get("corners")
    if corners is not None:
        ok = (
            isinstance(corners, list)
            and len(corners) == 4
            and all(
                isinstance(c, list) and len(c) == 2 and all(isinstance(v, int | float) for v in c)
                for c in corners
            )
        )
        if not ok:
            return jsonify(ok=False, error=f"corners: expected four [x, y] pairs in pixels, got {corners!r}")
    error = live().calibrate(corners)
    return jsonify(ok=error is None, error=error)


@bp.post("/table/answer")
def answer() -> Response:
    error = live().submit(_json_body())
    return jsonify(ok=error is None, error=error)


@bp.post("/table/order")
def order() -> tuple[Response, int]:
    """Answer an order question: {"question": its id, "answer": the place chosen (an answer's `answer`)}."""
    body = _json_body()
    question, answer = body.get("question"), body.get("answer")
    if not isinstance(question, str) or not question:
        return jsonify(ok=False, error=f"question: expected the question's id, got {question!r}"), 400
    if not isinstance(answer, int) or isinstance(answer, bool):
        return jsonify(ok=False, error=f"answer: expected a whole number (a place), got {answer!r}"), 400
    error = live().answer_order(question, answer)
    return jsonify(ok=error is None, error=error), 200 if error is None else 409

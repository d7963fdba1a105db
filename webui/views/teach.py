"""The Teach my tiles page (`/teach`) and the Settings page's profile actions (use, download, upload).

Routes stay thin: the work is `webui.teach.Teacher`. Every POST needs the CSRF token and, off loopback, the
admin PIN (webui/security.py), like the other Settings actions.
"""

from __future__ import annotations

import logging
import time

from flask import (
    Blueprint,
    Response,
    current_app,
    flash,
    jsonify,
    redirect,
    render_template,
    request,
    send_file,
)
from riichi_table.webui import photos
from riichi_table.webui.live import LiveTable
from riichi_table.webui.teach import TeachConflict, Teacher, TeachError, TeachSession, photo_label

bp = Blueprint("teach", __name__)
log = logging.getLogger(__name__)


def teacher() -> Teacher:
    found = current_app.extensions.get("teacher")
    if found is None:
        found = Teacher(current_app.config.get("MODELS_DIR"), current_app.config.get("PROFILES_DIR"))
        current_app.extensions["teacher"] = found
    return found


def _session(session_id: str | None) -> TeachSession:
    return teacher().session(session_id)


def _fail(message: str, status: int = 400) -> tuple[Response, int]:
    return jsonify(ok=False, error=message), status


@bp.get("/teach")
def index() -> str:
    live: LiveTable = current_app.extensions["live"]
    from riichi_table.webui.teach import CHOICES, SKIP

    return render_template("teach.html", live_available=live.available, choices=CHOICES, skip=SKIP)


@bp.get("/teach/sheet.pdf")
def sheet() -> Response:
    """The printable layout sheet, as `riichi-table synth --sheet sheet.pdf` writes it."""
    import tempfile
    from pathlib import Path

    from riichi_table.vision.layout_sheet import write_sheet

    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "sheet.pdf"
        write_sheet(path)
        data = path.read_bytes()
    response = current_app.response_class(data, mimetype="application/pdf")
    response.headers["Content-Disposition"] = "attachment; filename=riichi-table-layout-sheet.pdf"
    return response


def _add(session: TeachSession, image: object, name: str) -> dict[str, object]:
    photo = teacher().add_photo(session, image, name)  # type: ignore[arg-type]
    return photo.to_json()


@bp.post("/teach/photos")
def upload() -> Response | tuple[Response, int]:
    """Sheet photos in (form field `photo`, one or more; `session` to add to one): each accepted photo's
    cells, and a message per refused photo naming it. The others are used whatever one photo holds."""
    files = request.files.getlist("photo")
    if not files:
        return _fail("no photo in the upload (form field 'photo')")
    try:
        session = _session(request.form.get("session"))
    except TeachError as exc:
        return _fail(str(exc), 404)
    added, errors = [], []
    for i, file in enumerate(files):
        name = photo_label(file.filename, f"photo {len(session.photos) + i + 1}")
        try:
            image = photos.decode_image(file.read())
            added.append(_add(session, image, name))
        except photos.PhotoError as exc:
            errors.append({"photo": name, "error": f"{name}: {exc}"})
        except TeachError as exc:
            errors.append({"photo": name, "error": str(exc)})
    return jsonify(ok=bool(added), session=session.session_id, photos=added, errors=errors)


@bp.post("/teach/frame")
def frame() -> Response | tuple[Response, int]:
    """The table camera's latest frame as a sheet photo."""
    live: LiveTable = current_app.extensions["live"]
    image = live.latest_frame()
    if image is None:
        return _fail(f"no camera frame available: {live.error or 'no frame yet'}", 409)
    try:
        session = _session(
            request.form.get("session") or (request.get_json(silent=True) or {}).get("session")
        )
    except TeachError as exc:
        return _fail(str(exc), 404)
    name = time.strftime("table camera %H:%M:%S")
    try:
        added = [_add(session, image, name)]
        errors = []
    except TeachError as exc:
        added, errors = [], [{"photo": name, "error": str(exc)}]
    return jsonify(ok=bool(added), session=session.session_id, photos=added, errors=errors)


@bp.post("/teach/<session_id>/photos/<photo_id>/remove")
def remove(session_id: str, photo_id: str) -> Response | tuple[Response, int]:
    """One photo out of the session; answers the photos left."""
    try:
        session = _session(session_id)
    except TeachError as exc:
        return _fail(str(exc), 404)
    try:
        photo = teacher().remove_photo(session, photo_id)
    except TeachError as exc:
        return _fail(str(exc))
    return jsonify(ok=True, removed=photo.name, photos=[p.photo_id for p in session.photos])


@bp.post("/teach/<session_id>/learn")
def learn(session_id: str) -> Response | tuple[Response, int]:
    body = request.get_json(silent=True)
    if not isinstance(body, dict):
        return _fail("expected a JSON body {corrections: {photo id: {cell: tile}}}")
    try:
        teacher().learn(_session(session_id), body.get("corrections"))
    except TeachError as exc:
        return _fail(str(exc))
    return jsonify(ok=True)


@bp.get("/teach/<session_id>/progress")
def progress(session_id: str) -> Response | tuple[Response, int]:
    try:
        session = _session(session_id)
    except TeachError as exc:
        return _fail(str(exc), 404)
    return jsonify(ok=True, **session.job.to_json())


@bp.post("/teach/<session_id>/keep")
def keep(session_id: str) -> Response | tuple[Response, int]:
    body = request.get_json(silent=True) or {}
    name = str(body.get("name") or "")
    try:
        profile = teacher().keep(_session(session_id), name)
    except TeachError as exc:
        return _fail(str(exc))
    return jsonify(
        ok=True, name=profile.name, message=f"Profile {profile.name} saved and chosen: {_chosen()}"
    )


def _chosen() -> str:
    """After a profile was chosen: the Hand check's reader reloads with it and the running live table
    switches to it at once (`LiveTable.use_profile`); the line says what happened to each."""
    current_app.extensions.pop("reader", None)
    live: LiveTable = current_app.extensions["live"]
    _, line = live.use_profile(teacher().folder)
    log.info("profile chosen from the page: %s", line)
    return f"the Hand check reads with it now; {line}."


@bp.post("/teach/<session_id>/discard")
def discard(session_id: str) -> Response | tuple[Response, int]:
    try:
        teacher().discard(_session(session_id))
    except TeachError as exc:
        return _fail(str(exc), 404)
    return jsonify(ok=True)


@bp.post("/hand/teach")
def teach_hand() -> Response | tuple[Response, int]:
    """The corrected tiles of a Hand check photo taught to the active tile-set profile (the Hand check's
    "Teach these tiles"); 400 for bad input, 409 when nothing could be learned, each with the reason."""
    body = request.get_json(silent=True)
    if not isinstance(body, dict):
        return _fail("expected a JSON body {photo_id, tiles: [{tile, box} or {not_tile: true, box}]}")
    try:
        result = teacher().teach_hand(current_app.config["DATA_DIR"], body.get("photo_id"), body.get("tiles"))
    except TeachConflict as exc:
        return _fail(str(exc), 409)
    except TeachError as exc:
        return _fail(str(exc))
    refused = f"; {len(result['refused'])} refused" if result["refused"] else ""
    left = f"; {result['left_out']} left out as not a tile" if result["left_out"] else ""
    message = f"{result['added']} tile(s) taught to profile {result['profile']}{refused}{left}: {_chosen()}"
    return jsonify(ok=True, message=message, **result)


# -- the Settings page's profile actions (forms; answered with a redirect and a message) -----------------
def _back() -> Response:
    from flask import url_for

    return redirect(url_for("settings.index") + "#profiles")  # type: ignore[return-value]


@bp.post("/settings/profiles/use")
def use() -> Response:
    name = request.form.get("name", "")
    try:
        teacher().use(name)
    except TeachError as exc:
        flash(f"Nothing changed: {exc}", "error")
        return _back()
    line = _chosen()
    if name == "base":
        flash(f"The reader uses the shipped models alone (no profile): {line}", "ok")
    else:
        flash(f"Profile {name} chosen: {line}", "ok")
    return _back()


@bp.get("/settings/profiles/<name>.npz")
def download(name: str) -> Response:
    path = teacher().profile_file(name)
    return send_file(
        path, mimetype="application/octet-stream", as_attachment=True, download_name=f"{name}.npz"
    )


@bp.post("/settings/profiles/upload")
def import_profile() -> Response:
    file = request.files.get("profile")
    if file is None or not file.filename:
        flash("Nothing changed: choose a profile file (.npz) to upload.", "error")
        return _back()
    try:
        profile = teacher().import_profile(file.read(), file.filename)
    except TeachError as exc:
        flash(f"Nothing changed: {exc}", "error")
        return _back()
    flash(f"Profile {profile.name} added ({len(profile.class_id)} kinds); choose it below to use it.", "ok")
    return _back()

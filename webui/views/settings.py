"""The Settings page: rule preset and overrides, camera source, device port."""

from __future__ import annotations

import json

from flask import Blueprint, current_app, flash, redirect, render_template, request, url_for
from riichi_table.webui import scoring
from riichi_table.webui.db import get_store
from riichi_table.webui.settings_model import (
    Settings,
    SettingsError,
    current_settings,
    parse_settings,
    save_settings,
)
from werkzeug.wrappers import Response

bp = Blueprint("settings", __name__)


def _restart_pipeline(settings: Settings) -> Response:
    """Start the live pipeline on the saved source and device (the live game state starts afresh)."""
    from riichi_table.webui.live import LiveTable, start_assistant

    live: LiveTable = current_app.extensions["live"]
    if settings.source == "none":
        live.replace(None, "no camera source (set on the Settings page)")
    else:
        live.replace(*start_assistant(settings.source, settings.rules_spec(), settings.device_port or None))
    current_app.config["SOURCE"] = settings.source
    if live.available:
        flash(f"Settings saved; the live pipeline now reads {settings.source}.", "ok")
    else:
        flash(f"Settings saved, but the live pipeline did not start: {live.error}", "error")
    return redirect(url_for("settings.index"))


def _share() -> dict[str, object]:
    """The addresses other devices open (and a QR code of the first), or why there are none."""
    from riichi_table.webui import lan

    host = str(current_app.config["HOST"])
    if host in lan.LOOPBACK:
        return {
            "urls": [],
            "qr": None,
            "note": "served on this computer only: start riichi-table serve "
            "with --host 0.0.0.0 (and --admin-pin) to open it on phones and other screens",
        }
    urls = current_app.config.get("SHARE_URLS")
    if not urls:  # not started by serve (which knows the port it bound): the port this request came to
        port = request.host.rsplit(":", 1)[-1]
        urls = lan.share_urls(host, int(port) if port.isdigit() else 80)
    qr = lan.qr_svg(urls[0]) if urls else None
    note = "" if qr or not urls else "install segno for a QR code of this address"
    return {"urls": urls, "qr": qr, "note": note}


@bp.route("/settings", methods=["GET", "POST"])
def index() -> str | Response:
    store = get_store()
    error = None
    if request.method == "POST":
        try:
            save_settings(store, parse_settings(request.form.to_dict()))
        except SettingsError as exc:
            error = str(exc)
        else:
            if request.form.get("apply"):
                return _restart_pipeline(current_settings(store))
            flash(
                "Settings saved. Rules apply to games started from now on; the camera source and device port "
                "apply when riichi-table serve starts without --source / --device.",
                "ok",
            )
            return redirect(url_for("settings.index"))
    settings = current_settings(store)
    from riichi_table.engine.rules import resolve_rules
    from riichi_table.webui.views.teach import teacher

    profiles, active, broken = teacher().profiles()

    return render_template(
        "settings.html",
        settings=settings,
        overrides=json.dumps(settings.overrides, indent=1) if settings.overrides else "",
        presets=scoring.presets(),
        rules=resolve_rules(settings.rules_spec()).to_json(),
        running_source=current_app.config.get("SOURCE"),
        share=_share(),
        profiles=profiles,
        active_profile=active,
        broken_profiles=broken,
        error=error,
    ), (400 if error else 200)  # type: ignore[return-value]

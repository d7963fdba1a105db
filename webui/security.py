"""Request safety: CSRF tokens on every state-changing request, and read-only pages off the loopback host.

When the server listens on anything but loopback (`--host 0.0.0.0` for the club screen), every page is
read-only until someone enters the admin PIN (kept in the session). Views that change nothing (scoring a hand,
reading a photo into tiles) are marked `@safe` and need neither token nor PIN.
"""

from __future__ import annotations

import hmac
import secrets
from collections.abc import Callable
from typing import Any, TypeVar
from urllib.parse import urlsplit

from flask import Flask, abort, current_app, redirect, render_template, request, session, url_for
from riichi_table.webui.pinguard import PinGuard
from werkzeug.wrappers import Response

F = TypeVar("F", bound=Callable[..., Any])
LOOPBACK = frozenset({"127.0.0.1", "localhost", "::1"})
_SAFE_ENDPOINTS: set[str] = set()
_UNSAFE_METHODS = frozenset({"POST", "PUT", "PATCH", "DELETE"})


def safe(view: F) -> F:
    """Mark a view as changing nothing: it needs neither a CSRF token nor the admin PIN."""
    view._riichi_safe = True  # type: ignore[attr-defined]
    return view


def csrf_token() -> str:
    token = session.get("csrf")
    if not token:
        token = secrets.token_urlsafe(24)
        session["csrf"] = token
    return str(token)


def is_local() -> bool:
    return str(current_app.config["HOST"]) in LOOPBACK


def can_edit() -> bool:
    """Whether this request may change data: always on loopback, else only after the admin PIN."""
    return is_local() or bool(session.get("admin"))


def _view_is_safe() -> bool:
    view = current_app.view_functions.get(request.endpoint or "")
    return bool(getattr(view, "_riichi_safe", False))


def _check_request() -> None:
    if request.method not in _UNSAFE_METHODS or request.endpoint in (
        "static",
        "security_pin",
        "security_lock",
    ):
        if request.endpoint in ("security_pin", "security_lock") and request.method == "POST":
            _check_token()
        return
    if _view_is_safe():
        return
    _check_token()
    if not can_edit():
        abort(403, description="read-only: enter the admin PIN to change anything")


def _check_token() -> None:
    sent = request.headers.get("X-CSRF-Token") or request.form.get("csrf_token") or ""
    expected = session.get("csrf") or ""
    if not expected or not hmac.compare_digest(str(sent), str(expected)):
        abort(400, description="missing or wrong CSRF token: reload the page and try again")


def local_path(target: str | None, default: str) -> str:
    """`target` when it is a path on this site ('/club/...'), else `default`: never another site.

    Refuses absolute URLs, scheme-relative ones ('//elsewhere', '/\\elsewhere'), and anything with a
    scheme, a host or control characters.
    """
    if not target:
        return default
    cleaned = target.replace("\\", "/")
    parts = urlsplit(cleaned)
    if (
        not cleaned.startswith("/")
        or cleaned.startswith("//")
        or parts.scheme
        or parts.netloc
        or any(ord(ch) < 32 or ord(ch) == 127 for ch in cleaned)
    ):
        return default
    return cleaned


def _guard() -> PinGuard:
    guard = current_app.extensions.get("pin_guard")
    if guard is None:
        guard = PinGuard(
            client_limit=int(current_app.config.get("PIN_CLIENT_LIMIT", 5)),
            global_limit=int(current_app.config.get("PIN_GLOBAL_LIMIT", 30)),
            lock_s=float(current_app.config.get("PIN_LOCK_S", 30.0)),
        )
        current_app.extensions["pin_guard"] = guard
    return guard


def _pin_view() -> str | Response | tuple[str, int]:
    error = None
    if request.method == "POST":
        pin = current_app.config.get("ADMIN_PIN")
        if not pin:
            return render_template("pin.html", error="no admin PIN is set on this server: it stays read-only")
        client = request.remote_addr or "?"
        guard = _guard()
        wait = guard.wait_s(client)
        if wait > 0:  # locked: not even the right PIN is checked
            message = f"too many wrong PINs: locked for another {_seconds(wait)}; nothing was checked"
            return render_template("pin.html", error=message, locked=True), 429
        if hmac.compare_digest(request.form.get("pin", "").encode(), str(pin).encode()):
            guard.succeeded(client)
            session["admin"] = True
            return redirect(local_path(request.args.get("next"), url_for("table.index")))
        locked = guard.failed(client)
        error = "wrong PIN" + (f"; too many wrong PINs: locked for {_seconds(locked)}" if locked else "")
    return render_template("pin.html", error=error)


def _seconds(value: float) -> str:
    whole = max(1, int(value + 0.999))
    return f"{whole} s" if whole < 120 else f"{whole // 60} min"


def _lock_view() -> Response:
    """End admin mode for this browser (the Lock button)."""
    session.pop("admin", None)
    return redirect(url_for("table.index"))


def _error_page(exc: Any) -> tuple[str, int]:
    return render_template("error.html", message=exc.description), exc.code


def _headers(response: Response) -> Response:
    response.headers.setdefault("X-Content-Type-Options", "nosniff")
    response.headers.setdefault("X-Frame-Options", "SAMEORIGIN")
    response.headers.setdefault("Referrer-Policy", "same-origin")
    return response


def init_app(app: Flask) -> None:
    app.before_request(_check_request)
    app.after_request(_headers)
    app.add_url_rule("/pin", "security_pin", _pin_view, methods=["GET", "POST"])
    app.add_url_rule("/lock", "security_lock", _lock_view, methods=["POST"])
    app.register_error_handler(400, _error_page)
    app.register_error_handler(403, _error_page)
    app.register_error_handler(404, _error_page)
    app.register_error_handler(409, _error_page)
    app.jinja_env.globals.update(csrf_token=csrf_token, can_edit=can_edit, is_local=is_local)

"""What every browser test shares: Debian's chromium, the flags it runs with on these machines, its marks, a
local server for the app under test and a page that fails on JavaScript errors."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from werkzeug.serving import make_server

CHROMIUM = Path("/usr/bin/chromium")
# headless, and nothing that reaches out of the machine (updates, sync, QUIC probes)
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]  # fmt: skip

BROWSER_MARKS = [
    pytest.mark.slow,
    pytest.mark.browser,
    pytest.mark.skipif(
        not CHROMIUM.exists(), reason="Debian's chromium is not installed (apt-get install chromium)"
    ),
]


@contextmanager
def served(app: Any) -> Iterator[str]:
    """Serve a WSGI app on a free local port in a thread; yield its base URL; shut it down afterwards, and
    the app's live table pipeline with it where it has one."""
    srv = make_server("127.0.0.1", 0, app, threaded=True)
    threading.Thread(target=srv.serve_forever, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{srv.server_port}"
    finally:
        srv.shutdown()
        live = getattr(app, "extensions", {}).get("live")
        if live is not None:
            live.stop()


@contextmanager
def chromium_page(timeout_ms: int = 60_000, **context: Any) -> Iterator[Any]:
    """A page of a fresh headless chromium; fails the test if the page raised a JavaScript error."""
    from playwright import sync_api as playwright_api

    playwright_api.expect.set_options(timeout=timeout_ms)
    with playwright_api.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=str(CHROMIUM), args=ARGS, headless=True)
        ctx = browser.new_context(**{"viewport": {"width": 1280, "height": 900}, **context})
        ctx.set_default_timeout(timeout_ms)
        page = ctx.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        try:
            yield page
        finally:
            browser.close()
        assert not errors, f"JavaScript errors: {errors}"

"""The request's store, reached through Flask's application context.

One SQLite connection per request, opened on first use from the app's `DB_PATH` and closed on teardown
(`init_app` registers that). Views import this module, never the app module, so imports point one way:
app -> views -> db -> store.
"""

from __future__ import annotations

from flask import Flask, current_app, g
from riichi_table.webui.store import Store


def get_store() -> Store:
    """The request's store (one SQLite connection per request, closed on teardown)."""
    if "store" not in g:
        g.store = Store.open(current_app.config["DB_PATH"])
    store: Store = g.store
    return store


def close_store(_exc: BaseException | None = None) -> None:
    """Close the request's store if one was opened."""
    store = g.pop("store", None)
    if store is not None:
        store.close()


def init_app(app: Flask) -> None:
    """Close each request's store when its application context ends."""
    app.teardown_appcontext(close_store)

"""`riichi-table serve`: start the live assistant and its web page.

    riichi-table serve --port 8080 --source demo
    riichi-table serve --source 0                 # the first USB camera
    riichi-table serve --source game.mp4 --host 0.0.0.0 --admin-pin 4321
    riichi-table serve --source 0 --club http://192.168.1.10:8080 --table T1  # $RIICHI_TABLE_CLUB_TOKEN
    riichi-table serve --club-server --host 0.0.0.0                           # the club's big screen

--source: `demo` (the built-in clip), a camera index, a video file, a folder of frames, an rtsp/http URL, or
`none` for a scoreboard/club machine without a camera. Without --source the Settings page's choice is used.
"""

from __future__ import annotations

import argparse
import os
import signal
import sys
from pathlib import Path
from typing import Any


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--port", type=int, default=8080, help="TCP port (default 8080)")
    parser.add_argument(
        "--host",
        default="127.0.0.1",
        help="address to listen on (default 127.0.0.1; anything else makes pages read-only "
        "until the admin PIN is entered)",
    )
    parser.add_argument(
        "--source",
        default=None,
        help="demo | CAMERA_INDEX | VIDEO | URL | none (default: the Settings page's choice)",
    )
    parser.add_argument("--rules", default=None, help="rule preset for the live table (default: Settings)")
    parser.add_argument("--device", default=None, help="LED/buzzer unit port or URL (default: Settings)")
    parser.add_argument(
        "--data-dir",
        type=Path,
        default=None,
        help="folder for the database and photos (default: $RIICHI_TABLE_DATA or the user's data folder)",
    )
    parser.add_argument(
        "--admin-pin",
        default=None,
        help="PIN (4 to 64 characters; longer is safer) that unlocks editing when not on 127.0.0.1 "
        "(or $RIICHI_TABLE_ADMIN_PIN)",
    )
    _add_club_arguments(parser)


# ---- the club (docs/club.md): a table pushing to the club server, or the club server itself ----------------
def _add_club_arguments(parser: argparse.ArgumentParser) -> None:
    from riichi_table.commands.club import add_store_arguments

    club = parser.add_argument_group("club")
    club.add_argument(
        "--club", metavar="URL", default=None, help="push this table's hands to the club server"
    )
    club.add_argument("--table", metavar="NAME", default=None, help="this table's name at the club server")
    club.add_argument(
        "--token",
        default=None,
        help="this table's token (`riichi-table club add-table`; or $RIICHI_TABLE_CLUB_TOKEN)",
    )
    club.add_argument(
        "--players",
        default=None,
        help="the four players, comma-separated, seat 0 (first dealer) first (default: TABLE/0..TABLE/3)",
    )
    club.add_argument(
        "--club-server", action="store_true", help="run the club server (wall of tables, standings, pushes)"
    )
    add_store_arguments(club)


def _club_link(args: argparse.Namespace, data_dir: Path, assistant: Any, rules: Any) -> Any:
    """Wrap the assistant so that its hands go to the outbox and on to the club server."""
    from riichi_table.club.client import TOKEN_ENV, ClubClient, Forwarder
    from riichi_table.club.errors import ClubError
    from riichi_table.club.feed import ClubAssistant, ClubFeed
    from riichi_table.club.outbox import OUTBOX_NAME, Outbox
    from riichi_table.club.protocol import check_table_name

    token = args.token or os.environ.get(TOKEN_ENV)
    if not args.table or not token:
        raise ClubError(f"--club needs --table NAME and a token (--token or ${TOKEN_ENV})")
    check_table_name(args.table)
    names = [n.strip() for n in args.players.split(",")] if args.players else None
    if names is not None and (len(names) != 4 or not all(0 < len(n) <= 40 for n in names)):
        raise ClubError(
            f"--players: expected 4 comma-separated names of 1..40 characters, got {args.players!r}"
        )
    client = ClubClient(args.club, token)  # a URL that is not http(s)://HOST[:PORT] stops here
    if assistant is None:
        print("riichi-table: --club: no live pipeline, so no hands to push", file=sys.stderr, flush=True)
        return None
    outbox = Outbox(data_dir / OUTBOX_NAME)
    forwarder = Forwarder(outbox, client)
    feed = ClubFeed(outbox, args.table, rules, names=names, on_write=forwarder.wake)
    linked = ClubAssistant(assistant, feed, forwarder)
    linked.start()
    print(
        f"riichi-table: table {args.table} pushes to the club server {args.club} (outbox {outbox.path})",
        flush=True,
    )
    return linked


def _run_club_server(args: argparse.Namespace) -> int:
    from werkzeug.serving import make_server

    from riichi_table.commands.club import store_spec
    from riichi_table.webui.club_server import create_club_app
    from riichi_table.webui.errors import WebError

    app = create_club_app({"CLUB_DB": store_spec(args), "HOST": args.host})
    try:
        server = make_server(args.host, args.port, app, threaded=True)
    except (OSError, SystemExit) as exc:
        raise WebError(f"cannot listen on {args.host}:{args.port}: {exc}") from None
    print(f"riichi-table: club server on http://{args.host}:{server.server_port}/club", flush=True)

    return _serve_until_stopped(server, app.extensions["club_store"].close)


def _settings(data_dir: Path) -> Any:
    from riichi_table.webui.settings_model import current_settings
    from riichi_table.webui.store import DB_NAME, Store, migrate

    migrate(data_dir / DB_NAME)
    store = Store.open(data_dir / DB_NAME)
    try:
        return current_settings(store)
    finally:
        store.close()


def run(args: argparse.Namespace) -> int:
    from werkzeug.serving import make_server

    from riichi_table.webui.app import create_app, default_data_dir
    from riichi_table.webui.errors import WebError
    from riichi_table.webui.live import start_assistant

    if not 0 <= args.port < 65536:
        raise WebError(f"--port: expected 1..65535 (or 0 for any free port), got {args.port}")
    if args.club_server:
        return _run_club_server(args)
    if args.rules:
        from riichi_table.engine.rules import resolve_rules

        resolve_rules(args.rules)  # a bad preset stops here, not silently inside the live pipeline
    data_dir = (args.data_dir or default_data_dir()).resolve()
    data_dir.mkdir(parents=True, exist_ok=True)
    saved = _settings(data_dir)
    source = args.source if args.source is not None else saved.source
    rules = args.rules or saved.rules_spec()
    device = args.device if args.device is not None else (saved.device_port or None)
    assistant: Any = None
    error: str | None = "no camera source (--source none)"
    if source != "none":
        assistant, error = start_assistant(source, rules, device)
    if args.club:
        assistant = _club_link(args, data_dir, assistant, rules) or assistant
    pin = args.admin_pin or os.environ.get("RIICHI_TABLE_ADMIN_PIN") or None
    if pin is not None and not 4 <= len(pin) <= 64:
        raise WebError(f"--admin-pin: expected 4 to 64 characters (longer is safer), got {len(pin)}")
    app = create_app(
        {
            "DATA_DIR": data_dir,
            "HOST": args.host,
            "ADMIN_PIN": pin,
            "ASSISTANT": assistant,
            "PIPELINE_ERROR": error,
            "SOURCE": source,
        }
    )
    try:
        server = make_server(args.host, args.port, app, threaded=True)
    except OSError as exc:
        app.extensions["live"].stop()
        raise WebError(f"cannot listen on {args.host}:{args.port}: {exc.strerror or exc}") from None
    except SystemExit:  # werkzeug exits on a port in use, after printing its own explanation
        app.extensions["live"].stop()
        raise WebError(f"cannot listen on {args.host}:{args.port}: the port is in use") from None
    from riichi_table.webui.lan import LOOPBACK, share_urls

    urls = share_urls(args.host, server.server_port)
    app.config["SHARE_URLS"] = urls
    print(f"riichi-table: serving {urls[0]} (data in {data_dir})", flush=True)
    if args.host not in LOOPBACK:
        print("riichi-table: open it on phones and other screens at " + "  ".join(urls), flush=True)
    if error:
        print(f"riichi-table: live pipeline unavailable: {error}", file=sys.stderr, flush=True)
    if args.host not in ("127.0.0.1", "localhost", "::1"):
        print(
            "riichi-table: pages are read-only on the network "
            + ("until the admin PIN is entered" if pin else "(no --admin-pin set)"),
            flush=True,
        )

    return _serve_until_stopped(server, app.extensions["live"].stop)


def _serve_until_stopped(server: Any, close: Any) -> int:
    """Serve until Ctrl-C or SIGTERM, then close the server and call `close` (the store, the pipeline)."""

    def _stop(_signum: int, _frame: object) -> None:
        raise KeyboardInterrupt

    signal.signal(signal.SIGTERM, _stop)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
        close()
    return 0

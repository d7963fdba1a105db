"""`riichi-table club`: the club server's tables and their tokens.

    riichi-table club add-table T1      prints T1's new token (give it to the table: --token or
                                        $RIICHI_TABLE_CLUB_TOKEN); only its hash is kept
    riichi-table club revoke T1         the token stops working at once (add-table issues a new one)
    riichi-table club list              tables and whether their token is active

--data-dir / --club-db choose the store as for `riichi-table serve --club-server`.
"""

from __future__ import annotations

import argparse
from pathlib import Path

CLUB_DB_NAME = "club_server.sqlite"


def add_store_arguments(parser: argparse.ArgumentParser | argparse._ArgumentGroup) -> None:
    parser.add_argument(
        "--club-db",
        default=None,
        help="the club server's store: a SQLite file or a postgresql:// URL "
        f"(default: {CLUB_DB_NAME} in the data folder)",
    )


def store_spec(args: argparse.Namespace) -> str:
    if getattr(args, "club_db", None):
        return str(args.club_db)
    from riichi_table.webui.app import default_data_dir

    data_dir = (args.data_dir or default_data_dir()).resolve()
    data_dir.mkdir(parents=True, exist_ok=True)
    return str(data_dir / CLUB_DB_NAME)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("action", choices=["add-table", "revoke", "list"])
    parser.add_argument("name", nargs="?", help="the table's name (add-table, revoke)")
    parser.add_argument("--data-dir", type=Path, default=None, help="the club server's data folder")
    add_store_arguments(parser)


def run(args: argparse.Namespace) -> int:
    from riichi_table.club.backends import open_store
    from riichi_table.club.errors import ClubError

    if args.action != "list" and not args.name:
        raise ClubError(f"club {args.action}: expected a table NAME")
    store = open_store(store_spec(args))
    try:
        if args.action == "add-table":
            print(store.add_table(args.name))
        elif args.action == "revoke":
            store.revoke(args.name)
            print(f"table {args.name}: token revoked")
        else:
            for t in store.tables():
                print(f"{t.name}\t{'revoked' if t.revoked else 'active'}\tadded {t.created_at}")
    finally:
        store.close()
    return 0

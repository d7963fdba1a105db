"""Club fixtures: a club store on SQLite and on a real throw-away PostgreSQL cluster, the club server app.

The PostgreSQL cluster is Debian's `postgresql` package (scripts/setup.sh --full installs it): `initdb` and
`pg_ctl` in a temporary folder, listening only on a Unix socket there. Where the package is missing the
PostgreSQL tests skip, naming it, except in CI (env CI set), where they fail: there they must run.
"""

from __future__ import annotations

import glob
import os
import pwd
import shutil
import subprocess
import tempfile
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

PG_MISSING = "PostgreSQL tests need Debian's `postgresql` package (apt-get install postgresql)"


def pg_bin() -> Path | None:
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"))
    if found:
        return Path(found[-1]).parent
    initdb = shutil.which("initdb")
    return Path(initdb).parent if initdb else None


def _as_user(user: str | None, cmd: list[str]) -> list[str]:
    return ["runuser", "-u", user, "--", *cmd] if user else cmd


@pytest.fixture(scope="session")
def pg_cluster() -> Iterator[str]:
    """A running cluster for the session; yields the socket folder (libpq `host=`)."""
    bindir = pg_bin()
    if bindir is None:
        if os.environ.get("CI"):
            pytest.fail(PG_MISSING + ": CI must run them")
        pytest.skip(PG_MISSING)
    try:
        import psycopg  # noqa: F401
    except ImportError:
        pytest.skip("PostgreSQL tests need psycopg 3 (pip install -e '.[dev]')")
    user = None
    if os.geteuid() == 0:  # initdb refuses root: run the cluster as nobody in a folder nobody owns
        user = "nobody"
    base = Path(tempfile.mkdtemp(prefix="riichi-pg-"))
    base.chmod(0o755)
    data = base / "data"
    data.mkdir()
    if user:
        pw = pwd.getpwnam(user)
        os.chown(base, pw.pw_uid, pw.pw_gid)
        os.chown(data, pw.pw_uid, pw.pw_gid)
    run = {"check": True, "capture_output": True, "text": True, "timeout": 120}
    try:
        subprocess.run(
            _as_user(
                user, [str(bindir / "initdb"), "-D", str(data), "--auth=trust", "-U", "club", "--no-sync"]
            ),
            **run,
        )
        opts = f"-k {base} -c listen_addresses='' -c fsync=off"
        subprocess.run(
            _as_user(
                user,
                [str(bindir / "pg_ctl"), "-D", str(data), "-o", opts, "-l", str(base / "log"), "-w", "start"],
            ),
            **run,
        )
    except subprocess.CalledProcessError as exc:
        pytest.fail(f"could not start a throw-away PostgreSQL cluster: {exc.stderr or exc.stdout}")
    try:
        yield str(base)
    finally:
        subprocess.run(
            _as_user(user, [str(bindir / "pg_ctl"), "-D", str(data), "-m", "immediate", "stop"]),
            capture_output=True,
            timeout=60,
        )
        shutil.rmtree(base, ignore_errors=True)


@pytest.fixture
def pg_dsn(pg_cluster: str) -> str:
    """A fresh database in the session's cluster."""
    import psycopg

    name = "club_" + uuid.uuid4().hex[:10]
    with psycopg.connect(f"host={pg_cluster} dbname=postgres user=club", autocommit=True) as conn:
        conn.execute(f'CREATE DATABASE "{name}"')
    return f"host={pg_cluster} dbname={name} user=club"


@pytest.fixture(params=["sqlite", "postgresql"])
def store(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Any]:
    """The club store behind its one interface, on SQLite and on PostgreSQL."""
    from riichi_table.club.backends import open_store

    spec = str(tmp_path / "club.sqlite") if request.param == "sqlite" else request.getfixturevalue("pg_dsn")
    s = open_store(spec)
    yield s
    s.close()


@pytest.fixture
def club_app(store: Any) -> Any:
    from riichi_table.webui.club_server import create_club_app

    return create_club_app({"CLUB_STORE": store, "TESTING": True})


def game_messages(tmp: Path, table: str, hands: int, seed: str = "s") -> list[dict[str, Any]]:
    """The messages a simulated table writes for `hands` hands (game_start, hands, maybe game_end), in order,
    made by the real feed and outbox."""
    import json

    from riichi_table.club.feed import ClubFeed
    from riichi_table.club.outbox import Outbox
    from riichi_table.club.sim import play

    box = Outbox(tmp / f"outbox-{table}-{uuid.uuid4().hex[:6]}.sqlite")
    play(ClubFeed(box, table, "wrc", game_ids=lambda n: f"{table}-g{n}"), seed, hands, 0.0)
    out = []
    while (m := box.next_waiting()) is not None:
        out.append(json.loads(m.body))
        box.mark(m.id, "sent", 200, {})
    box.close()
    return out


@pytest.fixture
def make_messages(tmp_path: Path) -> Any:
    return lambda table, hands, seed="s": game_messages(tmp_path, table, hands, seed)

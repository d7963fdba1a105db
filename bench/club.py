"""Benchmark: one club server under many tables pushing hands while scoreboard viewers watch.

    nice -n 10 .venv/bin/python bench/club.py [--tables 20] [--viewers 50] [--seconds 20] [--postgres]

The club server runs as its own process (`riichi-table serve --club-server`, threaded werkzeug, SQLite in
WAL); simulated tables and viewers run in this process: each table pushes a real message (made by the feed
from an engine game: game start, then one hand a second) through the real client (`club.client.ClubClient`,
http.client), each viewer fetches /club/state.json every 2 s as the wall page does. Printed:
- push latency median / p99 and the club server's CPU (share of one core) at --tables;
- a ramp (tables x2 each step, --step-seconds each) until p99 passes 1 s or --max-tables is reached: how
  many tables one server holds;
- the peer, in the same run: the same --tables load against the PostgreSQL store (--postgres, needs
  Debian's postgresql package), else the club server with no viewers.
"""

from __future__ import annotations

import argparse
import os
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def messages(tmp: Path, table: str, count: int) -> list[bytes]:
    """`count` messages of a simulated table (game start first), as the table's outbox holds them."""
    from riichi_table.club.feed import ClubFeed
    from riichi_table.club.outbox import Outbox
    from riichi_table.club.sim import play

    box = Outbox(tmp / f"{table}.sqlite")
    play(ClubFeed(box, table, "wrc", game_ids=lambda n: f"{table}-g{n}"), table, count, 0.0)
    out = []
    while (m := box.next_waiting()) is not None and len(out) < count:
        out.append(m.body)
        box.mark(m.id, "sent", 200, {})
    box.close()
    return out


def cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


class Club:
    """A club server process on a fresh store with `tables` tokens issued."""

    def __init__(self, tmp: Path, store_spec: str | None) -> None:
        self.tmp = tmp
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.spec = store_spec or str(tmp / "club.sqlite")
        from riichi_table.club.backends import open_store

        self.store = open_store(self.spec)
        cmd = [
            sys.executable,
            "-m",
            "riichi_table",
            "serve",
            "--club-server",
            "--port",
            str(self.port),
            "--club-db",
            self.spec,
        ]
        self.proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        end = time.monotonic() + 30
        while time.monotonic() < end:
            try:
                urllib.request.urlopen(self.url + "/club/state.json", timeout=2).read()
                return
            except OSError:
                time.sleep(0.1)
        raise SystemExit("club server did not start")

    def stop(self) -> None:
        self.proc.send_signal(signal.SIGTERM)
        self.proc.wait(timeout=10)
        self.store.close()


def run_load(club: Club, tables: list[str], viewers: int, seconds: float, prefix: str) -> dict[str, float]:
    """Push one message a second from each table and poll the wall from each viewer; latencies in s."""
    from riichi_table.club.client import ClubClient

    bodies = {t: messages(club.tmp, f"{prefix}{t}", int(seconds) + 2) for t in tables}
    tokens = {t: club.store.add_table(f"{prefix}{t}") for t in tables}
    latencies: list[float] = []
    errors = [0]
    views = [0]
    stop = threading.Event()
    lock = threading.Lock()

    def table(t: str, offset: float) -> None:
        client = ClubClient(club.url, tokens[t], timeout=10)
        stop.wait(offset)
        for body in bodies[t]:
            if stop.is_set():
                return
            started = time.monotonic()
            try:
                ok = client.push(body).status == 200
            except Exception:
                ok = False
            took = time.monotonic() - started
            with lock:
                latencies.append(took)
                errors[0] += 0 if ok else 1
            stop.wait(max(0.0, 1.0 - took))

    def viewer(offset: float) -> None:
        stop.wait(offset)
        while not stop.is_set():
            try:
                urllib.request.urlopen(club.url + "/club/state.json", timeout=10).read()
                with lock:
                    views[0] += 1
            except OSError:
                pass
            stop.wait(2.0)

    threads = [threading.Thread(target=table, args=(t, i / len(tables))) for i, t in enumerate(tables)]
    threads += [threading.Thread(target=viewer, args=(i * 2.0 / max(viewers, 1),)) for i in range(viewers)]
    cpu0, t0 = cpu_seconds(club.proc.pid), time.monotonic()
    for th in threads:
        th.start()
    time.sleep(seconds)
    stop.set()
    for th in threads:
        th.join(timeout=15)
    cpu = (cpu_seconds(club.proc.pid) - cpu0) / (time.monotonic() - t0)
    lat = sorted(latencies)
    return {
        "pushes": len(lat),
        "errors": errors[0],
        "median_ms": 1000 * statistics.median(lat) if lat else float("nan"),
        "p99_ms": 1000 * lat[min(len(lat) - 1, int(0.99 * len(lat)))] if lat else float("nan"),
        "cpu": cpu,
        "views": views[0],
    }


def show(label: str, r: dict[str, float]) -> None:
    print(
        f"{label:<44} pushes {r['pushes']:>5.0f} (errors {r['errors']:.0f}) median {r['median_ms']:7.1f} ms  "
        f"p99 {r['p99_ms']:7.1f} ms  server CPU {100 * r['cpu']:5.1f}% of a core  wall views {r['views']:.0f}"
    )


def start_postgres(tmp: Path) -> tuple[str, Any]:
    """A throw-away cluster (as tests/club/conftest.py starts it); returns (dsn, stop)."""
    import glob
    import pwd

    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"))
    if not found:
        raise SystemExit("--postgres needs Debian's postgresql package (apt-get install postgresql)")
    bindir = Path(found[-1]).parent
    base = Path(tempfile.mkdtemp(prefix="riichi-pg-"))
    base.chmod(0o755)
    data = base / "data"
    data.mkdir()
    wrap: list[str] = []
    if os.geteuid() == 0:
        pw = pwd.getpwnam("nobody")
        os.chown(base, pw.pw_uid, pw.pw_gid)
        os.chown(data, pw.pw_uid, pw.pw_gid)
        wrap = ["runuser", "-u", "nobody", "--"]
    subprocess.run(
        [*wrap, str(bindir / "initdb"), "-D", str(data), "--auth=trust", "-U", "club", "--no-sync"],
        check=True,
        capture_output=True,
    )
    subprocess.run(
        [
            *wrap,
            str(bindir / "pg_ctl"),
            "-D",
            str(data),
            "-o",
            f"-k {base} -c listen_addresses=''",
            "-l",
            str(base / "log"),
            "-w",
            "start",
        ],
        check=True,
        capture_output=True,
    )

    def stop() -> None:
        subprocess.run(
            [*wrap, str(bindir / "pg_ctl"), "-D", str(data), "-m", "fast", "stop"], capture_output=True
        )

    return f"host={base} dbname=postgres user=club", stop


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--tables", type=int, default=20)
    p.add_argument("--viewers", type=int, default=50)
    p.add_argument("--seconds", type=float, default=20)
    p.add_argument("--step-seconds", type=float, default=10)
    p.add_argument("--max-tables", type=int, default=320)
    p.add_argument("--postgres", action="store_true", help="the peer: the same load on the PostgreSQL store")
    args = p.parse_args()
    print(
        f"club bench: {os.cpu_count()} CPUs; tables push 1 hand/s; viewers poll the wall every 2 s",
        flush=True,
    )
    with tempfile.TemporaryDirectory() as d:
        tmp = Path(d)
        club = Club(tmp, None)
        try:
            names = [f"T{i}" for i in range(args.tables)]
            show(
                f"SQLite: {args.tables} tables + {args.viewers} viewers",
                run_load(club, names, args.viewers, args.seconds, "a"),
            )
            if not args.postgres:
                show(
                    f"peer, SQLite: {args.tables} tables, no viewers",
                    run_load(club, names, 0, args.seconds, "b"),
                )
            n, held = args.tables, 0
            while n <= args.max_tables:
                r = run_load(club, [f"T{i}" for i in range(n)], args.viewers, args.step_seconds, f"r{n}-")
                show(f"ramp, SQLite: {n} tables + {args.viewers} viewers", r)
                if r["p99_ms"] > 1000 or r["errors"]:
                    break
                held = n
                n *= 2
            print(
                f"one club server (SQLite) held {held} tables at p99 <= 1 s"
                + (
                    f"; p99 passed 1 s (or pushes failed) at {n}"
                    if n <= args.max_tables
                    else f"; not passed up to {args.max_tables}"
                ),
                flush=True,
            )
        finally:
            club.stop()
        if args.postgres:
            dsn, stop_pg = start_postgres(tmp)
            try:
                pg = Club(tmp, dsn)
                try:
                    names = [f"T{i}" for i in range(args.tables)]
                    show(
                        f"peer, PostgreSQL: {args.tables} tables + {args.viewers} viewers",
                        run_load(pg, names, args.viewers, args.seconds, "p"),
                    )
                finally:
                    pg.stop()
            finally:
                stop_pg()
    return 0


if __name__ == "__main__":
    sys.exit(main())

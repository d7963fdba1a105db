"""Benchmark: the scoreboard under 50 SSE viewers while the live pipeline replays a video.

    .venv/bin/python bench/webui.py [--video clip.mp4] [--clients 50] [--seconds 8]

The server (Flask on werkzeug's threaded server) and the pipeline (webui.pipeline.Assistant, unpaced) run in
this process, as `riichi-table serve` runs them; the viewers and the request load run in a second process,
as other machines would. Printed, in one run:
- the pipeline's frame rate alone, and with the viewers connected and the load running (the peer: itself);
- requests per second and latency of GET /api/scoreboard with the viewers connected;
- how long a recorded hand takes to reach all viewers (POST to SSE frame received), median and worst.
"""

from __future__ import annotations

import argparse
import http.client
import json
import re
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))


def make_video(path: Path, frames: int) -> Path:
    import cv2
    import numpy as np

    writer = cv2.VideoWriter(str(path), cv2.VideoWriter_fourcc(*"mp4v"), 30, (1280, 720))
    rng = np.random.default_rng(0)
    for i in range(frames):
        frame = np.full((720, 1280, 3), (40, 90, 50), np.uint8)
        for k in range(14):
            x = 150 + k * 70
            cv2.rectangle(frame, (x, 300 + i % 30), (x + 60, 385 + i % 30), (235, 240, 240), -1)
        noise = rng.integers(0, 12, frame.shape, dtype=np.uint8)
        writer.write(cv2.add(frame, noise))
    writer.release()
    return path


def pipeline_fps(video: Path, seconds: float) -> float:
    """Frames per second of the unpaced pipeline over `seconds` (the clip loops by restarting it)."""
    from riichi_table.assistant import Assistant

    frames = 0
    started = time.monotonic()
    while time.monotonic() - started < seconds:
        assistant = Assistant(str(video), realtime=False)
        q = assistant.subscribe()
        t0 = time.monotonic()
        assistant.start()
        last = None
        while assistant._thread is not None and assistant._thread.is_alive():  # bench only: wait for the end
            jpeg = assistant.latest_jpeg()
            if jpeg is not None and jpeg is not last:
                last = jpeg
            time.sleep(0.005)
            if time.monotonic() - started > seconds * 3:
                break
        elapsed = time.monotonic() - t0
        assistant.stop()
        del q
        frames += VIDEO_FRAMES
        if elapsed <= 0:
            break
    return frames / (time.monotonic() - started)


VIDEO_FRAMES = 120


# --- the viewers' side (a separate process) -----------------------------------------------------------------
def _csrf_session(host: str, port: int) -> tuple[str, str]:
    conn = http.client.HTTPConnection(host, port, timeout=10)
    conn.request("GET", "/settings")
    r = conn.getresponse()
    cookie = r.getheader("Set-Cookie", "").split(";")[0]
    token = re.search(r'name="csrf-token" content="([^"]+)"', r.read().decode()).group(1)
    conn.close()
    return cookie, token


def clients_main(url: str, clients: int, seconds: float, loaders_n: int) -> None:
    parsed = urllib.parse.urlparse(url)
    host, port = parsed.hostname or "127.0.0.1", parsed.port or 80
    received: list[list[float]] = [[] for _ in range(clients)]
    ready = threading.Barrier(clients + 1)

    def viewer(i: int) -> None:
        conn = http.client.HTTPConnection(host, port, timeout=60)
        conn.request("GET", "/scoreboard/events")
        r = conn.getresponse()
        ready.wait()
        while True:
            line = r.readline()
            if not line:
                return
            if line.startswith(b"data:"):
                received[i].append(time.time())

    for i in range(clients):
        threading.Thread(target=viewer, args=(i,), daemon=True).start()
    ready.wait()
    time.sleep(0.3)
    counts_before = [len(r) for r in received]

    # Request load: `loaders_n` threads on GET /api/scoreboard.
    latencies: list[float] = []
    stop = threading.Event()

    def load() -> None:
        conn = http.client.HTTPConnection(host, port, timeout=10)
        while not stop.is_set():
            t0 = time.perf_counter()
            conn.request("GET", "/api/scoreboard")
            conn.getresponse().read()
            latencies.append(time.perf_counter() - t0)

    loaders = [threading.Thread(target=load, daemon=True) for _ in range(loaders_n)]
    for t in loaders:
        t.start()

    # Recorded hands, each timed until every viewer has its frame.
    cookie, token = _csrf_session(host, port)
    delivery: list[float] = []
    body = urllib.parse.urlencode(
        {"kind": "win", "win0": "1", "han0": "1", "fu0": "30", "from": "1", "csrf_token": token}
    )
    started = time.monotonic()
    n = 0
    while time.monotonic() - started < seconds:
        n += 1
        conn = http.client.HTTPConnection(host, port, timeout=10)
        sent = time.time()
        conn.request("POST", "/club/game/1/hands", body,
                     {"Content-Type": "application/x-www-form-urlencoded", "Cookie": cookie})  # fmt: skip
        conn.getresponse().read()
        conn.close()
        deadline = time.monotonic() + 5
        while time.monotonic() < deadline and any(
            len(r) < counts_before[i] + n for i, r in enumerate(received)
        ):
            time.sleep(0.002)
        for i, r in enumerate(received):
            if len(r) >= counts_before[i] + n:
                delivery.append(r[counts_before[i] + n - 1] - sent)
        time.sleep(0.2)
    elapsed = time.monotonic() - started
    stop.set()
    print(json.dumps({"requests": len(latencies), "elapsed": elapsed, "latencies": latencies,
                      "delivery": delivery, "hands": n, "clients": clients}))  # fmt: skip


# --- the server's side ------------------------------------------------------------------------------------
def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--video",
        type=Path,
        default=REPO / "riichi_table" / "assistant" / "demo" / "clip.mp4",
        help="the clip the pipeline replays (default: the built-in demo, which has markers and real play)",
    )
    parser.add_argument(
        "--blank", action="store_true", help="replay a generated clip with no table markers (no tile reading)"
    )
    parser.add_argument("--clients", type=int, default=50)
    parser.add_argument("--seconds", type=float, default=8.0)
    parser.add_argument("--client-mode", default=None, help=argparse.SUPPRESS)
    parser.add_argument("--load", type=int, default=0, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.client_mode:
        clients_main(args.client_mode, args.clients, args.seconds, args.load)
        return 0

    from riichi_table.webui.app import create_app
    from riichi_table.webui.live import start_assistant
    from riichi_table.webui.store import DB_NAME, Store, migrate
    from werkzeug.serving import WSGIRequestHandler, make_server

    WSGIRequestHandler.log_request = lambda *a, **k: None  # type: ignore[method-assign]
    tmp = Path(tempfile.mkdtemp(prefix="riichi-bench-"))
    video = make_video(tmp / "bench.mp4", VIDEO_FRAMES) if args.blank else args.video
    print(f"video: {video.name}; {args.clients} SSE viewers")

    alone = pipeline_fps(video, args.seconds)
    print(f"pipeline alone:                     {alone:7.1f} frames/s")

    migrate(tmp / DB_NAME)
    store = Store.open(tmp / DB_NAME)
    night = store.add_night("bench", "2026-01-01", "wrc")
    ids = [store.add_player(f"P{i}", False).id for i in range(4)]
    store.start_game(night.id, None, ids, "wrc")
    store.close()

    assistant, error = start_assistant(str(video), "wrc", None)
    if assistant is None:
        print(f"pipeline unavailable: {error}")
        return 1
    app = create_app({"DATA_DIR": tmp, "ASSISTANT": assistant, "PIPELINE_ERROR": None})
    server = make_server("127.0.0.1", 0, app, threaded=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{server.server_port}"
    assistant.stop()  # restart unpaced, counting frames while the viewers are connected

    def with_clients(load: int) -> tuple[float, dict[str, Any]]:
        result: dict[str, Any] = {}

        def run_clients() -> None:
            cmd = [sys.executable, __file__, "--client-mode", url, "--clients", str(args.clients),
                   "--seconds", str(args.seconds), "--load", str(load)]  # fmt: skip
            out = subprocess.run(cmd, capture_output=True, text=True, check=True)
            result.update(json.loads(out.stdout.strip().splitlines()[-1]))

        clients = threading.Thread(target=run_clients)
        clients.start()
        time.sleep(1.5)  # let the viewers connect
        fps = pipeline_fps(video, args.seconds)
        clients.join()
        return fps, result

    viewers_fps, quiet = with_clients(0)
    loaded_fps, busy = with_clients(4)
    server.shutdown()
    share = viewers_fps / alone
    print(
        f"pipeline with {args.clients} SSE viewers:      {viewers_fps:7.1f} frames/s ({share:.0%} of alone)"
    )
    print(
        f"... and 4 threads of GET load:      {loaded_fps:7.1f} frames/s ({loaded_fps / alone:.0%} of alone)"
    )
    lat = sorted(busy["latencies"])
    median, p95 = statistics.median(lat) * 1000, lat[int(len(lat) * 0.95)] * 1000
    print(f"GET /api/scoreboard:                {len(lat) / busy['elapsed']:7.1f} requests/s, "
          f"latency median {median:.1f} ms, p95 {p95:.1f} ms ({args.clients} viewers connected)")  # fmt: skip
    for label, res in (("viewers only", quiet), ("viewers + load", busy)):
        d = sorted(res["delivery"])
        expected = res["hands"] * res["clients"]
        print(f"recorded hand -> all viewers ({label}): median {statistics.median(d) * 1000:.1f} ms, "
              f"worst {d[-1] * 1000:.1f} ms; {len(d)} of {expected} frames arrived")  # fmt: skip
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

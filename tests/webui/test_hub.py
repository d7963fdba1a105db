"""SSE fan-out: one producer, a bounded queue per client, slow clients never block (webui/hub.py)."""

from __future__ import annotations

import time

from riichi_table.webui.hub import Hub


def test_a_client_that_never_reads_does_not_block_the_producer_and_keeps_the_newest_state() -> None:
    hub = Hub(queue_size=4)
    q = hub.subscribe("board")
    started = time.monotonic()
    for i in range(10_000):
        hub.publish("board", {"n": i})
    assert time.monotonic() - started < 30  # generous: the point is it returns at all
    frames = [q.get_nowait() for _ in range(q.qsize())]
    assert len(frames) == 4
    assert frames[-1].endswith(b'{"n":9999}\n\n')
    assert hub.dropped == 10_000 - 4


def test_each_client_gets_every_message_when_it_keeps_up() -> None:
    hub = Hub()
    clients = [hub.subscribe("board") for _ in range(50)]
    hub.publish("board", {"n": 1}, event="board")
    for q in clients:
        assert q.get_nowait() == b'event: board\ndata: {"n":1}\n\n'


def test_a_stream_starts_with_the_latest_state_and_unsubscribes_when_closed() -> None:
    hub = Hub()
    hub.publish("table", {"x": 1})
    stream = hub.stream("table", heartbeat_s=0.01)
    assert next(stream) == b"retry: 2000\n\n"
    assert next(stream) == b'event: table\ndata: {"x":1}\n\n'
    assert next(stream) == b": keepalive\n\n"
    assert hub.client_count("table") == 1
    stream.close()
    assert hub.client_count("table") == 0

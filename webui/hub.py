"""Server-Sent Events fan-out: one producer, each client its own bounded queue.

A publisher encodes a message once and offers it to every client's queue without blocking: when a slow
client's queue is full its oldest message is dropped (each message carries the whole state, so only the
newest matters). The producer therefore never waits on a viewer, however many screens watch.
"""

from __future__ import annotations

import json
import queue
import threading
from collections.abc import Iterator
from typing import Any

CLIENT_QUEUE_SIZE = 8


def encode_event(topic: str, data: Any) -> bytes:
    """One SSE frame: `event: topic` and the JSON payload on one `data:` line."""
    return f"event: {topic}\ndata: {json.dumps(data, separators=(',', ':'))}\n\n".encode()


class Hub:
    """Topics of latest state, fanned out to subscribed clients."""

    def __init__(self, queue_size: int = CLIENT_QUEUE_SIZE) -> None:
        self._queue_size = queue_size
        self._lock = threading.Lock()
        self._clients: dict[str, set[queue.Queue[bytes]]] = {}
        self._latest: dict[str, bytes] = {}
        self.published = 0
        self.dropped = 0

    def publish(self, topic: str, data: Any, event: str | None = None) -> None:
        """Send `data` to every client of `topic` as an SSE event named `event` (default: the topic)."""
        frame = encode_event(event or topic, data)
        with self._lock:
            self._latest[topic] = frame
            clients = list(self._clients.get(topic, ()))
            self.published += 1
        for q in clients:
            self._offer(q, frame)

    def _offer(self, q: queue.Queue[bytes], frame: bytes) -> None:
        while True:
            try:
                q.put_nowait(frame)
                return
            except queue.Full:
                try:
                    q.get_nowait()
                    self.dropped += 1
                except queue.Empty:
                    pass

    def subscribe(self, topic: str) -> queue.Queue[bytes]:
        q: queue.Queue[bytes] = queue.Queue(maxsize=self._queue_size)
        with self._lock:
            self._clients.setdefault(topic, set()).add(q)
        return q

    def latest(self, topic: str) -> bytes | None:
        with self._lock:
            return self._latest.get(topic)

    def unsubscribe(self, topic: str, q: queue.Queue[bytes]) -> None:
        with self._lock:
            self._clients.get(topic, set()).discard(q)

    def client_count(self, topic: str) -> int:
        with self._lock:
            return len(self._clients.get(topic, ()))

    def stream(self, topic: str, heartbeat_s: float, first: bytes | None = None) -> Iterator[bytes]:
        """The body of one SSE response: `first` (or the topic's latest frame), then each new one.

        A comment line every `heartbeat_s` finds clients that left, so their threads end.
        """
        q = self.subscribe(topic)
        try:
            yield b"retry: 2000\n\n"
            first = first if first is not None else self.latest(topic)
            if first is not None:
                yield first
            while True:
                try:
                    yield q.get(timeout=heartbeat_s)
                except queue.Empty:
                    yield b": keepalive\n\n"
        finally:
            self.unsubscribe(topic, q)

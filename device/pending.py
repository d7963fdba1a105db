"""The driver's outgoing queue: bounded, coalescing, safe to fill from the game thread.

A prompt that sets the same piece of unit state as one still waiting replaces it (the unit only needs the
newest), so a flood of prompts shrinks to at most one command per key. The queue also has a hard bound: when
full, the oldest command is dropped and counted. `put` never blocks.
"""

from __future__ import annotations

import threading
import time
from collections import OrderedDict
from dataclasses import dataclass

from riichi_table.device.protocol import Command


@dataclass(frozen=True, slots=True)
class Queued:
    """A command and when the game handed it over (time.perf_counter seconds)."""

    command: Command
    since: float


class PendingQueue:
    """Commands waiting for the sender thread, newest state per key."""

    def __init__(self, bound: int = 32) -> None:
        if bound < 1:
            raise ValueError(f"the queue bound is at least 1, got {bound}")
        self.bound = bound
        self._items: OrderedDict[int, Queued] = OrderedDict()
        self._next_id = 0
        self._cond = threading.Condition()
        self.coalesced = 0
        self.dropped = 0
        self.high_water = 0
        self._wake = False

    def put(self, command: Command, since: float | None = None) -> None:
        """Add a command, replacing waiting ones it supersedes; drop the oldest when over the bound."""
        with self._cond:
            if command.supersedes:
                stale = [i for i, q in self._items.items() if q.command.key in command.supersedes]
                for i in stale:
                    del self._items[i]
                self.coalesced += len(stale)
            self._items[self._next_id] = Queued(command, time.perf_counter() if since is None else since)
            self._next_id += 1
            while len(self._items) > self.bound:
                self._items.popitem(last=False)
                self.dropped += 1
            self.high_water = max(self.high_water, len(self._items))
            self._cond.notify_all()

    def get(self, timeout: float) -> Queued | None:
        """The oldest waiting command, waiting up to `timeout` s; None when none came or `wake` was called."""
        with self._cond:
            if not self._items and not self._wake:
                self._cond.wait(timeout)
            self._wake = False
            if not self._items:
                return None
            return self._items.popitem(last=False)[1]

    def wake(self) -> None:
        """Make a waiting `get` return now (the driver is closing or has lines to read)."""
        with self._cond:
            self._wake = True
            self._cond.notify_all()

    def replace_sticky(self, standing: list[Command]) -> None:
        """After a (re)connect: the standing state first, then the waiting non-sticky commands in order."""
        with self._cond:
            rest = [q for q in self._items.values() if not q.command.sticky]
            now = time.perf_counter()
            self._items.clear()
            for q in [Queued(c, now) for c in standing] + rest:
                self._items[self._next_id] = q
                self._next_id += 1
            self._cond.notify_all()

    def __len__(self) -> int:
        with self._cond:
            return len(self._items)

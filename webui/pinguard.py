"""Admin PIN lockout: per client and for the whole server, with a lock that doubles on each round of misses.

A client (by remote address) that gets the PIN wrong `client_limit` times in a row is locked out for
`lock_s` seconds; every further round of misses after a lock doubles the lock, up to `max_lock_s`. The
whole server locks the same way after `global_limit` wrong PINs from anyone (many addresses guessing in
parallel) within one lock period. While a lock holds, even the right PIN is refused, so parallel guessing
gains nothing. A right PIN clears its client's misses (not the global count: it only decays with time).
The state lives in memory; a restart clears it, which costs a guesser a server restart per round.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field


@dataclass
class _Misses:
    count: int = 0  # wrong PINs since the last lock (or the last success)
    locks: int = 0  # how many locks so far: the next lasts lock_s * 2**locks
    until: float = 0.0  # locked until this monotonic time
    since: float = 0.0  # when the current round of misses began


@dataclass
class PinGuard:
    """Counts wrong PINs and answers whether a try may be checked at all. Thread-safe."""

    client_limit: int = 5
    global_limit: int = 30
    lock_s: float = 30.0
    max_lock_s: float = 3600.0
    clock: Callable[[], float] = time.monotonic
    _clients: dict[str, _Misses] = field(default_factory=dict)
    _global: _Misses = field(default_factory=_Misses)
    _lock: threading.Lock = field(default_factory=threading.Lock)

    def wait_s(self, client: str) -> float:
        """Seconds until this client may try again (0 when it may try now)."""
        now = self.clock()
        with self._lock:
            mine = self._clients.get(client)
            waits = [self._global.until - now] + ([mine.until - now] if mine else [])
        return max(0.0, *waits)

    def failed(self, client: str) -> float:
        """Count a wrong PIN; returns the lock it caused in seconds (0 when none)."""
        now = self.clock()
        with self._lock:
            mine = self._clients.setdefault(client, _Misses())
            locked = self._miss(mine, self.client_limit, now)
            if now - self._global.since > max(self.lock_s, 60.0):  # the global count decays
                self._global.count, self._global.since = 0, now
            locked = max(locked, self._miss(self._global, self.global_limit, now))
            if len(self._clients) > 10_000:  # many addresses: forget those with no lock pending
                for key in [k for k, m in self._clients.items() if m.until < now and k != client]:
                    del self._clients[key]
        return locked

    def succeeded(self, client: str) -> None:
        with self._lock:
            self._clients.pop(client, None)

    def _miss(self, misses: _Misses, limit: int, now: float) -> float:
        if misses.count == 0:
            misses.since = now
        misses.count += 1
        if misses.count < limit:
            return 0.0
        length = min(self.lock_s * 2**misses.locks, self.max_lock_s)
        misses.locks += 1
        misses.count = 0
        misses.until = now + length
        return length

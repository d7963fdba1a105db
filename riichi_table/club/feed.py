"""From a table's game to club messages: `ClubFeed` watches an `engine.game.Game` (and the events the
camera fed it) and writes each game start, each finished hand and the game end into the outbox.

Two ways a game is fed, both handled:
- tile-level events (the live assistant): a hand is finished at its `end_kyoku` (or, if that never came, at
  the next `start_kyoku` / `end_game`); its record is the hand's events from `start_kyoku` on, its results
  are the engine's settled `HandResult`s, one per `hora`, `ryukyoku` or `chombo` event, and its scores are
  those the next hand starts with (or the game's, when it is the latest hand).
- whole-hand results (`Game.apply_result`, the club-night forms): one message per `SettledHand`.

`ClubAssistant` wraps the running assistant for `riichi-table serve --club`: the same surface, with a
`club` entry in the health line and a thread that feeds the outbox.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import json
import logging
import secrets
import threading
from collections.abc import Callable
from typing import Any

from riichi_table.club.client import Forwarder
from riichi_table.club.outbox import Outbox
from riichi_table.club.protocol import VERSION

log = logging.getLogger(__name__)
_CLOSERS = ("start_kyoku", "end_game")
_RESULTS = ("hora", "ryukyoku", "chombo")


def _now() -> str:
    return dt.datetime.now(dt.UTC).isoformat(timespec="milliseconds")


def _json(value: Any) -> Any:
    return json.loads(json.dumps(value, default=str))


class ClubFeed:
    """Writes one game's club messages into an outbox; call `observe(game, events)` after every change.

    `names`: the four players (seat 0 first dealer), or None for "<table>/0".."<table>/3".
    `game_ids`: n -> the id of the feed's n-th game at the club server (default: table name, time and a
    random suffix); fixed ids let a restarted table write the same messages again (the outbox keeps one).
    """

    def __init__(
        self,
        outbox: Outbox,
        table: str,
        rules: Any,
        names: list[str] | None = None,
        on_write: Callable[[], None] | None = None,
        game_ids: Callable[[int], str] | None = None,
    ) -> None:
        self.outbox = outbox
        self.table = table
        self.rules = rules
        self.names = names or [f"{table}/{s}" for s in range(4)]
        self.on_write = on_write or (lambda: None)
        self._game_obj: Any = None
        self.game_id: str | None = None
        self._events_seen = 0
        self._results_used = 0
        self._settled_seen = 0
        self._seq = 0
        self._ended = False
        self._pool = 0
        self._penalties = [0, 0, 0, 0]
        self._segment: list[dict[str, Any]] = []
        self._game_ids = game_ids  # n (0, 1, ...) -> the id of this feed's n-th game; default: time + random
        self._games_started = 0

    # ---- writing ------------------------------------------------------------------------------------------
    def _put(self, kind: str, extra: dict[str, Any], key: str) -> None:
        assert self.game_id is not None
        body = {"v": VERSION, "key": key, "type": kind, "table": self.table, "game": self.game_id, **extra}
        if self.outbox.put(body):
            self.on_write()

    def start_game(self, game_id: str | None = None) -> str:
        if game_id is None and self._game_ids is not None:
            game_id = self._game_ids(self._games_started)
        self._games_started += 1
        self.game_id = (
            game_id or f"{self.table}-{dt.datetime.now(dt.UTC):%Y%m%dT%H%M%S}-{secrets.token_hex(3)}"
        )
        self._seq, self._ended, self._pool, self._penalties = 0, False, 0, [0, 0, 0, 0]
        self._put(
            "game_start",
            {"rules": self.rules, "names": self.names, "started_at": _now()},
            f"{self.game_id}:start",
        )
        return self.game_id

    def _hand(
        self,
        round_: dict[str, Any],
        results: list[Any],
        state: dict[str, Any],
        record: list[dict[str, Any]] | None,
        corrections: list[dict[str, Any]],
    ) -> None:
        self._seq += 1
        for m in results:
            self._pool += m.pool_change
            self._penalties = [a + b for a, b in zip(self._penalties, m.penalties, strict=True)]
        hand = {
            "round": round_,
            "results": [_json(dataclasses.asdict(m)) for m in results],
            "state": {**state, "pool": self._pool, "penalties": list(self._penalties)},
            "record": record,
            "corrections": corrections,
        }
        self._put("hand", {"seq": self._seq, "hand": hand}, f"{self.game_id}:hand:{self._seq}")

    def end_game(self, game: Any) -> None:
        if self._ended or self.game_id is None:
            return
        self._ended = True
        state = {
            "scores": list(game.scores),
            "sticks": game.sticks,
            "pool": game.pool,
            "penalties": list(game.penalties),
        }
        self._put("game_end", {"state": state, "ended_at": _now()}, f"{self.game_id}:end")

    def amend(self, seq: int, hand: dict[str, Any], reason: str, base_version: int | None = None) -> str:
        """An edit of hand `seq` after it was sent: an amendment on the version the club server confirmed
        (or `base_version`). Returns its key; a stale one is refused by the server and shown in health."""
        assert self.game_id is not None
        base = base_version or self.outbox.acked_version(self.game_id, seq) or 1
        n = self.outbox.amendments(self.game_id, seq) + 1
        key = f"{self.game_id}:amend:{seq}:{n}"
        body = {"seq": seq, "base_version": base, "hand": hand, "reason": reason}
        self._put("amend", body, key)
        return key

    # ---- watching a game ---------------------------------------------------------------------------------
    def observe(self, game: Any, events: list[dict[str, Any]]) -> None:
        """Write whatever finished since the last call. A new Game object (the demo clip starting again)
        starts a new club game."""
        if game is not self._game_obj:
            if self._game_obj is not None and not self._ended:
                self.end_game(self._game_obj)  # the table left that game (the demo clip starting again)
            self._game_obj = game
            self._events_seen = self._results_used = self._settled_seen = 0
            self._segment = []
            self.start_game()
        for s in game.result_hands[self._settled_seen :]:
            self._settled_seen += 1
            sticks = s.sticks + len(s.result.riichi) + sum(m.sticks_change for m in s.money)
            round_ = {
                "bakaze": "ESWN"[min(s.round_wind, 3)],
                "kyoku": s.hand_number,
                "honba": s.honba,
                "oya": s.dealer,
            }
            self._hand(round_, list(s.money), {"scores": list(s.scores_after), "sticks": sticks}, None, [])
        new = events[self._events_seen :]
        self._events_seen = len(events)
        for i, e in enumerate(new):
            kind = e.get("type")
            if kind == "end_kyoku":
                if self._segment:
                    self._segment.append(e)
                self._close(game, _next_closer(new[i + 1 :]))
            elif kind in _CLOSERS:
                self._close(game, e)
                self._segment = [e] if kind == "start_kyoku" else []
                if kind == "end_game":
                    self.end_game(game)
            elif self._segment:
                self._segment.append(e)
        if game.ended and not self._segment:
            self.end_game(game)

    def _close(self, game: Any, closer: dict[str, Any] | None) -> None:
        seg, self._segment = self._segment, []
        n = sum(1 for e in seg if e.get("type") in _RESULTS)
        if not seg or n == 0:
            return
        results = game.results[self._results_used : self._results_used + n]
        self._results_used += n
        if len(results) != n:  # the engine settled fewer hands than the events say: never send a guess
            log.warning(
                "club feed: hand with %d results in its events but %d settled; not sent", n, len(results)
            )
            return
        start = seg[0]
        if closer is not None and closer.get("type") == "start_kyoku":
            state = {"scores": list(closer["scores"]), "sticks": int(closer["kyotaku"])}
        elif closer is not None and closer.get("scores") is not None:
            state = {"scores": list(closer["scores"]), "sticks": game.sticks}
        else:
            state = {"scores": list(game.scores), "sticks": game.sticks}
        round_ = {
            "bakaze": start["bakaze"],
            "kyoku": start["kyoku"],
            "honba": start["honba"],
            "oya": start["oya"],
        }
        corrections = [e for e in seg if e.get("type") == "declare"]
        self._hand(round_, list(results), state, _json(seg), _json(corrections))


def _next_closer(events: list[dict[str, Any]]) -> dict[str, Any] | None:
    return next((e for e in events if e.get("type") in _CLOSERS), None)


class ClubAssistant:
    """The running assistant plus the club link: delegates everything, adds `health.club` to `state()`."""

    POLL_S = 0.2

    def __init__(self, assistant: Any, feed: ClubFeed, forwarder: Forwarder) -> None:
        self._inner = assistant
        self.feed = feed
        self.forwarder = forwarder
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self._last: tuple[Any, Any] = (None, None)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._inner, name)

    def start(self) -> None:
        self._inner.start()
        self.forwarder.start()
        self._thread = threading.Thread(target=self._watch, name="club-feed", daemon=True)
        self._thread.start()

    def stop(self) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join(timeout=5)
        self._inner.stop()
        self._poll()  # what finished last is in the outbox before we go
        self.forwarder.stop()

    def state(self) -> dict[str, Any]:
        data = dict(self._inner.state())
        data["health"] = {**data.get("health", {}), "club": self.forwarder.health()}
        return data

    def _poll(self) -> None:
        session = self._inner.session
        game, events = session.game, session.accepted
        # A session starting again replaces its game, then its event list: wait until both are new, so a new
        # game is never read with the old game's events.
        if (game is self._last[0]) != (events is self._last[1]):
            return
        self._last = (game, events)
        self.feed.observe(game, list(events))

    def _watch(self) -> None:
        while not self._stop.wait(self.POLL_S):
            self._poll()

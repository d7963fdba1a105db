"""Turning game events (engine/events.py) into prompts on the unit.

Prompts, each switchable as a whole (`PromptSettings.kinds`) and per seat (`seats_off`):
- `call`: a discard opens the call window (seeds 002/004 section 3.3.1: the discard can be claimed for pon
  or kan until the next player draws, so players leave time before drawing): the discarder's segment pulses
  for `call_window_ms`, and goes out early at the next draw or call;
- `turn`: whose turn it is next;
- `riichi`: a declared riichi glows on that seat until the hand ends;
- `last`: the last tile of the live wall is drawn (haitei) and then discarded (houtei);
- `verdict`: the result of checking a revealed hand (a `hora` is a valid win, a `chombo` a penalty; the
  assistant reports furiten or no yaku through `Prompter.verdict`);
- `tune`: a short tune at the end of a hand and of the game.

Seats are the physical chairs 0..3 (the events' `actor`), one LED segment each. The live wall is counted
from the draws: 136 tiles less 14 in the dead wall and 52 dealt leaves 70 draws per hand, rinshan draws
included (the dead wall is topped up from the live wall after every kan).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from enum import Enum
from typing import Any, Protocol

from riichi_table.device import protocol
from riichi_table.device.errors import DeviceError
from riichi_table.device.protocol import Command, Verdict
from riichi_table.engine import events as ev

LIVE_WALL = 70


class PromptKind(Enum):
    """The prompts a table can switch on and off."""

    CALL = "call"
    TURN = "turn"
    RIICHI = "riichi"
    LAST = "last"
    VERDICT = "verdict"
    TUNE = "tune"


@dataclass(frozen=True, slots=True)
class PromptSettings:
    """Which prompts show: all of them (`enabled`), per kind (`kinds`), per seat (`seats_off`)."""

    enabled: bool = True
    kinds: frozenset[PromptKind] = frozenset(PromptKind)
    seats_off: frozenset[tuple[PromptKind, int]] = frozenset()  # (kind, seat) pairs switched off
    call_window_ms: int = 3000  # how long the discarder's segment pulses (seeds 002/004 section 3.3.1)
    sound: bool = True  # False mutes the buzzer (tunes and verdict beeps)

    def __post_init__(self) -> None:
        if not 0 < self.call_window_ms <= protocol.CALL_MS_MAX:
            raise DeviceError(f"call_window_ms is 1..{protocol.CALL_MS_MAX}, got {self.call_window_ms}")
        for kind, seat in self.seats_off:
            if not isinstance(kind, PromptKind) or not 0 <= seat < protocol.SEATS:
                raise DeviceError(f"seats_off holds (PromptKind, seat 0..3) pairs, got {(kind, seat)!r}")

    def allows(self, kind: PromptKind, seat: int | None = None) -> bool:
        """Whether prompt `kind` shows (for `seat`, when it concerns one)."""
        if not self.enabled or kind not in self.kinds:
            return False
        return seat is None or (kind, seat) not in self.seats_off

    def with_seat(self, kind: PromptKind, seat: int, on: bool) -> PromptSettings:
        """A copy with `kind` switched on or off for `seat`."""
        pairs = self.seats_off - {(kind, seat)} if on else self.seats_off | {(kind, seat)}
        return dataclasses.replace(self, seats_off=pairs)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> PromptSettings:
        """From JSON: {"enabled", "kinds": [..], "seats_off": {"call": [0, 2]}, "call_window_ms", "sound"}."""
        try:
            kinds = frozenset(PromptKind(k) for k in data.get("kinds", [k.value for k in PromptKind]))
            pairs = data.get("seats_off", {}).items()
            off = frozenset((PromptKind(k), int(s)) for k, seats in pairs for s in seats)
            return cls(
                enabled=bool(data.get("enabled", True)),
                kinds=kinds,
                seats_off=off,
                call_window_ms=int(data.get("call_window_ms", 3000)),
                sound=bool(data.get("sound", True)),
            )
        except (ValueError, TypeError, AttributeError) as exc:
            names = ", ".join(k.value for k in PromptKind)
            raise DeviceError(f"bad prompt settings {data!r}: {exc} (kinds are {names})") from None

    def to_dict(self) -> dict[str, Any]:
        """The JSON form `from_dict` reads."""
        off: dict[str, list[int]] = {}
        for kind, seat in sorted(self.seats_off, key=lambda p: (p[0].value, p[1])):
            off.setdefault(kind.value, []).append(seat)
        return {
            "enabled": self.enabled,
            "kinds": sorted(k.value for k in self.kinds),
            "seats_off": off,
            "call_window_ms": self.call_window_ms,
            "sound": self.sound,
        }


class Sink(Protocol):
    """Where commands go: a `Driver`, or anything with `send(command)`."""

    def send(self, command: Command) -> None: ...


@dataclass(slots=True)
class _Hand:
    wall: int = LIVE_WALL
    riichi: set[int] = field(default_factory=set)
    turn: int | None = None
    call_seat: int | None = None


class Prompter:
    """Feed it every event of the game (`feed`); it sends the prompts the settings allow to `sink`."""

    def __init__(
        self, sink: Sink | Callable[[Command], None], settings: PromptSettings | None = None
    ) -> None:
        self._send = sink.send if hasattr(sink, "send") else sink
        self._settings = settings or PromptSettings()
        self._hand = _Hand()

    @property
    def settings(self) -> PromptSettings:
        return self._settings

    @settings.setter
    def settings(self, new: PromptSettings) -> None:
        """Switch prompts on or off now; the unit's standing prompts follow at once."""
        self._settings = new
        out: list[Command] = [protocol.mute(not new.sound)]
        if not new.enabled:
            out += [protocol.clear(), protocol.tune("OFF")]
        else:
            h = self._hand
            out += [protocol.riichi(s, s in h.riichi and new.allows(PromptKind.RIICHI, s)) for s in range(4)]
            out += self._turn(h.turn, force=True)
        self._emit(out)

    def feed(self, event: ev.Event | dict[str, Any] | str) -> list[Command]:
        """Handle one event (an engine event, or its JSON form); returns the commands sent."""
        e = ev.event_from_json(event) if isinstance(event, dict | str) else event
        out = self._commands(e)
        self._emit(out)
        return out

    def verdict(self, seat: int, value: Verdict) -> list[Command]:
        """Show the result of checking seat's revealed hand (valid win, furiten, no yaku, chombo)."""
        out = [protocol.verdict(seat, value)] if self._settings.allows(PromptKind.VERDICT, seat) else []
        self._emit(out)
        return out

    # -- event handlers ---------------------------------------------------------------------------------
    def _commands(self, e: ev.Event) -> list[Command]:
        h = self._hand
        s = self._settings
        match e:
            case ev.StartGame() | ev.StartKyoku():
                self._hand = _Hand()
                out = [protocol.clear()]
                if isinstance(e, ev.StartKyoku):
                    out += self._turn(e.oya)
                return out
            case ev.Tsumo(actor=actor):
                h.wall -= 1
                out = self._end_call() + self._turn(actor)
                if h.wall == 0 and s.allows(PromptKind.LAST):
                    out.append(protocol.last("HAITEI"))
                return out
            case ev.Dahai(actor=actor):
                out = []
                if s.allows(PromptKind.CALL, actor):
                    h.call_seat = actor
                    out.append(protocol.call_window(actor, s.call_window_ms))
                out += self._turn((actor + 1) % 4)
                if h.wall <= 0 and s.allows(PromptKind.LAST):
                    out.append(protocol.last("HOUTEI"))
                return out
            case ev.Reach(actor=actor):
                h.riichi.add(actor)
                return [protocol.riichi(actor, True)] if s.allows(PromptKind.RIICHI, actor) else []
            case ev.Chi(actor=actor) | ev.Pon(actor=actor) | ev.Daiminkan(actor=actor):
                return self._end_call() + self._turn(actor)
            case ev.Kakan(actor=actor) | ev.Ankan(actor=actor):
                return self._turn(actor)
            case ev.Hora(actor=actor):
                out = self._end_call()
                if s.allows(PromptKind.VERDICT, actor):
                    out.append(protocol.verdict(actor, Verdict.WIN))
                return out
            case ev.Chombo(actor=actor):
                shown = s.allows(PromptKind.VERDICT, actor)
                return [protocol.verdict(actor, Verdict.CHOMBO)] if shown else []
            case ev.EndKyoku() | ev.EndGame():
                self._hand = _Hand()
                out = [protocol.clear()]
                if s.allows(PromptKind.TUNE):
                    out.append(protocol.tune("GAME" if isinstance(e, ev.EndGame) else "HAND"))
                return out
            case _:
                return []  # dora, reach_accepted, ryukyoku, reveal, declare: nothing to show

    def _turn(self, seat: int | None, force: bool = False) -> list[Command]:
        self._hand.turn = seat
        if not self._settings.allows(PromptKind.TURN) and not force:
            return []
        shown = seat if seat is not None and self._settings.allows(PromptKind.TURN, seat) else None
        return [protocol.turn(shown)]

    def _end_call(self) -> list[Command]:
        seat, self._hand.call_seat = self._hand.call_seat, None
        return [] if seat is None else [protocol.call_window(seat, 0)]

    def _emit(self, commands: Iterable[Command]) -> None:
        for c in commands:
            self._send(c)

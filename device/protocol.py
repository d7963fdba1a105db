"""The host side of the unit's line protocol (docs/device-protocol.md is the single reference).

Host to unit: `<seq> <COMMAND> [args]\\n`; unit to host: `<seq> OK [data]`, `<seq> ERR <reason>`, and the
`READY <firmware version>` banner after a reset. Every received line parses to an explicit result
(`Reply`, `Banner` or `Garbage`): a half or garbled line is never dropped silently.

>>> encode(turn(2), 7)
b'7 TURN 2\\n'
>>> parse_line("7 OK")
Reply(seq=7, ok=True, data='')
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum

from riichi_table.device.errors import ProtocolError
from riichi_table.device.firmware import unitcore

PROTO_MIN = 1
PROTO_MAX = 1
MAX_LINE = unitcore.MAX_LINE
SEQ_MAX = 65535
SEATS = unitcore.SEATS
CALL_MS_MAX = unitcore.CALL_MS_MAX
HAND_KEYS = frozenset({"call", "turn", "last", "riichi0", "riichi1", "riichi2", "riichi3", "clear"})


class Verdict(Enum):
    """What checking a revealed hand found (the unit flashes the seat and beeps)."""

    WIN = "WIN"
    NO_YAKU = "NOYAKU"
    FURITEN = "FURITEN"
    CHOMBO = "CHOMBO"


@dataclass(frozen=True, slots=True)
class Command:
    """One command for the unit, before it gets a sequence number.

    `key` names the piece of unit state it sets; a newer command whose `supersedes` holds the key of a
    command still waiting replaces it (coalescing). `sticky` commands are the unit's standing state, sent
    again after the unit resets or the cable comes back.
    """

    verb: str
    args: tuple[str, ...] = ()
    key: str = ""
    supersedes: frozenset[str] = field(default_factory=frozenset)
    sticky: bool = False

    def __post_init__(self) -> None:
        if not self.verb.isalpha() or not self.verb.isupper():
            raise ProtocolError(f"a command verb is upper-case letters, got {_shown(self.verb)}")
        for a in self.args:
            if not a or not a.isascii() or any(c.isspace() for c in a):
                raise ProtocolError(f"a command argument is one printable ASCII word, got {_shown(a)}")

    @property
    def text(self) -> str:
        """The command without its sequence number, e.g. `CALL 2 3000`."""
        return " ".join((self.verb, *self.args))


@dataclass(frozen=True, slots=True)
class Reply:
    """`<seq> OK [data]` or `<seq> ERR <reason>` (`data` holds the reason for an ERR)."""

    seq: int
    ok: bool
    data: str = ""


@dataclass(frozen=True, slots=True)
class Banner:
    """`READY <firmware version>`: the unit has just (re)started and lost its state."""

    firmware: str


@dataclass(frozen=True, slots=True)
class Garbage:
    """A received line that is none of the above; `reason` says what was wrong."""

    text: str
    reason: str


Received = Reply | Banner | Garbage


def _shown(text: str, limit: int = 40) -> str:
    """`text` quoted for an error message, cut to `limit` characters so the message stays one short line."""
    return repr(text if len(text) <= limit else text[:limit] + "...")


def encode(command: Command, seq: int) -> bytes:
    """The bytes of `command` numbered `seq` (1..65535), newline included."""
    if not 1 <= seq <= SEQ_MAX:
        raise ProtocolError(f"a sequence number is 1..{SEQ_MAX}, got {seq}")
    line = f"{seq} {command.text}\n"
    if len(line) > MAX_LINE:
        raise ProtocolError(f"a line is at most {MAX_LINE} bytes, {_shown(command.text)} makes {len(line)}")
    return line.encode("ascii")


def parse_line(text: str) -> Received:
    """Parse one line from the unit (newline removed)."""
    if text == unitcore.TOO_LONG:
        return Garbage("", f"line longer than {MAX_LINE} bytes")
    words = text.split()
    if not words:
        return Garbage(text, "empty line")
    if words[0] == "READY":
        if len(words) < 2:
            return Garbage(text, "READY without a firmware version")
        return Banner(words[1])
    if not words[0].isdigit() or len(words[0]) > 5 or int(words[0]) > SEQ_MAX:
        return Garbage(text, "expected <seq> OK|ERR or READY")
    if len(words) < 2 or words[1] not in ("OK", "ERR"):
        return Garbage(text, "expected OK or ERR after the sequence number")
    data = text.split(None, 2)[2].strip() if len(words) > 2 else ""
    return Reply(int(words[0]), words[1] == "OK", data)


class LineSplitter:
    """Bytes from the unit in, lines out: a half line waits for its end, an overlong one is reported."""

    def __init__(self) -> None:
        self._reader = unitcore.LineReader()

    def feed(self, data: bytes) -> list[str]:
        """The lines completed by `data` (without newlines)."""
        lines: list[str] = self._reader.feed(data)
        return lines

    @property
    def pending(self) -> int:
        """Bytes of a half line waiting for its newline."""
        return len(self._reader.buf)


def _seat(seat: int) -> str:
    if not 0 <= seat < SEATS:
        raise ProtocolError(f"a seat is 0..{SEATS - 1}, got {seat}")
    return str(seat)


# -- command builders (one per command of docs/device-protocol.md) ----------------------------------------


def hello(lo: int = PROTO_MIN, hi: int = PROTO_MAX) -> Command:
    """Version negotiation: the unit answers `OK <proto> <firmware>` with the highest version both speak."""
    return Command("HELLO", (str(lo), str(hi)))


def ping() -> Command:
    """Heartbeat: the unit answers `OK <ms since boot>`."""
    return Command("PING")


def call_window(seat: int, ms: int) -> Command:
    """The discarder's segment pulses for `ms` (0 ends the window early); seeds 002/004 section 3.3.1."""
    if not 0 <= ms <= CALL_MS_MAX:
        raise ProtocolError(f"a call window lasts 0..{CALL_MS_MAX} ms, got {ms}")
    return Command("CALL", (_seat(seat), str(ms)), key="call", supersedes=frozenset({"call"}))


def turn(seat: int | None) -> Command:
    """Mark whose turn it is (None: nobody's)."""
    arg = "-" if seat is None else _seat(seat)
    return Command("TURN", (arg,), key="turn", supersedes=frozenset({"turn"}), sticky=True)


def riichi(seat: int, on: bool) -> Command:
    """Light (or put out) a seat's riichi glow."""
    key = f"riichi{_seat(seat)}"
    args = (str(seat), "1" if on else "0")
    return Command("RIICHI", args, key=key, supersedes=frozenset({key}), sticky=True)


def last(kind: str) -> Command:
    """The last tile of the wall (`HAITEI`), the last discard (`HOUTEI`) or neither (`OFF`)."""
    if kind not in unitcore.LASTS:
        raise ProtocolError(f"LAST takes one of {', '.join(unitcore.LASTS)}, got {kind!r}")
    return Command("LAST", (kind,), key="last", supersedes=frozenset({"last"}), sticky=True)


def verdict(seat: int, value: Verdict) -> Command:
    """Flash a seat with the result of checking its revealed hand, with a beep."""
    key = f"verdict{_seat(seat)}"
    return Command("VERDICT", (str(seat), value.value), key=key, supersedes=frozenset({key}))


def tune(name: str) -> Command:
    """Play the tune for the end of a hand (`HAND`) or of the game (`GAME`), or stop it (`OFF`)."""
    if name not in ("HAND", "GAME", "OFF"):
        raise ProtocolError(f"TUNE takes HAND, GAME or OFF, got {name!r}")
    return Command("TUNE", (name,), key="tune", supersedes=frozenset({"tune"}))


def clear() -> Command:
    """End of a hand: call window, turn, riichi glows and last-tile mark go out."""
    return Command("CLEAR", key="clear", supersedes=HAND_KEYS, sticky=True)


def mute(on: bool) -> Command:
    """Silence the buzzer (or not)."""
    return Command("MUTE", ("1" if on else "0",), key="mute", supersedes=frozenset({"mute"}), sticky=True)


def test_pattern() -> Command:
    """A light chasing round the ring and a beep, to check the wiring."""
    return Command("TEST", key="test", supersedes=frozenset({"test"}))


def state() -> Command:
    """Ask for the prompt state: `OK call=<seat|-> turn=<seat|-> riichi=<4 bits> last=<..> mute=<0|1>`."""
    return Command("STATE")

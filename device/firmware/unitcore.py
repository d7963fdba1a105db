# The unit's logic, with no hardware in it: protocol parsing, prompt state, LED frames, buzzer notes.
#
# This one file runs on the board (MicroPython on an RP2040, imported by main.py) and on the host
# (CPython: `device.firmware.unitcore`, used by the emulator and the tests), so what the tests check is
# what the board runs. It keeps to the subset both share: no typing, no dataclasses, no f-string tricks.
# Time is passed in as integer milliseconds from a counter that never wraps (main.py keeps one).
# The protocol it answers is docs/device-protocol.md (version 1).

FIRMWARE_VERSION = "1.0.0"
PROTO_MIN = 1
PROTO_MAX = 1
MAX_LINE = 80  # bytes including the newline; longer lines are refused with `0 ERR line too long`
SEATS = 4

CALL_MS_MAX = 30000
CALL_PERIOD_MS = 600  # one pulse of the call window
VERDICT_MS = 3000
TEST_MS = 2000
LAST_PERIOD_MS = 1000

COLORS = {
    "call": (255, 140, 0),
    "turn": (60, 60, 60),
    "riichi": (0, 70, 220),
    "WIN": (0, 220, 0),
    "NOYAKU": (255, 190, 0),
    "FURITEN": (255, 190, 0),
    "CHOMBO": (255, 0, 0),
    "last": (170, 0, 255),
    "test": (255, 255, 255),
}

# (frequency Hz, duration ms); frequency 0 is a rest.
TUNES = {
    "HAND": ((784, 120), (0, 40), (988, 120), (0, 40), (1175, 200)),
    "GAME": ((523, 150), (659, 150), (784, 150), (1047, 300), (0, 80), (784, 120), (1047, 400)),
    "WIN": ((1319, 90), (0, 60), (1319, 90)),
    "NOYAKU": ((330, 300),),
    "FURITEN": ((330, 300),),
    "CHOMBO": ((196, 150), (0, 60), (196, 150), (0, 60), (196, 150)),
    "HAITEI": ((880, 80),),
    "HOUTEI": ((880, 80), (0, 60), (880, 80)),
    "TEST": ((1000, 150),),
}

VERDICTS = ("WIN", "NOYAKU", "FURITEN", "CHOMBO")
LASTS = ("HAITEI", "HOUTEI", "OFF")


TOO_LONG = "\x00"  # what LineReader yields for a line over MAX_LINE (no real line can contain NUL)


class LineReader:
    """Bytes in, whole lines out; a half line waits for the rest, bytes outside printable ASCII become '?'."""

    def __init__(self):
        self.buf = bytearray()
        self.overflow = False

    def feed(self, data):
        lines = []
        for b in data:
            if b == 10:
                if self.overflow:
                    lines.append(TOO_LONG)
                else:
                    lines.append("".join(chr(c) if 32 <= c < 127 or c == 9 else "?" for c in self.buf))
                self.buf = bytearray()
                self.overflow = False
            elif b == 13:
                continue
            elif len(self.buf) >= MAX_LINE:
                self.overflow = True
            else:
                self.buf.append(b)
        return lines


class CommandError(Exception):
    """A command the unit refuses; its text is the reason sent back after ERR."""


def _int(text, lo, hi, what):
    if not text or not (text.isdigit() or (text[0] == "-" and text[1:].isdigit())):
        raise CommandError("bad args: " + what)
    value = int(text)
    if value < lo or value > hi:
        raise CommandError("bad args: " + what)
    return value


def _seat(text, what):
    return _int(text, 0, SEATS - 1, what)


def _choice(text, options, what):
    if text not in options:
        raise CommandError("bad args: " + what)
    return text


def _argc(args, n, what):
    if len(args) != n:
        raise CommandError("bad args: " + what)


class Unit:
    """The unit's state: feed it lines with `handle_line`, read LEDs with `frame` and the buzzer with `tone`."""

    def __init__(self, leds_per_seat=6, now=0):
        self.leds_per_seat = leds_per_seat
        self.booted_at = now
        self.muted = False
        self.brightness = 255
        self.proto = PROTO_MAX
        self._last_seq = None
        self._last_line = None
        self._last_reply = None
        self.reset_requested = False
        self.verdicts = [None] * SEATS  # per seat: (verdict, started_ms) or None
        self.clear()
        self.tune = None  # (name, started_ms)
        self.test_until = 0

    # -- state ------------------------------------------------------------------------------------------
    def clear(self):
        """End of a hand: no call window, no turn, no riichi glow, no last-tile mark (verdicts run out)."""
        self.call_seat = None
        self.call_until = 0
        self.call_started = 0
        self.turn = None
        self.riichi = [False] * SEATS
        self.last = "OFF"
        self.last_started = 0

    def banner(self):
        """The line the unit sends after a reset."""
        return "READY " + FIRMWARE_VERSION

    # -- protocol ---------------------------------------------------------------------------------------
    def handle_line(self, line, now):
        """Answer one received line (without its newline); returns the reply line, or None for a blank line."""
        if line == TOO_LONG:
            return "0 ERR line too long"
        line = line.strip()
        if not line:
            return None
        if len(line) >= MAX_LINE:
            return "0 ERR line too long"
        parts = line.split()
        seq_text = parts[0]
        if not seq_text.isdigit() or len(seq_text) > 5 or int(seq_text) > 65535 or len(parts) < 2:
            return "0 ERR malformed line, expected <seq> <COMMAND> [args]"
        seq = int(seq_text)
        if seq == self._last_seq and line == self._last_line:
            return self._last_reply  # the host's retry of a command already done: answer, do not redo
        try:
            data = self._dispatch(parts[1], parts[2:], now)
            reply = seq_text + " OK" + ((" " + data) if data else "")
        except CommandError as exc:
            reply = seq_text + " ERR " + str(exc.args[0] if exc.args else "refused")
        if parts[1] != "HELLO":  # a HELLO starts a new session: nothing before it is a retry
            self._last_seq, self._last_line, self._last_reply = seq, line, reply
        else:
            self._last_seq = self._last_line = self._last_reply = None
        return reply

    def _dispatch(self, verb, args, now):
        handler = getattr(self, "_cmd_" + verb.lower(), None) if verb.isupper() else None
        if handler is None:
            raise CommandError("unknown command " + verb)
        return handler(args, now)

    def _cmd_hello(self, args, now):
        _argc(args, 2, "HELLO <min> <max>")
        lo = _int(args[0], 1, 999, "HELLO <min> <max>")
        hi = _int(args[1], lo, 999, "HELLO <min> <max>")
        best = min(hi, PROTO_MAX)
        if best < max(lo, PROTO_MIN):
            raise CommandError("version %d-%d unsupported, unit speaks %d-%d" % (lo, hi, PROTO_MIN, PROTO_MAX))
        self.proto = best
        return "%d %s" % (best, FIRMWARE_VERSION)

    def _cmd_ping(self, args, now):
        _argc(args, 0, "PING takes no args")
        return str(now - self.booted_at)

    def _cmd_call(self, args, now):
        what = "CALL <seat 0-3> <ms 0-%d>" % CALL_MS_MAX
        _argc(args, 2, what)
        seat = _seat(args[0], what)
        ms = _int(args[1], 0, CALL_MS_MAX, what)
        if ms == 0:
            if self.call_seat == seat:
                self.call_seat = None
            return ""
        self.call_seat, self.call_started, self.call_until = seat, now, now + ms
        return ""

    def _cmd_turn(self, args, now):
        what = "TURN <seat 0-3 or ->"
        _argc(args, 1, what)
        self.turn = None if args[0] == "-" else _seat(args[0], what)
        return ""

    def _cmd_riichi(self, args, now):
        what = "RIICHI <seat 0-3> <0|1>"
        _argc(args, 2, what)
        self.riichi[_seat(args[0], what)] = bool(_int(args[1], 0, 1, what))
        return ""

    def _cmd_last(self, args, now):
        what = "LAST <HAITEI|HOUTEI|OFF>"
        _argc(args, 1, what)
        self.last = _choice(args[0], LASTS, what)
        self.last_started = now
        if self.last != "OFF":
            self._play(self.last, now)
        return ""

    def _cmd_verdict(self, args, now):
        what = "VERDICT <seat 0-3> <WIN|NOYAKU|FURITEN|CHOMBO>"
        _argc(args, 2, what)
        seat = _seat(args[0], what)
        verdict = _choice(args[1], VERDICTS, what)
        self.verdicts[seat] = (verdict, now)
        self._play(verdict, now)
        return ""

    def _cmd_tune(self, args, now):
        what = "TUNE <HAND|GAME|OFF>"
        _argc(args, 1, what)
        name = _choice(args[0], ("HAND", "GAME", "OFF"), what)
        if name == "OFF":
            self.tune = None
        else:
            self._play(name, now)
        return ""

    def _cmd_clear(self, args, now):
        _argc(args, 0, "CLEAR takes no args")
        self.clear()
        return ""

    def _cmd_mute(self, args, now):
        what = "MUTE <0|1>"
        _argc(args, 1, what)
        self.muted = bool(_int(args[0], 0, 1, what))
        if self.muted:
            self.tune = None
        return ""

    def _cmd_bright(self, args, now):
        what = "BRIGHT <1-255>"
        _argc(args, 1, what)
        self.brightness = _int(args[0], 1, 255, what)
        return ""

    def _cmd_test(self, args, now):
        _argc(args, 0, "TEST takes no args")
        self.test_until = now + TEST_MS
        self._play("TEST", now)
        return ""

    def _cmd_state(self, args, now):
        _argc(args, 0, "STATE takes no args")
        bits = "".join("1" if r else "0" for r in self.riichi)
        call = str(self.call_seat) if self.call_seat is not None and now < self.call_until else "-"
        turn = "-" if self.turn is None else str(self.turn)
        return "call=%s turn=%s riichi=%s last=%s mute=%d" % (call, turn, bits, self.last, int(self.muted))

    def _cmd_reset(self, args, now):
        # main.py / the emulator see `reset_requested`, send the OK, then reboot and send the banner.
        _argc(args, 0, "RESET takes no args")
        self.reset_requested = True
        return ""

    def _play(self, name, now):
        if not self.muted:
            self.tune = (name, now)

    # -- output -----------------------------------------------------------------------------------------
    def layers(self, seat, now):
        """The prompts showing on one seat's segment, most visible first (e.g. ['call', 'riichi'])."""
        out = []
        v = self.verdicts[seat]
        if v is not None and now - v[1] < VERDICT_MS:
            out.append("verdict:" + v[0])
        if self.call_seat == seat and now < self.call_until:
            out.append("call")
        if self.riichi[seat]:
            out.append("riichi")
        if self.turn == seat:
            out.append("turn")
        if self.last != "OFF":
            out.append("last:" + self.last)
        if now < self.test_until:
            out.append("test")
        return out

    def frame(self, now):
        """The colour of every LED, seat 0's segment first, as (r, g, b) tuples scaled by brightness."""
        n = self.leds_per_seat
        pixels = []
        for seat in range(SEATS):
            pixels.extend(self._segment(seat, n, now))
        if now < self.test_until:
            lit = ((now - (self.test_until - TEST_MS)) // 40) % len(pixels)
            pixels = [COLORS["test"] if i == lit else (0, 0, 0) for i in range(len(pixels))]
        b = self.brightness
        return [(r * b // 255, g * b // 255, bl * b // 255) for (r, g, bl) in pixels]

    def _segment(self, seat, n, now):
        v = self.verdicts[seat]
        if v is not None and now - v[1] < VERDICT_MS:
            period = 150 if v[0] == "CHOMBO" else 500
            on = ((now - v[1]) // period) % 2 == 0
            return [COLORS[v[0]] if on else (0, 0, 0)] * n
        if self.call_seat == seat and now < self.call_until:
            phase = (now - self.call_started) % CALL_PERIOD_MS
            half = CALL_PERIOD_MS // 2
            level = phase if phase < half else CALL_PERIOD_MS - phase  # triangle wave 0..half
            level = 40 + 215 * level // half
            c = COLORS["call"]
            return [(c[0] * level // 255, c[1] * level // 255, c[2] * level // 255)] * n
        seg = [COLORS["riichi"] if self.riichi[seat] else (0, 0, 0)] * n
        if self.turn == seat:
            mid = n // 2
            seg[mid] = COLORS["turn"] if not self.riichi[seat] else (200, 200, 255)
            if n > 3:
                seg[mid - 1] = seg[mid]
        if self.last != "OFF" and ((now - self.last_started) // (LAST_PERIOD_MS // 2)) % 2 == 0:
            seg[0] = COLORS["last"]
        return seg

    def tone(self, now):
        """(frequency Hz, tune name) the buzzer plays now; (0, None) when silent."""
        if self.tune is None:
            return (0, None)
        name, started = self.tune
        t = now - started
        for freq, ms in TUNES[name]:
            if t < ms:
                return (freq, name)
            t -= ms
        self.tune = None
        return (0, None)

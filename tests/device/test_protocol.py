"""The host side of the line protocol (device/protocol.py) against the shared vectors and bad input."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from riichi_table.device import protocol
from riichi_table.device.errors import ProtocolError
from riichi_table.device.protocol import Banner, Command, Garbage, Reply

VECTORS = json.loads((Path(protocol.__file__).parent / "protocol_vectors.json").read_text())["exchanges"]


@pytest.mark.parametrize("v", VECTORS, ids=[v["send"] for v in VECTORS])
def test_host_encodes_and_parses_every_protocol_vector(v: dict[str, str]) -> None:
    seq, *words = v["send"].split()
    if seq.isdigit() and words[0].isupper():
        assert protocol.encode(Command(words[0], tuple(words[1:])), int(seq)) == (v["send"] + "\n").encode()
    got = protocol.parse_line(v["reply"])
    assert isinstance(got, Reply)
    assert got.seq == int(v["reply"].split()[0])
    assert got.ok == (v["reply"].split()[1] == "OK")


def test_builders_make_the_documented_commands() -> None:
    assert protocol.encode(protocol.call_window(1, 3000), 4) == b"4 CALL 1 3000\n"
    assert protocol.encode(protocol.turn(None), 5) == b"5 TURN -\n"
    assert protocol.encode(protocol.riichi(2, True), 6) == b"6 RIICHI 2 1\n"
    assert protocol.encode(protocol.verdict(0, protocol.Verdict.NO_YAKU), 7) == b"7 VERDICT 0 NOYAKU\n"
    assert protocol.encode(protocol.hello(), 65535) == b"65535 HELLO 1 1\n"


@pytest.mark.parametrize(
    ("line", "expected"),
    [
        ("READY 1.0.0", Banner("1.0.0")),
        ("12 OK 1 1.0.0", Reply(12, True, "1 1.0.0")),
        ("3 ERR unknown command X", Reply(3, False, "unknown command X")),
    ],
)
def test_unit_lines_parse_to_replies_and_banners(line: str, expected: object) -> None:
    assert protocol.parse_line(line) == expected


@pytest.mark.parametrize(
    "line", ["", "READY", "OK", "12 MAYBE", "x1 OK", "999999 OK", "12 O", "\x00", "??\x7f garbage"]
)
def test_anything_else_from_the_unit_is_garbage_with_a_reason(line: str) -> None:
    got = protocol.parse_line(line)
    assert isinstance(got, Garbage)
    assert got.reason


def test_line_splitter_reports_a_half_line_as_pending_not_as_a_line() -> None:
    s = protocol.LineSplitter()
    assert s.feed(b"7 O") == []
    assert s.pending == 3
    assert s.feed(b"K\n") == ["7 OK"]


@pytest.mark.parametrize(
    ("make", "message"),
    [
        (lambda: protocol.turn(4), "seat is 0..3"),
        (lambda: protocol.call_window(0, 99_999), "0..30000 ms"),
        (lambda: protocol.last("SOON"), "LAST takes one of"),
        (lambda: protocol.tune("LOUD"), "TUNE takes"),
        (lambda: Command("call"), "upper-case"),
        (lambda: Command("SAY", ("two words",)), "one printable ASCII word"),
        (lambda: protocol.encode(protocol.ping(), 0), "1..65535"),
        (lambda: protocol.encode(Command("X", ("Y" * 90,)), 1), "at most 80 bytes"),
    ],
)
def test_bad_commands_are_refused_naming_what_was_expected(make: object, message: str) -> None:
    with pytest.raises(ProtocolError, match=message):
        make()  # type: ignore[operator]

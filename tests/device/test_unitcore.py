"""The firmware's logic (device/firmware/unitcore.py) run under CPython: the same file the board runs."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from riichi_table.device.firmware import unitcore
from riichi_table.device.firmware.unitcore import LineReader, Unit

VECTORS = json.loads((Path(unitcore.__file__).parents[1] / "protocol_vectors.json").read_text())["exchanges"]


def test_unit_answers_every_protocol_vector_in_order() -> None:
    unit = Unit(leds_per_seat=4, now=0)
    for v in VECTORS:
        assert unit.handle_line(v["send"], 0) == v["reply"], v["send"]


def test_a_repeated_sequence_number_is_answered_again_without_redoing_the_command() -> None:
    unit = Unit(now=0)
    assert unit.handle_line("5 TUNE HAND", 0) == "5 OK"
    unit.tune = None  # the tune finished
    assert unit.handle_line("5 TUNE HAND", 10) == "5 OK"  # the host's retry
    assert unit.tune is None
    assert unit.handle_line("6 TUNE HAND", 20) == "6 OK"
    assert unit.tune is not None


def test_line_reader_holds_a_half_line_until_its_newline() -> None:
    r = LineReader()
    assert r.feed(b"12 PI") == []
    assert r.feed(b"NG\r\n3 ST") == ["12 PING"]
    assert r.feed(b"ATE\n") == ["3 STATE"]


def test_line_reader_turns_bytes_outside_ascii_into_question_marks() -> None:
    assert LineReader().feed(b"\xff\x00ab\n") == ["??ab"]


def test_an_overlong_line_is_refused_and_the_next_line_still_works() -> None:
    r = LineReader()
    lines = r.feed(b"1 " + b"X" * 500 + b"\n2 PING\n")
    unit = Unit(now=0)
    assert [unit.handle_line(line, 0) for line in lines] == ["0 ERR line too long", "2 OK 0"]


def test_call_window_pulses_the_discarders_segment_until_its_time_runs_out() -> None:
    unit = Unit(leds_per_seat=4, now=0)
    unit.handle_line("1 CALL 2 1000", 0)
    assert unit.layers(2, 500) == ["call"]
    seg = unit.frame(500)[8:12]
    assert all(px[0] > 0 and px[2] == 0 for px in seg)  # amber
    assert unit.frame(150)[8] != unit.frame(300)[8]  # it pulses
    assert unit.layers(2, 1000) == []
    assert unit.frame(1000)[8:12] == [(0, 0, 0)] * 4


def test_riichi_glows_until_clear_and_shows_the_turn_on_top() -> None:
    unit = Unit(leds_per_seat=4, now=0)
    unit.handle_line("1 RIICHI 3 1", 0)
    unit.handle_line("2 TURN 3", 0)
    assert unit.layers(3, 60_000) == ["riichi", "turn"]
    assert unit.frame(60_000)[12] == unitcore.COLORS["riichi"]
    unit.handle_line("3 CLEAR", 0)
    assert unit.layers(3, 60_000) == []


@pytest.mark.parametrize("verdict", ["WIN", "NOYAKU", "FURITEN", "CHOMBO"])
def test_a_verdict_flashes_its_colour_and_beeps(verdict: str) -> None:
    unit = Unit(leds_per_seat=4, now=0)
    assert unit.handle_line(f"1 VERDICT 1 {verdict}", 0) == "1 OK"
    assert unit.frame(1)[4] == unitcore.COLORS[verdict]
    assert unit.tone(1) == (unitcore.TUNES[verdict][0][0], verdict)
    assert unit.layers(1, unitcore.VERDICT_MS) == []


def test_tunes_play_their_notes_and_stop() -> None:
    unit = Unit(now=0)
    unit.handle_line("1 TUNE GAME", 0)
    notes = unitcore.TUNES["GAME"]
    assert unit.tone(0) == (notes[0][0], "GAME")
    assert unit.tone(notes[0][1]) == (notes[1][0], "GAME")
    assert unit.tone(sum(ms for _, ms in notes)) == (0, None)


def test_mute_silences_tunes_and_verdict_beeps() -> None:
    unit = Unit(now=0)
    unit.handle_line("1 MUTE 1", 0)
    unit.handle_line("2 TUNE HAND", 0)
    unit.handle_line("3 VERDICT 0 CHOMBO", 0)
    assert unit.tone(1) == (0, None)


def test_brightness_scales_every_led() -> None:
    unit = Unit(leds_per_seat=2, now=0)
    unit.handle_line("1 RIICHI 0 1", 0)
    unit.handle_line("2 BRIGHT 51", 0)
    r, g, b = unitcore.COLORS["riichi"]
    assert unit.frame(0)[0] == (r // 5, g // 5, b // 5)


def test_test_pattern_chases_one_light_round_the_ring() -> None:
    unit = Unit(leds_per_seat=4, now=0)
    unit.handle_line("1 TEST", 0)
    lit = [sum(1 for px in unit.frame(t) if px != (0, 0, 0)) for t in (0, 100, 500)]
    assert lit == [1, 1, 1]
    assert unit.frame(0) != unit.frame(100)


def test_reset_command_asks_the_board_to_reboot() -> None:
    unit = Unit(now=0)
    assert unit.handle_line("1 RESET", 0) == "1 OK"
    assert unit.reset_requested
    assert unit.banner() == "READY " + unitcore.FIRMWARE_VERSION

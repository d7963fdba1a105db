"""Events to prompts (device/prompts.py): what the unit is told for each event, and the switches."""

from __future__ import annotations

import pytest
from riichi_table.device.errors import DeviceError
from riichi_table.device.prompts import LIVE_WALL, Prompter, PromptKind, PromptSettings
from riichi_table.device.protocol import Verdict
from riichi_table.engine import events as ev


def _prompter(settings: PromptSettings | None = None) -> tuple[Prompter, list[str]]:
    """A prompter after the deal of East 1 (dealer seat 0), and the commands it sends from then on."""
    sent: list[str] = []
    p = Prompter(lambda c: sent.append(c.text), settings)
    p.feed(ev.StartKyoku(bakaze="E", kyoku=1, honba=0, kyotaku=0, oya=0, dora_marker="3m"))
    sent.clear()
    return p, sent


def test_a_discard_opens_the_call_window_and_passes_the_turn() -> None:
    # seeds 002/004 section 3.3.1: the discard can be claimed until the next player draws
    p, sent = _prompter(PromptSettings(call_window_ms=2500))
    p.feed(ev.Tsumo(actor=0, pai="1m"))
    p.feed(ev.Dahai(actor=0, pai="9p"))
    assert sent == ["TURN 0", "CALL 0 2500", "TURN 1"]


def test_the_next_draw_closes_the_call_window_early() -> None:
    p, sent = _prompter()
    p.feed(ev.Dahai(actor=0, pai="9p"))
    sent.clear()
    p.feed(ev.Tsumo(actor=1))
    assert sent == ["CALL 0 0", "TURN 1"]


def test_a_pon_takes_the_window_and_the_turn_jumps_to_the_caller() -> None:
    p, sent = _prompter()
    p.feed(ev.Dahai(actor=0, pai="P"))
    sent.clear()
    p.feed(ev.Pon(actor=2, target=0, pai="P", consumed=("P", "P")))
    assert sent == ["CALL 0 0", "TURN 2"]


def test_riichi_glows_until_the_hand_ends_and_the_hand_tune_plays() -> None:
    p, sent = _prompter()
    p.feed(ev.Reach(actor=3))
    p.feed(ev.ReachAccepted(actor=3))
    p.feed(ev.Ryukyoku(reason="fanpai"))
    p.feed(ev.EndKyoku())
    assert sent == ["RIICHI 3 1", "CLEAR", "TUNE HAND"]


def test_the_last_tile_of_the_wall_and_the_last_discard_are_marked() -> None:
    p, sent = _prompter()
    for i in range(LIVE_WALL - 1):
        p.feed(ev.Tsumo(actor=i % 4))
    assert not any(s.startswith("LAST") for s in sent)
    p.feed(ev.Tsumo(actor=1))
    assert sent[-1] == "LAST HAITEI"
    p.feed(ev.Dahai(actor=1, pai="E"))
    assert sent[-1] == "LAST HOUTEI"


def test_a_win_chombo_and_a_checked_hand_give_verdicts() -> None:
    p, sent = _prompter()
    p.feed(ev.Hora(actor=2, target=1, pai="5pr"))
    p.feed(ev.Chombo(actor=1))
    p.verdict(0, Verdict.FURITEN)
    p.verdict(3, Verdict.NO_YAKU)
    assert sent == ["VERDICT 2 WIN", "VERDICT 1 CHOMBO", "VERDICT 0 FURITEN", "VERDICT 3 NOYAKU"]


def test_end_of_game_plays_the_game_tune() -> None:
    p, sent = _prompter()
    p.feed({"type": "end_game", "scores": [25000, 25000, 25000, 25000]})
    assert sent == ["CLEAR", "TUNE GAME"]


def test_a_prompt_switched_off_for_one_seat_stays_on_for_the_others() -> None:
    p, sent = _prompter(
        PromptSettings().with_seat(PromptKind.CALL, 1, False).with_seat(PromptKind.TURN, 2, False)
    )
    p.feed(ev.Dahai(actor=1, pai="1s"))
    p.feed(ev.Dahai(actor=2, pai="1s"))
    assert sent == ["TURN -", "CALL 2 3000", "TURN 3"]


def test_a_prompt_kind_switched_off_as_a_whole_sends_nothing() -> None:
    p, sent = _prompter(PromptSettings(kinds=frozenset(PromptKind) - {PromptKind.TUNE, PromptKind.RIICHI}))
    p.feed(ev.Reach(actor=0))
    p.feed(ev.EndKyoku())
    assert sent == ["CLEAR"]


def test_switching_everything_off_darkens_the_unit_and_stops_prompts() -> None:
    p, sent = _prompter()
    p.feed(ev.Reach(actor=0))
    p.settings = PromptSettings(enabled=False)
    assert sent[-3:] == ["MUTE 0", "CLEAR", "TUNE OFF"]
    sent.clear()
    p.feed(ev.Dahai(actor=0, pai="1s"))
    p.verdict(0, Verdict.WIN)
    assert sent == []


def test_switching_riichi_back_on_restores_the_glow_of_seats_in_riichi() -> None:
    p, sent = _prompter(PromptSettings().with_seat(PromptKind.RIICHI, 2, False))
    p.feed(ev.Reach(actor=2))
    assert sent == []
    p.settings = PromptSettings(sound=False)
    assert "RIICHI 2 1" in sent and "MUTE 1" in sent


def test_settings_round_trip_through_json_and_bad_ones_are_named() -> None:
    s = PromptSettings(call_window_ms=1500).with_seat(PromptKind.VERDICT, 3, False)
    assert PromptSettings.from_dict(s.to_dict()) == s
    with pytest.raises(DeviceError, match="kinds are call"):
        PromptSettings.from_dict({"kinds": ["blink"]})
    with pytest.raises(DeviceError, match="call_window_ms"):
        PromptSettings(call_window_ms=0)


def test_events_given_as_json_lines_are_read_with_the_engines_parser() -> None:
    p, sent = _prompter()
    p.feed('{"type":"reach","actor":1}')
    assert sent == ["RIICHI 1 1"]

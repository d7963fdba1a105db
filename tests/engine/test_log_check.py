"""The game-record checker (engine.log_check) on whole games written by hand from the seeds."""

from __future__ import annotations

import copy
import json
import sys
from pathlib import Path
from typing import Any

import pytest
from riichi_table.engine.log_check import RecordError, check_text

sys.path.insert(0, str(Path(__file__).parent))
import game_records as rec


def _text(record: dict[str, Any]) -> str:
    return json.dumps(record, ensure_ascii=False)


@pytest.mark.parametrize(
    ("preset", "hands", "sc"),
    [
        ("uspml", rec.USPML_HANDS, rec.USPML_SC),
        ("wrc", rec.WRC_HANDS, rec.WRC_SC),
        ("tenhou", rec.TENHOU_AGARI_YAME, rec.TENHOU_AGARI_YAME_SC),
        ("tenhou", rec.TENHOU_INTO_WEST, rec.TENHOU_INTO_WEST_SC),
    ],
    ids=["uspml-abort-and-head-bump", "wrc-pao", "tenhou-agari-yame", "tenhou-into-west"],
)
def test_hand_written_whole_games_agree_with_the_engine(
    preset: str, hands: list[Any], sc: list[float]
) -> None:
    report = check_text(_text(rec.tenhou(preset, hands, sc)))
    assert report.ok, "\n".join(report.lines())
    assert len(report.hands) == len(hands)


def test_a_whole_beginner_game_in_mjai_lines_agrees() -> None:
    # seed 000: fixed payments, the noten pool, the deal back to the first dealer ends the game
    report = check_text("\n".join(rec.beginner_lines()), "beginner")
    assert report.ok, "\n".join(report.lines())
    assert len(report.hands) == 5


def test_a_wrong_win_payment_is_reported_with_its_hand_and_field() -> None:
    # the head-bump hand (E3, 2 honba) pays the winner 4500 instead of 2600 + 600 + the 1000 stick
    hands = copy.deepcopy(rec.USPML_HANDS)
    hands[3][-1][1] = [0, 0, -3500, 4500]
    report = check_text(_text(rec.tenhou("uspml", hands, rec.USPML_SC)))
    assert not report.ok
    bad = [h for h in report.hands if not h.ok]
    assert bad[0].name == "hand 4 (E3, 2 honba)" and bad[0].field == "score changes"
    assert "seat 2 recorded -3500, the engine -3200" in bad[0].message
    assert "hand 4 (E3, 2 honba): score changes differs" in "\n".join(report.lines())


def test_a_wrong_beginner_ron_is_reported_on_its_hand() -> None:
    # seed 000 "Ron": a non-dealer's ron is 4, not 6
    report = check_text("\n".join(rec.beginner_lines(ron_to_non_dealer=6)), "beginner")
    assert not report.ok
    first = report.hands[0]
    assert first.field == "score changes" and "seat 1 recorded -6, the engine -4" in first.message
    assert report.hands[1].field == "scores"


def test_a_two_winner_ron_under_head_bump_is_refused_in_the_record() -> None:
    # seed 001 "Head Bump": a record paying both callers is wrong
    hands = copy.deepcopy(rec.USPML_HANDS)
    hands[3][-1] = ["和了", [0, 0, -3200, 4200], [3, 2, 3, "40符2飜2600点"], [0, 0, -2600, 0],
                    [0, 2, 0, "40符2飜2600点"]]  # fmt: skip
    report = check_text(_text(rec.tenhou("uspml", hands, rec.USPML_SC)))
    assert report.hands[3].field == "result" and "head bump" in report.hands[3].message


def test_a_wrong_honba_and_a_wrong_rotation_are_named() -> None:
    hands = copy.deepcopy(rec.USPML_HANDS)
    hands[2][0][1] = 0  # 002 3.4.2: the draw before added a counter
    report = check_text(_text(rec.tenhou("uspml", hands, rec.USPML_SC)))
    assert report.hands[2].field == "honba" and "recorded 0, the engine has 1" in report.hands[2].message
    hands = copy.deepcopy(rec.USPML_HANDS)
    hands[3][0][0] = 3  # the dealer kept the deal after the abortive draw (001 "Dealer Rotation")
    report = check_text(_text(rec.tenhou("uspml", hands, rec.USPML_SC)))
    assert report.hands[3].field == "dealer rotation" and "the record plays E4, the engine expects E3" in (
        report.hands[3].message
    )


def test_the_game_end_differs_without_agari_yame() -> None:
    # without the online convention the all-last dealer deals again, so the record ends too early
    record = rec.tenhou("tenhou", rec.TENHOU_AGARI_YAME, rec.TENHOU_AGARI_YAME_SC)
    report = check_text(_text(record), {"preset": "tenhou", "agari_yame": False})
    assert all(h.ok for h in report.hands)
    assert report.game_end is not None and "S4 next" in report.game_end


def test_a_record_that_plays_on_after_the_end_is_reported() -> None:
    hands = [
        *copy.deepcopy(rec.TENHOU_AGARI_YAME),
        rec.hand(7, 1, 0, [24400, 26600, 18200, 30800], ["全員不聴"]),
    ]
    report = check_text(_text(rec.tenhou("tenhou", hands, rec.TENHOU_AGARI_YAME_SC)))
    assert report.hands[-1].field == "game end"
    assert report.game_end is not None and "before hand 9" in report.game_end


def test_a_wrong_final_value_is_reported_in_the_ranking() -> None:
    # tenhou rounds 30800 to 31000 before uma and oka (final_rounding): 41.0, not 40.8
    sc = list(rec.TENHOU_AGARI_YAME_SC)
    sc[7] = 40.8
    report = check_text(_text(rec.tenhou("tenhou", rec.TENHOU_AGARI_YAME, sc)))
    assert report.ranking is not None and "seat 3: recorded final value +40.8, engine +41.0" in report.ranking
    assert any("30800 points" in line and "rounded to 31000" in line for line in report.ranking_lines)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "empty"),
        ('{"log": []}', "non-empty list"),
        ('{"log": [[[0, 0], [1, 2, 3, 4], ["和了"]]]}', "header must be"),
        ('{"log": [[[0, 0, 0], [25000, 25000, 25000, 25000], ["謎"]]]}', "unknown result"),
        ("not json\n", "not a JSON line"),
    ],
    ids=["empty", "no-hands", "short-header", "unknown-result", "not-json"],
)
def test_unreadable_records_name_what_is_wrong(text: str, message: str) -> None:
    with pytest.raises(RecordError, match=message):
        check_text(text, "tenhou")


# --- tile-level mjai logs (engine/log_mjai.py) -----------------------------------------------------------


def _tile_text(lines: list[str]) -> str:
    return "\n".join(lines)


def test_a_hand_written_tile_level_mjai_game_agrees_with_the_engine() -> None:
    # riichi sticks, an exhaustive draw with the dealer tenpai (002 3.4.2), a counter paid on a tsumo, a
    # concealed kan, calls, and a double ron paid nearest the discarder first (002 3.3.1, 3.3.14)
    report = check_text(_tile_text(rec.wrc_east_tile_lines()), rec.WRC_EAST)
    assert report.ok, "\n".join(report.lines())
    assert [h.name for h in report.hands] == [
        "hand 1 (E1, 0 honba)",
        "hand 2 (E2, 0 honba)",
        "hand 3 (E2, 1 honba)",
        "hand 4 (E3, 0 honba)",
        "hand 5 (E4, 0 honba)",
    ]


def test_a_wrong_delta_in_a_tile_level_mjai_log_is_named_with_its_hand_and_field() -> None:
    # 2 han 30 fu tsumo with one counter: 1000 + 500 + 500 + 300 = 2300 to the winner, not 2600
    report = check_text(_tile_text(rec.wrc_east_tile_lines(hand3_winner_gets=2600)), rec.WRC_EAST)
    assert not report.ok
    bad = [h for h in report.hands if not h.ok]
    assert [(h.name, h.field) for h in bad] == [("hand 3 (E2, 1 honba)", "score changes")]
    assert "seat 2 recorded +2600, the engine +2300" in bad[0].message


def _turn_seats(value: Any, k: int) -> Any:
    """The same event with every seat moved k places on (a seat v becomes (v + k) % 4)."""
    if isinstance(value, dict):
        out = {}
        for key, v in value.items():
            if key in ("actor", "target", "oya") and isinstance(v, int):
                out[key] = (v + k) % 4
            elif key in ("scores", "deltas", "tenpais", "tehais") and isinstance(v, list) and len(v) == 4:
                out[key] = [v[(i - k) % 4] for i in range(4)]
            else:
                out[key] = v
        return out
    return value


def test_a_tile_level_log_whose_first_dealer_is_not_seat_0_reads_the_same() -> None:
    lines = [json.dumps(_turn_seats(json.loads(line), 2)) for line in rec.wrc_east_tile_lines()]
    assert json.loads(lines[1])["oya"] == 2
    report = check_text(_tile_text(lines), rec.WRC_EAST)
    assert report.ok, "\n".join(report.lines())


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"type": "discard"}, "line 3: unknown mjai event type 'discard'"),
        ({"actor": 4}, "line 3: tsumo actor 4 is not a seat 0..3"),
        ({"pai": "1z"}, "line 3: tsumo pai '1z' is not an mjai tile"),
        ({"pai": None}, "line 3: tsumo pai None is not an mjai tile"),
    ],
    ids=["unknown-type", "seat-4", "bad-tile", "no-tile"],
)
def test_a_bad_tile_event_is_refused_naming_its_line(change: dict[str, Any], message: str) -> None:
    lines = rec.wrc_east_tile_lines()
    event = json.loads(lines[2])
    assert event["type"] == "tsumo"
    lines[2] = json.dumps({**event, **change})
    with pytest.raises(RecordError) as err:
        check_text(_tile_text(lines), rec.WRC_EAST)
    assert str(err.value).startswith(message) and "\n" not in str(err.value)


def test_a_tile_level_hora_without_its_value_is_refused_naming_its_line() -> None:
    lines = rec.wrc_east_tile_lines()
    at = next(i for i, line in enumerate(lines) if '"hora"' in line)
    event = json.loads(lines[at])
    del event["fan"], event["fu"]
    lines[at] = json.dumps(event)
    with pytest.raises(RecordError, match=f"line {at + 1}: hora needs whole numbers 'fan' and 'fu'"):
        check_text(_tile_text(lines), rec.WRC_EAST)


def test_the_liable_seat_of_a_tile_level_big_three_dragons_is_read_from_its_calls() -> None:
    # 002 3.3.9: seat 3's white dragon made seat 1's third dragon pon, so seat 3 pays the whole tsumo
    start = {"type": "start_kyoku", "bakaze": "E", "kyoku": 1, "honba": 0, "kyotaku": 0, "oya": 0,
             "scores": [30000] * 4, "dora_marker": "1m", "tehais": [["?"] * 13] * 4}  # fmt: skip
    pons = [(0, "C"), (2, "F"), (3, "P")]
    events: list[dict[str, Any]] = [{"type": "start_game"}, start]
    for target, pai in pons:
        events += [{"type": "pon", "actor": 1, "target": target, "pai": pai, "consumed": [pai, pai]},
                   {"type": "dahai", "actor": 1, "pai": "9m", "tsumogiri": False}]  # fmt: skip
    events += [{"type": "tsumo", "actor": 1, "pai": "2p"},
               {"type": "hora", "actor": 1, "target": 1, "pai": "2p", "yakus": [["daisangen", 13]],
                "fu": 30, "fan": 13, "deltas": [0, 32000, 0, -32000]},
               {"type": "end_kyoku"}]  # fmt: skip
    lines = [json.dumps(e) for e in events]
    assert check_text("\n".join(lines), "wrc").hands[0].ok
    # the same pons with the third dragon from the first discarder: seat 0 is liable instead
    events[2]["target"], events[6]["target"] = 3, 0
    report = check_text("\n".join(json.dumps(e) for e in events), "wrc")
    assert report.hands[0].field == "score changes" and "seat 0 recorded +0, the engine -32000" in (
        report.hands[0].message
    )

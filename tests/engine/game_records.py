"""Whole game records written by hand from the seeds, for the game-record checker (engine.log_check).

Every number here was worked out by hand from the seed tables, not by the engine: the points tables of seed
001, the fixed payments of seed 000, the liability rule of seed 002 3.3.9, the counters of seed 003, and the
online conventions of the tenhou preset (docs/game.md). Seats count from the first dealer (seat 0).
"""

from __future__ import annotations

import copy
import json
from typing import Any

EMPTY = [[] for _ in range(14)]  # dora, ura dora, then haipai / draws / discards per seat: not recorded


def hand(kyoku: int, honba: int, sticks: int, scores: list[int], result: list[Any]) -> list[Any]:
    return [[kyoku, honba, sticks], scores, *copy.deepcopy(EMPTY), result]


def tenhou(preset: str, hands: list[list[Any]], sc: list[float] | None = None) -> dict[str, Any]:
    out: dict[str, Any] = {
        "title": ["hand-written", ""],
        "name": ["A", "B", "C", "D"],
        "rule": {"disp": f"riichi-table {preset}", "aka": 0},
        "log": hands,
    }
    if sc is not None:
        out["sc"] = sc
    return out


# --- uspml (seed 001): a whole East-South game with an abortive draw and a head bump -------------------
# 30000 start; 300 per honba; noten 3000; uma 15/5/-5/-15, ties split (the preset's), no oka.
USPML_HANDS = [
    # E1: seat 1 rons seat 0, 3 han 30 fu = 3900 (001 points table, "Other Ron")
    hand(0, 0, 0, [30000, 30000, 30000, 30000],
         ["和了", [-3900, 3900, 0, 0], [1, 0, 1, "30符3飜3900点", "平和(1飜)", "断幺九(1飜)", "ドラ(1飜)"]]),
    # E2: seat 2 in riichi; exhaustive draw, only seat 2 tenpai: 3000 from the three (001 "Drawn Round")
    hand(1, 0, 0, [26100, 33900, 30000, 30000], ["流局", [-1000, -1000, 3000, -1000]]),
    # E3, 1 honba (002 3.4.2 / 001: a counter after a draw), the stick still on the table: nine terminals
    hand(2, 1, 1, [25100, 32900, 32000, 29000], ["九種九牌"]),
    # E3 again (001 "Dealer Rotation": the dealer keeps the deal after an abortive draw), 2 honba.
    # Seats 3 and 0 both call ron on seat 2's discard: head bump, seat 3 sits nearer (001 "Head Bump").
    # 2 han 40 fu = 2600, + 600 honba, + the riichi stick
    hand(2, 2, 1, [25100, 32900, 32000, 29000],
         ["和了", [0, 0, -3200, 4200], [3, 2, 3, "40符2飜2600点", "役牌 中(1飜)", "ドラ(1飜)"]]),
    # E4: dealer 3 tsumo 1 han 30 fu = 500 all
    hand(3, 0, 0, [25100, 32900, 28800, 33200],
         ["和了", [-500, -500, -500, 1500], [3, 3, 3, "30符1飜500点∀", "門前清自摸和(1飜)"]]),
    # E4, 1 honba: seat 0 rons the dealer, mangan 8000 + 300
    hand(3, 1, 0, [24600, 32400, 28300, 34700], ["和了", [8300, 0, 0, -8300], [0, 3, 0, "満貫8000点"]]),
    # S1: nobody tenpai; the dealer is noten, so the deal passes (one honba more)
    hand(4, 0, 0, [32900, 32400, 28300, 26400], ["全員不聴"]),
    # S2, 1 honba: seat 2 rons seat 0, 1 han 30 fu = 1000 + 300
    hand(5, 1, 0, [32900, 32400, 28300, 26400],
         ["和了", [-1300, 0, 1300, 0], [2, 0, 2, "30符1飜1000点", "役牌 白(1飜)"]]),
    # S3: seat 1 tsumo 2 han 30 fu: dealer pays 1000, the others 500
    hand(6, 0, 0, [31600, 32400, 29600, 26400],
         ["和了", [-500, 2000, -1000, -500], [1, 1, 1, "30符2飜500-1000点", "門前清自摸和(1飜)",
                                              "平和(1飜)"]]),
    # S4: dealer 3 rons seat 1, 3 han 30 fu = 5800 (001 points table, "East Ron")
    hand(7, 0, 0, [31100, 34400, 28600, 25900],
         ["和了", [0, -5800, 0, 5800], [3, 1, 3, "30符3飜5800点", "断幺九(1飜)", "ドラ(2飜)"]]),
    # S4, 1 honba: seat 0 rons the dealer, 1 han 30 fu = 1000 + 300; the deal passes: the game is over
    hand(7, 1, 0, [31100, 28600, 28600, 31700],
         ["和了", [1300, 0, 0, -1300], [0, 3, 0, "30符1飜1000点", "断幺九(1飜)"]]),
]  # fmt: skip
# final 32400 / 28600 / 28600 / 30400: seats 1 and 2 tie for third and split -5 and -15
USPML_SC = [324, 17.4, 286, -11.4, 286, -11.4, 304, 5.4]


# --- wrc (seed 002): a whole game with liability (pao) for big three dragons -------------------------
WRC_HANDS = [
    # E1: seat 1 rons seat 2 with big three dragons whose third set seat 3 fed: 002 3.3.9, the liable
    # player and the discarder pay half each of the 32000
    hand(0, 0, 0, [30000, 30000, 30000, 30000],
         ["和了", [0, 32000, -16000, -16000], [1, 2, 3, "役満32000点", "大三元(役満)"]]),
    hand(1, 0, 0, [30000, 62000, 14000, 14000],
         ["和了", [-2000, 0, 2000, 0], [2, 0, 2, "30符2飜2000点", "断幺九(1飜)", "ドラ(1飜)"]]),
    # E3: seat 3 tsumo 1 han 30 fu: dealer 500, others 300
    hand(2, 0, 0, [28000, 62000, 16000, 14000],
         ["和了", [-300, -300, -500, 1100], [3, 3, 3, "30符1飜300-500点", "門前清自摸和(1飜)"]]),
    hand(3, 0, 0, [27700, 61700, 15500, 15100],
         ["和了", [7700, -7700, 0, 0], [0, 1, 0, "30符4飜7700点", "断幺九(1飜)", "三色同順(2飜)",
                                        "ドラ(1飜)"]]),
    # S1: 1 han 40 fu = 1300
    hand(4, 0, 0, [35400, 54000, 15500, 15100],
         ["和了", [-1300, 1300, 0, 0], [1, 0, 1, "40符1飜1300点", "役牌 發(1飜)"]]),
    # S2: seat 0 tsumo 3 han 30 fu: dealer 2000, others 1000
    hand(5, 0, 0, [34100, 55300, 15500, 15100],
         ["和了", [4000, -2000, -1000, -1000], [0, 0, 0, "30符3飜1000-2000点", "門前清自摸和(1飜)",
                                                "平和(1飜)", "断幺九(1飜)"]]),
    hand(6, 0, 0, [38100, 53300, 14500, 14100],
         ["和了", [0, -2000, 0, 2000], [3, 1, 3, "30符2飜2000点", "断幺九(1飜)", "ドラ(1飜)"]]),
    # S4: 3 han 40 fu = 5200; the deal passes and the game is over
    hand(7, 0, 0, [38100, 51300, 14500, 16100],
         ["和了", [-5200, 0, 5200, 0], [2, 0, 2, "40符3飜5200点", "役牌 中(1飜)", "ドラ(2飜)"]]),
]  # fmt: skip
WRC_SC = [329, 7.9, 513, 36.3, 197, -15.3, 161, -28.9]


# --- tenhou: the online conventions ---------------------------------------------------------------------
# 25000 start, returned at 30000, uma 20/10/-10/-20 plus oka 20 to first, finals rounded to 1,000.
_TENHOU_FIRST_SEVEN = [
    hand(0, 0, 0, [25000, 25000, 25000, 25000],
         ["和了", [-2600, 2600, 0, 0], [1, 0, 1, "40符2飜2600点", "役牌 中(1飜)", "ドラ(1飜)"]]),
    hand(1, 0, 0, [22400, 27600, 25000, 25000],
         ["和了", [0, -1000, 1000, 0], [2, 1, 2, "30符1飜1000点", "断幺九(1飜)"]]),
    hand(2, 0, 0, [22400, 26600, 26000, 25000],
         ["和了", [0, 0, -2000, 2000], [3, 2, 3, "30符2飜2000点", "断幺九(1飜)", "ドラ(1飜)"]]),
    hand(3, 0, 0, [22400, 26600, 24000, 27000],
         ["和了", [2000, 0, 0, -2000], [0, 3, 0, "30符2飜2000点", "平和(1飜)", "ドラ(1飜)"]]),
    hand(4, 0, 0, [24400, 26600, 24000, 25000],
         ["和了", [0, 1000, -1000, 0], [1, 2, 1, "30符1飜1000点", "断幺九(1飜)"]]),
    hand(5, 0, 0, [24400, 27600, 23000, 25000],
         ["和了", [-1000, 0, 1000, 0], [2, 0, 2, "30符1飜1000点", "断幺九(1飜)"]]),
    hand(6, 0, 0, [23400, 27600, 24000, 25000],
         ["和了", [1000, -1000, 0, 0], [0, 1, 0, "30符1飜1000点", "断幺九(1飜)"]]),
]  # fmt: skip
TENHOU_AGARI_YAME = [
    *_TENHOU_FIRST_SEVEN,
    # S4 (all-last): dealer 3 rons seat 2, 3 han 30 fu = 5800, and is first with 30800 >= 30000: the dealer
    # stops there (agari-yame) instead of dealing again
    hand(7, 0, 0, [24400, 26600, 24000, 25000],
         ["和了", [0, 0, -5800, 5800], [3, 2, 3, "30符3飜5800点", "断幺九(1飜)", "ドラ(2飜)"]]),
]  # fmt: skip
# 24400 / 26600 / 18200 / 30800, rounded 24000 / 27000 / 18000 / 31000
TENHOU_AGARI_YAME_SC = [244, -16.0, 266, 7.0, 182, -32.0, 308, 41.0]
TENHOU_INTO_WEST = [
    *_TENHOU_FIRST_SEVEN,
    # S4: seat 0 rons the dealer, 1000: nobody has 30000, so the game goes into West
    hand(7, 0, 0, [24400, 26600, 24000, 25000],
         ["和了", [1000, 0, 0, -1000], [0, 3, 0, "30符1飜1000点", "断幺九(1飜)"]]),
    # W1: seat 1 rons the dealer, mangan 8000: 34600 >= 30000 ends the game
    hand(8, 0, 0, [25400, 26600, 24000, 24000], ["和了", [-8000, 8000, 0, 0], [1, 0, 1, "満貫8000点"]]),
]  # fmt: skip
# 17400 / 34600 / 24000 / 24000: seats 2 and 3 tie, seat 2 first in order from the first dealer
TENHOU_INTO_WEST_SC = [174, -33.0, 346, 45.0, 240, 4.0, 240, -16.0]


# --- beginner (seed 000), as mjai lines with results --------------------------------------------------
def beginner_lines(ron_to_non_dealer: int = 4) -> list[str]:
    """A whole beginner game: 20 points each, one East round, fixed payments, the noten pool."""
    lines: list[dict[str, Any]] = [{"type": "start_game", "names": ["A", "B", "C", "D"]}]

    def start(kyoku: int, oya: int, scores: list[int]) -> None:
        lines.append({"type": "start_kyoku", "bakaze": "E", "kyoku": kyoku, "honba": 0, "kyotaku": 0,
                      "oya": oya, "scores": scores})  # fmt: skip

    def end(event: dict[str, Any]) -> None:
        lines.append(event)
        lines.append({"type": "end_kyoku"})

    r = ron_to_non_dealer
    start(1, 0, [20, 20, 20, 20])  # 000 "Ron": 4 to a non-dealer
    end({"type": "hora", "actor": 2, "target": 1, "fan": 1, "fu": 30, "deltas": [0, -r, r, 0]})
    start(2, 1, [20, 20 - r, 20 + r, 20])  # 000 "Draws": seats 1 and 2 noten put 1 each into the pool
    end(
        {
            "type": "ryukyoku",
            "reason": "fanpai",
            "tenpais": [True, False, False, True],
            "deltas": [0, -1, -1, 0],
        }
    )
    # 000 "Tsumo": the dealer's tsumo, 2 from each, and the pool of 2
    start(3, 2, [20, 19 - r, 19 + r, 20])
    end({"type": "hora", "actor": 2, "target": 2, "fan": 1, "fu": 30, "deltas": [-2, -2, 8, -2]})
    # the dealer won: the deal stays (000 "Passing the Deal"); seat 3 rons the dealer for 4
    start(3, 2, [18, 17 - r, 27 + r, 18])
    end({"type": "hora", "actor": 3, "target": 2, "fan": 1, "fu": 30, "deltas": [0, 0, -4, 4]})
    # seat 0 tsumo: the dealer (3) pays 2, the others 1; the deal passes to the first dealer: the end
    start(4, 3, [18, 17 - r, 23 + r, 22])
    end({"type": "hora", "actor": 0, "target": 0, "fan": 1, "fu": 30, "deltas": [4, -1, -1, -2]})
    lines.append({"type": "end_game", "scores": [22, 16 - r, 22 + r, 20]})
    return [json.dumps(x, ensure_ascii=False) for x in lines]


# --- wrc East-only (seed 002 with game_length "east"), a tile-level mjai log -----------------------------
# The protocol's own lines: start_kyoku with dora and hands, draws, discards, calls, a concealed kan and its
# dora, riichi, hora with yakus / fu / fan / deltas / scores, an exhaustive draw with tenpais. The draws are
# cut short (the checker reads results; it checks tile events only lightly). 30000 start, 300 per honba,
# noten 3000 split, 1000 per riichi stick (002 3.3.14), several winners allowed (002 3.3.1).
WRC_EAST = {"preset": "wrc", "game_length": "east"}
_E = "E"


def _start(kyoku: int, oya: int, honba: int, sticks: int, scores: list[int], dora: str) -> dict[str, Any]:
    tehais = [["?"] * 13 for _ in range(4)]
    return {"type": "start_kyoku", "bakaze": _E, "kyoku": kyoku, "honba": honba, "kyotaku": sticks,
            "oya": oya, "scores": scores, "dora_marker": dora, "tehais": tehais}  # fmt: skip


def _turn(actor: int, draw: str, discard: str | None = None) -> list[dict[str, Any]]:
    out = discard or draw
    return [{"type": "tsumo", "actor": actor, "pai": draw},
            {"type": "dahai", "actor": actor, "pai": out, "tsumogiri": out == draw}]  # fmt: skip


def wrc_east_tile_lines(hand3_winner_gets: int = 2300) -> list[str]:
    """A whole East-only wrc game as a tile-level mjai log; every figure worked out by hand below."""
    ev: list[dict[str, Any]] = [{"type": "start_game", "names": ["A", "B", "C", "D"]}]
    # E1, dealer 0. Seat 1 declares riichi (its stick: 30000 -> 29000) and wins on seat 0's N by tanki:
    # riichi 1 han, 20 + 10 (closed ron) + 2 (tanki) = 32 -> 40 fu; 1 han 40 fu from a non-dealer = 1300,
    # plus the stick on the table: seat 1 +2300, seat 0 -1300.
    ev.append(_start(1, 0, 0, 0, [30000, 30000, 30000, 30000], "1p"))
    ev[-1]["tehais"][1] = ["2m", "3m", "4m", "6p", "7p", "8p", "3s", "4s", "5s", "7s", "8s", "9s", "N"]
    ev += _turn(0, "9m")
    ev += [{"type": "tsumo", "actor": 1, "pai": "1s"}, {"type": "reach", "actor": 1},
           {"type": "dahai", "actor": 1, "pai": "1s", "tsumogiri": True},
           {"type": "reach_accepted", "actor": 1, "deltas": [0, -1000, 0, 0],
            "scores": [30000, 29000, 30000, 30000]}]  # fmt: skip
    ev += _turn(2, "C") + _turn(3, "W") + _turn(0, "N")
    ev.append({"type": "hora", "actor": 1, "target": 0, "pai": "N", "uradora_markers": ["9s"],
               "hora_tehais": [*ev[1]["tehais"][1], "N"],
               "yakus": [["reach", 1]], "fu": 40, "fan": 1, "hora_points": 1300,
               "deltas": [-1300, 2300, 0, 0], "scores": [28700, 31300, 30000, 30000]})  # fmt: skip
    ev.append({"type": "end_kyoku"})
    # E2, dealer 1. Seat 3 pons seat 2's white dragon. Exhaustive draw, seats 1 and 3 tenpai: the two noten
    # seats pay 1500 each, the two tenpai seats get 1500 each (002 3.4.2). The dealer is tenpai: it keeps
    # the deal and a counter goes on (002 3.4.2).
    ev.append(_start(2, 1, 0, 0, [28700, 31300, 30000, 30000], "5s"))
    ev += _turn(1, "1m") + _turn(2, "P")
    ev += [{"type": "pon", "actor": 3, "target": 2, "pai": "P", "consumed": ["P", "P"]},
           {"type": "dahai", "actor": 3, "pai": "9p", "tsumogiri": False}]  # fmt: skip
    ev += _turn(0, "S") + _turn(1, "8s")
    ev.append({"type": "ryukyoku", "reason": "fanpai", "tehais": [["?"] * 13] * 3 + [["?"] * 10],
               "tenpais": [False, True, False, True], "deltas": [-1500, 1500, -1500, 1500],
               "scores": [27200, 32800, 28500, 31500]})  # fmt: skip
    ev.append({"type": "end_kyoku"})
    # E2 1 honba, dealer 1. Seat 0 declares a concealed kan of 9p (a kan dora is turned). Seat 2 wins by
    # tsumo: menzen tsumo + tanyao, 2 han 30 fu from a non-dealer: the dealer pays 1000, the others 500
    # (002 / 001 points table), plus 100 each for the counter: seat 2 +2300.
    ev.append(_start(2, 1, 1, 0, [27200, 32800, 28500, 31500], "7m"))
    ev += _turn(1, "E") + _turn(2, "1p") + _turn(3, "9s")
    ev += [{"type": "tsumo", "actor": 0, "pai": "9p"},
           {"type": "ankan", "actor": 0, "consumed": ["9p", "9p", "9p", "9p"]},
           {"type": "dora", "dora_marker": "2s"}]  # fmt: skip
    ev += _turn(0, "W") + _turn(1, "F") + [{"type": "tsumo", "actor": 2, "pai": "6s"}]
    ev.append({"type": "hora", "actor": 2, "target": 2, "pai": "6s", "uradora_markers": [],
               "yakus": [["menzenchin_tsumoho", 1], ["tanyao", 1]], "fu": 30, "fan": 2, "hora_points": 2000,
               "deltas": [-600, -1100, hand3_winner_gets, -600],
               "scores": [26600, 31700, 28500 + hand3_winner_gets, 30900]})  # fmt: skip
    ev.append({"type": "end_kyoku"})
    # E3, dealer 2 (a non-dealer won: the deal passes and the counters go, 002 3.4). Seat 3 chis from seat 2
    # (its kamicha); seat 0 wins on seat 3's 4p: tanyao, pinfu, one dora, 3 han 30 fu = 3900.
    ev.append(_start(3, 2, 0, 0, [26600, 31700, 30800, 30900], "3p"))
    ev += _turn(2, "3m")
    ev += [{"type": "chi", "actor": 3, "target": 2, "pai": "3m", "consumed": ["4m", "5m"]},
           {"type": "dahai", "actor": 3, "pai": "4p", "tsumogiri": False}]  # fmt: skip
    ev.append({"type": "hora", "actor": 0, "target": 3, "pai": "4p", "uradora_markers": [],
               "yakus": [["tanyao", 1], ["pinfu", 1], ["dora", 1]], "fu": 30, "fan": 3, "hora_points": 3900,
               "deltas": [3900, 0, 0, -3900], "scores": [30500, 31700, 30800, 27000]})  # fmt: skip
    ev.append({"type": "end_kyoku"})
    # E4, dealer 3. Seat 0 declares riichi (30500 -> 29500). Seat 2's 5p is won by seats 1 and 0 (002 3.3.1,
    # several winners; the log lists seat 1 first, the checker reads the nearest to the discarder first):
    # seat 0 riichi + dora, 2 han 40 fu = 2600 and the stick (it is first after the discarder): +3600;
    # seat 1 haku, 1 han 30 fu = 1000. A non-dealer won: the East-only game ends after E4.
    ev.append(_start(4, 3, 0, 0, [30500, 31700, 30800, 27000], "4p"))
    ev += _turn(3, "N")
    ev += [{"type": "tsumo", "actor": 0, "pai": "8s"}, {"type": "reach", "actor": 0},
           {"type": "dahai", "actor": 0, "pai": "8s", "tsumogiri": True},
           {"type": "reach_accepted", "actor": 0, "deltas": [-1000, 0, 0, 0],
            "scores": [29500, 31700, 30800, 27000]}]  # fmt: skip
    ev += _turn(1, "2s") + _turn(2, "7m", "5p")
    ev.append({"type": "hora", "actor": 1, "target": 2, "pai": "5p", "uradora_markers": [],
               "yakus": [["haku", 1]], "fu": 30, "fan": 1, "hora_points": 1000,
               "deltas": [0, 1000, -1000, 0], "scores": [29500, 32700, 29800, 27000]})  # fmt: skip
    ev.append({"type": "hora", "actor": 0, "target": 2, "pai": "5p", "uradora_markers": ["E"],
               "yakus": [["reach", 1], ["dora", 1]], "fu": 40, "fan": 2, "hora_points": 2600,
               "deltas": [3600, 0, -2600, 0], "scores": [33100, 32700, 27200, 27000]})  # fmt: skip
    ev.append({"type": "end_kyoku"})
    ev.append({"type": "end_game", "scores": [33100, 32700, 27200, 27000]})
    return [json.dumps(x, ensure_ascii=False) for x in ev]

"""Export: mjai JSON lines (round-trip, money filled in) and the tenhou.net/6 JSON log's structure."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from riichi_table.engine.events import Ankan, Chi, Dahai, Daiminkan, Event, Kakan, Pon, Tsumo, event_from_json
from riichi_table.engine.export import (
    _ankan_string,
    _call_string,
    _kakan_string,
    mjai_lines,
    tenhou_log,
    tenhou_tile,
    write_mjai,
    write_tenhou,
)
from riichi_table.engine.game import Game
from riichi_table.engine.tiles import parse_tile

sys.path.insert(0, str(Path(__file__).parent))
from game_sim import Player


def _played(preset: str = "tenhou", seed: int = 3) -> Player:
    player = Player(Game(preset), seed)
    player.play_game()
    return player


def test_tenhou_tile_numbers() -> None:
    assert [tenhou_tile(parse_tile(n)) for n in ("1m", "9m", "1p", "5s", "1z", "7z", "0m", "0p", "0s")] == [
        11, 19, 21, 35, 41, 47, 51, 52, 53,
    ]  # fmt: skip


def test_call_strings_show_whom_the_tile_came_from() -> None:
    assert _call_string(Chi(actor=1, target=0, pai="3m", consumed=("4m", "5m"))) == "c131415"
    assert _call_string(Pon(actor=1, target=0, pai="P", consumed=("P", "P"))) == "p454545"  # kamicha
    assert _call_string(Pon(actor=0, target=2, pai="P", consumed=("P", "P"))) == "45p4545"  # toimen
    assert _call_string(Pon(actor=0, target=1, pai="P", consumed=("P", "P"))) == "4545p45"  # shimocha
    kan = Daiminkan(actor=0, target=1, pai="9s", consumed=("9s", "9s", "9s"))
    assert _call_string(kan) == "393939m39"


def test_mjai_lines_replay_to_the_same_game() -> None:
    player = _played()
    lines = mjai_lines(player.events, "tenhou")
    again = Game("tenhou")
    for line in lines:
        again.apply(event_from_json(line))
    assert again.scores == player.game.scores
    horas = [json.loads(line) for line in lines if '"hora"' in line]
    assert horas and all("deltas" in h and "scores" in h for h in horas)


def test_tenhou_log_has_one_array_per_hand_with_results() -> None:
    player = _played()
    log = tenhou_log(player.events, "tenhou")
    assert set(log) == {"title", "name", "rule", "log"}
    assert log["name"] == ["A", "B", "C", "D"] and log["rule"]["aka"] == 1
    hands = log["log"]
    assert len(hands) == len(player.game.results)
    for hand in hands:
        assert len(hand) == 17
        header, scores, dora, _ura = hand[:4]
        assert len(header) == 3 and len(scores) == 4 and dora
        for seat in range(4):
            haipai = hand[4 + 3 * seat]
            assert len(haipai) == 13 and all(11 <= t <= 53 for t in haipai)
        assert hand[16][0] in (
            "和了",
            "流局",
            "全員聴牌",
            "全員不聴",
            "九種九牌",
            "四風連打",
            "四家立直",
            "四槓散了",
        )
    first = hands[0]
    assert first[0] == [0, 0, 0] and first[1] == [25000] * 4


def test_tenhou_draws_and_discards_line_up() -> None:
    # every seat draws (or calls) once per discard, give or take the final draw or call
    for hand in tenhou_log(_played("wrc", 1).events, "wrc")["log"]:
        for seat in range(4):
            draws, discards = hand[5 + 3 * seat], hand[6 + 3 * seat]
            assert len(draws) - len(discards) in (0, 1)


def test_writers_produce_files(tmp_path: Path) -> None:
    player = _played("wrc", 0)
    write_mjai(str(tmp_path / "game.mjai.jsonl"), player.events, "wrc")
    write_tenhou(str(tmp_path / "game.tenhou.json"), player.events, "wrc")
    lines = (tmp_path / "game.mjai.jsonl").read_text(encoding="utf-8").splitlines()
    assert json.loads(lines[0])["type"] == "start_game" and json.loads(lines[-1])["type"] == "end_game"
    assert json.loads((tmp_path / "game.tenhou.json").read_text(encoding="utf-8"))["log"]


# --- an independent tenhou.net/6 reader: the log read back must match the mjai events ---------------------
# Format as public tenhou.net/6 readers and writers parse it: tiles 11..47 and 51..53 (red fives); in a
# seat's draws, chi "c" + called + own, pon "p" / open kan "m" placed at the slot of whom it came from
# (first: kamicha, second: toimen, last: shimocha); in its discards 60 = tsumogiri, "r" before a riichi
# discard, an added kan is the pon's string with "k" + the added tile where the "p" was, a concealed kan
# three tiles + "a" + the fourth, and 0 in the discard slot after an open kan. The i-th discard entry
# answers the i-th draw entry, so a 60 is the tile of the draw in the same place.

Step = tuple[object, ...]


def _pai(num: int) -> str:
    if num >= 51:
        return "5" + "mps"[num - 51] + "r"
    if num >= 41:
        return "ESWNPFC"[num - 41]
    return f"{num % 10}{'mps'[num // 10 - 1]}"


_SLOTS = {"c": (0,), "p": (0, 1, 2), "m": (0, 1, 3), "k": (0, 1, 2), "a": (3,)}  # where readers accept each


def _numbers(text: str, letter: str) -> tuple[int, list[int]]:
    """A call string -> (slot of `letter` among the tiles, the tile numbers in order)."""
    at = text.index(letter)
    digits = text[:at] + text[at + 1 :]
    assert at % 2 == 0 and at // 2 in _SLOTS[letter], f"{letter!r} at a place readers refuse: {text}"
    assert len(digits) == (6 if letter in "cp" else 8) and digits.isdigit(), text
    return at // 2, [int(digits[i : i + 2]) for i in range(0, len(digits), 2)]


def _read_draw(entry: object) -> Step:
    if isinstance(entry, int):
        return ("tsumo", _pai(entry))
    assert isinstance(entry, str)
    letter = next(ch for ch in entry if ch.isalpha())
    slot, nums = _numbers(entry, letter)
    if letter == "c":
        return ("chi", _pai(nums[0]), tuple(sorted(_pai(n) for n in nums[1:])), 3)
    called = nums.pop(slot)
    rel = {0: 3, 1: 2}.get(slot, 1)  # the called tile's slot: kamicha (3 seats on), toimen (2), shimocha (1)
    return ({"p": "pon", "m": "daiminkan"}[letter], _pai(called), tuple(sorted(_pai(n) for n in nums)), rel)


def _read_discard(entry: object, draw: object) -> Step | None:
    if entry == 0:
        return None  # the open kan's placeholder
    riichi = isinstance(entry, str) and entry.startswith("r")
    if isinstance(entry, str) and riichi:
        entry = int(entry[1:])
    if isinstance(entry, int):
        assert entry != 60 or isinstance(draw, int), "a tsumogiri must answer a draw from the wall"
        return ("dahai", _pai(draw if entry == 60 else entry), entry == 60, riichi)  # type: ignore[arg-type]
    assert isinstance(entry, str)
    if "a" in entry:
        _, nums = _numbers(entry, "a")
        return ("ankan", tuple(sorted(_pai(n) for n in nums)))
    slot, nums = _numbers(entry, "k")
    return ("kakan", _pai(nums[slot]))  # the added tile follows the "k"


def _expected(lines: list[dict[str, Any]], first: int) -> list[list[tuple[list[Step], list[Step]]]]:
    """Per hand, per tenhou seat (0 = the first dealer): the draws and discards the mjai events say."""
    hands: list[list[tuple[list[Step], list[Step]]]] = []
    riichi = [False] * 4
    for e in lines:
        kind, actor = e["type"], e.get("actor")
        seat = (actor - first) % 4 if isinstance(actor, int) else -1
        if kind == "start_kyoku":
            hands.append([([], []) for _ in range(4)])
        elif kind == "tsumo":
            hands[-1][seat][0].append(("tsumo", e["pai"]))
        elif kind == "reach":
            riichi[seat] = True
        elif kind == "dahai":
            hands[-1][seat][1].append(("dahai", e["pai"], e["tsumogiri"], riichi[seat]))
            riichi[seat] = False
        elif kind in ("chi", "pon", "daiminkan"):
            rel = (e["target"] - actor) % 4
            hands[-1][seat][0].append((kind, e["pai"], tuple(sorted(e["consumed"])), rel))
        elif kind == "kakan":
            hands[-1][seat][1].append(("kakan", e["pai"]))
        elif kind == "ankan":
            hands[-1][seat][1].append(("ankan", tuple(sorted(e["consumed"]))))
    return hands


def test_a_whole_games_tenhou_log_reads_back_as_its_mjai_events() -> None:
    player = Player(Game("tenhou"), 2, calls=True)
    player.play_game()
    lines = [json.loads(x) for x in mjai_lines(player.events, "tenhou")]
    assert {"chi", "pon", "daiminkan", "kakan", "ankan", "reach"} <= {x["type"] for x in lines}
    log = tenhou_log(player.events, "tenhou")
    first = next(x["oya"] for x in lines if x["type"] == "start_kyoku")
    expected = _expected(lines, first)
    assert len(log["log"]) == len(expected)
    for hand, per_seat in zip(log["log"], expected, strict=True):
        for seat in range(4):
            draws, discards = hand[5 + 3 * seat], hand[6 + 3 * seat]
            assert [_read_draw(x) for x in draws] == per_seat[seat][0]
            read = [_read_discard(x, draws[i]) for i, x in enumerate(discards)]
            assert [x for x in read if x is not None] == per_seat[seat][1]
    # the results: one [deltas, info] pair per win, and the deltas are the mjai events' deltas
    ends = [x for x in lines if x["type"] in ("hora", "ryukyoku")]
    read_deltas = [
        d for hand in log["log"] for d in (hand[16][1::2] if hand[16][0] == "和了" else hand[16][1:2])
    ]
    mjai_deltas = [
        [x["deltas"][(first + i) % 4] for i in range(4)]
        for x in ends
        if x["type"] == "hora" or any(x["deltas"])
    ]
    assert read_deltas == mjai_deltas


def test_added_and_concealed_kan_strings_follow_the_readers() -> None:
    # "k" + the added tile takes the pon's "p" place; a concealed kan is three tiles, "a", the fourth
    kakan = Kakan(actor=0, pai="5mr", consumed=("5m", "5m", "5m"))
    assert _kakan_string(kakan, "1515p15") == "1515k5115"
    assert _kakan_string(kakan, "p151515") == "k51151515"
    assert _ankan_string(Ankan(actor=0, consumed=("5m", "5mr", "5m", "5m"))) == "151515a51"


def test_an_unseen_draw_is_shown_by_its_tsumogiri_discard() -> None:
    # a physical table: the camera never sees a draw, but a tsumogiri discard shows what it was
    g = Game("wrc")
    start = g.next_start("1m")
    events: list[Event] = [start, Tsumo(actor=0), Dahai(actor=0, pai="3m", tsumogiri=True), Tsumo(actor=1)]
    hand = tenhou_log(events, "wrc")["log"][0]
    assert hand[4] == [0] * 13 and hand[5] == [13] and hand[6] == [60] and hand[8] == [0]

"""Write a game as mjai JSON lines and as a tenhou.net/6 JSON log.

Both writers replay the events through a fresh `Game`, so the logs carry the money the engine computed
(hora and ryukyoku events without `deltas` get them filled in). Seats in the tenhou log are counted from
the first dealer (tenhou's seat 0 is the first East); tiles are tenhou numbers: 11..19 man, 21..29 pin,
31..39 sou, 41..47 E S W N white green red, 51..53 red fives; 60 marks a tsumogiri discard.
Calls follow tenhou's strings: the letter (c chi, p pon, m open kan, k added kan, a concealed kan) stands
before the called tile, at the place that shows whom it came from (first: kamicha, second: toimen,
last: shimocha).
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Iterable, Mapping
from typing import Any

from riichi_table.engine.events import (
    Ankan,
    Chi,
    Dahai,
    Daiminkan,
    Dora,
    Event,
    Hora,
    Kakan,
    Pon,
    Reach,
    Ryukyoku,
    StartGame,
    StartKyoku,
    Tsumo,
    pai_to_tile,
)
from riichi_table.engine.game import Game
from riichi_table.engine.rules import Rules
from riichi_table.engine.table import HandResult
from riichi_table.engine.tiles import Tile

MJAI_TYPES = frozenset(
    (
        "start_game", "start_kyoku", "tsumo", "dahai", "reach", "reach_accepted", "chi", "pon", "daiminkan",
        "kakan", "ankan", "dora", "hora", "ryukyoku", "end_kyoku", "end_game",
    )
)  # fmt: skip
# tenhou.net/6 names of abortive draws and limit hands (engine/result_log.py writes them too)
ABORTIVE_NAMES = {
    "yao9": "九種九牌",
    "kaze4": "四風連打",
    "reach4": "四家立直",
    "kan4": "四槓散了",
    "ron3": "三家和了",
}
_LIMIT_NAMES = {"mangan": "満貫", "haneman": "跳満", "baiman": "倍満", "sanbaiman": "三倍満"}
_YAKU_NAMES = {
    "riichi": "立直",
    "double_riichi": "両立直",
    "ippatsu": "一発",
    "menzen_tsumo": "門前清自摸和",
    "pinfu": "平和",
    "tanyao": "断幺九",
    "iipeikou": "一盃口",
    "ryanpeikou": "二盃口",
    "chiitoitsu": "七対子",
    "haitei": "海底摸月",
    "houtei": "河底撈魚",
    "rinshan": "嶺上開花",
    "chankan": "槍槓",
    "yakuhai_haku": "役牌 白",
    "yakuhai_hatsu": "役牌 發",
    "yakuhai_chun": "役牌 中",
    "sanshoku": "三色同順",
    "ittsu": "一気通貫",
    "chanta": "混全帯幺九",
    "junchan": "純全帯幺九",
    "toitoi": "対々和",
    "sanankou": "三暗刻",
    "sanshoku_doukou": "三色同刻",
    "sankantsu": "三槓子",
    "shousangen": "小三元",
    "honroutou": "混老頭",
    "honitsu": "混一色",
    "chinitsu": "清一色",
    "dora": "ドラ",
    "aka_dora": "赤ドラ",
    "ura_dora": "裏ドラ",
    "kokushi": "国士無双",
    "suuankou": "四暗刻",
    "daisangen": "大三元",
    "tsuuiisou": "字一色",
    "ryuuiisou": "緑一色",
    "chinroutou": "清老頭",
    "chuuren": "九蓮宝燈",
    "shousuushii": "小四喜",
    "daisuushii": "大四喜",
    "suukantsu": "四槓子",
    "tenhou": "天和",
    "chiihou": "地和",
    "yakuhai_seat_wind": "自風",
    "yakuhai_round_wind": "場風",
}


def tenhou_tile(t: Tile) -> int:
    """The tenhou number of a tile (11..47, 51..53 for red fives)."""
    if t.red:
        return 51 + t.kind // 9
    if t.kind >= 27:
        return 41 + t.kind - 27
    return 11 + 10 * (t.kind // 9) + t.kind % 9


Produced = list[tuple[HandResult | None, tuple[int, ...]]]


def settled_events(events: Iterable[Event], rules: Rules | str | Mapping[str, object] | None) -> list[Event]:
    """The events a Game accepted from `events`: a person's `declare` tsumo / ron / kyushu turned into the
    `hora` / `ryukyoku` it made, several rons in seat order after the discarder (`engine.multiple_ron`)."""
    game = Game(rules)
    for e in events:
        game.apply(e)
    return list(game.events)


def replay(
    events: Iterable[Event], rules: Rules | str | Mapping[str, object] | None
) -> tuple[Game, Produced]:
    """Feed settled `events` (see `settled_events`) to a fresh Game; return it and, per event, the
    HandResult it produced (or None) and the scores after it."""
    game = Game(rules)
    produced: Produced = []
    for e in events:
        before = len(game.results)
        game.apply(e)
        result = game.results[-1] if len(game.results) > before else None
        produced.append((result, tuple(game.scores)))
    return game, produced


def mjai_lines(events: Iterable[Event], rules: Rules | str | Mapping[str, object] | None = None) -> list[str]:
    """The game as mjai JSON lines: riichi-table's extra events left out (a `declare` as the `hora` or
    `ryukyoku` it made), hand money filled in."""
    events = settled_events(events, rules)
    _, produced = replay(events, rules)
    lines: list[str] = []
    for index, (e, (result, scores)) in enumerate(zip(events, produced, strict=True)):
        if e.TYPE not in MJAI_TYPES:
            continue
        out: Event = e
        if result is not None and isinstance(e, Hora | Ryukyoku) and e.deltas is None:
            out = dataclasses.replace(e, deltas=result.deltas, scores=scores)  # type: ignore[arg-type]
        elif isinstance(e, StartKyoku) and e.scores is None:
            out = dataclasses.replace(e, scores=produced_scores_before(produced, index))
        lines.append(out.to_line())
    return lines


def write_mjai(
    path: str, events: Iterable[Event], rules: Rules | str | Mapping[str, object] | None = None
) -> None:
    """Write `path` as mjai JSON lines (UTF-8, one event a line)."""
    with open(path, "w", encoding="utf-8") as f:
        for line in mjai_lines(events, rules):
            f.write(line + "\n")


def _call_string(e: Chi | Pon | Daiminkan) -> str:
    called = str(tenhou_tile(pai_to_tile(e.pai)))
    own = [str(tenhou_tile(pai_to_tile(p))) for p in e.consumed]
    letter = {"chi": "c", "pon": "p", "daiminkan": "m"}[e.TYPE]
    place = {3: 0, 2: 1, 1: len(own)}[(e.target - e.actor) % 4]
    return "".join([*own[:place], letter + called, *own[place:]])


def _kakan_string(e: Kakan, pon_string: str | None) -> str:
    added = str(tenhou_tile(pai_to_tile(e.pai)))
    if pon_string is None:
        return "k" + added + "".join(str(tenhou_tile(pai_to_tile(p))) for p in e.consumed)
    return pon_string.replace("p", "k" + added, 1)


def _ankan_string(e: Ankan) -> str:
    """Three tiles, `a`, the fourth (tiles sorted, so a red five comes last): `242424a24`."""
    nums = sorted(str(tenhou_tile(pai_to_tile(p))) for p in e.consumed)
    return "".join(nums[:3]) + "a" + nums[3]


def produced_scores_before(produced: Produced, index: int) -> tuple[int, int, int, int] | None:
    """The scores just before event `index` (None for the first event)."""
    if index == 0:
        return None
    s = produced[index - 1][1]
    return (s[0], s[1], s[2], s[3])


class _Kyoku:
    """Collects one hand's arrays in tenhou's seat order (0 = the first dealer)."""

    def __init__(self, start: StartKyoku, first: int, scores: list[int]) -> None:
        self.first = first
        wind = "ESWN".index(start.bakaze)
        self.header = [wind * 4 + start.kyoku - 1, start.honba, start.kyotaku]
        self.scores = [scores[(first + i) % 4] for i in range(4)]
        self.dora = [tenhou_tile(pai_to_tile(start.dora_marker))]
        self.ura: list[int] = []
        self.haipai = [
            sorted(tenhou_tile(pai_to_tile(p)) if p != "?" else 0 for p in start.tehais[(first + i) % 4])
            for i in range(4)
        ]
        self.draws: list[list[Any]] = [[], [], [], []]
        self.discards: list[list[Any]] = [[], [], [], []]
        self.riichi_next = [False] * 4
        self.last_draw: list[Tile | None] = [None] * 4
        self.pons: dict[tuple[int, int], str] = {}
        self.result: list[Any] = []

    def seat(self, chair: int) -> int:
        return (chair - self.first) % 4

    def feed(self, e: Event, result: HandResult | None) -> None:
        match e:
            case Tsumo():
                self.draws[self.seat(e.actor)].append(0 if e.pai == "?" else tenhou_tile(pai_to_tile(e.pai)))
            case Reach():
                self.riichi_next[self.seat(e.actor)] = True
            case Dahai():
                s = self.seat(e.actor)
                num: Any = 60 if e.tsumogiri else tenhou_tile(pai_to_tile(e.pai))
                draws = self.draws[s]
                if e.tsumogiri and draws and draws[-1] == 0:
                    draws[-1] = tenhou_tile(pai_to_tile(e.pai))  # an unseen draw, shown by its discard
                if self.riichi_next[s]:
                    num, self.riichi_next[s] = f"r{num}", False
                self.discards[s].append(num)
            case Chi() | Pon() | Daiminkan():
                s = self.seat(e.actor)
                text = _call_string(e)
                self.draws[s].append(text)
                if isinstance(e, Pon):
                    self.pons[(s, pai_to_tile(e.pai).kind)] = text
                if isinstance(e, Daiminkan):
                    self.discards[s].append(0)  # tenhou's placeholder: the kan's "discard" slot
            case Kakan():
                s = self.seat(e.actor)
                self.discards[s].append(_kakan_string(e, self.pons.get((s, pai_to_tile(e.pai).kind))))
            case Ankan():
                self.discards[self.seat(e.actor)].append(_ankan_string(e))
            case Dora():
                self.dora.append(tenhou_tile(pai_to_tile(e.dora_marker)))
            case Hora():
                self._hora(e, result)
            case Ryukyoku():
                self._ryukyoku(e, result)

    def _rel(self, deltas: Iterable[int]) -> list[int]:
        d = list(deltas)
        return [d[(self.first + i) % 4] for i in range(4)]

    def _hora(self, e: Hora, result: HandResult | None) -> None:
        if e.uradora_markers:
            self.ura = [tenhou_tile(pai_to_tile(p)) for p in e.uradora_markers]
        deltas = self._rel(result.deltas if result else e.deltas or (0, 0, 0, 0))
        detail = result.detail if result else {}
        liable = detail.get("liable")
        who, frm = self.seat(e.actor), self.seat(e.target)
        info: list[Any] = [
            who,
            frm,
            self.seat(liable) if isinstance(liable, int) else who,
            points_text(detail),
        ]
        yaku = detail.get("yaku")
        for name, han in yaku if isinstance(yaku, list) else []:
            label = _YAKU_NAMES.get(str(name), str(name))
            info.append(f"{label}(役満)" if detail.get("yakuman") and han >= 13 else f"{label}({han}飜)")
        if not self.result:
            self.result = ["和了"]
        self.result += [deltas, info]

    def _ryukyoku(self, e: Ryukyoku, result: HandResult | None) -> None:
        deltas = self._rel(result.deltas if result else e.deltas or (0, 0, 0, 0))
        if e.reason in ABORTIVE_NAMES:
            self.result = [ABORTIVE_NAMES[e.reason]]
        elif e.reason == "nagashi" or (result is not None and result.detail.get("nagashi")):
            self.result = ["流し満貫", deltas]
        elif any(deltas):
            self.result = ["流局", deltas]
        else:
            tenpai = result.detail.get("tenpai") if result else e.tenpais
            self.result = ["全員聴牌" if tenpai and all(tenpai) else "全員不聴"]  # type: ignore[arg-type]

    def to_json(self) -> list[Any]:
        out: list[Any] = [self.header, self.scores, self.dora, self.ura]
        for i in range(4):
            out += [self.haipai[i], self.draws[i], self.discards[i]]
        out.append(self.result)
        return out


def points_text(detail: Mapping[str, Any]) -> str:
    """A win's points as tenhou.net/6 writes them ("30符2飜2000点", "満貫8000点∀"); "" without payments."""
    pays = detail.get("payments")
    if not isinstance(pays, Mapping):
        return ""
    if "ron" in pays:
        points = f"{pays['ron']}点"
    elif "all" in pays:
        points = f"{pays['all']}点∀"
    else:
        points = f"{pays.get('non_dealer', 0)}-{pays.get('dealer', 0)}点"
    limit = detail.get("limit")
    if isinstance(limit, str):
        return _LIMIT_NAMES.get(limit, "役満") + points
    return f"{detail.get('fu', 0)}符{detail.get('han', 0)}飜{points}"


def tenhou_log(
    events: Iterable[Event],
    rules: Rules | str | Mapping[str, object] | None = None,
    title: str = "riichi-table",
) -> dict[str, Any]:
    """The game as a tenhou.net/6 JSON object: `title`, `name`, `rule`, `log` (one array per hand)."""
    events = settled_events(events, rules)
    game, produced = replay(events, rules)
    names = ["0", "1", "2", "3"]
    kyokus: list[_Kyoku] = []
    scores = [game.rules.starting_points] * 4
    first: int | None = None
    current: _Kyoku | None = None
    for e, (result, after) in zip(events, produced, strict=True):
        if isinstance(e, StartGame):
            names = list(e.names)
        elif isinstance(e, StartKyoku):
            first = e.oya if first is None else first
            current = _Kyoku(e, first, scores)
            kyokus.append(current)
        elif current is not None:
            current.feed(e, result)
        scores = list(after)
    first = first or 0
    aka = game.rules.red_five_total
    return {
        "title": [title, ""],
        "name": [names[(first + i) % 4] for i in range(4)],
        "rule": {"disp": f"riichi-table {game.rules.name}", "aka": 1 if aka else 0},
        "log": [k.to_json() for k in kyokus],
    }


def write_tenhou(
    path: str, events: Iterable[Event], rules: Rules | str | Mapping[str, object] | None = None
) -> None:
    """Write `path` as a tenhou.net/6 JSON log (UTF-8)."""
    with open(path, "w", encoding="utf-8") as f:
        json.dump(tenhou_log(events, rules), f, ensure_ascii=False)

"""Every yaku, one hand each, with the seed that sets it (001 table unless noted)."""

from __future__ import annotations

import random
import sys
from pathlib import Path
from typing import Any

import pytest
from riichi_table.engine.batch import handle, win_input_from_request
from riichi_table.engine.errors import EngineError
from riichi_table.engine.score import contexts
from riichi_table.engine.yaku import ALL_YAKU, YakuContext, evaluate, form_yaku

sys.path.insert(0, str(Path(__file__).resolve().parent))
from engine_hand_gen import random_request


def score(hand: str, win: str, **kw: Any) -> dict[str, Any]:
    return handle({"op": "score", "hand": hand, "win": win, **kw})


def yaku_names(resp: dict[str, Any]) -> dict[str, int]:
    assert resp["ok"], resp
    return dict(resp["yaku"])


PON_S = {"kind": "pon", "from": 2}
CASES: list[tuple[str, str, str, dict[str, Any], str, int]] = [
    # id, hand, win, extra request fields, yaku, han
    ("riichi", "123m456p789s2355s", "1s", {"riichi": True, "seat_wind": "S"}, "riichi", 1),
    (
        "double_riichi",
        "123m456p789s2355s",
        "1s",
        {"double_riichi": True, "seat_wind": "S"},
        "double_riichi",
        2,
    ),
    (
        "open_riichi_uspml",
        "123m456p789s2355s",
        "1s",
        {"riichi": True, "open_riichi": True, "rules": "uspml"},
        "open_riichi",
        2,
    ),
    ("ippatsu", "123m456p789s2355s", "1s", {"riichi": True, "ippatsu": True}, "ippatsu", 1),
    ("menzen_tsumo", "123m456p789s2399s", "1s", {"tsumo": True}, "menzen_tsumo", 1),
    ("haitei", "123m456p789s2399s", "1s", {"tsumo": True, "haitei": True}, "haitei", 1),
    ("houtei", "123m456p789s2399s", "1s", {"houtei": True}, "houtei", 1),
    (
        "rinshan",
        "123m456p789s9s",
        "9s",
        {"tsumo": True, "rinshan": True, "melds": [{"kind": "ankan", "tiles": "2222z"}]},
        "rinshan",
        1,
    ),
    ("chankan", "123m456p789s2399s", "1s", {"chankan": True}, "chankan", 1),
    (
        "renhou_uspml",
        "123m456p789s2399s",
        "1s",
        {"renhou": True, "seat_wind": "S", "rules": "uspml"},
        "renhou",
        5,
    ),
    ("pinfu", "123m456p789s2399s", "1s", {}, "pinfu", 1),
    ("tanyao", "234m456p678s3455s", "2s", {}, "tanyao", 1),
    (
        "tanyao_open",
        "456p678s3455s",
        "2s",
        {"melds": [{"kind": "chi", "tiles": "234m", "from": 3}]},
        "tanyao",
        1,
    ),
    ("iipeikou", "112233m456p7899s", "9s", {}, "iipeikou", 1),
    ("ryanpeikou", "112233m445566p9s", "9s", {}, "ryanpeikou", 3),
    ("sanshoku", "123m123p123s5688s", "7s", {}, "sanshoku", 2),
    ("ittsu", "123456789m2399s", "1s", {}, "ittsu", 2),
    ("chanta", "12399m789p123s11z", "1z", {"seat_wind": "S", "round_wind": "W"}, "chanta", 2),
    ("junchan", "123m789p123s1199s", "1s", {}, "junchan", 3),
    (
        "toitoi",
        "222m555p999s1z",
        "1z",
        {"melds": [{"kind": "pon", "tiles": "777s", "from": 2}], "tsumo": True},
        "toitoi",
        2,
    ),
    ("sanankou", "222m555p888s34m99s", "2m", {"tsumo": True}, "sanankou", 2),
    ("sanshoku_doukou", "222m222p222s3499s", "2s", {}, "sanshoku_doukou", 2),
    (
        "sankantsu",
        "12m99s",
        "3m",
        {
            "melds": [
                {"kind": "ankan", "tiles": "2222p"},
                {"kind": "kan", "tiles": "4444s", "from": 1},
                {"kind": "ankan", "tiles": "6666m"},
            ]
        },
        "sankantsu",
        2,
    ),
    ("chiitoitsu", "1133m2255p6677s1z", "1z", {}, "chiitoitsu", 2),
    ("honroutou", "111m999p111s22z33z", "3z", {}, "honroutou", 2),
    ("shousangen", "555666z77z234m11p", "1p", {}, "shousangen", 2),
    ("honitsu", "123456m789m1122z", "1z", {}, "honitsu", 3),
    ("chinitsu", "1233455677899m", "9m", {}, "chinitsu", 6),
    ("yakuhai_haku", "123m456p789s1555z", "1z", {"seat_wind": "S", "round_wind": "S"}, "yakuhai_haku", 1),
    ("yakuhai_hatsu", "123m456p789s1666z", "1z", {"seat_wind": "S", "round_wind": "S"}, "yakuhai_hatsu", 1),
    ("yakuhai_chun", "123m456p789s1777z", "1z", {"seat_wind": "S", "round_wind": "S"}, "yakuhai_chun", 1),
    (
        "yakuhai_seat_wind",
        "123m456p789s1222z",
        "1z",
        {"seat_wind": "S", "round_wind": "S"},
        "yakuhai_seat_wind",
        1,
    ),
    (
        "yakuhai_round_wind",
        "123m456p789s1333z",
        "1z",
        {"seat_wind": "S", "round_wind": "W"},
        "yakuhai_round_wind",
        1,
    ),
    ("kokushi", "19m19p19s1234566z", "7z", {}, "kokushi", 13),
    ("kokushi_13_wait", "19m19p19s1234567z", "7z", {"rules": "wrc"}, "kokushi_13_wait", 13),
    ("suuankou", "111m222p333s44z55z", "5z", {"tsumo": True}, "suuankou", 13),
    ("suuankou_tanki", "111m222p333s444z5z", "5z", {}, "suuankou_tanki", 13),
    ("daisangen", "555666777z123m1p", "1p", {}, "daisangen", 13),
    ("shousuushii", "111222333z44z12m", "3m", {}, "shousuushii", 13),
    ("daisuushii", "111222333444z5z", "5z", {"rules": "tenhou"}, "daisuushii", 13),
    ("tsuuiisou", "11223344556677z", "7z", {"hand": "1122334455667z"}, "tsuuiisou", 13),
    ("ryuuiisou", "223344s666s888s6z", "6z", {}, "ryuuiisou", 13),
    ("chinroutou", "111m999m111p99p99s", "9s", {}, "chinroutou", 13),
    ("chuuren", "1112345678999m", "5m", {"hand": "1112234678999m"}, "chuuren", 13),
    ("junsei_chuuren", "1112345678999m", "5m", {}, "junsei_chuuren", 13),
    (
        "suukantsu",
        "1z",
        "1z",
        {
            "melds": [
                {"kind": "ankan", "tiles": "2222p"},
                {"kind": "kan", "tiles": "4444s", "from": 1},
                {"kind": "ankan", "tiles": "6666m"},
                {"kind": "kakan", "tiles": "7777z", "from": 2},
            ]
        },
        "suukantsu",
        13,
    ),
    ("tenhou", "123m456p789s2399s", "1s", {"tsumo": True, "tenhou": True}, "tenhou", 13),
    ("chiihou", "123m456p789s2399s", "1s", {"tsumo": True, "chiihou": True, "seat_wind": "W"}, "chiihou", 13),
    (
        "renhou_yakuman",
        "123m456p789s2399s",
        "1s",
        {"renhou": True, "seat_wind": "S", "rules": {"preset": "uspml", "renhou_han": 13}},
        "renhou_yakuman",
        13,
    ),
]


@pytest.mark.parametrize(
    ("hand", "win", "extra", "name", "han"), [c[1:] for c in CASES], ids=[c[0] for c in CASES]
)
def test_yaku_is_found_with_its_han(hand: str, win: str, extra: dict[str, Any], name: str, han: int) -> None:
    req = {"hand": hand, "win": win, **extra}
    assert yaku_names(score(**req)).get(name) == han


def test_every_yaku_in_the_table_has_a_test_case() -> None:
    tested = {c[4] for c in CASES}
    missing = {y.name for y in ALL_YAKU} - tested - {"open_double_riichi"}
    assert not missing


def test_every_yaku_rule_has_a_docstring_with_its_japanese_name() -> None:
    assert all(y.doc and any(ord(ch) > 0x3000 for ch in y.doc) for y in ALL_YAKU)


def test_open_tanyao_is_no_yaku_where_the_preset_forbids_it() -> None:
    req = {"melds": [{"kind": "chi", "tiles": "234m", "from": 3}], "rules": {"open_tanyao": False}}
    assert score("456p678s3455s", "2s", **req)["error"] == "no yaku"


def test_double_yakuman_hands_count_twice_only_where_the_preset_says() -> None:
    single = score("111m222p333s444z5z", "5z", rules="wrc")
    double = score(
        "111m222p333s444z5z", "5z", rules={"preset": "wrc", "double_yakuman_hands": ["suuankou_tanki"]}
    )
    assert (single["yakuman"], single["limit"]) == (1, "yakuman")
    assert (double["yakuman"], double["limit"], double["points"]) == (2, "double_yakuman", 96000)


def test_several_yakuman_add_up_only_with_multiple_yakuman() -> None:
    # daisangen + tsuuiisou
    hand, win = "555666777z1122z", "1z"
    assert score(hand, win, rules="wrc")["yakuman"] == 1
    assert score(hand, win, rules="tenhou")["yakuman"] == 2


def test_yakuman_drops_ordinary_yaku_and_dora() -> None:
    resp = score("111m222p333s444z5z", "5z", riichi=True, dora="4z")
    assert [n for n, _ in resp["yaku"]] == ["suuankou_tanki"]


def test_ura_dora_and_aka_dora_are_counted_as_their_own_entries() -> None:
    resp = score("123m406p789s2355s", "1s", riichi=True, dora="1m", ura="4s", rules="tenhou")
    names = dict(resp["yaku"])
    assert names["dora"] == 1 and names["aka_dora"] == 1 and names["ura_dora"] == 2


def test_red_fives_give_no_aka_dora_under_competition_rules() -> None:
    # 002 1.3: red fives are no longer used in competition
    resp = score("123m406p789s2355s", "1s", riichi=True, rules="wrc")
    assert "aka_dora" not in dict(resp["yaku"])


def _every_rule(ctx: YakuContext) -> tuple[list[tuple[str, int]], int]:
    """The reference: every rule of the table asked on the reading, no gates."""
    found = [y for y in ALL_YAKU if (ctx.closed or y.open_han) and y.check(ctx)]
    chosen = [y for y in found if y.yakuman] or found
    replaced = {name for y in chosen for name in y.replaces}
    chosen = [y for y in chosen if y.name not in replaced]
    if chosen and chosen[0].yakuman:
        values = [(y.name, 13 * y.yakuman_value(ctx.rules)) for y in chosen]
        return sorted(values), sum(v for _, v in values) // 13
    return sorted((y.name, y.closed_han if ctx.closed else y.open_han) for y in chosen), 0


@pytest.mark.parametrize("rules", ["wrc", "tenhou", "uspml", {"preset": "uspml", "renhou_han": 13}])
def test_gated_evaluation_equals_asking_every_rule_on_every_reading(rules: Any) -> None:
    # engine/yaku/base.py gates: a rule is skipped only where it cannot hold
    rng = random.Random(str(rules))
    compared = 0
    for _ in range(1500):
        req = random_request(rng, rules)
        req.update(renhou=rng.random() < 0.05 and not req["tsumo"] and req["seat_wind"] != "E")
        try:
            win = win_input_from_request(req)
            found = contexts(win)
        except EngineError:
            continue
        for ctx in found:
            yaku, yakuman = evaluate(
                ctx, form_yaku(found[0]) if ctx.reading.form == found[0].reading.form else None
            )
            assert (sorted(yaku), yakuman) == _every_rule(ctx), req
            compared += 1
    assert compared > 1000


def test_in_table_order_is_a_stable_sort_by_table_position() -> None:
    # the scorer's insertion sort must give what sorted() with the same key gives, ties kept in input order
    import random

    from riichi_table.engine.yaku import ALL_YAKU, in_table_order

    position = {y.name: i for i, y in enumerate(ALL_YAKU)}
    names = [*list(position)[:12], "dora", "aka_dora", "ura_dora"]
    rng = random.Random(3)
    for _ in range(200):
        pairs = [(rng.choice(names), rng.randint(1, 3)) for _ in range(6)]
        expected = sorted(pairs, key=lambda p: position.get(p[0], len(position)))
        assert in_table_order(pairs) == expected, pairs

"""Adapter from our score requests to the `mahjong` PyPI package (v2.1.0), the differential test's oracle.

Only used by tests and bench/engine.py. `MAHJONG_OPTIONS` maps a rules override set to the package's
OptionalRules so that both sides play the same rules.
"""

from __future__ import annotations

from typing import Any

from engine_hand_gen import TileIds136
from mahjong.constants import EAST, NORTH, SOUTH, WEST
from mahjong.hand_calculating.hand import HandCalculator
from mahjong.hand_calculating.hand_config import HandConfig, HandConstants, OptionalRules
from mahjong.meld import Meld as MjMeld
from riichi_table.engine.tiles import parse_tiles

_WIND = {"E": EAST, "S": SOUTH, "W": WEST, "N": NORTH}
_MELD = {
    "chi": MjMeld.CHI,
    "pon": MjMeld.PON,
    "kan": MjMeld.KAN,
    "ankan": MjMeld.KAN,
    "kakan": MjMeld.SHOUMINKAN,
}

# Our rules for the differential test, and the package options that mean the same.
OUR_RULES: dict[str, Any] = {
    "preset": "tenhou",
    "double_yakuman_hands": ["suuankou_tanki", "kokushi_13_wait", "junsei_chuuren", "daisuushii"],
    "riichi_needs_deposit": False,
}
MAHJONG_OPTIONS = OptionalRules(
    has_open_tanyao=True,
    has_aka_dora=True,
    has_double_yakuman=True,
    kazoe_limit=HandConstants.KAZOE_LIMITED,
    kiriage=False,
    fu_for_open_pinfu=True,
    fu_for_pinfu_tsumo=False,
    renhou_as_yakuman=False,
)


def mahjong_args(req: dict[str, Any]) -> dict[str, Any]:
    """Keyword arguments for HandCalculator.estimate_hand_value equivalent to a score request."""
    ids = TileIds136()
    tiles: list[int] = [ids.take(t.kind, t.red) for t in parse_tiles(req["hand"])]
    win_t = parse_tiles(req["win"])[0]
    win = ids.take(win_t.kind, win_t.red)
    tiles.append(win)
    melds = []
    for m in req.get("melds", []):
        m_ids = sorted(ids.take(t.kind, t.red) for t in parse_tiles(m["tiles"]))
        tiles += m_ids
        melds.append(MjMeld(meld_type=_MELD[m["kind"]], tiles=m_ids, opened=m["kind"] != "ankan"))
    dora = [ids.take(t.kind, False) for t in parse_tiles(req.get("dora", ""))]
    ura = [ids.take(t.kind, False) for t in parse_tiles(req.get("ura", ""))]
    config = HandConfig(
        is_tsumo=req.get("tsumo", False),
        is_riichi=req.get("riichi", False) or req.get("double_riichi", False),
        is_ippatsu=req.get("ippatsu", False),
        is_rinshan=req.get("rinshan", False),
        is_chankan=req.get("chankan", False),
        is_haitei=req.get("haitei", False),
        is_houtei=req.get("houtei", False),
        is_daburu_riichi=req.get("double_riichi", False),
        is_tenhou=req.get("tenhou", False),
        is_chiihou=req.get("chiihou", False),
        is_renhou=req.get("renhou", False),
        player_wind=_WIND[req.get("seat_wind", "E")],
        round_wind=_WIND[req.get("round_wind", "E")],
        kyoutaku_number=req.get("sticks", 0),
        tsumi_number=req.get("honba", 0),
        options=MAHJONG_OPTIONS,
    )
    return {
        "tiles": tiles,
        "win_tile": win,
        "melds": melds,
        "dora_indicators": dora,
        "ura_dora_indicators": ura,
        "config": config,
    }


_CALC = HandCalculator()


def mahjong_score(req: dict[str, Any]) -> dict[str, Any]:
    """The package's verdict in our response's terms: ok, han, fu, points, total, yakuman, error."""
    res = _CALC.estimate_hand_value(**mahjong_args(req))
    if res.error:
        return {"ok": False, "error": res.error}
    cost = res.cost
    dealer = req.get("seat_wind", "E") == "E"
    if not req.get("tsumo"):
        points = cost["main"]
    elif dealer:
        points = cost["main"] * 3
    else:
        points = cost["main"] + 2 * cost["additional"]
    return {
        "ok": True,
        "han": res.han,
        "fu": res.fu,
        "points": points,
        "total": cost["total"],
        "yaku": sorted(y.name for y in res.yaku),
    }

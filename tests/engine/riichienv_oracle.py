"""Adapter from our score requests to `riichienv` (a Rust engine with Python bindings), the second oracle.

riichienv plays the common online rules: three red fives, open tanyao, no kiriage. It is compared with our
`tenhou` preset on hands without yakuman (its double-yakuman and counted-yakuman choices are not options).
"""

from __future__ import annotations

from typing import Any

from engine_hand_gen import TileIds136
from riichi_table.engine.tiles import parse_tiles
from riichienv import Conditions, HandEvaluator, Meld, MeldType

_WIND = {"E": 0, "S": 1, "W": 2, "N": 3}
_MELD = {
    "chi": MeldType.Chi,
    "pon": MeldType.Pon,
    "kan": MeldType.Daiminkan,
    "ankan": MeldType.Ankan,
    "kakan": MeldType.Kakan,
}
OUR_RULES: dict[str, Any] = {"preset": "tenhou", "riichi_needs_deposit": False}


def riichienv_score(req: dict[str, Any]) -> dict[str, Any]:
    """riichienv's verdict in our terms: ok, han, fu, points (without honba/sticks)."""
    ids = TileIds136()
    hand = [ids.take(t.kind, t.red) for t in parse_tiles(req["hand"])]
    w = parse_tiles(req["win"])[0]
    win = ids.take(w.kind, w.red)
    melds = []
    for m in req.get("melds", []):
        m_ids = sorted(ids.take(t.kind, t.red) for t in parse_tiles(m["tiles"]))
        melds.append(Meld(_MELD[m["kind"]], m_ids, m["kind"] != "ankan"))
    dora = [ids.take(t.kind, False) for t in parse_tiles(req.get("dora", ""))]
    ura = [ids.take(t.kind, False) for t in parse_tiles(req.get("ura", ""))]
    cond = Conditions(
        tsumo=req.get("tsumo", False),
        riichi=req.get("riichi", False) or req.get("double_riichi", False),
        double_riichi=req.get("double_riichi", False),
        ippatsu=req.get("ippatsu", False),
        haitei=req.get("haitei", False),
        houtei=req.get("houtei", False),
        rinshan=req.get("rinshan", False),
        chankan=req.get("chankan", False),
        tsumo_first_turn=req.get("tenhou", False) or req.get("chiihou", False),
        player_wind=_WIND[req.get("seat_wind", "E")],
        round_wind=_WIND[req.get("round_wind", "E")],
    )
    res = HandEvaluator(hand, melds).calc(win, dora, cond, ura)
    if not res.is_win:
        return {"ok": False}
    dealer = req.get("seat_wind", "E") == "E"
    if not req.get("tsumo"):
        points = res.ron_agari
    elif dealer:
        points = res.tsumo_agari_ko * 3  # a dealer tsumo: riichienv puts the per-player amount in _ko
    else:
        points = res.tsumo_agari_oya + 2 * res.tsumo_agari_ko
    return {"ok": True, "han": res.han, "fu": res.fu, "points": points, "yakuman": bool(res.yakuman)}

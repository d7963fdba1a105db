"""What the page shows of a live session: the JSON table state and the camera frame with overlays."""

from __future__ import annotations

from typing import Any

import cv2
import numpy as np

RED = (0, 0, 255)


def overlay(image: Any, calibration: Any, tracks: list[Any], problems: list[str]) -> Any:
    """The camera frame (never changed) with the table outline, each stable tile's name and the view's
    problems drawn on a copy. `tracks` are vision.track.Track (positions in table mm)."""
    out = image.copy()
    if calibration is None:
        text = problems[0] if problems else "looking for the table markers..."
        cv2.putText(out, text[:90], (20, 40), cv2.FONT_HERSHEY_SIMPLEX, 0.8, RED, 2)
        return out
    cal = calibration
    cv2.polylines(out, [np.round(cal.corners).astype(np.int32).reshape(-1, 1, 2)], True, (0, 255, 255), 2)
    if tracks:
        from riichi_table.vision.pai_names import pai_of_track

        pts = cal.to_camera(
            np.array([[t.x * cal.px_per_mm, t.y * cal.px_per_mm] for t in tracks], np.float32)
        )
        for t, (x, y) in zip(tracks, pts, strict=True):
            label = "#" if t.face_down else pai_of_track(t)
            cv2.putText(out, label, (int(x) - 8, int(y) + 5), cv2.FONT_HERSHEY_SIMPLEX, 0.45, RED, 1)
    for n, text in enumerate(problems[:2]):
        cv2.putText(out, text, (20, 30 + 25 * n), cv2.FONT_HERSHEY_SIMPLEX, 0.7, RED, 2)
    return out


def table_state(game: Any) -> dict[str, Any]:
    """The engine's side of the state: seats (pond, melds, riichi, furiten, score), dora, wall, round."""
    g = game
    r = g.round
    seats = []
    for seat in range(4):
        melds = [_meld_json(m) for m in getattr(r.seats[seat], "melds", [])] if r is not None else []
        seats.append(
            {
                "seat": seat,
                "wind": None if g.dealer is None else "ESWN"[(seat - g.dealer) % 4],
                "pond": [_kawa_json(k) for k in g.kawa(seat)],
                "melds": melds,
                "riichi": g.riichi(seat),
                "furiten": g.furiten(seat),
                "score": g.scores[seat],
            }
        )
    return {
        "seats": seats,
        "dora_markers": [_pai(t) for t in getattr(r, "dora_markers", [])] if r is not None else [],
        "wall": g.wall_left,
        "round": {
            "bakaze": "ESWN"[min(g.round_wind, 3)],
            "kyoku": g.hand_number,
            "honba": g.honba,
            "kyotaku": g.sticks,
            "oya": g.dealer,
            "ended": g.ended,
        },
    }


def _pai(t: Any) -> str:
    from riichi_table.engine.events import tile_to_pai

    return tile_to_pai(t)


def _kawa_json(k: Any) -> dict[str, Any]:
    tile = getattr(k, "tile", None)
    return {
        "pai": _pai(tile) if tile is not None else str(k),
        "sideways": bool(getattr(k, "riichi", False) or getattr(k, "sideways", False)),
        "called": bool(getattr(k, "called", False)),
    }


def _meld_json(m: Any) -> dict[str, Any]:
    tiles = getattr(m, "tiles", ()) or ()
    return {
        "type": str(getattr(m, "kind", getattr(m, "type", "?"))),
        "tiles": [_pai(t) for t in tiles],
        "from": getattr(m, "from_seat", None),
    }


def last_result(game: Any) -> dict[str, Any] | None:
    """The result of the hand the table is at, from the moment it ends until the next hand starts.

    None while a hand is in play (or before the first). Otherwise `kind` "win", "draw" (exhaustive),
    "abort" (an abortive draw, with `reason` in mjai's words) or "chombo"; `round` is the hand's
    {bakaze, kyoku, honba, oya}; `deltas` the score change by seat over the whole hand (its riichi
    deposits included); `riichi` the seats that declared; `wins` one entry per winner: seat, `from` (the
    discarder, None for tsumo), `pai` (the winning tile), `hand` (the winning hand's tiles as read, the
    winning tile last, or [] when not shown), `melds`, `yaku` ([code, han]), `han`, `fu`, `yakuman`,
    `limit`, `points`, `payments` (engine.score's form) and `deltas` (this winner's payments with honba and
    sticks); `tenpai` (four bools) and `nagashi` at a draw.
    Read from the engine's own record of the hand (`Game.events`, `Game.results`): nothing is recomputed.
    """
    events = list(getattr(game, "events", []))
    starts = [i for i, e in enumerate(events) if getattr(e, "TYPE", "") == "start_kyoku"]
    if not starts:
        return None
    start = events[starts[-1]]
    hand = events[starts[-1] + 1 :]
    ends = [e for e in hand if getattr(e, "TYPE", "") in ("hora", "ryukyoku", "chombo")]
    if not ends:
        return None
    results = list(getattr(game, "results", []))[-len(ends) :]
    if len(results) != len(ends):
        return None
    reveals = {int(e.actor): list(e.tehai) for e in hand if getattr(e, "TYPE", "") == "reveal"}
    deposits = [0, 0, 0, 0]
    for e in hand:
        if getattr(e, "TYPE", "") == "reach_accepted":
            deposits[int(e.actor)] -= int(game.rules.riichi_deposit)
    total = list(deposits)
    for res in results:
        for seat in range(4):
            total[seat] += int(res.deltas[seat])
    out: dict[str, Any] = {
        "round": {"bakaze": start.bakaze, "kyoku": start.kyoku, "honba": start.honba, "oya": start.oya},
        "deltas": total,
        "riichi": [seat for seat in range(4) if deposits[seat]],
        "scores": list(game.scores),
        "wins": [],
    }
    first = ends[0]
    if first.TYPE == "hora":
        out["kind"] = "win"
        out["wins"] = [_win_json(game, e, r, reveals) for e, r in zip(ends, results, strict=True)]
    elif first.TYPE == "chombo":
        out.update(kind="chombo", seat=int(first.actor), reason=first.reason)
    else:
        detail = results[0].detail
        reason = str(detail.get("reason", first.reason))
        out["kind"] = "draw" if reason == "fanpai" else "abort"
        out["reason"] = reason
        tenpai = detail.get("tenpai")
        out["tenpai"] = list(tenpai) if isinstance(tenpai, list | tuple) else None
        nagashi = detail.get("nagashi")
        out["nagashi"] = list(nagashi) if isinstance(nagashi, list | tuple) else []
    return out


def _win_json(game: Any, e: Any, result: Any, reveals: dict[int, list[str]]) -> dict[str, Any]:
    detail = dict(result.detail)
    actor = int(e.actor)
    tiles = [*e.hora_tehais, e.pai] if e.hora_tehais else reveals.get(actor, [])
    r = game.round
    melds = [_meld_json(m) for m in getattr(r.seats[actor], "melds", [])] if r is not None else []
    return {
        "seat": actor,
        "from": None if e.target == actor else int(e.target),
        "pai": e.pai,
        "hand": tiles,
        "melds": melds,
        "yaku": [list(y) for y in detail.get("yaku", e.yakus or [])],
        "han": detail.get("han", e.fan),
        "fu": detail.get("fu", e.fu),
        "yakuman": detail.get("yakuman", 0),
        "limit": detail.get("limit"),
        "points": detail.get("points", e.hora_points),
        "payments": detail.get("payments"),
        "liable": detail.get("liable"),
        "deltas": list(result.deltas),
    }

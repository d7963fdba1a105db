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
        from riichi_table.vision.live_events import pai_of_track

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

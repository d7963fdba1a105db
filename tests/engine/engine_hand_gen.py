"""Random complete hands as score requests, for property tests, the differential test and bench/engine.py.

Hands are built from four random sets and a pair (sometimes seven pairs or thirteen orphans), a random number
of them called or declared as melds, a winning tile from the concealed part, red fives, dora indicators and
situational flags consistent with each other (riichi only closed, haitei only on tsumo, ...).
"""

from __future__ import annotations

import random
from typing import Any

from riichi_table.engine.tiles import kinds_to_notation

_ORPHANS = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)
_WINDS = "ESWN"


def _notation(kinds: list[int], reds: set[int]) -> str:
    """Kinds in notation with the positions in `reds` (indices into kinds) printed as red fives."""
    groups: dict[str, list[str]] = {s: [] for s in "mpsz"}
    for i, k in enumerate(kinds):
        suit = "mpsz"[k // 9]
        groups[suit].append("0" if i in reds else str(k % 9 + 1))
    return "".join("".join(sorted(v)) + s for s, v in groups.items() if v)


def used_suits_needed(hand: list[int], win: int, melds: list[dict[str, Any]], dora: list[int]) -> set[int]:
    """Suits whose five appears four times among the tiles (so one of them must be the red five)."""
    kinds = hand + [win] + [k for m in melds for k in m["kinds"]] + dora
    return {k // 9 for k in (4, 13, 22) if kinds.count(k) == 4}


def _random_set(rng: random.Random, suits: list[int]) -> tuple[str, int]:
    suit = rng.choice(suits)
    if suit == 3:
        return "pon", 27 + rng.randrange(7)
    if rng.random() < 0.55:
        return "chi", suit * 9 + rng.randrange(7)
    return "pon", suit * 9 + rng.randrange(9)


def random_request(rng: random.Random, rules: Any = "wrc") -> dict[str, Any]:
    """One random, valid score request for a complete hand (it may still have no yaku)."""
    while True:
        req = _try(rng, rules)
        if req is not None:
            return req


def _try(rng: random.Random, rules: Any) -> dict[str, Any] | None:
    counts = [0] * 34
    style = rng.random()
    suits = [rng.randrange(3), 3] if style < 0.15 else [rng.randrange(3)] if style < 0.2 else [0, 1, 2, 3]
    melds: list[dict[str, Any]] = []
    concealed: list[int] = []
    form = "regular"
    r = rng.random()
    if r < 0.04:
        form = "chiitoitsu"
        pairs = rng.sample(range(34), 7)
        for k in pairs:
            concealed += [k, k]
    elif r < 0.05:
        form = "kokushi"
        concealed = [*_ORPHANS, rng.choice(_ORPHANS)]
    else:
        n_melds = rng.choice([0, 0, 0, 1, 1, 2, 3, 4])
        for i in range(4):
            shape, kind = _random_set(rng, suits)
            tiles = [kind, kind + 1, kind + 2] if shape == "chi" else [kind] * 3
            if i < n_melds:
                if shape == "chi":
                    melds.append({"kind": "chi", "kinds": tiles, "from": 3})
                else:
                    mk = rng.choice(["pon", "pon", "kan", "ankan", "kakan"])
                    if mk != "pon":
                        tiles = [kind] * 4
                    m: dict[str, Any] = {"kind": mk, "kinds": tiles}
                    if mk != "ankan":
                        m["from"] = rng.choice([1, 2, 3])
                    melds.append(m)
            else:
                concealed += tiles
        pair = rng.choice([k for k in range(34) if k // 9 in suits or (k >= 27 and 3 in suits)])
        concealed += [pair, pair]
    for k in concealed:
        counts[k] += 1
    for m in melds:
        for k in m["kinds"]:
            counts[k] += 1
    n_kans = sum(1 for m in melds if m["kind"] != "chi" and len(m["kinds"]) == 4)
    dora = [rng.randrange(34) for _ in range(1 + n_kans)]
    for k in dora:
        counts[k] += 1
    if max(counts) > 4:
        return None
    closed = all(m["kind"] == "ankan" for m in melds)
    win_index = rng.randrange(len(concealed))
    win = concealed[win_index]
    hand = concealed[:win_index] + concealed[win_index + 1 :]
    # red fives: at most one per suit, on a random five of the hand, the win or a meld
    fives_hand = {i for i, k in enumerate(hand) if k in (4, 13, 22)}
    red_hand: set[int] = set()
    red_win = False
    used_suits: set[int] = set()
    for i in sorted(fives_hand):
        if hand[i] // 9 not in used_suits and rng.random() < 0.4:
            red_hand.add(i)
            used_suits.add(hand[i] // 9)
    if win in (4, 13, 22) and win // 9 not in used_suits and rng.random() < 0.3:
        red_win = True
        used_suits.add(win // 9)
    out_melds = []
    for m in melds:
        reds: set[int] = set()
        for i, k in enumerate(m["kinds"]):
            if k in (4, 13, 22) and k // 9 not in used_suits and rng.random() < 0.4:
                reds.add(i)
                used_suits.add(k // 9)
        om = {"kind": m["kind"], "tiles": _notation(m["kinds"], reds)}
        if "from" in m:
            om["from"] = m["from"]
        out_melds.append(om)
    # with one red five per suit, four fives of a suit always include the red one
    if used_suits_needed(hand, win, melds, dora) - used_suits:
        return None
    tsumo = rng.random() < 0.4
    riichi = closed and rng.random() < 0.5
    double = riichi and rng.random() < 0.08
    req: dict[str, Any] = {
        "op": "score",
        "hand": _notation(hand, red_hand),
        "win": ("0" + "mps"[win // 9]) if red_win else kinds_to_notation([win]),
        "melds": out_melds,
        "tsumo": tsumo,
        "seat_wind": rng.choice(_WINDS),
        "round_wind": rng.choice("ESSW"),
        "dora": kinds_to_notation(dora),
        "riichi": riichi and not double,
        "double_riichi": double,
        "ippatsu": riichi and rng.random() < 0.2,
        "haitei": tsumo and rng.random() < 0.05,
        "houtei": (not tsumo) and rng.random() < 0.05,
        "rinshan": tsumo and n_kans > 0 and rng.random() < 0.3,
        "chankan": (not tsumo) and rng.random() < 0.03 and len(melds) < 4,
        "honba": rng.choice([0, 0, 0, 1, 2]),
        "sticks": rng.choice([0, 0, 1, 2]),
        "rules": rules,
    }
    if req["haitei"] and req["rinshan"]:
        req["haitei"] = False
    if req["houtei"] and req["chankan"]:
        req["houtei"] = False
    if riichi:
        ura = [rng.randrange(34) for _ in range(1 + n_kans)]
        for k in ura:
            counts[k] += 1
        if max(counts) > 4:
            return None
        if used_suits_needed(hand, win, melds, dora + ura) - used_suits:
            return None
        req["ura"] = kinds_to_notation(ura)
    if closed and not melds and rng.random() < 0.01:
        dealer = req["seat_wind"] == "E"
        req.update(tsumo=True, haitei=False, houtei=False, rinshan=False, chankan=False, ippatsu=False)
        req.update(riichi=False, double_riichi=False, ura="")
        req["tenhou" if dealer else "chiihou"] = True
    del form
    return req


class TileIds136:
    """Distinct 136-format tile ids for the peers; a red five is copy 0 of its five, as both expect."""

    def __init__(self) -> None:
        self.used: set[int] = set()

    def take(self, kind: int, red: bool) -> int:
        order = (0,) if red else (1, 2, 3, 0) if kind in (4, 13, 22) else (0, 1, 2, 3)
        for copy in order:
            tid = kind * 4 + copy
            if tid not in self.used:
                self.used.add(tid)
                return tid
        raise ValueError(f"no free copy of kind {kind}")

"""Referee checks that need no round history: hand shapes, kuikae, kan after riichi, abortive draws.

Hands here are 34-entry count lists of *concealed* tiles (`engine.tiles.counts34`); a hand with `m` called
or declared melds holds `13 - 3m` tiles while waiting and `14 - 3m` when complete.

Waits come from `engine.hand`; `decompositions` (every reading of a complete hand, for the kan-in-riichi
set-formation check) is a plain recursive search over counts, the textbook method, fine for a few hands.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from riichi_table.engine.hand import waits
from riichi_table.engine.tiles import KIND_COUNT, TERMINALS_AND_HONORS, WINDS

Group = tuple[Literal["pon", "chi"], int]  # a set in a decomposition: its kind or its sequence's lowest kind
Decomposition = tuple[int, tuple[Group, ...]]  # (pair kind, sets sorted)

_ORPHANS = tuple(sorted(TERMINALS_AND_HONORS))


def _sets(counts: list[int], start: int, acc: list[Group], out: list[tuple[Group, ...]]) -> None:
    """Collect every way to split `counts` entirely into pon and chi sets (counts are restored on return)."""
    k = start
    while k < KIND_COUNT and counts[k] == 0:
        k += 1
    if k == KIND_COUNT:
        out.append(tuple(acc))
        return
    if counts[k] >= 3:
        counts[k] -= 3
        acc.append(("pon", k))
        _sets(counts, k, acc, out)
        acc.pop()
        counts[k] += 3
    if k < 27 and k % 9 <= 6 and counts[k + 1] and counts[k + 2]:
        for j in (k, k + 1, k + 2):
            counts[j] -= 1
        acc.append(("chi", k))
        _sets(counts, k, acc, out)
        acc.pop()
        for j in (k, k + 1, k + 2):
            counts[j] += 1


def decompositions(counts: Sequence[int]) -> list[Decomposition]:
    """Every (pair, sets) reading of a complete regular hand (14 - 3m tiles); empty when there is none."""
    work = list(counts)
    if sum(work) % 3 != 2:
        return []
    found: list[Decomposition] = []
    for pair in range(KIND_COUNT):
        if work[pair] >= 2:
            work[pair] -= 2
            sets: list[tuple[Group, ...]] = []
            _sets(work, 0, [], sets)
            found.extend((pair, s) for s in sets)
            work[pair] += 2
    return found


# --- kuikae ---------------------------------------------------------------------------------------------


def kuikae_forbidden(
    call: Literal["chi", "pon"], called: int, consumed: Sequence[int], suji: bool = True
) -> frozenset[int]:
    """The kinds that may not be discarded right after a call (kuikae).

    Seed 001 "Kuikae": after calling a tile for a chi, neither that tile nor the tile that completes the same
    sequence from the other end (2 after 34+2 -> 5 too) may be discarded. Seed 002 3.3.2: also the called
    tile after a pon.
    """
    forbidden = {called}
    if call == "chi" and suji:
        low, high = sorted(consumed)
        if low == called + 1 and high == called + 2 and called % 9 <= 5:
            forbidden.add(called + 3)
        elif high == called - 1 and low == called - 2 and called % 9 >= 3:
            forbidden.add(called - 3)
    return frozenset(forbidden)


# --- kan after riichi ---------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class KanVerdict:
    """Whether a concealed kan is allowed in riichi, and why not."""

    allowed: bool
    reason: str = ""


def riichi_ankan_verdict(
    hand14: Sequence[int],
    kind: int,
    drawn: int,
    rule: Literal["same_wait_and_sets", "same_wait", "never"],
    meld_count: int = 0,
) -> KanVerdict:
    """May a player in riichi declare a concealed kan of `kind`, holding `hand14` (drawn tile included)?

    Seed 001 "Illegal Kan in Riichi": only with the tile just drawn, and illegal when it changes the wait, the
    wait formation, or the set formation (three consecutive pons read as three identical chi); seed 002
    3.3.14 says the same.
    """
    if rule == "never":
        return KanVerdict(False, "this rule set allows no kan after riichi")
    if hand14[kind] != 4:
        return KanVerdict(False, f"the hand does not hold four of kind {kind}")
    if drawn != kind:
        return KanVerdict(False, "in riichi a kan may only be made with the tile just drawn")
    before = list(hand14)
    before[drawn] -= 1
    after = list(hand14)
    after[kind] -= 4
    waits_before = waits(before, meld_count)
    if not waits_before:
        return KanVerdict(False, "the riichi hand is not waiting")
    if waits(after, meld_count + 1) != waits_before:
        return KanVerdict(False, "the kan would change the wait (seed 001 'Illegal Kan in Riichi')")
    if rule == "same_wait_and_sets":
        for w in waits_before:
            before[w] += 1
            readings = decompositions(before)
            before[w] -= 1
            if any(("pon", kind) not in sets for _, sets in readings):
                return KanVerdict(
                    False, "the kan would change the set formation (seed 001 'Illegal Kan in Riichi')"
                )
    return KanVerdict(True)


# --- abortive draws -------------------------------------------------------------------------------------


def nine_terminals(counts: Sequence[int]) -> bool:
    """Nine or more different terminals and honors (seed 001 "Abortive Draw", on the first draw)."""
    return sum(1 for k in _ORPHANS if counts[k]) >= 9


def four_winds(first_discards: Sequence[int]) -> bool:
    """All four players' first discards are the same wind (seed 003 "Abortive Draw")."""
    return len(first_discards) == 4 and first_discards[0] in WINDS and len(set(first_discards)) == 1


def four_kans_abort(kans_by_seat: Sequence[int]) -> bool:
    """Four kans not all by one player (seed 001 / 003 "Abortive Draw"; 002 3.3.10 plays on)."""
    return sum(kans_by_seat) >= 4 and max(kans_by_seat) < 4


def nagashi_mangan(discards: Sequence[int], called: Sequence[bool]) -> bool:
    """A pond that earns nagashi mangan at an exhaustive draw (seed 001 yaku table, "Nagashi Mangan").

    `discards` are the kinds of the seat's kawa in order and `called[i]` whether another player took the
    i-th one: every discard a terminal or honor, none called by others. An empty pond does not qualify.
    """
    return bool(discards) and not any(called) and all(k in TERMINALS_AND_HONORS for k in discards)

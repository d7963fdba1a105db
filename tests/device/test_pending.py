"""The driver's outgoing queue (device/pending.py): coalescing and its bound."""

from __future__ import annotations

from riichi_table.device import protocol
from riichi_table.device.pending import PendingQueue


def _drain(q: PendingQueue) -> list[str]:
    out = []
    while (item := q.get(timeout=0)) is not None:
        out.append(item.command.text)
    return out


def test_a_newer_prompt_replaces_a_waiting_one_for_the_same_state() -> None:
    q = PendingQueue()
    q.put(protocol.turn(0))
    q.put(protocol.riichi(1, True))
    q.put(protocol.turn(1))
    assert _drain(q) == ["RIICHI 1 1", "TURN 1"]
    assert q.coalesced == 1


def test_clear_drops_the_waiting_hand_prompts_it_overrides() -> None:
    q = PendingQueue()
    for c in (
        protocol.riichi(0, True),
        protocol.call_window(0, 3000),
        protocol.tune("HAND"),
        protocol.clear(),
    ):
        q.put(c)
    assert _drain(q) == ["TUNE HAND", "CLEAR"]


def test_a_flood_stays_within_one_command_per_piece_of_state() -> None:
    q = PendingQueue(bound=32)
    for i in range(10_000):
        q.put(protocol.call_window(i % 4, 3000))
        q.put(protocol.turn((i + 1) % 4))
    assert len(q) == 2
    assert q.high_water <= 3
    assert q.dropped == 0


def test_over_the_bound_the_oldest_command_is_dropped_and_counted() -> None:
    q = PendingQueue(bound=2)
    q.put(protocol.ping())
    q.put(protocol.state())
    q.put(protocol.test_pattern())
    assert _drain(q) == ["STATE", "TEST"]
    assert q.dropped == 1


def test_after_a_reconnect_the_standing_state_goes_first_and_sticky_ones_are_not_doubled() -> None:
    q = PendingQueue()
    q.put(protocol.riichi(2, True))
    q.put(protocol.verdict(1, protocol.Verdict.WIN))
    q.replace_sticky([protocol.riichi(2, True), protocol.turn(3)])
    assert _drain(q) == ["RIICHI 2 1", "TURN 3", "VERDICT 1 WIN"]

"""The running assistant: demo source, frames with overlays, state, subscribers, answers."""

from __future__ import annotations

import json
import time

import pytest

from riichi_table.assistant import Assistant, AssistantError


@pytest.mark.slow
def test_the_assistant_plays_the_demo_and_publishes_state() -> None:
    assistant = Assistant("demo", realtime=False)
    q = assistant.subscribe()
    assistant.start()
    try:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline and assistant.state()["frames"]["processed"] < 40:
            time.sleep(0.2)
        state = assistant.state()
        json.dumps(state)  # JSON-able
        assert state["calibrated"] and state["health"]["camera"]["state"] in ("ok", "ended")
        jpeg = assistant.latest_jpeg()
        assert jpeg is not None and jpeg[:2] == b"\xff\xd8"
        assert isinstance(q.get(timeout=10), dict)
        assert not assistant.submit({"type": "declare", "actor": 9, "call": "tsumo"})["ok"]
        assert not assistant.submit({"no": "type"})["ok"]
    finally:
        assistant.stop()


def test_an_unknown_source_is_a_web_error() -> None:
    with pytest.raises(AssistantError, match="cannot open source"):
        Assistant("no/such/video.mp4").start()


def test_a_slow_subscriber_loses_old_updates_and_never_blocks() -> None:
    assistant = Assistant("demo", realtime=False)
    q = assistant.subscribe()
    for _ in range(200):
        assistant._publish()
    assert q.qsize() <= 64

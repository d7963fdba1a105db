"""The Table page's order question: POST /table/order answers it (CSRF like every other POST).

A real assistant runs over a small generated clip; the game it follows is given a seat with two discards
guessed and one tile read late for them (the situation of tests/live/test_late_order.py), so a question on
the order waits in its state.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from riichi_table.webui.live import start_assistant

from tests.live.test_late_order import LATE, two_guesses


def ask(assistant: Any) -> dict[str, Any]:
    """Feed the assistant's game the record and the late tile; returns the question it asks."""
    with assistant._lock:
        for event in two_guesses()[1:]:
            assistant.session._apply(event)
        assistant.session._apply(LATE)
    assistant._publish()  # as after every frame read: the page's event stream gets the new state
    (question,) = assistant.state()["questions"]
    return dict(question)


@pytest.fixture
def asked(make_app: Any, make_video: Any, tmp_path: Path) -> Any:
    assistant, error = start_assistant(str(make_video(tmp_path / "clip.mp4")), "wrc", None)
    assert assistant is not None, error
    client = make_app(ASSISTANT=assistant, PIPELINE_ERROR=None, SOURCE="clip.mp4").test_client()
    return client, ask(assistant)


def _seat1(client: Any) -> list[str]:
    return [
        e["pai"] for e in client.get("/api/table").json["events"] if e["type"] == "dahai" and e["actor"] == 1
    ]


def test_the_table_state_carries_the_order_question_with_each_order_as_an_answer(asked: Any) -> None:
    client, question = asked
    state = client.get("/api/table").json
    assert state["questions"] == [question]
    assert question["kind"] == "order" and [a["answer"] for a in question["answers"]] == [0, 1]
    assert "seen late" in question["text"] and _seat1(client) == ["9m", "3m"]


def test_an_answer_posted_with_the_csrf_token_fixes_the_record(asked: Any, csrf: Any) -> None:
    client, question = asked
    r = client.post(
        "/table/order", json={"question": question["id"], "answer": 1}, headers={"X-CSRF-Token": csrf(client)}
    )
    assert r.status_code == 200 and r.json == {"ok": True, "error": None}
    assert _seat1(client) == ["3m", "9m"]
    assert client.get("/api/table").json["questions"] == []


def test_a_stale_answer_gets_a_clear_message_and_changes_nothing(asked: Any, csrf: Any) -> None:
    client, question = asked
    token = csrf(client)
    body = {"question": question["id"], "answer": 0}
    assert client.post("/table/order", json=body, headers={"X-CSRF-Token": token}).json["ok"] is True
    again = client.post("/table/order", json={**body, "answer": 1}, headers={"X-CSRF-Token": token})
    assert again.status_code == 409 and "no longer open" in again.json["error"]
    assert _seat1(client) == ["9m", "3m"]


@pytest.mark.parametrize(
    ("body", "said"),
    [
        ({"answer": 1}, "question: expected the question's id"),
        ({"question": "Q", "answer": "second"}, "answer: expected a whole number"),
        ({"question": "Q", "answer": True}, "answer: expected a whole number"),
    ],
    ids=["no-question", "answer-not-a-number", "answer-a-boolean"],
)
def test_a_malformed_answer_is_refused_with_what_was_wrong(
    asked: Any, csrf: Any, body: Any, said: str
) -> None:
    client, _ = asked
    r = client.post("/table/order", json=body, headers={"X-CSRF-Token": csrf(client)})
    assert r.status_code == 400 and said in r.json["error"]


def test_an_answer_not_offered_is_refused_and_the_question_stays(asked: Any, csrf: Any) -> None:
    client, question = asked
    body = {"question": question["id"], "answer": 4}
    r = client.post("/table/order", json=body, headers={"X-CSRF-Token": csrf(client)})
    assert r.status_code == 409 and "expected one of [0, 1]" in r.json["error"]
    assert client.get("/api/table").json["questions"] == [question]


def test_an_answer_without_the_csrf_token_is_refused(asked: Any) -> None:
    client, question = asked
    r = client.post("/table/order", json={"question": question["id"], "answer": 1})
    assert r.status_code == 400
    assert _seat1(client) == ["9m", "3m"]

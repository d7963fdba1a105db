"""The club server's push endpoint: accepted pushes, and every kind of bad input refused with nothing stored.

Runs on both stores (SQLite and a real PostgreSQL cluster) through the Flask test client.
"""

from __future__ import annotations

import json
import logging
from typing import Any

import pytest

PUSH = "/api/club/v1/push"


def _post(client: Any, body: Any, token: str | None, raw: bytes | None = None) -> Any:
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    data = raw if raw is not None else json.dumps(body).encode()
    return client.post(PUSH, data=data, headers=headers, content_type="application/json")


def _push_all(client: Any, messages: list[dict[str, Any]], token: str) -> None:
    for m in messages:
        r = _post(client, m, token)
        assert r.status_code == 200, r.json


def test_pushed_hands_show_on_the_wall_with_standings(store: Any, club_app: Any, make_messages: Any) -> None:
    client = club_app.test_client()
    for name in ("T1", "T2"):
        _push_all(client, make_messages(name, 5, seed=name), store.add_table(name))
    data = client.get("/club/state.json").json
    assert [t["table"] for t in data["tables"]] == ["T1", "T2"]
    assert all(t["hands"] == 5 for t in data["tables"])
    assert len(data["standings"]) == 8
    assert sum(p["total"] for p in data["standings"]) == 0  # uma sums to zero, wrc has no oka
    assert client.get("/scoreboard?club=1").status_code == 200
    assert b"Club night" in client.get("/club").data


def test_standings_are_the_engines_ranking_of_the_tables_game(
    store: Any, club_app: Any, tmp_path: Any
) -> None:
    from riichi_table.club.feed import ClubFeed
    from riichi_table.club.outbox import Outbox
    from riichi_table.club.sim import play

    box = Outbox(tmp_path / "o.sqlite")
    feed = ClubFeed(box, "T1", "wrc", game_ids=lambda n: f"T1-g{n}")
    play(feed, "ranked", 6, 0.0)
    game = feed._game_obj
    token = store.add_table("T1")
    client = club_app.test_client()
    while (m := box.next_waiting()) is not None:
        assert _post(client, json.loads(m.body), token).status_code == 200
        box.mark(m.id, "sent", 200, {})
    expected = {f"T1/{s.seat}": s.final for s in game.ranking()}
    got = {p["name"]: p["total"] for p in client.get("/club/state.json").json["standings"]}
    assert got == expected


def test_a_resend_with_the_same_key_counts_once(store: Any, club_app: Any, make_messages: Any) -> None:
    client = club_app.test_client()
    token = store.add_table("T1")
    msgs = make_messages("T1", 2)
    _push_all(client, msgs, token)
    before = store.counts()
    again = _post(client, msgs[1], token)
    assert again.status_code == 200 and again.json["duplicate"] is True and again.json["seq"] == 1
    assert store.counts() == before


@pytest.mark.parametrize("token", [None, "T1.not-the-token", "garbage"], ids=["none", "wrong", "garbage"])
def test_a_push_without_a_valid_token_is_401_and_logged(
    store: Any, club_app: Any, make_messages: Any, caplog: Any, token: str | None
) -> None:
    store.add_table("T1")
    caplog.set_level(logging.WARNING, "riichi_table.club.server")
    r = _post(club_app.test_client(), make_messages("T1", 1)[0], token)
    assert r.status_code == 401 and "token" in r.json["error"]
    assert "refused" in caplog.text
    assert store.counts()["club_receipts"] == 0


def test_a_revoked_token_is_refused(store: Any, club_app: Any, make_messages: Any) -> None:
    token = store.add_table("T1")
    store.revoke("T1")
    assert _post(club_app.test_client(), make_messages("T1", 1)[0], token).status_code == 401
    fresh = store.add_table("T1")
    assert _post(club_app.test_client(), make_messages("T1", 1)[0], fresh).status_code == 200


def test_a_table_cannot_write_another_tables_game(store: Any, club_app: Any, make_messages: Any) -> None:
    client = club_app.test_client()
    t1, t2 = store.add_table("T1"), store.add_table("T2")
    msgs = make_messages("T1", 2)
    _post(client, msgs[0], t1)
    before = store.counts()
    # T2's token with a body that says T1
    assert _post(client, msgs[1], t2).status_code == 403
    # T2's token, T2 in the body, but T1's game id
    forged = {**msgs[1], "table": "T2", "key": "forged-1"}
    r = _post(client, forged, t2)
    assert r.status_code == 403 and "another table" in r.json["error"]
    assert store.counts() == before


def test_a_replayed_old_push_is_refused(store: Any, club_app: Any, make_messages: Any) -> None:
    client = club_app.test_client()
    token = store.add_table("T1")
    msgs = make_messages("T1", 3)
    _push_all(client, msgs[:3], token)
    before = store.counts()
    # an old hand replayed under a new key: out of order
    r = _post(client, {**msgs[1], "key": "replay-1"}, token)
    assert r.status_code == 409 and "out of order" in r.json["error"]
    # an old key replayed with other content
    changed = json.loads(json.dumps(msgs[2]))
    changed["hand"]["state"]["scores"][0] += 1000
    r = _post(client, changed, token)
    assert r.status_code == 409 and "already used" in r.json["error"]
    # a hand skipping one
    r = _post(client, {**msgs[3], "seq": 5, "key": "skip"}, token)
    assert r.status_code == 409
    assert store.counts() == before


@pytest.mark.parametrize(
    ("raw", "named"),
    [
        (b"{not json", "JSON"),
        (b"[1, 2]", "JSON object"),
        (json.dumps({"v": 2}).encode(), "v:"),
        (json.dumps({"v": 1, "type": "hand", "key": "k", "table": "T1", "game": "T1-g0"}).encode(), "seq"),
        (json.dumps({"v": 1, "type": "shout", "key": "k", "table": "T1", "game": "g"}).encode(), "type"),
        (b"\xff\xfe", "JSON"),
    ],
    ids=["broken-json", "array", "version", "hand-without-seq", "unknown-type", "not-utf8"],
)
def test_a_malformed_body_is_400_naming_what_is_wrong(
    store: Any, club_app: Any, raw: bytes, named: str
) -> None:
    token = store.add_table("T1")
    r = _post(club_app.test_client(), None, token, raw=raw)
    assert r.status_code == 400 and named in r.json["error"]
    assert store.counts()["club_receipts"] == 0


def test_a_hand_with_bad_fields_is_400(store: Any, club_app: Any, make_messages: Any) -> None:
    client = club_app.test_client()
    token = store.add_table("T1")
    msgs = make_messages("T1", 1)
    _post(client, msgs[0], token)
    bad = json.loads(json.dumps(msgs[1]))
    bad["hand"]["state"]["scores"] = [1, 2, 3]
    r = _post(client, bad, token)
    assert r.status_code == 400 and "hand.state.scores" in r.json["error"]
    assert store.counts()["club_hands"] == 0


def test_an_oversized_body_is_413(store: Any, club_app: Any, make_messages: Any) -> None:
    token = store.add_table("T1")
    msg = make_messages("T1", 1)[0]
    msg["names"] = ["x" * 400_000, "b", "c", "d"]
    r = _post(club_app.test_client(), msg, token)
    assert r.status_code == 413 and "limit" in r.json["error"]
    assert store.counts()["club_receipts"] == 0


def test_an_amendment_keeps_history_and_a_stale_one_is_refused(
    store: Any, club_app: Any, make_messages: Any
) -> None:
    client = club_app.test_client()
    token = store.add_table("T1")
    msgs = make_messages("T1", 2)
    _push_all(client, msgs[:3], token)
    hand = json.loads(json.dumps(msgs[1]["hand"]))
    hand["corrections"] = [{"type": "declare", "actor": 0, "call": "tenpai"}]
    amend = {
        **msgs[1],
        "type": "amend",
        "key": "T1-g0:amend:1:1",
        "base_version": 1,
        "hand": hand,
        "reason": "seat 0 was tenpai",
    }
    r = _post(client, amend, token)
    assert r.status_code == 200 and r.json["version"] == 2
    # the scorer's desk edits it too (version 3); a table edit still on version 2 is stale
    assert store.edit_hand("T1-g0", 1, 2, hand, "desk fix") == 3
    stale = {**amend, "key": "T1-g0:amend:1:2", "base_version": 2}
    r = _post(client, stale, token)
    assert r.status_code == 409 and "version 3" in r.json["error"] and "club" in r.json["error"]
    history = client.get("/club/game/T1-g0/hand/1/history.json").json["history"]
    assert [(h["version"], h["source"]) for h in history] == [(1, "table"), (2, "table"), (3, "club")]

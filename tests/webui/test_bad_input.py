"""Bad input to the JSON API is a 4xx with a JSON message, never a 500."""

import pytest


@pytest.mark.parametrize(
    "kwargs",
    [
        {"data": "{bad", "content_type": "application/json"},
        {"json": [1, 2]},
        {"json": "score"},
        {"json": 5},
        {"data": "{}"},
    ],
    ids=["malformed-json", "list", "string", "number", "no-content-type"],
)
def test_a_score_body_that_is_not_a_json_object_is_a_400_saying_so(client, kwargs):
    r = client.post("/api/score", **kwargs)
    assert r.status_code == 400
    assert r.json["ok"] is False and "expected a JSON object" in r.json["error"]


@pytest.mark.parametrize(
    ("body", "named"),
    [
        ({"op": "score", "hand": "234m456p789s66s11z", "win": "6s", "honba": "x"}, "honba"),
        ({"op": "score", "hand": 5, "win": "6s"}, "hand"),
        ({"op": "score", "hand": "234m456p789s66s11z", "win": "6s", "melds": ["x"]}, "meld"),
        (
            {"op": "score", "hand": "234m456p789s66s11z", "win": "6s", "rules": {"red_fives": "x"}},
            "red_fives",
        ),
        ({"op": "waits", "hand": [1]}, "hand"),
    ],
    ids=["honba-string", "hand-number", "meld-string", "rule-override", "waits-hand-list"],
)
def test_a_score_field_of_the_wrong_type_is_an_ok_false_answer_naming_it(client, body, named):
    r = client.post("/api/score", json=body)
    assert r.status_code < 500
    assert r.json["ok"] is False and named in r.json["error"]

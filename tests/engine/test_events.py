"""Events: every type round-trips to a JSON line; tile names convert; bad input gets a clear EventError."""

from __future__ import annotations

import pytest
from riichi_table.engine.events import (
    EVENT_TYPES,
    Ankan,
    Chi,
    Chombo,
    Dahai,
    Daiminkan,
    Declare,
    Dora,
    EndGame,
    EndKyoku,
    EventError,
    Hora,
    Kakan,
    Pon,
    Reach,
    ReachAccepted,
    Reveal,
    Ryukyoku,
    StartGame,
    StartKyoku,
    Tsumo,
    event_from_json,
    pai_to_tile,
    tile_to_pai,
)
from riichi_table.engine.tiles import parse_tile, tile

SAMPLES = [
    StartGame(names=("A", "B", "C", "D")),
    StartKyoku(bakaze="E", kyoku=1, honba=0, kyotaku=0, oya=0, dora_marker="5sr", scores=(25000,) * 4),
    Tsumo(actor=0, pai="?"),
    Tsumo(actor=1, pai="C"),
    Dahai(actor=1, pai="5pr", tsumogiri=True),
    Reach(actor=2),
    ReachAccepted(actor=2, deltas=(0, 0, -1000, 0), scores=(25000, 25000, 24000, 25000)),
    Chi(actor=1, target=0, pai="3m", consumed=("4m", "5mr")),
    Pon(actor=3, target=1, pai="P", consumed=("P", "P")),
    Daiminkan(actor=2, target=0, pai="9s", consumed=("9s", "9s", "9s")),
    Kakan(actor=3, pai="P", consumed=("P", "P", "P")),
    Ankan(actor=0, consumed=("E", "E", "E", "E")),
    Dora(dora_marker="N"),
    Hora(actor=1, target=0, pai="6s", uradora_markers=("1m",), yakus=(("riichi", 1),), fu=30, fan=1),
    Ryukyoku(reason="fanpai", tenpais=(True, False, False, True)),
    EndKyoku(),
    EndGame(scores=(30000, 20000, 25000, 25000)),
    Reveal(actor=2, tehai=("1m",) * 2 + ("2m",) * 3 + ("3p", "4p", "5p") * 3),
    Declare(actor=1, call="ron", target=3),
    Chombo(actor=0, reason="false ron"),
]


def test_every_event_type_has_a_sample() -> None:
    assert {e.TYPE for e in SAMPLES} == set(EVENT_TYPES)


@pytest.mark.parametrize("event", SAMPLES, ids=lambda e: e.TYPE)
def test_event_round_trips_through_a_json_line(event: object) -> None:
    line = event.to_line()  # type: ignore[attr-defined]
    assert "\n" not in line
    assert event_from_json(line) == event
    assert event_from_json(event.to_json()) == event


@pytest.mark.parametrize(
    ("pai", "notation"),
    [("1m", "1m"), ("5mr", "0m"), ("5pr", "0p"), ("5sr", "0s"), ("9s", "9s"), ("E", "1z"), ("N", "4z"),
     ("P", "5z"), ("F", "6z"), ("C", "7z")],
)  # fmt: skip
def test_mjai_tile_names_convert_both_ways(pai: str, notation: str) -> None:
    assert pai_to_tile(pai) == parse_tile(notation)
    assert tile_to_pai(parse_tile(notation)) == pai


def test_mjai_log_extras_are_ignored() -> None:
    e = event_from_json({"type": "dahai", "actor": 0, "pai": "1m", "tsumogiri": False, "id": 7, "meta": {}})
    assert e == Dahai(actor=0, pai="1m")


@pytest.mark.parametrize(
    ("raw", "message"),
    [
        ("not json", "not JSON"),
        ("[1, 2]", "must be a JSON object"),
        ('{"type": "shout"}', "unknown event type 'shout'"),
        ('{"type": "chi", "actor": 1, "pai": "1m", "consumed": ["2m", "3m"]}', "missing field 'target'"),
        ('{"type": "dahai", "actor": 4, "pai": "1m"}', "actor 4 is not a seat"),
        ('{"type": "dahai", "actor": 0, "pai": "0m"}', "'0m' is not a tile name"),
        ('{"type": "dahai", "actor": 0, "pai": "?"}', "'?' is not a tile name"),
        ('{"type": "dahai", "actor": "1", "pai": "1m"}', "must be an integer"),
        ('{"type": "dahai", "actor": 1, "pai": "1m", "tsumogiri": 1}', "must be true or false"),
        ('{"type": "pon", "actor": 1, "target": 1, "pai": "1m", "consumed": ["1m", "1m"]}', "own discard"),
        ('{"type": "pon", "actor": 1, "target": 0, "pai": "1m", "consumed": ["1m"]}', "expected 2"),
        ('{"type": "ryukyoku", "reason": "boredom"}', "reason 'boredom'"),
        ('{"type": "declare", "actor": 1, "call": "ron"}', "needs a target"),
        ('{"type": "start_kyoku", "bakaze": "X", "kyoku": 1, "honba": 0, "kyotaku": 0, "oya": 0, '
         '"dora_marker": "1m"}', "bakaze 'X'"),
    ],
)  # fmt: skip
def test_bad_event_lines_raise_a_clear_error(raw: str, message: str) -> None:
    with pytest.raises(EventError, match=message.replace("?", r"\?").replace("(", r"\(")):
        event_from_json(raw)


def test_red_five_tile_names_carry_the_red_flag() -> None:
    assert pai_to_tile("5sr") == tile(22, red=True)
    with pytest.raises(EventError):
        pai_to_tile("6sr")


def test_hora_knows_tsumo_from_ron() -> None:
    assert Hora(actor=2, target=2, pai="1m").is_tsumo
    assert not Hora(actor=2, target=1, pai="1m").is_tsumo

"""The dataclasses whose __init__, __repr__, __eq__ and __hash__ (and Tile's order) are written out, not
generated, behave as the generated ones, compiled or not.

The reference for each class is a dataclass made here from the class's own fields (names, types, defaults,
in order) with the methods dataclasses generates for a frozen class.
"""

from __future__ import annotations

import copy
import dataclasses
import pickle

import pytest
from riichi_table.engine.melds import Meld
from riichi_table.engine.points import Payments
from riichi_table.engine.rules import PRESETS
from riichi_table.engine.score import NoWin, Win, WinInput, score
from riichi_table.engine.tiles import Tile, parse_tiles
from riichi_table.engine.yaku import YAKU_BY_NAME, Situation
from riichi_table.engine.yaku.base import Yaku


def _generated(cls: type, order: bool = False) -> type:
    spec = []
    for f in dataclasses.fields(cls):
        if f.default_factory is not dataclasses.MISSING:
            spec.append((f.name, f.type, dataclasses.field(default_factory=f.default_factory)))
        elif f.default is not dataclasses.MISSING:
            spec.append((f.name, f.type, dataclasses.field(default=f.default)))
        else:
            spec.append((f.name, f.type))
    return dataclasses.make_dataclass(cls.__name__, spec, frozen=True, order=order)


def _twin(obj: object, generated: type) -> object:
    return generated(*[getattr(obj, f.name) for f in dataclasses.fields(obj)])  # type: ignore[arg-type]


def _samples() -> list[object]:
    hand = tuple(parse_tiles("123m456p789s1122z"))
    win_input = WinInput(hand=hand, win=parse_tiles("2z")[0], situation=Situation(tsumo=True), honba=1)
    won = score(win_input)
    assert isinstance(won, Win)
    yaku = YAKU_BY_NAME["riichi"]
    return [
        Tile(4, True),
        Tile(33),
        Meld("pon", tuple(parse_tiles("555p")), 2),
        Meld("ankan", tuple(parse_tiles("1111z"))),
        Payments(dealer=2000, non_dealer=1000),
        Situation(riichi=True, ippatsu=True),
        yaku,
        win_input,
        won,
        NoWin("no yaku"),
    ]


@pytest.mark.parametrize("obj", _samples(), ids=lambda o: type(o).__name__)
def test_repr_eq_hash_as_generated(obj):
    cls = type(obj)
    twin = _twin(obj, _generated(cls))
    assert repr(obj) == repr(twin)
    assert hash(obj) == hash(twin)
    same = cls(*[getattr(obj, f.name) for f in dataclasses.fields(obj)])
    assert same == obj and hash(same) == hash(obj)
    assert obj != twin and obj.__eq__(twin) is NotImplemented
    if cls is not Yaku:  # a Yaku holds its check function, which pickle names by reference
        assert pickle.loads(pickle.dumps(obj)) == obj
    assert copy.copy(obj) == obj
    with pytest.raises(dataclasses.FrozenInstanceError):
        setattr(obj, dataclasses.fields(obj)[0].name, None)


def test_defaults_and_keywords_as_generated():
    assert WinInput(hand=(), win=Tile(0)) == WinInput(
        (), Tile(0), (), Situation(), 27, 27, (), (), 0, 0, PRESETS["wrc"]
    )
    assert WinInput(hand=(), win=Tile(0)).rules is PRESETS["wrc"]
    assert Situation() == Situation(*[False] * 12)
    assert repr(Payments()) == repr(_generated(Payments)())
    assert repr(Situation(haitei=True)) == repr(_generated(Situation)(haitei=True))
    assert dataclasses.replace(Tile(13), red=True) == Tile(13, True)
    with pytest.raises(TypeError):
        Payments(colour=1)  # type: ignore[call-arg]


def test_tiles_order_as_generated():
    tiles = [Tile(13, True), Tile(13), Tile(2), Tile(31), Tile(4, True), Tile(4)]
    generated = _generated(Tile, order=True)
    assert [(t.kind, t.red) for t in sorted(tiles)] == [
        (t.kind, t.red) for t in sorted(_twin(t, generated) for t in tiles)
    ]
    assert Tile(4) < Tile(4, True) <= Tile(4, True) < Tile(5) and Tile(5) > Tile(4) >= Tile(4)
    with pytest.raises(TypeError):
        assert Tile(4) < (4, False)


def test_post_init_checks_still_run():
    with pytest.raises(Exception, match=r"outside 0\.\.33"):
        Tile(34)
    with pytest.raises(Exception, match="only fives can be red"):
        Tile(5, True)
    with pytest.raises(Exception, match="a pon has 3 tiles"):
        Meld("pon", tuple(parse_tiles("55p")))

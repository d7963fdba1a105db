"""Rules' written __init__, __repr__, __eq__ and __hash__ behave as the ones dataclasses would generate.

The reference is a dataclass made here from Rules' own fields (names, types, defaults, in order), with the
methods dataclasses generates for a frozen class.
"""

from __future__ import annotations

import copy
import dataclasses
import pickle

import pytest
from riichi_table.engine.rules import PRESETS, Rules


def _generated() -> type:
    spec = [(f.name, f.type, dataclasses.field(default=f.default)) for f in dataclasses.fields(Rules)]
    return dataclasses.make_dataclass("Rules", spec, frozen=True, slots=True)


GENERATED = _generated()


def _twin(rules: Rules) -> object:
    return GENERATED(**{f.name: getattr(rules, f.name) for f in dataclasses.fields(Rules)})


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_repr_and_hash_are_the_generated_ones(name):
    rules = PRESETS[name]
    twin = _twin(rules)
    assert repr(rules) == repr(twin)
    assert hash(rules) == hash(twin)


def test_defaults_positions_and_names_as_generated():
    assert repr(Rules()) == repr(GENERATED())
    values = [getattr(PRESETS["tenhou"], f.name) for f in dataclasses.fields(Rules)]
    assert Rules(*values) == PRESETS["tenhou"]
    assert (
        Rules(*values[:3], **{f.name: values[i] for i, f in enumerate(dataclasses.fields(Rules)) if i >= 3})
        == (PRESETS["tenhou"])
    )
    assert Rules(players=3).players == 3
    assert repr(Rules("x", 3, oka=5)) == repr(GENERATED("x", 3, oka=5))


def test_equality_by_value_within_the_class_only():
    assert Rules() == Rules()
    assert dataclasses.replace(PRESETS["wrc"], oka=1) != PRESETS["wrc"]
    assert dataclasses.replace(PRESETS["wrc"], oka=1) == dataclasses.replace(PRESETS["wrc"], oka=1)
    assert Rules().__eq__(_twin(Rules())) is NotImplemented
    assert Rules() != _twin(Rules())
    assert {Rules(): 1}[Rules()] == 1


def test_frozen_and_copied_as_before():
    rules = PRESETS["online"]
    with pytest.raises(dataclasses.FrozenInstanceError):
        rules.players = 3  # type: ignore[misc]
    assert pickle.loads(pickle.dumps(rules)) == rules
    assert copy.copy(rules) == rules
    assert dataclasses.is_dataclass(rules)


@pytest.mark.parametrize(
    ("args", "kwargs", "message"),
    [
        ((), {"players": 3, "colour": 1}, "Rules.__init__() got an unexpected keyword argument 'colour'"),
        (("wrc",), {"name": "x"}, "Rules.__init__() got multiple values for argument 'name'"),
        (tuple(range(68)), {}, "Rules.__init__() takes from 1 to 68 positional arguments but 69 were given"),
    ],
)
def test_bad_arguments_are_refused_as_the_generated_init_refuses_them(args, kwargs, message):
    with pytest.raises(TypeError) as ours:
        Rules(*args, **kwargs)
    with pytest.raises(TypeError) as generated:
        GENERATED(*args, **kwargs)
    assert str(ours.value) == message
    assert str(generated.value).replace("__create_fn__.<locals>.", "").endswith(message.split("()", 1)[1])

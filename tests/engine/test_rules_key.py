"""The cache keys of rule overrides (engine/rules_key.py): equal keys only for values equal in type too."""

from __future__ import annotations

import pytest
from riichi_table.engine.rules_key import plain_key, same_overrides

KNOWN = {"preset": "tenhou", "riichi_needs_deposit": False, "double_yakuman_hands": ["suuankou_tanki"]}


@pytest.mark.parametrize(
    ("spec", "same"),
    [
        (dict(KNOWN), True),
        ({**KNOWN, "double_yakuman_hands": ["suuankou_tanki"]}, True),  # a new list of equal items
        (dict(reversed(KNOWN.items())), True),  # the order of the fields does not matter to the rules
        ({**KNOWN, "riichi_needs_deposit": 0}, False),  # 0 == False, but not of the same type
        ({**KNOWN, "double_yakuman_hands": []}, False),
        ({**KNOWN, "double_yakuman_hands": ["suuankou_tanki", "daisuushii"]}, False),
        ({**KNOWN, "double_yakuman_hands": [1]}, False),
        ({**KNOWN, "double_yakuman_hands": ("suuankou_tanki",)}, False),  # not a JSON value
        ({**KNOWN, "starting_points": 25000}, False),  # one field more
        ({"preset": "tenhou", "riichi_needs_deposit": False}, False),  # one field fewer
        ({"preset": "tenhou", "riichi_needs_deposit": False, "other": ["suuankou_tanki"]}, False),
        ({**KNOWN, "preset": None}, False),
    ],
    ids=[
        "equal",
        "new-list",
        "reordered",
        "int-for-bool",
        "empty-list",
        "longer-list",
        "int-item",
        "tuple",
        "more",
        "fewer",
        "renamed",
        "null",
    ],
)
def test_same_overrides_only_where_plain_keys_match(spec: dict[str, object], same: bool) -> None:
    assert same_overrides(spec, KNOWN) is same
    if same:
        assert sorted(plain_key(spec) or ()) == sorted(plain_key(KNOWN) or ())


def test_same_overrides_never_matches_values_it_cannot_key() -> None:
    nested = {"preset": "tenhou", "uma": [[1, 2]]}
    assert plain_key(nested) is None
    assert not same_overrides(nested, {"preset": "tenhou", "uma": [[1, 2]]})

"""Rule presets: data, overridable field by field, clear errors."""

from __future__ import annotations

import pytest
from riichi_table.engine.errors import RuleError
from riichi_table.engine.rules import PRESETS, Rules, resolve_rules


def test_every_issue_preset_exists() -> None:
    assert set(PRESETS) == {"beginner", "uspml", "wrc", "online", "tenhou"}
    assert all(isinstance(r, Rules) and r.name == n for n, r in PRESETS.items())


def test_beginner_preset_follows_seed_000() -> None:
    r = resolve_rules("beginner")
    # 000 "Objectives", "Scoring", "Make claims", "Passing the Deal"
    assert (r.starting_points, r.payment_mode, r.noten_mode, r.yaku_required) == (20, "fixed", "pool", False)
    assert r.calls == ("pon", "ron") and r.game_length == "east" and r.tie_break == "seat_order"


def test_competition_and_league_presets_differ_where_their_seeds_differ() -> None:
    wrc, uspml, online = resolve_rules("wrc"), resolve_rules("uspml"), resolve_rules("online")
    assert wrc.abortive_draws == ()  # 002 3.4.3
    assert "triple_ron" in uspml.abortive_draws and uspml.multiple_ron == "head_bump"  # 001
    assert "four_winds" in online.abortive_draws  # 003 "Abortive Draw"
    assert wrc.kuikae == "chi_and_pon" and uspml.kuikae == "chi"  # 002 3.3.2, 001 "Kuikae"
    assert (online.noten_payment_three_player, online.noten_payment_two_player) == (2000, 1000)  # 003


def test_tenhou_preset_has_three_red_fives_open_tanyao_and_no_kiriage() -> None:
    r = resolve_rules("tenhou")
    assert r.red_fives == (1, 1, 1) and r.open_tanyao and not r.kiriage_mangan and r.multiple_ron == "all"
    assert "triple_ron" in r.abortive_draws


def test_override_changes_one_field_and_leaves_the_preset_untouched() -> None:
    r = resolve_rules({"preset": "wrc", "red_fives": [1, 1, 1], "kiriage_mangan": True})
    assert r.red_fives == (1, 1, 1) and r.kiriage_mangan
    assert PRESETS["wrc"].red_fives == (0, 0, 0)


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("mleague", "unknown rule preset 'mleague'"),
        ({"preset": "wrc", "uma_bonus": 1}, "unknown rule field 'uma_bonus'"),
        ({"open_tanyao": "yes"}, "bad value 'yes' for rule field 'open_tanyao'"),
        ({"kuikae": "always"}, "bad value 'always' for rule field 'kuikae'"),
        ({"red_fives": [1, 1]}, "bad value (1, 1) for rule field 'red_fives'"),
        ({"starting_points": True}, "bad value True for rule field 'starting_points'"),
    ],
)
def test_bad_rules_raise_rule_error_naming_the_problem(spec: object, message: str) -> None:
    with pytest.raises(RuleError, match=message.replace("(", r"\(").replace(")", r"\)")):
        resolve_rules(spec)  # type: ignore[arg-type]

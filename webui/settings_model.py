"""The settings people change on the Settings page: rule preset and overrides, camera source, device port."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from riichi_table.webui.errors import WebError
from riichi_table.webui.rule_checks import RuleOverrideError, check_rules
from riichi_table.webui.store import Store


class SettingsError(WebError):
    """A setting that cannot be used (an unknown preset, a bad override, a malformed source)."""


@dataclass(frozen=True)
class Settings:
    preset: str = "wrc"
    overrides: dict[str, Any] = field(default_factory=dict)
    source: str = "demo"
    device_port: str = ""

    def rules_spec(self) -> str | dict[str, Any]:
        """What `engine.rules.resolve_rules` takes: the preset name, or the preset with its overrides."""
        return {"preset": self.preset, **self.overrides} if self.overrides else self.preset


def current_settings(store: Store) -> Settings:
    saved = store.settings()
    return Settings(
        preset=str(saved.get("preset", "wrc")),
        overrides=dict(saved.get("overrides") or {}),
        source=str(saved.get("source", "demo")),
        device_port=str(saved.get("device_port", "")),
    )


def parse_settings(form: dict[str, str]) -> Settings:
    """Validate the Settings form: the rules through the engine, the source's shape, the port's length."""
    from riichi_table.engine.errors import EngineError
    from riichi_table.engine.rules import resolve_rules

    preset = form.get("preset", "wrc").strip()
    text = form.get("overrides", "").strip() or "{}"
    try:
        overrides = json.loads(text)
    except json.JSONDecodeError as exc:
        raise SettingsError(f"rule overrides: not JSON ({exc.msg} at character {exc.pos})") from None
    if not isinstance(overrides, dict):
        raise SettingsError('rule overrides: expected a JSON object such as {"red_fives": [1, 1, 1]}')
    overrides.pop("preset", None)
    try:
        rules = resolve_rules({"preset": preset, **overrides})
    except EngineError as exc:
        raise SettingsError(f"rules: {exc}") from None
    except (TypeError, ValueError) as exc:  # a value the rule object itself cannot take
        raise SettingsError(f"rules: {exc}") from None
    try:
        check_rules(rules)
    except RuleOverrideError as exc:
        raise SettingsError(f"rule overrides: {exc}") from None
    source = form.get("source", "demo").strip()
    if not source or len(source) > 500 or any(c in source for c in "\n\r\0"):
        raise SettingsError(
            f"camera source: expected demo, a camera index, a video path or a URL, got {source!r}"
        )
    port = form.get("device_port", "").strip()
    if len(port) > 200 or any(c in port for c in "\n\r\0"):
        raise SettingsError(f"device port: expected a serial port path or URL, got {port!r}")
    return Settings(preset=preset, overrides=overrides, source=source, device_port=port)


def save_settings(store: Store, settings: Settings) -> None:
    store.put_settings(
        {
            "preset": settings.preset,
            "overrides": settings.overrides,
            "source": settings.source,
            "device_port": settings.device_port,
        }
    )

"""The model layouts of `vision/cfg/` written at one width (training only).

ultralytics takes a layout's width from its file name (`yolov8n.yaml` -> n) and ignores a `scale:` key in the
file; a name it cannot parse (ours: `localizer-n.yaml`) silently gets the FIRST entry of `scales`. So the
written copy keeps only the chosen entry: the width is then the one asked for, whatever the file is called.
"""

from __future__ import annotations

from pathlib import Path

from riichi_table.vision.errors import VisionError

CFG_DIR = Path(__file__).resolve().parent / "cfg"


def scaled_model_yaml(name: str, scale: str, folder: Path) -> Path:
    """Write `folder/<name>-<scale>.yaml`: `vision/cfg/<name>.yaml` with only `scale` in its `scales`."""
    import yaml  # PyYAML comes with the [train] extra (ultralytics)

    spec = yaml.safe_load((CFG_DIR / f"{name}.yaml").read_text())
    scales = spec.get("scales") or {}
    if scale not in scales:
        raise VisionError(f"model scale {scale!r}: expected one of {', '.join(scales)}")
    spec["scales"] = {scale: scales[scale]}
    spec["scale"] = scale
    out = folder / f"{name}-{scale}.yaml"
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(yaml.safe_dump(spec, sort_keys=False))
    return out

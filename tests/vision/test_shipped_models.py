"""The shipped weights carry no folder of the machine they were trained on (the repo must not name one)."""

from pathlib import Path

import pytest
from riichi_table.vision.export import _strip_folders

MODELS = Path(__file__).resolve().parents[2] / "models"


def test_strip_folders_keeps_file_names_and_urls():
    text = "trained on /home/someone/runs/mix.yaml, see https://docs.ultralytics.com/x, ratio 1/2"
    assert _strip_folders(text) == "trained on mix.yaml, see https://docs.ultralytics.com/x, ratio 1/2"


@pytest.mark.parametrize("name", ["localizer.onnx", "classifier.onnx"])
def test_onnx_metadata_names_no_absolute_folder(name):
    onnx = pytest.importorskip("onnx")
    model = onnx.load(str(MODELS / name))
    for prop in model.metadata_props:
        assert _strip_folders(prop.value) == prop.value, (prop.key, prop.value)


def test_the_enroll_checkpoint_names_no_absolute_folder():
    path = MODELS / "classifier.pt"
    if not path.is_file():
        pytest.skip("classifier.pt not shipped")
    torch = pytest.importorskip("torch")
    ckpt = torch.load(str(path), map_location="cpu", weights_only=False)
    assert "git" not in ckpt
    for key, value in (ckpt.get("train_args") or {}).items():
        if isinstance(value, str):
            assert _strip_folders(value) == value, (key, value)
    yaml = ckpt["model"].yaml
    assert all(_strip_folders(v) == v for v in yaml.values() if isinstance(v, str))

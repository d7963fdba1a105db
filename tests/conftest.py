"""Fixtures shared by every test area."""

from __future__ import annotations

from pathlib import Path

import pytest

REPO_ROOT = Path(__file__).resolve().parents[1]
SHARED = REPO_ROOT.parent / "shared"
ART = SHARED / "tile-art" / "fluffystuff-riichi"
DEMO = REPO_ROOT / "riichi_table" / "assistant" / "demo"


@pytest.fixture(scope="session")
def repo_root() -> Path:
    """The checkout's root folder."""
    return REPO_ROOT


@pytest.fixture(scope="session")
def shared_dir() -> Path:
    """`../shared` beside the checkout (seeds, tile art, datasets); the test is skipped where it is absent."""
    if not SHARED.is_dir():
        pytest.skip("../shared is not beside the checkout")
    return SHARED


@pytest.fixture(scope="session")
def tile_art_dir(shared_dir: Path) -> Path:
    """The public-domain tile artwork folder."""
    path = shared_dir / "tile-art" / "fluffystuff-riichi"
    if not path.is_dir():
        pytest.skip("tile art is not in ../shared")
    return path


@pytest.fixture(scope="session")
def art_folder() -> Path:
    """The tile art (the test is skipped cleanly without ../shared)."""
    if not (ART / "png" / "Regular").is_dir():
        pytest.skip("the tile art (../shared/tile-art/fluffystuff-riichi) is not here")
    return ART


@pytest.fixture(scope="session")
def renderer(art_folder: Path):
    """A table renderer over the tile art, seeded."""
    from riichi_table.datasets.game_render import TableRenderer
    from riichi_table.datasets.tile_art import load_art

    return TableRenderer(load_art(art_folder), seed=7)


@pytest.fixture(scope="session")
def templates():
    """The built-in demo's tile templates."""
    from riichi_table.vision.live_reader import TileTemplates

    return TileTemplates.load(DEMO / "templates.npz")


@pytest.fixture(scope="session")
def colour_bound_models(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A models folder whose classifier and embedder are the earlier crop classifier with its own features
    (`models/set_check.onnx`, cut by `export_embedder`).

    That classifier learned the inks of the sets it was trained on, so a set in other inks (the recoloured
    art) is a style it never saw: the base it gives reads such a set badly and a profile must lift it, which
    is what the profile machinery and the Teach my tiles flow are proved on. The shipped classifier and
    embedder (`vision/embedder_train.py`) read inks they never saw nearly as well as their own
    (docs/vision.md), so they cannot show that.
    """
    from riichi_table.vision.embedder import EMBEDDER_FILE, SET_CHECK_FILE

    models = REPO_ROOT / "models"
    folder = tmp_path_factory.mktemp("colour-bound-models")
    for name in ("localizer.onnx", "confidence_calibration.json"):
        (folder / name).symlink_to(models / name)
    for name in ("classifier.onnx", EMBEDDER_FILE):
        (folder / name).symlink_to(models / SET_CHECK_FILE)
    return folder

"""Fixtures of the live-table tests: the tile art (skips cleanly without ../shared), a renderer."""

from __future__ import annotations

from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
ART = ROOT / ".." / "shared" / "tile-art" / "fluffystuff-riichi"
DEMO = ROOT / "webui" / "demo"


@pytest.fixture(scope="session")
def art_folder() -> Path:
    if not (ART / "png" / "Regular").is_dir():
        pytest.skip("the tile art (../shared/tile-art/fluffystuff-riichi) is not here")
    return ART


@pytest.fixture(scope="session")
def renderer(art_folder: Path):
    from datasets.game_render import TableRenderer
    from datasets.tile_art import load_art

    return TableRenderer(load_art(art_folder), seed=7)


@pytest.fixture(scope="session")
def templates():
    from vision.live_reader import TileTemplates

    return TileTemplates.load(DEMO / "templates.npz")

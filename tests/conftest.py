"""Fixtures shared by every test area."""

from __future__ import annotations

from pathlib import Path

import pytest

REPO_ROOT = Path(__file__).resolve().parents[1]
SHARED = REPO_ROOT.parent / "shared"


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

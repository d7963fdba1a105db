"""A wheel built from the repository installs, imports and runs in a fresh environment beside the common
`datasets` package (Hugging Face's), and the editable install that `make` sets up runs the same commands.

Slow: it builds a wheel and installs it with its dependencies from the package index into a new venv.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SAMPLE = ROOT / "datasets" / "samples" / "synth" / "images" / "train" / "synth_2024_000000.jpg"
pytestmark = pytest.mark.slow


def _run(cmd: list[str], cwd: Path, timeout: float = 600) -> subprocess.CompletedProcess[str]:
    done = subprocess.run(cmd, cwd=cwd, capture_output=True, text=True, timeout=timeout)
    assert done.returncode == 0, f"{' '.join(cmd)} failed:\n{done.stdout[-3000:]}\n{done.stderr[-3000:]}"
    return done


def _serve_demo_briefly(command: Path, workdir: Path) -> dict[str, object]:
    """Start `riichi-table serve --source demo` on a free port, read the live state once, stop it."""
    env = dict(os.environ, RIICHI_TABLE_DATA=str(workdir / "data"))
    proc = subprocess.Popen(
        [str(command), "serve", "--source", "demo", "--port", "0"],
        cwd=workdir,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        assert proc.stdout is not None
        line = proc.stdout.readline()
        assert "serving http://" in line, (
            f"no start-up line: {line!r} {proc.stderr.read() if proc.poll() else ''}"
        )
        url = line.split("serving ", 1)[1].split()[0]
        deadline = time.monotonic() + 30
        state: dict[str, object] = {}
        while time.monotonic() < deadline:
            with urllib.request.urlopen(url + "api/table", timeout=10) as response:
                state = json.loads(response.read())
            camera = (
                state.get("health", {}).get("camera", {}) if isinstance(state.get("health"), dict) else {}
            )
            if isinstance(camera, dict) and camera.get("state") not in (None, "stopped"):
                break
            time.sleep(0.5)
        return state
    finally:
        proc.terminate()
        proc.wait(timeout=30)


def _check_commands(bin_dir: Path, workdir: Path) -> None:
    command = bin_dir / "riichi-table"
    helped = _run([str(command), "--help"], workdir)
    assert "serve" in helped.stdout and "score" in helped.stdout
    scored = _run(
        [str(command), "score", "234m456p789s66s11z", "--win", "6s", "--tsumo", "--riichi", "--json"], workdir
    )
    result = json.loads(scored.stdout)
    # seed 001 fu table: 20 base + concealed pon of simples 4 + double-wind pair (East) 4 + tsumo 2 -> 30;
    # riichi + menzen tsumo 2 han; the East dealer's tsumo at 2 han 30 fu is 1000 from each.
    assert result["han"] == 2 and result["fu"] == 30 and result["payments"] == {"all": 1000}
    out = workdir / "detections"
    _run([str(command), "detect", str(SAMPLE), "--out", str(out)], workdir)  # the shipped models are packaged
    assert any(out.iterdir())
    state = _serve_demo_briefly(command, workdir)
    assert "health" in state, state


def test_a_wheel_installs_and_runs_beside_the_datasets_package(tmp_path: Path) -> None:
    dist = tmp_path / "dist"
    _run(
        [
            sys.executable,
            "-m",
            "pip",
            "wheel",
            "--no-deps",
            "--no-build-isolation",
            "-q",
            "-w",
            str(dist),
            str(ROOT),
        ],
        tmp_path,
    )
    wheel = next(dist.glob("riichi_table-*.whl"))
    venv = tmp_path / "venv"
    _run([sys.executable, "-m", "venv", str(venv)], tmp_path)
    python = venv / "bin" / "python"
    _run(
        [str(python), "-m", "pip", "install", "-q", "--disable-pip-version-check", str(wheel), "datasets"],
        tmp_path,
    )

    # Both import, each under its own name; nothing of ours sits at the top level of site-packages.
    probe = _run(
        [
            str(python),
            "-c",
            "import datasets, riichi_table.datasets, riichi_table.engine, riichi_table.assistant, sys, json;"
            "print(json.dumps([hasattr(datasets, 'load_dataset'), riichi_table.datasets.__name__]))",
        ],
        tmp_path,
    )
    assert json.loads(probe.stdout) == [True, "riichi_table.datasets"]
    site = Path(
        _run(
            [str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"], tmp_path
        ).stdout.strip()
    )
    for generic in ("engine", "vision", "device", "webui"):
        assert not (site / generic).exists(), f"the wheel installed a top-level {generic!r} package"
    _check_commands(venv / "bin", tmp_path)


def test_the_editable_install_runs_the_same_commands_from_any_folder(tmp_path: Path) -> None:
    _check_commands(Path(sys.executable).parent, tmp_path)

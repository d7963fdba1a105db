"""Hands per second for scoring and for waits: this engine, the `mahjong` package and riichienv, one run.

    .venv/bin/python bench/engine.py [N]      (or `batch`: only the `riichi-table batch` comparison)

The engine measured is the compiled one where scripts/build_native.py has built it and it matches the
sources, else the pure-Python one; `RIICHI_TABLE_PURE_ENGINE=1` asks for the pure one. The first line says.

All three score the same N random complete hands (tests/engine/engine_hand_gen.py) under matching rules,
and compute waits/shanten of the same 13-tile hands (each complete hand less its winning tile). Printed:
hands/second for each and our ratio to each peer. Input conversion is done before timing for every engine.
"""

from __future__ import annotations

import gc
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "engine"))

from engine_hand_gen import random_request  # noqa: E402
from riichi_table.engine.batch import win_input_from_request  # noqa: E402
from riichi_table.engine.hand import shanten, shanten_and_waits  # noqa: E402
from riichi_table.engine.rules import resolve_rules  # noqa: E402
from riichi_table.engine.score import score  # noqa: E402
from riichi_table.engine.tiles import parse_tiles  # noqa: E402

WRC = resolve_rules("wrc")


def _rate(n: int, fn) -> tuple[float, float]:  # type: ignore[no-untyped-def]
    """Hands per second of CPU time: the first pass (caches cold, as a fresh process meets these hands) and
    the best of two more (caches warm: every per-suit pattern of these hands seen before). CPU time because
    the dev box is shared and wall time is not this process's alone."""
    times = []
    for _ in range(3):
        start = time.process_time()
        fn()
        times.append(time.process_time() - start)
    return n / times[0], n / min(times[1:])


def main() -> None:
    import mahjong_oracle

    if sys.argv[1:2] == ["batch"]:  # only the batch-command comparison
        _batch_command(10000, mahjong_oracle.HandCalculator())
        return
    if len(sys.argv) > 1 and not sys.argv[1].isdigit():
        sys.exit(f"usage: bench/engine.py [N | batch] (N: random hands, 5000 by default): {sys.argv[1]!r}")
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 5000

    rng = random.Random(1)
    reqs = [random_request(rng, mahjong_oracle.OUR_RULES) for _ in range(n)]
    ours_in = [win_input_from_request(r) for r in reqs]
    mj_in = [mahjong_oracle.mahjong_args(r) for r in reqs]
    hands13 = []
    for r, w in zip(reqs, ours_in, strict=True):
        counts = [0] * 34
        for t in parse_tiles(r["hand"]):
            counts[t.kind] += 1
        hands13.append((counts, len(w.melds), [m.tiles for m in w.melds]))
    # the prepared inputs are long-lived: keep the collector from walking them inside the timed passes
    gc.collect()
    gc.freeze()
    rows: dict[str, tuple[tuple[float, float], tuple[float, float]]] = {}

    rows["riichi-table"] = (
        _rate(n, lambda: [score(w) for w in ours_in]),
        _rate(n, lambda: [shanten_and_waits(c, t, WRC) for c, _, t in hands13]),
    )
    calc = mahjong_oracle.HandCalculator()
    from mahjong.shanten import Shanten

    sh = Shanten()
    rows["mahjong 2.1.0"] = (
        _rate(n, lambda: [calc.estimate_hand_value(**a) for a in mj_in]),
        _rate(
            n,
            lambda: [
                sh.calculate_shanten(c) if m == 0 else sh.calculate_shanten_for_regular_hand(c)
                for c, m, _ in hands13
            ],
        ),
    )
    try:
        import riichienv
        from riichienv_oracle import riichienv_score
    except ImportError:
        riichienv = None
    if riichienv is not None:
        hands136 = [
            [k * 4 + i for k, c in enumerate(counts) for i in range(c)] for counts, m, _ in hands13 if m == 0
        ]
        closed_n = len(hands136)
        score_rate = _rate(n, lambda: [riichienv_score(r) for r in reqs])
        shanten_rate = _rate(closed_n, lambda: [riichienv.calculate_shanten(h) for h in hands136])
        rows["riichienv (incl. Python-side conversion)"] = (score_rate, shanten_rate)
    ours_score, ours_waits = rows["riichi-table"]
    print(_build_line())
    print(f"{n} random complete hands; waits on the same hands less the winning tile")
    print("hands/second of CPU time, cold (first pass) / warm (best of two more); ratio = ours / theirs")
    print(f"{'engine':<42} {'score/s':>17} {'waits/s':>19} {'ours/score':>13} {'ours/waits':>13}")
    for name, (s_rate, w_rate) in rows.items():
        print(
            f"{name:<42} {s_rate[0]:>8.0f}/{s_rate[1]:<8.0f} {w_rate[0]:>9.0f}/{w_rate[1]:<9.0f} "
            f"{ours_score[0] / s_rate[0]:>5.2f}/{ours_score[1] / s_rate[1]:<5.2f}x "
            f"{ours_waits[0] / w_rate[0]:>5.2f}/{ours_waits[1] / w_rate[1]:<5.2f}x"
        )
    print("(mahjong's 'waits' column is its shanten; riichienv's is its shanten on closed hands)")
    _random_hands(n, sh, riichienv)
    _batch_command(10000, calc)


def _batch_command(n: int, calc) -> None:  # type: ignore[no-untyped-def]
    """`riichi-table batch` over n random score requests as a separate process, start-up, parsing, checks and
    JSON output included (wall time), against the mahjong package scoring the same requests in-process
    (requests converted to its arguments before timing, start-up not). Best of three each."""
    import json
    import os
    import subprocess
    import tempfile

    import mahjong_oracle

    rng = random.Random(3)
    reqs = [random_request(rng, mahjong_oracle.OUR_RULES) for _ in range(n)]
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "requests.jsonl"
        path.write_text("".join(json.dumps({"op": "score", "id": i, **r}) + "\n" for i, r in enumerate(reqs)))
        # Bytecode compiled once and kept (in a folder of its own, not the source tree), as pip compiles an
        # installed package: an untimed first run writes it. Where the environment forbids writing bytecode
        # (PYTHONDONTWRITEBYTECODE, as on the dev box) every start compiles the sources: measured too.
        env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
        cached = [sys.executable, "-X", f"pycache_prefix={tmp}/pycache"]
        batch = ["-m", "riichi_table", "batch", str(path), "-o", os.devnull]
        subprocess.run([*cached, *batch], check=True, env=env)
        ours, ours_cpu = _runs([*cached, *batch], env)
        cores = os.cpu_count() or 1
        spread = _runs([*cached, *batch, "--jobs", str(cores)], env) if cores > 1 else None
        compiling = _runs([sys.executable, *batch], None) if "PYTHONDONTWRITEBYTECODE" in os.environ else None
        floors = {name: _process_cpu([*cached, *cmd], 3, env) for name, cmd in _floor_commands(path).items()}
        # converted before timing: the peer only scores
        mj_in = [mahjong_oracle.mahjong_args(r) for r in reqs]
        paired = _paired_ratios(path, mj_in, calc, 7)
    theirs, theirs_cpu = [], []
    for _ in range(3):
        start, cpu = time.perf_counter(), time.process_time()
        for a in mj_in:
            calc.estimate_hand_value(**a)
        theirs.append(time.perf_counter() - start)
        theirs_cpu.append(time.process_time() - cpu)
    ours_in = [win_input_from_request(r) for r in reqs]  # converted before timing, like the peer's
    scorer_cpu = []
    for _ in range(3):
        cpu = time.process_time()
        for w in ours_in:
            score(w)
        scorer_cpu.append(time.process_time() - cpu)
    print(f"\n`riichi-table batch` over {n} random score requests (a process, start-up included)")
    print(_build_line())
    print(f"{'':<42} {'wall s':>8} {'CPU s':>8}")
    print(f"{'riichi-table batch (process)':<42} {min(ours):>8.2f} {min(ours_cpu):>8.2f}")
    if spread is not None:
        name = f"(the same, --jobs {cores}: one process a core)"
        print(f"{name:<42} {min(spread[0]):>8.2f} {min(spread[1]):>8.2f}")
    if compiling is not None:
        name = "(the same, sources compiled at each start)"
        print(f"{name:<42} {min(compiling[0]):>8.2f} {min(compiling[1]):>8.2f}")
    print(f"{'mahjong 2.1.0 in-process':<42} {min(theirs):>8.2f} {min(theirs_cpu):>8.2f}")
    print(f"{'(our scorer alone in-process, the same way)':<42} {'':>8} {min(scorer_cpu):>8.2f}")
    wall, cpu = min(theirs) / min(ours), min(theirs_cpu) / min(ours_cpu)
    print(f"ours / theirs speed: {wall:.2f}x wall, {cpu:.2f}x CPU (CPU: the fair figure on a shared machine)")
    paired.sort()
    print(
        f"alternated, {len(paired)} rounds of one process and one peer pass each: CPU ratio median "
        f"{paired[len(paired) // 2]:.2f}x (from {paired[0]:.2f}x to {paired[-1]:.2f}x; the host's speed "
        "drifts between the blocks above, a round's two runs sit side by side)"
    )
    if spread is not None:
        print(
            f"with --jobs {cores}: {min(theirs) / min(spread[0]):.2f}x wall (the peer uses one core; "
            "the wall figure means something only where the cores are free)"
        )
    print("what any such process pays before scoring a hand (CPU s, best of three):")
    for name, cpu_s in floors.items():
        print(f"  {name:<62} {cpu_s:>6.2f}")
    print(f"  2x the peer would need the whole process within {min(theirs_cpu) / 2:.2f} CPU s")


def _build_line() -> str:
    """Which engine this run measures (the batch processes it starts inherit the same environment)."""
    from riichi_table.engine import native

    build = "compiled by mypyc" if native.BUILD == "compiled" else f"pure Python ({native.REASON})"
    return f"engine build measured: {build}; RIICHI_TABLE_PURE_ENGINE=1 measures the pure-Python one"


def _paired_ratios(path: Path, mj_in: list, calc, rounds: int) -> list[float]:  # type: ignore[type-arg,no-untyped-def]
    """Peer CPU s / ours CPU s per round, the two run one after the other in each round: one `riichi-table
    batch` process (bytecode kept, as above) and one pass of the peer over the same requests."""
    import os
    import tempfile

    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    ratios = []
    with tempfile.TemporaryDirectory() as tmp:
        command = [sys.executable, "-X", f"pycache_prefix={tmp}", "-m", "riichi_table", "batch", str(path)]
        command += ["-o", os.devnull]
        _runs(command, env, 1)  # writes the bytecode
        for _ in range(rounds):
            ours = _runs(command, env, 1)[1][0]
            cpu = time.process_time()
            for a in mj_in:
                calc.estimate_hand_value(**a)
            ratios.append((time.process_time() - cpu) / ours)
    return ratios


def _runs(command: list[str], env: dict[str, str] | None, times: int = 3) -> tuple[list[float], list[float]]:
    """Wall and CPU seconds (user + system) of `times` runs of a child process."""
    import resource
    import subprocess

    walls, cpus = [], []
    for _ in range(times):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.perf_counter()
        subprocess.run(command, check=True, env=env)
        walls.append(time.perf_counter() - start)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpus.append(after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
    return walls, cpus


def _floor_commands(path: Path) -> dict[str, list[str]]:
    """Processes that do the batch's fixed work and no scoring: start-up with the engine imported, then also
    reading every request line as JSON and writing a typical answer line per request."""
    answer = (
        '{"id":0,"ok":true,"han":3,"fu":40,"yaku":[["riichi",1],["menzen_tsumo",1],["dora",1]],"yakuman":0,'
        '"limit":null,"points":5200,"payments":{"dealer":2600,"non_dealer":1300},"total":5200,'
        '"fu_detail":[["base",20],["closed pon 5m",4],["kanchan wait",2],["tsumo",2]]}'
    )
    json_io = (  # orjson, as the batch's lines are read and written
        "import json, os, sys, orjson\n"
        "import riichi_table.engine.batch\n"
        f"answer = json.loads({answer!r})\n"
        "with open(sys.argv[1], encoding='utf-8') as lines, open(os.devnull, 'w') as out:\n"
        "    for line in lines:\n"
        "        answer['id'] = orjson.loads(line).get('id')\n"
        "        out.write(orjson.dumps(answer, option=orjson.OPT_APPEND_NEWLINE).decode())\n"
    )
    return {
        "start-up: python + the engine imported (riichi_table.engine.batch)": [
            "-c",
            "import riichi_table.engine.batch",
        ],
        "start-up + JSON in and out for every line, no scoring": ["-c", json_io, str(path)],
    }


def _process_cpu(command: list[str], repeat: int, env: dict[str, str] | None = None) -> float:
    """The least CPU time (user + system) of `repeat` runs of a child process."""
    import resource
    import subprocess

    best = float("inf")
    for _ in range(repeat):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        subprocess.run(command, check=True, env=env)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        best = min(best, after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
    return best


def _random_hands(n: int, sh, riichienv) -> None:  # type: ignore[no-untyped-def]
    """Shanten of random closed 13-tile hands (mostly not tenpai: our waits op then also counts shanten)."""
    rng = random.Random(2)
    wall = [k for k in range(34) for _ in range(4)]
    hands = []
    for _ in range(n):
        counts = [0] * 34
        for k in rng.sample(wall, 13):
            counts[k] += 1
        hands.append(counts)
    rows = {
        "riichi-table shanten_and_waits": _rate(n, lambda: [shanten_and_waits(c, (), WRC) for c in hands]),
        "riichi-table shanten": _rate(n, lambda: [shanten(c, 0) for c in hands]),
        "mahjong 2.1.0 calculate_shanten": _rate(n, lambda: [sh.calculate_shanten(c) for c in hands]),
    }
    if riichienv is not None:
        hands136 = [[k * 4 + i for k, c in enumerate(counts) for i in range(c)] for counts in hands]
        rows["riichienv calculate_shanten"] = _rate(
            n, lambda: [riichienv.calculate_shanten(h) for h in hands136]
        )
    theirs = rows["mahjong 2.1.0 calculate_shanten"]
    print(f"\n{n} random closed 13-tile hands (mostly not tenpai), cold/warm hands/s, ratio to mahjong")
    for name, (cold, warm) in rows.items():
        print(f"{name:<42} {cold:>9.0f}/{warm:<9.0f} {cold / theirs[0]:>5.2f}/{warm / theirs[1]:<5.2f}x")


if __name__ == "__main__":
    main()

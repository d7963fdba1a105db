#!/usr/bin/env bash
# Train the localizer on a bare GPU machine (docs/vision.md "What a GPU run should do next").
#
#   scripts/train_gpu.sh pack   HERE, before the run: packs what the machine lacks into .gpu/ and .whl/
#                               (both ignored by git): one copy of each real photo (train and validation,
#                               split there by source photo), the tile art, and the ultralytics wheels.
#   scripts/train_gpu.sh embedder  THERE (carry .gpu only): trains the tile embedder three times at once on
#                               the one GPU (every style; without the real photos; without the Black art,
#                               `vision/embedder_train.py`) until $DEADLINE seconds after the start, and
#                               copies each .onnx, its weights and one log into $OUT.
#   scripts/train_gpu.sh run    THERE (carry .gpu and .whl): installs the wheels into /tmp/site and links
#                               this package there, renders the synthetic data, makes close-ups of the training
#                               photos, trains for $MINUTES, exports ONNX and copies it with results.csv
#                               and the best weights into $OUT.
#
# The device tool carries at most 64 MiB with the checkout (~18 MB): the real photos are 72 MB with their
# three augmented copies, so one copy of each is packed (~21 MB); polars' runtime wheel alone is 50 MB, so
# unless .whl holds a polars wheel a stand-in module answers the one call ultralytics' trainer makes
# (read results.csv into a dict). One device call runs at most 10 minutes: keep MINUTES + ~3 minutes of
# set-up and rendering inside it; to go on in a second call, carry the returned best.pt as .gpu/start.pt.
#
# Settings (environment): MINUTES (6; 0 = use EPOCHS), EPOCHS (60), SCALE (n; t = the shipped localizer's
# width), IMGSZ (640), START (.gpu/start.pt; e.g. models/localizer.onnx with SCALE=t), BATCH (64),
# DEVICE (0), SCENES (3000), CLOSEUP_SCENES (1500), CLOSEUPS (2 per real training image), WORKERS (12),
# RENDER_WORKERS (14), ZOOM (0.9), LR0 (0.003; 0.001 when going on from .gpu/start.pt), SAVE_PERIOD (0; N
# keeps every Nth epoch's weights and brings them and last.pt back in epochs.tar), PYTHON (python3),
# SITE (/tmp/site), WORK (/tmp/rt-gpu); for `embedder`: DEADLINE (500 s), PER_CLASS (400), COPIES (3),
# WIDTHS (32,64,128,256; 16,32,64,128 for a network a quarter the cost), NAMES (which networks: all,
# no-hk-real, no-Black, each optionally :WIDTHS); for `pack`: PACK_SOURCES (all)
# keeps only that many source photos (a quick check), HK and ART (the ../shared folders).
set -euo pipefail
cd "$(dirname "$0")/.."

python=${PYTHON:-python3}
site=${SITE:-/tmp/site}
work=${WORK:-/tmp/rt-gpu}

pack() {
    local hk=${HK:-../shared/datasets/hk-real-train} art=${ART:-../shared/tile-art/fluffystuff-riichi}
    rm -rf .gpu && mkdir -p .gpu/hk/images .gpu/hk/labels .gpu/hk/ignore
    cp -r "$art" .gpu/art
    # one augmented copy per source photo (the name before `.rf.`), the first by name
    "$python" - "$hk" "${PACK_SOURCES:-0}" <<'EOF'
import shutil, sys
from pathlib import Path
hk, limit = Path(sys.argv[1]), int(sys.argv[2])
seen = {}
for image in sorted((hk / "images").iterdir()):
    seen.setdefault(image.name.split(".rf.", 1)[0], image)
chosen = list(seen.values())[: limit or None]
for image in chosen:
    shutil.copy(image, Path(".gpu/hk/images") / image.name)
    for part in ("labels", "ignore"):
        txt = hk / part / f"{image.stem}.txt"
        if txt.is_file():
            shutil.copy(txt, Path(".gpu/hk") / part / txt.name)
print(f"packed {len(chosen)} of {len(seen)} source photos")
EOF
    mkdir -p .whl
    if ! ls .whl/ultralytics-*.whl >/dev/null 2>&1; then
        "$python" -m pip download -q --no-deps --only-binary=:all: --python-version 3.12 --implementation cp \
            --platform manylinux_2_28_x86_64 --platform manylinux_2_17_x86_64 --platform manylinux2014_x86_64 \
            -d .whl ultralytics==8.4.190 ultralytics-thop==2.2.3 ultralytics-platform==0.1.99
    fi
    du -sh .gpu .whl
}

install() {
    mkdir -p "$site"
    "$python" -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --upgrade --target "$site" .whl/*.whl
    if ! ls .whl/polars-*.whl >/dev/null 2>&1; then
        mkdir -p "$site/polars"
        cat >"$site/polars/__init__.py" <<'EOF'
"""Stand-in for polars on a machine without it: ultralytics' trainer only reads results.csv into a dict."""

import csv
import io


class _Frame:
    def __init__(self, columns):
        self._columns = columns

    def to_dict(self, as_series=True):
        return {k: list(v) for k, v in self._columns.items()}


def _value(text):
    try:
        return float(text)
    except ValueError:
        return text


def read_csv(source, infer_schema_length=None, **_):
    text = source.decode() if isinstance(source, bytes) else open(source).read()
    reader = csv.DictReader(io.StringIO(text))
    columns = {name.strip(): [] for name in reader.fieldnames or []}
    for row in reader:
        for name, value in row.items():
            columns[name.strip()].append(_value(value.strip()))
    return _Frame(columns)
EOF
    fi
    link_package
}

link_package() {
    # the package as the installed layout has it (pyproject's package-dir), without a build step; run with
    # python -P so that the checkout's own riichi_table/ (the top level only) does not shadow it
    rm -rf "$site/riichi_table" && mkdir -p "$site" && cp -r riichi_table "$site/"
    local part
    for part in engine vision device webui datasets models; do ln -sfn "$PWD/$part" "$site/riichi_table/$part"; done
    export PYTHONPATH="$site${PYTHONPATH:+:$PYTHONPATH}"
}

run() {
    : "${OUT:?set OUT to the folder the results go to}"
    [ -d .gpu/hk/images ] && [ -d .gpu/art ] || { echo "no .gpu/ here: run 'scripts/train_gpu.sh pack' first and carry .gpu and .whl" >&2; exit 2; }
    local t0=$SECONDS
    install
    export YOLO_OFFLINE=1 PYTHONUNBUFFERED=1
    local start=() lr=${LR0:-0.003} warmup=1
    local from=${START:-.gpu/start.pt}  # START: weights to go on from (.pt, or a localizer .onnx to unfold)
    if [ -f "$from" ]; then start=(--weights "$from"); lr=${LR0:-0.001}; warmup=0; fi
    local timing=(--epochs "${EPOCHS:-60}")
    [ "${MINUTES:-6}" != 0 ] && timing+=(--minutes "${MINUTES:-6}")
    echo "installed in $((SECONDS - t0)) s; $("$python" -P -c 'import torch; print(torch.__version__, torch.cuda.is_available())')"
    rm -rf "$work"
    set -o pipefail
    "$python" -P -m riichi_table train recipe --hk .gpu/hk --art .gpu/art --out "$work" --fresh \
        --scale "${SCALE:-n}" --imgsz "${IMGSZ:-640}" --batch "${BATCH:-64}" --device "${DEVICE:-0}" \
        --workers "${WORKERS:-12}" --render-workers "${RENDER_WORKERS:-14}" --zoom "${ZOOM:-0.9}" \
        --scenes "${SCENES:-3000}" --closeup-scenes "${CLOSEUP_SCENES:-1500}" --closeups "${CLOSEUPS:-2}" \
        --lr0 "$lr" --warmup "$warmup" --save-period "${SAVE_PERIOD:-0}" "${start[@]}" "${timing[@]}" \
        --export "$OUT/localizer.onnx" \
        2>&1 | tee "$OUT/train.log" | grep -v $'\r' || true
    [ -f "$OUT/localizer.onnx" ] || { echo "no localizer.onnx was written (see train.log)" >&2; exit 1; }
    cp "$work/run/weights/best.pt" "$OUT/best.pt"
    # the kept epochs and the last, for the reader's benchmark to choose among (one file: $OUT brings 8)
    # (ultralytics keeps the optimizer in epochN.pt: stripped to the half-precision model, ~2 MB each, so
    # that the tar stays under the 16 MiB a returned file may hold: SAVE_PERIOD of a sixth of the epochs)
    if [ "${SAVE_PERIOD:-0}" != 0 ] && ls "$work"/run/weights/epoch*.pt >/dev/null 2>&1; then
        "$python" -P -c 'import sys
from ultralytics.utils.torch_utils import strip_optimizer
for f in sys.argv[1:]:
    strip_optimizer(f)' "$work"/run/weights/epoch*.pt >/dev/null
        tar -cf "$OUT/epochs.tar" -C "$work/run/weights" $(cd "$work/run/weights" && ls epoch*.pt last.pt 2>/dev/null)
    fi
    echo "done in $((SECONDS - t0)) s:"; ls -la "$OUT"
}

embedder() {
    : "${OUT:?set OUT to the folder the results go to}"
    [ -d .gpu/hk/images ] && [ -d .gpu/art ] || { echo "no .gpu/ here: run 'scripts/train_gpu.sh pack' first and carry .gpu" >&2; exit 2; }
    local t0=$SECONDS deadline=${DEADLINE:-500} device=${DEVICE:-cuda} log="$OUT/embedder.log"
    mkdir -p "$work"
    link_package
    export PYTHONUNBUFFERED=1
    local train=("$python" -P -m riichi_table.commands.train_embedder --art .gpu/art --hk .gpu/hk --device "$device"
                 --data "$work/crops.npz" --per-class "${PER_CLASS:-400}" --copies "${COPIES:-3}"
                 --batch "${BATCH:-512}" --widths "${WIDTHS:-32,64,128,256}")
    "${train[@]}" --out "$work/none.onnx" --only-data --workers "${RENDER_WORKERS:-16}" 2>&1 | tee -a "$log"
    # what is left of the deadline, less a minute for the export and the copies
    local minutes
    minutes=$("$python" -c "print(max(0.2, ($deadline - ($SECONDS - $t0) - 60) / 60))")
    echo "set-up took $((SECONDS - t0)) s; training $minutes minutes each" | tee -a "$log"
    local pids=() spec
    for spec in ${NAMES:-all no-hk-real no-Black}; do
        # NAME or NAME:WIDTHS (that network's widths instead of $WIDTHS; the files are named NAME-W0)
        local name=${spec%%:*} widths=() tag=${spec%%:*}
        if [ "$spec" != "$name" ]; then widths=(--widths "${spec#*:}"); tag="$name-${spec#*:}"; tag=${tag%%,*}; fi
        local leave=()
        [ "$name" != all ] && leave=(--leave-out "${name#no-}")
        local start=()
        [ -f ".gpu/start-$tag.pt" ] && start=(--start ".gpu/start-$tag.pt")
        ( "${train[@]}" "${widths[@]}" "${leave[@]}" "${start[@]}" --minutes "$minutes" \
              --out "$OUT/embedder-$tag.onnx" --save "$OUT/embedder-$tag.pt" --seed 1 2>&1 \
              | sed "s/^/[$tag] /" >>"$log" ) &
        pids+=($!)
    done
    wait "${pids[@]}" || true
    echo "done in $((SECONDS - t0)) s" | tee -a "$log"
    grep -E "trained|wrote|Error|error" "$log" | tail -20
    ls -la "$OUT"
}

case "${1:-}" in
    pack) pack ;;
    run) run ;;
    embedder) embedder ;;
    *) echo "usage: scripts/train_gpu.sh pack|run|embedder (see the comment at the top)" >&2; exit 2 ;;
esac

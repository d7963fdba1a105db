#!/usr/bin/env bash
# Set up riichi-table on a fresh Debian machine: a virtual environment in .venv with the package installed
# editable, and, for the test suite, the [dev,train] extras, Debian's chromium (browser tests) and Debian's
# postgresql (the club server's PostgreSQL store is tested against a throw-away cluster).
#   scripts/setup.sh          the assistant only (OpenCV, onnxruntime, Flask, pyserial; no torch)
#   scripts/setup.sh --full   plus test tools, training (ultralytics, torch CPU), chromium and postgresql
# Then the engine's scoring path is compiled with mypyc where mypyc (a [dev] tool) and a C compiler are at
# hand (scripts/build_native.py; nothing is done when the build matches the sources); elsewhere the engine
# runs as pure Python, as the script says.
set -euo pipefail
cd "$(dirname "$0")/.."

python=${PYTHON:-python3}
extras=""
[ "${1:-}" = "--full" ] && extras="[dev,train]"

[ -x .venv/bin/python ] || "$python" -m venv .venv
.venv/bin/python -m pip install -q --disable-pip-version-check -U pip setuptools wheel
.venv/bin/python -m pip install -q --disable-pip-version-check -e ".${extras}"
.venv/bin/python -P scripts/build_native.py

if [ -n "$extras" ] && ! command -v chromium >/dev/null 2>&1; then
    if [ "$(id -u)" = 0 ]; then
        apt-get update -q && DEBIAN_FRONTEND=noninteractive apt-get install -y -q chromium
    else
        sudo apt-get update -q && sudo DEBIAN_FRONTEND=noninteractive apt-get install -y -q chromium
    fi
fi

# The PostgreSQL tests start their own cluster with initdb + pg_ctl; the package's own service is not needed.
if [ -n "$extras" ] && ! ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1; then
    if [ "$(id -u)" = 0 ]; then
        DEBIAN_FRONTEND=noninteractive apt-get install -y -q postgresql || {
            apt-get update -q && DEBIAN_FRONTEND=noninteractive apt-get install -y -q postgresql; }
    else
        sudo apt-get update -q && sudo DEBIAN_FRONTEND=noninteractive apt-get install -y -q postgresql
    fi
fi

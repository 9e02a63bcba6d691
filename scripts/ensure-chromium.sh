#!/usr/bin/env bash
# Make sure a Chromium the browser tests can drive is available.
# 1. Debian's chromium already on PATH -> nothing to do.
# 2. root with apt-get -> install Debian's chromium.
# 3. otherwise -> Playwright's own browser build.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

if command -v chromium >/dev/null 2>&1; then
    # The Debian launcher script may print shell noise on stderr; keep only the version.
    echo "ensure-chromium: found $(command -v chromium): $(chromium --version 2>/dev/null || true)"
    exit 0
fi

if [ "$(id -u)" -eq 0 ] && command -v apt-get >/dev/null 2>&1; then
    echo "ensure-chromium: installing Debian's chromium with apt-get"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    apt-get install -y --no-install-recommends chromium
    echo "ensure-chromium: installed $(chromium --version 2>/dev/null || true)"
    exit 0
fi

echo "ensure-chromium: no chromium on PATH and cannot apt-get; installing Playwright's chromium"
.venv/bin/python -m playwright install chromium
echo "ensure-chromium: Playwright's chromium installed"

#!/usr/bin/env bash
# Make sure a command the tests need is available:
#   scripts/ensure-tool.sh chromium   the browser tests drive it
#   scripts/ensure-tool.sh php        the WordPress plugin's tests run its functions
# 1. already on PATH -> nothing to do.
# 2. root with apt-get -> install Debian's packages (chromium and its headless shell, which
#    the browser tests run; php-cli).
# 3. otherwise -> chromium: Playwright's own browser build; php: say what to install, and fail.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

tool="${1:-}"
case "$tool" in
    # Each command the tool needs, and Debian's package that has it.
    # The Debian launcher script may print shell noise on stderr; keep only the version.
    chromium) needs=(chromium:chromium chromium-headless-shell:chromium-headless-shell)
              version() { chromium --version 2>/dev/null || true; } ;;
    php) needs=(php:php-cli); version() { php -r 'echo "PHP ", PHP_VERSION;' 2>/dev/null || true; } ;;
    *) echo "usage: scripts/ensure-tool.sh chromium|php" >&2; exit 2 ;;
esac

missing=()  # the packages of the commands not on PATH: only those are installed, nothing upgraded
for need in "${needs[@]}"; do
    command -v "${need%%:*}" >/dev/null 2>&1 || missing+=("${need#*:}")
done

if [ ${#missing[@]} -eq 0 ]; then
    echo "ensure-tool: found $(command -v "$tool"): $(version)"
    exit 0
fi

if [ "$(id -u)" -eq 0 ] && command -v apt-get >/dev/null 2>&1; then
    echo "ensure-tool: installing Debian's ${missing[*]} with apt-get"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    apt-get install -y --no-install-recommends "${missing[@]}"
    echo "ensure-tool: installed $(version)"
    exit 0
fi

if [ "$tool" = chromium ] && command -v chromium >/dev/null 2>&1; then
    echo "ensure-tool: found $(command -v chromium): $(version); the tests run it (its headless shell, Debian's" \
         "chromium-headless-shell, would be quicker)"
    exit 0
fi

if [ "$tool" = chromium ]; then
    echo "ensure-tool: no chromium on PATH and cannot apt-get; installing Playwright's chromium"
    .venv/bin/python -m playwright install chromium
    echo "ensure-tool: Playwright's chromium installed"
    exit 0
fi
echo "ensure-tool: no php on PATH and cannot apt-get: install a PHP command line" \
     "(Debian/Ubuntu: sudo apt-get install php-cli; macOS: brew install php), then run make test again" >&2
exit 1

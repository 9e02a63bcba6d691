#!/usr/bin/env bash
# Make sure a PHP command line exists: the WordPress plugin's tests run its functions.
# 1. php already on PATH -> nothing to do.
# 2. root with apt-get -> install Debian's php-cli.
# 3. otherwise -> say what to install, and fail.
set -euo pipefail

if command -v php >/dev/null 2>&1; then
    echo "ensure-php: found $(command -v php): $(php -r 'echo PHP_VERSION;' 2>/dev/null || true)"
    exit 0
fi

if [ "$(id -u)" -eq 0 ] && command -v apt-get >/dev/null 2>&1; then
    echo "ensure-php: installing Debian's php-cli with apt-get"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    apt-get install -y --no-install-recommends php-cli
    echo "ensure-php: installed PHP $(php -r 'echo PHP_VERSION;')"
    exit 0
fi

echo "ensure-php: no php on PATH and cannot apt-get: install a PHP command line" \
     "(Debian/Ubuntu: sudo apt-get install php-cli; macOS: brew install php), then run make test again" >&2
exit 1

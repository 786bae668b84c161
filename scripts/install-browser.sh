#!/usr/bin/env bash
# Installs Debian's Chromium and ChromeDriver (plus an emoji font, so screenshots show cards and
# symbols) for the sandbox browser tests, where it can. CI runs as root on a fresh Debian
# machine: there this installs them. Elsewhere (not root, or no apt-get) it says why it did not,
# and the browser tests skip with that reason.
set -euo pipefail

have_all() {
    command -v chromium >/dev/null 2>&1 && command -v chromedriver >/dev/null 2>&1 \
        && { ! command -v dpkg >/dev/null 2>&1 || dpkg -s fonts-noto-color-emoji >/dev/null 2>&1; }
}

if have_all; then
    exit 0
fi
if [ "$(id -u)" != "0" ]; then
    echo "install-browser: not root, not installing chromium (browser tests will skip)"
    exit 0
fi
if ! command -v apt-get >/dev/null 2>&1; then
    echo "install-browser: no apt-get, not installing chromium (browser tests will skip)"
    exit 0
fi
echo "install-browser: apt-get install chromium chromium-driver fonts-noto-color-emoji"
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq --no-install-recommends \
    chromium chromium-driver fonts-noto-color-emoji >/dev/null
chromium --version 2>/dev/null || true

#!/usr/bin/env bash
# Installs Debian's Chromium (and fonts) for the browser tests and benchmarks, when it is missing.
# Test tools must not download browsers of their own on this network; this is the one browser they use.
set -euo pipefail
if [ -x /usr/bin/chromium ]; then
  exit 0
fi
if [ "$(id -u)" -ne 0 ]; then
  echo "Chromium is missing: run this script as root (it uses apt-get)." >&2
  exit 1
fi
apt-get update
DEBIAN_FRONTEND=noninteractive apt-get install -y chromium fonts-liberation

#!/usr/bin/env bash
# Installs the Debian packages the tests need, when any is missing (run as root: it uses apt-get):
# - Chromium and fonts for the browser tests and benchmarks. Test tools must not download browsers of
#   their own on this network; this is the one browser they use.
# - bash, curl, jq, python3 and python3-requests for the guides' code, which website/test/guideRuns.test.ts
#   runs against the sandbox in every language tab (JavaScript runs with the node that runs the tests).
# - a JDK (javac) for the generated Java code samples, which sandbox/src/codeSamples.test.ts compiles.
set -euo pipefail
packages=(chromium fonts-liberation bash curl jq python3 python3-requests openjdk-17-jdk-headless)
missing=()
for package in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q 'install ok installed'; then
    missing+=("$package")
  fi
done
if [ "${#missing[@]}" -eq 0 ]; then
  exit 0
fi
if [ "$(id -u)" -ne 0 ]; then
  echo "Missing Debian packages: ${missing[*]}. Run this script as root (it uses apt-get)." >&2
  exit 1
fi
apt-get update
DEBIAN_FRONTEND=noninteractive apt-get install -y "${missing[@]}"

#!/bin/sh
# Installs Chromium from the operating system's packages (Debian or Ubuntu), the only browser the
# tests and the scanner use: nothing downloads a browser of its own.
set -eu

for candidate in "${CHROMIUM_PATH:-}" /usr/bin/chromium /usr/bin/chromium-browser; do
  if [ -n "$candidate" ] && [ -x "$candidate" ]; then
    echo "Chromium is already installed: $candidate"
    exit 0
  fi
done

if ! command -v apt-get >/dev/null 2>&1; then
  echo "No apt-get on this machine: install Chromium with the system's package manager, or set CHROMIUM_PATH to a Chromium or Chrome binary." >&2
  exit 1
fi

if [ "$(id -u)" -eq 0 ]; then
  as_root=""
elif command -v sudo >/dev/null 2>&1; then
  as_root="sudo"
else
  echo "Installing Chromium needs root: run 'npm run setup:chromium' as root." >&2
  exit 1
fi

$as_root apt-get update
$as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends chromium

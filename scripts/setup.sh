# Sourced by scripts/serve and scripts/test: makes .venv with the pinned packages.
# Quick and harmless when run again: it reinstalls only when a requirements file changed.
# The stamp (.venv/.installed-<hash of the requirements>) is written only once the install
# works (scripts/check_install.py imports what the server loads), so a failed or partial
# install is tried again at the next run.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

as_root() { if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi; }

apt_install() {  # apt_install PACKAGE...: install Debian packages, updating the lists once
    if [ -z "${APT_UPDATED:-}" ]; then as_root apt-get update -qq; APT_UPDATED=1; fi
    DEBIAN_FRONTEND=noninteractive as_root apt-get install -y -qq "$@" >/dev/null
}

PYTHON=${PYTHON:-python3}
if ! "$PYTHON" -c 'import ensurepip, venv' 2>/dev/null; then
    apt_install python3-venv
fi
if [ ! -x .venv/bin/python ]; then
    "$PYTHON" -m venv .venv
fi
stamp=.venv/.installed-$(cat "$@" | sha256sum | cut -c1-16)
if [ ! -f "$stamp" ]; then
    rm -f .venv/.installed-*
    .venv/bin/python -m pip install -q --upgrade pip
    for req in "$@"; do .venv/bin/python -m pip install -q -r "$req"; done
    .venv/bin/python scripts/check_install.py
    touch "$stamp"
fi

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

# The interpreter: $PYTHON if set; else Debian's own python3 when it is 3.11 or newer, else the
# python3 first on PATH. Debian builds its interpreter with profile-guided and link-time
# optimisation, linked into the binary: the server's work for a step is about a tenth less than
# on a plain build of the same version, such as pyenv's (README, "Benchmarks").
if [ -z "${PYTHON:-}" ]; then
    PYTHON=python3
    if /usr/bin/python3 -c 'import sys; sys.exit(sys.version_info < (3, 11))' 2>/dev/null; then
        PYTHON=/usr/bin/python3
    fi
fi
if ! "$PYTHON" -c 'import ensurepip, venv' 2>/dev/null; then
    apt_install python3-venv
fi
# a .venv made by another interpreter (or before this line kept which) is made again
made_by=$("$PYTHON" -c 'import os, sys; print(os.path.realpath(sys.executable))')
if [ -x .venv/bin/python ] && [ "$(cat .venv/.python 2>/dev/null)" != "$made_by" ]; then
    rm -rf .venv
fi
if [ ! -x .venv/bin/python ]; then
    "$PYTHON" -m venv .venv
    echo "$made_by" > .venv/.python
fi
stamp=.venv/.installed-$(cat "$@" | sha256sum | cut -c1-16)
if [ ! -f "$stamp" ]; then
    rm -f .venv/.installed-*
    .venv/bin/python -m pip install -q --upgrade pip
    for req in "$@"; do .venv/bin/python -m pip install -q -r "$req"; done
    .venv/bin/python scripts/check_install.py
    touch "$stamp"
fi

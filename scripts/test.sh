#!/usr/bin/env bash
# Runs the whole test suite — MuJoCo and Simbody cross-checks, the browser viewer in headless
# Chromium, the single-node Slurm sweep — then the Python package's tests. Installs Debian's
# libmujoco-dev, libsimbody-dev, g++, chromium, slurm-wlm, munge and python3-numpy first when
# missing (needs root or sudo).
set -euo pipefail
cd "$(dirname "$0")/.."
missing=()
[ -f /usr/include/mujoco/mujoco.h ] || missing+=(libmujoco-dev)
command -v cc >/dev/null 2>&1 || command -v gcc >/dev/null 2>&1 || missing+=(gcc)
command -v c++ >/dev/null 2>&1 || missing+=(g++)
[ -f /usr/include/simbody/Simbody.h ] || missing+=(libsimbody-dev)
command -v chromium >/dev/null 2>&1 || missing+=(chromium)
command -v slurmctld >/dev/null 2>&1 || missing+=(slurm-wlm)
command -v munged >/dev/null 2>&1 || missing+=(munge)
/usr/bin/python3 -c "import numpy" >/dev/null 2>&1 || missing+=(python3-numpy)
if [ ${#missing[@]} -gt 0 ]; then
	sudo=""
	[ "$(id -u)" -ne 0 ] && sudo=sudo
	$sudo apt-get update -qq
	$sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}"
fi
go vet -tags "mujoco simbody" ./...
go test -tags "mujoco simbody" -count=1 -timeout 15m ./...
bash scripts/build-python.sh
/usr/bin/python3 python/tests/run.py

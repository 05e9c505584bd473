#!/usr/bin/env bash
# Runs the whole test suite, MuJoCo cross-checks included. Installs Debian's
# libmujoco-dev first when its headers are missing (needs root or sudo).
set -euo pipefail
cd "$(dirname "$0")/.."
if [ ! -f /usr/include/mujoco/mujoco.h ]; then
	sudo=""
	[ "$(id -u)" -ne 0 ] && sudo=sudo
	$sudo apt-get update -qq
	$sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq libmujoco-dev
fi
go vet -tags mujoco ./...
go test -tags mujoco -count=1 -timeout 15m ./...

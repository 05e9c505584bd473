#!/usr/bin/env bash
# Regenerates the tables of figures in README.md from the commands that produce them
# (experiments/readme). With no arguments every table is rebuilt (the simulation tables
# run each task at its own duration: minutes); name tables to rebuild only those:
#   bash scripts/readme-figures.sh models crosscheck
# Tables: models, bench, tasks, native, crosscheck, python. Needs ../shared/models beside the
# repository and, for bench/native/crosscheck, Debian's libmujoco-dev.
set -euo pipefail
cd "$(dirname "$0")/.."
go run ./experiments/readme --write "$@"

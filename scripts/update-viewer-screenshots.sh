#!/usr/bin/env bash
# Regenerates the viewer screenshots in docs/img (view-stewart.png, view-excavator.png,
# view-kangaroo.png, replay-stewart.png) with the browser tests that check them
# (package view; needs chromium and ../shared/models beside the checkout).
set -euo pipefail
cd "$(dirname "$0")/.."
ROBOCOMPILER_UPDATE_SCREENSHOTS=1 go test -count=1 -run 'TestViewerInBrowser|TestReplayInBrowser' -v ./view | grep -E 'wrote|FAIL|ok' || true
ls -l docs/img/view-*.png docs/img/replay-*.png

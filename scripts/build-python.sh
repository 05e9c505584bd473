#!/usr/bin/env bash
# Builds the C library (go build -buildmode=c-shared ./capi) into
# python/robocompiler/librobocompiler.so, where the Python package finds it.
# Then: PYTHONPATH=python /usr/bin/python3 -c "import robocompiler; ..."
set -euo pipefail
cd "$(dirname "$0")/.."
out=python/robocompiler/librobocompiler.so
go build -buildmode=c-shared -o "$out.tmp" ./capi
mv "$out.tmp" "$out"
rm -f "$out.h" "${out%.so}.h" python/robocompiler/librobocompiler.so.tmp.h
echo "built $out"

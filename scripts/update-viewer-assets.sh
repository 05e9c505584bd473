#!/usr/bin/env bash
# Vendors three.js into view/assets/three from the npm registry at the pinned version
# THREE_VERSION: the module build, the orbit controls, the STL and OBJ loaders and the
# licence. The viewer embeds these files (go:embed); the page loads nothing from the network.
# Usage: scripts/update-viewer-assets.sh [VERSION]   (default: the pinned version below)
set -euo pipefail
THREE_VERSION="${1:-0.170.0}"
root="$(cd "$(dirname "$0")/.." && pwd)"
dest="$root/view/assets/three"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
(cd "$work" && npm pack --silent "three@$THREE_VERSION" >/dev/null)
tar -xzf "$work"/three-*.tgz -C "$work"
pkg="$work/package"
mkdir -p "$dest"
cp "$pkg/build/three.module.min.js" "$dest/three.module.min.js"
cp "$pkg/examples/jsm/controls/OrbitControls.js" "$dest/OrbitControls.js"
cp "$pkg/examples/jsm/loaders/STLLoader.js" "$dest/STLLoader.js"
cp "$pkg/examples/jsm/loaders/OBJLoader.js" "$dest/OBJLoader.js"
cp "$pkg/LICENSE" "$dest/LICENSE"
echo "$THREE_VERSION" > "$dest/VERSION"
echo "vendored three@$THREE_VERSION into $dest"

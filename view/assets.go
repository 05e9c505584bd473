package view

import "embed"

// assets are the page, its scripts and the vendored three.js (assets/three, see
// scripts/update-viewer-assets.sh).
//
//go:embed assets
var assets embed.FS

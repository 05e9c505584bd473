//go:build !simbody

package main

import (
	"strings"
	"testing"

	"github.com/robocompiler/robocompiler/internal/cli"
)

// TestSimulateSimbodyNeedsTag: without -tags simbody a task with a Simbody run is a usage
// error (exit 2) naming the tag, before anything runs.
func TestSimulateSimbodyNeedsTag(t *testing.T) {
	_, stderr, code := run(t, "simulate", "stewart", "--task", "inspection_simbody", "--out", t.TempDir(), "--duration", "0.01")
	if code != cli.ExitUsage || !strings.Contains(stderr, "-tags simbody") {
		t.Errorf("exit %d, %q; want exit 2 naming -tags simbody", code, stderr)
	}
}

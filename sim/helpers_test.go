package sim

import (
	"testing"

	"github.com/robocompiler/robocompiler"
	"github.com/robocompiler/robocompiler/internal/testfix"
)

// assembled compiles the built-in model name, assembles its default seed and partitions
// it automatically, in a front-door workspace.
func assembled(t testing.TB, name string) *robocompiler.Data {
	t.Helper()
	return testfix.Assembled(t, testfix.Builtin(t, name), "", "").D
}

// column returns the named log column or fails the test.
func column(t testing.TB, l *Log, name string) []float64 {
	t.Helper()
	c, err := l.Column(name)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

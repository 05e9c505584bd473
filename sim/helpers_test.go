package sim

import (
	"testing"

	"github.com/robocompiler/robocompiler/closure"
	"github.com/robocompiler/robocompiler/compile"
	"github.com/robocompiler/robocompiler/internal/testfix"
)

// assembled compiles the built-in model name, assembles its default seed and partitions
// it automatically.
func assembled(t testing.TB, name string) (*compile.Model, []float64, *closure.Partition) {
	t.Helper()
	s := testfix.Assembled(t, testfix.Builtin(t, name), "", "")
	return s.M, s.Q, s.P
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

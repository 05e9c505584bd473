package sim

import (
	"testing"

	"github.com/robocompiler/robocompiler/closure"
	"github.com/robocompiler/robocompiler/compile"
	"github.com/robocompiler/robocompiler/robots"
)

// assembled compiles the built-in model name, assembles its default seed and partitions
// it automatically.
func assembled(t testing.TB, name string) (*compile.Model, []float64, *closure.Partition) {
	t.Helper()
	g, err := robots.Get(name)
	if err != nil {
		t.Fatal(err)
	}
	m, err := compile.Compile(g, compile.Options{})
	if err != nil {
		t.Fatal(err)
	}
	q0, err := m.Seed("")
	if err != nil {
		t.Fatal(err)
	}
	a, err := closure.Assemble(m, q0, closure.AssembleOptions{})
	if err != nil {
		t.Fatal(err)
	}
	p, err := closure.PartitionAt(m, a.Q, nil)
	if err != nil {
		t.Fatal(err)
	}
	return m, a.Q, p
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

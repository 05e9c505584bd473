// Package testfix builds the fixtures that tests across the pipeline share: a built-in
// mechanism's graph, its compiled model, a configuration assembled from a named seed
// holding a named partition request, and the partition there (optionally after
// anchoring support sets). Every failure fails the calling test.
//
// Packages that testfix itself imports (robots, compile, closure, dyn) cannot use it from
// their in-package tests.
package testfix

import (
	"testing"

	"github.com/robocompiler/robocompiler/closure"
	"github.com/robocompiler/robocompiler/cmg"
	"github.com/robocompiler/robocompiler/compile"
	"github.com/robocompiler/robocompiler/dyn"
	"github.com/robocompiler/robocompiler/robots"
)

// Builtin returns the graph of the built-in mechanism name (see robots.Names).
func Builtin(t testing.TB, name string) *cmg.Graph {
	t.Helper()
	g, err := robots.Get(name)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// Compile compiles g with opts.
func Compile(t testing.TB, g *cmg.Graph, opts compile.Options) *compile.Model {
	t.Helper()
	m, err := compile.Compile(g, opts)
	if err != nil {
		t.Fatalf("%s: %v", g.Name, err)
	}
	return m
}

// Request returns the coordinates of m's named partition request ("" gives nil, the
// automatic partition).
func Request(t testing.TB, m *compile.Model, name string) []int {
	t.Helper()
	if name == "" {
		return nil
	}
	req, err := m.PartitionRequest(name)
	if err != nil {
		t.Fatal(err)
	}
	return req
}

// Assemble assembles m from its named seed ("" for the default) holding the coordinates
// hold and returns the feasible configuration (len NQ).
func Assemble(t testing.TB, m *compile.Model, seed string, hold []int) []float64 {
	t.Helper()
	q0, err := m.Seed(seed)
	if err != nil {
		t.Fatal(err)
	}
	a, err := closure.Assemble(m, q0, closure.AssembleOptions{Hold: hold})
	if err != nil {
		t.Fatalf("%s: %v", m.Graph.Name, err)
	}
	return a.Q
}

// Setup is a mechanism ready for evaluation.
type Setup struct {
	// M is the compiled model (with the support constraints when any were named).
	M *compile.Model
	// Q is the assembled configuration (len M.NQ).
	Q []float64
	// P is the partition at Q holding Req.
	P *closure.Partition
	// Req is the requested independent coordinates (nil for the automatic partition).
	Req []int
}

// Assembled compiles g, assembles it from the named seed holding the named partition
// request ("" for the default seed and the automatic partition), anchors the named
// support sets at that pose (dyn.SupportModel) when any are given, and
// partitions it there.
func Assembled(t testing.TB, g *cmg.Graph, seed, request string, supports ...string) *Setup {
	t.Helper()
	m := Compile(t, g, compile.Options{})
	req := Request(t, m, request)
	q := Assemble(t, m, seed, req)
	if len(supports) > 0 {
		ms, err := dyn.SupportModel(m, q, supports)
		if err != nil {
			t.Fatal(err)
		}
		m = ms
	}
	return At(t, m, q, req)
}

// At partitions m at the feasible configuration q holding req.
func At(t testing.TB, m *compile.Model, q []float64, req []int) *Setup {
	t.Helper()
	p, err := closure.PartitionAt(m, q, req)
	if err != nil {
		t.Fatal(err)
	}
	return &Setup{M: m, Q: q, P: p, Req: req}
}

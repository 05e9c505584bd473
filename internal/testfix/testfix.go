// Package testfix builds the fixtures that tests across the pipeline share: a built-in
// mechanism's graph, its compiled model, a configuration assembled from a named seed
// holding a named partition request, and the partition there (optionally after
// anchoring support sets). Every failure fails the calling test.
//
// testfix builds everything through the front door (package robocompiler), so packages
// below it (robots, compile, closure, kin, dyn, mjcf, urdf) use it only from external test
// packages.
package testfix

import (
	"testing"

	"github.com/robocompiler/robocompiler"
	"github.com/robocompiler/robocompiler/closure"
	"github.com/robocompiler/robocompiler/cmg"
	"github.com/robocompiler/robocompiler/compile"
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

// Compile compiles g with opts through the front door.
func Compile(t testing.TB, g *cmg.Graph, opts compile.Options) *compile.Model {
	t.Helper()
	m, err := robocompiler.Compile(g, robocompiler.Options{Eliminate: opts.Eliminate})
	if err != nil {
		t.Fatalf("%s: %v", g.Name, err)
	}
	return m.Model
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
// hold (Data.Assemble) and returns the feasible configuration (len NQ).
func Assemble(t testing.TB, m *compile.Model, seed string, hold []int) []float64 {
	t.Helper()
	d := (&robocompiler.Model{Model: m, Request: hold}).NewData()
	if err := d.Assemble(seed); err != nil {
		t.Fatalf("%s: %v", m.Graph.Name, err)
	}
	return d.Q
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
	// D is a front-door workspace placed at Q with partition P.
	D *robocompiler.Data
}

// Assembled compiles g, assembles it from the named seed holding the named partition
// request ("" for the default seed and the automatic partition), anchors the named
// support sets at that pose (Model.WithSupports) when any are given, and partitions it
// there.
func Assembled(t testing.TB, g *cmg.Graph, seed, request string, supports ...string) *Setup {
	t.Helper()
	m, err := robocompiler.Compile(g, robocompiler.Options{Partition: request})
	if err != nil {
		t.Fatalf("%s: %v", g.Name, err)
	}
	d := m.NewData()
	if err := d.Assemble(seed); err != nil {
		t.Fatalf("%s: %v", g.Name, err)
	}
	if len(supports) > 0 {
		sm, err := m.WithSupports(d.Q, supports)
		if err != nil {
			t.Fatal(err)
		}
		return At(t, sm.Model, d.Q, m.Request)
	}
	return &Setup{M: m.Model, Q: d.Q, P: d.Partition(), Req: m.Request, D: d}
}

// At partitions m at the feasible configuration q holding req and places a workspace there.
func At(t testing.TB, m *compile.Model, q []float64, req []int) *Setup {
	t.Helper()
	p, err := closure.PartitionAt(m, q, req)
	if err != nil {
		t.Fatal(err)
	}
	d := (&robocompiler.Model{Model: m, Request: req}).NewData()
	if err := d.Place(q, p); err != nil {
		t.Fatal(err)
	}
	return &Setup{M: m, Q: d.Q, P: p, Req: req, D: d}
}

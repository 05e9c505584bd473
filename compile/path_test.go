package compile_test

import (
	"runtime"
	"slices"
	"testing"

	"github.com/robocompiler/robocompiler/cmg"
	"github.com/robocompiler/robocompiler/compile"
	"github.com/robocompiler/robocompiler/robots"
)

// TestPaths: on every built-in model (both forms), a four-bar ladder and a chain, each
// comparison's AppendPath equals the path formed from the two root paths (the edges of
// NodeA's below their common prefix, reversed and traversed up, then NodeB's, traversed
// down), its LCA is the
// comparison's, PathLen and ColumnCount give the lengths of AppendPath and AppendColumns,
// the columns are the path joints' (and a retained cut joint's) sorted, both append after
// what the buffer holds, and with a buffer of enough capacity neither allocates.
func TestPaths(t *testing.T) {
	graphs := map[string]*cmg.Graph{"ladder7": robots.FourBarLadder(7), "chain9": robots.Chain(9)}
	for _, name := range robots.Names() {
		g, err := robots.Get(name)
		if err != nil {
			t.Fatal(err)
		}
		graphs[name] = g
	}
	for name, g := range graphs {
		for _, elim := range []bool{false, true} {
			m := mustCompile(t, g, compile.Options{Eliminate: elim})
			for i := range m.Comparisons {
				c := &m.Comparisons[i]
				ra, rb := rootPath(m, c.NodeA), rootPath(m, c.NodeB)
				k := 0
				for k < len(ra) && k < len(rb) && ra[k] == rb[k] {
					k++
				}
				var want []compile.Factor
				var wantCols []int
				for i := len(ra) - 1; i >= k; i-- {
					want = append(want, compile.Factor{Edge: ra[i], Up: true})
				}
				for _, e := range rb[k:] {
					want = append(want, compile.Factor{Edge: e})
				}
				for _, f := range want {
					j := m.Joints[m.Edges[f.Edge].Joint]
					for v := j.V0; v < j.V0+j.NV; v++ {
						wantCols = append(wantCols, v)
					}
				}
				if c.Joint >= 0 {
					j := m.Joints[c.Joint]
					for v := j.V0; v < j.V0+j.NV; v++ {
						wantCols = append(wantCols, v)
					}
				}
				slices.Sort(wantCols)
				lca := compile.Ground
				if k > 0 {
					lca = m.Edges[ra[k-1]].Child
				}
				prefix := []compile.Factor{{Edge: -1}}
				got, gotLCA := m.AppendPath(prefix, c.NodeA, c.NodeB)
				if !slices.Equal(got[1:], want) || got[0].Edge != -1 || gotLCA != lca || c.LCA != lca || m.PathLen(c) != len(want) {
					t.Fatalf("%s (eliminate %v) %s: path %v through %d (comparison's LCA %d, PathLen %d); want %v through %d",
						name, elim, c.ID, got[1:], gotLCA, c.LCA, m.PathLen(c), want, lca)
				}
				cols := m.AppendColumns([]int{-1}, c)
				if !slices.Equal(cols[1:], wantCols) || cols[0] != -1 || m.ColumnCount(c) != len(wantCols) ||
					!slices.Equal(m.AppendBlockColumns(nil, i), wantCols) {
					t.Fatalf("%s (eliminate %v) %s: columns %v (count %d); want %v", name, elim, c.ID, cols[1:], m.ColumnCount(c), wantCols)
				}
				pbuf, cbuf := make([]compile.Factor, 0, len(want)), make([]int, 0, len(wantCols))
				if a := testing.AllocsPerRun(10, func() {
					pbuf, _ = m.AppendPath(pbuf[:0], c.NodeA, c.NodeB)
					cbuf = m.AppendColumns(cbuf[:0], c)
				}); a != 0 {
					t.Fatalf("%s %s: %v allocations per path and columns into a buffer of enough capacity", name, c.ID, a)
				}
			}
		}
	}
}

// compiledBytes returns the heap the compiled model of g holds (bytes).
func compiledBytes(tb testing.TB, g *cmg.Graph) (*compile.Model, int64) {
	tb.Helper()
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	m := mustCompile(tb, g, compile.Options{})
	runtime.GC()
	runtime.ReadMemStats(&after)
	return m, int64(after.HeapAlloc) - int64(before.HeapAlloc)
}

// TestCompiledBytesLinear: the compiled model's memory is linear in the mechanism's size.
// On a four-bar ladder every loop closes through the ground along the two rails, so the
// comparisons' paths have the ladder's depth and their total length grows like loops²
// (the bytes per body grew 3.8x from 100 to 1,000 loops when the comparisons held their
// paths and columns); the bytes per body at 1,000 loops must stay within 1.5x of those
// at 100 loops, and likewise for revolute chains of 1,000 and 10,000 links.
func TestCompiledBytesLinear(t *testing.T) {
	for _, c := range []struct {
		name   string
		g      func(int) *cmg.Graph
		n1, n2 int
	}{{"four-bar ladder", robots.FourBarLadder, 100, 1000}, {"chain", robots.Chain, 1000, 10000}} {
		var perBody [2]float64
		for i, n := range []int{c.n1, c.n2} {
			m, b := compiledBytes(t, c.g(n))
			perBody[i] = float64(b) / float64(len(m.Bodies))
			t.Logf("%s of %d: %d bodies, %d bytes (%.0f per body)", c.name, n, len(m.Bodies), b, perBody[i])
			runtime.KeepAlive(m)
		}
		if r := perBody[1] / perBody[0]; r > 1.5 {
			t.Errorf("%s: %.0f bytes per body at %d, %.0f at %d (%.2fx); want linear growth", c.name, perBody[0], c.n1, perBody[1], c.n2, r)
		}
	}
}

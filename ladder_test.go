package robocompiler_test

import (
	"fmt"
	"math/rand/v2"
	"runtime"
	"testing"

	"github.com/robocompiler/robocompiler"
	"github.com/robocompiler/robocompiler/cmg"
	"github.com/robocompiler/robocompiler/dyn"
	"github.com/robocompiler/robocompiler/kkt"
	"github.com/robocompiler/robocompiler/robots"
)

// ladderData compiles g through the front door and assembles it from its default seed
// under the automatic partition, with every independent speed 0.1.
func ladderData(tb testing.TB, g *cmg.Graph) *robocompiler.Data {
	tb.Helper()
	m, err := robocompiler.Compile(g, robocompiler.Options{})
	if err != nil {
		tb.Fatal(err)
	}
	d := m.NewData()
	if err := d.Assemble(""); err != nil {
		tb.Fatal(err)
	}
	setLadderSpeeds(tb, d)
	return d
}

// setLadderSpeeds sets every independent speed of the assembled workspace d to 0.1.
func setLadderSpeeds(tb testing.TB, d *robocompiler.Data) {
	tb.Helper()
	u := make([]float64, d.Mobility())
	for i := range u {
		u[i] = 0.1
	}
	if err := d.SetState(u, nil); err != nil {
		tb.Fatal(err)
	}
}

// TestLadderModels: the generated chain and four-bar ladder compile, assemble closed at
// their seed, and have the expected mobility; the front door's forward dynamics agrees
// with ABA on the chain.
func TestLadderModels(t *testing.T) {
	d := ladderData(t, robots.Chain(20))
	if d.Mobility() != 20 {
		t.Fatalf("chain mobility %d", d.Mobility())
	}
	if err := d.Forward(nil, nil); err != nil {
		t.Fatal(err)
	}
	m := d.Model().Model
	dd := dyn.NewData(m)
	a := make([]float64, m.NVT)
	if err := dd.ABA(d.Q, d.V, make([]float64, m.NVT), nil, a); err != nil {
		t.Fatal(err)
	}
	for i := range a {
		if diff := a[i] - d.A[i]; diff > 1e-10 || diff < -1e-10 {
			t.Fatalf("chain: ABA a[%d] = %v, front door %v", i, a[i], d.A[i])
		}
	}
	l := ladderData(t, robots.FourBarLadder(5))
	if l.Mobility() != 5 || l.Assembly.GapM > 1e-12 {
		t.Fatalf("ladder: mobility %d, gap %g", l.Mobility(), l.Assembly.GapM)
	}
	if err := l.Forward(nil, nil); err != nil {
		t.Fatal(err)
	}
}

// BenchmarkSizeLadder times one reduced forward dynamics (Constraints and Forward, as
// BenchmarkForward) on revolute chains and four-bar ladders of growing size, and ABA alone
// on the chains. Chains above closure.DenseIdentityMax links take the front door's tree
// form and ladders above LoopFormMin velocities (100 and 1,000 loops) its loop form, both
// O(n). model-B is the heap the compiled model holds and workspace-B the heap the
// assembled front-door workspace holds beside it (after one forward dynamics); for the
// ladders in the loop form loop-B is the loop form's own share (kkt.Solver.Bytes), the
// rest being the closure tracker's. fourbar_ladder_loopform=10 forces the loop form on
// the 10-loop ladder (which by default takes the dense path), for the loop form's growth
// from 10 to 1,000 loops. Assembling the 1,000-loop ladder (its partition's
// dense pivoted QR) takes about a minute before the timing starts.
func BenchmarkSizeLadder(b *testing.B) {
	for _, n := range []int{100, 1000, 10000} {
		b.Run(fmt.Sprintf("aba/chain=%d", n), func(b *testing.B) {
			m, err := robocompiler.Compile(robots.Chain(n), robocompiler.Options{})
			if err != nil {
				b.Fatal(err)
			}
			var before, after runtime.MemStats
			runtime.GC()
			runtime.ReadMemStats(&before)
			d := dyn.NewData(m.Model)
			runtime.ReadMemStats(&after)
			rng := rand.New(rand.NewPCG(1, 2))
			// Speeds and efforts of order one at every joint: at rest and without efforts a
			// long chain's accelerations decay along it into subnormal numbers, whose
			// arithmetic is many times slower (a tenth of the 10,000-link chain's).
			q, v := m.Random(rng), make([]float64, m.NV)
			tau, a := make([]float64, m.NVT), make([]float64, m.NVT)
			for i := range v {
				v[i], tau[i] = rng.NormFloat64(), rng.NormFloat64()
			}
			b.ReportAllocs()
			for b.Loop() {
				if err := d.ABA(q, v, tau, nil, a); err != nil {
					b.Fatal(err)
				}
			}
			// workspace-B is the memory of the dyn workspace (linear in the links).
			b.ReportMetric(float64(after.TotalAlloc-before.TotalAlloc), "workspace-B")
		})
	}
	for _, c := range []struct {
		name string
		n    int
		g    func(int) *cmg.Graph
	}{{"chain", 100, robots.Chain}, {"chain", 1000, robots.Chain}, {"chain", 10000, robots.Chain},
		{"fourbar_ladder", 10, robots.FourBarLadder}, {"fourbar_ladder_loopform", 10, robots.FourBarLadder},
		{"fourbar_ladder", 100, robots.FourBarLadder}, {"fourbar_ladder", 1000, robots.FourBarLadder}} {
		b.Run(fmt.Sprintf("forward/%s=%d", c.name, c.n), func(b *testing.B) {
			if c.name == "fourbar_ladder_loopform" { // the loop form forced below LoopFormMin
				defer robocompiler.SetLoopFormMin(0)()
			}
			m, modelB := compiledHeap(b, c.g(c.n))
			d, workB := assembledHeap(b, m, true)
			setLadderSpeeds(b, d)
			b.ReportAllocs()
			for b.Loop() {
				if err := d.Constraints(); err != nil {
					b.Fatal(err)
				}
				if err := d.Forward(nil, nil); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(modelB), "model-B")
			b.ReportMetric(float64(workB), "workspace-B")
			if d.LoopForm() {
				s, err := kkt.New(d.Model().Model, d.Partition())
				if err != nil {
					b.Fatal(err)
				}
				b.ReportMetric(float64(s.Bytes()), "loop-B")
			}
		})
	}
}

// TestChainWorkspaceBytes: a 20,000-body revolute chain fits the default memory budget
// (the tree form's workspace is linear in its size), and the estimate bounds what a
// workspace of a 5,000-body chain really holds after assembly and one forward dynamics.
func TestChainWorkspaceBytes(t *testing.T) {
	m, err := robocompiler.Compile(robots.Chain(20000), robocompiler.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if b := m.WorkspaceBytes(); b >= 2e9 {
		t.Fatalf("20,000-body chain: workspace estimate %d bytes; want below 2 GB", b)
	}
	m, err = robocompiler.Compile(robots.Chain(5000), robocompiler.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if _, used := assembledHeap(t, m, true); used > m.WorkspaceBytes() {
		t.Errorf("5,000-body chain: workspace holds %d bytes; the estimate is %d", used, m.WorkspaceBytes())
	} else {
		t.Logf("5,000-body chain: workspace holds %d bytes (%.0f per velocity); estimate %d", used, float64(used)/5000, m.WorkspaceBytes())
	}
}

// compiledHeap compiles g through the front door and returns the model with the heap it
// holds (bytes).
func compiledHeap(tb testing.TB, g *cmg.Graph) (*robocompiler.Model, int64) {
	tb.Helper()
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	m, err := robocompiler.Compile(g, robocompiler.Options{})
	if err != nil {
		tb.Fatal(err)
	}
	runtime.GC()
	runtime.ReadMemStats(&after)
	return m, int64(after.HeapAlloc) - int64(before.HeapAlloc)
}

// assembledHeap assembles a new workspace of m from its default seed, runs one forward
// dynamics when forward is set, and returns it with the heap it holds (bytes; the compiled
// model excluded).
func assembledHeap(tb testing.TB, m *robocompiler.Model, forward bool) (*robocompiler.Data, int64) {
	tb.Helper()
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	d := m.NewData()
	if err := d.Assemble(""); err != nil {
		tb.Fatal(err)
	}
	if forward {
		if err := d.Forward(nil, nil); err != nil {
			tb.Fatal(err)
		}
	}
	runtime.GC()
	runtime.ReadMemStats(&after)
	return d, int64(after.HeapAlloc) - int64(before.HeapAlloc)
}

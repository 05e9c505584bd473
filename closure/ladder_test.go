package closure

import (
	"fmt"
	"testing"

	"github.com/robocompiler/robocompiler/compile"
	"github.com/robocompiler/robocompiler/robots"
)

// ladderModel compiles the four-bar ladder of k loops (robots.FourBarLadder), whose seed
// is closed.
func ladderModel(tb testing.TB, k int) (*compile.Model, []float64) {
	tb.Helper()
	m, err := compile.Compile(robots.FourBarLadder(k), compile.Options{})
	if err != nil {
		tb.Fatal(err)
	}
	q, err := m.Seed("")
	if err != nil {
		tb.Fatal(err)
	}
	return m, q
}

// BenchmarkLadderResidual times the closure residual on four-bar ladders of 100, 300 and
// 1,000 loops, whose loops all close through the ground: each evaluation visits every
// tree edge once (the time grows linearly with the loops but for cache effects).
func BenchmarkLadderResidual(b *testing.B) {
	for _, k := range []int{100, 300, 1000} {
		b.Run(fmt.Sprintf("loops=%d", k), func(b *testing.B) {
			m, q := ladderModel(b, k)
			d := NewDataWith(m, EvalOptions{NoJacobian: true})
			b.ReportAllocs()
			for b.Loop() {
				q[0] += 1e-9 // a new placement every time
				d.Residual(q)
			}
		})
	}
}

// TestLadderResidualMatchesGlobal: the cycle-local residual, which propagates the shared
// rails once, equals the root-based reference evaluator's on a perturbed ladder.
func TestLadderResidualMatchesGlobal(t *testing.T) {
	m, q := ladderModel(t, 30)
	for i := range q {
		q[i] += 0.01 * float64(i%7-3)
	}
	local, global := NewData(m), NewDataWith(m, EvalOptions{Global: true})
	local.Residual(q)
	global.Residual(q)
	for r := range local.Rho {
		if d := local.Rho[r] - global.Rho[r]; d > 1e-13 || d < -1e-13 {
			t.Fatalf("row %d: local %v, global %v", r, local.Rho[r], global.Rho[r])
		}
	}
}

// TestRelativeReconfiguration: with the default threshold a partition chosen with its
// reciprocal condition below ReconfigureRCond is not re-decided at every step (the
// rule of Tracker.limit) — a 40-loop ladder, whose best partition is, tracks without
// reconfiguring — yet it is re-decided once its condition falls tenfold, as approaching a
// singular configuration of the partition: the crank-rocker four-bar pushed towards the
// fold of its rocker, with the partition judged against a tenth of its condition at the
// choice (its tracker's chosen lowered below the rocker's), reconfigures before the fold.
func TestRelativeReconfiguration(t *testing.T) {
	m, q := ladderModel(t, 40)
	d := NewData(m)
	d.Jacobian(q)
	p, err := ChoosePartition(m, d.C, nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	tr, err := NewTracker(m, q, p)
	if err != nil {
		t.Fatal(err)
	}
	if tr.Lift.RCond >= ReconfigureRCond {
		t.Fatalf("the 40-loop ladder's partition has reciprocal condition %.3g: the test needs one below %g", tr.Lift.RCond, ReconfigureRCond)
	}
	du := make([]float64, p.Mobility)
	for k := range 20 {
		for i := range du {
			du[i] = 1e-3 * float64(1-2*(k%2))
		}
		if err := tr.Step(du); err != nil {
			t.Fatal(err)
		}
	}
	if tr.Reconfigurations != 0 {
		t.Errorf("ladder: %d reconfigurations in 20 steps far from any singular configuration", tr.Reconfigurations)
	}

	g, err := robots.Get("fourbar")
	if err != nil {
		t.Fatal(err)
	}
	m, q = assembleGraph(t, g, compile.Options{})
	tr = trackerFor(t, m, q, TrackerOptions{}, "rocker_pivot")
	// The rocker partition's condition peaks near 0.11 and falls below 0.02 a few steps
	// of 1e-3 rad before the fold: as if chosen at 0.2, it is re-decided below 0.02.
	tr.chosen = 0.2
	tr.rcondTol = 1
	for k := 0; tr.Reconfigurations == 0; k++ {
		if k == 5000 {
			t.Fatalf("no reconfiguration after %d steps (rocker at %.4g)", k, jointValue(m, tr.Q, "rocker_pivot"))
		}
		if err := tr.Step([]float64{1e-3}); err != nil {
			t.Fatalf("step %d: %v", k, err)
		}
	}
	ev := tr.Events[0]
	if ev.Kept || ev.RCond >= 0.02 || ev.RCond < 0.005 {
		t.Errorf("re-decided at reciprocal condition %.3g (want just below 0.02): %s", ev.RCond, ev)
	}
}

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

package closure

import (
	"github.com/robocompiler/robocompiler/internal/testutil"
	"math"
	"math/rand/v2"
	"testing"

	"gonum.org/v1/gonum/mat"
)

// TestJacobianFiniteDifference compares the analytic C with central differences of rho
// along every velocity direction at 100 random off-manifold states per mechanism, and
// checks that every observed nonzero lies in the compiled sparsity pattern.
func TestJacobianFiniteDifference(t *testing.T) {
	for _, elim := range []bool{false, true} {
		for _, f := range builtins(t, elim) {
			m := f.m
			d := NewData(m)
			rng := rand.New(rand.NewPCG(1, 2))
			worst := 0.0
			qp, qm := make([]float64, m.NQ), make([]float64, m.NQ)
			dv := make([]float64, m.NV)
			rp := make([]float64, m.Rows)
			pattern := make([][]bool, m.Rows)
			for bi, b := range m.Blocks() {
				for r := b.Row; r < b.Row+b.Rows; r++ {
					pattern[r] = make([]bool, m.NV)
					for _, c := range m.AppendBlockColumns(nil, bi) {
						pattern[r][c] = true
					}
				}
			}
			for s := 0; s < 100; s++ {
				q := perturb(m, f.q, rng, 0.05)
				d.Jacobian(q)
				scale := 0.0
				for r := 0; r < m.Rows; r++ {
					for c := 0; c < m.NV; c++ {
						v := d.C.At(r, c)
						scale = math.Max(scale, math.Abs(v))
						if v != 0 && !pattern[r][c] {
							t.Fatalf("%s: C[%d,%d] = %g outside the sparsity pattern", f.name, r, c, v)
						}
					}
				}
				const h = 1e-6
				for c := 0; c < m.NV; c++ {
					for i := range dv {
						dv[i] = 0
					}
					dv[c] = 1
					m.Integrate(q, dv, h, qp)
					m.Integrate(q, dv, -h, qm)
					d.Residual(qp)
					copy(rp, d.Rho)
					d.Residual(qm)
					for r := 0; r < m.Rows; r++ {
						fd := (rp[r] - d.Rho[r]) / (2 * h)
						worst = math.Max(worst, math.Abs(fd-d.C.At(r, c))/math.Max(scale, 1))
					}
					d.Jacobian(q)
				}
			}
			t.Logf("%s (eliminated=%v): worst relative |C - FD| = %.3g", f.name, elim, worst)
			if worst > 1e-8 {
				t.Errorf("%s: analytic Jacobian differs from central differences by %.3g (relative)", f.name, worst)
			}
		}
	}
}

// TestGlobalMatchesLocal checks the cycle-local evaluator against the root-based one:
// residuals and Jacobian entries (relative to the largest entry) agree to 1e-14; the
// drift, a longer chain of products, to 1e-13 relative to its largest entry.
func TestGlobalMatchesLocal(t *testing.T) {
	for _, f := range builtins(t, false) {
		m := f.m
		loc, glo := NewData(m), NewDataWith(m, EvalOptions{Global: true})
		rng := rand.New(rand.NewPCG(3, 4))
		worst, worstDrift := 0.0, 0.0
		for s := 0; s < 50; s++ {
			q := perturb(m, f.q, rng, 0.1)
			v := make([]float64, m.NV)
			for i := range v {
				v[i] = rng.NormFloat64()
			}
			loc.Drift(q, v)
			glo.Drift(q, v)
			scale := math.Max(1, testutil.MaxAbs(glo.C.RawMatrix().Data))
			gscale := math.Max(1, testutil.MaxAbs(glo.Gamma))
			for r := 0; r < m.Rows; r++ {
				worst = math.Max(worst, math.Abs(loc.Rho[r]-glo.Rho[r]))
				worstDrift = math.Max(worstDrift, math.Abs(loc.Gamma[r]-glo.Gamma[r])/gscale)
				for c := 0; c < m.NV; c++ {
					worst = math.Max(worst, math.Abs(loc.C.At(r, c)-glo.C.At(r, c))/scale)
				}
			}
		}
		t.Logf("%s: worst local/global difference %.3g (drift %.3g)", f.name, worst, worstDrift)
		if worst > 1e-14 || worstDrift > 1e-13 {
			t.Errorf("%s: local and global evaluators differ by %.3g (drift %.3g)", f.name, worst, worstDrift)
		}
	}
}

// TestDriftFiniteDifference compares the analytic drift Ċv with a central difference of
// C along a tangent velocity, at feasible states, with the cut joints retained (SE(3)
// rows) and eliminated (point, revolute rows).
func TestDriftFiniteDifference(t *testing.T) {
	for _, f := range append(builtins(t, false), builtins(t, true)...) {
		m := f.m
		d := NewData(m)
		d.Jacobian(f.q)
		p, err := ChoosePartition(m, d.C, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		l := NewLift(p, m.NV)
		if err := l.Update(d.C); err != nil {
			t.Fatal(err)
		}
		rng := rand.New(rand.NewPCG(5, 6))
		u := make([]float64, p.Mobility)
		for i := range u {
			u[i] = rng.NormFloat64()
		}
		v := make([]float64, m.NV)
		for i := range v {
			for k := range u {
				v[i] += l.E.At(i, k) * u[k]
			}
		}
		d.Drift(f.q, v)
		gamma := append([]float64(nil), d.Gamma...)
		const h = 1e-5
		qp, qm := make([]float64, m.NQ), make([]float64, m.NQ)
		m.Integrate(f.q, v, h, qp)
		m.Integrate(f.q, v, -h, qm)
		d.Jacobian(qp)
		cp := matVec(d.C.RawMatrix().Data, m.Rows, m.NV, v)
		d.Jacobian(qm)
		cm := matVec(d.C.RawMatrix().Data, m.Rows, m.NV, v)
		worst, scale := 0.0, math.Max(1, testutil.MaxAbs(gamma))
		for r := range gamma {
			worst = math.Max(worst, math.Abs((cp[r]-cm[r])/(2*h)-gamma[r])/scale)
		}
		t.Logf("%s: drift vs FD relative %.3g (|gamma| = %.3g)", f.name, worst, testutil.MaxAbs(gamma))
		if worst > 1e-6 {
			t.Errorf("%s: drift differs from the difference of C by %.3g (relative)", f.name, worst)
		}
	}
}

func matVec(a []float64, r, c int, x []float64) []float64 {
	out := make([]float64, r)
	for i := 0; i < r; i++ {
		for j := 0; j < c; j++ {
			out[i] += a[i*c+j] * x[j]
		}
	}
	return out
}

// TestDriftOnlyMatchesDrift: DriftOnly gives Drift's residual and drift bit for bit at a
// random velocity, and leaves the Jacobian of the previous evaluation in place.
func TestDriftOnlyMatchesDrift(t *testing.T) {
	for _, f := range builtins(t, false) {
		m := f.m
		rng := rand.New(rand.NewPCG(7, 8))
		v := make([]float64, m.NV)
		for i := range v {
			v[i] = 2*rng.Float64() - 1
		}
		a, b := NewData(m), NewData(m)
		a.Drift(f.q, v)
		b.Jacobian(f.q)
		c := mat.DenseCopyOf(b.C)
		b.DriftOnly(f.q, v)
		for r := 0; r < m.Rows; r++ {
			if a.Gamma[r] != b.Gamma[r] || a.Rho[r] != b.Rho[r] {
				t.Fatalf("%s row %d: DriftOnly gives rho %g, gamma %g; Drift %g, %g", f.name, r, b.Rho[r], b.Gamma[r], a.Rho[r], a.Gamma[r])
			}
		}
		if !mat.Equal(c, b.C) || !mat.Equal(a.C, b.C) {
			t.Fatalf("%s: DriftOnly changed C", f.name)
		}
	}
}

package robocompiler_test

import (
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/robocompiler/robocompiler"
	"github.com/robocompiler/robocompiler/internal/testmodels"
)

// derivCase is a model under test: how to load it, an optional support mode, and the
// relative agreement demanded of its derivatives.
type derivCase struct {
	name, path, partition, seed string
	supports                    []string
	tol                         float64
}

func derivCases(t *testing.T) []derivCase {
	cases := []derivCase{
		{name: "fourbar", path: "fourbar", tol: 1e-8},
		{name: "fivebar", path: "fivebar", tol: 1e-8},
		{name: "stewart", path: "stewart", tol: 1e-6},
		{name: "excavator/joint_space", path: "excavator", partition: "joint_space", tol: 1e-6},
		{name: "excavator/cylinder_space", path: "excavator", partition: "cylinder_space", tol: 1e-6},
	}
	if testing.Short() {
		return cases
	}
	dir := testmodels.Dir(t)
	return append(cases,
		derivCase{name: "panda", path: dir + "/" + testmodels.Panda, tol: 1e-6},
		derivCase{name: "go2/feet", path: dir + "/" + testmodels.Go2, seed: "home", supports: []string{"FL", "FR", "RL", "RR"}, tol: 1e-6},
		derivCase{name: "go2/floating", path: dir + "/" + testmodels.Go2, seed: "home", tol: 1e-6},
		derivCase{name: "kangaroo", path: dir + "/" + testmodels.Kangaroo, seed: "home", tol: 1e-6},
	)
}

// derivState places a fresh workspace of c at a random assembled state: the seed moved
// along the manifold by a random displacement of the independent coordinates, random
// speeds and random port efforts.
func derivState(t *testing.T, c derivCase, rng *rand.Rand) (*robocompiler.Data, []float64) {
	t.Helper()
	m, err := robocompiler.Load(c.path, robocompiler.Options{Partition: c.partition})
	if err != nil {
		t.Fatal(err)
	}
	d := m.NewData()
	if err := d.Assemble(c.seed); err != nil {
		t.Fatal(err)
	}
	if c.supports != nil {
		sm, err := m.WithSupports(d.Q, c.supports)
		if err != nil {
			t.Fatal(err)
		}
		if err := d.SwitchModel(sm); err != nil {
			t.Fatal(err)
		}
	}
	n := d.Mobility()
	for try := 0; ; try++ {
		du := make([]float64, n)
		for i := range du {
			du[i] = 0.02 * rng.NormFloat64()
		}
		if err := d.Track(du); err == nil {
			break
		} else if try == 5 {
			t.Fatalf("random state: %v", err)
		}
	}
	u, ud := make([]float64, n), make([]float64, n)
	for i := range u {
		u[i], ud[i] = 0.5*rng.NormFloat64(), rng.NormFloat64()
	}
	if err := d.SetState(u, ud); err != nil {
		t.Fatal(err)
	}
	f := make([]float64, len(d.Kin.Ports))
	for i := range f {
		f[i] = 5 * rng.NormFloat64()
	}
	return d, f
}

// richardson is a central-difference reference of the derivative of y(s) at s = 0 from
// steps h, h/2, h/4 extrapolated twice (sixth order), and the gap between it and the
// fourth-order estimate from h/2, h/4, which shows the reference has converged.
func richardson(y func(s float64) []float64, h float64) (ref []float64, gap float64) {
	cd := func(s float64) []float64 {
		p, m := y(s), y(-s)
		out := make([]float64, len(p))
		for i := range p {
			out[i] = (p[i] - m[i]) / (2 * s)
		}
		return out
	}
	d0, d1, d2 := cd(h), cd(h/2), cd(h/4)
	ref = make([]float64, len(d0))
	for i := range ref {
		r1 := (4*d1[i] - d0[i]) / 3
		r2 := (4*d2[i] - d1[i]) / 3
		ref[i] = (16*r2 - r1) / 15
		gap = math.Max(gap, math.Abs(ref[i]-r2))
	}
	return ref, gap
}

// reference returns the finite-difference reference of ∂y/∂q_I and ∂y/∂U (rows × D,
// row-major) by richardson, through the public pipeline of a second workspace placed at
// d's state (each configuration point re-tracked from the state), and the largest
// convergence gap. y evaluates the workspace at its state.
func reference(t *testing.T, d *robocompiler.Data, y func(e *robocompiler.Data) []float64, rows int) (dq, du []float64, gap float64) {
	t.Helper()
	n := d.Mobility()
	e := d.Model().NewData()
	if err := e.Place(d.Q, d.Partition()); err != nil {
		t.Fatal(err)
	}
	dq, du = make([]float64, rows*n), make([]float64, rows*n)
	for j := range n {
		col, g := richardson(func(s float64) []float64 {
			step := make([]float64, n)
			step[j] = s
			if err := e.Reset(d.Q); err != nil {
				t.Fatal(err)
			}
			if err := e.Track(step); err != nil {
				t.Fatal(err)
			}
			if e.Partition() != d.Partition() {
				t.Fatal("reference: the partition reconfigured")
			}
			if err := e.SetState(d.U, d.Udot); err != nil {
				t.Fatal(err)
			}
			return y(e)
		}, 4e-3)
		gap = math.Max(gap, g)
		for i := range rows {
			dq[i*n+j] = col[i]
		}
		if err := e.Reset(d.Q); err != nil {
			t.Fatal(err)
		}
		col, g = richardson(func(s float64) []float64 {
			u := append([]float64(nil), d.U...)
			u[j] += s
			if err := e.SetState(u, d.Udot); err != nil {
				t.Fatal(err)
			}
			return y(e)
		}, 0.1)
		gap = math.Max(gap, g)
		for i := range rows {
			du[i*n+j] = col[i]
		}
	}
	return dq, du, gap
}

// TestForwardDerivatives compares ∂u̇/∂q_I, ∂u̇/∂U and ∂u̇/∂f with sixth-order central
// differences through the public pipeline at 20 random assembled states of each model
// (fewer on the large imported ones under -short), re-tracking each perturbed
// configuration; the reference must itself have converged to a tenth of the tolerance.
func TestForwardDerivatives(t *testing.T) {
	for ci, c := range derivCases(t) {
		t.Run(c.name, func(t *testing.T) {
			rng := rand.New(rand.NewPCG(20, uint64(ci)))
			worst := [3]float64{}
			for range 20 {
				d, f := derivState(t, c, rng)
				w := d.NewDerivatives()
				if err := d.ForwardDerivatives(w, f, nil); err != nil {
					t.Fatal(err)
				}
				if !w.Analytic {
					t.Fatal("the analytic path does not cover the model")
				}
				n, nf := d.Mobility(), len(f)
				acc := func(e *robocompiler.Data) []float64 {
					if err := e.Forward(f, nil); err != nil {
						t.Fatal(err)
					}
					return append([]float64(nil), e.Udot...)
				}
				dq, du, gap := reference(t, d, acc, n)
				// ∂u̇/∂f: u̇ is affine in f.
				df := make([]float64, n*nf)
				e := d.Model().NewData()
				if err := e.Place(d.Q, d.Partition()); err != nil {
					t.Fatal(err)
				}
				if err := e.SetState(d.U, nil); err != nil {
					t.Fatal(err)
				}
				base := acc(e)
				for k := range nf {
					fk := append([]float64(nil), f...)
					fk[k] += 1
					if err := e.Forward(fk, nil); err != nil {
						t.Fatal(err)
					}
					for i := range n {
						df[i*nf+k] = e.Udot[i] - base[i]
					}
				}
				scale := math.Max(maxAbs(dq), maxAbs(du))
				if gap > 0.1*c.tol*scale {
					t.Fatalf("the finite-difference reference has not converged: gap %.3g (scale %.3g)", gap, scale)
				}
				for k, pair := range [3][2][]float64{{w.DUdotDq, dq}, {w.DUdotDU, du}, {w.DUdotDf, df}} {
					worst[k] = math.Max(worst[k], relErr(pair[0], pair[1]))
				}
			}
			t.Logf("relative error: dq %.2g, dU %.2g, df %.2g", worst[0], worst[1], worst[2])
			for k, name := range []string{"DUdotDq", "DUdotDU", "DUdotDf"} {
				if worst[k] > c.tol {
					t.Errorf("%s: relative error %.3g > %.0e", name, worst[k], c.tol)
				}
			}
		})
	}
}

// TestInverseDerivatives compares ∂f/∂q_I, ∂f/∂U and ∂f/∂u̇ with finite differences on
// the exactly actuated models, and checks that a non-square port map is refused.
func TestInverseDerivatives(t *testing.T) {
	for ci, c := range derivCases(t)[:3] {
		t.Run(c.name, func(t *testing.T) {
			rng := rand.New(rand.NewPCG(21, uint64(ci)))
			worst := [3]float64{}
			for range 20 {
				d, _ := derivState(t, c, rng)
				w := d.NewDerivatives()
				if err := d.InverseDerivatives(w, nil); err != nil {
					t.Fatal(err)
				}
				n := d.Mobility()
				efforts := func(e *robocompiler.Data) []float64 {
					if err := e.Inverse(nil); err != nil {
						t.Fatal(err)
					}
					return solveLT(t, e, e.TauR)
				}
				dq, du, gap := reference(t, d, efforts, n)
				// ∂f/∂u̇ = L⁻ᵀ M_r, column by column.
				dud := make([]float64, n*n)
				for j := range n {
					col := make([]float64, n)
					for i := range n {
						col[i] = d.Reduced.Mr[i*n+j]
					}
					for i, x := range solveLT(t, d, col) {
						dud[i*n+j] = x
					}
				}
				// The efforts reproduce Udot through the forward dynamics.
				e := d.Model().NewData()
				if err := e.Place(d.Q, d.Partition()); err != nil {
					t.Fatal(err)
				}
				if err := e.SetState(d.U, nil); err != nil {
					t.Fatal(err)
				}
				if err := e.Forward(w.F, nil); err != nil {
					t.Fatal(err)
				}
				if r := relErr(e.Udot, d.Udot); r > 1e-9 {
					t.Fatalf("the efforts F give u̇ off by %.3g", r)
				}
				scale := math.Max(maxAbs(dq), maxAbs(du))
				if gap > 0.1*c.tol*scale {
					t.Fatalf("the finite-difference reference has not converged: gap %.3g (scale %.3g)", gap, scale)
				}
				for k, pair := range [3][2][]float64{{w.DfDq, dq}, {w.DfDU, du}, {w.DfDUdot, dud}} {
					worst[k] = math.Max(worst[k], relErr(pair[0], pair[1]))
				}
			}
			t.Logf("relative error: dq %.2g, dU %.2g, dUdot %.2g", worst[0], worst[1], worst[2])
			for k, name := range []string{"DfDq", "DfDU", "DfDUdot"} {
				if worst[k] > c.tol {
					t.Errorf("%s: relative error %.3g > %.0e", name, worst[k], c.tol)
				}
			}
		})
	}
	m, err := robocompiler.Load("excavator", robocompiler.Options{})
	if err != nil {
		t.Fatal(err)
	}
	d := m.NewData()
	if err := d.Assemble(""); err != nil {
		t.Fatal(err)
	}
	err = d.InverseDerivatives(d.NewDerivatives(), nil)
	if err == nil || !strings.Contains(err.Error(), "8×7") || !strings.Contains(err.Error(), "square") {
		t.Fatalf("excavator (8 ports, mobility 7): got %v; want an error naming the non-square port map", err)
	}
}

// solveLT solves Lᵀ f = tau at e's state by Gaussian elimination (an independent solver).
func solveLT(t *testing.T, e *robocompiler.Data, tau []float64) []float64 {
	n := len(tau)
	a := make([][]float64, n)
	for i := range a {
		a[i] = make([]float64, n+1)
		for k := range n {
			a[i][k] = e.Kin.L.At(k, i)
		}
		a[i][n] = tau[i]
	}
	for k := range n {
		p := k
		for i := k + 1; i < n; i++ {
			if math.Abs(a[i][k]) > math.Abs(a[p][k]) {
				p = i
			}
		}
		a[k], a[p] = a[p], a[k]
		if a[k][k] == 0 {
			t.Fatal("singular port map")
		}
		for i := range n {
			if i != k {
				r := a[i][k] / a[k][k]
				for j := k; j <= n; j++ {
					a[i][j] -= r * a[k][j]
				}
			}
		}
	}
	x := make([]float64, n)
	for i := range x {
		x[i] = a[i][n] / a[i][i]
	}
	return x
}

// maxAbs is the largest |x_i|.
func maxAbs(x []float64) float64 {
	s := 0.0
	for _, v := range x {
		s = math.Max(s, math.Abs(v))
	}
	return s
}

// TestDerivativesAllocateNothing: ForwardDerivatives and InverseDerivatives allocate
// nothing once the workspace is bound (Stewart, excavator).
func TestDerivativesAllocateNothing(t *testing.T) {
	for _, name := range []string{"stewart", "excavator"} {
		c := newForwardCase(t, name)
		w := c.d.NewDerivatives()
		var err error
		if err = c.d.ForwardDerivatives(w, c.f, nil); err != nil {
			t.Fatal(err)
		}
		if n := testing.AllocsPerRun(5, func() { err = c.d.ForwardDerivatives(w, c.f, nil) }); n != 0 || err != nil {
			t.Errorf("%s: ForwardDerivatives: %v allocations, err %v", name, n, err)
		}
		if name == "stewart" {
			if n := testing.AllocsPerRun(5, func() { err = c.d.InverseDerivatives(w, nil) }); n != 0 || err != nil {
				t.Errorf("%s: InverseDerivatives: %v allocations, err %v", name, n, err)
			}
		}
	}
}

// TestDerivativeMethodsAgree: the analytic path and the difference method (Differences)
// agree on the excavator and Kangaroo to the difference method's accuracy (1e-7).
func TestDerivativeMethodsAgree(t *testing.T) {
	cases := derivCases(t)
	for _, c := range cases {
		if c.name != "excavator/joint_space" && c.name != "kangaroo" && c.name != "go2/feet" {
			continue
		}
		t.Run(c.name, func(t *testing.T) {
			rng := rand.New(rand.NewPCG(22, 1))
			d, f := derivState(t, c, rng)
			a, b := d.NewDerivatives(), d.NewDerivatives()
			b.Differences = true
			if err := d.ForwardDerivatives(a, f, nil); err != nil {
				t.Fatal(err)
			}
			if err := d.ForwardDerivatives(b, f, nil); err != nil {
				t.Fatal(err)
			}
			if !a.Analytic || b.Analytic {
				t.Fatalf("Analytic = %v, %v", a.Analytic, b.Analytic)
			}
			for k, pair := range [3][2][]float64{{a.DUdotDq, b.DUdotDq}, {a.DUdotDU, b.DUdotDU}, {a.DUdotDf, b.DUdotDf}} {
				if r := relErr(pair[0], pair[1]); r > 1e-7 {
					t.Errorf("block %d: the methods differ by %.3g", k, r)
				}
			}
		})
	}
}

// BenchmarkForwardDerivatives measures every partial of the reduced forward dynamics
// (Data.ForwardDerivatives) per built-in mechanism, beside BenchmarkForward.
func BenchmarkForwardDerivatives(b *testing.B) {
	for _, name := range []string{"fourbar", "fivebar", "stewart", "excavator"} {
		b.Run(name, func(b *testing.B) {
			c := newForwardCase(b, name)
			w := c.d.NewDerivatives()
			b.ReportAllocs()
			for b.Loop() {
				if err := c.d.ForwardDerivatives(w, c.f, nil); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

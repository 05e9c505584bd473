package dyn

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/robocompiler/robocompiler/compile"
	"github.com/robocompiler/robocompiler/internal/dense"
	"github.com/robocompiler/robocompiler/robots"
)

// treeCases are the models the tree-algorithm tests run on: the generic test models,
// random trees of every joint type (with and without damping), and the spanning trees of
// the built-in mechanisms.
func treeCases(t *testing.T) map[string]*compile.Model {
	ms := testModels(t)
	for seed := uint64(3); seed < 9; seed++ {
		ms[fmt.Sprintf("random_tree_%d", seed)] = build(t, randomTreeGraph(seed, seed%2 == 0))
	}
	for _, name := range robots.Names() {
		g, err := robots.Get(name)
		if err != nil {
			t.Fatal(err)
		}
		ms[name] = build(t, g)
	}
	return ms
}

// relDiff is max|a − b| / max(1, max|b|).
func relDiff(a, b []float64) float64 {
	scale, diff := 1.0, 0.0
	for i := range b {
		scale = math.Max(scale, math.Abs(b[i]))
		diff = math.Max(diff, math.Abs(a[i]-b[i]))
	}
	return diff / scale
}

// ABA equals the dense CRBA + Cholesky forward dynamics to 1e-12 relative, with and
// without external forces.
func TestABAMatchesDense(t *testing.T) {
	for name, m := range treeCases(t) {
		d, ref := NewData(m), NewData(m)
		rng := rand.New(rand.NewPCG(5, uint64(len(name))))
		for trial := range 4 {
			q, v := randomState(m, rng)
			tau := randVec(rng, m.NVT)
			fext := randomFext(m, rng)
			if trial%2 == 0 {
				fext = nil
			}
			want, got := make([]float64, m.NVT), make([]float64, m.NVT)
			if err := ref.ForwardDynamics(q, v, tau, fext, want); err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			if err := d.ABA(q, v, tau, fext, got); err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			if r := relDiff(got, want); r > 1e-12 {
				t.Errorf("%s trial %d: ABA differs from ForwardDynamics by %.3g relative", name, trial, r)
			}
		}
	}
}

// CRBATree equals CRBA to round-off on the pattern (bit for bit except inside a
// multi-DoF joint's diagonal block, which CRBA fills from both sides) and CRBA is zero off
// it; LTDL solves agree with the dense Cholesky to 1e-12 relative.
func TestTreeMatrixLTDL(t *testing.T) {
	for name, m := range treeCases(t) {
		n := m.NVT
		if n == 0 {
			continue
		}
		d := NewData(m)
		rng := rand.New(rand.NewPCG(7, uint64(len(name))))
		q, _ := randomState(m, rng)
		M := massMatrix(d, q)
		H := d.NewTreeMatrix()
		d.CRBATree(q, H)
		got := make([]float64, n*n)
		H.Dense(got)
		for i := range n {
			for j := range n {
				if math.Abs(got[i*n+j]-M[i*n+j]) > 1e-14*math.Max(1, math.Abs(M[i*n+j])) {
					t.Fatalf("%s: CRBATree(%d,%d) = %v, CRBA %v", name, i, j, got[i*n+j], M[i*n+j])
				}
				if H.At(i, j) != got[i*n+j] {
					t.Fatalf("%s: At(%d,%d) = %v, CRBA %v", name, i, j, H.At(i, j), M[i*n+j])
				}
			}
		}
		if !H.FactorLTDL() {
			t.Fatalf("%s: FactorLTDL failed", name)
		}
		chol := append([]float64(nil), M...)
		if !dense.Cholesky(chol, n) {
			t.Fatalf("%s: Cholesky failed", name)
		}
		for range 3 {
			b := randVec(rng, n)
			want := append([]float64(nil), b...)
			dense.CholeskySolve(chol, n, want)
			H.SolveLTDL(b)
			if r := relDiff(b, want); r > 1e-12 {
				t.Errorf("%s: LTDL solve differs from Cholesky by %.3g relative", name, r)
			}
		}
	}
}

// A matrix that is not positive definite is refused by FactorLTDL.
func TestLTDLRejectsIndefinite(t *testing.T) {
	m := build(t, doublePendulumGraph(1, 0.7, 0.5, 0.25, 0.3, 0.02, 0.015))
	d := NewData(m)
	H := d.NewTreeMatrix()
	d.CRBATree(make([]float64, m.NQ), H)
	H.Val[H.Off[1]] = -1
	if H.FactorLTDL() {
		t.Fatal("FactorLTDL accepted a negative diagonal")
	}
}

// ABA, CRBATree, FactorLTDL and SolveLTDL allocate nothing.
func TestTreeAlgorithmsAllocateNothing(t *testing.T) {
	m := build(t, randomTreeGraph(1, true))
	d := NewData(m)
	rng := rand.New(rand.NewPCG(3, 4))
	q, v := randomState(m, rng)
	tau, a := randVec(rng, m.NVT), make([]float64, m.NVT)
	fext := randomFext(m, rng)
	H := d.NewTreeMatrix()
	x := randVec(rng, m.NVT)
	for name, op := range map[string]func(){
		"ABA": func() {
			if err := d.ABA(q, v, tau, fext, a); err != nil {
				t.Fatal(err)
			}
		},
		"CRBATree+LTDL": func() {
			d.CRBATree(q, H)
			H.FactorLTDL()
			H.SolveLTDL(x)
		},
	} {
		if got := testing.AllocsPerRun(20, op); got != 0 {
			t.Errorf("%s allocates %v times per call", name, got)
		}
	}
}

package control

import (
	"errors"
	"github.com/robocompiler/robocompiler/internal/testutil"
	"math"
	"math/rand/v2"
	"testing"

	"gonum.org/v1/gonum/mat"
)

// Resolve against the explicit formula of eq. 17 assembled with matrix inverses, and the
// defining properties J u* = w and W u* + k g ∈ range(Jᵀ).
func TestResolveFormula(t *testing.T) {
	rng := rand.New(rand.NewPCG(31, 32))
	worst := 0.0
	for trial := 0; trial < 200; trial++ {
		n := 1 + rng.IntN(10)
		m := rng.IntN(n + 1)
		w := randSPD(rng, n)
		g := randVec(rng, n, 1)
		k := rng.Float64() * 3
		var j *mat.Dense
		var wv []float64
		if m > 0 {
			j = randMat(rng, m, n)
			wv = randVec(rng, m, 1)
		}
		u, err := Resolve(j, w, g, wv, k)
		if err != nil {
			t.Fatal(err)
		}
		var wi mat.Dense
		if err := wi.Inverse(w); err != nil {
			t.Fatal(err)
		}
		h := matVec(&wi, g)
		want := make([]float64, n)
		for i := range want {
			want[i] = -k * h[i]
		}
		if m > 0 {
			var y, s, si, jw mat.Dense
			y.Mul(&wi, j.T())
			s.Mul(j, &y)
			if err := si.Inverse(&s); err != nil {
				t.Fatal(err)
			}
			jw.Mul(&y, &si) // J_W^#
			a := matVec(&jw, wv)
			jh := matVec(j, h)
			p := matVec(&jw, jh) // J_W^# J W⁻¹ g
			for i := range want {
				want[i] = a[i] - k*(h[i]-p[i])
			}
			if e := testutil.MaxDiff(matVec(j, u), wv); e > 1e-10*math.Max(1, testutil.MaxAbs(wv)) {
				t.Fatalf("J u − w = %.3g", e)
			}
		}
		e := testutil.MaxDiff(u, want) / math.Max(1, testutil.MaxAbs(want))
		worst = math.Max(worst, e)
		if e > 1e-9 {
			t.Fatalf("trial %d: |u − eq17| = %.3g", trial, e)
		}
	}
	t.Logf("worst relative deviation from explicit-inverse eq. 17: %.3g", worst)
}

func TestResolveErrors(t *testing.T) {
	w := mat.NewDense(2, 2, []float64{1, 0, 0, 1})
	_, err := Resolve(mat.NewDense(2, 2, []float64{1, 1, 2, 2}), w, []float64{0, 0}, []float64{1, 2}, 1)
	var ie *InfeasibleError
	if !errors.As(err, &ie) || ie.Kind != KindEqualityRankDeficient {
		t.Fatalf("rank-deficient J: %v", err)
	}
	if _, err := Resolve(nil, mat.NewDense(2, 2, []float64{1, 2, 2, 1}), []float64{0, 0}, nil, 1); !errors.Is(err, ErrNotPositiveDefinite) {
		t.Fatalf("indefinite W: %v", err)
	}
}

// At a stationary task (w = 0, no inequalities) the self-motion does not increase Φ:
// Φ̇ = gᵀu* = −k gᵀ(W⁻¹ − W⁻¹Jᵀ(JW⁻¹Jᵀ)⁻¹JW⁻¹)g ≤ 0, checked for both Resolve and the
// QP solver (with G = k g), and compared with the W-norm expression −k‖P g‖².
func TestStationaryTaskDescent(t *testing.T) {
	rng := rand.New(rand.NewPCG(33, 34))
	nNeg := 0
	for trial := 0; trial < 300; trial++ {
		n := 2 + rng.IntN(10)
		m := 1 + rng.IntN(n-1)
		w := randSPD(rng, n)
		j := randMat(rng, m, n)
		g := randVec(rng, n, 1)
		k := 0.1 + rng.Float64()
		zero := make([]float64, m)
		u, err := Resolve(j, w, g, zero, k)
		if err != nil {
			t.Fatal(err)
		}
		phiDot := dot(g, u)
		// Φ̇ = −k gᵀ P g with P = W⁻¹ − W⁻¹Jᵀ S⁻¹ J W⁻¹; also Φ̇ = −(1/k) u*ᵀ W u*.
		want := -dot(u, matVec(w, u)) / k
		if phiDot > 1e-12 {
			t.Fatalf("trial %d: Φ̇ = %g > 0", trial, phiDot)
		}
		if math.Abs(phiDot-want) > 1e-10*math.Max(1, math.Abs(want)) {
			t.Fatalf("trial %d: Φ̇ = %g, −u*ᵀWu*/k = %g", trial, phiDot, want)
		}
		if phiDot < -1e-6 {
			nNeg++
		}
		gk := make([]float64, n)
		for i := range g {
			gk[i] = k * g[i]
		}
		qp := &QP{W: w, G: gk, J: j, Wv: zero}
		uq, _ := solveOK(t, qp)
		if e := testutil.MaxDiff(uq, u); e > 1e-10*math.Max(1, testutil.MaxAbs(u)) {
			t.Fatalf("QP and eq. 17 differ by %.3g", e)
		}
		if e := testutil.MaxAbs(matVec(j, u)); e > 1e-12*math.Max(1, testutil.MaxAbs(u)) {
			t.Fatalf("self-motion changes the task: |J u| = %g", e)
		}
	}
	if nNeg < 250 {
		t.Fatalf("only %d strictly decreasing cases", nNeg)
	}
}

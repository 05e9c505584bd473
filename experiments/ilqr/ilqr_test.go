package main

import (
	"math"
	"testing"

	"github.com/robocompiler/robocompiler/spatial"
)

// TestILQR: on a short horizon (20 RK4 steps) the transition derivatives of the library
// agree with differences of the step map along the holding trajectory to 1e-5 relative,
// and three iLQR iterations with them reduce the tip error at least tenfold.
func TestILQR(t *testing.T) {
	m, err := excavatorModel()
	if err != nil {
		t.Fatal(err)
	}
	pr, err := newProblem(m, bucketBody, bucketPoint, spatial.Vec3{}, 2, 20)
	if err != nil {
		t.Fatal(err)
	}
	p0, _, err := pr.tip(pr.q0)
	if err != nil {
		t.Fatal(err)
	}
	pr.Target = p0.Add(targetShift)
	pr.R[len(pr.R)-1] = 1e-2
	F := make([][]float64, pr.N)
	for k := range F {
		F[k] = append([]float64(nil), pr.fhold...)
		F[k][2] += 100 * float64(k) // a moving nominal
	}
	nom, err := pr.rollout(F, nil, nil, nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	A, B, err := pr.linearize(nom, library)
	if err != nil {
		t.Fatal(err)
	}
	Ad, Bd, err := pr.linearize(nom, differences)
	if err != nil {
		t.Fatal(err)
	}
	for k := range A {
		for _, pair := range [][2][]float64{{A[k].RawMatrix().Data, Ad[k].RawMatrix().Data}, {B[k].RawMatrix().Data, Bd[k].RawMatrix().Data}} {
			diff, scale := 0.0, 0.0
			for i := range pair[0] {
				diff = math.Max(diff, math.Abs(pair[0][i]-pair[1][i]))
				scale = math.Max(scale, math.Abs(pair[1][i]))
			}
			if diff > 1e-5*scale {
				t.Fatalf("step %d: transition derivative differs from the step map's differences by %.3g (scale %.3g)", k, diff, scale)
			}
		}
	}
	its, _, err := pr.solve(library, 3)
	if err != nil {
		t.Fatal(err)
	}
	if first, last := its[0].TipErr, its[len(its)-1].TipErr; !(last < first/10) {
		t.Fatalf("tip error %.3g → %.3g after %d iterations", first, last, len(its)-1)
	}
}

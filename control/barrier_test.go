package control

import (
	"math"
	"math/rand/v2"
	"testing"
)

func TestStrokeBarrierGradient(t *testing.T) {
	rng := rand.New(rand.NewPCG(41, 42))
	worst := 0.0
	for trial := 0; trial < 200; trial++ {
		nf := 1 + rng.IntN(8)
		l, lo, hi, beta := make([]float64, nf), make([]float64, nf), make([]float64, nf), make([]float64, nf)
		for i := 0; i < nf; i++ {
			lo[i] = rng.NormFloat64()
			hi[i] = lo[i] + 0.05 + rng.Float64()
			l[i] = lo[i] + (0.02+0.96*rng.Float64())*(hi[i]-lo[i])
			beta[i] = 0.1 + rng.Float64()
		}
		grad := make([]float64, nf)
		phi := StrokeBarrier(l, lo, hi, beta, grad)
		// direct evaluation of eq. 15
		want := 0.0
		for i := range l {
			s := (l[i] - lo[i]) / (hi[i] - lo[i])
			want -= beta[i] * math.Log(s*(1-s))
		}
		if math.Abs(phi-want) > 1e-12*math.Max(1, math.Abs(want)) {
			t.Fatalf("Φ = %v, eq. 15 gives %v", phi, want)
		}
		for i := range l {
			h := 1e-6 * (hi[i] - lo[i])
			lp := append([]float64(nil), l...)
			lm := append([]float64(nil), l...)
			lp[i] += h
			lm[i] -= h
			fd := (StrokeBarrier(lp, lo, hi, beta, nil) - StrokeBarrier(lm, lo, hi, beta, nil)) / (2 * h)
			e := math.Abs(fd-grad[i]) / math.Max(1, math.Abs(grad[i]))
			worst = math.Max(worst, e)
			if e > 1e-6 {
				t.Fatalf("trial %d actuator %d: grad %v, finite difference %v", trial, i, grad[i], fd)
			}
		}
	}
	t.Logf("worst relative gradient vs central difference: %.3g", worst)
}

func TestStrokeBarrierDomain(t *testing.T) {
	lo, hi, beta := []float64{0, 0}, []float64{1, 2}, []float64{1, 1}
	grad := make([]float64, 2)
	if phi := StrokeBarrier([]float64{0.5, 1}, lo, hi, beta, grad); math.Abs(phi-4*math.Log(2)) > 1e-15 || grad[0] != 0 || grad[1] != 0 {
		t.Fatalf("mid-stroke: Φ = %v (want 4 log 2), grad %v", phi, grad)
	}
	for _, l := range [][]float64{{0, 1}, {1, 1}, {-0.1, 1}, {0.5, 2.5}, {math.NaN(), 1}} {
		phi := StrokeBarrier(l, lo, hi, beta, grad)
		if !math.IsInf(phi, 1) {
			t.Fatalf("l=%v: Φ = %v, want +Inf", l, phi)
		}
		bad := 0
		if l[0] > 0 && l[0] < 1 {
			bad = 1
		}
		if !math.IsNaN(grad[bad]) || math.IsNaN(grad[1-bad]) {
			t.Fatalf("l=%v: grad %v, want NaN only at the offending actuator", l, grad)
		}
	}
	if phi := StrokeBarrier([]float64{0.5}, []float64{1}, []float64{1}, []float64{1}, nil); !math.IsInf(phi, 1) {
		t.Fatalf("empty stroke interval: Φ = %v", phi)
	}
	// Gradient sign: pushes back toward mid-stroke.
	StrokeBarrier([]float64{0.9, 0.1}, lo, hi, beta, grad)
	if !(grad[0] > 0 && grad[1] < 0) {
		t.Fatalf("gradient %v does not point away from mid-stroke", grad)
	}
}

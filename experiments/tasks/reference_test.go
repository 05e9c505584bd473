package tasks

import (
	"math"
	"testing"
)

// TestWaypointInterpolations: every interpolation passes through the waypoints and holds
// the end values outside them; linear is straight between them, minimum-jerk has zero
// slope at every waypoint, cubic (Catmull–Rom) has the slope (Y[i+1] − Y[i−1]) /
// (T[i+1] − T[i−1]) at inner waypoints and is continuous in slope there.
func TestWaypointInterpolations(t *testing.T) {
	T := []float64{0, 1, 3, 4}
	Y := [][]float64{{0}, {2}, {1}, {5}}
	const h = 1e-6
	val := func(w *waypoints, x float64) float64 {
		y := []float64{0}
		w.at(x, y)
		return y[0]
	}
	slope := func(w *waypoints, x, dir float64) float64 { return dir * (val(w, x+dir*h) - val(w, x)) / h }
	for _, kind := range []int{interpLinear, interpCubic, interpMinJerk} {
		w := &waypoints{T: T, Y: Y, interp: kind}
		for i, x := range T {
			if v := val(w, x); v != Y[i][0] {
				t.Errorf("interp %d: y(%g) = %g, want %g", kind, x, v, Y[i][0])
			}
		}
		if val(w, -1) != 0 || val(w, 9) != 5 {
			t.Errorf("interp %d: the end values are not held", kind)
		}
	}
	lin := &waypoints{T: T, Y: Y, interp: interpLinear}
	if v := val(lin, 2); math.Abs(v-1.5) > 1e-15 {
		t.Errorf("linear: y(2) = %g, want 1.5", v)
	}
	mj := &waypoints{T: T, Y: Y}
	for _, x := range T[1:3] {
		if l, r := slope(mj, x, -1), slope(mj, x, 1); math.Abs(l) > 1e-4 || math.Abs(r) > 1e-4 {
			t.Errorf("minimum jerk: slopes %g, %g at waypoint %g, want 0", l, r, x)
		}
	}
	cub := &waypoints{T: T, Y: Y, interp: interpCubic}
	for i := 1; i < 3; i++ {
		want := (Y[i+1][0] - Y[i-1][0]) / (T[i+1] - T[i-1])
		if l, r := slope(cub, T[i], -1), slope(cub, T[i], 1); math.Abs(l-want) > 1e-4 || math.Abs(r-want) > 1e-4 {
			t.Errorf("cubic: slopes %g, %g at waypoint %g, want %g", l, r, T[i], want)
		}
	}
}

// TestReferenceDerivatives: the five-point differences of a reference match the
// analytic derivatives of a sinusoid to 1e-8 (velocity) and 1e-5 (acceleration).
func TestReferenceDerivatives(t *testing.T) {
	w := 2 * math.Pi * 0.7
	r := newReference(1, func(x float64, y []float64) { y[0] = math.Sin(w * x) })
	y, yd, ydd := []float64{0}, []float64{0}, []float64{0}
	for _, x := range []float64{0, 0.3, 1.1} {
		r.eval(x, y, yd, ydd)
		if math.Abs(yd[0]-w*math.Cos(w*x)) > 1e-8 || math.Abs(ydd[0]+w*w*math.Sin(w*x)) > 1e-5 {
			t.Errorf("t = %g: ẏ %g (want %g), ÿ %g (want %g)", x, yd[0], w*math.Cos(w*x), ydd[0], -w*w*math.Sin(w*x))
		}
	}
}

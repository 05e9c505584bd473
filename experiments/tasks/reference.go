package tasks

// minJerk is the minimum-jerk blend 10s³ − 15s⁴ + 6s⁵ of s clamped to [0, 1]: 0 → 1 with
// zero velocity and acceleration at both ends.
func minJerk(s float64) float64 {
	s = min(max(s, 0), 1)
	return s * s * s * (10 + s*(-15+6*s))
}

// waypoints interpolates the vectors Y[i] at times T[i] (increasing) with a minimum-jerk
// blend on each segment, holding the first and last values outside [T[0], T[n−1]].
type waypoints struct {
	T []float64
	Y [][]float64
}

// at writes the interpolated vector at time t into y.
func (w *waypoints) at(t float64, y []float64) {
	n := len(w.T)
	if t <= w.T[0] {
		copy(y, w.Y[0])
		return
	}
	for i := 1; i < n; i++ {
		if t <= w.T[i] {
			s := minJerk((t - w.T[i-1]) / (w.T[i] - w.T[i-1]))
			for k := range y {
				y[k] = w.Y[i-1][k] + s*(w.Y[i][k]-w.Y[i-1][k])
			}
			return
		}
	}
	copy(y, w.Y[n-1])
}

// derivStep is the time step (s) of the five-point differences that give the
// reference velocities and accelerations.
const derivStep = 1e-3

// reference is a smooth vector reference y(t) (len n) with its first two derivatives by
// five-point central differences of step derivStep: truncation O(h⁴) for a smooth y,
// O(h·jump) next to a jump of the third derivative (the minimum-jerk waypoints), and
// round-off about 1e-16·|y|/h² ≈ 1e-10·|y| in the acceleration.
type reference struct {
	f   func(t float64, y []float64)
	buf [4][]float64
}

// newReference wraps f (writing y(t), len n).
func newReference(n int, f func(t float64, y []float64)) *reference {
	r := &reference{f: f}
	for i := range r.buf {
		r.buf[i] = make([]float64, n)
	}
	return r
}

// eval writes y, ẏ and ÿ at time t.
func (r *reference) eval(t float64, y, yd, ydd []float64) {
	const h = derivStep
	m2, m1, p1, p2 := r.buf[0], r.buf[1], r.buf[2], r.buf[3]
	r.f(t-2*h, m2)
	r.f(t-h, m1)
	r.f(t+h, p1)
	r.f(t+2*h, p2)
	r.f(t, y)
	for i := range y {
		yd[i] = (m2[i] - 8*m1[i] + 8*p1[i] - p2[i]) / (12 * h)
		ydd[i] = (-m2[i] + 16*m1[i] - 30*y[i] + 16*p1[i] - p2[i]) / (12 * h * h)
	}
}

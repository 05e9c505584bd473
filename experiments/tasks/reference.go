package tasks

// minJerk is the minimum-jerk blend 10s³ − 15s⁴ + 6s⁵ of s clamped to [0, 1]: 0 → 1 with
// zero velocity and acceleration at both ends.
func minJerk(s float64) float64 {
	s = min(max(s, 0), 1)
	return s * s * s * (10 + s*(-15+6*s))
}

// Interpolations of waypoints.
const (
	interpMinJerk = iota // minimum-jerk blend on each segment (zero speed at every waypoint)
	interpLinear         // straight segments
	interpCubic          // cubic Hermite with Catmull–Rom tangents (C¹; zero end tangents)
)

// waypoints interpolates the vectors Y[i] at times T[i] (increasing) segment by segment,
// holding the first and last values outside [T[0], T[n−1]].
type waypoints struct {
	T      []float64
	Y      [][]float64
	interp int
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
			s := (t - w.T[i-1]) / (w.T[i] - w.T[i-1])
			switch w.interp {
			case interpLinear:
			case interpCubic:
				w.hermite(i, s, y)
				return
			default:
				s = minJerk(s)
			}
			for k := range y {
				y[k] = w.Y[i-1][k] + s*(w.Y[i][k]-w.Y[i-1][k])
			}
			return
		}
	}
	copy(y, w.Y[n-1])
}

// hermite writes the cubic Hermite interpolant on segment i at s ∈ [0, 1] with the
// Catmull–Rom tangents (Y[i+1] − Y[i−1]) / (T[i+1] − T[i−1]), zero at the ends.
func (w *waypoints) hermite(i int, s float64, y []float64) {
	h := w.T[i] - w.T[i-1]
	s2, s3 := s*s, s*s*s
	h00, h10, h01, h11 := 2*s3-3*s2+1, s3-2*s2+s, -2*s3+3*s2, s3-s2
	for k := range y {
		y[k] = h00*w.Y[i-1][k] + h10*h*w.tangent(i-1, k) + h01*w.Y[i][k] + h11*h*w.tangent(i, k)
	}
}

// tangent is the Catmull–Rom slope of component k at waypoint i (0 at the ends).
func (w *waypoints) tangent(i, k int) float64 {
	if i == 0 || i == len(w.T)-1 {
		return 0
	}
	return (w.Y[i+1][k] - w.Y[i-1][k]) / (w.T[i+1] - w.T[i-1])
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

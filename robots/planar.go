package robots

import (
	"fmt"
	"math"

	"github.com/robocompiler/robocompiler/cmg"
)

// Densities of the bar stock used by the planar mechanisms (kg/m³).
const (
	steelDensity     = 7850.0
	aluminiumDensity = 2700.0
)

// planarGravity returns the gravity of the planar mechanisms: they move in the x–y plane
// of their ground frame, which stands vertical with y up.
func planarGravity() *[3]float64 {
	return &[3]float64{0, -9.81, 0}
}

// barBody returns a straight rectangular bar of the given length (along x, from the
// body origin), width (along y) and thickness (along z) in material of the given
// density: its frame sits on the proximal pin with x pointing to the distal pin.
func barBody(id string, length, width, thick, density float64) cmg.Body {
	m := density * length * width * thick
	return cmg.Body{ID: id, Mass: m, COM: [3]float64{length / 2, 0, 0}, Inertia: boxInertia(m, length, width, thick)}
}

// revoluteZ returns a revolute joint about the z axis of its joint frames.
func revoluteZ(id, a, b string, fa, fb cmg.Frame) cmg.Joint {
	return cmg.Joint{ID: id, Type: "revolute", BodyA: a, BodyB: b, FrameA: fa, FrameB: fb, Axis: vec(0, 0, 1)}
}

// circleMeet returns the intersection of the circle of radius r1 about c1 with the
// circle of radius r2 about c2 that lies to the left of the line c1 → c2 (to the right
// when left is false). It fails when the circles do not meet.
func circleMeet(c1 [2]float64, r1 float64, c2 [2]float64, r2 float64, left bool) ([2]float64, error) {
	dx, dy := c2[0]-c1[0], c2[1]-c1[1]
	d := math.Hypot(dx, dy)
	l := (r1*r1 - r2*r2 + d*d) / (2 * d)
	h2 := r1*r1 - l*l
	if d == 0 || h2 < 0 {
		return [2]float64{}, fmt.Errorf("circles of radii %g and %g at distance %g do not meet", r1, r2, d)
	}
	h := math.Sqrt(h2)
	if !left {
		h = -h
	}
	ex, ey := dx/d, dy/d
	return [2]float64{c1[0] + l*ex - h*ey, c1[1] + l*ey + h*ex}, nil
}

// angleOf returns the direction angle of the vector from p to q.
func angleOf(p, q [2]float64) float64 {
	return math.Atan2(q[1]-p[1], q[0]-p[0])
}

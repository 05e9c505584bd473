package robots

import "github.com/robocompiler/robocompiler/spatial"

// inertiaMat returns the symmetric 3×3 tensor of a CMG inertia record
// [Ixx, Iyy, Izz, Ixy, Ixz, Iyz].
func inertiaMat(i [6]float64) spatial.Mat3 {
	return spatial.Mat3{{i[0], i[3], i[4]}, {i[3], i[1], i[5]}, {i[4], i[5], i[2]}}
}

// inertiaRecord returns the CMG record [Ixx, Iyy, Izz, Ixy, Ixz, Iyz] of a tensor,
// averaging its off-diagonal pairs.
func inertiaRecord(m spatial.Mat3) [6]float64 {
	return [6]float64{m[0][0], m[1][1], m[2][2],
		0.5 * (m[0][1] + m[1][0]), 0.5 * (m[0][2] + m[2][0]), 0.5 * (m[1][2] + m[2][1])}
}

// diagInertia returns the record of a diagonal tensor.
func diagInertia(ixx, iyy, izz float64) [6]float64 {
	return [6]float64{ixx, iyy, izz, 0, 0, 0}
}

// boxInertia returns the central inertia of a solid box of mass m and edge lengths
// lx, ly, lz along the frame axes.
func boxInertia(m, lx, ly, lz float64) [6]float64 {
	return diagInertia(m*(ly*ly+lz*lz)/12, m*(lx*lx+lz*lz)/12, m*(lx*lx+ly*ly)/12)
}

// tubeInertia returns the central inertia of a tube of mass m, outer radius ro, inner
// radius ri (0 for a solid cylinder) and length h, its axis along z.
func tubeInertia(m, ro, ri, h float64) [6]float64 {
	r2 := ro*ro + ri*ri
	perp := m * (3*r2 + h*h) / 12
	return diagInertia(perp, perp, m*r2/2)
}

// sphereInertia returns the central inertia of a solid sphere of mass m and radius r.
func sphereInertia(m, r float64) [6]float64 {
	i := 0.4 * m * r * r
	return diagInertia(i, i, i)
}

// combineMass returns the mass, centre of mass and central inertia of two rigid parts
// joined together, each given by its mass, centre of mass and central inertia in the
// same frame (parallel-axis theorem).
func combineMass(m1 float64, c1 spatial.Vec3, i1 [6]float64, m2 float64, c2 spatial.Vec3, i2 [6]float64) (float64, spatial.Vec3, [6]float64) {
	m := m1 + m2
	c := c1.Scale(m1 / m).Add(c2.Scale(m2 / m))
	shift := func(mass float64, d spatial.Vec3) spatial.Mat3 {
		s := spatial.Skew(d)
		return s.Mul(s).Scale(-mass)
	}
	i := inertiaMat(i1).Add(shift(m1, c1.Sub(c))).Add(inertiaMat(i2)).Add(shift(m2, c2.Sub(c)))
	return m, c, inertiaRecord(i)
}

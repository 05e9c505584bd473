package joint

import "github.com/robocompiler/robocompiler/spatial"

// ConfigRate writes the NQ x NV row-major matrix N(q) with qdot = N(q) v into
// N[:NQ*NV]. It is the identity except for spherical (quaternion rate
// ½ q ⊗ [0; w]) and free joints (position rate R(q) v_lin, quaternion rate).
func (m *Model) ConfigRate(q []float64, N []float64) {
	nq, nv := m.NQ(), m.NV()
	clear(N[:nq*nv])
	switch m.Kind {
	case Spherical:
		quatRate(q[0:4], N, nv)
	case Free:
		r := spatial.Quat{q[3], q[4], q[5], q[6]}.Mat3()
		for i := range 3 {
			for j := range 3 {
				N[i*nv+3+j] = r[i][j]
			}
		}
		quatRate(q[3:7], N[3*nv:], nv)
	default:
		for i := range nq {
			N[i*nv+i] = 1
		}
	}
}

// quatRate writes the 4x3 block ½[[-x,-y,-z],[w,-z,y],[z,w,-x],[-y,x,w]]
// mapping body angular velocity to the rate of q = (w,x,y,z) into rows of N
// with the given row stride, starting at column 0.
func quatRate(q, N []float64, stride int) {
	w, x, y, z := 0.5*q[0], 0.5*q[1], 0.5*q[2], 0.5*q[3]
	rows := [4][3]float64{{-x, -y, -z}, {w, -z, y}, {z, w, -x}, {-y, x, w}}
	for i := range rows {
		copy(N[i*stride:i*stride+3], rows[i][:])
	}
}

package joint

import "github.com/robocompiler/robocompiler/spatial"

// Integrate writes q ⊕ dt·v (NQ entries) into out, exactly on the joint
// manifold: quaternions are composed with the exponential of the body
// angular velocity, free joints with the SE(3) exponential of the body
// twist (the resulting quaternion is renormalised), and all other
// coordinates are advanced linearly. out may alias q.
func (m *Model) Integrate(q, v []float64, dt float64, out []float64) {
	switch m.Kind {
	case Fixed:
	case Spherical:
		r := quatAt(q, 0).Mul(spatial.QuatExp(spatial.Vec3{v[0], v[1], v[2]}.Scale(dt))).Normalize()
		copy(out[0:4], r[:])
	case Free:
		xi := spatial.Vec6(v[0:6]).Scale(dt)
		w := xi.Angular()
		q0 := quatAt(q, 3)
		p := spatial.Vec3{q[0], q[1], q[2]}.Add(q0.Mat3().MulVec(spatial.JlSO3(w).MulVec(xi.Linear())))
		r := q0.Mul(spatial.QuatExp(w)).Normalize()
		copy(out[0:3], p[:])
		copy(out[3:7], r[:])
	default:
		for i := range m.NQ() {
			out[i] = q[i] + dt*v[i]
		}
	}
}

// Difference writes into out (NV entries) the velocity v with
// Integrate(q0, v, 1) = q1, on the principal branch (rotation angle <= π);
// quaternions are normalised before use.
func (m *Model) Difference(q0, q1 []float64, out []float64) {
	switch m.Kind {
	case Fixed:
	case Spherical:
		w := spatial.QuatLog(quatAt(q0, 0).Normalize().Conj().Mul(quatAt(q1, 0).Normalize()))
		copy(out[0:3], w[:])
	case Free:
		a := quatAt(q0, 3).Normalize()
		w := spatial.QuatLog(a.Conj().Mul(quatAt(q1, 3).Normalize()))
		dp := spatial.Vec3{q1[0] - q0[0], q1[1] - q0[1], q1[2] - q0[2]}
		u := spatial.JlInvSO3(w).MulVec(a.Mat3().T().MulVec(dp))
		copy(out[0:3], w[:])
		copy(out[3:6], u[:])
	default:
		for i := range m.NQ() {
			out[i] = q1[i] - q0[i]
		}
	}
}

// quatAt returns the quaternion stored at q[i:i+4] (w, x, y, z).
func quatAt(q []float64, i int) spatial.Quat { return spatial.Quat(q[i : i+4]) }

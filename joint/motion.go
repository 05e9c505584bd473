package joint

import "github.com/robocompiler/robocompiler/spatial"

// MotionSubspace writes the NV columns S_i (6-vectors, angular first) of the
// motion subspace into S[:NV]: (Q⁻¹ dQ/dt)^∨ = Σ_i S_i v_i, the body twist
// of frame Jc relative to Jb expressed in Jc (rad/s, m/s per unit v_i).
func (m *Model) MotionSubspace(q []float64, S []spatial.Vec6) {
	var z spatial.Vec3
	switch m.Kind {
	case Revolute:
		S[0] = spatial.NewVec6(m.Axis, z)
	case Prismatic:
		S[0] = spatial.NewVec6(z, m.Axis)
	case Helical:
		S[0] = spatial.NewVec6(m.Axis, m.Axis.Scale(m.Pitch))
	case Universal:
		r2 := spatial.ExpSO3(m.Axis2.Scale(q[1]))
		S[0] = spatial.NewVec6(r2.T().MulVec(m.Axis), z)
		S[1] = spatial.NewVec6(m.Axis2, z)
	case Spherical:
		for i := range 3 {
			S[i] = spatial.Vec6{}
			S[i][i] = 1
		}
	case Planar:
		e1, e2, n := m.planeBasis()
		rt := spatial.ExpSO3(n.Scale(-q[2]))
		S[0] = spatial.NewVec6(z, rt.MulVec(e1))
		S[1] = spatial.NewVec6(z, rt.MulVec(e2))
		S[2] = spatial.NewVec6(n, z)
	case Free:
		for i := range 6 {
			S[i] = spatial.Vec6{}
			S[i][i] = 1
		}
	}
}

// ConstantSubspace reports whether the motion subspace is constant in the joint's own
// frame (every kind except universal and planar), so that BiasTwist is identically zero.
func (m *Model) ConstantSubspace() bool { return m.Kind != Universal && m.Kind != Planar }

// BiasTwist returns Ṡ·v = Σ_i (dS_i/dt) v_i along qdot = N(q) v (rad/s²,
// m/s²); zero for joints with constant S.
func (m *Model) BiasTwist(q, v []float64) spatial.Vec6 {
	var z spatial.Vec3
	switch m.Kind {
	case Universal:
		a1 := spatial.ExpSO3(m.Axis2.Scale(q[1])).T().MulVec(m.Axis)
		return spatial.NewVec6(a1.Cross(m.Axis2).Scale(v[0]*v[1]), z)
	case Planar:
		e1, e2, n := m.planeBasis()
		lin := spatial.ExpSO3(n.Scale(-q[2])).MulVec(e1.Scale(v[0]).Add(e2.Scale(v[1])))
		return spatial.NewVec6(z, n.Cross(lin).Scale(-v[2]))
	}
	return spatial.Vec6{}
}

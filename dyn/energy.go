package dyn

// KineticEnergy returns the tree's kinetic energy ½ v_Tᵀ M_T v_T (J) at the augmented q,
// v (len NQ, NV): the sum over bodies of ½ twistᵀ I twist plus ½ Armature·v² for every
// tree velocity (consistent with the armature in M_T). Leaves poses and twists in d.
func (d *Data) KineticEnergy(q, v []float64) float64 {
	d.ForwardKinematics(q, v)
	m := d.m
	t := 0.0
	for i := range m.Bodies {
		tw := d.twist[i+1]
		t += tw.Dot(m.Bodies[i].Inertia.MulMotion(tw))
	}
	for e := range m.Edges {
		j := &m.Joints[m.Edges[e].Joint]
		for k := range j.NV {
			x := v[j.V0+k]
			t += j.Armature * x * x
		}
	}
	return 0.5 * t
}

// PotentialEnergy returns the gravitational potential energy −Σ_b m_b g·c_b (J) at the
// augmented q (len NQ), with g = Model.Gravity and c_b the world position of body b's
// centre of mass (zero at the ground origin). Leaves poses in d.
func (d *Data) PotentialEnergy(q []float64) float64 {
	d.checkQ("dyn: PotentialEnergy", q)
	d.positions(q)
	m := d.m
	u := 0.0
	for i := range m.Bodies {
		in := &m.Bodies[i].Inertia
		x := d.pose[i+1]
		// m·c_world = R·H + m·P
		u -= m.Gravity.Dot(x.R.MulVec(in.H).Add(x.P.Scale(in.Mass)))
	}
	return u
}

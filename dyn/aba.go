package dyn

import (
	"github.com/robocompiler/robocompiler/compile"
	"github.com/robocompiler/robocompiler/internal/dense"
	"github.com/robocompiler/robocompiler/spatial"
)

// ABA solves the unconstrained tree dynamics M_T a = tau − h_T + Σ_b J_bᵀ fext_b for a
// (len NVT, m/s² or rad/s²) by the articulated-body algorithm (Featherstone, Rigid Body
// Dynamics Algorithms, ch. 7), in O(n) time and memory: no mass matrix is formed. It
// gives ForwardDynamics' result (the dense CRBA + Cholesky path, kept as the oracle) to
// round-off. Arguments as for ForwardDynamics: q, v the augmented configuration and
// velocity (len NQ, NV), tau the tree effort (len NVT), fext nil or one body-frame wrench
// per node. Armature enters each joint's D = Sᵀ I^A S and damping the effort, as in M_T
// and h_T. Poses and twists are shared with the last ForwardKinematics as for
// ForwardDynamics. It returns ErrNotPositiveDefinite when a joint's D is not positive
// definite (the tolerance of internal/dense.Cholesky), and allocates nothing.
func (d *Data) ABA(q, v, tau []float64, fext []spatial.Vec6, a []float64) error {
	d.checkT("dyn: ABA", "tau", tau)
	d.checkT("dyn: ABA", "a", a)
	if d.m.NVT == 0 {
		return nil
	}
	d.checkQ("dyn: ABA", q)
	d.checkV("dyn: ABA", "v", v)
	d.checkF("dyn: ABA", fext)
	d.kinematicsFor(q, v)
	m := d.m
	// Outward: rigid-body inertias, bias forces and velocity-product accelerations.
	for e := range m.Edges {
		ed := &m.Edges[e]
		c := ed.Child
		in := &m.Bodies[c-1].Inertia
		tw := d.twist[c]
		d.ia[c] = in.Mat6()
		p := spatial.CrossForce(tw, in.MulMotion(tw))
		if fext != nil {
			p = p.Sub(fext[c])
		}
		d.pa[c] = p
		cb := spatial.CrossMotion(tw, d.jointTwist(&m.Joints[ed.Joint], v))
		if b := m.EdgeBias(e, q, v); b != (spatial.Vec6{}) {
			cb = cb.Add(b)
		}
		d.cb[c] = cb
	}
	// Inward: articulated inertias and bias forces.
	for e := len(m.Edges) - 1; e >= 0; e-- {
		ed := &m.Edges[e]
		j := &m.Joints[ed.Joint]
		c := ed.Child
		IA := d.ia[c]
		pA := d.pa[c]
		nv := j.NV
		if nv > 0 {
			U := d.uu[j.V0 : j.V0+nv]
			u := d.uvec[j.V0 : j.V0+nv]
			D := d.dfac[d.dOff[e]:d.dOff[e+1]]
			for k := range nv {
				i := j.V0 + k
				U[k] = IA.MulVec(d.s[i])
				u[k] = tau[i] - j.Damping*v[i] - d.s[i].Dot(pA)
				for l := range nv {
					D[k*nv+l] = d.s[j.V0+l].Dot(U[k])
				}
				D[k*nv+k] += j.Armature
			}
			if !dense.Cholesky(D, nv) {
				return ErrNotPositiveDefinite
			}
			if ed.Parent == compile.Ground {
				continue
			}
			// Ia = IA − U D⁻¹ Uᵀ and pa = pA + Ia c + U D⁻¹ u.
			var w [6]spatial.Vec6 // D⁻¹ Uᵀ as nv columns of 6-vectors, row by row
			for r := range 6 {
				x := d.small[:nv]
				for k := range nv {
					x[k] = U[k][r]
				}
				dense.CholeskySolve(D, nv, x)
				for k := range nv {
					w[k][r] = x[k]
				}
			}
			for k := range nv {
				for r := range 6 {
					for s := range 6 {
						IA[r][s] -= U[k][r] * w[k][s]
					}
				}
			}
			x := d.small[:nv]
			copy(x, u)
			dense.CholeskySolve(D, nv, x)
			pA = pA.Add(IA.MulVec(d.cb[c]))
			for k := range nv {
				pA = pA.Add(U[k].Scale(x[k]))
			}
		} else {
			if ed.Parent == compile.Ground {
				continue
			}
			pA = pA.Add(IA.MulVec(d.cb[c]))
		}
		// To the parent: Ad⁻ᵀ Ia Ad⁻¹ and Ad⁻ᵀ pa.
		X := d.xup[c].AdInv()
		d.ia[ed.Parent] = d.ia[ed.Parent].Add(X.T().Mul(IA).Mul(X))
		d.pa[ed.Parent] = d.pa[ed.Parent].Add(d.xup[c].ActForce(pA))
	}
	// Outward: accelerations, with gravity as an upward acceleration of the ground.
	acc := d.accG
	acc[compile.Ground] = spatial.NewVec6(spatial.Vec3{}, m.Gravity.Neg())
	for e := range m.Edges {
		ed := &m.Edges[e]
		j := &m.Joints[ed.Joint]
		c := ed.Child
		ac := d.xup[c].InvActMotion(acc[ed.Parent]).Add(d.cb[c])
		if nv := j.NV; nv > 0 {
			x := a[j.V0 : j.V0+nv]
			for k := range nv {
				x[k] = d.uvec[j.V0+k] - d.uu[j.V0+k].Dot(ac)
			}
			dense.CholeskySolve(d.dfac[d.dOff[e]:d.dOff[e+1]], nv, x)
			for k := range nv {
				ac = ac.Add(d.s[j.V0+k].Scale(x[k]))
			}
		}
		acc[c] = ac
	}
	return nil
}

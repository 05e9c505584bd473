package kin

import (
	"github.com/robocompiler/robocompiler/internal/dense"
	"github.com/robocompiler/robocompiler/spatial"
)

// ReducedEffort writes τ_r = Lᵀ f (len D; eq. 13) for port efforts f (len nf; N or N·m).
func (d *Data) ReducedEffort(f, tauR []float64) {
	dense.CheckLen("kin: ReducedEffort", "f", len(f), len(d.Ports))
	dense.CheckLen("kin: ReducedEffort", "tauR", len(tauR), d.Mobility())
	L := d.L.RawMatrix()
	dense.MulTransVec(L.Data, L.Stride, f, tauR)
}

// TreeEffort writes τ_T (len NVT) for port efforts f (len nf): the generalised force of the
// efforts applied through the ports' physical attachments at the last Kinematics's
// configuration. A term on a tree joint acts on its coordinate; a term on a cut joint
// acts through the pair of attachment wrenches the joint exerts on its two bodies; a
// two-point port pushes its attachment points apart along the line joining them. By
// virtual work E_Tᵀ τ_T = Lᵀ f on feasible motions (eq. 13).
func (d *Data) TreeEffort(q, f, tauT []float64) {
	m := d.m
	dense.CheckLen("kin: TreeEffort", "f", len(f), len(d.Ports))
	dense.CheckLen("kin: TreeEffort", "tauT", len(tauT), m.NVT)
	for i := range tauT {
		tauT[i] = 0
	}
	for i := range d.Ports {
		p, fi := &d.Ports[i], f[i]
		if p.TwoPoint {
			dir, _ := d.twoPointAxis(p)
			pb, pa := d.WorldPoint(p.NodeB, p.PointB), d.WorldPoint(p.NodeA, p.PointA)
			F := dir.Scale(fi)
			d.wrenchPower(p.NodeB, spatial.NewVec6(pb.Cross(F), F), tauT)
			d.wrenchPower(p.NodeA, spatial.NewVec6(pa.Cross(F).Neg(), F.Neg()), tauT)
			continue
		}
		for _, t := range p.Terms {
			j := &m.Joints[t.Joint]
			if j.Tree {
				tauT[j.V0] += t.Coef * fi
				continue
			}
			// Cut joint: the wrench w = S f/(SᵀS) in the joint frame on body B (so that
			// Sᵀw = f), and its reaction on body A.
			j.Model.MotionSubspace(q[j.Q0:j.Q0+j.NQ], d.sj[:1])
			s := d.sj[0]
			w := d.Dyn.Pose(j.NodeB).Mul(j.B).ActForce(s.Scale(t.Coef * fi / s.Dot(s)))
			d.wrenchPower(j.NodeB, w, tauT)
			d.wrenchPower(j.NodeA, w.Scale(-1), tauT)
		}
	}
}

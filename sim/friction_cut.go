package sim

import (
	"fmt"

	"github.com/robocompiler/robocompiler/compile"
	"github.com/robocompiler/robocompiler/dyn"
	"github.com/robocompiler/robocompiler/joint"
	"github.com/robocompiler/robocompiler/spatial"
)

// cutLoss is the damping and Coulomb friction of one cut joint (a joint of the loops, not
// of the spanning forest), kept as a copy of the joint's frames and parameters.
//
// The cut joint's speed w (len NV) is the relative twist of its frame Jc (on body B) with
// respect to its frame Jb (on body A), expressed in Jc, projected on the joint's motion
// subspace: w = Sᵀ V_rel, with V_rel from the two bodies' twists and S from the relative
// pose (revolute [a; 0], prismatic [0; a], universal [R_bcᵀ a₁; 0], [a₂; 0], all with
// orthonormal columns, so that Sᵀ S = I and w is the joint's own rate wherever the closure
// holds, in the retained and the eliminated form alike). Its effort τ = −b w − F tanh(w/v_s)
// acts as the wrench pair W_c = S τ on body B and −W_c on body A, whose generalised force
// is J_cutᵀ τ and whose power is exactly τ·w: the same physics as the joint's damping and
// friction when it is a tree joint.
type cutLoss struct {
	id                     string
	kind                   joint.Kind
	axis, axis2            spatial.Vec3
	nodeA, nodeB           int
	a, b                   spatial.Transform // joint frame in body A and in body B
	damping, friction, vsl float64
}

// newCutLoss returns the loss of the cut joint j, or an error naming it when its type is
// not one whose motion subspace follows from the relative pose (revolute, prismatic,
// universal).
func newCutLoss(j *compile.Joint) (cutLoss, error) {
	switch j.Model.Kind {
	case joint.Revolute, joint.Prismatic, joint.Universal:
	default:
		return cutLoss{}, fmt.Errorf("sim: joint %q is a %s cut joint of the spanning forest with damping %g and friction %g; friction on a cut joint is supported for revolute, prismatic and universal joints only: keep it in the tree (hints.tree_joints) or move the friction to an actuator port",
			j.ID, j.Model.Kind, j.Damping, j.Friction)
	}
	return cutLoss{id: j.ID, kind: j.Model.Kind, axis: j.Model.Axis, axis2: j.Model.Axis2, nodeA: j.NodeA, nodeB: j.NodeB,
		a: j.A, b: j.B, damping: j.Damping, friction: j.Friction, vsl: j.FrictionVelocity}, nil
}

// subspace writes the motion subspace S (orthonormal columns) at the relative rotation
// rbc (frame Jc in frame Jb) into s and returns the number of columns.
func (c *cutLoss) subspace(rbc spatial.Mat3, s *[2]spatial.Vec6) int {
	var z spatial.Vec3
	switch c.kind {
	case joint.Prismatic:
		s[0] = spatial.NewVec6(z, c.axis)
		return 1
	case joint.Universal:
		s[0] = spatial.NewVec6(rbc.T().MulVec(c.axis), z)
		s[1] = spatial.NewVec6(c.axis2, z)
		return 2
	default:
		s[0] = spatial.NewVec6(c.axis, z)
		return 1
	}
}

// speedEffort returns, at the poses and twists of kd, the joint's speeds w and efforts τ
// (len n ≤ 2), the wrench W_c = S τ in frame Jc and the relative pose X_b←c.
func (c *cutLoss) speedEffort(kd *dyn.Data, w, tau *[2]float64) (n int, wc spatial.Vec6, xbc spatial.Transform) {
	tb := kd.Pose(c.nodeA).Mul(c.a)
	tc := kd.Pose(c.nodeB).Mul(c.b)
	xbc = tb.Inv().Mul(tc)
	vc := c.b.InvActMotion(kd.Twist(c.nodeB))
	vb := xbc.InvActMotion(c.a.InvActMotion(kd.Twist(c.nodeA)))
	rel := vc.Sub(vb)
	var s [2]spatial.Vec6
	n = c.subspace(xbc.R, &s)
	for k := range n {
		w[k] = s[k].Dot(rel)
		tau[k] = -c.damping*w[k] + coulomb(c.friction, c.vsl, w[k])
		for i := range wc {
			wc[i] += s[k][i] * tau[k]
		}
	}
	return n, wc, xbc
}

// cutWrenches returns the external spatial forces fext (per node, body frames; nil for
// none) with the wrench pairs of the cut joints' damping and friction added, at the poses
// and twists of kd, and the power those dissipate (W ≥ 0). Without lossy cut joints it
// returns fext itself; otherwise the sum is written into the losses' own buffer.
func (p *losses) cutWrenches(kd *dyn.Data, fext []spatial.Vec6) ([]spatial.Vec6, float64) {
	if len(p.cuts) == 0 {
		return fext, 0
	}
	if fext == nil {
		clear(p.fext)
	} else {
		copy(p.fext, fext)
	}
	dissipated := 0.0
	var w, tau [2]float64
	for i := range p.cuts {
		c := &p.cuts[i]
		n, wc, xbc := c.speedEffort(kd, &w, &tau)
		for k := range n {
			dissipated -= tau[k] * w[k]
		}
		if c.nodeB != compile.Ground {
			p.fext[c.nodeB] = p.fext[c.nodeB].Add(c.b.ActForce(wc))
		}
		if c.nodeA != compile.Ground {
			p.fext[c.nodeA] = p.fext[c.nodeA].Sub(c.a.ActForce(xbc.ActForce(wc)))
		}
	}
	return p.fext, dissipated
}

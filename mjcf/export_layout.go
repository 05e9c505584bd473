package mjcf

import (
	"fmt"

	"github.com/robocompiler/robocompiler/compile"
	"github.com/robocompiler/robocompiler/joint"
	"github.com/robocompiler/robocompiler/spatial"
)

// Layout locates the tree coordinates of a compiled model in the qpos and qvel of the
// MJCF that Export writes for it. MuJoCo orders coordinates by body in document
// (depth-first) order, so tree joints appear in a different order than in q; within a
// joint the order is ours. Values map as follows (T is the velocity map qvel = T(q)·v):
//
//   - revolute, prismatic, universal, planar: equal, qpos = q and qvel = v;
//   - spherical: MuJoCo's ball rotates the body from its pose at qpos0 (the assembled
//     orientation r) about axes of the body frame, so qpos = b⊗r⁻¹⊗q⊗b⁻¹ and
//     qvel = R_b·v, with b (rotation R_b) the joint frame's orientation in the child
//     body (frame_b);
//   - free: qpos = the child body frame's world pose A·Q(q)·B⁻¹ (position, then the
//     quaternion w, x, y, z); qvel = [R·v_o; ω], where [ω; v_o] = Ad_B·v is the body
//     twist of the body frame and R its world orientation (MuJoCo's free velocity is the
//     world-axes velocity of the body origin, then the body-axes angular velocity).
//
// Forces map back by the transpose, and since T depends on q for free joints, MuJoCo's
// accelerations carry the extra term Ṫ·v (VelocityProduct): M_T = Tᵀ·M·T and
// h_T = Tᵀ·(qfrc_bias − qfrc_passive + M·Ṫ·v) for a model without friction loss.
type Layout struct {
	// NQ and NV are MuJoCo's nq and nv (equal to the model's NQT and NVT).
	NQ, NV int
	// Joints are the moving tree joints in MJCF document order.
	Joints []JointLayout
	m      *compile.Model
}

// JointLayout is one tree joint's place in MuJoCo's qpos and qvel.
type JointLayout struct {
	// Joint is the index in Model.Joints; QPos and Dof are its first qpos and qvel
	// addresses in MuJoCo.
	Joint, QPos, Dof int
	// frame is frame_b (spherical, free); parent is frame_a (free); ref is the assembled
	// orientation (spherical).
	frame, parent spatial.Transform
	ref           spatial.Quat
}

// NewLayout returns the layout of the MJCF that Export writes for m at the assembled
// configuration q (len NQ); it fails where Export would.
func NewLayout(m *compile.Model, q []float64) (*Layout, error) {
	if len(q) != m.NQ {
		return nil, fmt.Errorf("mjcf: layout: configuration has %d entries, the model has NQ = %d", len(q), m.NQ)
	}
	t, err := buildTree(m, q)
	if err != nil {
		return nil, err
	}
	return &t.layout, nil
}

// check verifies slice lengths for the mapping methods.
func (l *Layout) check(what string, got, want int) error {
	if got != want {
		return fmt.Errorf("mjcf: layout: %s has %d entries, want %d", what, got, want)
	}
	return nil
}

// QPos writes MuJoCo's qpos (len NQ) for the configuration q (len Model.NQ or NQT).
func (l *Layout) QPos(q, qpos []float64) error {
	if err := l.check("qpos", len(qpos), l.NQ); err != nil {
		return err
	}
	if len(q) < l.m.NQT {
		return l.check("q", len(q), l.m.NQT)
	}
	for _, jl := range l.Joints {
		j := &l.m.Joints[jl.Joint]
		qj, out := q[j.Q0:j.Q0+j.NQ], qpos[jl.QPos:jl.QPos+j.NQ]
		switch j.Model.Kind {
		case joint.Spherical:
			b := spatial.QuatFromMat3(jl.frame.R)
			r := b.Mul(jl.ref.Conj()).Mul(spatial.Quat(qj)).Mul(b.Conj())
			copy(out, r[:])
		case joint.Free:
			w := jl.world(j, qj)
			r := spatial.QuatFromMat3(w.R)
			copy(out, w.P[:])
			copy(out[3:], r[:])
		default:
			copy(out, qj)
		}
	}
	return nil
}

// world returns a free joint's child body pose A·Q(q)·B⁻¹.
func (jl *JointLayout) world(j *compile.Joint, qj []float64) spatial.Transform {
	return jl.parent.Mul(j.Model.Transform(qj)).Mul(jl.frame.Inv())
}

// QVel writes MuJoCo's qvel (len NV) for the velocity v (len Model.NV or NVT) at q.
func (l *Layout) QVel(q, v, qvel []float64) error {
	return l.velocity(q, v, qvel, false)
}

// VelocityProduct writes Ṫ(q, v)·v (len NV) in MuJoCo's coordinates: the part of
// MuJoCo's qacc that comes from the change of the velocity map along the motion
// (nonzero only for free joints, R·(ω × v_o) in the linear rows).
func (l *Layout) VelocityProduct(q, v, out []float64) error {
	return l.velocity(q, v, out, true)
}

// velocity evaluates T·v, or Ṫ·v when rate is set.
func (l *Layout) velocity(q, v, out []float64, rate bool) error {
	if err := l.check("qvel", len(out), l.NV); err != nil {
		return err
	}
	if len(q) < l.m.NQT {
		return l.check("q", len(q), l.m.NQT)
	}
	if len(v) < l.m.NVT {
		return l.check("v", len(v), l.m.NVT)
	}
	for _, jl := range l.Joints {
		j := &l.m.Joints[jl.Joint]
		vj, o := v[j.V0:j.V0+j.NV], out[jl.Dof:jl.Dof+j.NV]
		switch j.Model.Kind {
		case joint.Spherical:
			w := jl.frame.R.MulVec(spatial.Vec3(vj))
			if rate {
				w = spatial.Vec3{}
			}
			copy(o, w[:])
		case joint.Free:
			R := jl.world(j, q[j.Q0:j.Q0+j.NQ]).R
			tw := jl.frame.ActMotion(spatial.Vec6(vj))
			lin, ang := R.MulVec(tw.Linear()), tw.Angular()
			if rate {
				lin, ang = R.MulVec(tw.Angular().Cross(tw.Linear())), spatial.Vec3{}
			}
			copy(o, lin[:])
			copy(o[3:], ang[:])
		default:
			if rate {
				clear(o)
			} else {
				copy(o, vj)
			}
		}
	}
	return nil
}

// Forces writes Tᵀ·f (len Model.NVT): a MuJoCo generalised force f (len NV, e.g.
// qfrc_bias) as the generalised force on the model's tree velocities.
func (l *Layout) Forces(q, f, out []float64) error {
	if err := l.check("f", len(f), l.NV); err != nil {
		return err
	}
	if err := l.check("out", len(out), l.m.NVT); err != nil {
		return err
	}
	if len(q) < l.m.NQT {
		return l.check("q", len(q), l.m.NQT)
	}
	for _, jl := range l.Joints {
		j := &l.m.Joints[jl.Joint]
		fj, o := f[jl.Dof:jl.Dof+j.NV], out[j.V0:j.V0+j.NV]
		switch j.Model.Kind {
		case joint.Spherical:
			n := jl.frame.R.T().MulVec(spatial.Vec3(fj))
			copy(o, n[:])
		case joint.Free:
			R := jl.world(j, q[j.Q0:j.Q0+j.NQ]).R
			w := spatial.NewVec6(spatial.Vec3(fj[3:6]), R.T().MulVec(spatial.Vec3(fj[0:3])))
			w = jl.frame.InvActForce(w)
			copy(o, w[:])
		default:
			copy(o, fj)
		}
	}
	return nil
}

//go:build mujoco

package native

import (
	"fmt"

	"github.com/robocompiler/robocompiler/compile"
	"github.com/robocompiler/robocompiler/joint"
	"github.com/robocompiler/robocompiler/mjcf"
	"github.com/robocompiler/robocompiler/spatial"
)

// treeMap reads MuJoCo's qpos and qvel back into the model's tree coordinates and
// velocities: the inverse of the export Layout's QPos and QVel (see mjcf.Layout for the
// conventions). Scalar joints, universal and planar joints are equal; a spherical
// joint's q = r⊗b⁻¹⊗qpos⊗b and v = R_bᵀ·qvel; a free joint's Q(q) = A⁻¹·W·B, with W the
// body pose in qpos, and v = Ad_B⁻¹·[ω; Rᵀ·ṗ] from qvel = [ṗ (world); ω (body)].
type treeMap struct {
	m   *compile.Model
	lay *mjcf.Layout
	ref []spatial.Quat // per layout joint: the assembled orientation of a spherical joint
}

// newTreeMap maps the coordinates of the MJCF that mjcf.Export wrote for m at q0 (len NQ).
func newTreeMap(m *compile.Model, q0 []float64) (*treeMap, error) {
	lay, err := mjcf.NewLayout(m, q0)
	if err != nil {
		return nil, err
	}
	t := &treeMap{m: m, lay: lay, ref: make([]spatial.Quat, len(lay.Joints))}
	for i, jl := range lay.Joints {
		if j := &m.Joints[jl.Joint]; j.Model.Kind == joint.Spherical {
			t.ref[i] = spatial.Quat(q0[j.Q0 : j.Q0+4]).Normalize()
		}
	}
	return t, nil
}

// coords writes the tree coordinates (q[:NQT]) for MuJoCo's qpos (len Layout.NQ); the
// entries of q beyond NQT are left as they are. Angles and quaternions come out as
// MuJoCo holds them, free-joint quaternions with w ≥ 0.
func (t *treeMap) coords(qpos, q []float64) error {
	if len(qpos) != t.lay.NQ || len(q) < t.m.NQT {
		return fmt.Errorf("native: qpos has %d entries (want %d), q %d (want at least %d)", len(qpos), t.lay.NQ, len(q), t.m.NQT)
	}
	for i, jl := range t.lay.Joints {
		j := &t.m.Joints[jl.Joint]
		in, out := qpos[jl.QPos:jl.QPos+j.NQ], q[j.Q0:j.Q0+j.NQ]
		switch j.Model.Kind {
		case joint.Spherical:
			b := spatial.QuatFromMat3(j.B.R)
			r := t.ref[i].Mul(b.Conj()).Mul(spatial.Quat(in)).Mul(b)
			copy(out, r[:])
		case joint.Free:
			w := spatial.Transform{R: spatial.Quat(in[3:7]).Normalize().Mat3(), P: spatial.Vec3(in[0:3])}
			j.Model.Coordinates(j.AInv.Mul(w).Mul(j.B), nil, out)
		default:
			copy(out, in)
		}
	}
	return nil
}

// speeds writes the tree velocities (v[:NVT]) for MuJoCo's qvel (len Layout.NV) at the
// tree coordinates q that coords returned.
func (t *treeMap) speeds(q, qvel, v []float64) error {
	if len(qvel) != t.lay.NV || len(v) < t.m.NVT {
		return fmt.Errorf("native: qvel has %d entries (want %d), v %d (want at least %d)", len(qvel), t.lay.NV, len(v), t.m.NVT)
	}
	for _, jl := range t.lay.Joints {
		j := &t.m.Joints[jl.Joint]
		in, out := qvel[jl.Dof:jl.Dof+j.NV], v[j.V0:j.V0+j.NV]
		switch j.Model.Kind {
		case joint.Spherical:
			w := j.B.R.T().MulVec(spatial.Vec3(in))
			copy(out, w[:])
		case joint.Free:
			R := j.A.Mul(j.Model.Transform(q[j.Q0 : j.Q0+j.NQ])).Mul(j.BInv).R
			tw := j.B.InvActMotion(spatial.NewVec6(spatial.Vec3(in[3:6]), R.T().MulVec(spatial.Vec3(in[0:3]))))
			copy(out, tw[:])
		default:
			copy(out, in)
		}
	}
	return nil
}

package mjcf

import (
	"github.com/robocompiler/robocompiler/joint"
	"github.com/robocompiler/robocompiler/spatial"
)

// Coordinates is the inverse of QPos: it writes the tree coordinates q[:NQT] for MuJoCo's
// qpos (len NQ), leaving the entries of q beyond NQT as they are. Spherical joints get
// q = r⊗b⁻¹⊗qpos⊗b, free joints Q(q) = A⁻¹·W·B with W the body pose in qpos (quaternion
// w ≥ 0); the other kinds are equal.
func (l *Layout) Coordinates(qpos, q []float64) error {
	if err := l.check("qpos", len(qpos), l.NQ); err != nil {
		return err
	}
	if len(q) < l.m.NQT {
		return l.check("q", len(q), l.m.NQT)
	}
	for _, jl := range l.Joints {
		j := &l.m.Joints[jl.Joint]
		in, out := qpos[jl.QPos:jl.QPos+j.NQ], q[j.Q0:j.Q0+j.NQ]
		switch j.Model.Kind {
		case joint.Spherical:
			b := spatial.QuatFromMat3(jl.frame.R)
			r := jl.ref.Mul(b.Conj()).Mul(spatial.Quat(in)).Mul(b)
			copy(out, r[:])
		case joint.Free:
			w := spatial.Transform{R: spatial.Quat(in[3:7]).Normalize().Mat3(), P: spatial.Vec3(in[0:3])}
			j.Model.Coordinates(jl.parent.Inv().Mul(w).Mul(jl.frame), nil, out)
		default:
			copy(out, in)
		}
	}
	return nil
}

// Velocities is the inverse of QVel: it writes the tree velocities v[:NVT] for MuJoCo's
// qvel (len NV) at the tree coordinates q (as Coordinates returned them). Spherical
// joints get v = R_bᵀ·qvel, free joints v = Ad_B⁻¹·[ω; Rᵀ·ṗ] from qvel = [ṗ; ω].
func (l *Layout) Velocities(q, qvel, v []float64) error {
	if err := l.check("qvel", len(qvel), l.NV); err != nil {
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
		in, out := qvel[jl.Dof:jl.Dof+j.NV], v[j.V0:j.V0+j.NV]
		switch j.Model.Kind {
		case joint.Spherical:
			w := jl.frame.R.T().MulVec(spatial.Vec3(in))
			copy(out, w[:])
		case joint.Free:
			R := jl.world(j, q[j.Q0:j.Q0+j.NQ]).R
			tw := jl.frame.InvActMotion(spatial.NewVec6(spatial.Vec3(in[3:6]), R.T().MulVec(spatial.Vec3(in[0:3]))))
			copy(out, tw[:])
		default:
			copy(out, in)
		}
	}
	return nil
}

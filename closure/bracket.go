package closure

import (
	"github.com/robocompiler/robocompiler/compile"
	"github.com/robocompiler/robocompiler/joint"
	"github.com/robocompiler/robocompiler/spatial"
)

// Bracket writes into out (len NV) the Lie bracket [w, v] of the vector fields of constant
// velocity coordinates w and v (len NV each), joint by joint: ω_w × ω_v for a spherical
// joint (body angular velocities), the motion cross product w × v for a free joint (body
// twists), 0 for the joints whose coordinates commute (1-DoF, universal, planar). It is
// the antisymmetric part of the second derivative of the residual:
//
//	Ċ[w]·v − Ċ[v]·w = C·[w, v]
//
// (Ċ[a] the derivative of C along a, as Data.Tangent), so that one tangent pass along v
// gives the drift's velocity derivative along any w: ∂_vγ·w = 2 Ċ[v]·w + C·[w, v].
// It reports whether the model has joints whose coordinates do not commute (out may be
// nonzero); without them out is 0.
func Bracket(m *compile.Model, w, v, out []float64) bool {
	clear(out[:m.NV])
	nonzero := false
	for i := range m.Joints {
		j := &m.Joints[i]
		if j.Eliminated {
			continue
		}
		switch j.Model.Kind {
		case joint.Spherical:
			nonzero = true
			a := spatial.Vec3{w[j.V0], w[j.V0+1], w[j.V0+2]}
			b := spatial.Vec3{v[j.V0], v[j.V0+1], v[j.V0+2]}
			c := a.Cross(b)
			copy(out[j.V0:j.V0+3], c[:])
		case joint.Free:
			nonzero = true
			var a, b spatial.Vec6
			copy(a[:], w[j.V0:j.V0+6])
			copy(b[:], v[j.V0:j.V0+6])
			c := spatial.CrossMotion(a, b)
			copy(out[j.V0:j.V0+6], c[:])
		}
	}
	return nonzero
}

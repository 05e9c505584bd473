package joint

import "github.com/robocompiler/robocompiler/spatial"

// Transform returns Q(q) = ^{Jb}T_{Jc}, mapping joint-frame-c coordinates
// into joint-frame-b. q has NQ entries.
func (m *Model) Transform(q []float64) spatial.Transform {
	switch m.Kind {
	case Revolute:
		return spatial.Transform{R: spatial.ExpSO3(m.Axis.Scale(q[0]))}
	case Prismatic:
		return spatial.Transform{R: spatial.Identity3(), P: m.Axis.Scale(q[0])}
	case Helical:
		return spatial.Transform{R: spatial.ExpSO3(m.Axis.Scale(q[0])), P: m.Axis.Scale(m.Pitch * q[0])}
	case Universal:
		return spatial.Transform{R: spatial.ExpSO3(m.Axis.Scale(q[0])).Mul(spatial.ExpSO3(m.Axis2.Scale(q[1])))}
	case Spherical:
		return spatial.Transform{R: spatial.Quat{q[0], q[1], q[2], q[3]}.Mat3()}
	case Planar:
		e1, e2, n := m.planeBasis()
		return spatial.Transform{R: spatial.ExpSO3(n.Scale(q[2])), P: e1.Scale(q[0]).Add(e2.Scale(q[1]))}
	case Free:
		return spatial.Transform{R: spatial.Quat{q[3], q[4], q[5], q[6]}.Mat3(), P: spatial.Vec3{q[0], q[1], q[2]}}
	}
	return spatial.Identity()
}

package dyn

import (
	"github.com/robocompiler/robocompiler/compile"
	"github.com/robocompiler/robocompiler/spatial"
)

// WorldWrench converts a wrench w = [n; f] with world (ground) axes, n the moment about
// the application point (N·m) and f the force (N), applied at point (body-frame
// coordinates, m) of body node, into the body-frame spatial force [n_b; f_b] about the
// body origin that RNEA, Bias and ForwardDynamics take in fext: f_b = Rᵀf,
// n_b = Rᵀn + point × f_b, with R the body's world orientation. It reads the pose of the
// last kinematic evaluation (ForwardKinematics or any dynamics call at the same q). The
// ground (node 0) returns zero.
func (d *Data) WorldWrench(node int, point spatial.Vec3, w spatial.Vec6) spatial.Vec6 {
	if node == compile.Ground {
		return spatial.Vec6{}
	}
	rt := d.pose[node].R.T()
	fb := rt.MulVec(w.Linear())
	nb := rt.MulVec(w.Angular()).Add(point.Cross(fb))
	return spatial.NewVec6(nb, fb)
}

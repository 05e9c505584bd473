package kin

import (
	"slices"

	"github.com/robocompiler/robocompiler/spatial"
)

// Support returns the tree velocity indices on node n's root path, from the root: the
// only columns of n's Jacobians that can be nonzero. It allocates the slice.
func (d *Data) Support(n int) []int {
	var s []int
	for k := d.last[n]; k >= 0; k = d.Dyn.VelocityParent(k) {
		s = append(s, k)
	}
	slices.Reverse(s)
	return s
}

// WorldPoint returns the ground-frame position (m) of point p (node-frame coordinates) on
// node n at the last Kinematics.
func (d *Data) WorldPoint(n int, p spatial.Vec3) spatial.Vec3 { return d.Dyn.Pose(n).Apply(p) }

// PointJacobian adds s·J_p into the 3 rows of J starting at row r0 of the row-major
// buffer J with stride NV: J_p (3 × NV, m/s per unit velocity) maps v to the ground-frame
// velocity of point p (node-frame coordinates) on node n. Only tree columns are touched.
func (d *Data) PointJacobian(n int, p spatial.Vec3, s float64, J []float64, stride, r0 int) {
	pw := d.WorldPoint(n, p)
	for k := d.last[n]; k >= 0; k = d.Dyn.VelocityParent(k) {
		vp := d.pointColumn(k, pw)
		for i := range 3 {
			J[(r0+i)*stride+k] += s * vp[i]
		}
	}
}

// FrameJacobian writes into J (6 × NV row-major, stride NV) the body Jacobian of the frame
// X (frame coordinates → node coordinates) fixed to node n: column k is the frame's body
// twist [ω; v] (rad/s, m/s, frame axes, frame origin) per unit of velocity k. Columns of
// velocities not on n's root path are set to zero.
func (d *Data) FrameJacobian(n int, X spatial.Transform, J []float64, stride int) {
	for i := range 6 {
		row := J[i*stride : i*stride+stride]
		for k := range row {
			row[k] = 0
		}
	}
	xw := d.Dyn.Pose(n).Mul(X)
	for k := d.last[n]; k >= 0; k = d.Dyn.VelocityParent(k) {
		b := xw.InvActMotion(d.world[k])
		for i := range 6 {
			J[i*stride+k] = b[i]
		}
	}
}

// wrenchPower adds into tau (len NVT) the generalised tree force of the ground-frame
// spatial wrench w (about the ground origin) applied to node n: tau_k += S_k,worldᵀ w.
func (d *Data) wrenchPower(n int, w spatial.Vec6, tau []float64) {
	for k := d.last[n]; k >= 0; k = d.Dyn.VelocityParent(k) {
		tau[k] += d.world[k].Dot(w)
	}
}

// pointColumn returns the ground-frame velocity of the ground-frame point pw per unit of
// tree velocity k, if pw were fixed to a body that velocity moves.
func (d *Data) pointColumn(k int, pw spatial.Vec3) spatial.Vec3 {
	w := d.world[k]
	return w.Linear().Add(w.Angular().Cross(pw))
}

//go:build mujoco

package mujoco

import "math"

// FreeVelToBodyTwist converts a MuJoCo free-joint velocity to this library's body
// twist. qpos7 = [x y z qw qx qy qz] (m; quaternion world<-body, need not be unit),
// qvel6 = [pdot (m/s, world axes); w (rad/s, body axes)]. The result is
// [w_body; v_body] with v_body = R^T pdot (m/s, body axes), R = R(quat). A zero
// quaternion is read as the identity, as MuJoCo does.
func FreeVelToBodyTwist(qpos7 [7]float64, qvel6 [6]float64) [6]float64 {
	R := quatToMat([4]float64{qpos7[3], qpos7[4], qpos7[5], qpos7[6]})
	p := [3]float64{qvel6[0], qvel6[1], qvel6[2]}
	var v [3]float64
	for i := range 3 {
		v[i] = R[0][i]*p[0] + R[1][i]*p[1] + R[2][i]*p[2] // R^T p
	}
	return [6]float64{qvel6[3], qvel6[4], qvel6[5], v[0], v[1], v[2]}
}

// BodyTwistToFreeVel is the inverse of FreeVelToBodyTwist: from a body twist
// [w_body (rad/s); v_body (m/s)] at the free joint's pose qpos7 = [x y z qw qx qy qz]
// it returns MuJoCo's qvel6 = [pdot = R v_body (world axes); w_body].
func BodyTwistToFreeVel(qpos7 [7]float64, twist [6]float64) [6]float64 {
	R := quatToMat([4]float64{qpos7[3], qpos7[4], qpos7[5], qpos7[6]})
	v := [3]float64{twist[3], twist[4], twist[5]}
	var p [3]float64
	for i := range 3 {
		p[i] = R[i][0]*v[0] + R[i][1]*v[1] + R[i][2]*v[2] // R v
	}
	return [6]float64{p[0], p[1], p[2], twist[0], twist[1], twist[2]}
}

// quatToMat returns the rotation matrix of the quaternion [w x y z] after
// normalisation (identity for a zero quaternion).
func quatToMat(q [4]float64) [3][3]float64 {
	n := math.Sqrt(q[0]*q[0] + q[1]*q[1] + q[2]*q[2] + q[3]*q[3])
	if !(n > 1e-15) {
		return [3][3]float64{{1, 0, 0}, {0, 1, 0}, {0, 0, 1}}
	}
	w, x, y, z := q[0]/n, q[1]/n, q[2]/n, q[3]/n
	return [3][3]float64{
		{1 - 2*(y*y+z*z), 2 * (x*y - w*z), 2 * (x*z + w*y)},
		{2 * (x*y + w*z), 1 - 2*(x*x+z*z), 2 * (y*z - w*x)},
		{2 * (x*z - w*y), 2 * (y*z + w*x), 1 - 2*(x*x+y*y)},
	}
}

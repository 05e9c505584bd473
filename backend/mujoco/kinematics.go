//go:build mujoco

package mujoco

/*
#cgo noescape mj_objectVelocity
#cgo nocallback mj_objectVelocity
#include <mujoco/mujoco.h>
*/
import "C"

// SitePos returns the world position (m) of site (0..NSite-1) from the last Forward
// (site_xpos).
func (d *Data) SitePos(site int) ([3]float64, error) {
	if d.d == nil {
		return [3]float64{}, ErrClosed
	}
	if site < 0 || site >= d.nsite {
		return [3]float64{}, indexError("site", site, d.nsite)
	}
	x := d.sitX[3*site : 3*site+3]
	return [3]float64{x[0], x[1], x[2]}, nil
}

// BodyPose returns the pose of body (0..NBody-1) from the last Forward: pos (m) is
// the origin of the body frame in world coordinates (xpos, not the centre of mass)
// and quat = [w x y z] the unit quaternion rotating body into world axes (xquat).
func (d *Data) BodyPose(body int) (pos [3]float64, quat [4]float64, err error) {
	if d.d == nil {
		return pos, quat, ErrClosed
	}
	if body < 0 || body >= d.nbody {
		return pos, quat, indexError("body", body, d.nbody)
	}
	p := d.xpos[3*body : 3*body+3]
	q := d.xquat[4*body : 4*body+4]
	return [3]float64{p[0], p[1], p[2]}, [4]float64{q[0], q[1], q[2], q[3]}, nil
}

// BodyTwist returns the spatial velocity of body (0..NBody-1)'s frame from the last
// Forward as a body twist [w; v] in BODY axes (rad/s; m/s of the body-frame origin),
// angular first: MuJoCo's mj_objectVelocity(mjOBJ_XBODY, local). For a body moved
// by a free joint at its origin this equals FreeVelToBodyTwist(qpos7, qvel6).
func (d *Data) BodyTwist(body int) ([6]float64, error) {
	if d.d == nil {
		return [6]float64{}, ErrClosed
	}
	if body < 0 || body >= d.nbody {
		return [6]float64{}, indexError("body", body, d.nbody)
	}
	var res [6]float64
	C.mj_objectVelocity(d.m, d.d, C.mjOBJ_XBODY, C.int(body), (*C.mjtNum)(&res[0]), 1)
	return res, nil
}

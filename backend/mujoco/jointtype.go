//go:build mujoco

package mujoco

/*
#include <mujoco/mujoco.h>
*/
import "C"

import "fmt"

// JointType is MuJoCo's joint kind (mjtJoint); the numeric values are MuJoCo's.
type JointType int

// MuJoCo joint kinds with their (nq, nv).
const (
	JointFree  JointType = C.mjJNT_FREE  // nq 7 [p; quat], nv 6 [pdot world; w body]
	JointBall  JointType = C.mjJNT_BALL  // nq 4 quat, nv 3 (w body)
	JointSlide JointType = C.mjJNT_SLIDE // nq 1, nv 1 (m)
	JointHinge JointType = C.mjJNT_HINGE // nq 1, nv 1 (rad)
)

// String returns the MJCF spelling: "free", "ball", "slide" or "hinge".
func (t JointType) String() string {
	switch t {
	case JointFree:
		return "free"
	case JointBall:
		return "ball"
	case JointSlide:
		return "slide"
	case JointHinge:
		return "hinge"
	}
	return fmt.Sprintf("JointType(%d)", int(t))
}

// NQ is the number of position coordinates of the joint kind (7, 4, 1, 1; 0 if unknown).
func (t JointType) NQ() int {
	switch t {
	case JointFree:
		return 7
	case JointBall:
		return 4
	case JointSlide, JointHinge:
		return 1
	}
	return 0
}

// NV is the number of velocity coordinates of the joint kind (6, 3, 1, 1; 0 if unknown).
func (t JointType) NV() int {
	switch t {
	case JointFree:
		return 6
	case JointBall:
		return 3
	case JointSlide, JointHinge:
		return 1
	}
	return 0
}

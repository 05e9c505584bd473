//go:build mujoco

package mujoco

/*
#include <mujoco/mujoco.h>
*/
import "C"

// joint checks joint index i and returns the C model.
func (m *Model) joint(i int) (*C.mjModel, error) {
	p := m.ptr()
	if p == nil {
		return nil, ErrClosed
	}
	if n := int(p.njnt); i < 0 || i >= n {
		return nil, indexError("joint", i, n)
	}
	return p, nil
}

// JointType returns the kind of joint i (0..NJnt-1).
func (m *Model) JointType(i int) (JointType, error) {
	p, err := m.joint(i)
	if err != nil {
		return 0, err
	}
	return JointType(i32(p.jnt_type, int(p.njnt))[i]), nil
}

// JointQposAdr returns the index of joint i's first coordinate in qpos; the joint
// owns JointType(i).NQ() consecutive entries.
func (m *Model) JointQposAdr(i int) (int, error) {
	p, err := m.joint(i)
	if err != nil {
		return 0, err
	}
	return int(i32(p.jnt_qposadr, int(p.njnt))[i]), nil
}

// JointDofAdr returns the index of joint i's first degree of freedom in qvel (and
// in the rows/columns of FullM); the joint owns JointType(i).NV() consecutive entries.
func (m *Model) JointDofAdr(i int) (int, error) {
	p, err := m.joint(i)
	if err != nil {
		return 0, err
	}
	return int(i32(p.jnt_dofadr, int(p.njnt))[i]), nil
}

// JointBodyID returns the id of the body that joint i moves (the child body).
func (m *Model) JointBodyID(i int) (int, error) {
	p, err := m.joint(i)
	if err != nil {
		return 0, err
	}
	return int(i32(p.jnt_bodyid, int(p.njnt))[i]), nil
}

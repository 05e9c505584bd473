//go:build mujoco

package mujoco

/*
#cgo noescape mj_integratePos
#cgo nocallback mj_integratePos
#cgo noescape mj_differentiatePos
#cgo nocallback mj_differentiatePos
#include <mujoco/mujoco.h>
*/
import "C"

import "github.com/robocompiler/robocompiler/internal/dense"

// IntegratePos advances qpos (length NQ) in place by the velocity qvel (length NV)
// over dt seconds with MuJoCo's own rule (mj_integratePos): q ⊕ dt·v, exact on
// quaternions (right multiplication by exp(dt·w/2) for ball and free joints).
func (m *Model) IntegratePos(qpos, qvel []float64, dt float64) error {
	p := m.ptr()
	if p == nil {
		return ErrClosed
	}
	nq, nv := int(p.nq), int(p.nv)
	dense.CheckLen("mujoco: IntegratePos", "qpos", len(qpos), nq)
	dense.CheckLen("mujoco: IntegratePos", "qvel", len(qvel), nv)
	if nq == 0 {
		return nil
	}
	C.mj_integratePos(p, (*C.mjtNum)(&qpos[0]), (*C.mjtNum)(&qvel[0]), C.mjtNum(dt))
	return nil
}

// DifferentiatePos writes into qvel (length NV) the velocity that moves qpos1 to
// qpos2 (both length NQ) in dt seconds (mj_differentiatePos): the inverse of
// IntegratePos, with quaternion differences taken in the body frame.
func (m *Model) DifferentiatePos(qvel []float64, dt float64, qpos1, qpos2 []float64) error {
	p := m.ptr()
	if p == nil {
		return ErrClosed
	}
	nq, nv := int(p.nq), int(p.nv)
	dense.CheckLen("mujoco: DifferentiatePos", "qvel", len(qvel), nv)
	dense.CheckLen("mujoco: DifferentiatePos", "qpos1", len(qpos1), nq)
	dense.CheckLen("mujoco: DifferentiatePos", "qpos2", len(qpos2), nq)
	if nv == 0 {
		return nil
	}
	if !(dt != 0) {
		return errorf("DifferentiatePos: dt must be non-zero")
	}
	C.mj_differentiatePos(p, (*C.mjtNum)(&qvel[0]), C.mjtNum(dt), (*C.mjtNum)(&qpos1[0]), (*C.mjtNum)(&qpos2[0]))
	return nil
}

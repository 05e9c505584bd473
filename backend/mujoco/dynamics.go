//go:build mujoco

package mujoco

/*
#cgo noescape mj_fullM
#cgo nocallback mj_fullM
#include <mujoco/mujoco.h>
*/
import "C"

import "github.com/robocompiler/robocompiler/internal/dense"

// Forward runs mj_forward: kinematics, mass matrix, bias and passive forces,
// constraint rows and the constrained acceleration qacc at the current state,
// without advancing time.
func (d *Data) Forward() error {
	if d.d == nil {
		return ErrClosed
	}
	C.mj_forward(d.m, d.d)
	return nil
}

// Step runs mj_step: one step of the model's integrator (Euler by default), which
// advances Time by Timestep.
func (d *Data) Step() error {
	if d.d == nil {
		return ErrClosed
	}
	C.mj_step(d.m, d.d)
	return nil
}

// FullM writes the joint-space inertia matrix M(q) (kg·m², kg; armature included)
// from the last Forward into out as an NV×NV row-major dense matrix (mj_fullM).
// len(out) must be NV*NV.
func (d *Data) FullM(out []float64) error {
	if d.d == nil {
		return ErrClosed
	}
	dense.CheckLen("mujoco: FullM", "out", len(out), d.nv*d.nv)
	if d.nv == 0 {
		return nil
	}
	C.mj_fullM(d.m, (*C.mjtNum)(&out[0]), d.d.qM)
	return nil
}

// Bias copies qfrc_bias (length NV) from the last Forward into out: gravity plus
// Coriolis and centrifugal forces, on the left-hand side of M qacc + bias = forces
// (for a pendulum hanging down, bias = +m g l sin q).
func (d *Data) Bias(out []float64) error { return d.getVec("Bias", out, d.qfrcBias) }

// QfrcPassive copies qfrc_passive (length NV) from the last Forward into out:
// joint springs (-k (q - q_spring)), dampers (-b qdot) and fluid forces, on the
// right-hand side of M qacc + bias = forces.
func (d *Data) QfrcPassive(out []float64) error {
	return d.getVec("mujoco: QfrcPassive", out, d.qfrcPassive)
}

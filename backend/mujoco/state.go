//go:build mujoco

package mujoco

import "github.com/robocompiler/robocompiler/internal/dense"

// setVec copies src (the argument called name of the function where, "mujoco: Func")
// into dst; a wrong length panics.
func (d *Data) setVec(where, name string, dst, src []float64) error {
	if d.d == nil {
		return ErrClosed
	}
	dense.CheckLen(where, name, len(src), len(dst))
	copy(dst, src)
	return nil
}

// getVec copies src into out, the argument of the function where ("mujoco: Func"); a
// wrong length panics.
func (d *Data) getVec(where string, out, src []float64) error {
	if d.d == nil {
		return ErrClosed
	}
	dense.CheckLen(where, "out", len(out), len(src))
	copy(out, src)
	return nil
}

// SetQpos sets the position coordinates; len(q) must be NQ (MuJoCo layout, see the
// package doc for free and ball joints). Quaternions need not be unit: MuJoCo
// 2.2.2 normalises them in place at the start of Forward and Step.
func (d *Data) SetQpos(q []float64) error { return d.setVec("mujoco: SetQpos", "q", d.qpos, q) }

// SetQvel sets the generalized velocity; len(v) must be NV (free joint: [pdot world;
// w body], ball: w body, hinge rad/s, slide m/s).
func (d *Data) SetQvel(v []float64) error { return d.setVec("mujoco: SetQvel", "v", d.qvel, v) }

// SetCtrl sets the actuator controls; len(u) must be NU (units depend on the
// actuator, e.g. N·m per unit gear for a motor).
func (d *Data) SetCtrl(u []float64) error { return d.setVec("mujoco: SetCtrl", "u", d.ctrl, u) }

// SetQfrcApplied sets the applied generalized force qfrc_applied; len(f) must be NV
// (N·m for hinge dofs, N for slide dofs, free joint [f world; n body]).
func (d *Data) SetQfrcApplied(f []float64) error {
	return d.setVec("mujoco: SetQfrcApplied", "f", d.qfrcApplied, f)
}

// Qpos copies the position coordinates into out (length NQ).
func (d *Data) Qpos(out []float64) error { return d.getVec("mujoco: Qpos", out, d.qpos) }

// Qvel copies the generalized velocity into out (length NV).
func (d *Data) Qvel(out []float64) error { return d.getVec("mujoco: Qvel", out, d.qvel) }

// Qacc copies the generalized acceleration computed by the last Forward or Step
// into out (length NV; rad/s², m/s²; free joint [pddot world; wdot body]).
func (d *Data) Qacc(out []float64) error { return d.getVec("mujoco: Qacc", out, d.qacc) }

// Ctrl copies the controls into out (length NU).
func (d *Data) Ctrl(out []float64) error { return d.getVec("mujoco: Ctrl", out, d.ctrl) }

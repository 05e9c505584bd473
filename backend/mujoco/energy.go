//go:build mujoco

package mujoco

/*
#include <mujoco/mujoco.h>
*/
import "C"

// EnergyEnabled reports whether MuJoCo computes energies in Forward and Step
// (mjENBL_ENERGY, MJCF <option><flag energy="enable"/></option>).
func (m *Model) EnergyEnabled() bool {
	p := m.ptr()
	return p != nil && p.opt.enableflags&C.mjENBL_ENERGY != 0
}

// SetEnergyEnabled switches energy computation on or off. It mutates the shared
// model: do not call it while any Data of this model is evaluated.
func (m *Model) SetEnergyEnabled(on bool) error {
	p := m.ptr()
	if p == nil {
		return ErrClosed
	}
	if on {
		p.opt.enableflags |= C.mjENBL_ENERGY
	} else {
		p.opt.enableflags &^= C.mjENBL_ENERGY
	}
	return nil
}

// Energy returns [potential, kinetic] energy in J from the last Forward or Step
// (after Step: of the state at the start of that step):
// potential = -sum_i m_i g·c_i (COM positions c_i) plus joint springs, kinetic =
// qvel^T M qvel / 2. It is an error when energy computation is disabled.
func (d *Data) Energy() ([2]float64, error) {
	if d.d == nil {
		return [2]float64{}, ErrClosed
	}
	if d.m.opt.enableflags&C.mjENBL_ENERGY == 0 {
		return [2]float64{}, errorf("Energy: energy computation is disabled (enable <flag energy=\"enable\"/> or call Model.SetEnergyEnabled)")
	}
	return [2]float64{float64(d.d.energy[0]), float64(d.d.energy[1])}, nil
}

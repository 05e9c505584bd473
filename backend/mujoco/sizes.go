//go:build mujoco

package mujoco

/*
#include <mujoco/mujoco.h>
*/
import "C"

// NQ is the number of position coordinates, len(qpos); 0 after Close.
func (m *Model) NQ() int { return m.size(func(p *C.mjModel) C.int { return p.nq }) }

// NV is the number of degrees of freedom, len(qvel) = len(qacc); 0 after Close.
func (m *Model) NV() int { return m.size(func(p *C.mjModel) C.int { return p.nv }) }

// NU is the number of actuators, len(ctrl); 0 after Close.
func (m *Model) NU() int { return m.size(func(p *C.mjModel) C.int { return p.nu }) }

// NBody is the number of bodies including the world body 0; 0 after Close.
func (m *Model) NBody() int { return m.size(func(p *C.mjModel) C.int { return p.nbody }) }

// NJnt is the number of joints; 0 after Close.
func (m *Model) NJnt() int { return m.size(func(p *C.mjModel) C.int { return p.njnt }) }

// NEq is the number of equality constraints declared (not rows; see
// Data.EqualityRows); 0 after Close.
func (m *Model) NEq() int { return m.size(func(p *C.mjModel) C.int { return p.neq }) }

// NSite is the number of sites; 0 after Close.
func (m *Model) NSite() int { return m.size(func(p *C.mjModel) C.int { return p.nsite }) }

// NKey is the number of keyframes; 0 after Close.
func (m *Model) NKey() int { return m.size(func(p *C.mjModel) C.int { return p.nkey }) }

// NJMax is the size of the constraint-row pool (MJCF <size njmax>); rows beyond it
// are dropped by MuJoCo. 0 after Close.
func (m *Model) NJMax() int { return m.size(func(p *C.mjModel) C.int { return p.njmax }) }

func (m *Model) size(f func(*C.mjModel) C.int) int {
	p := m.ptr()
	if p == nil {
		return 0
	}
	return int(f(p))
}

// Timestep returns the integration step mjOption.timestep in seconds (0 after Close).
func (m *Model) Timestep() float64 {
	p := m.ptr()
	if p == nil {
		return 0
	}
	return float64(p.opt.timestep)
}

// SetTimestep sets mjOption.timestep in seconds; dt must be positive and finite.
// It mutates the shared model: do not call it while any Data of this model steps.
func (m *Model) SetTimestep(dt float64) error {
	p := m.ptr()
	if p == nil {
		return ErrClosed
	}
	if !(dt > 0) || dt > 1e300 {
		return errorf("SetTimestep: timestep %g s is not a positive finite number", dt)
	}
	p.opt.timestep = C.mjtNum(dt)
	return nil
}

// SparseJacobian reports whether MuJoCo stores efc_J sparse for this model
// (mj_isSparse: option jacobian="sparse", or "auto" with nv >= 60).
func (m *Model) SparseJacobian() bool {
	p := m.ptr()
	return p != nil && C.mj_isSparse(p) != 0
}

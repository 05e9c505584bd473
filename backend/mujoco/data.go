//go:build mujoco

package mujoco

/*
#include <mujoco/mujoco.h>
*/
import "C"

import "runtime"

// Data is a MuJoCo workspace (mjData) for one Model: the state (time, qpos, qvel,
// ctrl, applied forces) and everything Forward and Step compute from it. It is not
// safe for concurrent use; create one per goroutine.
type Data struct {
	model *Model
	m     *C.mjModel
	d     *C.mjData

	nq, nv, nu, nbody, nsite int

	// Views of mjData arrays (C memory, fixed for the life of the Data).
	qpos, qvel, ctrl, qacc                   []float64
	qfrcApplied, xfrcApplied                 []float64
	qfrcBias, qfrcPassive, xpos, xquat, sitX []float64

	cleanup runtime.Cleanup
}

// dataRef is what the safety-net cleanup of a Data needs.
type dataRef struct {
	model *Model
	d     *C.mjData
}

// NewData allocates a workspace for the model (mj_makeData) with the state reset to
// qpos0, zero velocity, zero controls and time 0. Derived quantities (FullM, Bias,
// positions, constraint rows) are valid only after Forward or Step. Close it when
// done. It fails only after Model.Close.
func (m *Model) NewData() (*Data, error) {
	p, err := m.acquire()
	if err != nil {
		return nil, err
	}
	cd := C.mj_makeData(p)
	if cd == nil {
		m.release()
		return nil, errorf("NewData: mj_makeData could not allocate the workspace")
	}
	d := &Data{model: m, m: p, d: cd,
		nq: int(p.nq), nv: int(p.nv), nu: int(p.nu), nbody: int(p.nbody), nsite: int(p.nsite)}
	d.qpos = f64(cd.qpos, d.nq)
	d.qvel = f64(cd.qvel, d.nv)
	d.qacc = f64(cd.qacc, d.nv)
	d.ctrl = f64(cd.ctrl, d.nu)
	d.qfrcApplied = f64(cd.qfrc_applied, d.nv)
	d.xfrcApplied = f64(cd.xfrc_applied, 6*d.nbody)
	d.qfrcBias = f64(cd.qfrc_bias, d.nv)
	d.qfrcPassive = f64(cd.qfrc_passive, d.nv)
	d.xpos = f64(cd.xpos, 3*d.nbody)
	d.xquat = f64(cd.xquat, 4*d.nbody)
	d.sitX = f64(cd.site_xpos, 3*d.nsite)
	d.cleanup = runtime.AddCleanup(d, func(r dataRef) {
		C.mj_deleteData(r.d)
		r.model.release()
	}, dataRef{m, cd})
	return d, nil
}

// Close frees the workspace; later calls return ErrClosed. Close is idempotent.
func (d *Data) Close() {
	if d.d == nil {
		return
	}
	d.cleanup.Stop()
	C.mj_deleteData(d.d)
	*d = Data{model: d.model}
	d.model.release()
}

// Model returns the model this workspace belongs to.
func (d *Data) Model() *Model { return d.model }

// Reset restores the state created by NewData (mj_resetData): qpos0, zero
// velocity, controls, applied forces, time 0, warnings cleared.
func (d *Data) Reset() error {
	if d.d == nil {
		return ErrClosed
	}
	C.mj_resetData(d.m, d.d)
	return nil
}

// Time returns the simulation time in seconds (0 after Close).
func (d *Data) Time() float64 {
	if d.d == nil {
		return 0
	}
	return float64(d.d.time)
}

// SetTime sets the simulation time in seconds.
func (d *Data) SetTime(t float64) error {
	if d.d == nil {
		return ErrClosed
	}
	d.d.time = C.mjtNum(t)
	return nil
}

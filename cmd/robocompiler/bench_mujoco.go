//go:build mujoco

package main

import (
	"bytes"

	"github.com/robocompiler/robocompiler/backend/mujoco"
	"github.com/robocompiler/robocompiler/compile"
	"github.com/robocompiler/robocompiler/mjcf"
)

// mujocoVersion is the version of the linked MuJoCo library.
func mujocoVersion() string { return mujoco.Version() }

// mujocoForward exports m as MJCF at the assembled configuration q, loads it in MuJoCo,
// sets qpos from q and qvel from the feasible velocity v (len NV) through the export's
// layout, and returns mj_forward at that state as an operation to time, with the call
// that frees MuJoCo's model and data afterwards.
func mujocoForward(m *compile.Model, q, v []float64) (op func() error, done func(), err error) {
	var buf bytes.Buffer
	if err := mjcf.Export(m, q, &buf, mjcf.ExportOptions{}); err != nil {
		return nil, nil, err
	}
	l, err := mjcf.NewLayout(m, q)
	if err != nil {
		return nil, nil, err
	}
	mj, err := mujoco.LoadXMLString(buf.String(), nil)
	if err != nil {
		return nil, nil, err
	}
	d, err := mj.NewData()
	if err != nil {
		mj.Close()
		return nil, nil, err
	}
	done = func() { d.Close(); mj.Close() }
	qpos, qvel := make([]float64, l.NQ), make([]float64, l.NV)
	err = l.QPos(q, qpos)
	if err == nil {
		err = l.QVel(q, v, qvel)
	}
	if err == nil {
		err = d.SetQpos(qpos)
	}
	if err == nil {
		err = d.SetQvel(qvel)
	}
	if err != nil {
		done()
		return nil, nil, err
	}
	return d.Forward, done, nil
}

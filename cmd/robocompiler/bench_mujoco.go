//go:build mujoco

package main

import (
	"bytes"
	"time"

	"github.com/robocompiler/robocompiler/backend/mujoco"
	"github.com/robocompiler/robocompiler/compile"
	"github.com/robocompiler/robocompiler/mjcf"
)

// mujocoVersion is the version of the linked MuJoCo library.
func mujocoVersion() string { return mujoco.Version() }

// mujocoForward exports m as MJCF at the assembled configuration q, loads it in MuJoCo,
// sets qpos from q and qvel from the feasible velocity v (len NV) through the export's
// layout, and times mj_forward there.
func mujocoForward(m *compile.Model, q, v []float64, minTime time.Duration) (*timing, error) {
	var buf bytes.Buffer
	if err := mjcf.Export(m, q, &buf, mjcf.ExportOptions{}); err != nil {
		return nil, err
	}
	l, err := mjcf.NewLayout(m, q)
	if err != nil {
		return nil, err
	}
	mj, err := mujoco.LoadXMLString(buf.String(), nil)
	if err != nil {
		return nil, err
	}
	defer mj.Close()
	d, err := mj.NewData()
	if err != nil {
		return nil, err
	}
	defer d.Close()
	qpos, qvel := make([]float64, l.NQ), make([]float64, l.NV)
	if err := l.QPos(q, qpos); err != nil {
		return nil, err
	}
	if err := l.QVel(q, v, qvel); err != nil {
		return nil, err
	}
	if err := d.SetQpos(qpos); err != nil {
		return nil, err
	}
	if err := d.SetQvel(qvel); err != nil {
		return nil, err
	}
	t, err := measure(d.Forward, minTime)
	if err != nil {
		return nil, err
	}
	return &t, nil
}

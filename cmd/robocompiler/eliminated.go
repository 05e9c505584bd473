package main

import (
	"fmt"

	"github.com/robocompiler/robocompiler/compile"
	"github.com/robocompiler/robocompiler/dyn"
)

// eliminatedValues returns, by joint id, the coordinates that the tree implies at the
// assembled q for every eliminated cut joint (which owns none in q), angles on the branch
// nearest the middle of the joint's limits. A value outside the joint's limits is an
// error naming the joint.
func eliminatedValues(m *compile.Model, q []float64) (map[string][]float64, error) {
	out := map[string][]float64{}
	var d *dyn.Data
	for i := range m.Joints {
		j := &m.Joints[i]
		if !j.Eliminated {
			continue
		}
		if d == nil {
			d = dyn.NewData(m)
			d.ForwardKinematics(q, make([]float64, m.NV))
		}
		v := make([]float64, j.Model.NQ())
		d.JointCoordinates(i, nil, v)
		if !j.Model.WithinLimits(v, 1e-9) {
			return nil, fmt.Errorf("eliminated cut joint %q = %.6g is outside its limits [%.6g, %.6g]", j.ID, v, j.Model.Lower[:len(v)], j.Model.Upper[:len(v)])
		}
		out[j.ID] = v
	}
	return out, nil
}

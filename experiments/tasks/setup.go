package tasks

import (
	"fmt"

	"github.com/robocompiler/robocompiler"
	"github.com/robocompiler/robocompiler/closure"
	"github.com/robocompiler/robocompiler/cmg"
	"github.com/robocompiler/robocompiler/compile"
	"github.com/robocompiler/robocompiler/sim"
)

// plant is a compiled model assembled at its default seed with a requested partition.
type plant struct {
	model *robocompiler.Model
	m     *compile.Model
	q     []float64
	p     *closure.Partition
	// u0 are the independent speeds a rollout starts with (nil: at rest).
	u0 []float64
}

// newPlant compiles g through the front door, assembles its default seed holding the
// requested independent velocity indices (returned by request from the compiled model;
// nil request: automatic) and partitions there.
func newPlant(g *cmg.Graph, request func(m *compile.Model) ([]int, error)) (*plant, error) {
	return newPlantAt(g, "", request)
}

// newPlantAt compiles g through the front door, assembles its seed named seed ("" for
// the default) holding the requested independent velocity indices (returned by request
// from the compiled model; nil request: automatic) and partitions there.
func newPlantAt(g *cmg.Graph, seed string, request func(m *compile.Model) ([]int, error)) (*plant, error) {
	return newPlantWith(g, seed, robocompiler.Options{}, request)
}

// newPlantWith is newPlantAt compiling with the options opts.
func newPlantWith(g *cmg.Graph, seed string, opts robocompiler.Options, request func(m *compile.Model) ([]int, error)) (*plant, error) {
	model, err := robocompiler.Compile(g, opts)
	if err != nil {
		return nil, err
	}
	if request != nil {
		if model.Request, err = request(model.Model); err != nil {
			return nil, err
		}
	}
	d := model.NewData()
	if err := d.Assemble(seed); err != nil {
		return nil, err
	}
	return &plant{model: model, m: model.Model, q: d.Q, p: d.Partition()}, nil
}

// data returns a new workspace at the plant's assembled state with the speeds u0 (at
// rest without).
func (pl *plant) data() (*robocompiler.Data, error) {
	d := pl.model.NewData()
	if err := d.Place(pl.q, pl.p); err != nil {
		return nil, err
	}
	if pl.u0 != nil {
		if err := d.SetState(pl.u0, nil); err != nil {
			return nil, err
		}
	}
	return d, nil
}

// sim starts a rollout of the plant from its assembled state (with the speeds u0).
func (pl *plant) sim(ctrl sim.Controller, opts sim.Options) (*sim.Sim, error) {
	d, err := pl.data()
	if err != nil {
		return nil, err
	}
	return sim.New(d, ctrl, opts)
}

// feedforward returns the reduced-dynamics feedforward of the model m (with the plant's
// coordinates) under the plant's partition.
func (pl *plant) feedforward(m *robocompiler.Model) (*sim.Feedforward, error) {
	return sim.NewFeedforward(m, pl.q, pl.p)
}

// actuated returns a request for the joints driven by the graph's joint actuators, in
// actuator record order (every actuator must be a joint port).
func actuated(m *compile.Model) ([]int, error) {
	var out []int
	for _, a := range m.Graph.Actuators {
		if a.Type != cmg.ActJoint {
			return nil, fmt.Errorf("actuators[%s].type: %q; the actuated partition needs joint ports", a.ID, a.Type)
		}
		j := m.JointIndex(a.Joint)
		if j < 0 || m.Joints[j].NV != 1 {
			return nil, fmt.Errorf("actuators[%s].joint: %q is not a 1-DoF joint", a.ID, a.Joint)
		}
		out = append(out, m.Joints[j].V0)
	}
	return out, nil
}

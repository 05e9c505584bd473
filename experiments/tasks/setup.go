package tasks

import (
	"fmt"

	"github.com/robocompiler/robocompiler/closure"
	"github.com/robocompiler/robocompiler/cmg"
	"github.com/robocompiler/robocompiler/compile"
)

// plant is a compiled model assembled at its default seed with a requested partition.
type plant struct {
	m *compile.Model
	q []float64
	p *closure.Partition
}

// newPlant compiles g, assembles its default seed holding the requested independent
// velocity indices (returned by request from the compiled model; nil request: automatic)
// and partitions there.
func newPlant(g *cmg.Graph, request func(m *compile.Model) ([]int, error)) (*plant, error) {
	m, err := compile.Compile(g, compile.Options{})
	if err != nil {
		return nil, err
	}
	var req []int
	if request != nil {
		if req, err = request(m); err != nil {
			return nil, err
		}
	}
	q0, err := m.Seed("")
	if err != nil {
		return nil, err
	}
	a, err := closure.Assemble(m, q0, closure.AssembleOptions{Hold: req})
	if err != nil {
		return nil, err
	}
	p, err := closure.PartitionAt(m, a.Q, req)
	if err != nil {
		return nil, err
	}
	return &plant{m: m, q: a.Q, p: p}, nil
}

// named returns a request function for a partition request of the graph.
func named(name string) func(m *compile.Model) ([]int, error) {
	return func(m *compile.Model) ([]int, error) { return m.PartitionRequest(name) }
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

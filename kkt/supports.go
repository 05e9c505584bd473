package kkt

import (
	"fmt"

	"github.com/robocompiler/robocompiler/compile"
)

// Supports returns why the loop form cannot take the model m under any partition (nil
// when it can, unless a partition's cut joint has velocities but no selected rows): a
// coupling, joint armature, a body whose spatial inertia is not positive definite, a
// comparison of a body with itself — New's refusals that depend on the model alone.
func Supports(m *compile.Model) error {
	if len(m.Couplings) > 0 {
		return fmt.Errorf("kkt: couplings are not supported")
	}
	for i := range m.Joints {
		if m.Joints[i].Armature != 0 {
			return fmt.Errorf("kkt: joint %q has armature", m.Joints[i].ID)
		}
	}
	for b := range m.Bodies {
		u := block(m.Bodies[b].Inertia.Mat6())
		if !cholesky(u[:], 6) {
			return fmt.Errorf("kkt: body %q has no positive definite spatial inertia", m.Bodies[b].ID)
		}
	}
	for ci := range m.Comparisons {
		if c := &m.Comparisons[ci]; c.NodeA == c.NodeB {
			return fmt.Errorf("kkt: comparison %q joins body %q to itself", c.ID, m.Node(c.NodeA))
		}
	}
	return nil
}

package sim

import (
	"github.com/robocompiler/robocompiler/kin"
	"github.com/robocompiler/robocompiler/spatial"
)

// State is the rollout state handed to controllers. Q and U alias the simulator's
// buffers: read them, do not keep or modify them.
type State struct {
	// T is the time (s).
	T float64
	// Q is the feasible configuration (len NQ) and U the independent speeds (len D) of
	// the current partition (Lift.P.Independent of the interfaces passed alongside).
	Q, U []float64
	// Mode is the active support mode (nil without a ModeSchedule).
	Mode *Mode
}

// Command is what a Controller writes: port efforts and external wrenches. The simulator
// zeroes it before every call.
type Command struct {
	// F are the port efforts (len nf, in the ports' record order; N or N·m), conjugate to
	// the port displacements ℓ.
	F []float64
	// Fext are external spatial forces per node (len Bodies+1, node 0 the ground, which
	// is ignored), each in its body's frame about the body origin, as dyn.Data RNEA takes
	// them. AddWorldWrench fills it from world-frame wrenches.
	Fext []spatial.Vec6
}

// AddWorldWrench adds the wrench w = [n; f] (world axes; n the moment about the
// application point, N·m, and f the force, N) applied at point (body-frame coordinates, m)
// of body node to Fext, using the poses of k (evaluated at the current state).
func (c *Command) AddWorldWrench(k *kin.Data, node int, point spatial.Vec3, w spatial.Vec6) {
	c.Fext[node] = c.Fext[node].Add(k.Dyn.WorldWrench(node, point, w))
}

// zero clears the command.
func (c *Command) zero() {
	for i := range c.F {
		c.F[i] = 0
	}
	for i := range c.Fext {
		c.Fext[i] = spatial.Vec6{}
	}
}

// Controller computes the command at one state. k holds the interfaces evaluated at
// (s.Q, s.U) for the current partition and mode: E (k.Lift.E), v = E u (k.V), the
// curvature Ė u (k.Curv), port displacements k.Ell and the port map k.L, poses and
// twists (k.Dyn). A controller is called once per integrator stage (four times per RK4
// step), at the stage's time and feasible state; it must not keep s or k.
type Controller interface {
	Control(s *State, k *kin.Data, cmd *Command) error
}

// ControllerFunc adapts a function to the Controller interface.
type ControllerFunc func(s *State, k *kin.Data, cmd *Command) error

// Control calls f.
func (f ControllerFunc) Control(s *State, k *kin.Data, cmd *Command) error { return f(s, k, cmd) }

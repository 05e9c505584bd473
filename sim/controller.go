package sim

import (
	"github.com/robocompiler/robocompiler"
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

	sim *Sim // the rollout evaluating this state (Feedforward.EffortAtState)
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
// of body node to Fext, using the poses of d (evaluated at the current state).
func (c *Command) AddWorldWrench(d *robocompiler.Data, node int, point spatial.Vec3, w spatial.Vec6) {
	c.Fext[node] = c.Fext[node].Add(d.Kin.Dyn.WorldWrench(node, point, w))
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

// Controller computes the command at one state. d is the rollout's workspace with the
// interfaces evaluated at (s.Q, s.U) for the current partition and mode (Data.Interfaces):
// E (d.Lift().E), v = E u (d.V), the curvature Ė u (d.Curv), port displacements
// d.Kin.Ell and the port map d.Kin.L, poses and twists (d.Kin.Dyn). A controller that
// needs M_r and h_r calls d.Dynamics(nil) and reads d.Reduced (the rollout evaluates the
// dynamics again with the command's wrenches afterwards, unless a Feedforward evaluated
// them in d with those wrenches: Feedforward.EffortAtState). A controller is called once per
// integrator stage (four times per RK4 step), at the stage's time and feasible state; it
// must not keep s or d, nor change d's state.
type Controller interface {
	Control(s *State, d *robocompiler.Data, cmd *Command) error
}

// ControllerFunc adapts a function to the Controller interface.
type ControllerFunc func(s *State, d *robocompiler.Data, cmd *Command) error

// Control calls f.
func (f ControllerFunc) Control(s *State, d *robocompiler.Data, cmd *Command) error {
	return f(s, d, cmd)
}
